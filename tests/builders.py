"""Test helpers shared by the test modules: hand-built results, chops and the hands the settlement
tests use, rounds played and refused, and the spellings of the card and move words."""

from __future__ import annotations

import copy
import json
import os
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from tienlen import HOUSE, IWIN, PROFILES, IllegalPlay, Round, RuleSet, classify, format_cards, parse_cards
from tienlen._base.cache import CACHES
from tienlen._base.input import MAX_RECORD, MAX_RULES_TEXT
from tienlen.errors import MESSAGE_LIMIT, TienLenError
from tienlen.game._words import plain
from tienlen.game.events import Chop, Event, InstantWin, RoundResult
from tienlen.money.settle import REWARD_SCALE, Settlement, settle
from tienlen.players.agents import GreedyAgent, play_round


def result(
    players: int,
    placements: Sequence[int] = (),
    *,
    hands: Mapping[int, str] | None = None,
    events: Sequence[Event] = (),
    frozen: Sequence[int] = (),
    forfeited: Sequence[int] = (),
    instant: Mapping[int, str] | None = None,
    den_bai: int | None = None,
) -> RoundResult:
    """A RoundResult built by hand: ``hands`` maps seats to card text (other seats hold nothing)."""
    held = hands or {}
    return RoundResult(
        players=players,
        dealer=0,
        first_round=False,
        placements=tuple(placements),
        frozen=tuple(frozen),
        forfeited=tuple(forfeited),
        instant_winners=tuple(InstantWin(seat=s, pattern=p) for s, p in (instant or {}).items()),
        hands=tuple(parse_cards(held.get(s, "")) for s in range(players)),
        events=tuple(events),
        den_bai=den_bai,
    )


# ------------------------------------------------------------------ the settlement tests: chops, transfers, hands

NO_BOMBS = "3♠ 4♣ 5♦ 6♥ 7♠ 8♣ 9♦ 10♥ J♠ Q♣ K♦ A♥ 3♣"  # 13 cards: no 2, no quad, no pair run


def chop(rules: RuleSet, trick: int, index: int, chopper: int, chopped: int, table: str, by: str) -> Chop:
    """A Chop event built by hand: ``by`` (card text) chops ``table``."""
    return Chop(
        trick=trick, index=index, chopper=chopper, chopped=chopped, chopped_combo=classify(table, rules), by=classify(by, rules)
    )


def moves(s: Settlement, word: str = "") -> list[tuple[int, int, int]]:
    """(payer, payee, amount) of the transfers whose reason starts with ``word``."""
    return [(t.payer, t.payee, t.amount) for t in s.transfers if t.reason.startswith(word)]


def balanced(s: Settlement) -> bool:
    """Whether the money sums to zero, the house included."""
    return sum(s.net) + s.house == 0


NO_RAKE_IWIN = attrs.evolve(IWIN, name="iwin-no-rake", rake_percent=0)

PR3 = "3♠ 3♣ 4♠ 4♣ 5♠ 5♣"
PR3_HIGH = "J♠ J♣ Q♠ Q♣ K♠ K♣"
PR4 = "8♠ 8♣ 9♠ 9♣ 10♠ 10♣ J♦ J♥"
PR4_HIGH = "9♦ 9♥ 10♦ 10♥ J♠ J♣ Q♦ Q♥"
QUAD = "7♠ 7♣ 7♦ 7♥"
QUAD_HIGH = "K♠ K♣ K♦ K♥"

# frozen hands and their holdings
FROZEN_2H_PR3 = "2♥ 3♠ 3♣ 4♠ 4♣ 5♦ 5♥ 7♠ 8♣ 9♦ 10♥ J♠ Q♣"  # 2♥ (2) + PR3 (2)
FROZEN_QUAD_2S = "2♠ 6♠ 6♣ 6♦ 6♥ 3♦ 4♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥"  # 2♠ (1) + quad (3)
FROZEN_PR4 = "4♠ 4♣ 5♠ 5♣ 6♦ 6♥ 7♦ 7♥ 9♠ J♣ Q♦ K♥ A♠"  # PR4 (4)
QUAD_OF_TWOS = "2♠ 2♣ 2♦ 2♥"


# ------------------------------------------------------------------ the round tests: playing and refusing

ALL = sorted(PROFILES)  # the profiles' names
PLAY_ON = [name for name in ALL if PROFILES[name].scoring == "places"]  # rounds go on after the first player is out
FREEZING = ("house", "iwin")
NOT_FREEZING = ("faceoff", "northern", "pagat")

# Four small hands that every profile plays the same way (all spades, so northern's follow-suit
# rule never gets in the way): 3♠ 4♠ 5♠ 6♠ then 7♠ 8♠ 9♠ 10♠ around the table.
SPADES4 = ["3♠ 7♠ K♠", "4♠ 8♠", "5♠ 9♠", "6♠ 10♠"]

Move = Any


