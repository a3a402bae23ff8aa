"""What the search player infers from a view (private to :mod:`tienlen.players`): the worlds it
samples, and how each other seat plays.

**The hidden cards.** The player reads each other seat by a policy (the plain greedy bot unless
it infers another, below) and mends each draw of the hidden cards towards explaining the choices
the others made in turn this round: each play, and each pass, which tells that the seat held nothing the policy would have
played. While some seat's choices are not all explained, that seat gives one card for a random
card of another seat: one of the cards the policy would have played instead at its first
unexplained choice, where it still holds one. At most 15 such swaps are made (:data:`REPAIRS`), so
no world is ever ruled out: against players unlike the policy the draw stays close to uniform.
Against greedy players the true hands always pass the test (``tests/players/test_search.py``). Measured
on positions of greedy rounds (``house``), about three worlds in five explain every choice of
every seat (one in five when each seat was drawn again until explained, the player's first
way), and 47% of the hidden cards sit where they really are (a third for a uniform draw).

**How each seat plays.** At the levels that infer it (``SearchStyle.infer``) the player does not
assume one policy for every other seat: it reads each seat's choices by each policy of
:data:`READABLE` (the plain greedy bot and the planning bot), mending a few draws for each
(:meth:`Sampler.infer`), and gives the seat the policy whose mended hands explain more of its
choices in a row, from its first; it then mends the worlds and plays the seat's rollouts by that
policy. A seat whose choices do not tell the two apart keeps the level's assumption. Measured by
``benchmarks/bench_inference.py`` (``benchmarks/RESULTS.md``, issue 42): a plain greedy seat is
read as such 98% of the time when that is the assumption and 89% when the planning bot is; a
planning bot 53% and 80%.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import attrs

from tienlen.game.actions import Action, legal_actions_of
from tienlen.game.cards import FULL_MASK, iter_indices
from tienlen.game.combos import Combo
from tienlen.game.events import Forfeited, Passed, Played
from tienlen.game.moves import plays_by_kind
from tienlen.game.round import Round
from tienlen.game.views import PlayerView
from tienlen.players.agents import GreedyAgent, greedy_choice, greedy_lead, make_agent
from tienlen.variants.rules import RuleSet

REPAIRS = 15
"""How many card swaps at most mend a draw of the hidden cards towards explaining the seats' choices."""


def bundled(name: str) -> GreedyAgent:
    """The bundled greedy bot of that name (:data:`~tienlen.players.agents.AGENTS`)."""
    agent = make_agent(name)
    assert isinstance(agent, GreedyAgent)
    return agent


PLAIN, LONG, PLANNED = bundled("greedy"), bundled("greedy-long"), bundled("greedy-plan")
READABLE = (PLAIN, PLANNED)
"""The policies another seat's choices are read by when the player infers how it plays."""


@attrs.frozen
class Replay:
    """What a view tells about the deal: each seat's played cards and the public actions in order."""

    played_by: tuple[int, ...]
    actions: tuple[Action, ...]
    first: int


def replay_of(view: PlayerView) -> Replay:
    played = [0] * view.players
    actions: list[Action] = []
    first: int | None = None
    for event in view.history:
        if isinstance(event, Played):
            played[event.seat] |= event.combo.mask
            if event.out_of_turn:
                actions.append(Action(kind="interrupt", seat=event.seat, combo=event.combo))
            else:
                actions.append(Action(kind="play", seat=event.seat, combo=event.combo))
        elif isinstance(event, Passed):
            actions.append(Action(kind="pass", seat=event.seat))
        elif isinstance(event, Forfeited):
            actions.append(Action(kind="forfeit", seat=event.seat))
        else:
            continue
        if first is None:
            first = event.seat
    return Replay(played_by=tuple(played), actions=tuple(actions), first=view.leader if first is None else first)


def replayed(view: PlayerView, replay: Replay, hidden: Sequence[int]) -> Round | None:
    """The round with each other seat holding ``hidden[seat]`` now, played up to now; ``None``
    when that deal would have been won at the deal."""
    hands = [(view.hand_mask if seat == view.seat else hidden[seat]) | replay.played_by[seat] for seat in range(view.players)]
    round_ = Round.from_hands(hands, view.rules, first_round=False, leader=replay.first)
    if round_.instant_winners:
        return None
    for action in replay.actions:
        round_ = round_.apply(action)
    return round_


