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
own seat (:data:`OWN_POLICIES`) that is, at every level, the planning bot: a greedy bot that
plans its hand. It leads its longest combination, follows with the play that leaves its hand
the fewest leads to shed, and spends 2s and bombs once any seat holds 6 cards or fewer
(``GreedyAgent(danger=6, long_leads=True, keep_combos=True)``). For the other seats
(:data:`OTHER_POLICIES`) it is the plain :class:`~tienlen.players.agents.GreedyAgent` up to level 3 and
the planning bot from level 4 on. The plain bot leads one card at a time and breaks pairs and
straights to follow; a player that planned its own future that way would undervalue every
action that keeps its hand in shape. Measured at level 3 under ``house`` against three greedy
bots, the plain bot in its own rollouts gave 54% of first places, long leads 70%, and the
planning bot 78%. Every candidate meets the same worlds (common random numbers), which makes
their comparison far less noisy than their values. The rollouts are spent by successive
halving: a few worlds for every candidate, then new worlds for the better half of them, and so on
for about log2 of the candidates stages (two or three are left at the last), the choice of the
policy the player's own seat follows in the rollouts staying to the end (it wins ties); so the
close calls get the most rollouts. Every stage gives each candidate still in it at least two
worlds, so a small budget over many candidates spends more than it says (level 1's 8 rollouts
on a wide position: about 30). (The 0.2.0 player, kept as edition
``"0.2"``, gave half its rollouts to every candidate and the other half to the three best.)

**What it infers** (``tienlen.players._inference``; :func:`read_table` shows it). Each draw
of the hidden cards is mended towards hands with which the policy a seat is read by would have
made every play and every pass that seat made in turn this round. At levels 4 and 5, the player
first reads each other seat by both the plain greedy bot and the planning bot, and keeps for it
the one whose mended hands explain more of its choices; that seat's worlds are then mended, and
its rollouts played, by that policy. So the top levels expect plain play where they meet it and
planned play where they meet that, instead of assuming one for every table.

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

**Levels** (:class:`SearchStyle`, by edition in :data:`EDITIONS`) set the number of rollouts per
decision (at least two worlds per candidate and stage, see :data:`LEVELS`), the policy the player
plans its own future with in them (:data:`OWN_POLICIES`: the planning bot at every level), what
it expects of the others when their choices do not say (:data:`OTHER_POLICIES`: the plain greedy
bot up to level 3, the planning bot from level 4 on), whether it reads each seat's policy from
its choices (levels 4 and 5), and when it searches at all: level 1, the level for servers with
many tables, plays the planning bot's choice until some seat holds few cards and searches only
then, where the round is decided. The planning bot is the closer guess of what stronger players
(search players, people) will do; reading it, level 4 beats level 3 head to head (the docs page
"How strong are the bots" has the measurements). A wide position keeps at most 8 candidates: the choice of the
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
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

import attrs

from tienlen._base.bits import TWOS
from tienlen._base.checks import check_int, check_type
from tienlen._base.input import MAX_SEED, shown
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.cards import DECK, Card, iter_indices
from tienlen.game.events import RoundResult
from tienlen.game.round import Round
from tienlen.game.views import PlayerView
from tienlen.money.settle import settle
from tienlen.players._inference import LONG, PLAIN, PLANNED, Sampler, replay_of
from tienlen.players.agents import GreedyAgent, play_round
from tienlen.variants.rules import RuleSet

__all__ = [
    "EDITIONS",
    "SearchStyle",
    "EDITION",
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
    "DRAWS",
    "MAX_DRAWS",
    "SeatPicture",
    "read_table",
]

