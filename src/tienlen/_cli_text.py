"""The command line's text (private: :mod:`tienlen.cli` writes it): a round trick by trick, a
settlement, a rule set axis by axis, each fitted to the terminal's width; and ``check``'s answer,
read from the cards its options give."""

from __future__ import annotations

import argparse
import shutil
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tienlen._base.checks import check_lang
from tienlen._base.messages import PROFILE_CONTEXT, format_number, jsonable, render, translated
from tienlen.errors import InvalidArgument, Reason, TienLenError
from tienlen.game.cards import format_cards
from tienlen.game.events import Chop, Finished, Forfeited, Froze, InstantWin, Passed, Played, TrickWon
from tienlen.game.round import Round
from tienlen.money.settle import Settlement
from tienlen.players.compare import describe_value
from tienlen.players.simulate import wrap_long_line
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import AXES, RuleSet

__all__ = [
    "format_round",
    "format_settlement",
    "describe",
    "columns",
    "fit",
    "round_text",
    "settlement_text",
    "answer_text",
]

_T = TypeVar("_T")


def format_round(round_: Round, names: Sequence[str] | None = None, *, lang: str = "en") -> str:
    """The deal and a trick-by-trick log of a round, as text in ``lang`` (``"en"`` or ``"vi"``): the
    same lines in either language, each seat called by its name in ``names`` (default ``seat 0`` …)."""
    return round_text(round_, names, lang).replace(_KEEP, " ")


def format_settlement(settlement: Settlement, rules: RuleSet, names: Sequence[str] | None = None, *, lang: str = "en") -> str:
    """A settlement as text in ``lang`` (``"en"`` or ``"vi"``): every transfer with its reason, then
    the net per seat, each seat called by its name in ``names`` (default ``seat 0`` …)."""
    return settlement_text(settlement, names, lang).replace(_KEEP, " ")


def round_text(round_: Round, names: Sequence[str] | None, lang: str) -> str:
    """:func:`format_round`'s text, each seat's label and each place of the result held together
    for :func:`fit` (which writes them with plain spaces)."""
    check_lang(lang)
    names = [_kept(name) for name in names or [render("seat-name", {"seat": s}, lang) for s in range(round_.players)]]
    heading = {"rules": round_.rules.name, "players": round_.players, "seed": round_.seed, "dealer": round_.dealer}
    lines = [render("cli-round-given" if round_.seed is None else "cli-round-seeded", heading, lang)]
    width = max(16, *map(len, names)) if round_.players else 16
    lines += [f"  {names[s]:<{width}} {format_cards(m)}" for s, m in enumerate(round_.dealt)]
    trick = 0

    def say(indent: int, code: str, seat: int, **params: object) -> None:
        lines.append(" " * indent + render(code, {"who": names[seat], **params}, lang))

    for event in round_.events:
        if isinstance(event, InstantWin):
            say(0, "cli-instant-win", event.seat, pattern=event.pattern)
        elif isinstance(event, Played):
            if trick == 0:
                trick = 1
                say(0, "cli-trick-leads", event.seat, trick=1)
            say(2, "cli-interrupts" if event.out_of_turn else "cli-plays", event.seat, combo=str(event.combo))
        elif isinstance(event, Passed):
            say(2, "cli-passes", event.seat)
        elif isinstance(event, Chop):
            params = {"index": event.index, "by": event.by, "chopped_combo": event.chopped_combo}
            lines.append("    " + render("cli-chop", {name: str(value) for name, value in params.items()}, lang))
        elif isinstance(event, Finished):
            say(4, "cli-goes-out-on-a-two" if event.with_two else "cli-goes-out", event.seat, place=event.place)
        elif isinstance(event, Froze):
            say(4, "cli-frozen", event.seat, cards=format_cards(event.cards))
        elif isinstance(event, Forfeited):
            say(2, "cli-forfeits", event.seat)
        elif isinstance(event, TrickWon) and event.next_leader is not None:
            trick = event.trick + 1
            say(0, "cli-trick-leads", event.next_leader, trick=trick)
    if round_.is_over and round_.result.placements:
        order = render("list-separator", {}, lang).join(
            f"{i + 1}.{_KEEP}{names[s]}" for i, s in enumerate(round_.result.placements)
        )
        lines.append(render("cli-result", {"order": order}, lang))
    return "\n".join(lines)


def settlement_text(settlement: Settlement, names: Sequence[str] | None, lang: str) -> str:
    """:func:`format_settlement`'s text, each seat's label and each seat's net held together for :func:`fit`."""
    check_lang(lang)
    names = [_kept(name) for name in names or [render("seat-name", {"seat": s}, lang) for s in range(len(settlement.net))]]
    house = _kept(render("cli-house", {}, lang))

    def who(seat: int) -> str:
        return house if seat < 0 else names[seat]

    def signed(value: int) -> str:
        return format_number(value, "+,", lang)

    lines = [render("cli-settlement", {"currency": settlement.currency}, lang)]
    for t in settlement.transfers:
        params = {"payer": who(t.payer), "payee": who(t.payee), "amount": t.amount, "reason": jsonable(t.reason)}
        lines.append("  " + render("transfer", params, lang))
    nets = render("list-separator", {}, lang).join(f"{names[s]}{_KEEP}{signed(v)}" for s, v in enumerate(settlement.net))
    lines.append("  " + render("cli-net", {"nets": nets}, lang))
    if settlement.house:
        lines.append("  " + render("cli-house-rake", {"house": settlement.house}, lang))
    return "\n".join(lines)