@attrs.frozen
class Decision:
    """A choice another seat made in turn, with what the greedy policy would have seen then."""

    seat: int
    later: int  # the cards the seat played from then on: its hand then was its hand now and these
    table: Combo | None
    passed: bool  # whether the seat had passed in the trick already
    counts: tuple[int, ...]
    chosen: int  # the cards played, 0 for a pass


def decisions_of(view: PlayerView, replay: Replay, dealt: Sequence[int]) -> dict[int, list[Decision]]:
    """The in-turn choices of the other seats, by seat, read off a replay of the history from the
    hands ``dealt`` of any world (what a choice saw is public). The round's first action is left
    out (a first round's opening lead must hold the lowest card, which the world does not know)."""
    round_ = Round.from_hands(dealt, view.rules, first_round=False, leader=replay.first)
    later = list(replay.played_by)
    found: list[Decision] = []
    for number, action in enumerate(replay.actions):
        seat = action.seat
        if number and seat != view.seat and action.kind in ("play", "pass"):
            trick = round_.trick
            counts = tuple(h.bit_count() for h in round_.hand_masks)
            found.append(Decision(seat, later[seat], trick.table, seat in trick.passed, counts, action.mask))
        later[seat] &= ~action.mask
        round_ = round_.apply(action)
    by_seat: dict[int, list[Decision]] = {}
    for decision in found:
        by_seat.setdefault(decision.seat, []).append(decision)
    return by_seat


def read_choices(hand: int, decisions: Sequence[Decision], rules: RuleSet, policy: GreedyAgent) -> tuple[int, int | None]:
    """How a seat holding ``hand`` now fits ``decisions`` by ``policy``: how many of them in a
    row it would have made as it did, and ``None`` when that is all of them; otherwise the cards of
    what the policy would have played (or 0 for a pass) at the first choice it would have made
    otherwise."""
    for index, d in enumerate(decisions):
        then = hand | d.later
        if d.table is None and not policy.long_leads and (low := greedy_lead(then, rules)):
            if low != d.chosen:  # no lead here owes a card (the round's first is left out)
                return index, low
            continue
        legal = legal_actions_of(d.seat, tuple(plays_by_kind(then, d.table, rules, d.passed)), d.table is not None)
        chosen = greedy_choice(
            legal,
            seat=d.seat,
            hand=then,
            counts=d.counts,
            table=d.table,
            my_turn=True,
            rules=rules,
            danger=policy.danger,
            long_leads=policy.long_leads,
            keep_combos=policy.keep_combos,
        )
        if chosen.mask != d.chosen:
            return index, chosen.mask
    return len(decisions), None


