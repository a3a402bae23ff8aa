"""Cards, ranks and suits, their notation, and card sets as 52-bit integers.

A card's index is ``rank * 4 + suit``: 3♠ is 0 and 2♥ is 51, so integer order is game order.
A set of cards is an ``int`` whose bit ``i`` is set when the card of index ``i`` is in it.

>>> Card.parse("10h")
Card.parse('10♥')
>>> format_cards(parse_cards("2d 3s Th"))
'3♠ 10♥ 2♦'

Card text is forgiving: it is NFKC-normalised first (full-width ``１０Ｈ`` reads as ``10H``), invisible
characters such as the emoji variation selector in a phone's ``Q♥️`` are dropped, letters may be in
any case, and the suits may be symbols (``♠ ♣ ♦ ♥``, ``♤ ♧ ♢ ♡``, ``❤``), letters (``s c d h``) or
Vietnamese words (``bích``, ``chuồn``/``nhép``/``tép``, ``rô``, ``cơ``). Ranks may be Vietnamese words
too (``heo`` 2, ``xì`` A, ``già`` K, ``đầm`` Q, ``bồi`` J, ``ba`` … ``mười`` 3 … 10); every word is
read with or without its diacritics. The words, and the rule for words that look like letters, are
in ``tienlen.game._words`` and on the cards page of the documentation.

>>> format_cards(parse_cards("Q♥\ufe0f １０ｄ 3 BÍCH heo cơ xi bich"))
'3♠ 10♦ Q♥ A♠ 2♥'
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import total_ordering
from typing import Any, NoReturn

from attrs.exceptions import FrozenInstanceError

from tienlen._base.fast import fast
from tienlen._base.input import MAX_CARD_TEXT, check_text, shown, without_invisible
from tienlen.errors import InvalidCards
from tienlen.game import _words

__all__ = ["Rank", "Suit", "Card", "Cards", "DECK", "FULL_MASK", "parse_cards", "format_cards", "mask_of", "cards_of"]


class Rank(enum.IntEnum):
    """Card ranks in game order, 3 lowest and 2 highest."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12

    @property
    def symbol(self) -> str:
        """The rank as printed: ``3`` … ``10``, ``J``, ``Q``, ``K``, ``A``, ``2``."""
        return _RANK_SYMBOLS[self]


