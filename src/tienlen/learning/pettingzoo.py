"""Tiến Lên as a PettingZoo turn-based ("AEC") environment (extra ``rl``: ``pip install 'tienlen[rl]'``).

``env(rules=…, players=…, render_mode=…)`` returns the environment wrapped in PettingZoo's
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``; :class:`raw_env` is the bare one. One
episode is one round, played as :class:`tienlen.learning.env.TienLenEnv` plays it (agents ``"seat_0"`` …,
out-of-turn chops offered as steps of their own, rewards the settlement's ``net`` with the rake kept
exactly (:func:`tienlen.money.settle.reward_net`) at the end, every agent terminated then and stepping ``None`` to leave), with Gymnasium spaces:

* ``action_space(agent)``: ``Discrete(ACTION_SPACE_SIZE)``, the fixed exact space of
  :mod:`tienlen.learning.actionspace` (463 indices; a straight or pair run takes several steps by the same
  agent: its span, then one suit step per rank, lowest first).
* ``observation_space(agent)``: a ``Dict`` of ``observation``, :data:`OBSERVATION_SIZE` ``int16``
  (the 397 ints of :func:`tienlen.learning.observation.encode_observation`, then the 53 of
  :meth:`tienlen.learning.actionspace.Choice.encode`: the run being chosen, if any), and ``action_mask``,
  ``ACTION_SPACE_SIZE`` ``int8`` zeros and ones (all zeros for an agent that is not selected).

An index whose mask entry is 0 raises :class:`~tienlen.IllegalPlay` saying why and changes
nothing; PettingZoo's ``TerminateIllegalWrapper`` is not applied, as the library never turns an
illegal move into a lost round. ``reset(seed, options)`` accepts the options of
:meth:`tienlen.learning.env.TienLenEnv.reset` and ignores other keys.

>>> from tienlen.learning.pettingzoo import env
>>> game = env(rules="northern", players=3)
>>> game.reset(seed=3)
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     game.step(None if terminated else int(observation["action_mask"].nonzero()[0][-1]))
>>> game.unwrapped.settlement.net
(-2, -1, 3)
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Mapping
from typing import Any, ClassVar

from tienlen._base.extras import requires
from tienlen.errors import IllegalPlay, InvalidArgument
from tienlen.game.combos import ComboKind
from tienlen.learning.actionspace import ACTION_SPACE_SIZE, CHOICE_LENGTH, Choice, index_label
from tienlen.learning.env import RESET_OPTIONS, TienLenEnv
from tienlen.learning.observation import OBSERVATION_FIELDS, OBSERVATION_LENGTH
from tienlen.money.settle import Settlement
from tienlen.variants.checks import rules_or_profile
from tienlen.variants.profiles import HOUSE
from tienlen.variants.rules import RuleSet

with requires("rl", __name__):
    import gymnasium
    import numpy as np
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger

__all__ = ["env", "raw_env", "OBSERVATION_SIZE"]

OBSERVATION_SIZE = sum(length for _, length in OBSERVATION_FIELDS) + CHOICE_LENGTH
"""Ints in an observation's ``observation`` array (397 + 53 = 450)."""

_HIGH = {
    "seat": 3,
    "players": 4,
    "card_counts": 52,
    "finished": 4,
    "frozen": 4,
    "forfeited": 4,
    "to_act": 3,
    "table_seat": 3,
    "leader": 3,
    "table_kind": max(ComboKind),
    "table_length": 52,
    "trick_number": 53,
    "chops_in_trick": 52,
}
"""Largest value of each observation field that is not 0/1 (at most 52 plays, so at most 53 tricks)."""


def _observation_bounds() -> tuple[NDArray[np.int16], NDArray[np.int16]]:
    high = [_HIGH.get(name, 1) for name, length in OBSERVATION_FIELDS for _ in range(length)]
    high += [ACTION_SPACE_SIZE - 1] + [1] * (CHOICE_LENGTH - 1)
    return np.full(OBSERVATION_SIZE, -1, np.int16), np.array(high, np.int16)