@attrs.define
class Sampler:
    """Draws the worlds of one decision: the view, what it tells of the deal (``replay``), the
    decision's random numbers (``rng``) and the policy each seat's choices are read by
    (``readers``); then what the first draw found: the history replayed once (``base``; every
    world is that round with other hidden cards, :meth:`Round.with_hands <tienlen.Round.with_hands>`) and the others' choices
    (``decisions``), and what :func:`read_choices` said of each (seat, hand, policy) met so far
    (``known``: draws of one position meet the same hands again, about a quarter of the checks)."""

    view: PlayerView
    replay: Replay
    rng: random.Random
    readers: list[GreedyAgent]
    base: Round | None = None
    decisions: dict[int, list[Decision]] = attrs.Factory(dict)
    known: dict[tuple[int, int, GreedyAgent], tuple[int, int | None]] = attrs.Factory(dict)

    def fit(self, seat: int, hand: int) -> tuple[int, int | None]:
        """:func:`read_choices` of ``seat`` holding ``hand``, by the policy it is read by."""
        key = (seat, hand, self.readers[seat])
        if key not in self.known:
            self.known[key] = read_choices(hand, self.decisions[seat], self.view.rules, self.readers[seat])
        return self.known[key]

    def hidden(self) -> list[int]:
        """A draw of the cards each other seat holds now, mended to explain the seats' choices
        where that is found soon (see :func:`read_choices`). The unseen cards are dealt at random; then,
        at most ``REPAIRS`` times, a seat whose choices are not all explained gives one card (one
        of those its policy would have played instead, where it holds one) for a random card of
        another seat (or of the undealt cards, with fewer than four players)."""
        view, rng = self.view, self.rng
        unseen = list(iter_indices(FULL_MASK & ~view.hand_mask & ~view.played_mask))
        rng.shuffle(unseen)
        hidden = [0] * (view.players + 1)  # the last slot: cards nobody holds (2 or 3 players)
        start = 0
        for seat in range(view.players):
            if seat != view.seat:
                count = view.card_counts[seat]
                hidden[seat] = sum(1 << c for c in unseen[start : start + count])
                start += count
        hidden[-1] = sum(1 << c for c in unseen[start:])
        holders = [s for s in range(view.players + 1) if hidden[s] and s != view.seat]
        misses = {s: self.fit(s, hidden[s])[1] for s in self.decisions if hidden[s]}
        for _ in range(REPAIRS):
            wrong = [s for s, m in misses.items() if m is not None]
            if not wrong or len(holders) < 2:
                break
            seat = rng.choice(wrong)
            wanted = misses[seat]
            assert wanted is not None
            give = rng.choice(list(iter_indices(hidden[seat] & wanted)) or list(iter_indices(hidden[seat])))
            other = rng.choice([s for s in holders if s != seat])
            take = rng.choice(list(iter_indices(hidden[other])))
            hidden[seat] ^= 1 << give | 1 << take
            hidden[other] ^= 1 << give | 1 << take
            misses[seat] = self.fit(seat, hidden[seat])[1]
            if other in misses:
                misses[other] = self.fit(other, hidden[other])[1]
        return hidden[:-1]

    def _start(self) -> list[int] | None:
        """A draw of the hidden cards; the first one instead replays the history on itself (to
        read the others' choices) and gives ``None``, as does one whose deal was won at once."""
        hidden = self.hidden()
        if self.base is None:
            self.base = replayed(self.view, self.replay, hidden)
            if self.base is not None:
                self.decisions = decisions_of(self.view, self.replay, self.base.dealt)
            return None
        return hidden

    def prepare(self) -> None:
        """Replay the history on a first draw, to read the others' choices (again when its deal
        would have been won at once, at most 8 times)."""
        for _ in range(8):
            if self.base is not None:
                break
            self._start()

    def worlds(self, count: int) -> Iterator[Round]:
        """``count`` worlds (fewer only when draw after draw would have been won at the deal),
        each drawn when it is asked for."""
        made = 0
        for _ in range(count * 4):
            if made == count:
                break
            hidden = self._start()
            if hidden is None:
                continue
            assert self.base is not None
            view = self.view
            world = self.base.with_hands([view.hand_mask if s == view.seat else hidden[s] for s in range(view.players)])
            if world is not None:
                made += 1
                yield world

    def infer(self, default: GreedyAgent, draws: int, stop: Callable[[], bool] = lambda: False) -> set[int]:
        """Read the policy each other seat plays by from its choices, and read the seats by it
        from then on (:attr:`readers`): for each policy of ``READABLE``, ``draws`` draws mended to
        explain the choices by it, and the share of each seat's choices they explain in a row from
        its first (a policy that does not fit leaves the mended hands failing early); a seat is
        given the policy with the larger sum, ``default`` on a tie (and the player's own seat and
        a seat without choices). The answer is the seats whose choices told the policies apart.
        When ``stop()`` says so before a draw, every seat keeps ``default`` and none is told."""
        self.prepare()
        players = self.view.players
        fits = {policy: [0.0] * players for policy in READABLE}
        for policy in READABLE:
            self.readers = [policy] * players
            for _ in range(draws):
                if stop():
                    self.readers = [default] * players
                    return set()
                hidden = self.hidden()
                for seat, decisions in self.decisions.items():
                    if hidden[seat]:
                        fits[policy][seat] += self.fit(seat, hidden[seat])[0] / len(decisions)
        self.readers = [default] * players
        told = {seat for seat in self.decisions if len({fits[policy][seat] for policy in READABLE}) > 1}
        for seat in told:
            self.readers[seat] = max(READABLE, key=lambda policy: fits[policy][seat])
        return told
