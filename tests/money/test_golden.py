"""The permanent golden test: the five profiles' settlements over 1,000 seeded random rounds each.

``tests/golden/settlements.json`` was written by this module (``python tests/money/test_golden.py``)
from the code as it stood before issue 10 (commit f8f9e4f). Every round is dealt from a fixed
seed and played by a uniformly random choice among the legal actions at even seats and the
bundled :class:`~tienlen.GreedyAgent` (which chops 2s whenever it can) at odd ones; an offered
out-of-turn chop is taken three times in ten, and the seat to act leaves the round one time in
150, so forfeits happen. Rounds are settled with the default unit. The choices depend only on the
seed and the legal actions (not on the event log), so a fix that changes money but not what is
legal leaves the plays as they were. The player count cycles through the counts each profile allows.

The test plays the same rounds with today's code. The plays must be identical (a digest of every
action); a round whose money differs must be explained by one of issue 10's three fixes or issue
23's two money fixes (a forfeit now owes thúi or cóng; four 2s chopped), read off the round's own
history (issue 23 changed 96 house, 125 northern and 91 iwin rounds, every one with a forfeit). Regenerate the file only when a rule deliberately changes money, and say
which in the CHANGELOG.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tienlen import PROFILES, Round, RuleSet, settle
from tienlen._base.bits import TWOS
from tienlen.game.events import Finished, Forfeited, Passed, Played, RoundResult, TrickWon
from tienlen.players.agents import GreedyAgent

GOLDEN = Path(__file__).parents[1] / "golden" / "settlements.json"
ROUNDS = 1000
FIVE = ("house", "faceoff", "northern", "iwin", "pagat")  # the profiles of the golden file


def golden_rounds(rules: RuleSet, rounds: int = ROUNDS) -> Iterator[RoundResult]:
    """The seeded random rounds of the golden file under ``rules``."""
    counts = range(rules.min_players, rules.max_players + 1)
    for index in range(rounds):
        rng = random.Random(f"tienlen-golden:{index}")
        players = counts[index % len(counts)]
        greedy = GreedyAgent()
        round_ = Round.deal(rules, players=players, seed=index)
        while not round_.is_over:
            offers = round_.legal_interrupts()
            if offers and rng.random() < 0.3:
                round_ = round_.apply(rng.choice(offers))
            elif round_.to_act is not None and rng.random() < 1 / 150:
                round_ = round_.forfeit(round_.to_act)
            else:
                seat = round_.to_act
                assert seat is not None  # a round not over whose turn is nobody's would fail at seat % 2 anyway
                round_ = round_.apply(greedy.act(round_.view(seat)) if seat % 2 else rng.choice(round_.legal_actions()))
        yield round_.result


def _action(event: object) -> str:
    if isinstance(event, Played):
        return f"{event.seat}{'!' if event.out_of_turn else ':'}{event.combo}"
    if isinstance(event, Passed):
        return f"{event.seat}."
    if isinstance(event, Forfeited):
        return f"{event.seat}x"
    return ""


def record(rules: RuleSet) -> dict[str, object]:
    """Each round's net per seat (``"4 -4"``, rounds joined by ``;``) and a digest of every action."""
    digest = hashlib.sha256()
    nets = []
    for result in golden_rounds(rules):
        digest.update(" ".join(filter(None, map(_action, result.events))).encode() + b"\n")
        nets.append(" ".join(map(str, settle(result, rules).net)))
    return {"plays": digest.hexdigest(), "nets": ";".join(nets)}


# ---- the three fixes of issue 10, each a predicate on a round's history


def same_class_bomb_on_bomb(result: RoundResult) -> bool:
    """Fix 1: a bomb played on a bomb of its own class (house: an ordinary beat, no longer a chop)."""
    table = None
    for event in result.events:
        if isinstance(event, TrickWon):
            table = None
        elif isinstance(event, Played):
            if table is not None and table.bomb_class is not None and table.bomb_class == event.combo.bomb_class:
                return True
            table = event.combo
    return False


def all_others_frozen_at_two_or_three(result: RoundResult) -> bool:
    """Fix 2: an iwin round of 2 or 3 players where every player but the winner is frozen."""
    return result.players in (2, 3) and len(result.frozen) == result.players - 1


def forfeit_after_someone_went_out(result: RoundResult) -> bool:
    """Fix 3: a northern round where a player forfeited after someone had gone out."""
    out = False
    for event in result.events:
        out = out or isinstance(event, Finished)
        if out and isinstance(event, Forfeited):
            return True
    return False


def someone_forfeited(result: RoundResult) -> bool:
    """Issue 23, leaving never pays: a round with a forfeit (the leaver now owes thúi, or cóng)."""
    return bool(result.forfeited)


def four_twos_chopped(result: RoundResult) -> bool:
    """Issue 23, four 2s: a round where four 2s were chopped (priced as the larger of quad and 2s)."""
    return any(chop.chopped_combo.mask == TWOS for chop in result.chops)


ISSUE_23: list[tuple[str, Callable[[RoundResult], bool]]] = [
    ("issue 23: a forfeit", someone_forfeited),
    ("issue 23: four 2s chopped", four_twos_chopped),
]

FIXES: dict[str, list[tuple[str, Callable[[RoundResult], bool]]]] = {
    "house": [("fix 1: same-class bomb on a bomb", same_class_bomb_on_bomb), *ISSUE_23],
    "iwin": [("fix 2: all others frozen at 2-3 players", all_others_frozen_at_two_or_three), *ISSUE_23],
    "northern": [("fix 3: forfeit after someone went out", forfeit_after_someone_went_out), *ISSUE_23],
    "faceoff": ISSUE_23,
    "pagat": ISSUE_23,
}


@pytest.mark.slow
@pytest.mark.parametrize("name", FIVE)
def test_settlements_match_golden_except_for_the_fixes(name: str) -> None:
    """Same plays as the golden file; any round whose money differs is explained by one of its profile's fixes."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    rules = PROFILES[name]
    old = golden["nets"].split(";")
    fixes = FIXES[name]
    fix = "; ".join(label for label, _ in fixes)
    digest = hashlib.sha256()
    changed = unexplained = 0
    for index, result in enumerate(golden_rounds(rules)):
        digest.update(" ".join(filter(None, map(_action, result.events))).encode() + b"\n")
        net = " ".join(map(str, settle(result, rules).net))
        if net == old[index]:
            continue
        changed += 1
        if not any(explains(result) for _, explains in fixes):
            unexplained += 1
            print(f"{name} round {index}: net {old[index]} became {net}, not explained by a fix")
    print(f"{name}: {changed} of {ROUNDS} rounds changed money ({fix})")
    assert digest.hexdigest() == golden["plays"], f"{name}: the golden rounds are no longer played the same way"
    assert unexplained == 0


if __name__ == "__main__":  # regenerate (see the module docstring)
    GOLDEN.write_text(json.dumps({name: record(PROFILES[name]) for name in FIVE}, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {GOLDEN} ({GOLDEN.stat().st_size:,} bytes)\n")
