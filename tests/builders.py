"""Test helpers shared by the settlement and match tests, and by the card and move text tests."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from tienlen import parse_cards
from tienlen._words import plain
from tienlen.events import Event, InstantWin, RoundResult


def result(
    players: int,
    placements: Sequence[int] = (),
    *,
    hands: Mapping[int, str] | None = None,
    events: Sequence[Event] = (),
    frozen: Sequence[int] = (),
    forfeited: Sequence[int] = (),
    instant: Mapping[int, str] | None = None,
    den_bai: int | None = None,
) -> RoundResult:
    """A RoundResult built by hand: ``hands`` maps seats to card text (other seats hold nothing)."""
    held = hands or {}
    return RoundResult(
        players=players,
        dealer=0,
        first_round=False,
        placements=tuple(placements),
        frozen=tuple(frozen),
        forfeited=tuple(forfeited),
        instant_winners=tuple(InstantWin(seat=s, pattern=p) for s, p in (instant or {}).items()),
        hands=tuple(parse_cards(held.get(s, "")) for s in range(players)),
        events=tuple(events),
        den_bai=den_bai,
    )


def spelt(word: str) -> list[str]:
    """Every way a word of the Vietnamese word table may be written: as the table has it (NFC),
    decomposed (NFD) and without diacritics, each in lower, upper, title and mixed case."""
    forms = [word, unicodedata.normalize("NFD", word), plain(word)]
    return [f(form) for form in forms for f in (str.lower, str.upper, str.title, _mixed_case)]


def _mixed_case(text: str) -> str:
    return "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(text))