def describe(rules: RuleSet, lang: str) -> str:
    """A rule set axis by axis, one axis a line, its value wrapped under itself to fit the terminal;
    the words (``yes``, ``no``, ``none``, a profile's description) in ``lang`` (axis names and the
    values rules files write stay as written)."""
    mapping = rules.to_mapping()
    width = max(map(len, AXES))
    lines = []
    for axis in AXES:
        value = describe_value(axis, mapping.get(axis), lang)
        if axis == "description":
            value = _description(value, lang)
        wrapped = textwrap.wrap(
            value,
            max(columns(), width + 22),
            initial_indent=f"{axis:<{width}}  ",
            subsequent_indent=" " * (width + 2),
            break_on_hyphens=False,
        )
        lines += wrapped or [axis]
    return "\n".join(lines)


def columns() -> int:
    """The width to write text in: ``COLUMNS``, else the terminal's, else 80."""
    return max(40, shutil.get_terminal_size().columns)


def fit(text: str) -> str:
    """``text`` with each line longer than the terminal wrapped, continuation lines indented; a
    seat's label of :func:`round_text` and :func:`settlement_text` is never broken."""
    return "\n".join(wrap_long_line(line, columns()) for line in text.split("\n")).replace(_KEEP, " ")


_KEEP = "\u00a0"
"""The space inside a seat's label (``seat 1 (random)``) while its line is wrapped: :mod:`textwrap`
breaks lines at ASCII whitespace only, and :func:`fit` writes it back as a plain space."""


def _kept(name: str) -> str:
    return name.replace(" ", _KEEP)


def _description(text: str, lang: str) -> str:
    """A rule set's description in ``lang`` when it is a profile's own (the catalogues hold those),
    else as written."""
    for name, profile in PROFILES.items():
        if profile.description == text:
            return translated(PROFILE_CONTEXT + name, text, lang)
    return text


def answer_text(answer: dict[str, Any], lang: str) -> str:
    """``legal: pair 5♦ 5♥``, ``legal: quad 6♠ 6♣ 6♦ 6♥, a chop of 2♥``, or ``illegal: <reason>``, in ``lang``."""
    if not answer["legal"]:
        return render("cli-illegal", {"reason": answer["reason"]}, lang)
    play = answer["play"]
    if play["kind"] == "pass":
        return render("cli-legal-pass", {}, lang)
    code = "cli-legal-chop" if answer["chop"] else "cli-legal"
    return render(code, {"kind": play["kind"], "cards": play["cards"], "table": answer["table"]}, lang)


def cards_option(option: str, text: str, read: Callable[[str], _T]) -> _T:
    """``read(text)`` for the cards of an option, an error naming the option: ``--table: …``."""
    from tienlen._base.input import shown

    try:
        return read(text)
    except TienLenError as error:
        raise InvalidArgument.of("cli-option-refused", option=option, text=shown(text), reason=error) from None


def check_answer(args: argparse.Namespace, rules: RuleSet) -> dict[str, Any]:
    """``check``'s answer under one rule set: legal, the reason if not, what the play is
    (``{"kind", "cards"}``, ``None`` for cards that form no combination) and whether it chops."""
    from tienlen.game.actions import says_pass
    from tienlen.game.beating import explain, is_chop
    from tienlen.game.cards import parse_cards, to_mask
    from tienlen.game.combos import classify

    table = cards_option("--table", args.table, lambda text: classify(text, rules)) if args.table else None
    reason: Reason | None = None
    play: dict[str, str] | None = None
    if says_pass(args.play):
        reason = None if table is not None else Reason.of("leader-may-not-pass", args.lang)
        play = {"kind": "pass", "cards": ""}
    else:
        played = cards_option("--play", args.play, parse_cards)  # unreadable cards are bad input (exit 2)
        hand = None if args.hand is None else cards_option("--hand", args.hand, to_mask)
        reason = explain(played, table, rules, hand=hand, lang=args.lang)
        try:
            combo = classify(played, rules)
            play = {"kind": combo.kind.label, "cards": str(combo)}
        except TienLenError:
            play = None
    chop = reason is None and play is not None and play["kind"] != "pass" and is_chop(play["cards"], table, rules)
    return {
        "legal": reason is None,
        "reason": reason,
        "rules": rules.name,
        "play": play,
        "chop": chop,
        "table": str(table) if table else None,
    }
