"""Stateful and self-play tests of the round engine, per profile and per allowed player count.

A Hypothesis ``RuleBasedStateMachine`` deals a round (a seeded full deal, or a hand-built deal rich
in bombs, 2s and short hands so that chops, interrupts, freezes and instant wins come up often) and
then plays random legal actions, including out-of-turn interrupts and the odd forfeit, while also
trying actions that are not legal. After every step it checks that:

- cards are conserved: hands + played + out of play are the 52 cards, none twice;
- every action ``legal_actions()`` / ``legal_interrupts()`` lists is accepted, and random card sets,
  passes when leading and wrong seats that are not listed are refused with ``IllegalPlay``, leaving
  the round as it was;
- ``Round.from_json(r.to_json()) == r``, and the same through the one-line notation;
- a tampered record (a card of an action, or an action's seat) is refused with ``InvalidRecord``
  naming that action's index;
- a finished round has exactly the documented places.

At the end of each example the round is played out by a seeded random policy, which must finish.
A plain seeded self-play smoke test (200 rounds per profile per player count) follows.
"""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tienlen import (
    PROFILES,
    Action,
    Chop,
    Finished,
    Froze,
    IllegalPlay,
    InvalidArgument,
    InvalidRecord,
    Played,
    Round,
    RuleSet,
    _state,
    format_cards,
)
from tienlen.cards import DECK

CASES = [(name, n) for name, rules in PROFILES.items() for n in range(rules.min_players, rules.max_players + 1)]
FULL = (1 << 52) - 1

# The most actions a round can take: each play removes a card (52), each play is answered by at
# most two passes per other seat (pagat asks a seat that passed again when a 2-group lands), and
# each seat forfeits at most once.
MAX_PLIES = 52 * (1 + 2 * 3) + 4


def _cards_mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


# ---------------------------------------------------------------------- deals rich in bombs


@st.composite
def rich_hands(draw: st.DrawFn, players: int) -> list[int]:
    """Hands (as masks) of 1–11 cards (1–13 one time in ten), each seeded with up to two of: a quad,
    a PR3, a PR4, a pair or triple of 2s, a single 2. Short hands make freezes common; PR4s and
    2s make chops and iwin's interrupts common."""
    rnd = draw(st.randoms(use_true_random=False))
    free = FULL
    hands = []
    for _ in range(players):
        mask = 0
        for _ in range(draw(st.integers(0, 2))):
            feature = draw(st.sampled_from(["quad", "PR3", "PR4", "PR4", "twos", "twos", "two"]))
            part = _feature(feature, free, rnd)
            if part and (mask | part).bit_count() <= 13:
                mask |= part
                free &= ~part
        most = 13 if draw(st.integers(0, 9)) == 0 else 11
        size = draw(st.integers(max(1, mask.bit_count()), max(most, mask.bit_count())))
        pool = [i for i in range(52) if free >> i & 1]
        for i in rnd.sample(pool, min(size - mask.bit_count(), len(pool))):
            mask |= 1 << i
        free &= ~mask
        if not mask:  # the deck ran out: impossible at 4 × 13, kept for safety
            break
        hands.append(mask)
    return hands


def _feature(feature: str, free: int, rnd: random.Random) -> int:
    nib = [(free >> (4 * r)) & 0xF for r in range(13)]
    if feature == "quad":
        ranks = [r for r in range(13) if nib[r] == 0xF]
        return 0xF << 4 * rnd.choice(ranks) if ranks else 0
    if feature in ("twos", "two"):
        suits = [s for s in range(4) if nib[12] >> s & 1]
        k = 1 if feature == "two" else rnd.choice((2, 3))
        if len(suits) < k:
            return 0
        return sum(1 << (48 + s) for s in rnd.sample(suits, k))
    pairs = int(feature[2])
    starts = [s for s in range(12 - pairs + 1) if all(nib[r].bit_count() >= 2 for r in range(s, s + pairs))]
    if not starts:
        return 0
    start = rnd.choice(starts)
    mask = 0
    for r in range(start, start + pairs):
        for s in rnd.sample([s for s in range(4) if nib[r] >> s & 1], 2):
            mask |= 1 << (4 * r + s)
    return mask


# ---------------------------------------------------------------------- checks shared with the smoke test


