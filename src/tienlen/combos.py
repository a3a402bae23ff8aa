"""Combinations: what may be put on the table, and :func:`classify` to recognise one.

>>> from tienlen import HOUSE, NORTHERN
>>> classify("5♠ 5♥ 6♦ 6♣ 7♠ 7♣", HOUSE)
Combo.parse('5♠ 5♥ 6♣ 6♦ 7♠ 7♣')
>>> classify("5♠ 6♣ 8♦", HOUSE)
Traceback (most recent call last):
...
tienlen.errors.InvalidCombo: 5♠ 6♣ 8♦ is not a combination: ranks 5-6-8 are not consecutive
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from tienlen import _bits
from tienlen._bits import SPADES, TWOS, colours, rank_counts
from tienlen._checks import check_rules, check_type
from tienlen._codec import WireValue
from tienlen._fast import fast
from tienlen._input import shown
from tienlen.cards import DECK, FULL_MASK, Card, cards_of, format_cards, to_mask
from tienlen.errors import InvalidArgument, InvalidCombo
from tienlen.profiles import HOUSE
from tienlen.rules import RuleSet

__all__ = ["ComboKind", "Combo", "classify", "as_combo", "rank_nibbles"]

TWO = _bits.TWO  # the rank index of the 2s


class ComboKind(enum.IntEnum):
    """The shapes of play, in the order :func:`~tienlen.legal_plays` lists them (triple and quad
    runs only where ``triple_run_min`` and ``quad_run_min`` make them combinations)."""

    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    QUAD = 4
    STRAIGHT = 5
    PAIR_RUN = 6
    TRIPLE_RUN = 7
    QUAD_RUN = 8

    @property
    def label(self) -> str:
        """The kind in words: ``single``, ``pair``, ``pair run`` …"""
        return self.name.lower().replace("_", " ")


@attrs.frozen(order=False)
class Combo(WireValue):
    """A combination of cards: its ``kind`` and its cards as a ``mask``.

    ``cards`` (ascending), ``top`` (the highest card, which decides between two combinations of the
    same kind and length) and ``length`` (number of cards) are derived. Build one with
    :func:`classify`. One built by hand is checked: the mask must be a card mask whose cards have
    the shape of ``kind`` under the loosest rules, else :class:`InvalidCombo` is raised (a
    combination of one rule set, a K-A-2 straight say, may stand on the table under another).
    """

    kind: ComboKind
    mask: int

    def __attrs_post_init__(self) -> None:
        check_type(self.kind, ComboKind, "kind", "a ComboKind")
        if isinstance(self.mask, bool) or not isinstance(self.mask, int) or not 0 < self.mask <= FULL_MASK:
            raise InvalidArgument(f"mask must be a card mask from 1 to 2**52 - 1, not {shown(self.mask)}")
        if loose_kind(self.mask) is not self.kind:
            raise InvalidCombo(f"{format_cards(self.mask)} is not a {self.kind.label}")

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, ascending."""
        return cards_of(self.mask)

    @property
    def top(self) -> Card:
        """The highest card."""
        return DECK[self.mask.bit_length() - 1]

    @property
    def length(self) -> int:
        """How many cards the combination holds."""
        return self.mask.bit_count()

    @property
    def is_two_group(self) -> bool:
        """A single 2, a pair of 2s or a triple of 2s."""
        return self.kind <= ComboKind.TRIPLE and self.mask & TWOS != 0

    @property
    def bomb_class(self) -> str | None:
        """``"quad"``, ``"PR3"``, ``"PR4"`` … for a quad or pair run (bomb tables use these names)."""
        if self.kind is ComboKind.QUAD:
            return "quad"
        if self.kind is ComboKind.PAIR_RUN:
            return f"PR{self.length // 2}"
        return None

    @classmethod
    def parse(cls, text: str, rules: RuleSet | None = None) -> Combo:
        """Classify card text (under ``rules``, or the ``house`` profile when omitted).

        Raises :class:`InvalidCombo` when the cards form no combination, and
        :class:`~tienlen.InvalidCards` for unreadable card text.
        """
        return classify(text, HOUSE if rules is None else rules)

    def __str__(self) -> str:
        return format_cards(self.mask)

    def __repr__(self) -> str:
        return f"Combo.parse({format_cards(self.mask)!r})"

    def _repr_svg_(self) -> str:
        from tienlen import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.combo(self)


def rank_nibbles(mask: int) -> list[int]:
    """The suits held in each rank as 4-bit masks, index 0 = rank 3."""
    return [(mask >> (4 * r)) & 0xF for r in range(13)]


def same_colour(nibble: int) -> bool:
    """Whether the suits of a rank nibble are all black or all red."""
    return colours(nibble) != 3


def classify(cards: Iterable[Card] | str | int, rules: RuleSet) -> Combo:
    """The combination these cards form under ``rules``.

    ``cards`` may be :class:`Card` objects, card text or a mask. Raises :class:`InvalidCombo`
    saying why when they form none, and :class:`~tienlen.InvalidCards` for bad card text.
    """
    check_rules(rules)
    mask = to_mask(cards)
    if not mask:
        raise InvalidCombo("no cards is not a combination; play at least one card, or pass")
    problem, kind = _shape(mask, rules)
    if kind is None:
        raise InvalidCombo(
            f"{format_cards(mask)} is not a combination{' under ' + rules.name if problem[1] else ''}: {problem[0]}"
        )
    return _combo(kind, mask)


