"""Tiến Lên as an OpenSpiel game (extra ``openspiel``: ``pip install 'tienlen[openspiel]'``).

Importing this module registers the Python game ``python_tienlen`` with OpenSpiel, with the
parameters ``rules`` (a profile name, default ``house``), ``players`` (default 4) and
``first_round`` (default ``True``: the lowest dealt card leads, and first-round instant wins
count), so every profile at every player count it allows loads by name::

    pyspiel.load_game("python_tienlen(rules=northern,players=3)")

A house variant that is no profile is played with ``TienLenGame(rules=my_rules, players=n)``; its
states serialise with ``state.serialize()`` and come back with ``game.deserialize_state(text)``,
but ``pyspiel.load_game`` knows only the profiles by name.

* **Chance.** The game opens with one chance node per dealt card: each deals one of the cards not
  yet dealt, uniformly, to the seats in turn starting with seat 1 (seat 0 deals, as in
  :meth:`tienlen.Round.deal`). Chance outcomes are card indices 0 … 51.
* **Actions** are the :data:`~tienlen.learning.actionspace.ACTION_SPACE_SIZE` indices of
  :mod:`tienlen.learning.actionspace`; a straight or pair run takes its span, then one suit step per rank,
  all by the same player. Out-of-turn chops (``iwin``) are offered as decisions of their own, in
  the order :class:`tienlen.learning.env.TienLenEnv` offers them; declining is the pass index.
* **Information.** ``observation_tensor`` is the 450 numbers of the PettingZoo adapter's
  observation (:func:`tienlen.learning.observation.encode_observation`, then the run being chosen);
  ``information_state_tensor`` adds 52 more, the number of the play (1, 2, …) that played each
  card, 0 for a card not played, so the order of plays is kept. ``information_state_string`` is
  the player's dealt hand, every action that changed the round in order, the player's own
  declined chop offers, and the run being chosen; ``observation_string`` is the position as the
  player sees it.
* **Returns** are the settlement's ``net`` at one unit per entry or bet (or the round's points),
  paid at the end only, with the rake kept exactly in fractions of a unit
  (:func:`tienlen.money.settle.reward_net`), so the returns and the house's take add up to 0.
* **Resampling.** ``resample_from_infostate(player, sampler)`` deals the cards the player has not
  seen at random among the other hands and the undealt cards and replays the round, so
  information-set MCTS (``open_spiel.python.algorithms.ismcts``) can search it.

>>> import pyspiel
>>> game = pyspiel.load_game("python_tienlen(rules=northern,players=3)")
>>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
(463, 3, 52)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tienlen._base.checks import check_bool, check_type
from tienlen._base.extras import requires
from tienlen._base.fast import fast
from tienlen._base.input import unknown_keys
from tienlen.errors import IllegalPlay, InvalidArgument, TienLenError
from tienlen.game.cards import DECK, format_cards, iter_indices
from tienlen.game.events import Played
from tienlen.game.round import Round
from tienlen.game.views import PlayerView
from tienlen.learning.actionspace import ACTION_SPACE_SIZE, CHOICE_LENGTH, PASS_INDEX, Choice, action_indices, index_label
from tienlen.learning.encoding import mask_to_bits
from tienlen.learning.env import advance, chop_offers, observation_fields, selected_actions
from tienlen.learning.observation import (
    AS_BYTES,
    AS_FLOATS,
    OBSERVATION_LENGTH,
    OBSERVATION_OFFSETS,
    SLOTS,
    ObservationForm,
    written_observation,
)
from tienlen.money.settle import held_value, reward_net
from tienlen.players.agents import Agent
from tienlen.variants.checks import check_players, rules_or_profile
from tienlen.variants.rules import RuleSet

with requires("openspiel", __name__):
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray

__all__ = ["GAME_NAME", "TienLenGame", "TienLenState", "TienLenObserver", "AgentBot", "utility_bounds"]

GAME_NAME = "python_tienlen"
"""The short name the game is registered under."""

_DEFAULTS: dict[str, Any] = {"rules": "house", "players": 4, "first_round": True}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Tien Len",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)

_RESAMPLE_TRIES = 1000
_CHANCE = -1  # pyspiel.PlayerId.CHANCE and TERMINAL (OpenSpiel's fixed ids; the tests check them)
_TERMINAL = -4


def utility_bounds(rules: RuleSet, players: int) -> tuple[int, int]:
    """A lowest and a highest ``net`` one seat can have after a round settled with the rules' defaults.

    Points profiles: the extreme points of a place or an instant win. Money profiles: no seat pays
    more than every payment the rules name could ask of it at once (placement, forfeit, cóng with
    đền bài for every other seat, thúi (twice: after an instant win too), finishing on a 2, an instant
    win, every card left under card-count scoring, and one chop per play of
    the round, each worth at most all the 2s plus the largest bomb, times its place in the chain),
    and no seat receives more than the others can pay. The bounds are safe, not tight.

    Raises :class:`~tienlen.InvalidArgument` for a player count the rules do not allow.
    """
    check_players(rules, players)
    if rules.currency == "points":
        values = [*rules.points_for(players), *rules.instant_win_points]
        return min(values), max(values)
    others = players - 1
    held = held_value(DECK, rules)
    chop = sum(rules.two_values) + max(rules.bomb_value(name) for name in ("quad", "PR3", "PR4", "PR5", "PR6"))
    amount = functools.partial(rules.amount, players=players)
    cards = rules.cards_dealt(players)
    most = (
        sum(units for _, _, units in rules.payments_for(players))
        + amount("forfeit_penalty")
        + others * (amount("frozen_penalty") + held)
        + amount("frozen_end_payment")
        + 2 * held
        + others * amount("finish_with_two_penalty")
        + amount("instant_win_payment")
        + cards * rules.card_two_multiplier * amount("card_all_multiplier") * amount("card_price")
        + sum(range(1, cards + 1)) * chop
    )
    return -most, others * most


class TienLenGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game for one rule set and player count: ``TienLenGame({"rules": "iwin", "players": 4})``
    or ``TienLenGame(rules=my_rules, players=3)`` for any :class:`~tienlen.RuleSet`.

    Raises :class:`~tienlen.InvalidArgument` for an unknown profile or a player count the rules do not allow.
    """

    def __init__(self, params: dict[str, Any] | None = None, *, rules: RuleSet | None = None, players: int | None = None) -> None:
        if params is not None:
            check_type(params, dict, "params", "a dict of the game's parameters")
        given = {**_DEFAULTS, **(params or {})}
        unknown = unknown_keys(given, _DEFAULTS)
        if unknown:
            raise InvalidArgument.of("game-parameter-unknown", parameter=unknown[0], parameters=", ".join(_DEFAULTS))
        self.rules = rules_or_profile(rules if rules is not None else given["rules"])
        self.players = check_players(self.rules, players if players is not None else given["players"])
        self.first_round = check_bool(given["first_round"], "first_round")
        self.dealt = self.rules.cards_dealt(self.players)
        low, high = utility_bounds(self.rules, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_SPACE_SIZE,
            max_chance_outcomes=52,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            # at most one play per dealt card, each of k cards taking at most 1 + k decisions; at
            # most one pass per other seat after each play; and each change of position may be
            # followed by one declined chop offer per other seat: 2D + (n-1)D + (n-1)nD
            max_game_length=self.dealt * (1 + self.players**2),
        )
        shown = {"rules": self.rules.name, "players": self.players, "first_round": self.first_round}
        super().__init__(_GAME_TYPE, info, shown)
        self._setup = _Setup(
            self.rules,
            self.players,
            self.first_round,
            self.dealt,
            TienLenObserver(perfect_recall=False),
            TienLenObserver(perfect_recall=True),
        )
        """What each of its states needs of it (one value, shared)."""

    def new_initial_state(self) -> TienLenState:
        """A state before the deal (a chance node)."""
        return TienLenState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per dealt card."""
        return self.dealt

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TienLenObserver:
        """The observer for ``iig_obs_type`` (every combination of perfect recall, public and private
        information is respected; see :class:`TienLenObserver`), an observation when ``None``."""
        if params:
            raise InvalidArgument.of("observer-parameters-are-supported-got", params=params)
        if iig_obs_type is None:  # OpenSpiel's default: an observation of the player's own cards and the table
            return TienLenObserver(perfect_recall=False)
        return TienLenObserver(
            perfect_recall=iig_obs_type.perfect_recall,
            public_info=iig_obs_type.public_info,
            private_info=_PRIVATE[iig_obs_type.private_info.name],
        )


@attrs.frozen
class _Setup:
    """What a state needs of its game (a value: OpenSpiel deep-copies a state's attributes to clone it)."""

    rules: RuleSet
    players: int
    first_round: bool
    dealt: int
    observer: TienLenObserver = attrs.field(eq=False, repr=False)
    """The observer of :meth:`TienLenState.observation_tensor` (an observation)."""
    info_state_observer: TienLenObserver = attrs.field(eq=False, repr=False)
    """The observer of :meth:`TienLenState.information_state_tensor` (perfect recall)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self


@attrs.frozen
class _Position:
    """Everything a state holds (a value, so cloning a state shares it)."""

    deck: tuple[int, ...] = ()
    round: Round | None = None
    offers: tuple[int, ...] = ()
    choice: Choice | None = None
    declined: tuple[tuple[int, int], ...] = ()
    """``(seat, actions applied before)`` for each declined chop offer."""
    player: int = _CHANCE
    """The seat to decide, or OpenSpiel's chance or terminal id (OpenSpiel asks several times a step)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self


class TienLenState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A state of :class:`TienLenGame`: dealing (chance), playing, or over."""

    def __init__(self, game: TienLenGame) -> None:
        super().__init__(game)
        self._game = game._setup
        self._position = _Position()

    # ------------------------------------------------------------------ reading
    @property
    def round(self) -> Round | None:
        """The round being played (``None`` while dealing)."""
        return self._position.round

    @property
    def choice(self) -> Choice | None:
        """The decision in progress of the player to act (``None`` at chance and terminal nodes)."""
        return self._position.choice

    def current_player(self) -> int:
        """The seat to decide, or OpenSpiel's chance or terminal id."""
        return self._position.player

    def is_terminal(self) -> bool:
        """Whether the round is over."""
        return self._position.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """Whether a card is to be dealt (OpenSpiel's answer, read here without its C++ round trip)."""
        return self._position.player == _CHANCE

    def legal_actions(self, *player: int) -> list[int]:
        """OpenSpiel's ``legal_actions(player)`` (the player to decide when none is given): for the
        player to decide, its legal indices read here without a round trip through OpenSpiel's C++
        side; anything else (chance, terminal, another player) as OpenSpiel answers it."""
        choice = self._position.choice
        if not player and choice is not None:
            return list(choice.legal_indices())
        return super().legal_actions(*player)  # type: ignore[no-any-return]

    def _legal_actions(self, player: int) -> list[int]:
        position = self._position
        return list(position.choice.legal_indices()) if position.choice is not None and player == position.player else []

    def observation_tensor(self, *player: int) -> list[float]:
        """OpenSpiel's ``observation_tensor(player)`` (the player to decide when none is given): the
        same numbers, written by the game's observer straight into the list, without OpenSpiel's
        C++ side first building a new initial state to learn the tensor's size."""
        return self._tensor(self._game.observer, player) or super().observation_tensor(*player)

    def information_state_tensor(self, *player: int) -> list[float]:
        """OpenSpiel's ``information_state_tensor(player)``, written as :meth:`observation_tensor` is."""
        return self._tensor(self._game.info_state_observer, player) or super().information_state_tensor(*player)

    def _tensor(self, observer: TienLenObserver, player: tuple[int, ...]) -> list[float] | None:
        """What ``observer`` shows ``player`` (else the player to decide), or ``None`` for anything
        but one seat of the game (OpenSpiel then refuses it as it does)."""
        seat = player[0] if len(player) == 1 else self._position.player if not player else None
        if type(seat) is not int or not 0 <= seat < self._game.players:
            return None
        return observer.values(self, seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each as likely."""
        left = sorted(_CARDS.difference(self._position.deck))
        chance = 1 / len(left)
        return [(c, chance) for c in left]

    def returns(self) -> list[float]:
        """Each seat's net once the round is over (:func:`~tienlen.money.settle.reward_net`: the rake kept
        exactly), else zeros."""
        round_ = self._position.round
        if round_ is None or not round_.is_over:
            return [0.0] * self._game.players
        return list(reward_net(round_.result, self._game.rules)[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards(1 << action)}"
        return index_label(action)

    def __str__(self) -> str:
        round_ = self._position.round
        if round_ is None:
            return f"dealing: {len(self._position.deck)} of {self._game.dealt} cards dealt"
        return str(round_)

    # ------------------------------------------------------------------ acting
    def _apply_action(self, action: int) -> None:
        position = self._position
        if position.round is None:
            if not 0 <= action < 52 or action in position.deck:  # OpenSpiel does not check a chance outcome
                shown = format_cards(1 << action) if 0 <= action < 52 else str(action)
                raise IllegalPlay.of("card-dealt-already-or-no-card", card=shown, left=52 - len(position.deck))
            deck = (*position.deck, action)
            if len(deck) < self._game.dealt:
                self._position = _position(deck, None, (), None, (), _CHANCE)
                return
            round_ = Round.from_hands(_hands(deck, self._game.players), self._game.rules, first_round=self._game.first_round)
            self._position = _start(deck, round_, chop_offers(round_), ())
            return
        assert position.choice is not None and position.round is not None  # OpenSpiel checks legality first
        chosen = position.choice.choose(action)
        if isinstance(chosen, Choice):
            self._position = _position(position.deck, position.round, position.offers, chosen, position.declined, position.player)
            return
        declined = position.declined
        if chosen.kind == "pass" and position.offers and position.round.to_act != chosen.seat:
            declined += ((chosen.seat, len(position.round.actions)),)
        round_, offers = advance(position.round, position.offers, chosen)
        self._position = _start(position.deck, round_, offers, declined)

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> TienLenState:
        """A state ``player`` cannot tell from this one, the cards it has not seen dealt at random.

        ``probability_sampler`` (OpenSpiel's, e.g. ``pyspiel.UniformProbabilitySampler(seed, 0.0,
        1.0)``) draws the numbers in [0, 1) that shuffle the unseen cards; without one, a fresh
        unseeded generator does. A deal is kept only when the round's actions replay on it (others'
        chop offers declined as they come), so it agrees with everything the player has seen; the
        new state's history is that of its own deal and decisions. Should 1,000 deals in a row not
        fit (never seen), the state itself is returned: it is consistent, if not a random draw.
        """
        position = self._position
        round_ = position.round
        if round_ is None or round_.is_over:
            return self.clone()  # type: ignore[no-any-return]
        own = round_.dealt[player]
        played = [round_.dealt[s] & ~round_.hand_masks[s] for s in range(self._game.players)]
        unseen = [c for c in range(52) if not (own | sum(played)) >> c & 1]
        counts = [round_.hand_masks[s].bit_count() for s in range(self._game.players)]
        draw: Callable[[], float] = probability_sampler if probability_sampler is not None else random.Random().random
        for _ in range(_RESAMPLE_TRIES):
            for i in range(len(unseen) - 1, 0, -1):  # Fisher-Yates with the sampler's numbers
                j = min(int(draw() * (i + 1)), i)
                unseen[i], unseen[j] = unseen[j], unseen[i]
            hands, at = [], 0
            for seat in range(self._game.players):
                hidden = 0 if seat == player else sum(1 << c for c in unseen[at : at + counts[seat]])
                at += 0 if seat == player else counts[seat]
                hands.append(own if seat == player else played[seat] | hidden)
            state = self._replayed(hands, player)
            if state is not None:
                return state
        return self.clone()  # type: ignore[no-any-return]  # pragma: no cover - see the docstring

    def _replayed(self, hands: Sequence[int], player: int) -> TienLenState | None:
        """A new state dealt ``hands`` in which the same actions are taken as in this one, and
        ``player`` is where it is here; ``None`` when the actions do not fit those hands."""
        position = self._position
        assert position.round is not None
        state: TienLenState = self.get_game().new_initial_state()
        for card in _deck(hands, self._game.players):
            state.apply_action(card)
        try:
            for action in position.round.actions:
                if not state._decline_until(action.seat):
                    return None
                for index in action_indices(action.mask):
                    state.apply_action(index)
            if not state._decline_until(player):
                return None
            for index in position.choice.chosen if position.choice else ():
                state.apply_action(index)
        except TienLenError:
            return None
        return state

    def _decline_until(self, seat: int) -> bool:
        """Decline the chop offers before ``seat``'s turn to decide; whether that turn comes."""
        while not self.is_terminal() and self.current_player() != seat and self._position.offers:
            self.apply_action(PASS_INDEX)
        return not self.is_terminal() and self.current_player() == seat


