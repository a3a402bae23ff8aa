"""The actions of a round: :class:`~tienlen.events.Action` values and :class:`LegalActions`, the
lazy sequence of one position's legal in-turn actions.

Play actions are shared values, made once per seat and card mask and kept in a bounded table
(at most 32,768 of them, about 5 MB; it starts again empty when it is full).

>>> from tienlen import HOUSE, Round
>>> legal = Round.deal(HOUSE, seed=7).legal_actions()
>>> isinstance(legal, LegalActions), legal[0] in legal
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from attrs.exceptions import FrozenInstanceError

from tienlen._checks import shown
from tienlen.combos import ComboKind, trusted
from tienlen.errors import InvalidArgument
from tienlen.events import Action
from tienlen.moves import Group, combo_of

__all__ = ["Action", "LegalActions"]


class LegalActions(Sequence[Action]):
    """The legal in-turn actions of one seat, as a lazy, read-only sequence.

    Indexing builds the one :class:`Action` asked for; ``in`` looks the cards up; ``len`` counts.
    It compares equal to any sequence of the same actions, and ``str()`` lists them. It is
    immutable, hashable and picklable.
    """

    __slots__ = ("seat", "_groups", "_plays", "_masks", "_can_pass", "_minted")
    seat: int
    _groups: tuple[Group, ...]  # the plays as the move generator gives them, never changed
    _plays: int  # how many plays
    _masks: frozenset[int] | None
    _can_pass: bool
    _minted: dict[int, Action]  # id -> every action this sequence has handed out (kept alive, so ids stay theirs)

    def __init__(self, seat: int, plays: Iterable[tuple[ComboKind, int]], *, can_pass: bool) -> None:
        self._set(seat, tuple((kind, [mask]) for kind, mask in plays), can_pass)

    def _set(self, seat: int, groups: tuple[Group, ...], can_pass: bool) -> None:
        plays = sum(len(masks) for _, masks in groups)
        for name, value in (
            ("seat", seat),
            ("_groups", groups),
            ("_plays", plays),
            ("_masks", None),
            ("_can_pass", can_pass),
            ("_minted", {}),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple[Any, ...]:
        return (legal_actions_of, (self.seat, self._groups, self._can_pass))

    def __len__(self) -> int:
        return self._plays + self._can_pass

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        if not isinstance(index, int):
            raise InvalidArgument(f"legal actions are indexed by whole numbers, not {shown(index)}")
        count = len(self)
        if not -count <= index < count:
            raise IndexError(f"there are {count} legal actions, no number {shown(index)}")
        index %= count
        action = PASSES[self.seat]
        for kind, masks in self._groups:
            if index < len(masks):
                action = play_action(self.seat, kind, masks[index])
                break
            index -= len(masks)
        self._minted[id(action)] = action
        return action

    def handed_out(self, action: object) -> bool:
        """Whether ``action`` is the very object this sequence handed out (so one of its actions):
        the proof that lets :meth:`Round.apply <tienlen.Round.apply>` skip checking it again."""
        return self._minted.get(id(action), _ABSENT) is action

    def __iter__(self) -> Iterator[Action]:
        minted = self._minted
        for kind, masks in self._groups:
            for mask in masks:
                action = play_action(self.seat, kind, mask)
                minted[id(action)] = action
                yield action
        if self._can_pass:
            yield self[-1]

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.seat != self.seat:
            return False
        if action.kind == "pass":
            return self._can_pass
        if self._masks is None:  # a cache of a value that never changes
            object.__setattr__(self, "_masks", frozenset(mask for _, masks in self._groups for mask in masks))
        assert self._masks is not None
        return action.kind == "play" and action.mask in self._masks

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[Action]) -> tuple[Action, ...]:
        return tuple(self) + tuple(other)

    def __radd__(self, other: Sequence[Action]) -> tuple[Action, ...]:
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"

    def __str__(self) -> str:
        return ", ".join("pass" if a.combo is None else str(a.combo) for a in self)


def legal_actions_of(seat: int, groups: tuple[Group, ...], can_pass: bool) -> LegalActions:
    """A :class:`LegalActions` of plays grouped by kind, as the move generator gives them (also
    rebuilds a pickled one)."""
    legal = LegalActions.__new__(LegalActions)
    legal._set(seat, groups, can_pass)
    return legal


_ABSENT = object()  # what no action is

ACTIONS: dict[int, Action] = {}
"""The shared play actions, by card mask and seat (``mask | seat << 52``)."""
ACTIONS_LIMIT = 1 << 15
"""At most this many shared play actions (about 5 MB); the table starts again empty when it is full."""
PASSES = tuple(Action(kind="pass", seat=seat) for seat in range(4))
"""The shared pass action of each seat."""


def play_action(seat: int, kind: ComboKind, mask: int) -> Action:
    """The shared in-turn play :class:`Action` of ``seat`` with the cards of ``mask``."""
    key = mask | seat << 52
    action = ACTIONS.get(key)
    if action is None:
        if len(ACTIONS) >= ACTIONS_LIMIT:
            ACTIONS.clear()
        action = ACTIONS[key] = trusted(Action, kind="play", seat=seat, combo=combo_of(kind, mask))
    return action
