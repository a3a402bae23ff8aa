"""The command line's text (private: :mod:`tienlen.cli` writes it): a round trick by trick, a
settlement, a rule set axis by axis, each fitted to the terminal's width."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence

from tienlen._base.messages import PROFILE_CONTEXT, render, translated
from tienlen.game.cards import format_cards
from tienlen.game.events import Chop, Finished, Forfeited, Froze, InstantWin, Passed, Played, TrickWon
from tienlen.game.round import Round
from tienlen.money.settle import Settlement
from tienlen.players.compare import describe_value
from tienlen.players.simulate import wrap_long_line
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import AXES, RuleSet

__all__ = ["format_round", "format_settlement", "describe", "columns", "fit", "label"]


def format_round(round_: Round, names: Sequence[str] | None = None) -> str:
    """The deal and a trick-by-trick log of a round, as text."""
    names = names or [f"seat {s}" for s in range(round_.players)]
    dealt = "given hands" if round_.seed is None else f"seed {round_.seed}"
    lines = [f"{label(round_.rules)}: {round_.players} players, {dealt}, dealer seat {round_.dealer}"]
    lines += [f"  {names[s]:<16} {format_cards(m)}" for s, m in enumerate(round_.dealt)]
    trick = 0
    for event in round_.events:
        if isinstance(event, InstantWin):
            lines.append(f"{names[event.seat]} wins at once: {event.pattern.replace('_', ' ')}")
        elif isinstance(event, Played):
            if trick == 0:
                trick = 1
                lines.append(f"trick 1: {names[event.seat]} leads")
            how = "interrupts with" if event.out_of_turn else "plays"
            lines.append(f"  {names[event.seat]} {how} {event.combo}")
        elif isinstance(event, Passed):
            lines.append(f"  {names[event.seat]} passes")
        elif isinstance(event, Chop):
            lines.append(f"    chop {event.index} of the chain: {event.by} chops {event.chopped_combo}")
        elif isinstance(event, Finished):
            lines.append(f"    {names[event.seat]} goes out, place {event.place}" + (" (on a 2)" if event.with_two else ""))
        elif isinstance(event, Froze):
            lines.append(f"    {names[event.seat]} is frozen (cóng) holding {format_cards(event.cards)}")
        elif isinstance(event, Forfeited):
            lines.append(f"  {names[event.seat]} forfeits")
        elif isinstance(event, TrickWon) and event.next_leader is not None:
            trick = event.trick + 1
            lines.append(f"trick {trick}: {names[event.next_leader]} leads")
    if round_.is_over and round_.result.placements:
        order = ", ".join(f"{i + 1}. {names[s]}" for i, s in enumerate(round_.result.placements))
        lines.append(f"result: {order}")
    return "\n".join(lines)


def format_settlement(settlement: Settlement, rules: RuleSet, names: Sequence[str] | None = None) -> str:
    """A settlement as text: every transfer with its reason, then the net per seat."""
    names = names or [f"seat {s}" for s in range(len(settlement.net))]

    def who(seat: int) -> str:
        return "house" if seat < 0 else names[seat]

    lines = [f"settlement ({settlement.currency}):"]
    for t in settlement.transfers:
        lines.append(f"  {who(t.payer)} pays {who(t.payee)} {t.amount:,}: {t.reason}")
    lines.append("  net: " + ", ".join(f"{names[s]} {v:+,}" for s, v in enumerate(settlement.net)))
    if settlement.house:
        lines.append(f"  house (rake): {settlement.house:+,}")
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
    """``text`` with each line longer than the terminal wrapped, continuation lines indented."""
    return "\n".join(wrap_long_line(line, columns()) for line in text.split("\n"))


def _description(text: str, lang: str) -> str:
    """A rule set's description in ``lang`` when it is a profile's own (the catalogues hold those),
    else as written."""
    for name, profile in PROFILES.items():
        if profile.description == text:
            return translated(PROFILE_CONTEXT + name, text, lang)
    return text


def label(rules: RuleSet, lang: str = "en") -> str:
    """The rule set's name, marked when it is a profile's name on rules that differ from the profile."""
    profile = PROFILES.get(rules.name)
    return rules.name if profile is None or profile == rules else render("cli-modified-profile", {"name": rules.name}, lang)
