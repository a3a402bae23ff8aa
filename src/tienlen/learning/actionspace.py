"""A fixed, exact discrete action space of :data:`ACTION_SPACE_SIZE` indices, for learning code.

Learning frameworks want every action to be one of a fixed set of numbers and a 0/1 mask saying
which are legal now. A Tiến Lên action is a set of cards, and the card sets that are combinations
are far too many to number one by one: a straight or pair run may take any suit (or suit pair) at
each of its ranks, so there are 119,304,384 straights and 3,134,566,080 pair runs (and, where a
rule set plays them, runs of triples). This module
numbers every action anyway, *exactly*, by letting a run be chosen in several steps:

=================  =====  =======================================================================
indices            count  meaning
=================  =====  =======================================================================
0                  1      pass (or decline an out-of-turn chop)
1 … 52             52     a single: ``1 + card index`` (3♠ = 1 … 2♥ = 52)
53 … 130           78     a pair: 6 per rank, by rank, then by suits (♠♣, ♠♦, ♣♦, ♠♥, ♣♥, ♦♥)
131 … 182          52     a triple: 4 per rank, by rank, then by suits (♠♣♦, ♠♣♥, ♠♦♥, ♣♦♥)
183 … 195          13     a quad, by rank
196 … 261          66     *start* a straight over ranks ``low … low + length - 1`` (3 to 13 ranks;
                          by length, then by lowest rank)
262 … 316          55     *start* a pair run over ranks ``low … low + length - 1`` (3 to 12 ranks,
                          no 2; by length, then by lowest rank)
317 … 320          4      the suit of the next rank of the straight being chosen (♠ ♣ ♦ ♥)
321 … 326          6      the two suits of the next rank of the pair run being chosen (order as
                          for pairs)
327 … 392          66     *start* a triple run over ranks ``low … low + length - 1`` (2 to 12
                          ranks, no 2; by length, then by lowest rank)
393 … 458          66     a quad run over ranks ``low … low + length - 1`` (2 to 12 ranks, no 2;
                          by length, then by lowest rank)
459 … 462          4      the three suits of the next rank of the triple run being chosen (order
                          as for triples)
=================  =====  =======================================================================

A single, pair, triple, quad, quad run or pass is one index. A straight, pair run or triple run of
``n`` ranks is ``1 + n`` indices: its rank span, then the suits of each rank from the lowest up.
The blocks from 327 on name the triple and quad runs that only rule sets with ``triple_run_min``
or ``quad_run_min`` play; they were added after the first 327, which kept their numbers. The code is
prefix-free (the span says how many suit steps follow), so a sequence names one card set and each
card set in the space has one sequence: :func:`action_indices` and :func:`indices_mask` are
inverse. The space does not depend on the rule set: indices that a rule set never allows
(straights topped by a 2 where they are not, pair runs where there are none, triple and quad runs
where they are not played) are simply never legal under it.

**Exactness.** :class:`Choice` is a decision in progress: it holds the legal actions of the seat
to step and the indices chosen so far, and offers as legal exactly the next indices of the legal
actions' sequences that continue what was chosen. So every legal action is reached by one sequence
of legal indices, every sequence of legal indices ends in a legal action, and nothing is ever
refused halfway (the tests walk every sequence at every ply and compare with
:meth:`tienlen.Round.legal_actions`).

>>> from tienlen import HOUSE, Round, parse_cards
>>> from tienlen.game.cards import mask_of
>>> action_indices(mask_of(parse_cards("3♠ 4♦ 5♥")))
(196, 317, 319, 320)
>>> [index_label(i) for i in (196, 317, 319, 320)]
['straight 3…5', 'suit ♠', 'suit ♦', 'suit ♥']
>>> round_ = Round.from_hands(["3♠ 4♦ 5♥ 9♣", "6♠ 7♠ 8♠ 10♥"], HOUSE)
>>> choice = Choice.of(round_.legal_actions())
>>> choice.legal_indices()
(1, 196)
>>> choice = choice.choose(196)
>>> choice.legal_indices()
(317,)
>>> choice.choose(317).choose(319).choose(320)
Action(kind='play', seat=0, combo=Combo.parse('3♠ 4♦ 5♥'))
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, SupportsIndex

import attrs

from tienlen._base.cache import BoundedCache
from tienlen._base.checks import check_type
from tienlen._base.fast import slot_setter
from tienlen._base.input import is_whole, shown
from tienlen.errors import IllegalPlay, InvalidCombo
from tienlen.game.actions import Action, LegalActions
from tienlen.game.cards import FULL_MASK, Rank, Suit, format_cards
from tienlen.game.combos import ComboKind, rank_nibbles

__all__ = [
    "ACTION_SPACE_SIZE",
    "PASS_INDEX",
    "RUN_SHAPES",
    "SET_RUN_SHAPES",
    "CHOICE_LENGTH",
    "MAX_SEQUENCE",
    "action_indices",
    "indices_mask",
    "index_label",
    "Choice",
]

_SUIT_SETS = tuple(sorted(range(1, 16), key=lambda m: (m.bit_count(), m)))
"""The 15 non-empty sets of suits as 4-bit masks, by size, then by mask."""
_PER_RANK = {size: tuple(m for m in _SUIT_SETS if m.bit_count() == size) for size in range(1, 5)}
_GROUP_BASE = {size: 1 + 13 * sum(len(_PER_RANK[s]) for s in range(1, size)) for size in range(1, 5)}

RUN_SHAPES: tuple[tuple[ComboKind, int, int], ...] = tuple(
    (kind, low, length)
    # straights over ranks 3 … 2 (a 2 may top one under some rules), pair runs over 3 … A
    for kind, ranks in ((ComboKind.STRAIGHT, Rank.TWO + 1), (ComboKind.PAIR_RUN, Rank.TWO))
    for length in range(3, ranks + 1)
    for low in range(ranks - length + 1)
)
"""The run spans that start a straight or pair run, in index order, as ``(kind, lowest rank, ranks)``."""
SET_RUN_SHAPES: tuple[tuple[ComboKind, int, int], ...] = tuple(
    (kind, low, length)
    for kind in (ComboKind.TRIPLE_RUN, ComboKind.QUAD_RUN)  # over ranks 3 … A
    for length in range(2, Rank.TWO + 1)
    for low in range(Rank.TWO - length + 1)
)
"""The spans of triple runs (each followed by its suit steps) and of quad runs (whole actions), in
index order from 327, as ``(kind, lowest rank, ranks)``."""

PASS_INDEX = 0
"""The index of a pass (or of declining an out-of-turn chop)."""
_RUN_BASE = _GROUP_BASE[4] + 13
_STEP_BASE = _RUN_BASE + len(RUN_SHAPES)
_SET_RUN_BASE = _STEP_BASE + len(_PER_RANK[1] + _PER_RANK[2])
_TRIPLE_STEP_BASE = _SET_RUN_BASE + len(SET_RUN_SHAPES)
ACTION_SPACE_SIZE = _TRIPLE_STEP_BASE + len(_PER_RANK[3])
"""How many indices the action space has (463)."""
_SPAN = {_RUN_BASE + i: shape for i, shape in enumerate(RUN_SHAPES)} | {
    _SET_RUN_BASE + i: shape for i, shape in enumerate(SET_RUN_SHAPES)
}
"""Each run span's index and its ``(kind, lowest rank, ranks)``."""
_RUN_INDEX = {shape: index for index, shape in _SPAN.items()}
_STEP_INDICES = {  # the suit-step indices of each run kind, by the suits they fix at a rank
    ComboKind.STRAIGHT: {suits: _STEP_BASE + i for i, suits in enumerate(_PER_RANK[1])},
    ComboKind.PAIR_RUN: {suits: _STEP_BASE + 4 + i for i, suits in enumerate(_PER_RANK[2])},
    ComboKind.TRIPLE_RUN: {suits: _TRIPLE_STEP_BASE + i for i, suits in enumerate(_PER_RANK[3])},
    ComboKind.QUAD_RUN: {},  # a quad run is named by its span alone
}
_STEP_SUITS = {index: suits for steps in _STEP_INDICES.values() for suits, index in steps.items()}
"""Each suit-step index and the suits it fixes at its rank."""
_RUN_KINDS = {1: ComboKind.STRAIGHT, 2: ComboKind.PAIR_RUN, 3: ComboKind.TRIPLE_RUN, 4: ComboKind.QUAD_RUN}

