"""Many tables stepped together for training: arrays in, arrays out (extra ``rl``: ``pip install 'tienlen[rl]'``).

:class:`TienLenVectorEnv` holds ``num_tables`` tables of one rule set and player count. Each table
plays rounds one after the other; at every table one seat decides at a time (the seat to act, or a
seat offered an out-of-turn chop first, exactly as :class:`tienlen.learning.env.TienLenEnv` selects it), and
one call steps every table once. It needs NumPy only.

**Actions** are indices of the fixed exact action space of :mod:`tienlen.learning.actionspace`
(:data:`~tienlen.learning.actionspace.ACTION_SPACE_SIZE` = 463), as in :mod:`tienlen.learning.pettingzoo`: a single,
pair, triple, quad or pass is one index (a quad run too); a straight, pair run or triple run takes
several steps by the same seat (its span, then one suit step per rank, lowest first).
``step(actions)`` takes one index per table (shape ``(num_tables,)``, any integer type).

**Observations.** :meth:`~TienLenVectorEnv.reset` and :meth:`~TienLenVectorEnv.step` return a
dict of arrays, one row per table, for the seat that decides next there:

==================  ===========================  ==================================================
key                 shape, type                  value
==================  ===========================  ==================================================
``observation``     (num_tables, 450) ``int16``  columns 0 … 396: the seat's view laid out as
                                                 :data:`tienlen.learning.observation.OBSERVATION_FIELDS` says
                                                 (:func:`~tienlen.learning.observation.encode_observation`);
                                                 397 … 449: the run being chosen
                                                 (:meth:`tienlen.learning.actionspace.Choice.encode`)
``action_mask``     (num_tables, 463) ``int8``   1 for each legal index now, else 0
``seat``            (num_tables,) ``int64``      the seat that decides next
==================  ===========================  ==================================================

These are exactly :mod:`tienlen.learning.pettingzoo`'s ``observation`` and ``action_mask`` of the selected
agent, batched (``tests/learning/test_vector.py`` compares them at every step).

**Rewards** have shape ``(num_tables, players)``: every seat's reward, not only the deciding
seat's, because in a turn-based game the step that ends a round pays every seat. They are 0 until a
round ends; then each seat gets :func:`tienlen.money.settle.reward_net`, the settlement's net with any
rake kept exactly, as :class:`~tienlen.learning.env.TienLenEnv` pays it; ``infos["house"]`` holds the
house's take, so a finished round's rewards and the house add up to 0.

**Auto-reset** follows Gymnasium's *same-step* mode (``metadata["autoreset_mode"]``): the step that
ends a round at a table returns ``terminated`` ``True`` there, the round's rewards, and already the
*first* observation and mask of the table's next round, so every row of every observation is a
decision to take and a policy never steps a finished table. Unlike Gymnasium, no ``final_obs`` is
returned: nobody decides in a finished round (its result is in the rewards). ``truncated`` is
always ``False``: a round always ends.

**Seeds.** ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (Gymnasium's rule); ``seed`` may
also be a list of one seed per table. A table seeded ``t`` deals its first round with seed ``t``
and each later one with the next ``random.Random(t).getrandbits(63)``, as
:meth:`TienLenEnv.reset <tienlen.learning.env.TienLenEnv.reset>` with seed ``t`` and then without one does;
so table ``i`` plays the rounds ``Round.deal(rules, players=players, seed=…)`` plays for those
seeds. ``reset()`` without a seed deals every table its next round (fresh seeds if it never had
one). A round that ends at the deal (an instant win) has no decision in it: the table deals past it
to its next seed, and ``infos["instant_wins"]`` counts such rounds per table for the call.

**Where this differs from Gymnasium's** ``VectorEnv``: rewards are per seat; the observation holds
the deciding ``seat``; the action mask is part of the observation (as in PettingZoo); there is no
``final_obs``; and the class does not subclass Gymnasium's (it needs NumPy only), so
``observation_space`` and ``action_space`` are described by the constants :data:`OBSERVATION_SIZE`
and :data:`~tienlen.learning.actionspace.ACTION_SPACE_SIZE` instead.

**Workers.** ``workers=2`` runs the tables in two worker processes (tables split as evenly as
possible), which write their rows straight into shared memory; results are the same as in one
process for the same seeds and actions. Close them with :meth:`~TienLenVectorEnv.close` or a
``with`` block. Worker processes are started with the ``spawn`` method, so a script that uses them
must guard its entry point with ``if __name__ == "__main__":``. A worker that dies (killed, out of
memory) or gives no answer within ``timeout`` seconds (30 by default: stopped, stuck) makes the call
that waits for it raise ``RuntimeError`` naming the worker, its process id and what happened (its
exit code or signal, or the silence); the object then closes, killing and reaping every worker.

A step whose actions are refused raises a :class:`~tienlen.TienLenError` subclass saying which table
and why, and steps no table.

>>> from tienlen.learning.vector import TienLenVectorEnv
>>> env = TienLenVectorEnv("house", num_tables=3)
>>> obs, infos = env.reset(seed=7)
>>> obs["observation"].shape, obs["action_mask"].shape, obs["seat"].tolist()
((3, 450), (3, 463), [3, 3, 1])
>>> first_legal = obs["action_mask"].argmax(axis=1)
>>> obs, rewards, terminated, truncated, infos = env.step(first_legal)
>>> rewards.shape, terminated.tolist()
((3, 4), [False, False, False])
"""

