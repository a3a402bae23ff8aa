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
from functools import partial
from typing import Any

import attrs

from tienlen._base import bits as _bits
from tienlen._base.bits import SPADES, TWOS, colours, rank_counts
from tienlen._base.checks import check_lang, check_type
from tienlen._base.codec import WireValue
from tienlen._base.fast import fast
from tienlen._base.input import shown
from tienlen._base.messages import words_of
from tienlen.errors import InvalidArgument, InvalidCombo
from tienlen.game.cards import DECK, FULL_MASK, Card, Cards, cards_of, format_cards, to_mask
from tienlen.variants.checks import check_rules
from tienlen.variants.profiles import HOUSE
from tienlen.variants.rules import RuleSet

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

    def text(self, lang: str = "en") -> str:
        """The kind in words in ``lang``: ``pair run`` in English, ``đôi thông`` in Vietnamese (``"vi"``).

        >>> [kind.text("vi") for kind in ComboKind]
        ['lá lẻ', 'đôi', 'sám cô', 'tứ quý', 'sảnh', 'đôi thông', 'sám cô liên tiếp', 'tứ quý liên tiếp']
        """
        return words_of("kind", self.label, check_lang(lang))


SINGLE, PAIR, TRIPLE, QUAD, STRAIGHT, PAIR_RUN, TRIPLE_RUN, QUAD_RUN = ComboKind
"""The kinds under plain names, for the hot paths: in Python 3.11 reading ``ComboKind.QUAD`` costs
about ten times reading a module's global."""


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
            raise InvalidArgument.of("combo-mask-out-of-range", mask=shown(self.mask))
        if loose_kind(self.mask) is not self.kind:
            raise InvalidCombo.of("cards-not-this-kind", cards=format_cards(self.mask), kind=self.kind.label)

    @property
    def cards(self) -> Cards:
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
        return self.kind <= TRIPLE and self.mask & TWOS != 0

    @property
    def bomb_class(self) -> str | None:
        """``"quad"``, ``"PR3"``, ``"PR4"`` … for a quad or pair run (bomb tables use these names)."""
        if self.kind is QUAD:
            return "quad"
        if self.kind is PAIR_RUN:
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
        from tienlen.show import svg  # pictures sit above the values they draw: imported when first drawn

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
        raise InvalidCombo.of("no-cards")
    problem, kind = _shape(mask, rules)
    if kind is None:
        code, params, particular = problem
        reason = {"code": code, "params": params}
        if particular:
            raise InvalidCombo.of("not-a-combination-under", cards=partial(format_cards, mask), rules=rules.name, reason=reason)
        raise InvalidCombo.of("not-a-combination", cards=partial(format_cards, mask), reason=reason)
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


def _shape(mask: int, rules: RuleSet) -> tuple[tuple[str, dict[str, Any], bool], ComboKind | None]:
    """(the reason's code, its parameters, whether the reason is particular to ``rules``) and the kind, if any."""
    rank = (mask.bit_length() - 1) >> 2
    if mask >> 4 * rank << 4 * rank == mask:  # one rank: single, pair, triple or quad
        kind = _OF_ONE_RANK[mask.bit_count()]
        if kind is ComboKind.PAIR and not _pair_colour_ok(rank, mask >> 4 * rank, rules):
            return ("pair-not-one-colour", {}, True), None
        return ("", {}, False), kind
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
            return ("ranks-not-consecutive", {"ranks": partial(_names, mask)}, False), None
        if rank == TWO and not rules.straight_two_on_top:
            return ("straight-with-a-two", {}, True), None
        if length < rules.straight_min:
            return ("straight-too-short", {"straight_min": rules.straight_min}, rules.straight_min != 3), None
        if rules.straight_same_suit and mask != (mask >> low & 0xF) * held:
            return ("straight-not-one-suit", {}, True), None
        return ("", {}, False), ComboKind.STRAIGHT
    if counts == held << 1:
        if not rules.pair_runs:
            return ("no-pair-runs", {}, True), None
        if not consecutive:
            return ("pairs-not-consecutive", {"ranks": partial(_names, mask)}, False), None
        if rank == TWO:
            return ("pair-run-with-twos", {}, False), None
        if length < rules.pair_run_min:
            return ("pair-run-too-short", {"pair_run_min": rules.pair_run_min}, rules.pair_run_min != 3), None
        if rules.pair_same_colour and not all(_pair_colour_ok(r, mask >> 4 * r & 0xF, rules) for r in range(low >> 2, rank + 1)):
            return ("pair-run-pair-not-one-colour", {}, True), None
        return ("", {}, False), ComboKind.PAIR_RUN
    size = 3 if counts == held * 3 else 4 if counts == held << 2 else 0  # a triple or quad run's sets
    if size and (least := rules.triple_run_min if size == 3 else rules.quad_run_min):
        kind = _RUN_KINDS[size]
        if not consecutive:
            return ("run-sets-not-consecutive", {"sets": kind, "ranks": partial(_names, mask)}, False), None
        if rank == TWO:
            return ("run-with-twos", {"kind": kind}, False), None
        if length < least:
            return ("run-too-short", {"kind": kind, "least": least, "sets": kind}, True), None
        return ("", {}, False), kind
    if rules.triple_run_min or rules.quad_run_min:
        return ("mixed-ranks-or-runs", {}, False), None
    return ("mixed-ranks", {}, False), None


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