MAX_SEQUENCE = 14
"""The longest index sequence (14): a straight's span, then one suit step at each of its 13 ranks."""

CHOICE_LENGTH = 53
"""Ints in :meth:`Choice.encode`: the run span index chosen (0 if none), then 52 card bits."""


def action_indices(mask: int) -> tuple[int, ...]:
    """The index sequence naming the card set ``mask`` (``0`` = pass): one index, or a run's span
    then the suits of each of its ranks from the lowest.

    Raises :class:`~tienlen.InvalidCombo` for a card set of no shape the space names (cards of
    several ranks that are not as many cards at each of consecutive ranks).
    """
    if not is_whole(mask, 0, FULL_MASK):
        raise InvalidCombo.of("not-a-card-mask", mask=shown(mask))
    indices = _INDICES.get(mask)
    return indices if indices is not None else _INDICES.put(mask, _indices(mask))


def _indices(mask: int) -> tuple[int, ...]:
    """:func:`action_indices` of a card mask, worked out."""
    if mask == 0:
        return (PASS_INDEX,)
    nibbles = rank_nibbles(mask)
    ranks = [r for r, suits in enumerate(nibbles) if suits]
    suits = [nibbles[r] for r in ranks]
    if len(ranks) == 1:
        size = suits[0].bit_count()
        return (_GROUP_BASE[size] + ranks[0] * len(_PER_RANK[size]) + _PER_RANK[size].index(suits[0]),)
    sizes = {s.bit_count() for s in suits}
    kind = _RUN_KINDS[sizes.pop()] if len(sizes) == 1 else None
    shape = (kind, ranks[0], len(ranks))
    if kind is None or ranks[-1] - ranks[0] + 1 != len(ranks) or shape not in _RUN_INDEX:
        raise InvalidCombo.of("not-a-combination-of-any-kind", mask=format_cards(mask))
    steps = _STEP_INDICES[kind]
    return (_RUN_INDEX[shape], *(steps[s] for s in suits if steps))


