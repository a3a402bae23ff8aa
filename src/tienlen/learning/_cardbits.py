"""Card masks as 52 zeros and ones, both ways (private: the public names are in
:mod:`tienlen.learning.encoding`; the observation codec reads and writes its card fields with these)."""

from __future__ import annotations

import operator
from collections.abc import Sequence

from tienlen._base.input import shown
from tienlen.errors import InvalidCards
from tienlen.game.cards import FULL_MASK, format_cards

__all__ = ["card_bits", "check_mask", "bits_to_mask"]

_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def card_bits(mask: int) -> bytes:
    """The 52 bits of a card mask as bytes (0 or 1), the lowest first: the mask written out in
    binary and read back as bytes, at C speed."""
    return format(mask, "052b")[::-1].encode().translate(_ZERO_ONE)


def check_mask(mask: object) -> int:
    """``mask`` if it is a card mask, else :class:`~tienlen.InvalidCards`."""
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask <= FULL_MASK:
        raise InvalidCards.of("card-mask-not-whole-number", mask=shown(mask))
    return mask


def bits_to_mask(bits: Sequence[int]) -> int:
    """The mask of 52 zeros and ones. Raises :class:`~tienlen.InvalidCards` for any other list."""
    if isinstance(bits, (str, bytes)) or not isinstance(bits, Sequence) or len(bits) != 52:
        raise InvalidCards.of("card-bits-must-52-zeros", bits=shown(bits))
    mask = 0
    for i, bit in enumerate(bits):
        try:
            value = -1 if isinstance(bit, bool) else operator.index(bit)
        except TypeError:
            value = -1
        if value not in (0, 1):
            raise InvalidCards.of("card-bit-each-bit-must", i=i, cards=format_cards(1 << i), bit=shown(bit))
        mask |= value << i
    return mask
