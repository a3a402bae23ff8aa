"""Pictures of cards, hands, tricks, positions and settlements as standalone SVG documents.

Like ``chess.svg``, every function returns the text of one SVG document and needs nothing beyond
the standard library. ``size`` is the width in pixels the picture is drawn at (its natural width
when omitted); the height follows. Each picture has a ``<title>`` and an ``aria-label`` saying
in words what it shows, and never names a card the viewer may not see.

In a notebook the values draw themselves: :class:`~tienlen.Card`, :class:`~tienlen.Combo`,
:class:`~tienlen.Trick`, :class:`~tienlen.Round`, :class:`~tienlen.PlayerView` and
:class:`~tienlen.Settlement` have a ``_repr_svg_`` that calls the functions here. A ``Round``
holds every hand and shows them all; a ``PlayerView`` shows only what its seat may see.

The module sits above the values it draws and imports them; their ``_repr_svg_`` methods import
it when a notebook first asks for a picture (the pictures are no part of the core layers).

>>> from tienlen import HOUSE, Round
>>> picture = hand("3♠ 7♦ 7♥ 2♥", selected="7♦ 7♥", size=300)
>>> picture.startswith("<svg") and 'data-card="7♦"' in picture
True
>>> "13 cards" in position(Round.deal(HOUSE, seed=7), seat=0)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from tienlen._base.checks import check_bool, check_type
from tienlen._base.input import is_whole, shown
from tienlen.errors import InvalidArgument, InvalidCards
from tienlen.game.cards import Card, cards_of, format_cards, to_mask
from tienlen.game.combos import Combo
from tienlen.game.round import Round, Trick
from tienlen.game.views import PlayerView
from tienlen.money.settle import Settlement
from tienlen.show import drawing
from tienlen.show.drawing import CARD_HEIGHT, CARD_WIDTH, badge, document, label

__all__ = ["card", "hand", "combo", "trick", "position", "view", "settlement"]

_STEP = 26  # how far apart overlapping cards in a row are: the corner of each stays readable
_RAISE = 18  # how far a selected card stands out of its hand
_FELT = "#1d6b47"
_ORDINALS = ("1st", "2nd", "3rd", "4th")


MAX_SIZE = 100_000
"""The widest a picture is drawn, in pixels."""


def _check_size(size: int | None) -> None:
    if size is not None and not is_whole(size, 1, MAX_SIZE):
        raise InvalidArgument.of("size-picture-width-pixels-give", max_size=MAX_SIZE, size=shown(size))


def card(value: Card | str, *, size: int | None = None) -> str:
    """One card (a :class:`~tienlen.Card` or its text, like ``"10♥"``).

    Raises :class:`~tienlen.InvalidCards` for unreadable card text and
    :class:`~tienlen.InvalidArgument` for a ``size`` that is not a positive whole number.
    """
    _check_size(size)
    check_type(value, (Card, str), "value", "a Card or card text")
    drawn = Card.parse(value) if isinstance(value, str) else Card(value.index)
    return drawing.card_document(drawn.rank.symbol, drawn.suit.symbol, red=drawn.is_red, size=size)


def _row(cards: Sequence[Card], x: float, y: float, *, step: float = _STEP, selected: int = 0) -> str:
    return "\n".join(
        drawing.face(
            x + i * step,
            y - (_RAISE if c.mask & selected else 0),
            c.rank.symbol,
            c.suit.symbol,
            red=c.is_red,
            raised=bool(c.mask & selected),
        )
        for i, c in enumerate(cards)
    )


def _row_width(count: int, step: float = _STEP) -> float:
    return CARD_WIDTH + step * (count - 1) if count else 0


def hand(
    cards: Iterable[Card] | str | int,
    *,
    selected: Iterable[Card] | str | int = 0,
    fan: bool = False,
    size: int | None = None,
    title: str | None = None,
) -> str:
    """Cards in ascending order, in a row (overlapping, each corner readable) or, with ``fan``, fanned
    as held; the ``selected`` cards stand raised with a gold edge. ``title`` replaces the default
    description (the cards, and which are selected).

    Raises :class:`~tienlen.InvalidCards` for unreadable cards or a selected card not in the hand,
    :class:`~tienlen.InvalidArgument` for a ``title`` that is not text or ``None``, or a ``fan``
    that is not ``True`` or ``False``.
    """
    _check_size(size)
    check_bool(fan, "fan")
    check_type(title, (str, type(None)), "title", "text or None")
    mask, chosen = to_mask(cards), to_mask(selected)
    held = cards_of(mask)
    if chosen & ~mask:
        raise InvalidCards.of(
            "raised-cards-not-in-hand", cards=format_cards(chosen & ~mask), hand=format_cards(mask) or "(empty)"
        )
    if title is None:
        title = f"a hand of {len(held)} cards: {format_cards(mask)}" if held else "an empty hand"
        if chosen:
            title += f"; selected: {format_cards(chosen)}"
    if not held:
        body = f'<rect x="1" y="1" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="none" stroke="#8a8a8a" stroke-dasharray="4 3"/>'
        return document(CARD_WIDTH + 2, CARD_HEIGHT + 2, body, title=title, size=size)
    if not fan:
        top = _RAISE if chosen else 0
        body = _row(held, 2, top + 2, selected=chosen)
        return document(_row_width(len(held)) + 4, CARD_HEIGHT + top + 4, body, title=title, size=size)
    return _fan(held, chosen, title, size)


def _fan(held: Sequence[Card], chosen: int, title: str, size: int | None) -> str:
    radius, n = 260.0, len(held)
    step = min(7.0, 90.0 / max(n - 1, 1))
    placed = []  # (angle, lift, card)
    for i, c in enumerate(held):
        placed.append(((i - (n - 1) / 2) * step, _RAISE if c.mask & chosen else 0.0, c))
    # The corners of every card turned about the fan's centre, to size the picture exactly.
    xs, ys = [], []
    for angle, lift, _ in placed:
        a = math.radians(angle)
        for dx, dy in (
            (-CARD_WIDTH / 2, -radius - lift),
            (CARD_WIDTH / 2, -radius - lift),
            (-CARD_WIDTH / 2, -radius - lift + CARD_HEIGHT),
            (CARD_WIDTH / 2, -radius - lift + CARD_HEIGHT),
        ):
            xs.append(dx * math.cos(a) - dy * math.sin(a))
            ys.append(dx * math.sin(a) + dy * math.cos(a))
    cx, cy = 4 - min(xs), 4 - min(ys)
    parts = []
    for angle, lift, c in placed:
        face = drawing.face(-CARD_WIDTH / 2, -radius - lift, c.rank.symbol, c.suit.symbol, red=c.is_red, raised=lift > 0)
        parts.append(f'<g transform="translate({cx:.2f} {cy:.2f}) rotate({angle:.2f})">{face}</g>')
    return document(max(xs) - min(xs) + 8, max(ys) - min(ys) + 8, "\n".join(parts), title=title, size=size)


def combo(value: Combo, *, size: int | None = None) -> str:
    """A combination's cards in a row, titled with its kind (``pair 7♦ 7♥``)."""
    check_type(value, Combo, "value", "a Combo")
    return hand(value.mask, size=size, title=f"{value.kind.label} {value}")