DEFAULT_LEVEL = 3
"""The level of ``SearchAgent()``: about 0.6 of 0.2.0's default level's CPU a decision (71 ms
against 112 ms in one busy sitting here; 0.2.0's took 81 ms idle), as strong against the greedy
bot (``benchmarks/RESULTS.md``, issue 42)."""
HINT_LEVEL = 2
"""The default level of :func:`hint`: about 51 ms of CPU on a 13-card position in a busy sitting
here (it does not wait for a seat near the end of its hand, as the level's player does);
``level=3`` ranks as ``SearchAgent()`` decides."""
MAX_ROLLOUTS = 5_000
"""The most rollouts a decision may be given (``rollouts=``): ten times level 5's, about 11 s of
CPU on a 13-card lead on one idle core here (about 2 ms a rollout there)."""
MAX_SECONDS = 60
"""The longest wall-clock budget a decision may be given (``seconds=``), in seconds."""
_CANDIDATES = 8
"""The most actions weighed in one decision."""
_KEPT = 3
"""The candidates that get the second half of the rollouts (edition ``"0.2"``, which does not halve)."""
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


@attrs.frozen(kw_only=True)
class SearchStyle:
    """How a level of an edition (:data:`EDITIONS`) searches: its ``rollouts``, the policy it
    plans its own seat with in them (``own``), the policy it assumes of the other seats
    (``others``; its draws are mended to explain their choices by the plain greedy bot), whether it
    infers each other seat's policy from its choices instead (``infer``: the plain greedy bot or the
    planning bot, whichever explains more of them in draws mended for each), how it spends its rollouts (``halving``:
    successive halving; else half on every candidate and half on the best three) and when it
    searches at all (``near``: only when some seat holds at most that many cards, else it plays
    ``own``'s choice; ``None``: always)."""

    rollouts: int
    own: GreedyAgent
    others: GreedyAgent
    infer: bool = False
    halving: bool = False
    near: int | None = None


EDITIONS: Mapping[str, Mapping[int, SearchStyle]] = MappingProxyType(
    {
        "0.2": MappingProxyType(
            {
                1: SearchStyle(rollouts=16, own=PLAIN, others=PLAIN),
                2: SearchStyle(rollouts=40, own=LONG, others=PLAIN),
                3: SearchStyle(rollouts=100, own=PLANNED, others=PLAIN),
                4: SearchStyle(rollouts=125, own=PLANNED, others=PLANNED),
                5: SearchStyle(rollouts=500, own=PLANNED, others=PLANNED),
            }
        ),
        "0.3": MappingProxyType(
            {
                1: SearchStyle(rollouts=8, own=PLANNED, others=PLAIN, halving=True, near=5),
                2: SearchStyle(rollouts=32, own=PLANNED, others=PLAIN, halving=True, near=9),
                3: SearchStyle(rollouts=64, own=PLANNED, others=PLAIN, halving=True),
                4: SearchStyle(rollouts=125, own=PLANNED, others=PLANNED, infer=True, halving=True),
                5: SearchStyle(rollouts=500, own=PLANNED, others=PLANNED, infer=True, halving=True),
            }
        ),
    }
)
"""Each edition's levels. ``"0.3"`` is the player of this release; ``"0.2"`` is the 0.2.0 player,
kept unchanged (its decisions are checked against ones recorded with 0.2.0) so that later
releases are measured against it (``tienlen tournament --agents search-0.2,...``)."""
EDITION = "0.3"
"""The edition :class:`SearchAgent` plays by default."""
LEVELS: Mapping[int, int] = MappingProxyType({level: style.rollouts for level, style in EDITIONS[EDITION].items()})
"""Rollouts per decision at each level."""
OWN_POLICIES: Mapping[int, GreedyAgent] = MappingProxyType({level: style.own for level, style in EDITIONS[EDITION].items()})
"""The policy the player assumes for its own seat in its rollouts, at each level."""
OTHER_POLICIES: Mapping[int, GreedyAgent] = MappingProxyType({level: style.others for level, style in EDITIONS[EDITION].items()})
"""The policy the player assumes for every other seat in its rollouts, at each level, unless it
infers another from the seat's choices (levels 4 and 5)."""


def _play_out(round_: Round, policies: Sequence[GreedyAgent]) -> Round:
    """The round played to its end, each seat by its policy, out-of-turn chops offered as
    :func:`~tienlen.players.agents.play_round` offers them."""
    return play_round(round_.rules, policies, start=round_)


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


_PROBES = 3
"""Draws per readable policy when a level infers how the other seats play (:meth:`Sampler.infer`)."""


