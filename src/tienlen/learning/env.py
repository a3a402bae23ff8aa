"""A multi-agent environment with the method names of the common turn-based ("AEC") API.

:class:`TienLenEnv` plays one round per episode under a :class:`~tienlen.RuleSet`. It has the
attributes and methods that turn-based multi-agent learning code expects (``possible_agents``,
``agents``, ``agent_selection``, ``reset``, ``observe``, ``step``, ``last``, ``agent_iter``,
``rewards``, ``_cumulative_rewards``, ``terminations``, ``truncations``, ``infos``), but imports no
learning framework. :mod:`tienlen.learning.pettingzoo` wraps it as a PettingZoo environment with Gymnasium
spaces and the fixed action space of :mod:`tienlen.learning.actionspace`.

**Agents** are named ``"seat_0"``, ``"seat_1"`` … in play order.

**Observations.** ``observe(agent)`` returns ``{"observation": [...], "action_mask": [...]}``:
the agent's :class:`~tienlen.game.views.PlayerView` encoded as :data:`~tienlen.learning.observation.OBSERVATION_LENGTH`
ints (see :mod:`tienlen.learning.observation`), and the legal actions of the agent *if it is the one to step
now* (``agent_selection``), else ``[]``.

**Actions** are card masks (:mod:`tienlen.learning.encoding`): ``step(mask)`` plays the cards of ``mask``;
``0`` passes, or declines an out-of-turn chop. The action space of Tiến Lên is every card set that
is a combination, far too large to enumerate, so ``action_mask`` is *not* a 0/1 vector over a
fixed action space as in some environments: it is the list of the legal actions themselves (each a
card mask, ``0`` for a pass), and a policy picks one of them. An action outside that list raises
:class:`~tienlen.IllegalPlay` naming the agent and seat and saying why, and changes nothing.

**Out-of-turn chops** (``iwin``'s free PR4) are offered as steps of their own: after every action,
each seat that may chop the table out of turn is selected in turn (in play order from the seat
whose play is on the table) before the seat to act in turn; it steps with the mask of its chop, or
``0`` to decline. A chop changes the position, so the offers start again from it. This is the order
in which :func:`tienlen.players.agents.play_round` asks its agents, so an agent plays the same round through
either. Where the rules have no such chops, ``agent_selection`` is simply the seat to act.

**Rewards** are 0 until the round ends; then each agent receives its net from
:func:`tienlen.money.settle.reward_net` (``unit`` as given to the environment): the settlement's ``net``
(chips, bets, or the round's points), except that where the rules take a rake it is kept exactly,
in fractions of the unit, rather than rounded away (4 bets won under ``iwin`` pay 3.8), so an
episode's rewards and the house's take (``infos[agent]["house"]``) add up to 0. ``settlement``
stays what the room pays in whole amounts. A round
always ends, so ``truncations`` stay ``False``. Once it has ended every agent is terminated and,
as the API expects, each must then ``step(None)`` once to leave ``agents``; ``infos`` then hold the
``place``, the round's ``result`` and the ``settlement``. An instant win ends the round at ``reset``.

>>> from tienlen import HOUSE
>>> env = TienLenEnv(HOUSE, players=4)
>>> env.reset(seed=7)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated or truncated else observation["action_mask"][0])
>>> sum(env.settlement.net) if env.settlement else None
0
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterator, Mapping, Sequence
from operator import and_, invert
from typing import Any, ClassVar, Literal, TypedDict

from tienlen._base.checks import check_int, check_seat, check_type
from tienlen._base.input import MAX_SEED, shown
from tienlen.errors import IllegalPlay, InvalidArgument
from tienlen.game.actions import PASSES, Action
from tienlen.game.position import SEATS, position_reader
from tienlen.game.round import Round
from tienlen.game.views import PlayerView
from tienlen.learning.encoding import action_from_mask
from tienlen.learning.observation import (
    AS_BYTES,
    AS_INTS,
    OBSERVATION_LENGTH,
    Observation,
    ObservationFields,
    observation_from,
    written_observation,
)
from tienlen.money.checks import check_unit
from tienlen.money.settle import Settlement, reward_net, settle
from tienlen.variants.checks import check_players, rules_or_profile
from tienlen.variants.rules import RuleSet

__all__ = [
    "TienLenEnv",
    "AgentObservation",
    "agent_name",
    "chop_offers",
    "advance",
    "observation_of",
    "encoded_observation",
    "selected_actions",
    "RESET_OPTIONS",
]


class AgentObservation(TypedDict):
    """What :meth:`TienLenEnv.observe` returns."""

    observation: list[int]
    """The agent's view, encoded (:func:`tienlen.learning.observation.encode_observation`)."""
    action_mask: list[int]
    """The card masks of the agent's legal actions (``0`` = pass), or ``[]`` when it is not selected."""