from __future__ import annotations

import contextlib
import multiprocessing
import operator
import random
import signal
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, ClassVar

from tienlen._base.checks import check_int
from tienlen._base.extras import requires
from tienlen._base.input import MAX_SEED, shown
from tienlen.errors import IllegalPlay, InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.round import Round
from tienlen.learning.actionspace import ACTION_SPACE_SIZE, CHOICE_LENGTH, Choice, index_label
from tienlen.learning.env import advance, chop_offers, encoded_observation, selected_actions
from tienlen.learning.observation import OBSERVATION_LENGTH
from tienlen.money.checks import check_unit
from tienlen.money.settle import reward_net
from tienlen.variants.checks import check_players, rules_or_profile
from tienlen.variants.profiles import HOUSE
from tienlen.variants.rules import RuleSet

with requires("rl", __name__):
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["TienLenVectorEnv", "OBSERVATION_SIZE", "MAX_TABLES", "MAX_WORKERS", "DEFAULT_TIMEOUT", "MAX_TIMEOUT", "START_SECONDS"]

OBSERVATION_SIZE = OBSERVATION_LENGTH + CHOICE_LENGTH
"""Columns of the ``observation`` array (397 + 53 = 450)."""

MAX_TABLES = 100_000
"""The most tables one object holds."""

MAX_WORKERS = 64
"""The most worker processes one object starts."""

DEFAULT_TIMEOUT = 30.0
"""Seconds :class:`TienLenVectorEnv` waits, by default, for a worker's answer to a reset or a step
(its ``timeout``) before it gives up on the worker."""

MAX_TIMEOUT = 86_400
"""The longest ``timeout`` accepted, in seconds (a day)."""

START_SECONDS = 60.0
"""Seconds the constructor waits, at least, for each worker process to start (a fresh interpreter
importing the library) and build its tables; a longer ``timeout`` applies instead."""

_CLOSE_GRACE = 1.0
"""Seconds :meth:`TienLenVectorEnv.close` lets the workers stop on their own before it kills them."""

_GONE = (EOFError, OSError)
"""What a pipe to a worker raises once the worker has gone (``OSError`` covers ``ConnectionResetError``
and ``BrokenPipeError``)."""


_FIELDS: tuple[tuple[str, Any, int], ...] = (
    # what a step writes, one row per table: name, type, columns (0: one value a table; -1: one per seat)
    ("observation", np.int16, OBSERVATION_SIZE),
    ("action_mask", np.int8, ACTION_SPACE_SIZE),
    ("seat", np.int64, 0),
    ("rewards", np.float64, -1),
    ("terminated", np.bool_, 0),
    ("house", np.float64, 0),
    ("instant_wins", np.int64, 0),
)

_Arrays = dict[str, NDArray[Any]]
"""The arrays of :data:`_FIELDS` by name."""


def _shape(tables: int, players: int, columns: int) -> tuple[int, ...]:
    return (tables, players if columns == -1 else columns) if columns else (tables,)


def _arrays(tables: int, players: int, memory: Sequence[Any] | None = None) -> _Arrays:
    """The arrays of ``tables`` rows, new or laid over ``memory`` (blocks from :func:`_shared`)."""
    if memory is None:
        return {name: np.zeros(_shape(tables, players, columns), dtype) for name, dtype, columns in _FIELDS}
    return {
        name: np.frombuffer(block, dtype).reshape(_shape(tables, players, columns))
        for (name, dtype, columns), block in zip(_FIELDS, memory, strict=True)
    }