def _evaluate(view: PlayerView, style: SearchStyle, rollouts: int, seed: int, deadline: float | None) -> list[tuple[float, Hint]]:
    """Each candidate's score (see :func:`_scores`) and estimates, the candidates with the most
    rollouts first, then by score, ties to the earlier candidate. Every seat is played by the
    policy ``style`` gives it (inferred from its choices when ``style.infer``). With
    ``style.halving`` the rollouts are spent in stages, each on new worlds shared by the
    candidates in it: every candidate first, then the better half of them (the first candidate
    always kept), and so on; otherwise half the rollouts go to every
    candidate over the same worlds and the other half to the :data:`_KEPT` best of them over new
    worlds, also shared. No rollout is begun once :func:`_now` has reached ``deadline``
    (``None``: no time budget)."""
    candidates = _candidates(view, view.legal_actions, style.own)
    rng = _rng(seed, view)
    replay = replay_of(view)
    seat = view.seat
    tallies = [_Tally() for _ in candidates]
    policies = [style.own if s == seat else style.others for s in range(view.players)]

    def sampler() -> Sampler:
        return Sampler(view=view, replay=replay, rng=rng, readers=[PLAIN] * view.players)

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
                ends.append(_play_out(world if declined else world.apply(action), policies))
            for index, end in zip(which, ends, strict=True):
                tallies[index].add(end, seat)
        return True

    def best(among: Sequence[int], keep: int) -> list[int]:
        scores = _scores(tallies)
        return sorted(sorted(among, key=lambda i: (-scores[i], i))[:keep])

    everyone = list(range(len(candidates)))
    if style.halving:
        shared = sampler()
        if style.infer:
            shared.infer(style.others, _PROBES, stop=lambda: deadline is not None and _now() >= deadline)
            policies = [style.own if s == seat else shared.readers[s] for s in range(view.players)]
        alive, left = everyone, rollouts
        stages = max(1, (len(alive) - 1).bit_length())
        for stage in range(stages):
            per = max(2, left // (stages - stage) // len(alive))
            if not play(shared.worlds(per), alive):
                break
            left -= per * len(alive)
            alive = sorted({0, *best(alive, (len(alive) + 1) // 2)})  # the own policy's choice stays to the end
    elif len(candidates) <= _KEPT:
        play(sampler().worlds(max(2, rollouts // len(candidates))), everyone)
    else:
        first = max(2, rollouts // 2 // len(candidates))
        if play(sampler().worlds(first), everyone):
            play(sampler().worlds(max(2, (rollouts - first * len(candidates)) // _KEPT)), best(everyone, _KEPT))
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

    ``level`` (one of the edition's levels in :data:`EDITIONS`, default :data:`DEFAULT_LEVEL`) sets how it searches (:attr:`style`: the
    rollouts per decision, :data:`LEVELS`, the policies it plays the seats by in them, whether it
    infers the others' policies, when it searches at all); ``rollouts`` (1 to
    :data:`MAX_ROLLOUTS`, default ``None``: the level's) sets the rollouts directly instead.
    ``seed`` is a whole number from 0 to 2**64 - 1: the same seed and view give the same action.
    ``seconds`` (above 0 and at most :data:`MAX_SECONDS`, default ``None``: no time budget) bounds
    each decision's wall-clock time as well; with it the action depends on the machine's speed,
    not only on the seed (see "Budgets" in the module docs). ``edition`` (default
    :data:`EDITION`) picks the player of a release, :data:`EDITIONS`: ``"0.2"`` is the 0.2.0 player,
    kept unchanged as a yardstick.
    """

    level: int = DEFAULT_LEVEL
    seed: int = 0
    rollouts: int | None = None
    seconds: float | None = None
    edition: str = EDITION

    def __attrs_post_init__(self) -> None:
        check_type(self.edition, str, "edition", "an edition of the search player, such as '0.2'")
        if self.edition not in EDITIONS:
            raise InvalidArgument.of("unknown-search-edition", edition=shown(self.edition), editions=", ".join(EDITIONS))
        check_int(self.level, "level", min(EDITIONS[self.edition]), max(EDITIONS[self.edition]))
        check_int(self.seed, "seed", 0, MAX_SEED)
        if self.rollouts is not None:
            check_int(self.rollouts, "rollouts", 1, MAX_ROLLOUTS)
        _check_seconds(self.seconds)

    @property
    def style(self) -> SearchStyle:
        """How the level of the edition searches."""
        return EDITIONS[self.edition][self.level]

    @property
    def budget(self) -> int:
        """Rollouts per decision."""
        return self.rollouts if self.rollouts is not None else self.style.rollouts

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
        style = self.style
        if style.near is not None and min(count for count in view.card_counts if count) > style.near:
            return style.own.act(view)  # nobody is close to going out: this level plays its own policy
        return _evaluate(view, style, self.budget, self.seed, deadline)[0][1].action


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
    return tuple(h for _, h in _evaluate(view, agent.style, agent.budget, seed, deadline))


DRAWS = 64
"""The draws :func:`read_table` makes by default: about 0.1 s of CPU mid-round here."""
MAX_DRAWS = 2_000
"""The most draws :func:`read_table` may be asked for."""


@attrs.frozen(kw_only=True)
class SeatPicture:
    """What the search player infers of another seat from a view, over ``draws`` draws of the
    hidden cards mended to explain its choices: ``plays_like`` names the bundled bot whose policy
    explains them better (``"greedy"`` or ``"greedy-plan"``, see
    :data:`~tienlen.players.agents.AGENTS`), or is ``None`` while its choices do not tell the two
    apart (early in a round); ``holds`` is the chance that it holds each card it may hold (by card,
    low to high) and ``twos`` the chance that it holds at least one 2."""

    seat: int
    cards: int
    plays_like: str | None
    twos: float
    holds: tuple[tuple[Card, float], ...]
    draws: int


def read_table(view: PlayerView, *, draws: int = DRAWS, seed: int = 0) -> tuple[SeatPicture, ...]:
    """The picture of every other seat that still holds cards, as the search player reads the
    table: the policy each seat's choices fit (read as levels 4 and 5 read them, but
    keeping the plain greedy bot, not the planning bot, where the choices do not tell them apart), then ``draws`` (1 to :data:`MAX_DRAWS`, default :data:`DRAWS`) draws of the
    cards ``view.seat`` cannot see, each consistent with everything public and mended towards
    explaining each seat's choices by that policy. The same view, seed and draws give the same
    picture.

    Raises :class:`~tienlen.InvalidArgument` for a view that is not a :class:`PlayerView`, or a
    bad draw count or seed.

    >>> from tienlen import HOUSE, Round
    >>> round_ = Round.deal(HOUSE, seed=3)
    >>> [(picture.cards, picture.plays_like) for picture in read_table(round_.view(0), draws=4)]
    [(13, None), (13, None), (13, None)]
    """
    view = _check_view(view)
    check_int(draws, "draws", 1, MAX_DRAWS)
    check_int(seed, "seed", 0, MAX_SEED)
    sampler = Sampler(view=view, replay=replay_of(view), rng=_rng(seed, view), readers=[PLAIN] * view.players)
    told = sampler.infer(PLAIN, _PROBES)
    counts = [[0] * 52 for _ in range(view.players)]
    twos = [0] * view.players
    for _ in range(draws):
        hidden = sampler.hidden()
        for seat, hand in enumerate(hidden):
            twos[seat] += bool(hand & TWOS)
            for card in iter_indices(hand):
                counts[seat][card] += 1
    names = {PLAIN: "greedy", PLANNED: "greedy-plan"}  # the bundled bots' names (AGENTS)
    return tuple(
        SeatPicture(
            seat=seat,
            cards=view.card_counts[seat],
            plays_like=names[sampler.readers[seat]] if seat in told else None,
            twos=twos[seat] / draws,
            holds=tuple((DECK[card], counts[seat][card] / draws) for card in range(52) if counts[seat][card]),
            draws=draws,
        )
        for seat in range(view.players)
        if seat != view.seat and view.card_counts[seat]
    )