_INDICES: BoundedCache[int, tuple[int, ...]] = BoundedCache("action indices", limit=1 << 16, holds="card masks")
"""The index sequence of each card mask a choice offered (about 1.4 MB when full)."""


def indices_mask(indices: Sequence[int]) -> int:
    """The card set a whole index sequence names (``0`` for a pass): the inverse of :func:`action_indices`.

    Raises :class:`~tienlen.IllegalPlay` saying what is wrong when ``indices`` is no such sequence
    (or no sequence at all; at most :data:`MAX_SEQUENCE` indices are read).
    """
    try:
        indices = tuple(islice(indices, MAX_SEQUENCE + 1))
    except TypeError:  # not iterable
        raise IllegalPlay.of("give-indices-from-0-one", indices=shown(indices), value=ACTION_SPACE_SIZE - 1) from None
    if not indices or len(indices) > MAX_SEQUENCE or not all(is_whole(i, 0, ACTION_SPACE_SIZE - 1) for i in indices):
        raise IllegalPlay.of("give-indices-from-0-one", indices=shown(list(indices)), value=ACTION_SPACE_SIZE - 1)
    first, steps = indices[0], indices[1:]
    if first < _RUN_BASE:
        if steps:
            raise IllegalPlay.of("whole-action-nothing-may-follow", first=index_label(first))
        if first == PASS_INDEX:
            return 0
        size = next(s for s in (4, 3, 2, 1) if first >= _GROUP_BASE[s])
        rank, pos = divmod(first - _GROUP_BASE[size], len(_PER_RANK[size]))
        return _PER_RANK[size][pos] << (4 * rank)
    if first in _STEP_SUITS:
        raise IllegalPlay.of("continues-run-choose-run-span", first=index_label(first))
    kind, low, length = _SPAN[first]
    if kind is ComboKind.QUAD_RUN:
        if steps:
            raise IllegalPlay.of("whole-action-nothing-may-follow", first=index_label(first))
        return sum(15 << (4 * (low + k)) for k in range(length))
    allowed = _STEP_INDICES[kind].values()
    if len(steps) != length or any(i not in allowed for i in steps):
        width = ("one suit", "two suits", "three suits")[kind - ComboKind.STRAIGHT]
        raise IllegalPlay.of("needs-suit-steps-each", first=index_label(first), length=length, width=width, steps=list(steps))
    return _run_mask(low, steps)