def check_conservation(r: Round) -> None:
    hands = [_cards_mask(h) for h in r.hands]
    assert sum(len(h) for h in r.hands) == sum(m.bit_count() for m in hands)
    total = 0
    for m in hands:
        assert total & m == 0, "a card is in two hands"
        total |= m
    played = _cards_mask(r.played)
    out = _cards_mask(r.out_of_play)
    assert total & played == 0 and total & out == 0 and played & out == 0
    assert total | played | out == FULL
    assert len(r.hands) and sum(len(h) for h in r.hands) + len(r.played) + len(r.out_of_play) == 52
    from_events = 0
    for happened in r.events:
        if isinstance(happened, Played):
            assert from_events & happened.combo.mask == 0, f"{happened.combo} played twice"
            from_events |= happened.combo.mask
    assert from_events == played


def check_state(r: Round) -> None:
    """Invariants of any round value."""
    check_conservation(r)
    assert (r.to_act is None) == r.is_over
    actions = r.legal_actions()
    assert len(set(actions)) == len(actions)
    if r.is_over:
        assert actions == () and r.legal_interrupts() == ()
        check_result(r)
        return
    assert r.is_active(r.to_act)  # type: ignore[arg-type]
    assert actions, f"no legal action for seat {r.to_act}: {r}"
    held = r.hand_masks[r.to_act]  # type: ignore[index]
    for a in actions:
        assert a.seat == r.to_act and a.kind in ("play", "pass")
        assert a.kind == "play" or r.trick.table is not None
        assert a.mask & ~held == 0
    for a in r.legal_interrupts():
        assert a.kind == "interrupt" and a.seat not in (r.to_act, r.trick.last_seat)
        assert r.is_active(a.seat) and a.combo is not None and a.combo.bomb_class in r.rules.interrupt_bombs
    if not r.rules.frozen:
        assert r.frozen == ()
    for seat in r.frozen:
        assert seat not in r.played_any and r.hand_masks[seat] == r.dealt[seat]
    # chop chains count 1, 2, 3 … inside each trick
    by_trick: dict[int, list[int]] = {}
    for e in r.events:
        if isinstance(e, Chop):
            by_trick.setdefault(e.trick, []).append(e.index)
    for indices in by_trick.values():
        assert indices == list(range(1, len(indices) + 1))
    assert [c.index for c in r.trick.chain] == list(range(1, len(r.trick.chain) + 1))


def check_result(r: Round) -> None:
    res = r.result
    if r.instant_winners:
        assert res.placements == () and res.winners and len(r.actions) == 0
        if r.rules.instant_win_ties == "nearest_dealer":
            assert len(res.winners) == 1
        return
    assert sorted(res.placements) == list(range(r.players)), "every seat takes exactly one place"
    assert res.placements[: len(r.finished)] == r.finished
    tail = res.placements[len(res.placements) - len(r.frozen) - len(r.forfeited) :]
    assert tail == r.frozen + tuple(reversed(r.forfeited))
    assert [f.place for f in res.finishes] == list(range(1, len(r.finished) + 1))
    still = [s for s in range(r.players) if r.is_active(s)]
    assert still == []
    holding = [s for s in range(r.players) if r.hand_masks[s] and s not in r.frozen and s not in r.forfeited]
    if r.rules.scoring == "cards" and r.finished:
        assert len(r.finished) == 1, "card-count scoring ends the round when the first player goes out"
    else:
        assert len(holding) <= 1, "the round ends when one player (or none) still holds cards in play"
    if res.den_bai is not None:
        assert r.rules.den_bai and res.den_bai in r.frozen and len(r.frozen) == r.players - 1 == 3
    assert sum(isinstance(e, Froze) for e in r.events) == len(r.frozen)
    assert sum(isinstance(e, Finished) for e in r.events) == len(r.finished)


def random_action(r: Round, rng: random.Random, *, forfeit: float = 0.0, interrupt: float = 0.3, high: float = 0.0) -> Action:
    """A random legal action: sometimes an interrupt (if any), rarely a forfeit; with probability
    ``high`` the highest play (which puts 2s and bombs on the table)."""
    if forfeit and rng.random() < forfeit:
        return Action(kind="forfeit", seat=rng.choice([s for s in range(r.players) if r.is_active(s)]))
    interrupts = r.legal_interrupts()
    if interrupts and rng.random() < interrupt:
        return rng.choice(interrupts)
    actions = r.legal_actions()
    if high and rng.random() < high and actions[0].kind == "play":
        return max((a for a in actions if a.kind == "play"), key=lambda a: a.mask)
    return rng.choice(actions)