def _shared(tables: int, players: int, context: Any) -> list[Any]:
    """Shared memory blocks (``RawArray``) for the arrays of ``tables`` rows, for worker processes to write."""
    return [
        context.RawArray("b", np.dtype(dtype).itemsize * int(np.prod(_shape(tables, players, columns))))
        for _, dtype, columns in _FIELDS
    ]


class _Table:
    """One table: the round in play, the chop offers, the decision in progress and its legal
    indices, and the sequence its later deals are seeded from."""

    __slots__ = ("round", "offers", "choice", "legal", "rng")

    def __init__(self) -> None:
        self.rng = random.Random(random.SystemRandom().getrandbits(63))
        self.round: Round | None = None
        self.offers: tuple[int, ...] = ()
        self.choice = Choice({})
        self.legal: tuple[int, ...] = ()

    def deal(self, rules: RuleSet, players: int, seed: int | None) -> int:
        """Deal the next round (seed ``seed``, which also restarts the sequence, else the sequence's
        next), dealing past rounds that end at the deal; returns how many did."""
        instant = 0
        while True:
            if seed is not None:
                self.rng = random.Random(seed)
                deal_seed = seed
                seed = None
            else:
                deal_seed = self.rng.getrandbits(63)
            round_ = Round.deal(rules, players=players, seed=deal_seed)
            if not round_.is_over:
                break
            instant += 1
        self.round = round_
        self.offers = chop_offers(round_) if rules.interrupt_bombs else ()
        self._decide(Choice.of(self._legal()))
        return instant

    def _legal(self) -> Sequence[Action]:
        assert self.round is not None
        return selected_actions(self.round, self.offers)

    def _decide(self, choice: Choice) -> None:
        self.choice = choice
        self.legal = choice.legal_indices()

    def act(self, index: int) -> Round | None:
        """Take an index of ``self.legal``; the round it finished, if it did (the caller deals the
        next). The index is not checked again: :meth:`TienLenVectorEnv.step` has checked every
        table's against its mask before any table moves, so this is :meth:`Choice.choose
        <tienlen.learning.actionspace.Choice.choose>` without the check."""
        choice = self.choice
        sequence = (*choice.chosen, index)
        chosen = choice.actions.get(sequence)
        if chosen is None:  # a run's span or suit step, not its last
            self._decide(Choice(choice.actions, sequence))
            return None
        round_ = self.round
        assert round_ is not None
        if round_.rules.interrupt_bombs:
            self.round, self.offers = advance(round_, self.offers, chosen)
        else:  # no seat is ever offered a chop out of turn
            self.round = round_.apply(chosen)
        if self.round.is_over:
            return self.round
        self._decide(Choice.of(self._legal()))
        return None

    def seat(self) -> int:
        """The seat that decides now."""
        to_act = self.round.to_act if self.round is not None else None
        assert to_act is not None
        return self.offers[0] if self.offers else to_act

    def observation(self, seat: int) -> bytes:
        """The first :data:`~tienlen.learning.observation.OBSERVATION_LENGTH` numbers of ``seat``'s row, one byte
        each (a seat offered a chop out of turn is one of the offers left)."""
        assert self.round is not None
        return encoded_observation(self.round, seat, self.offers)


class _Tables:
    """Some tables and the rows they write: the work of one process."""

    def __init__(self, rules: RuleSet, players: int, unit: int, out: _Arrays) -> None:
        self.rules, self.players, self.unit = rules, players, unit
        self.out = out
        self.tables = [_Table() for _ in range(len(out["seat"]))]

    def reset(self, seeds: Sequence[int | None]) -> None:
        out = self.out
        out["rewards"][:] = 0
        out["terminated"][:] = False
        out["house"][:] = 0
        for i, (table, seed) in enumerate(zip(self.tables, seeds, strict=True)):
            out["instant_wins"][i] = table.deal(self.rules, self.players, seed)
        self._write()

    def step(self, actions: Sequence[int]) -> None:
        out = self.out
        rewards, terminated, house, instant = out["rewards"], out["terminated"], out["house"], out["instant_wins"]
        rewards[:] = 0
        terminated[:] = False
        house[:] = 0
        instant[:] = 0
        for i, (table, index) in enumerate(zip(self.tables, actions, strict=True)):
            finished = table.act(index)
            if finished is not None:
                net, rake = reward_net(finished.result, self.rules, unit=self.unit)
                rewards[i] = net
                house[i] = rake
                terminated[i] = True
                instant[i] = table.deal(self.rules, self.players, None)
        self._write()

    def _write(self) -> None:
        """Write every table's observation and mask into the buffers: the observations encoded as
        bytes and read by NumPy in one go, the run being chosen (rare) table by table."""
        out = self.out
        tables = self.tables
        seats = [table.seat() for table in tables]
        data = b"".join([table.observation(seat) for table, seat in zip(tables, seats, strict=True)])
        obs = out["observation"]
        obs[:, :OBSERVATION_LENGTH] = np.frombuffer(data, np.int8).reshape(len(tables), OBSERVATION_LENGTH)
        obs[:, OBSERVATION_LENGTH:] = 0
        for i, table in enumerate(tables):
            if table.choice.chosen:
                obs[i, OBSERVATION_LENGTH:] = table.choice.encode()
        out["seat"][:] = seats
        mask = out["action_mask"]
        mask[:] = 0
        flat = [i * ACTION_SPACE_SIZE + index for i, table in enumerate(tables) for index in table.legal]
        mask.reshape(-1)[flat] = 1