def go(r: Round, *moves: Move) -> Round:
    """Play ``moves`` in order from ``r`` and return the round reached: card text, ``"pass"``,
    ``"x<seat>"`` or ``("forfeit", seat)`` to forfeit, ``("interrupt", seat, cards)``."""
    for move in moves:
        if move == "pass":
            r = r.pass_()
        elif isinstance(move, str) and move.startswith("x"):
            r = r.forfeit(int(move[1:]))
        elif isinstance(move, tuple) and move[0] == "interrupt":
            r = r.interrupt(move[1], move[2])
        elif isinstance(move, tuple) and move[0] == "forfeit":
            r = r.forfeit(move[1])
        else:
            r = r.play(move)
    return r


def played(rules: RuleSet, hands: list[str], *plays: Move) -> Round:
    """Seat 0 leads (a later round) from ``hands``, then each of ``plays`` in turn (as :func:`go`)."""
    return go(Round.from_hands(hands, rules, first_round=False, leader=0), *plays)


def hand(r: Round, seat: int) -> str:
    return format_cards(r.hands[seat])


def plays_of(r: Round) -> list[str]:
    return [str(a.combo) if a.combo is not None else a.kind for a in r.legal_actions()]


def of(r: Round, kind: type) -> list[Any]:
    return [e for e in r.events if isinstance(e, kind)]


def refused(r: Round, call: Any, match: str) -> IllegalPlay:
    """``call(r)`` raises IllegalPlay matching ``match`` and leaves ``r`` as it was."""
    before = r.to_json()
    snapshot = copy.copy(r)  # attrs.evolve would go through Round(...), which refuses
    with pytest.raises(IllegalPlay, match=match) as info:
        call(r)
    assert r == snapshot and r.to_json() == before
    return info.value


DRAGON = "3♣ 3♦ 4♦ 5♥ 6♠ 7♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥ A♠"


FREEZE_ONE = ["3♠ 2♥", "4♠ 5♠", "6♠ 7♠", "8♠ 9♠"]


IWIN_PR4 = ["5♠ 2♠ K♥", "6♠ 8♦", "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 9♥ 10♦ 10♥ J♦ J♥ Q♠"]


PR4_LOW = "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥"


def iwin_two_on_table() -> Round:
    r = Round.from_hands(IWIN_PR4, IWIN, first_round=False, leader=0)
    return go(r, "5♠", "6♠", "pass", "pass", "2♠")  # seats 2 and 3 passed; a 2 lands


def with_others(winner_hand: str, seat: int = 1, players: int = 4) -> list[str]:
    """``winner_hand`` at ``seat``; the other seats get two harmless cards each from what is left."""
    used = set(parse_cards(winner_hand))
    spare = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "3456789TJQKA2" for s in "shdc")) if c not in used]
    spare = [c for c in spare if str(c)[0] != "2"]
    hands: list[str] = []
    for s in range(players):
        if s == seat:
            hands.append(winner_hand)
        else:
            hands.append(format_cards(spare[:2]))
            spare = spare[2:]
    return hands


WINDOWS = CACHES["runs of ranks in whole hands"]


def iwin_round() -> Round:
    """An iwin round where seat 0 leads a 2 and seat 2 holds a PR4 to chop it out of turn."""
    hands = ["2♥ 3♣", "4♠ 5♠", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 10♦", "J♠ J♣"]
    return Round.from_hands(hands, IWIN, leader=0).play("2♥")


def refused_quickly(call: Callable[[], object], error: type[TienLenError] = TienLenError, match: str | None = None) -> str:
    """Run ``call``, which must raise ``error`` quickly with a short one-line message; return it."""
    start = time.process_time()
    with pytest.raises(error, match=match) as caught:
        call()
    assert time.process_time() - start < 1.0
    message = str(caught.value)
    assert "\n" not in message and len(message) <= MESSAGE_LIMIT
    return message


def exact(result: object, rules: object) -> tuple[list[int], int]:
    """settle's net and house in a room 100 times finer (the rake then never rounds away)."""
    money = settle(result, rules, unit=REWARD_SCALE)  # type: ignore[arg-type]
    return list(money.net), money.house


GREEDY_ROUND = play_round(HOUSE, [GreedyAgent()] * 4, seed=12)  # a finished house round of four greedy bots


def record_with(**changes: Any) -> str:
    data = json.loads(GREEDY_ROUND.to_json())
    data.update(changes)
    return json.dumps(data, ensure_ascii=False)


def settlement_document() -> dict[str, Any]:
    return settlement_of(HOUSE).to_dict()


def settlement_of(rules: RuleSet, seed: int = 3) -> Settlement:
    return settle(play_round(rules, [GreedyAgent()] * 4, seed=seed).result, rules, unit=1000 if rules.currency != "points" else 1)


def special_files(tmp_path: Path) -> list[Path]:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * max(MAX_RULES_TEXT, MAX_RECORD))
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "caf\xe9"')
    return [fifo, zero, folder, big, latin, tmp_path / "missing.toml"]


def spelt(word: str) -> list[str]:
    """Every way a word of the Vietnamese word table may be written: as the table has it (NFC),
    decomposed (NFD) and without diacritics, each in lower, upper, title and mixed case."""
    forms = [word, unicodedata.normalize("NFD", word), plain(word)]
    return [f(form) for form in forms for f in (str.lower, str.upper, str.title, _mixed_case)]


def _mixed_case(text: str) -> str:
    return "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(text))