def _run_mask(low: int, steps: Sequence[int]) -> int:
    """The cards fixed by a run's suit steps, the first at rank ``low``."""
    return sum(_STEP_SUITS[i] << (4 * (low + k)) for k, i in enumerate(steps))


def index_label(index: int) -> str:
    """A short description of one index: ``"pass"``, ``"pair 3♠ 3♣"``, ``"straight 3…7"``, ``"suits ♠♥"``.

    Raises :class:`~tienlen.IllegalPlay` for a number outside the space.
    """
    if not is_whole(index, 0, ACTION_SPACE_SIZE - 1):
        raise IllegalPlay.of("action-index-indices-run-from", index=shown(index), value=ACTION_SPACE_SIZE - 1)
    if index == PASS_INDEX:
        return "pass"
    if index < _RUN_BASE:
        mask = indices_mask((index,))
        return f"{('single', 'pair', 'triple', 'quad')[mask.bit_count() - 1]} {format_cards(mask)}"
    if index in _SPAN:
        kind, low, length = _SPAN[index]
        return f"{kind.label} {Rank(low).symbol}…{Rank(low + length - 1).symbol}"
    suits = _STEP_SUITS[index]
    symbols = "".join(suit.symbol for suit in Suit if suits >> suit & 1)
    return f"suit{'s' if len(symbols) > 1 else ''} {symbols}"


