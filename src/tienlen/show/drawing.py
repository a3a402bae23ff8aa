"""SVG drawing primitives: card faces, card backs, labels and the standalone document around them.

This module imports nothing from the package (it works on rank and suit symbols), so the core
types can draw themselves without an import cycle; :mod:`tienlen.show.svg` builds hands, tricks and
positions from these parts. Coordinates are in SVG user units, one card being
:data:`CARD_WIDTH` by :data:`CARD_HEIGHT`.

>>> print(face(0, 0, "10", "♥", red=True).splitlines()[0])
<g class="card" data-card="10♥" transform="translate(0 0)">
"""

from __future__ import annotations

from html import escape as _escape_markup

__all__ = [
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "RED",
    "BLACK",
    "face",
    "back",
    "label",
    "badge",
    "badge_width",
    "document",
    "card_document",
]


def escape(text: str) -> str:
    """``text`` for an SVG document: markup characters as entities, and characters XML cannot
    hold or a reader would not see (control characters, lone surrogates) as escapes (``\\x1b``)."""
    return _escape_markup("".join(c if c.isprintable() else ascii(c)[1:-1] for c in text))


CARD_WIDTH = 60
"""The width of one card."""

CARD_HEIGHT = 84
"""The height of one card."""

RED = "#c62828"
"""The ink of ♦ and ♥."""

BLACK = "#1b1b1b"
"""The ink of ♠ and ♣."""

_FONT = "font-family=\"'DejaVu Sans', 'Segoe UI Symbol', Arial, sans-serif\""


def _transform(x: float, y: float, angle: float) -> str:
    turn = f" rotate({angle:g} {CARD_WIDTH / 2:g} {CARD_HEIGHT:g})" if angle else ""
    return f"translate({x:g} {y:g}){turn}"


def face(x: float, y: float, rank: str, suit: str, *, red: bool, angle: float = 0, raised: bool = False) -> str:
    """A card face with its top-left corner at ``(x, y)``, turned by ``angle`` degrees about the
    middle of its bottom edge; a ``raised`` card (one selected in a hand) has a gold edge."""
    ink = RED if red else BLACK
    edge = 'stroke="#e0a800" stroke-width="2.5"' if raised else 'stroke="#8a8a8a" stroke-width="1"'
    return (
        f'<g class="card" data-card="{escape(rank + suit)}" transform="{_transform(x, y, angle)}">\n'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#fffdf8" {edge}/>\n'
        f'<text x="5" y="18" font-size="16" font-weight="bold" fill="{ink}" {_FONT}>{escape(rank)}</text>\n'
        f'<text x="5" y="35" font-size="16" fill="{ink}" {_FONT}>{escape(suit)}</text>\n'
        f'<text x="{CARD_WIDTH - 6}" y="{CARD_HEIGHT - 9}" font-size="30" text-anchor="end" fill="{ink}" {_FONT}>{escape(suit)}</text>\n'
        "</g>"
    )


def back(x: float, y: float, *, angle: float = 0) -> str:
    """The back of a card (nothing on it tells which card it is), top-left corner at ``(x, y)``."""
    return (
        f'<g class="card back" transform="{_transform(x, y, angle)}">'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#27408b" stroke="#f4f4f4" stroke-width="1.5"/>'
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" fill="none" stroke="#9fb3e8" stroke-width="1"/>'
        f'<path d="M{CARD_WIDTH / 2:g} 16 L{CARD_WIDTH - 14} {CARD_HEIGHT / 2:g} L{CARD_WIDTH / 2:g} {CARD_HEIGHT - 16} '
        f'L14 {CARD_HEIGHT / 2:g} Z" fill="#9fb3e8" opacity="0.55"/></g>'
    )


def label(
    x: float, y: float, text: str, *, size: float = 14, fill: str = "#1b1b1b", anchor: str = "start", bold: bool = False
) -> str:
    """A line of text whose baseline starts (or, with ``anchor``, is centred or ends) at ``(x, y)``."""
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}"{weight} {_FONT}>{escape(text)}</text>'


def badge_width(text: str) -> float:
    """How wide :func:`badge` draws ``text``."""
    return 12 + 7.5 * len(text)


def badge(x: float, y: float, text: str, *, fill: str, kind: str) -> str:
    """A small rounded tag (``to act``, ``passed``, ``1st`` …) with its top-left corner at ``(x, y)``;
    ``kind`` is its class, so a reader of the SVG can find the markers."""
    width = badge_width(text)
    return (
        f'<g class="marker {escape(kind)}"><rect x="{x:g}" y="{y:g}" width="{width:g}" height="20" rx="10" fill="{fill}"/>'
        f"{label(x + width / 2, y + 14.5, text, size=12, fill='#ffffff', anchor='middle', bold=True)}</g>"
    )


def document(width: float, height: float, body: str, *, title: str, size: int | None) -> str:
    """A standalone SVG document of ``width`` by ``height`` user units drawn ``size`` pixels wide
    (its natural width when ``None``), with ``title`` as its ``<title>`` and ``aria-label``."""
    shown = width if size is None else size
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{shown:g}" height="{shown * height / width:.6g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{escape(title)}">\n'
        f"<title>{escape(title)}</title>\n{body}\n</svg>\n"
    )


def card_document(rank: str, suit: str, *, red: bool, size: int | None = None) -> str:
    """One card face as a standalone SVG document."""
    body = face(2, 2, rank, suit, red=red)
    return document(CARD_WIDTH + 4, CARD_HEIGHT + 4, body, title=f"the card {rank}{suit}", size=size)