def play_out(r: Round, rng: random.Random, *, forfeit: float = 0.0, high: float = 0.0) -> Iterator[Round]:
    """Play ``r`` to its end with random legal actions, yielding every round reached; fails on a stall."""
    for _ in range(MAX_PLIES + 1):
        if r.is_over:
            return
        r = r.apply(random_action(r, rng, forfeit=forfeit, high=high))
        yield r
    raise AssertionError(f"the round did not end within {MAX_PLIES} actions: {r}")


# ---------------------------------------------------------------------- the state machine


def _refuses(r: Round, call: object) -> str:
    """``call()`` raises IllegalPlay, ``r`` is unchanged; returns the message."""
    before = r.to_json()
    try:
        call()  # type: ignore[operator]
    except IllegalPlay as error:
        assert r.to_json() == before
        assert str(error)
        return str(error)
    raise AssertionError("an illegal action was accepted")


class RoundMachine(RuleBasedStateMachine):
    RULES: RuleSet
    PLAYERS: int

    def __init__(self) -> None:
        super().__init__()
        self.round: Round | None = None
        self.seen: set[str] = set()

    @property
    def r(self) -> Round:
        assert self.round is not None
        return self.round

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        self._deal(data)

    def _deal_again(self, data: st.DataObject) -> None:
        """The round is over: check that nothing more is accepted, then deal another."""
        r = self.r
        self._note(r)
        for seat in range(r.players):
            _refuses(r, lambda seat=seat: r.forfeit(seat))
            _refuses(r, lambda seat=seat: r.play(r.dealt[seat] & -r.dealt[seat], seat=seat))
        _refuses(r, lambda: r.pass_())
        self._deal(data)

    def _note(self, r: Round) -> None:
        for what, seen in (
            ("interrupt", any(isinstance(e, Played) and e.out_of_turn for e in r.events)),
            ("chop", any(isinstance(e, Chop) for e in r.events)),
            ("frozen", bool(r.frozen)),
            ("den_bai", r.is_over and r.result.den_bai is not None),
            ("forfeit", bool(r.forfeited)),
            ("instant win", bool(r.instant_winners)),
            ("round over", r.is_over),
        ):
            if seen:
                self.seen.add(what)

    def _deal(self, data: st.DataObject) -> None:
        first_round = data.draw(st.booleans(), label="first_round")
        dealer = data.draw(st.integers(0, self.PLAYERS - 1), label="dealer")
        if data.draw(st.booleans(), label="rich deal"):
            hands = data.draw(rich_hands(self.PLAYERS), label="hands")
            if len(hands) < self.PLAYERS:  # pragma: no cover - the deck never runs out
                hands = [1 << i for i in range(self.PLAYERS)]
            self.round = Round.from_hands(hands, self.RULES, first_round=first_round, dealer=dealer)
        else:
            seed = data.draw(st.integers(0, 2**63 - 1), label="seed")
            self.round = Round.deal(self.RULES, players=self.PLAYERS, seed=seed, first_round=first_round, dealer=dealer)

    # ---- legal steps
    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """A few random legal actions in a row, each checked like a step of its own; once the
        round is over, a new deal."""
        if self.r.is_over:
            self._deal_again(data)
            return
        for _ in range(data.draw(st.integers(1, 12), label="actions")):
            r = self.r
            if r.is_over:
                return
            roll = data.draw(st.integers(0, 99), label="roll")
            interrupts = r.legal_interrupts()
            plays = [a for a in r.legal_actions() if a.kind == "play"]
            if roll < 2:
                seat = data.draw(st.sampled_from([s for s in range(r.players) if r.is_active(s)]), label="forfeiter")
                self.round = r.forfeit(seat)
            elif interrupts and roll < 50:
                self.round = r.apply(data.draw(st.sampled_from(interrupts), label="interrupt"))
            elif plays and roll < 70:
                # the highest play: puts 2s and bombs on the table, so chops and interrupts come up
                self.round = r.apply(max(plays, key=lambda a: a.mask))
            else:
                self.round = r.apply(data.draw(st.sampled_from(r.legal_actions()), label="action"))
            check_state(self.r)
            assert Round.from_json(self.r.to_json()) == self.r

    @precondition(lambda self: self.round is not None and not self.round.is_over)
    @rule(data=st.data())
    def every_listed_action_is_accepted(self, data: st.DataObject) -> None:
        r = self.r
        for action in r.legal_actions() + r.legal_interrupts():
            moved = r.apply(action)
            assert moved.actions[-1] == action
            assert moved.actions[:-1] == r.actions

    # ---- illegal attempts
    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def random_cards_in_turn(self, data: st.DataObject) -> None:
        r = self.r
        seat = r.to_act
        if seat is None:  # over: whatever anyone tries is refused
            seat = data.draw(st.integers(0, r.players - 1), label="seat")
            mask = data.draw(st.integers(1, FULL), label="mask")
            assert "the round is over" in _refuses(r, lambda: r.play(mask, seat=seat))
            return
        held = [c for c in r.hands[seat]]
        cards = data.draw(st.sets(st.sampled_from(held), min_size=1, max_size=min(len(held), 8)), label="cards")
        if data.draw(st.integers(0, 9), label="stranger") == 0:
            cards |= {data.draw(st.sampled_from(DECK), label="any card")}
        mask = _cards_mask(cards)
        legal = {a.mask for a in r.legal_actions() if a.kind == "play"}
        if mask in legal:
            assert r.play(mask).actions[-1].mask == mask
            assert r.play(format_cards(mask), seat=seat).actions[-1].mask == mask
        else:
            _refuses(r, lambda: r.play(mask))

    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def random_cards_out_of_turn(self, data: st.DataObject) -> None:
        r = self.r
        if r.is_over:
            seat = data.draw(st.integers(0, r.players - 1), label="seat")
            assert "the round is over" in _refuses(r, lambda: r.interrupt(seat, r.dealt[seat]))
            return
        seat = data.draw(st.sampled_from([s for s in range(r.players) if s != r.to_act]), label="seat")
        held = r.hands[seat] or r.hands[r.to_act]  # type: ignore[index]
        cards = data.draw(st.sets(st.sampled_from(held), min_size=1, max_size=min(len(held), 8)), label="cards")
        mask = _cards_mask(cards)
        offered = {(a.seat, a.mask) for a in r.legal_interrupts()}
        if (seat, mask) in offered:
            assert r.interrupt(seat, mask).actions[-1] == Action(
                kind="interrupt", seat=seat, combo=r.interrupt(seat, mask).actions[-1].combo
            )
        else:
            _refuses(r, lambda: r.interrupt(seat, mask))
        # and never in turn through play(): it is not their turn
        message = _refuses(r, lambda: r.play(mask, seat=seat))
        assert f"it is seat {r.to_act}'s turn, not seat {seat}'s" in message

    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def wrong_seat_pass(self, data: st.DataObject) -> None:
        r = self.r
        seat = data.draw(st.sampled_from([s for s in range(r.players) if s != r.to_act]), label="seat")
        message = _refuses(r, lambda: r.pass_(seat=seat))
        assert ("the round is over" if r.is_over else f"it is seat {r.to_act}'s turn, not seat {seat}'s") in message

    @precondition(lambda self: self.round is not None and not self.round.is_over and self.round.trick.table is None)
    @rule()
    def pass_when_leading(self) -> None:
        r = self.r
        assert "must lead and may not pass" in _refuses(r, lambda: r.pass_())
        assert all(a.kind == "play" for a in r.legal_actions())

    # ---- records
    @precondition(lambda self: self.round is not None and any(a.kind != "forfeit" for a in self.round.actions))
    @rule(data=st.data())
    def tampered_record_is_refused(self, data: st.DataObject) -> None:
        r = self.r
        record = json.loads(r.to_json())
        candidates = [i for i, a in enumerate(r.actions) if a.kind != "forfeit"]
        index = data.draw(st.sampled_from(candidates), label="action index")
        entry = record["actions"][index]
        action = r.actions[index]
        if action.combo is not None and data.draw(st.booleans(), label="change a card"):
            cards = list(action.combo.cards)
            strangers = [c for c in DECK if not (r.dealt[action.seat] >> c.index) & 1]
            cards[data.draw(st.integers(0, len(cards) - 1), label="which card")] = data.draw(
                st.sampled_from(strangers), label="new card"
            )
            entry["cards"] = " ".join(map(str, cards))
        else:
            entry["seat"] = data.draw(st.sampled_from([s for s in range(r.players) if s != action.seat]), label="new seat")
        try:
            Round.from_json(json.dumps(record, ensure_ascii=False))
        except InvalidRecord as error:
            assert str(error).startswith(f"action {index + 1} ("), str(error)  # records count actions from 1
        else:
            raise AssertionError(f"tampered action {index} was accepted: {entry}")

    @precondition(lambda self: self.round is not None and self.round.seed is not None)
    @rule()
    def altered_deal_is_refused(self) -> None:
        record = json.loads(self.r.to_json())
        record["hands"][0], record["hands"][1] = record["hands"][1], record["hands"][0]
        try:
            Round.from_json(json.dumps(record, ensure_ascii=False))
        except InvalidRecord as error:
            assert "the deal was altered" in str(error)
        else:
            raise AssertionError("a deal that does not match its seed was accepted")

    # ---- invariants
    @invariant()
    def consistent(self) -> None:
        if self.round is not None:
            check_state(self.round)

    @invariant()
    def record_round_trips(self) -> None:
        if self.round is not None:
            assert Round.from_json(self.round.to_json()) == self.round
            assert Round.from_notation(self.round.to_notation(), self.round.rules) == self.round

    def teardown(self) -> None:
        if self.round is None:
            return
        rng = random.Random(len(self.round.actions))
        *_, last = [self.round, *play_out(self.round, rng, forfeit=0.01, high=0.3)]
        assert last.is_over
        check_state(last)
        self._note(last)
        for what in sorted(self.seen):
            event(f"seen: {what}")