class Suit(enum.IntEnum):
    """Suits in game order: ♠ < ♣ < ♦ < ♥."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♣ ♦ ♥``."""
        return "♠♣♦♥"[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (♦ ♥); ♠ ♣ are black."""
        return self >= Suit.DIAMONDS


_RANK_SYMBOLS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_RANK_WORDS = {s.lower(): i for i, s in enumerate(_RANK_SYMBOLS)} | {"t": 7} | _words.spellings(_words.RANKS)
_SUIT_WORDS = {
    "♠": 0,
    "s": 0,
    "♤": 0,
    "♣": 1,
    "c": 1,
    "♧": 1,
    "♦": 2,
    "d": 2,
    "♢": 2,
    "♥": 3,
    "h": 3,
    "♡": 3,
    "❤": 3,
} | _words.spellings(_words.SUITS)


def _either(spelt: Iterable[str], apart: str = "") -> str:
    """A regular expression matching any of these spellings, where one that begins another is tried
    after it, so that the longer wins (``co`` before ``c``, ``tam`` before ``t``); the single
    characters that begin no other come first, as one set. ``apart`` follows every word of two
    letters or more."""
    spelt = set(spelt)

    def begins(word: str) -> int:
        return sum(other.startswith(word) for other in spelt)

    single = "".join(sorted(w for w in spelt if len(w) == 1 and begins(w) == 1))
    rest = sorted(spelt.difference(single), key=lambda w: (begins(w), len(w), w))
    words = [re.escape(w) + (apart if w.isalpha() and len(w) > 1 else "") for w in rest]
    return "|".join([f"[{re.escape(single)}]", *words] if single else words)


# One token of lower-cased text: a rank, optional spaces, then a suit. A rank word (heo, xì, ...;
# see tienlen.game._words) must not run on into a letter ("bad" is not ba and d); a suit word may run on
# into the next card but not into other letters, which _parse_tokens checks (to quote the token).
_TOKEN = re.compile("(" + _either(_RANK_WORDS, apart=r"(?![^\W\d_])") + r")\s*(" + _either(_SUIT_WORDS) + ")")


@total_ordering
class Card:
    """One of the 52 cards. There is exactly one instance per card; compare with ``==`` or ``is``.

    Build one with :meth:`Card.parse` or :meth:`Card.of`; ``Card.index`` is ``rank * 4 + suit``.
    """

    __slots__ = ("index", "rank", "suit", "mask")
    index: int
    rank: Rank
    suit: Suit
    mask: int

    def __new__(cls, index: int) -> Card:
        """The shared instance of the card with this index (0 = 3♠ … 51 = 2♥)."""
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < 52:
            return DECK[index]
        raise InvalidCards.of("no-card-with-index", index=shown(index))

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError()

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit (a :class:`Rank` and a :class:`Suit`, or their values 0-12 and 0-3).

        >>> Card.of(Rank.ACE, Suit.HEARTS)
        Card.parse('A♥')
        """
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (rank, suit)) or not (
            0 <= rank <= 12 and 0 <= suit <= 3
        ):
            raise InvalidCards.of("no-card-with-rank-suit", rank=shown(rank), suit=shown(suit))
        return DECK[rank * 4 + suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``10♥``, ``10h``, ``Th``, ``T♥``, ``2d``, ``3 bích``, ``K rô``, ``heo cơ``.

        Raises :class:`InvalidCards` naming the text when it is not exactly one card.
        """
        cards = _parse_tokens(text)
        if len(cards) != 1:
            raise InvalidCards.of("not-one-card", text=shown(_normalise(text)))
        return cards[0]

    @property
    def is_red(self) -> bool:
        """Whether the card is red (♦ ♥)."""
        return self.suit >= 2

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self.rank] + "♠♣♦♥"[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from tienlen.show import drawing  # pictures sit above the values they draw: imported when first drawn

        return drawing.card_document(self.rank.symbol, self.suit.symbol, red=self.is_red)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


@fast(Card)
def _card(index: int, rank: Rank, suit: Suit, mask: int) -> Card:
    """One of the 52 shared cards, made once (``Card(index)`` hands out these)."""
    raise NotImplementedError  # fast() writes the body


DECK: tuple[Card, ...] = tuple(_card(i, Rank(i >> 2), Suit(i & 3), 1 << i) for i in range(52))
"""The 52 shared card instances in game order: ``DECK[0]`` is 3♠, ``DECK[51]`` is 2♥."""

FULL_MASK = (1 << 52) - 1
"""The mask of the whole deck."""


class Cards(tuple[Card, ...]):
    """Some cards, ascending, each once: a tuple of :class:`Card` that reads as its cards.

    Every set of cards the library hands out is one (a hand, a combination's cards, what a round
    result says each seat held, :func:`parse_cards`). It is a plain tuple in every other way (equal
    to, and hashed as, the tuple of the same cards); ``str()`` is the cards' text and ``repr()`` the
    call that reads them back (``()`` when there are none):

    >>> hand = parse_cards("5d 3s 10h")
    >>> hand
    parse_cards('3♠ 5♦ 10♥')
    >>> print(hand)
    3♠ 5♦ 10♥
    >>> hand[0], hand == (Card.parse("3s"), Card.parse("5d"), Card.parse("10h"))
    (Card.parse('3♠'), True)
    """

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"parse_cards({str(self)!r})" if self else "()"


def _normalise(text: str) -> str:
    """NFKC form without invisible characters (format characters, variation selectors)."""
    return without_invisible(unicodedata.normalize("NFKC", text))


def _lower(text: str) -> str:
    """Lower case, character by character, keeping the length (so positions stay the same)."""
    return "".join(low if len(low := c.lower()) == 1 else c for c in text)


def _parse_tokens(text: str) -> list[Card]:
    text = _normalise(check_text(text, "card text", MAX_CARD_TEXT, InvalidCards))
    low = _lower(text)
    cards: list[Card] = []
    pos = 0
    while True:
        while pos < len(text) and (text[pos].isspace() or text[pos] in ",;"):
            pos += 1
        if pos == len(text):
            return cards
        match = _TOKEN.match(low, pos)
        # A suit word must not run on into letters ("3 bíchx"), except into the next card ("3s4c").
        if match is None or (match.end() < len(text) and _is_word(match.group(2)) and text[match.end()].isalpha()):
            end = pos if match is None else match.end()  # a rank and a suit word may stand apart
            while end < len(text) and not (text[end].isspace() or text[end] in ",;"):
                end += 1
            raise InvalidCards.of("unreadable-card", text=shown(text[pos:end]))
        rank = _RANK_WORDS[match.group(1)]
        cards.append(DECK[rank * 4 + _SUIT_WORDS[match.group(2)]])
        pos = match.end()


def _is_word(suit: str) -> bool:
    return len(suit) > 1


def parse_cards(text: str) -> Cards:
    """Read a set of cards, sorted ascending: ``"3♠ 4♣ 5♦"``, ``"3s4c5d"``, ``"3S,4C,5D"``.

    Raises :class:`InvalidCards` naming the offending token, or the card written twice.

    >>> parse_cards("5d, 3s 4c")
    parse_cards('3♠ 4♣ 5♦')
    """
    cards = _parse_tokens(text)
    seen = 0
    for card in cards:
        if seen & card.mask:
            raise InvalidCards.of("card-written-twice", card=card, text=shown(_normalise(text)))
        seen |= card.mask
    return cards_of(seen)


def format_cards(cards: Iterable[Card] | int) -> str:
    """Cards (or a mask) as text, ascending, space separated, with suit symbols.

    Raises :class:`InvalidCards` when ``cards`` holds something that is not a :class:`Card`, or the
    same card twice.

    >>> format_cards([Card.parse("2h"), Card.parse("3s")])
    '3♠ 2♥'
    """
    mask = to_mask(cards)
    return " ".join(str(c) for c in cards_of(mask))


def mask_of(cards: Iterable[Card]) -> int:
    """The 52-bit mask of some cards. Raises :class:`InvalidCards` on a repeated card or a non-card."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidCards.of("not-cards", cards=shown(cards))
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidCards.of("not-a-card", card=shown(card))
        if mask & card.mask:
            raise InvalidCards.of("card-given-twice", card=card)
        mask |= card.mask
    return mask


def cards_of(mask: int) -> Cards:
    """The cards of a mask (a whole number from 0 to ``FULL_MASK``), ascending.

    Raises :class:`InvalidCards` for a number outside that range.
    """
    return Cards(DECK[i] for i in iter_indices(to_mask(mask)))


def iter_indices(mask: int) -> Iterator[int]:
    """The card indices set in ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def to_mask(cards: Iterable[Card] | str | int) -> int:
    """Accept card text, cards, or a mask, and return the mask (checking text and duplicates).

    Raises :class:`InvalidCards` for unreadable text, a repeated card, something that is not a
    card, or a number that is not a card mask.
    """
    if isinstance(cards, str):
        return mask_of(parse_cards(cards))
    if isinstance(cards, int):
        if isinstance(cards, bool) or cards < 0 or cards > FULL_MASK:
            raise InvalidCards.of("card-mask-out-of-range", cards=shown(cards))
        return cards
    return mask_of(cards)
