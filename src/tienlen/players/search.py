"""A search player: :class:`SearchAgent` and :func:`hint`, by determinized sampling over the exact engine.

**How it decides.** From the :class:`~tienlen.game.views.PlayerView` alone, the player deals the
cards it cannot see to the other seats many times over ("worlds"), each world consistent with
what the view shows: every seat's card count, every card played and who played it, and the fact
that nobody won at the deal (a world whose deal would have been an instant win is drawn again).
The history is replayed once on :class:`~tienlen.game.round.Round`; every world is that round with
other hidden cards, so the rules of the rule set (chops, bombs after a pass, out-of-turn chops,
frozen players, thúi, card-count scoring) are the engine's own. Each candidate action is then
played in every world, the round is played out (:func:`~tienlen.players.agents.play_round`, out-of-turn
chops included) and settled, each seat by the policy the level assumes of it. For the player's
own seat (:data:`OWN_POLICIES`) that is, from level 3 on, the planning bot: a greedy bot that
plans its hand. It leads its longest combination, follows with the play that leaves its hand
the fewest leads to shed, and spends 2s and bombs once any seat holds 6 cards or fewer
(``GreedyAgent(danger=6, long_leads=True, keep_combos=True)``). For the other seats
(:data:`OTHER_POLICIES`) it is the plain :class:`~tienlen.players.agents.GreedyAgent` up to level 3 and
the planning bot from level 4 on. The plain bot leads one card at a time and breaks pairs and
straights to follow; a player that planned its own future that way would undervalue every
action that keeps its hand in shape. Measured at level 3 under ``house`` against three greedy
bots, the plain bot in its own rollouts gave 54% of first places, long leads 70%, and the
planning bot 78%. Every candidate meets the same worlds (common random numbers), which makes
their comparison far less noisy than their values. Half the rollouts go to every candidate; the
other half, over new worlds, to the three that did best, so the close calls get the most
rollouts.

**What it infers.** The player assumes the others play about as the plain greedy policy does
(at every level: reading their choices by the planning bot instead did no better), and mends
each draw of the hidden cards towards explaining the choices the others made in turn this
round: each play, and each pass, which tells that the seat held nothing the policy would have
played. While some seat's choices are not all explained, that seat gives one card for a random
card of another seat: one of the cards the policy would have played instead at its first
unexplained choice, where it still holds one. At most 15 such swaps are made (``_REPAIRS``), so
no world is ever ruled out: against players unlike the policy the draw stays close to uniform.
Against greedy players the true hands always pass the test (``tests/players/test_search.py``). Measured
on positions of greedy rounds (``house``), about three worlds in five explain every choice of
every seat (one in five when each seat was drawn again until explained, the player's first
way), and 47% of the hidden cards sit where they really are (a third for a uniform draw).

**What it maximises.** The mean money of the rollouts, plus a bonus for going out first: the
share of rollouts the candidate went out first in, times three times the mean money such
rollouts paid (over every candidate). Going out first thus counts about four times what it
pays: a player that only counted money would trade a chance of first place for a safer second
where the rule set pays second place well (``house``).

**Why determinized sampling rather than information-set MCTS.** A round of Tiến Lên is short in
decisions that matter but wide in actions (a 13-card lead has dozens), and the engine, written
in Python, plays a few thousand plies a second per core. At a budget of 100 ms that is a few
dozen rollouts: far too few for a tree to grow past its first level, where IS-MCTS reduces to
flat sampling anyway, with the extra noise of its exploration term. Flat sampling with common
worlds spends every rollout on comparing the actions at hand. Its known weakness (strategy
fusion: it plays as if it will learn the hidden cards) matters mostly late in a round, where
hands are small.

**Levels** set the number of rollouts per decision (at least two worlds per candidate and
stage, see :data:`LEVELS`), how well the player plans its own future in them
(:data:`OWN_POLICIES`: level 1 assumes it will play as the plain greedy bot, level 2 with long
leads, levels 3 to 5 as the planning bot) and how well it expects the others to play
(:data:`OTHER_POLICIES`: as the plain greedy bot up to level 3, as the planning bot from level 4
on). So the levels differ by design, not only by budget: while the player expected the others
to play the plain bot, more rollouts alone stopped paying after about a hundred. The planning
bot is the closer guess of what stronger players (search players, people) will do: expecting it,
level 4 beats level 3 by far with a quarter more rollouts, and rollouts pay again, level 5 (four
times level 4's) beating level 4. A wide position keeps at most 8 candidates: the choice of the
policy its own seat follows in the rollouts (first: it wins ties), every play that goes out, the
pass, and per kind of combination the lowest plays and the highest (so a 2 or a bomb is always
weighed). The agent is deterministic for a seed: its random draws are seeded by the seed and
the public position.

**Budgets.** A decision is given a number of rollouts (by its level, or ``rollouts=`` up to
:data:`MAX_ROLLOUTS`) and, optionally, a wall-clock budget (``seconds=``, above 0 and up to
:data:`MAX_SECONDS`; none by default), for a server that must answer in time whatever the
machine. The search stops at whichever comes first. The clock is read before each rollout, so
a decision overruns its time by at most one rollout (about 2 ms on a 13-card hand here); a
sampled world that was not played out for every candidate it was meant for is left out, so the
candidates are still compared on the same worlds. The answer is the best so far; when the time
is up before a world is played out, it is the first candidate, the choice of the policy the
player's own seat follows in the rollouts (:data:`OWN_POLICIES`). A time budget gives up reproducibility: how many rollouts fit in it
depends on the machine and its load, so the same seed and view may give another action. The
rollout budget alone keeps it: the same seed, view and budget give the same action anywhere.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType

import attrs

from tienlen._base.bits import TWOS
from tienlen._base.checks import check_int, check_type
from tienlen._base.input import MAX_SEED, shown
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action, legal_actions_of
from tienlen.game.cards import FULL_MASK, iter_indices
from tienlen.game.combos import Combo
from tienlen.game.events import Forfeited, Passed, Played, RoundResult
from tienlen.game.moves import plays_by_kind
from tienlen.game.round import Round
from tienlen.game.views import PlayerView
from tienlen.money.settle import settle
from tienlen.players.agents import GreedyAgent, greedy_choice, greedy_lead, make_agent, play_round
from tienlen.variants.rules import RuleSet

__all__ = [
    "LEVELS",
    "OWN_POLICIES",
    "OTHER_POLICIES",
    "DEFAULT_LEVEL",
    "HINT_LEVEL",
    "MAX_ROLLOUTS",
    "MAX_SECONDS",
    "SearchAgent",
    "Hint",
    "hint",
]

LEVELS: Mapping[int, int] = MappingProxyType({1: 16, 2: 40, 3: 100, 4: 125, 5: 500})
"""Rollouts per decision at each level."""
DEFAULT_LEVEL = 3
"""The level of ``SearchAgent()`` (about 77 ms of CPU a decision on average on one idle core here)."""
HINT_LEVEL = 2
"""The default level of :func:`hint`: about 42 ms of CPU on a 13-card position on one idle core
here. It plans its own seat with long leads only (:data:`OWN_POLICIES`); ``level=3`` ranks as
``SearchAgent()`` decides, in about 165 ms there."""
MAX_ROLLOUTS = 5_000
"""The most rollouts a decision may be given (``rollouts=``): ten times level 5's, about 11 s of
CPU on a 13-card lead on one idle core here (about 2 ms a rollout there)."""
MAX_SECONDS = 60
"""The longest wall-clock budget a decision may be given (``seconds=``), in seconds."""
_CANDIDATES = 8
"""The most actions weighed in one decision."""
_KEPT = 3
"""The candidates that get the second half of the rollouts."""
_REPAIRS = 15
"""How many card swaps at most mend a draw of the hidden cards towards explaining the seats' choices."""
_FIRST_BONUS = 3.0
"""How much going out first is worth on top of its money, as a share of what it pays on average."""