def _serve(
    connection: Connection, rules: RuleSet, players: int, unit: int, memory: list[Any], tables: int, start: int, stop: int
) -> None:
    """A worker process: run tables ``start`` to ``stop`` of ``tables``, writing their rows into the
    shared ``memory``, until told to close. Says ``None`` once started, then answers each request
    with ``None``, or the exception it raised."""
    rows = {name: array[start:stop] for name, array in _arrays(tables, players, memory).items()}
    work = _Tables(rules, players, unit, rows)
    connection.send(None)  # started
    while True:
        request, argument = connection.recv()
        if request == "close":
            connection.close()
            return
        try:
            work.reset(argument) if request == "reset" else work.step(argument)
            connection.send(None)
        except Exception as error:  # handed to the parent, which raises it
            connection.send(error)


class TienLenVectorEnv:
    """``num_tables`` tables of ``rules`` (a :class:`~tienlen.RuleSet` or a profile's name) at
    ``players`` seats, stepped together (see the module docs). ``unit`` is what one unit is worth
    (1 for points profiles), as for :class:`~tienlen.learning.env.TienLenEnv`. ``workers=0`` steps the
    tables in this process; ``workers=k`` in ``k`` worker processes (at most one per table).

    ``timeout`` (default :data:`DEFAULT_TIMEOUT` = 30 seconds, a number above 0 and at most
    :data:`MAX_TIMEOUT`) is how long a call waits for a worker's answer before it raises
    ``RuntimeError`` naming the silent worker and closes the object; raise it if one reset or step
    of a worker's share of the tables can take longer. A worker that dies is reported at once,
    whatever the timeout. The constructor waits for the workers to start, up to
    :data:`START_SECONDS` or ``timeout`` if longer each, and raises ``RuntimeError`` the same way if
    one does not.

    Raises :class:`~tienlen.InvalidArgument` for an unknown profile, a player count or unit the
    rules do not allow, a table or worker count out of range, or a bad ``timeout``.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "tienlen_vector_v0", "autoreset_mode": "SameStep"}

    def __init__(
        self,
        rules: RuleSet | str = HOUSE,
        *,
        players: int = 4,
        unit: int | None = None,
        num_tables: int = 16,
        workers: int = 0,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        self.rules = rules_or_profile(rules)
        self.players = check_players(self.rules, players)
        self.unit = check_unit(1 if unit is None else unit, self.rules)
        self.num_envs = check_int(num_tables, "num_tables", 1, MAX_TABLES)
        """How many tables (Gymnasium's name)."""
        self.workers = check_int(workers, "workers", 0, min(MAX_WORKERS, self.num_envs))
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= MAX_TIMEOUT:
            raise InvalidArgument.of("vector-bad-timeout", max_timeout=MAX_TIMEOUT, timeout=shown(timeout))
        self.timeout = float(timeout)
        """Seconds a call waits for a worker's answer."""
        self._started = False
        self._closed = False
        self._connections: list[Connection] = []
        self._processes: list[Any] = []
        if not self.workers:
            self._out = _arrays(self.num_envs, self.players)
            self._local: _Tables | None = _Tables(self.rules, self.players, self.unit, self._out)
            return
        self._local = None
        context = multiprocessing.get_context("spawn")
        memory = _shared(self.num_envs, self.players, context)
        self._out = _arrays(self.num_envs, self.players, memory)
        self._bounds = [self.num_envs * k // self.workers for k in range(self.workers + 1)]
        try:
            for start, stop in zip(self._bounds, self._bounds[1:], strict=False):
                parent, child = context.Pipe()
                process = context.Process(
                    target=_serve,
                    args=(child, self.rules, self.players, self.unit, memory, self.num_envs, start, stop),
                    daemon=True,
                )
                self._connections.append(parent)
                process.start()
                self._processes.append(process)
                child.close()
        except BaseException:
            self.close()
            raise
        self._talk(None, [], max(self.timeout, START_SECONDS))

    # ------------------------------------------------------------------ the API
    def reset(self, seed: int | Sequence[int] | None = None) -> tuple[dict[str, NDArray[Any]], dict[str, NDArray[Any]]]:
        """Deal a round at every table; returns ``(observations, infos)``. ``seed`` seeds table
        ``i`` with ``seed + i``, or is a list of one seed per table; without one each table deals
        its next round (see the module docs). Seeds are whole numbers from 0 to 2**64 - 1.

        Raises :class:`~tienlen.InvalidArgument` for a bad seed or a list of the wrong length.
        """
        self._check_open()
        seeds = self._seeds(seed)
        self._run("reset", seeds)
        self._started = True
        out = self._out
        return self._observations(), {"instant_wins": out["instant_wins"].copy()}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, NDArray[Any]], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, NDArray[Any]]]:
        """Each table's deciding seat takes its action index; returns ``(observations, rewards,
        terminated, truncated, infos)`` (see the module docs), ``infos`` holding ``house`` and
        ``instant_wins`` per table.

        Raises :class:`~tienlen.InvalidArgument` when ``actions`` is not one whole number per
        table, and :class:`~tienlen.IllegalPlay` naming the table, the seat and the legal indices
        when an index is not legal there, or before the first :meth:`reset`; then no table moves.
        """
        self._check_open()
        if not self._started:
            raise IllegalPlay.of("vector-no-round-yet")
        chosen = self._check_actions(actions)
        self._run("step", chosen)
        out = self._out
        infos = {"house": out["house"].copy(), "instant_wins": out["instant_wins"].copy()}
        terminated = out["terminated"].copy()
        return self._observations(), out["rewards"].copy(), terminated, np.zeros_like(terminated), infos

    def close(self) -> None:
        """Stop the worker processes, if any: each is asked to stop, killed if it has not within a
        second (stopped or stuck), and reaped. Calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        for connection in self._connections:
            with contextlib.suppress(*_GONE):  # a worker that is gone already
                connection.send(("close", None))
        deadline = time.monotonic() + _CLOSE_GRACE
        for process in self._processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in self._processes:
            if process.is_alive():
                process.kill()  # SIGKILL: also ends a stopped process
            process.join(5)
        for connection in self._connections:
            connection.close()

    def __enter__(self) -> TienLenVectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def round(self, table: int) -> Round:
        """The round in play at ``table`` (in-process tables only: ``workers=0``).

        Raises :class:`~tienlen.InvalidArgument` for a bad table number or when the tables run in
        workers, and :class:`~tienlen.IllegalPlay` before the first :meth:`reset`."""
        number = None if isinstance(table, bool) or not hasattr(table, "__index__") else operator.index(table)
        if number is None or not 0 <= number < self.num_envs:
            raise InvalidArgument.of("vector-not-a-table", value=self.num_envs - 1, table=shown(table))
        if self._local is None:
            raise InvalidArgument.of("vector-tables-in-workers")
        round_ = self._local.tables[number].round
        if round_ is None:
            raise IllegalPlay.of("vector-no-round-yet")
        return round_

    # ------------------------------------------------------------------ internals
    def _check_open(self) -> None:
        if self._closed:
            raise IllegalPlay.of("vector-closed")

    def _seeds(self, seed: int | Sequence[int] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int) and not isinstance(seed, bool):
            check_int(seed, "seed", 0, MAX_SEED - self.num_envs + 1)
            return [seed + i for i in range(self.num_envs)]
        if isinstance(seed, (str, bytes)) or not isinstance(seed, Sequence) or len(seed) != self.num_envs:
            raise InvalidArgument.of("vector-bad-seeds", num_envs=self.num_envs, seed=shown(seed))
        return [check_int(s, f"seed[{i}]", 0, MAX_SEED) for i, s in enumerate(seed)]

    def _check_actions(self, actions: Any) -> list[int]:
        """The actions as ints, once each is known legal at its table (the masks say so)."""
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or not (np.issubdtype(array.dtype, np.integer) or array.size == 0):
            raise InvalidArgument.of(
                "vector-bad-actions",
                num_envs=self.num_envs,
                actions=shown(actions),
                shape=str(array.shape),
                dtype=str(array.dtype),
            )
        chosen = array.astype(np.int64)
        inside = (chosen >= 0) & (chosen < ACTION_SPACE_SIZE)
        mask = self._out["action_mask"]
        legal = inside & (mask[np.arange(self.num_envs), np.where(inside, chosen, 0)] == 1)
        if not legal.all():
            table = int(np.flatnonzero(~legal)[0])
            index = int(chosen[table])
            seat = int(self._out["seat"][table])
            named = (
                f"{index} ({index_label(index)})" if inside[table] else f"{index} (indices run from 0 to {ACTION_SPACE_SIZE - 1})"
            )
            options = np.flatnonzero(mask[table]).tolist()
            listed = ", ".join(f"{i} ({index_label(i)})" for i in options[:8]) + (" …" if len(options) > 8 else "")
            raise IllegalPlay.of("vector-illegal-action", table=table, seat=seat, named=named, listed=listed)
        listed_actions: list[int] = chosen.tolist()
        return listed_actions

    def _run(self, request: str, argument: list[Any]) -> None:
        """Reset or step every table, here or in the workers."""
        if self._local is not None:
            getattr(self._local, request)(argument)
            return
        bounds = self._bounds
        parts = [argument[bounds[k] : bounds[k + 1]] for k in range(self.workers)]
        for reply in self._talk(request, parts, self.timeout):
            if reply is not None:
                raise reply

    def _talk(self, request: str | None, parts: list[Any], seconds: float) -> list[Any]:
        """Send worker ``k`` the request with ``parts[k]`` (no request: only listen, for the workers'
        start), then wait up to ``seconds`` in all for every worker's answer; the answers. The one
        place that talks to the workers: a worker that has died (its process has ended or its pipe
        is broken) or stays silent past ``seconds`` closes this object and raises ``RuntimeError``
        naming it; so does anything else that interrupts the exchange (a ``KeyboardInterrupt``)
        halfway, with its own exception, since the workers' answers would then be out of step."""
        worker = 0
        try:
            if request is not None:
                for worker, connection in enumerate(self._connections):
                    connection.send((request, parts[worker]))
            deadline = time.monotonic() + seconds
            pending = {connection: k for k, connection in enumerate(self._connections)}
            replies: list[Any] = [None] * self.workers
            while pending:
                ended = {self._processes[k].sentinel: k for k in pending.values()}
                ready = wait([*pending, *ended], max(0.0, deadline - time.monotonic()))
                if not ready:
                    worker = min(pending.values())
                    raise self._lost(worker, f"gave no answer within {seconds:g} s (stopped or stuck)")
                for item in ready:
                    if isinstance(item, int):  # a sentinel: the process has ended
                        worker = ended[item]
                        raise self._lost(worker)
                for item in ready:
                    assert isinstance(item, Connection)
                    worker = pending.pop(item)
                    replies[worker] = item.recv()
            return replies
        except _GONE:
            raise self._lost(worker) from None
        except BaseException:
            self.close()
            raise

    def _lost(self, worker: int, silence: str | None = None) -> RuntimeError:
        """Close everything after worker ``worker`` has ended (or, ``silence`` saying how, stayed
        silent); the error that says so."""
        process = self._processes[worker]
        if silence is None:
            process.join(_CLOSE_GRACE)  # its pipe is broken: it has ended or is ending
        else:
            process.kill()  # at once: it would not stop when asked
        code = process.exitcode
        if silence is not None:
            what = f"{silence}, and was killed"
        elif code is None:
            what = "broke its pipe"
        elif code < 0:
            what = f"was killed by {_signal_name(-code)}"
        else:
            what = f"exited with code {code}"
        start, stop = self._bounds[worker], self._bounds[worker + 1]
        self.close()
        return RuntimeError(
            f"worker process {worker} (pid {process.pid}, tables {start} to {stop - 1}) {what}; its tables are lost, "
            "so this TienLenVectorEnv is closed: make a new one"
        )

    def _observations(self) -> dict[str, NDArray[Any]]:
        out = self._out
        return {"observation": out["observation"].copy(), "action_mask": out["action_mask"].copy(), "seat": out["seat"].copy()}


def _signal_name(number: int) -> str:
    """``signal 9 (SIGKILL)`` for 9, and so on (``signal 99`` for a number this platform does not name)."""
    try:
        return f"signal {number} ({signal.Signals(number).name})"
    except ValueError:
        return f"signal {number}"