RESET_OPTIONS = ("first_round", "leader", "dealer", "round")
"""The option keys :meth:`TienLenEnv.reset` reads."""


def agent_name(seat: int) -> str:
    """The agent name of a seat: ``"seat_3"``."""
    return f"seat_{seat}"


def chop_offers(round_: Round) -> tuple[int, ...]:
    """The seats that may chop the table out of turn now, in the order they are offered the chop
    (play order from the seat whose play is on the table); ``()`` once the round is over."""
    if round_.is_over or not round_.rules.interrupt_bombs:
        return ()
    interrupts = round_.legal_interrupts()
    if not interrupts:
        return ()
    last = round_.trick.last_seat or 0
    return tuple(sorted({a.seat for a in interrupts}, key=lambda s: (s - last) % round_.players))


def advance(round_: Round, offers: tuple[int, ...], action: Action) -> tuple[Round, tuple[int, ...]]:
    """The position and the chop offers left after the selected seat (``offers[0]``, else the seat
    to act) takes a legal ``action``: a declined offer moves to the next one; anything else changes
    the round, and the offers start again from it."""
    if offers and action.kind == "pass" and round_.to_act != action.seat:
        return round_, offers[1:]
    round_ = round_.apply(action)
    return round_, chop_offers(round_)


def selected_actions(round_: Round, offers: tuple[int, ...]) -> Sequence[Action]:
    """The legal actions of the seat selected to step (``offers[0]``, else the seat to act): what
    ``round_.view(seat).legal_actions`` holds, without building the view."""
    if not offers:
        return round_.legal_actions()
    seat = offers[0]
    return (*[a for a in round_.legal_interrupts() if a.seat == seat], PASSES[seat])


def observation_of(round_: Round, seat: int, choppers: Container[int]) -> Observation:
    """The :class:`~tienlen.learning.observation.Observation` of ``round_.view(seat)``, read off the round without
    building the view or walking its history (``choppers``: the seats that may chop out of turn now,
    as :func:`chop_offers` gives them): a seat's played cards are what it was dealt and holds no more,
    and the chops of this trick are its chain. Raises :class:`~tienlen.InvalidArgument` for a bad seat."""
    return observation_from(observation_fields(round_, seat, choppers))


def encoded_observation(round_: Round, seat: int, choppers: Container[int]) -> bytes:
    """``observation_of(round_, seat, choppers).to_bytes()``, without building the observation (one
    per step: the hot path of the learning adapters)."""
    return written_observation(observation_fields(round_, seat, choppers), AS_BYTES)


_OBSERVED = position_reader("hands", "plays", "passed", "finished", "frozen", "forfeited", "leader", "number", "chain")
"""What an observation reads of a round's position (one call in C per observation: the hot path)."""


def observation_fields(round_: Round, seat: int, choppers: Container[int]) -> ObservationFields:
    """The fields of ``round_.view(seat)``'s observation (see :func:`observation_of`), for an encoder
    (:func:`tienlen.learning.observation.written_observation`; private to the package)."""
    hands, plays, passed, finished, frozen, forfeited, leader, number, chain = _OBSERVED(round_)
    players = len(hands)
    if type(seat) is not int or not 0 <= seat < players:
        check_seat(seat, players, "seat")  # raises, saying why
    dealt = round_.dealt
    table_seat, table = plays[-1] if plays else (None, None)
    to_act = round_.to_act
    my_turn = to_act == seat
    return (  # in the order of Observation's fields: keywords would cost a sixth of the encoding
        seat,
        players,
        hands[seat],
        table,
        sum(dealt) & ~sum(hands),
        tuple(map(and_, dealt, map(invert, hands))),  # each seat's played cards
        tuple(map(int.bit_count, hands)),
        SEATS[passed],
        finished,
        frozen,
        forfeited,
        to_act,
        table_seat,
        leader,
        number,
        len(chain),
        my_turn,
        my_turn and table is None,
        not my_turn and seat in choppers,
        to_act is None,
    )