_CARDS = frozenset(range(52))


def _hands(deck: Sequence[int], players: int) -> list[int]:
    """The hands of a deal: the ``k``-th card dealt goes to seat ``(k + 1) % players``."""
    hands = [0] * players
    for k, card in enumerate(deck):
        hands[(k + 1) % players] |= 1 << card
    return hands


def _deck(hands: Sequence[int], players: int) -> tuple[int, ...]:
    """A dealing order giving ``hands`` (each seat's cards in ascending order)."""
    queues = [[c for c in range(52) if hand >> c & 1] for hand in hands]
    return tuple(queues[(k + 1) % players].pop(0) for k in range(sum(len(q) for q in queues)))


def _start(deck: tuple[int, ...], round_: Round, offers: tuple[int, ...], declined: tuple[tuple[int, int], ...]) -> _Position:
    """The position at ``round_`` with its chop ``offers``, and a fresh choice for the player to decide."""
    if round_.to_act is None:
        return _position(deck, round_, offers, None, declined, _TERMINAL)
    return _position(
        deck, round_, offers, Choice.of(selected_actions(round_, offers)), declined, offers[0] if offers else round_.to_act
    )


@fast(_Position)
def _position(
    deck: tuple[int, ...],
    round: Round | None,
    offers: tuple[int, ...],
    choice: Choice | None,
    declined: tuple[tuple[int, int], ...],
    player: int,
) -> _Position:
    """A position from its values (one per decision: the hot path; nothing to check)."""
    raise NotImplementedError  # fast() writes the body


class AgentBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel ships no type information
    """Any :class:`~tienlen.Agent` (:class:`~tienlen.players.agents.GreedyAgent`, your own …) as an
    OpenSpiel bot, for ``open_spiel.python.algorithms.evaluate_bots`` and the like: it asks the
    agent for an action from the player's view and answers the index that leads to it."""

    def __init__(self, agent: Agent) -> None:
        super().__init__()
        self.agent = agent

    def step(self, state: TienLenState) -> int:
        """The next index of the agent's action for the player to decide in ``state``."""
        round_, choice = state.round, state.choice
        if round_ is None or choice is None:
            raise IllegalPlay.of("agent-acts-only-where-player")
        return choice.next_index(self.agent.act(round_.view(state.current_player())))

    def restart_at(self, state: TienLenState) -> None:
        """Nothing to forget: the agent reads every position afresh."""

    def inform_action(self, state: TienLenState, player_id: int, action: int) -> None:
        """Nothing to remember (see :meth:`restart_at`)."""


class TienLenObserver:
    """OpenSpiel's observer for the game, for any ``IIGObservationType``.

    What it shows is made of named pieces (``dict``), each present only when the observation type
    allows it; :attr:`tensor` is them one after another, in this order:

    * ``observation`` (``public_info``): the 397 numbers of :func:`tienlen.learning.observation.encode_observation`;
      its ``hand`` part is the player's hand with private information, else zeros;
    * ``hand`` (52; a player's own hand where there is private but no public information);
    * ``choice`` (private information): the run the player is choosing, if any;
    * ``play_order`` (``perfect_recall`` and public information): the number of the play that played
      each card, 0 for a card not played;
    * ``hands`` (``ALL_PLAYERS``): every seat's hand, 52 numbers per seat for 4 seats.

    The two usual types keep their sizes: an observation (450) and an information state (502).
    The strings follow the same rule (:meth:`string_from`). :meth:`set_from` fills :attr:`tensor`
    (what OpenSpiel's C++ side reads); :meth:`values` returns the same numbers as a new list (what
    :meth:`TienLenState.observation_tensor` returns, without a trip through the array).
    """

    def __init__(self, *, perfect_recall: bool, public_info: bool = True, private_info: str = "single") -> None:
        self.perfect_recall = perfect_recall
        self.public_info = public_info
        self.private_info = private_info
        private = private_info != "none"
        sizes = [
            ("observation", OBSERVATION_LENGTH, public_info),
            ("hand", 52, private and not public_info),
            ("choice", CHOICE_LENGTH, private),
            ("play_order", 52, perfect_recall and public_info),
            ("hands", 52 * SLOTS, private_info == "all"),
        ]
        shown = [(name, size) for name, size, present in sizes if present]
        self.tensor: NDArray[np.float32] = np.zeros(sum(size for _, size in shown), np.float32)
        self.dict: dict[str, NDArray[np.float32]] = {}
        start = 0
        for name, size in shown:
            self.dict[name] = self.tensor[start : start + size]
            if name == "choice":
                self._choice_start = start
            start += size

    def set_from(self, state: TienLenState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` may see in ``state`` (written as bytes, one
        byte a number, then the whole tensor in one assignment)."""
        data, span = self._written(state, player, AS_BYTES)
        self.tensor[:] = np.frombuffer(data, np.int8)
        if span:
            self.dict["choice"][0] = span

    def values(self, state: TienLenState, player: int) -> list[float]:
        """The numbers :meth:`set_from` would write into :attr:`tensor`, as a new list of floats
        (what :meth:`TienLenState.observation_tensor` returns; :attr:`tensor` is left as it was)."""
        values: list[float]
        values, span = self._written(state, player, AS_FLOATS)
        if span:
            values[self._choice_start] = float(span)
        return values

    def _written(self, state: TienLenState, player: int, form: ObservationForm[Any, Any]) -> tuple[Any, int]:
        """What ``player`` may see in ``state``, written in ``form``, but for the span index of a run
        being chosen (it may not fit a byte: written as 0), and that index (0 if none)."""
        position = state._position
        round_ = position.round
        players = state._game.players
        hands = _hands(position.deck, players) if round_ is None else round_.hand_masks
        pieces = self.dict
        numbers = form.numbers
        out = form.start()
        if "observation" in pieces:
            if round_ is None:  # dealing: the seat, the table size and the cards dealt so far
                out += numbers((player, players, *mask_to_bits(hands[player]), *[0] * (OBSERVATION_LENGTH - 54)))
            else:
                out += written_observation(observation_fields(round_, player, chop_offers(round_)), form)
            if self.private_info == "none":
                out[_HAND] = numbers([0] * 52)
        if "hand" in pieces:
            out += numbers(mask_to_bits(hands[player]))
        choice = position.choice if position.player == player else None
        run = choice.encode() if choice is not None and choice.chosen and "choice" in pieces else None
        if "choice" in pieces:
            out += numbers((0, *run[1:])) if run else _NO_CHOICE[form.name]
        if "play_order" in pieces:
            order = [0] * 52
            plays = [e for e in round_.events if isinstance(e, Played)] if round_ is not None else []
            for number, event in enumerate(plays, 1):
                for card in iter_indices(event.combo.mask):
                    order[card] = number
            out += numbers(order)
        if "hands" in pieces:
            for seat in range(SLOTS):
                out += numbers(mask_to_bits(hands[seat] if seat < len(hands) else 0))
        return form.finish(out), run[0] if run else 0

    def string_from(self, state: TienLenState, player: int) -> str:
        """What ``player`` may see in ``state`` as text (see the module docs): private parts (the
        player's hand or dealt hand, its declined chops, the run being chosen; every hand with
        ``ALL_PLAYERS``) and public parts (the table, or with perfect recall every action so far),
        each only where the observation type allows it."""
        position = state._position
        round_ = position.round
        private = self.private_info != "none"
        parts: list[str] = []
        if self.private_info == "all":
            hands = _hands(position.deck, state._game.players) if round_ is None else round_.hand_masks
            parts.append("hands " + " / ".join(format_cards(h) or "-" for h in hands))
        if not self.perfect_recall:
            if round_ is None:
                parts.append(
                    "dealing"
                    + (f": {format_cards(_hands(position.deck, state._game.players)[player]) or '-'}" if private else "")
                )
            else:
                view = round_.view(player)
                if private:
                    parts.append(f"hand {format_cards(view.hand_mask) or '-'}")
                if self.public_info:
                    parts.append(_public_string(state, view))
        else:
            if private:
                dealt = _hands(position.deck, state._game.players)[player] if round_ is None else round_.dealt[player]
                parts.append(f"dealt {format_cards(dealt) or '-'}")
            log: list[str] = []
            actions = round_.actions if round_ is not None and self.public_info else ()
            declines = [n for seat, n in position.declined if seat == player] if private else []
            for n in range(len(actions) + 1):
                log += ["declined a chop"] * declines.count(n)
                if n < len(actions):
                    log.append(str(actions[n]))
            log += ["declined a chop"] * sum(1 for n in declines if n > len(actions))
            parts.append("; ".join(log))
        choice = position.choice if private and state.current_player() == player and position.choice else None
        text = f"p{player} " + " | ".join(parts)
        return text + (" | choosing " + " ".join(index_label(i) for i in choice.chosen) if choice and choice.chosen else "")


def _public_string(state: TienLenState, view: PlayerView) -> str:
    """The public position: the card counts, the table, passes, whose turn."""
    table = "-" if view.table is None else f"{view.table} by {view.table_seat}"
    counts = " ".join(map(str, view.card_counts))
    passed = ",".join(map(str, sorted(view.passed))) or "-"
    turn = "over" if view.is_over else f"seat {state.current_player()} to decide"
    return f"cards {counts} | table {table} | passed {passed} | {turn}"


_HAND = OBSERVATION_OFFSETS["hand"]

_NO_CHOICE = {form.name: form.numbers([0] * CHOICE_LENGTH) for form in (AS_BYTES, AS_FLOATS)}
"""The ``choice`` piece while no run is being chosen, in each form the observer writes."""

_PRIVATE = {"NONE": "none", "SINGLE_PLAYER": "single", "ALL_PLAYERS": "all"}


pyspiel.register_game(_GAME_TYPE, TienLenGame)