def trick(value: Trick, *, size: int | None = None) -> str:
    """A trick: one row per play in order, who made it, and each chop marked in red with its place
    in the chain; then who has passed."""
    _check_size(size)
    check_type(value, Trick, "value", "a Trick")
    chops = {(c.chopper, c.by.mask): c.index for c in value.chain}
    rows, top, widest = [], 44.0, 0.0
    for i, (seat, played) in enumerate(value.plays):
        chop = chops.get((seat, played.mask))
        who = f"seat {seat} leads" if i == 0 else f"seat {seat}"
        rows.append(label(12, top + 30, who, size=15, bold=True))
        rows.append(label(12, top + 50, played.kind.label, size=13, fill="#555555"))
        cards = played.cards
        if chop is not None:
            rows.append(
                f'<rect class="chop" x="146" y="{top - 4:g}" width="{_row_width(len(cards)) + 8:g}" height="{CARD_HEIGHT + 8}" '
                f'rx="7" fill="#fde7e7" stroke="{drawing.RED}" stroke-width="2.5"/>'
            )
            rows.append(badge(12, top + 58, f"chop {chop}", fill=drawing.RED, kind="chop"))
        rows.append(_row(cards, 150, top))
        widest = max(widest, _row_width(len(cards)))
        top += CARD_HEIGHT + 16
    if not value.plays:
        rows.append(label(12, top + 24, f"not led yet: seat {value.leader} leads", size=15))
        top += 40
    passed = ", ".join(f"seat {s}" for s in sorted(value.passed))
    rows.append(label(12, top + 18, f"passed: {passed}" if passed else "nobody has passed", size=14, fill="#555555"))
    width = max(360.0, 160 + widest + 12)
    header = label(12, 26, f"trick {value.number}, led by seat {value.leader}", size=17, bold=True)
    plays = (
        "; ".join(f"seat {s} {'chops with' if (s, c.mask) in chops else 'plays'} {c}" for s, c in value.plays) or "no play yet"
    )
    title = f"trick {value.number}: {plays}" + (f"; passed: {passed}" if passed else "")
    background = f'<rect width="{width:g}" height="{top + 30:g}" fill="#ffffff"/>'
    return document(width, top + 30, "\n".join([background, header, *rows]), title=title, size=size)