class TienLenEnv:
    """One Tiến Lên round per episode, stepped one agent at a time (see the module docs).

    ``rules`` is any rule set, ``players`` a count it allows, ``unit`` what one unit is worth
    (1 for points profiles), as in :func:`tienlen.money.settle.settle`. Raises
    :class:`~tienlen.InvalidArgument` for a player count or unit the rules do not allow.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "tienlen_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: RuleSet | str,
        players: int = 4,
        unit: int | None = None,
        *,
        render_mode: Literal["ansi"] | None = None,
    ) -> None:
        rules = rules_or_profile(rules)
        check_players(rules, players)
        worth = check_unit(1 if unit is None else unit, rules)
        if render_mode not in (None, "ansi"):
            raise InvalidArgument.of("render-mode-not-offered", render_mode=shown(render_mode))
        self.rules = rules
        self.players = players
        self.unit = worth
        self.render_mode = render_mode
        self.possible_agents: list[str] = [agent_name(s) for s in range(players)]
        self.observation_length = OBSERVATION_LENGTH
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self.settlement: Settlement | None = None
        """The settlement of the round once it has ended, else ``None``."""
        self._round: Round | None = None
        self._offers: tuple[int, ...] = ()  # the chop offers still to be answered, the next first
        self._choppers: tuple[int, ...] = ()  # every seat offered a chop in this position
        self._net: tuple[float, ...] = ()  # each seat's reward once the round is over
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._chops = bool(rules.interrupt_bombs)  # whether seats may ever be offered a chop out of turn
        self._rng: random.Random | None = None

    # ------------------------------------------------------------------ the API
    @property
    def num_agents(self) -> int:
        """Agents still in the episode."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """Agents at the table."""
        return len(self.possible_agents)

    @property
    def cumulative_rewards(self) -> dict[str, float]:
        """Rewards each agent has gained since it last stepped (the same dict as ``_cumulative_rewards``)."""
        return self._cumulative_rewards

    @property
    def round(self) -> Round:
        """The round being played. Raises :class:`~tienlen.IllegalPlay` before the first :meth:`reset`."""
        if self._round is None:
            raise IllegalPlay.of("environment-has-no-round-yet")
        return self._round

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new round. The same ``seed`` deals the same round; later resets without a seed
        continue a sequence drawn from it (or are random when no seed was ever given).

        ``options`` may hold ``first_round`` (default ``True``), ``leader`` and ``dealer`` as for
        :meth:`tienlen.Round.deal`, or ``round``: a :class:`~tienlen.Round` under the same rules
        and player count to continue from instead of dealing. ``seed`` is a whole number from 0 to
        2**64 - 1.

        Raises :class:`~tienlen.InvalidArgument` for an unknown option, a ``round`` of other rules or
        another player count, a bad seed or options that are not a mapping, and what :meth:`tienlen.Round.deal` raises for a bad ``leader``, ``dealer``
        or ``first_round``.
        """
        if seed is not None:
            check_int(seed, "seed", 0, MAX_SEED)
        if options is not None:
            check_type(options, Mapping, "options", "a mapping of option names to values")
        options = dict(options or {})
        unknown = [key for key in options if key not in RESET_OPTIONS]
        if unknown:
            raise InvalidArgument.of(
                "reset-options-option-known", unknown=shown(unknown[0]), reset_options=", ".join(RESET_OPTIONS)
            )
        start = options.get("round")
        if start is not None:
            if not isinstance(start, Round) or start.rules != self.rules or start.players != self.players:
                raise InvalidArgument.of("reset-options-round-must-round", players=self.players, rules=self.rules.name)
            round_ = start
        else:
            rng = random.Random(seed) if seed is not None else self._rng
            deal_seed = seed if seed is not None else rng.getrandbits(63) if rng is not None else None
            round_ = Round.deal(
                self.rules,
                players=self.players,
                seed=deal_seed,
                first_round=options.get("first_round", True),
                leader=options.get("leader"),
                dealer=options.get("dealer", 0),
            )
            self._rng = rng
        self._round = round_
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"seat": s} for s, a in enumerate(self.agents)}
        self.settlement = None
        self._offers = self._choppers = chop_offers(round_)
        self._schedule()
        if round_.is_over:
            self._accumulate()

    def observe(self, agent: str) -> AgentObservation:
        """The agent's encoded view and, if it is the agent to step, its legal action masks."""
        seat = self.seat_of(agent)
        round_ = self._round if self._round is not None else self.round  # the property refuses before a reset
        masks: list[int] = []
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            offers = self._offers
            masks = round_.legal_actions().masks() if not offers else [a.mask for a in selected_actions(round_, offers)]
        return {
            "observation": written_observation(observation_fields(round_, seat, self._choppers), AS_INTS),  # encode()
            "action_mask": masks,
        }

    def last(self, observe: bool = True) -> tuple[AgentObservation | None, float, bool, bool, dict[str, Any]]:
        """``(observation, cumulative reward, terminated, truncated, info)`` of ``agent_selection``."""
        agent = self.agent_selection
        if agent not in self.agents:
            raise IllegalPlay.of("no-agent-episode-call-reset")
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yield ``agent_selection`` until every agent has left (or ``max_iter`` steps)."""
        for _ in range(check_int(max_iter, "max_iter", 0, 2**63)):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: int | None) -> None:
        """The selected agent acts: a card mask from its ``action_mask`` (``0`` = pass / decline),
        or ``None`` once it is terminated.

        Raises :class:`~tienlen.IllegalPlay` naming the agent and seat, and changes nothing, when
        the action is not one of its legal actions.
        """
        agent = self.agent_selection
        if not self.agents:
            raise IllegalPlay.of("every-agent-has-left-episode")
        seat = self._seats[agent]  # agent_selection is always an agent of the table
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalPlay.of("agent-seat-round-over-step", agent=agent, seat=seat, action=shown(action))
            self._leave(agent)
            return
        if action is None:
            raise IllegalPlay.of("agent-seat-must-act-give", agent=agent, seat=seat)
        round_ = self._round if self._round is not None else self.round
        offers = self._offers
        chosen = (
            round_.legal_actions().by_mask(action)
            if not offers
            else next((a for a in selected_actions(round_, offers) if a.mask == action and not isinstance(action, bool)), None)
        )
        if chosen is None:
            try:
                action_from_mask(round_.view(seat), action)  # raises, saying why
            except IllegalPlay as error:
                raise IllegalPlay.of("agent-refused", agent=agent, reason=error) from None
            raise AssertionError("a mask the selected actions lack is refused")  # pragma: no cover
        self._take(agent, round_, chosen)

    def _take(self, agent: str, round_: Round, chosen: Action) -> None:
        """``agent``, the selected agent, takes ``chosen``, one of its legal actions in ``round_``
        (the round in play): what :meth:`step` does once the action is known legal."""
        offers = self._offers
        self._cumulative_rewards[agent] = 0
        if self._chops:
            self._round, self._offers = advance(round_, offers, chosen)
            if self._round is not round_:
                self._choppers = self._offers
        else:  # no seat is ever offered a chop out of turn
            self._round = round_.apply(chosen)
        self._schedule()
        self.rewards = dict.fromkeys(self.agents, 0)
        if self._round.is_over:
            self._accumulate()

    def render(self) -> str | None:
        """The whole position, every hand included, as one line of text (``render_mode="ansi"``), else ``None``."""
        return str(self._round) if self.render_mode == "ansi" and self._round is not None else None

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------------ extras
    def seat_of(self, agent: str) -> int:
        """The seat of an agent name. Raises :class:`~tienlen.InvalidArgument` for an unknown name."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise InvalidArgument.of("agent-here-agents-are", agent=shown(agent), possible_agents=", ".join(self.possible_agents))
        return seat

    def observation(self, agent: str) -> Observation:
        """The agent's :class:`~tienlen.learning.observation.Observation` (what :meth:`observe` encodes)."""
        return observation_of(self.round, self.seat_of(agent), self._choppers)

    def encoded_observation(self, agent: str) -> bytes:
        """The agent's observation as bytes, what ``observation(agent).to_bytes()`` gives (one signed
        byte per int of :meth:`observe`'s list), for array libraries."""
        return encoded_observation(self.round, self.seat_of(agent), self._choppers)

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of ``agent_selection`` (what its ``action_mask`` lists); empty once the round is over."""
        round_ = self.round
        return () if round_.is_over else selected_actions(round_, self._offers)

    def view(self, agent: str) -> PlayerView:
        """The agent's :class:`~tienlen.game.views.PlayerView` (what :mod:`tienlen.players.agents` bots read)."""
        return self.round.view(self.seat_of(agent))

    # ------------------------------------------------------------------ internals
    def _schedule(self) -> None:
        """After a change of position: select who steps, or finish the round."""
        round_ = self.round
        to_act = round_.to_act
        if to_act is None:
            self._finish()
            return
        self.agent_selection = self.possible_agents[self._offers[0] if self._offers else to_act]

    def _finish(self) -> None:
        round_ = self.round
        result = round_.result
        self.settlement = settle(result, self.rules, unit=self.unit)
        self._net, house = reward_net(result, self.rules, unit=self.unit, settled=self.settlement)
        for seat, agent in enumerate(self.possible_agents):
            self.terminations[agent] = True
            self.infos[agent] = {
                "seat": seat,
                "place": result.place_of(seat) if result.placements else None,
                "result": result,
                "settlement": self.settlement,
                "house": house,
            }
        self.agent_selection = self.agents[0]

    def _accumulate(self) -> None:
        assert self.settlement is not None
        self.rewards = {a: self._net[self.seat_of(a)] for a in self.agents}
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def _leave(self, agent: str) -> None:
        """A terminated agent's ``step(None)``: it leaves ``agents``; the next one left is selected."""
        del self.rewards[agent], self._cumulative_rewards[agent], self.terminations[agent]
        del self.truncations[agent], self.infos[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]
        self.rewards = {a: 0 for a in self.agents}