@attrs.frozen(kw_only=True)
class Hint:
    """One legal action with its estimates from the sampled worlds: ``win`` the share of worlds
    where the seat went out first, ``money`` its mean result in the rule set's unit (points
    relative to the round's average for points rule sets), over ``worlds`` worlds (one rollout
    each)."""

    action: Action
    win: float
    money: float
    worlds: int


def _money(result: RoundResult, rules: RuleSet, seat: int) -> float:
    """The seat's result of a finished round, in the rule set's unit (points relative to the average)."""
    net = settle(result, rules).net
    if rules.currency == "points":
        return net[seat] - sum(net) / len(net)
    return float(net[seat])


def _bundled(name: str) -> GreedyAgent:
    """The bundled greedy bot of that name (:data:`~tienlen.players.agents.AGENTS`)."""
    agent = make_agent(name)
    assert isinstance(agent, GreedyAgent)
    return agent


_PLAIN, _PLANNED = _bundled("greedy"), _bundled("greedy-plan")
OWN_POLICIES: Mapping[int, GreedyAgent] = MappingProxyType(
    {1: _PLAIN, 2: _bundled("greedy-long"), 3: _PLANNED, 4: _PLANNED, 5: _PLANNED}
)
"""The policy the player assumes for its own seat in its rollouts, at each level."""
OTHER_POLICIES: Mapping[int, GreedyAgent] = MappingProxyType({1: _PLAIN, 2: _PLAIN, 3: _PLAIN, 4: _PLANNED, 5: _PLANNED})
"""The policy the player assumes for every other seat in its rollouts, at each level: the plain
greedy bot up to level 3, the planning bot from level 4 on."""
_DANGER = _PLAIN.danger
"""The hand size the plain greedy policy counts as close to going out: the others' choices are
read by that policy at every level."""