@attrs.frozen(kw_only=True)
class _Scene:
    """What a picture of a position shows: per seat its cards (a tuple) or, hidden, their count."""

    rules_name: str
    clockwise: bool
    bottom: int
    viewer: int | None
    hands: tuple[tuple[Card, ...] | int, ...]
    to_act: int | None
    table: Combo | None
    table_seat: int | None
    trick_number: int
    passed: frozenset[int]
    finished: tuple[int, ...]
    frozen: tuple[int, ...]
    forfeited: tuple[int, ...]
    instant: tuple[int, ...]
    is_over: bool


def position(round_: Round, *, seat: int | None = None, reveal: bool = False, size: int | None = None) -> str:
    """The table as ``seat`` sees it (that seat at the bottom, its cards face up, the others as card
    backs with counts), or as an observer when ``seat`` is ``None`` (every hand hidden), or with
    every hand face up when ``reveal``. Markers show who is to act, who passed, who is out (with
    the place), frozen, forfeited or an instant winner; the middle shows the last play.

    Raises :class:`~tienlen.InvalidArgument` when ``round_`` is no :class:`~tienlen.Round`,
    ``seat`` is not at the table, ``reveal`` is not ``True`` or ``False``, or both ``seat`` and
    ``reveal`` are given.
    """
    check_type(round_, Round, "round_", "a Round")
    check_bool(reveal, "reveal")
    if seat is not None:
        if reveal:
            raise InvalidArgument.of("reveal-shows-every-hand-give")
        return view(round_.view(seat), size=size)
    _check_size(size)
    trick_ = round_.trick
    scene = _Scene(
        rules_name=round_.rules.name,
        clockwise=round_.rules.direction == "clockwise",
        bottom=0,
        viewer=None,
        hands=round_.hands if reveal else tuple(m.bit_count() for m in round_.hand_masks),
        to_act=round_.to_act,
        table=trick_.table,
        table_seat=trick_.last_seat,
        trick_number=trick_.number,
        passed=trick_.passed,
        finished=round_.finished,
        frozen=round_.frozen,
        forfeited=round_.forfeited,
        instant=tuple(w.seat for w in round_.instant_winners),
        is_over=round_.is_over,
    )
    return _draw(scene, size)


def view(value: PlayerView, *, size: int | None = None) -> str:
    """A :class:`~tienlen.PlayerView`: what its seat sees (see :func:`position`)."""
    _check_size(size)
    check_type(value, PlayerView, "value", "a PlayerView")
    scene = _Scene(
        rules_name=value.rules.name,
        clockwise=value.rules.direction == "clockwise",
        bottom=value.seat,
        viewer=value.seat,
        hands=tuple(value.hand if s == value.seat else count for s, count in enumerate(value.card_counts)),
        to_act=value.to_act,
        table=value.table,
        table_seat=value.table_seat,
        trick_number=value.trick_number,
        passed=value.passed,
        finished=value.finished,
        frozen=value.frozen,
        forfeited=value.forfeited,
        instant=(),
        is_over=value.is_over,
    )
    return _draw(scene, size)