def _whole(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number of any integer type (NumPy's included)."""
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


@attrs.frozen
class Choice:
    """A decision in progress: the legal actions of the seat to step, by index sequence, and the
    indices chosen so far. Build one with :meth:`of`, read :meth:`legal_indices` (or :meth:`mask`),
    and :meth:`choose` an index: the result is the next :class:`Choice` or, once the sequence is
    whole, the chosen :class:`~tienlen.Action`.
    """

    actions: Mapping[tuple[int, ...], Action] = attrs.field(repr=False, hash=False)
    chosen: tuple[int, ...] = ()
    # made on first ask (a value that never changes): the legal next indices
    _legal: tuple[int, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @classmethod
    def of(cls, actions: Iterable[Action]) -> Choice:
        """A fresh choice among ``actions`` (the legal actions of one seat, each a different card set).

        Raises :class:`~tienlen.InvalidArgument` when ``actions`` is not a collection of
        :class:`~tienlen.Action` values."""
        if isinstance(actions, LegalActions):
            return cls(_ByIndices(actions))
        check_type(actions, Iterable, "actions", "the legal actions of one seat")
        by_indices: dict[tuple[int, ...], Action] = {}
        for action in actions:  # read once: a generator is read as a list
            check_type(action, Action, "each action", "an Action")
            by_indices[action_indices(action.mask)] = action
        return cls(by_indices)

    def legal_indices(self) -> tuple[int, ...]:
        """The indices that may be chosen next, ascending."""
        legal = self._legal
        if legal is None:
            depth, chosen = len(self.chosen), self.chosen
            if depth:
                legal = tuple(sorted({seq[depth] for seq in self.actions if seq[:depth] == chosen}))
            else:
                legal = tuple(sorted({seq[0] for seq in self.actions}))
            _set_legal(self, legal)
        return legal

    def mask(self) -> list[int]:
        """:meth:`legal_indices` as :data:`ACTION_SPACE_SIZE` zeros and ones."""
        out = [0] * ACTION_SPACE_SIZE
        for index in self.legal_indices():
            out[index] = 1
        return out

    def choose(self, index: SupportsIndex) -> Choice | Action:
        """Choose ``index``: the :class:`~tienlen.Action` it completes, or the choice with it added.

        Raises :class:`~tienlen.IllegalPlay` naming the index and the legal ones when it is not
        legal now; the choice is unchanged (it is a value).
        """
        legal = self.legal_indices()
        number = None if isinstance(index, bool) else _whole(index)
        if number is None or number not in legal:
            legal_text = ", ".join(f"{i} ({index_label(i)})" for i in legal[:8]) + (" …" if len(legal) > 8 else "")
            described = f" ({index_label(number)})" if number is not None and 0 <= number < ACTION_SPACE_SIZE else ""
            raise IllegalPlay.of("action-index-legal-now-legal", index=shown(index), described=described, shown=legal_text)
        chosen = (*self.chosen, number)
        action = self.actions.get(chosen)
        return action if action is not None else Choice(self.actions, chosen)

    def next_index(self, action: Action) -> int:
        """The index to choose next on the way to ``action`` (one of the legal actions), so any
        :class:`~tienlen.Agent` can play through an adapter: choose it until the action is done.

        Raises :class:`~tienlen.IllegalPlay` when ``action`` is not legal here or the indices chosen
        so far lead elsewhere.
        """
        sequence = action_indices(action.mask) if isinstance(action, Action) else None
        if sequence is None or self.actions.get(sequence) != action or sequence[: len(self.chosen)] != self.chosen:
            raise IllegalPlay.of("reachable-from-choice-chosen-so", action=action, chosen=list(self.chosen))
        return sequence[len(self.chosen)]

    def encode(self) -> list[int]:
        """The choice so far as :data:`CHOICE_LENGTH` ints: the run span index chosen (0 if none),
        then the 52 bits of the cards its suit steps have fixed."""
        if not self.chosen:
            return [0] * CHOICE_LENGTH
        mask = _run_mask(_SPAN[self.chosen[0]][1], self.chosen[1:])
        return [self.chosen[0]] + [(mask >> i) & 1 for i in range(52)]


_set_legal = slot_setter(Choice, "_legal")


class _ByIndices(Mapping[tuple[int, ...], Action]):
    """:class:`~tienlen.game.actions.LegalActions` by index sequence, read from their card masks: an
    action is built (handed out, so :meth:`Round.apply <tienlen.Round.apply>` takes it without a
    second check) only when a whole sequence is looked up, not one per legal action."""

    __slots__ = ("_legal", "_masks")

    def __init__(self, legal: LegalActions) -> None:
        indices = _INDICES.get
        self._legal = legal
        # the masks of legal actions are combinations (or 0), each one sequence of the space
        self._masks = {indices(mask) or _INDICES.put(mask, _indices(mask)): mask for mask in legal.masks()}

    def __getitem__(self, sequence: tuple[int, ...]) -> Action:
        action = self._legal.by_mask(self._masks[sequence])
        assert action is not None  # every mask is one of the legal actions'
        return action

    def get(self, sequence: tuple[int, ...], default: object = None) -> Any:
        mask = self._masks.get(sequence)
        return default if mask is None else self._legal.by_mask(mask)

    def __contains__(self, sequence: object) -> bool:
        return sequence in self._masks

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self._masks)

    def __len__(self) -> int:
        return len(self._masks)