_OBSERVATION_BOX = gymnasium.spaces.Box(*_observation_bounds(), dtype=np.int16)
_MASK_BOX = gymnasium.spaces.Box(0, 1, (ACTION_SPACE_SIZE,), dtype=np.int8)
"""The two boxes of an observation space, checked and built once: each agent's space holds copies
(which share the bounds, made read-only, but each draws from its own generator once seeded)."""
for _bound in (_OBSERVATION_BOX.low, _OBSERVATION_BOX.high, _MASK_BOX.low, _MASK_BOX.high):
    _bound.flags.writeable = False


class raw_env(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One round per episode under ``rules`` (a :class:`~tienlen.RuleSet` or a profile name) at
    ``players`` seats, with Gymnasium spaces (see the module docs). Raises
    :class:`~tienlen.InvalidArgument` for an unknown profile, a player count the rules do not allow or an
    unknown render mode.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tienlen_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: RuleSet | str = HOUSE, players: int = 4, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise InvalidArgument.of("pettingzoo-render-mode-not-offered", render_mode=render_mode)
        self._env = TienLenEnv(rules_or_profile(rules), players=players, render_mode=None if render_mode is None else "ansi")
        self.rules = self._env.rules
        self.render_mode = render_mode
        self.possible_agents = list(self._env.possible_agents)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({"observation": copy.copy(_OBSERVATION_BOX), "action_mask": copy.copy(_MASK_BOX)})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(ACTION_SPACE_SIZE) for agent in self.possible_agents}
        self._choice: Choice | None = None

    # the episode's bookkeeping is the inner TienLenEnv's
    @property
    def agents(self) -> list[str]:
        """Agents still in the episode."""
        return self._env.agents

    @property
    def agent_selection(self) -> str:
        """The agent to step now."""
        return self._env.agent_selection

    @property
    def rewards(self) -> dict[str, float]:
        """Each agent's reward from the last step (its :func:`~tienlen.money.settle.reward_net` when the round ends)."""
        return self._env.rewards

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._env.cumulative_rewards

    @property
    def terminations(self) -> dict[str, bool]:
        """Whether each agent's round has ended."""
        return self._env.terminations

    @property
    def truncations(self) -> dict[str, bool]:
        """Always ``False``: a round always ends."""
        return self._env.truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's seat and, once the round is over, its place, the result and the settlement."""
        return self._env.infos

    @property
    def settlement(self) -> Settlement | None:
        """The round's settlement once it has ended."""
        return self._env.settlement

    @property
    def tienlen_env(self) -> TienLenEnv:
        """The :class:`~tienlen.learning.env.TienLenEnv` that plays the round (its ``round``, ``view`` …)."""
        return self._env

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The observation space (the same object for every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """``Discrete(ACTION_SPACE_SIZE)`` (the same object for every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new round (the same ``seed`` deals the same round); option keys that
        :meth:`tienlen.learning.env.TienLenEnv.reset` does not know are ignored."""
        known = {k: v for k, v in (options or {}).items() if k in RESET_OPTIONS}
        self._env.reset(seed=seed, options=known)
        self._choice = None

    def choice(self) -> Choice:
        """The selected agent's decision in progress (:class:`~tienlen.learning.actionspace.Choice`)."""
        if self._choice is None:
            self._choice = Choice.of(self._env.legal_actions())
        return self._choice

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """The agent's ``observation`` and ``action_mask`` arrays (see the module docs), new arrays
        at every call."""
        inner = self._env
        selected = agent == inner.agent_selection and not inner.terminations.get(agent, True)
        choice = self.choice() if selected else None
        data = inner.encoded_observation(agent)
        flags = bytearray(ACTION_SPACE_SIZE)  # the mask, filled in place, then lent to NumPy without a copy
        if choice is None or not choice.chosen:
            vector = np.frombuffer(data + _NO_RUN, np.int8).astype(np.int16)
        else:  # a run half chosen: its span index does not fit a byte
            run = choice.encode()
            vector = np.frombuffer(data + bytes(1) + bytes(run[1:]), np.int8).astype(np.int16)
            vector[OBSERVATION_LENGTH] = run[0]
        if choice is not None:
            for index in choice.legal_indices():
                flags[index] = 1
        return {"observation": vector, "action_mask": np.frombuffer(flags, np.int8)}

    def step(self, action: int | None) -> None:
        """The selected agent chooses a legal index (``None`` once it is terminated). Raises
        :class:`~tienlen.IllegalPlay` saying why, and changes nothing, for any other action."""
        agent = self.agent_selection
        if self._env.terminations.get(agent, True):
            self._env.step(action)  # None leaves; anything else is refused with the reason
            return
        if action is None:
            raise IllegalPlay.of("agent-must-act-give-legal", agent=agent)
        try:
            chosen = self.choice().choose(action)
        except IllegalPlay as error:
            raise IllegalPlay.of("agent-refused", agent=agent, reason=error) from None
        if isinstance(chosen, Choice):
            self._choice = chosen
            self._env.cumulative_rewards[agent] = 0
        else:  # one of the legal actions the environment handed out: taken without looking it up again
            self._env._take(agent, self._env.round, chosen)
            self._choice = None

    def render(self) -> str | None:
        """The whole position as text (every hand shown): returned in ``ansi`` mode, printed in ``human`` mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; give env(render_mode='ansi' or 'human')")
            return None
        text = self._env.render() or ""
        if self._choice is not None and self._choice.chosen:
            text += " | choosing " + " ".join(index_label(i) for i in self._choice.chosen)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


_NO_RUN = bytes(CHOICE_LENGTH)
"""The last 53 ints of an observation while no run is being chosen."""


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, passing a plain ``int`` in the action space
    straight on (the wrapper's own check, through the space, for anything else)."""

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < ACTION_SPACE_SIZE:
            self.env.step(action)
        else:
            super().step(action)


def _read(name: str) -> property:
    """What ``OrderEnforcingWrapper`` forwards through each wrapper's ``__getattr__`` to the bare
    environment, which keeps it in its :class:`~tienlen.learning.env.TienLenEnv`: read from there in one
    step (with the wrapper's refusal before ``reset``)."""
    read = operator.attrgetter(name)

    def forwarded(self: _OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return read(self._inner)

    return property(forwarded, doc=f"The environment's ``{name}``.")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading the episode's bookkeeping (read at every
    step by ``last``, ``agent_iter`` and ``step``) from the environment directly."""

    def __init__(self, wrapped: AECEnv) -> None:
        super().__init__(wrapped)
        self._raw = wrapped.unwrapped
        self._inner = self._raw.tienlen_env

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, read from the bare environment in one step."""
        agent = self.agent_selection  # refused before reset, as the wrapper refuses it
        inner = self._inner
        return (
            self.observe(agent) if observe else None,
            inner._cumulative_rewards[agent],
            inner.terminations[agent],
            inner.truncations[agent],
            inner.infos[agent],
        )

    def observe(self, agent: str) -> Any:
        """The wrapper's ``observe``, asking the bare environment directly (the wrapper between only forwards it)."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    agents = _read("agents")
    agent_selection = _read("agent_selection")
    rewards = _read("rewards")
    _cumulative_rewards = _read("_cumulative_rewards")
    terminations = _read("terminations")
    truncations = _read("truncations")
    infos = _read("infos")


def env(rules: RuleSet | str = HOUSE, players: int = 4, render_mode: str | None = None) -> AECEnv:
    """:class:`raw_env` in PettingZoo's ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``
    (subclasses of theirs that read the bare environment's attributes directly and let a plain
    ``int`` in the action space through without asking the space: the same checks, fewer steps)."""
    return _OrderEnforcing(_AssertOutOfBounds(raw_env(rules, players, render_mode)))