SETTINGS = settings(
    max_examples=15,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

for _name, _players in CASES:
    _machine = type(
        f"RoundMachine_{_name}_{_players}",
        (RoundMachine,),
        {"RULES": PROFILES[_name], "PLAYERS": _players},
    )
    _case = _machine.TestCase  # type: ignore[attr-defined]
    _case.settings = SETTINGS
    globals()[f"TestRound_{_name}_{_players}p"] = _case
del _name, _players, _machine, _case


# ---------------------------------------------------------------------- seeded self-play smoke test


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_random_self_play_never_raises_and_never_stalls(name: str, players: int) -> None:
    """200 seeded rounds per profile and player count, random legal actions (interrupts included,
    a forfeit in every twentieth round): every round ends within the action bound with a result."""
    rules = PROFILES[name]
    rng = random.Random(f"{name}-{players}")
    instant = 0
    for k in range(200):
        r = Round.deal(rules, players=players, seed=rng.getrandbits(32), dealer=k % players, first_round=k % 5 == 0)
        *_, last = [r, *play_out(r, rng, forfeit=0.005 if k % 20 == 0 else 0.0)]
        assert last.is_over
        check_result(last)
        instant += bool(last.instant_winners)
    assert instant < 200


# ---------------------------------------------------------------------------- the named state (issue 20)
STATE_SOURCES = [Path(_state.__file__).parent / name for name in ("_state.py", "round.py")]


def _name_lists(source: Path) -> Iterator[tuple[int, list[str]]]:
    """Every tuple of as many values as a position that an assignment unpacks or packs, as its
    line and its names (a value that is not a plain name shows as ``?``)."""
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign):
            for side in (*node.targets, node.value):
                if isinstance(side, ast.Tuple) and len(side.elts) == len(_state.FIELDS):
                    if all(isinstance(e, ast.Constant) for e in side.elts):
                        continue  # FIELDS itself
                    yield side.lineno, [e.id if isinstance(e, ast.Name) else "?" for e in side.elts]