def _play_out(round_: Round, seat: int, own: GreedyAgent, others: GreedyAgent) -> Round:
    """The round played to its end, by ``own`` for ``seat`` and ``others`` for every other seat,
    out-of-turn chops offered as :func:`~tienlen.players.agents.play_round` offers them."""
    agents = [own if s == seat else others for s in range(round_.players)]
    return play_round(round_.rules, agents, start=round_)


@attrs.frozen
class _Replay:
    """What a view tells about the deal: each seat's played cards and the public actions in order."""

    played_by: tuple[int, ...]
    actions: tuple[Action, ...]
    first: int


def _replay_of(view: PlayerView) -> _Replay:
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
    return _Replay(played_by=tuple(played), actions=tuple(actions), first=view.leader if first is None else first)


def _replayed(view: PlayerView, replay: _Replay, hidden: Sequence[int]) -> Round | None:
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
class _Decision:
    """A choice another seat made in turn, with what the greedy policy would have seen then."""

    seat: int
    later: int  # the cards the seat played from then on: its hand then was its hand now and these
    table: Combo | None
    passed: bool  # whether the seat had passed in the trick already
    counts: tuple[int, ...]
    chosen: int  # the cards played, 0 for a pass


def _decisions(view: PlayerView, replay: _Replay, dealt: Sequence[int]) -> dict[int, list[_Decision]]:
    """The in-turn choices of the other seats, by seat, read off a replay of the history from the
    hands ``dealt`` of any world (what a choice saw is public). The round's first action is left
    out (a first round's opening lead must hold the lowest card, which the world does not know)."""
    round_ = Round.from_hands(dealt, view.rules, first_round=False, leader=replay.first)
    later = list(replay.played_by)
    found: list[_Decision] = []
    for number, action in enumerate(replay.actions):
        seat = action.seat
        if number and seat != view.seat and action.kind in ("play", "pass"):
            trick = round_.trick
            counts = tuple(h.bit_count() for h in round_.hand_masks)
            found.append(_Decision(seat, later[seat], trick.table, seat in trick.passed, counts, action.mask))
        later[seat] &= ~action.mask
        round_ = round_.apply(action)
    by_seat: dict[int, list[_Decision]] = {}
    for decision in found:
        by_seat.setdefault(decision.seat, []).append(decision)
    return by_seat


