"""The Vietnamese words for cards and moves, as players write them: the one table that the card
reader (:func:`tienlen.parse_cards`) and the action reader (:func:`tienlen.game.actions.parse_action`)
accept, and that the cards page of the documentation prints.

Each word is read as written here or with its diacritics left off (:func:`plain`: ``bích`` or
``bich``, ``đầm`` or ``dam``), in any case, and in any Unicode normal form (the readers normalise
text to NFKC first, which also joins the decomposed NFD spelling). A word with some of its marks
and not others (``bôi``) is not read: each accepted spelling is exact.

The words stand apart from what follows them. A rank word is followed by a space or a suit symbol,
never by a letter: ``heo cơ`` and ``heo♥`` are 2♥, ``bad`` is not "ba" (3) and ♦. Single letters
and digits keep their English meaning and may still run together (``3s4c``); where a word and a
letter begin alike, the longer spelling is tried first (``co`` is cơ, hearts, not ``c`` clubs and
an ``o``; ``tam`` is tám, 8, not ``T``).

The rank words and suit words come from how the game is named in Vietnamese rule texts (2 heo,
A xì, K già, Q đầm, J bồi; cơ, rô, chuồn or nhép, bích; ``ba bích`` for 3♠, ``mười bích`` for
10♠), with the other everyday spellings players use (át and ách for the ace, tép for clubs) and the
counting words for 3 to 10.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Literal, TypeVar

__all__ = ["RANKS", "SUITS", "ACTIONS", "SEAT", "plain", "spellings"]

RANKS: dict[str, int] = {
    "heo": 12,
    "xì": 11,
    "át": 11,
    "ách": 11,
    "già": 10,
    "đầm": 9,
    "bồi": 8,
    "mười": 7,
    "chín": 6,
    "tám": 5,
    "bảy": 4,
    "sáu": 3,
    "năm": 2,
    "bốn": 1,
    "ba": 0,
}
"""Rank words and the rank each names (0 for 3 … 12 for 2, as :class:`tienlen.Rank`)."""

SUITS: dict[str, int] = {
    "bích": 0,
    "chuồn": 1,
    "nhép": 1,
    "tép": 1,
    "rô": 2,
    "cơ": 3,
}
"""Suit words and the suit each names (0 ♠, 1 ♣, 2 ♦, 3 ♥, as :class:`tienlen.Suit`)."""

ACTIONS: dict[str, Literal["play", "pass", "interrupt", "forfeit"]] = {
    "bỏ lượt": "pass",
    "bỏ qua": "pass",
    "bỏ": "pass",
    "qua": "pass",
    "đánh": "play",
    "chặt ngang": "interrupt",
    "chặt": "interrupt",
    "bỏ cuộc": "forfeit",
}
"""Words that begin an action, and the action each means: ``bỏ``, ``bỏ lượt``, ``bỏ qua`` and ``qua``
pass; ``đánh`` plays the cards after it; ``chặt`` or ``chặt ngang`` chops out of turn with them (the English ``chop``);
``bỏ cuộc`` forfeits (leaves the round). Each stands where ``pass``, ``play``, ``chop`` or ``forfeit``
stands, after an optional ``seat N`` or ``ghế N``."""

SEAT = "ghế"
"""The word for a seat, read where ``seat`` is (``ghế 2 bỏ lượt``, or ``ghe 2 bo luot``)."""

_T = TypeVar("_T")


def plain(word: str) -> str:
    """``word`` without its diacritics: tone marks, breve, circumflex and horn dropped, ``đ`` as ``d``.

    >>> plain("Bỏ lượt"), plain("đầm")
    ('Bo luot', 'dam')
    """
    bare = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare.replace("đ", "d").replace("Đ", "D"))


def spellings(table: Mapping[str, _T]) -> dict[str, _T]:
    """Every accepted lower-case spelling of a table's words (as written and :func:`plain`), with its meaning."""
    return {form: meaning for word, meaning in table.items() for form in (word, plain(word))}