def test_every_position_is_unpacked_and_packed_under_the_names_of_its_fields() -> None:
    found = [(source.name, line, names) for source in STATE_SOURCES for line, names in _name_lists(source)]
    assert len(found) >= 10  # each transition unpacks one and packs one
    wrong = [(name, line) for name, line, names in found if names != list(_state.FIELDS)]
    assert wrong == [], f"a position unpacked or packed out of order (or from an expression) at {wrong}"


def test_the_named_indices_of_a_position_are_its_fields_in_capitals() -> None:
    assert [getattr(_state, name.upper()) for name in _state.FIELDS] == list(range(len(_state.FIELDS)))
    r = Round.deal(PROFILES["house"], seed=7)
    assert len(r._position) == len(_state.FIELDS)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((), {"deal": "nonsense", "state": (1, 2)}), (("x",), {}), ((), {"deal": None, "position": None, "to_act": 0})],
)
def test_the_round_constructor_refuses_outside_callers(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument, match=r"Round\.deal"):
        Round(*args, **kwargs)


def test_a_round_is_still_copied_pickled_and_reseeded_without_its_constructor() -> None:
    r = Round.deal(PROFILES["house"], seed=7)
    r = r.apply(r.legal_actions()[0])
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.copy(r) == r and copy.deepcopy(r) == r
    assert Round.from_json(r.to_json()) == r