def _miss(hand: int, decisions: Sequence[_Decision], rules: RuleSet) -> int | None:
    """``None`` when a seat holding ``hand`` now would have made each of ``decisions`` by the
    greedy policy; otherwise the cards of what the policy would have played (or 0 for a pass)
    at the first choice it would have made otherwise."""
    for d in decisions:
        then = hand | d.later
        if d.table is None and (low := greedy_lead(then, rules)):  # no lead here owes a card (the round's first is left out)
            if low != d.chosen:
                return low
            continue
        legal = legal_actions_of(d.seat, tuple(plays_by_kind(then, d.table, rules, d.passed)), d.table is not None)
        chosen = greedy_choice(
            legal, seat=d.seat, hand=then, counts=d.counts, table=d.table, my_turn=True, rules=rules, danger=_DANGER
        )
        if chosen.mask != d.chosen:
            return chosen.mask
    return None


def _hidden(
    view: PlayerView, decisions: dict[int, list[_Decision]], rng: random.Random, known: dict[tuple[int, int], int | None]
) -> list[int]:
    """A draw of the cards each other seat holds now, mended to explain the seats' choices where
    that is found soon (see :func:`_miss`). The unseen cards are dealt at random; then, at most
    ``_REPAIRS`` times, a seat whose choices are not all explained gives one card (one of
    those the policy would have played instead, where it holds one) for a random card of another
    seat (or of the undealt cards, with fewer than four players). ``known`` remembers what
    :func:`_miss` said of a seat's hand against these ``decisions``: draws of the same position
    meet the same hands again (about a quarter of the checks)."""

    def miss(seat: int) -> int | None:
        key = (seat, hidden[seat])
        if key not in known:
            known[key] = _miss(hidden[seat], decisions[seat], view.rules)
        return known[key]

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
    misses = {s: miss(s) for s in decisions if hidden[s]}
    for _ in range(_REPAIRS):
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
        misses[seat] = miss(seat)
        if other in misses:
            misses[other] = miss(other)
    return hidden[:-1]


def _candidates(view: PlayerView, legal: Sequence[Action], own: GreedyAgent) -> list[Action]:
    """At most :data:`_CANDIDATES` actions worth weighing (all of them when there are few), the
    choice of ``own`` first: it wins ties, so the search departs from the policy its own seat
    follows in the rollouts only where the sampled worlds say another action does better."""
    base = own.act(view)
    if len(legal) <= _CANDIDATES:
        return [base] + [a for a in legal if a != base]
    hand = view.hand_mask
    chosen: dict[Action, None] = {base: None}
    for action in legal:
        if action.combo is not None and action.mask == hand:
            chosen[action] = None
    for action in legal:
        if action.combo is None:
            chosen[action] = None
            break
    by_kind: dict[tuple[object, int], list[Action]] = {}
    for action in legal:
        if action.combo is not None:
            by_kind.setdefault((action.combo.kind.value, action.mask.bit_count()), []).append(action)
    rank = 0
    while len(chosen) < _CANDIDATES:
        added = False
        for group in by_kind.values():
            ordered = sorted(group, key=lambda a: a.mask)
            picks = [ordered[rank]] if rank < len(ordered) else []
            if rank == 0 and len(ordered) > 1 and ordered[-1].mask & TWOS:
                picks.append(ordered[-1])
            for pick in picks:
                if pick not in chosen and len(chosen) < _CANDIDATES:
                    chosen[pick] = None
                    added = True
        rank += 1
        if not added and rank > 13:
            break
    return list(chosen)


def _rng(seed: int, view: PlayerView) -> random.Random:
    return random.Random(f"tienlen-search:{seed}:{view.seat}:{len(view.history)}:{view.hand_mask}:{view.to_act}")


def _worlds(view: PlayerView, replay: _Replay, count: int, rng: random.Random) -> Iterator[Round]:
    """``count`` sampled worlds (fewer only when draw after draw would have been won at the deal),
    each drawn when it is asked for. The history is replayed once, on a first draw that only
    serves to read the others' choices; every world is that round with other hidden cards
    (``Round._with_hands``)."""
    base: Round | None = None
    decisions: dict[int, list[_Decision]] = {}
    known: dict[tuple[int, int], int | None] = {}  # what _miss said of a seat's hand, for _hidden
    made = 0
    for _ in range(count * 4):
        if made == count:
            break
        hidden = _hidden(view, decisions, rng, known)
        if base is None:
            base = _replayed(view, replay, hidden)
            if base is not None:
                decisions = _decisions(view, replay, base.dealt)
            continue
        world = base._with_hands([view.hand_mask if seat == view.seat else hidden[seat] for seat in range(view.players)])
        if not world.instant_winners:
            made += 1
            yield world