_WIDTH, _HEIGHT = 980.0, 620.0


def _slots(players: int, clockwise: bool) -> list[str]:
    slots = {2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"]}[players]
    return [slots[0], *reversed(slots[1:])] if clockwise else slots


def _markers(scene: _Scene, seat: int) -> list[tuple[str, str, str]]:
    """(text, colour, class) of each marker of a seat."""
    marks = []
    if seat == scene.to_act:
        marks.append(("to act", "#c98a00", "to-act"))
    if seat in scene.instant:
        marks.append(("instant win", "#6a1b9a", "instant-win"))
    if seat in scene.finished:
        place = scene.finished.index(seat)
        marks.append((f"out {_ORDINALS[place] if place < 4 else place + 1}", "#2e7d32", "out"))
    if seat in scene.frozen:
        marks.append(("frozen (cóng)", "#1565c0", "frozen"))
    if seat in scene.forfeited:
        marks.append(("forfeited", "#8e2424", "forfeited"))
    if seat in scene.passed and not scene.is_over:
        marks.append(("passed", "#6b7280", "passed"))
    return marks


def _seat_block(scene: _Scene, seat: int, slot: str) -> tuple[str, str]:
    """The drawing of one seat and its words for the title."""
    held = scene.hands[seat]
    count = held if isinstance(held, int) else len(held)
    name = f"seat {seat}" + (" (you)" if seat == scene.viewer else "")
    step = 9 if isinstance(held, int) else _STEP if slot in ("bottom", "top") else 20
    heading = f"{name} · {count} card{'s' if count != 1 else ''}"
    marks = _markers(scene, seat)
    badges = sum(8 + drawing.badge_width(text) for text, _, _ in marks)
    width = max(_row_width(count, step) + (36 if isinstance(held, int) and held else 0), 12 + 8.8 * len(heading) + badges)
    x = {"bottom": (_WIDTH - width) / 2, "top": (_WIDTH - width) / 2, "left": 20, "right": _WIDTH - 20 - width}[slot]
    y = {"bottom": _HEIGHT - 134, "top": 16, "left": _HEIGHT / 2 - 64, "right": _HEIGHT / 2 - 64}[slot]
    parts = [label(x, y + 16, heading, size=16, fill="#ffffff", bold=True)]
    bx = x + 12 + 8.8 * len(heading)
    for text, colour, kind in marks:
        parts.append(badge(bx, y + 1, text, fill=colour, kind=kind))
        bx += 8 + drawing.badge_width(text)
    if isinstance(held, int):
        parts.extend(drawing.back(x + i * step, y + 28) for i in range(held))
        if held:
            cx, cy = x + _row_width(held, step) + 18, y + 28 + CARD_HEIGHT / 2
            parts.append(
                f'<g class="count"><circle cx="{cx:g}" cy="{cy:g}" r="15" fill="#ffffff"/>'
                f"{label(cx, cy + 5.5, str(held), size=15, anchor='middle', bold=True)}</g>"
            )
        words = f"{name}: {count} card{'s' if count != 1 else ''} hidden"
    else:
        parts.append(_row(held, x, y + 28, step=step))
        words = f"{name}: {format_cards(held) or 'no cards'}"
    if marks:
        words += " (" + ", ".join(text for text, _, _ in marks) + ")"
    group = f'<g class="seat" data-seat="{seat}" data-count="{count}">\n' + "\n".join(parts) + "\n</g>"
    return group, words


def _draw(scene: _Scene, size: int | None) -> str:
    players = len(scene.hands)
    slots = _slots(players, scene.clockwise)
    parts = [f'<rect width="{_WIDTH:g}" height="{_HEIGHT:g}" rx="28" fill="{_FELT}"/>']
    seats_words = []
    for k in range(players):
        seat = (scene.bottom + k) % players
        group, words = _seat_block(scene, seat, slots[k])
        parts.append(group)
        seats_words.append(words)
    middle_y = _HEIGHT / 2 - 70
    if scene.is_over:
        order = ", ".join(f"{_ORDINALS[i] if i < 4 else i + 1} seat {s}" for i, s in enumerate(scene.finished))
        centre = "round over" + (f": {order}" if order else "")
        parts.append(label(_WIDTH / 2, middle_y + 60, centre, size=18, fill="#ffffff", anchor="middle", bold=True))
    elif scene.table is None:
        centre = f"trick {scene.trick_number}: seat {scene.to_act} to lead"
        parts.append(label(_WIDTH / 2, middle_y + 60, centre, size=18, fill="#ffffff", anchor="middle", bold=True))
    else:
        centre = f"trick {scene.trick_number}: seat {scene.table_seat} played {scene.table.kind.label} {scene.table}"
        cards = scene.table.cards
        x = (_WIDTH - _row_width(len(cards))) / 2
        parts.append(
            label(
                _WIDTH / 2,
                middle_y + 14,
                f"trick {scene.trick_number} · seat {scene.table_seat} played",
                size=15,
                fill="#e8f5e9",
                anchor="middle",
            )
        )
        parts.append(f'<g class="table">{_row(cards, x, middle_y + 26)}</g>')
    if scene.viewer is not None:
        whose = f"seat {scene.viewer}"
    else:
        whose = "everyone" if any(isinstance(h, tuple) for h in scene.hands) else "an observer"
    title = f"{scene.rules_name} round seen by {whose}: {centre}; " + "; ".join(seats_words)
    return document(_WIDTH, _HEIGHT, "\n".join(parts), title=title, size=size)


def settlement(value: Settlement, *, size: int | None = None) -> str:
    """A settlement as a table: each transfer (payer, payee, amount, reason) in the order it fell
    due, then each seat's net, gains in green and losses in red."""
    _check_size(size)
    check_type(value, Settlement, "value", "a Settlement")

    def who(seat: int) -> str:
        return "house" if seat < 0 else f"seat {seat}"

    lines = [(who(t.payer), who(t.payee), f"{t.amount:,}", t.reason) for t in value.transfers]
    reason_width = max([len(r) for *_, r in lines] + [20])
    width = 330 + 7.6 * reason_width
    parts = [label(12, 26, f"settlement in {value.currency}", size=17, bold=True)]
    y = 56.0
    heads = [(12, "payer"), (92, "payee"), (240, "amount"), (256, "reason")]
    for column, head in heads:
        parts.append(label(column, y, head, size=13, fill="#666666", anchor="end" if head == "amount" else "start", bold=True))
    y += 8
    parts.append(f'<line x1="12" y1="{y:g}" x2="{width - 12:g}" y2="{y:g}" stroke="#bbbbbb"/>')
    for payer, payee, paid, reason in lines:
        y += 22
        parts.append(
            f'<g class="transfer">{label(12, y, payer, size=14)}{label(92, y, "→ " + payee, size=14)}'
            f"{label(240, y, paid, size=14, anchor='end', bold=True)}{label(256, y, reason, size=14, fill='#333333')}</g>"
        )
    if not lines:
        y += 22
        parts.append(
            label(12, y, "no transfers" if value.currency != "points" else "points are scored, not paid", size=14, fill="#666666")
        )
    y += 14
    parts.append(f'<line x1="12" y1="{y:g}" x2="{width - 12:g}" y2="{y:g}" stroke="#bbbbbb"/>')
    y += 24
    parts.append(label(12, y, "net", size=14, bold=True))
    x = 60.0
    nets = [(f"seat {s}", v) for s, v in enumerate(value.net)] + ([("house", value.house)] if value.house else [])
    for name, amount in nets:
        text = f"{name} {amount:+,}"
        colour = "#2e7d32" if amount > 0 else drawing.RED if amount < 0 else "#555555"
        parts.append(f'<g class="net">{label(x, y, text, size=14, fill=colour, bold=True)}</g>')
        x += 24 + 8.4 * len(text)
    width = max(width, x + 12)
    title = f"settlement in {value.currency}: {len(lines)} transfer{'s' if len(lines) != 1 else ''}; net " + ", ".join(
        f"{n} {a:+,}" for n, a in nets
    )
    background = f'<rect width="{width:g}" height="{y + 16:g}" fill="#ffffff"/>'
    return document(width, y + 16, "\n".join([background, *parts]), title=title, size=size)