@fast(Combo)
def _combo(kind: ComboKind, mask: int) -> Combo:
    """A combination :func:`classify` has just proved: it needs no second check."""
    raise NotImplementedError  # fast() writes the body


def as_combo(value: Combo | Iterable[Card] | str | int, rules: RuleSet) -> Combo:
    """``value`` itself when it is a :class:`Combo`, else the combination its cards form
    (:func:`classify`), so public functions take card text where they take a combination."""
    return value if isinstance(value, Combo) else classify(value, rules)


def loose_kind(mask: int) -> ComboKind | None:
    """The kind the cards of ``mask`` have under the loosest rules, or ``None``."""
    rank = (mask.bit_length() - 1) >> 2
    if mask >> 4 * rank << 4 * rank == mask:
        return ComboKind(mask.bit_count())
    ranks = [r for r, n in enumerate(rank_nibbles(mask)) if n]
    counts = {(mask >> 4 * r & 0xF).bit_count() for r in ranks}
    if ranks[-1] - ranks[0] != len(ranks) - 1 or len(counts) != 1:
        return None
    (count,) = counts
    if count == 1:
        return ComboKind.STRAIGHT if len(ranks) >= 3 else None
    if ranks[-1] == TWO or (count == 2 and len(ranks) < 3):
        return None
    return _RUN_KINDS[count]


_RUN_KINDS = {2: ComboKind.PAIR_RUN, 3: ComboKind.TRIPLE_RUN, 4: ComboKind.QUAD_RUN}
_RUN_WORDS = {3: ("triple run", "triples"), 4: ("quad run", "quads")}


def _shape(mask: int, rules: RuleSet) -> tuple[tuple[str, bool], ComboKind | None]:
    """(reason, whether the reason is particular to ``rules``) and the kind, if any."""
    rank = (mask.bit_length() - 1) >> 2
    if mask >> 4 * rank << 4 * rank == mask:  # one rank: single, pair, triple or quad
        kind = _OF_ONE_RANK[mask.bit_count()]
        if kind is ComboKind.PAIR and not _pair_colour_ok(rank, mask >> 4 * rank, rules):
            return ("a pair must be two cards of the same colour", True), None
        return ("", False), kind
    # Several ranks, read on bits: ``held`` has bit 4r for each rank r held, ``counts`` the cards
    # of each rank in its nibble, so one card a rank is ``counts == held``, two ``counts == held << 1``.
    held = mask | mask >> 1
    held = (held | held >> 2) & SPADES
    counts = rank_counts(mask)
    low = (held & -held).bit_length() - 1  # 4 × the lowest rank
    length = held.bit_count()
    consecutive = held == _RANKS_IN_A_ROW[length] << low
    if counts == held:
        if not consecutive:
            return (f"ranks {_names(mask)} are not consecutive", False), None
        if rank == TWO and not rules.straight_two_on_top:
            return ("a straight cannot contain a 2", True), None
        if length < rules.straight_min:
            return (f"a straight needs at least {rules.straight_min} cards", rules.straight_min != 3), None
        if rules.straight_same_suit and mask != (mask >> low & 0xF) * held:
            return ("a straight must be all one suit", True), None
        return ("", False), ComboKind.STRAIGHT
    if counts == held << 1:
        if not rules.pair_runs:
            return ("pair runs are not played", True), None
        if not consecutive:
            return (f"the pairs {_names(mask)} are not consecutive", False), None
        if rank == TWO:
            return ("a pair run cannot contain 2s", False), None
        if length < rules.pair_run_min:
            return (f"a pair run needs at least {rules.pair_run_min} pairs", rules.pair_run_min != 3), None
        if rules.pair_same_colour and not all(_pair_colour_ok(r, mask >> 4 * r & 0xF, rules) for r in range(low >> 2, rank + 1)):
            return ("each pair of a pair run must be one colour", True), None
        return ("", False), ComboKind.PAIR_RUN
    size = 3 if counts == held * 3 else 4 if counts == held << 2 else 0  # a triple or quad run's sets
    if size and (least := rules.triple_run_min if size == 3 else rules.quad_run_min):
        name, sets = _RUN_WORDS[size]
        if not consecutive:
            return (f"the {sets} {_names(mask)} are not consecutive", False), None
        if rank == TWO:
            return (f"a {name} cannot contain 2s", False), None
        if length < least:
            return (f"a {name} needs at least {least} {sets}", True), None
        return ("", False), _RUN_KINDS[size]
    runs = ", or here a triple or quad run (three or four of each)" if rules.triple_run_min or rules.quad_run_min else ""
    return (f"cards of different ranks must form a straight (one of each rank) or a pair run (two of each){runs}", False), None


_OF_ONE_RANK = (None, ComboKind.SINGLE, ComboKind.PAIR, ComboKind.TRIPLE, ComboKind.QUAD)
"""The kind of 1 to 4 cards of one rank, by their number."""
_RANKS_IN_A_ROW = [SPADES & ((1 << (4 * n)) - 1) for n in range(14)]
"""Bit 4i for each of the lowest n ranks, by n."""


def _names(mask: int) -> str:
    """The ranks held in ``mask``, lowest first: ``3-4-6``."""
    return "-".join(DECK[4 * r].rank.symbol for r in range(13) if mask >> 4 * r & 0xF)


def _pair_colour_ok(rank: int, nibble: int, rules: RuleSet) -> bool:
    if not rules.pair_same_colour or (rank == TWO and rules.twos_ignore_suit):
        return True
    return same_colour(nibble)