@attrs.define
class _Tally:
    """One candidate's rollouts so far: how many, their money, the first places and the money of those."""

    rollouts: int = 0
    money: float = 0.0
    wins: int = 0
    won_money: float = 0.0

    def add(self, end: Round, seat: int) -> None:
        result = end.result  # built anew at each read
        money = _money(result, end.rules, seat)
        self.rollouts += 1
        self.money += money
        if result.placements[:1] == (seat,):
            self.wins += 1
            self.won_money += money

    def hint(self, action: Action) -> Hint:
        n = max(self.rollouts, 1)
        return Hint(action=action, win=self.wins / n, money=self.money / n, worlds=self.rollouts)


def _scores(tallies: Sequence[_Tally]) -> list[float]:
    """Each candidate's mean money plus its first-place share times :data:`_FIRST_BONUS` times
    the mean money of the rollouts (of every candidate) the seat went out first in."""
    wins = sum(t.wins for t in tallies)
    first = max(0.0, sum(t.won_money for t in tallies) / wins) if wins else 0.0
    return [(t.money + _FIRST_BONUS * first * t.wins) / max(t.rollouts, 1) for t in tallies]


def _now() -> float:
    """The clock the time budgets are read on: seconds, never going back."""
    return time.monotonic()


def _evaluate(view: PlayerView, level: int, rollouts: int, seed: int, deadline: float | None) -> list[tuple[float, Hint]]:
    """Each candidate's score (see :func:`_scores`) and estimates, best first, ties to the earlier
    candidate, each seat played by the level's policy for it (:data:`OWN_POLICIES`,
    :data:`OTHER_POLICIES`). Half the rollouts go to every candidate over the same worlds; the
    other half to the :data:`_KEPT` best of them over new worlds, also shared. No rollout is
    begun once :func:`_now` has reached ``deadline`` (``None``: no time budget)."""
    own, others = OWN_POLICIES[level], OTHER_POLICIES[level]
    candidates = _candidates(view, view.legal_actions, own)
    rng = _rng(seed, view)
    replay = _replay_of(view)
    seat = view.seat
    tallies = [_Tally() for _ in candidates]

    def play(worlds: Iterable[Round], which: Sequence[int]) -> bool:
        """Play ``which`` candidates in each world; ``False`` when the time ran out first (a world
        not played out for every one of them is left out, so they all meet the same worlds)."""
        for world in worlds:
            ends = []
            for index in which:
                if deadline is not None and _now() >= deadline:
                    return False
                action = candidates[index]
                declined = action.kind == "pass" and world.to_act != seat  # declining an out-of-turn chop changes nothing
                ends.append(_play_out(world if declined else world.apply(action), seat, own, others))
            for index, end in zip(which, ends, strict=True):
                tallies[index].add(end, seat)
        return True

    everyone = range(len(candidates))
    if len(candidates) <= _KEPT:
        play(_worlds(view, replay, max(2, rollouts // len(candidates)), rng), everyone)
    else:
        first = max(2, rollouts // 2 // len(candidates))
        if play(_worlds(view, replay, first, rng), everyone):
            scores = _scores(tallies)
            kept = sorted(sorted(everyone, key=lambda i: (-scores[i], i))[:_KEPT])
            play(_worlds(view, replay, max(2, (rollouts - first * len(candidates)) // _KEPT), rng), kept)
    scores = _scores(tallies)
    kept_first = sorted(everyone, key=lambda i: (-tallies[i].rollouts, -scores[i], i))
    return [(scores[i], tallies[i].hint(candidates[i])) for i in kept_first]


def _check_view(view: object) -> PlayerView:
    check_type(view, PlayerView, "view", "a PlayerView (round.view(seat))")
    assert isinstance(view, PlayerView)
    return view


def _check_seconds(seconds: object) -> None:
    """Refuse a time budget that is not ``None`` or a number of seconds above 0 and at most :data:`MAX_SECONDS`."""
    if seconds is None or (isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 < seconds <= MAX_SECONDS):
        return  # NaN fails both comparisons, infinity the second
    raise InvalidArgument.of("not-seconds-in-range", name="seconds", high=MAX_SECONDS, value=shown(seconds))


@attrs.frozen
class SearchAgent:
    """A player that samples the hidden hands and plays each candidate out (see the module docs).

    ``level`` (1 to 5, default :data:`DEFAULT_LEVEL`) sets the rollouts per decision
    (:data:`LEVELS`) and the policy of its own seat in them (:data:`OWN_POLICIES`); ``rollouts``
    (1 to :data:`MAX_ROLLOUTS`, default ``None``: the level's) sets the rollouts directly
    instead. ``seed`` is a whole number from 0 to 2**64 - 1: the same seed and view give the
    same action. ``seconds`` (above 0 and at most :data:`MAX_SECONDS`, default ``None``: no time
    budget) bounds each decision's wall-clock time as well; with it the action depends on the
    machine's speed, not only on the seed (see "Budgets" in the module docs).
    """

    level: int = DEFAULT_LEVEL
    seed: int = 0
    rollouts: int | None = None
    seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        check_int(self.level, "level", 1, max(LEVELS))
        check_int(self.seed, "seed", 0, MAX_SEED)
        if self.rollouts is not None:
            check_int(self.rollouts, "rollouts", 1, MAX_ROLLOUTS)
        _check_seconds(self.seconds)

    @property
    def budget(self) -> int:
        """Rollouts per decision."""
        return self.rollouts if self.rollouts is not None else LEVELS[self.level]

    def _deadline(self) -> float | None:
        """When a decision begun now must stop (``None`` without a time budget)."""
        return None if self.seconds is None else _now() + self.seconds

    def act(self, view: PlayerView) -> Action:
        """The candidate with the best score over the sampled worlds (see the module docs); with
        ``seconds`` and no world played out in time, the first candidate."""
        view = _check_view(view)
        deadline = self._deadline()
        legal = view.legal_actions
        if len(legal) <= 1:
            if not legal:
                raise InvalidArgument.of("view-has-no-action", seat=view.seat)
            return legal[0]
        hand = view.hand_mask
        for action in legal:
            if action.combo is not None and action.mask == hand:
                return action  # going out is never worse than anything else
        return _evaluate(view, self.level, self.budget, self.seed, deadline)[0][1].action


def hint(
    view: PlayerView, *, level: int = HINT_LEVEL, seed: int = 0, rollouts: int | None = None, seconds: float | None = None
) -> tuple[Hint, ...]:
    """The actions worth weighing for ``view.seat`` (every legal action when there are at most
    8), ranked best first (by the player's score, see the module docs; the finalists, with more
    rollouts, before the others), each with its estimated first-place share and expected money in
    the rule set's unit over ``worlds`` rollouts (see :class:`SearchAgent` for ``level``,
    ``seed``, ``rollouts`` (1 to :data:`MAX_ROLLOUTS`, default the level's) and ``seconds``
    (above 0 and at most :data:`MAX_SECONDS`, default ``None``: no time budget)). When the time
    is up before a world is played out, every hint has ``worlds`` 0 and the first is the choice
    of the policy the player's own seat follows in the rollouts.

    Raises :class:`~tienlen.InvalidArgument` for a view that is not a :class:`PlayerView`, or a
    bad level, seed or budget. A view with no action gives an empty tuple.

    >>> from tienlen import HOUSE, Round
    >>> view = Round.deal(HOUSE, seed=3).view(0)
    >>> ranked = hint(view, level=1) if view.my_turn else ()
    >>> all(0 <= h.win <= 1 for h in ranked)
    True
    """
    view = _check_view(view)
    agent = SearchAgent(level=level, seed=seed, rollouts=rollouts, seconds=seconds)
    deadline = agent._deadline()
    if not view.legal_actions:
        return ()
    return tuple(h for _, h in _evaluate(view, level, agent.budget, seed, deadline))
