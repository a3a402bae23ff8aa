"""Sphinx extension: the rules matrix and one page per profile, generated from tienlen's data.

Nothing here knows the list of axes or profiles: it walks :data:`tienlen.AXES` (every field of
:class:`tienlen.RuleSet` with the meaning declared on it) and the profiles in
:data:`tienlen.PROFILES`, so changing a profile, adding an axis or adding a profile changes the
documentation at the next build.

Directives:

``.. rules-matrix::``
    one table: a row per axis, a column per profile; each row is the link target ``axis-NAME``
    (``axis-same-class-chops``), so a page can link to an axis.
``.. profile-rules:: NAME``
    every axis of one profile, as a table of values.
``.. profile-pages::``
    a toctree of the generated per-profile pages (written to ``_generated/profiles/`` when
    the builder starts): each describes its profile in plain words made from the data (see
    ``profile_words``), shows every axis with ``profile-rules``, and lists the decisions that
    concern it.
``.. decisions::``
    every decision the library took where the rules are silent (``profile_words.DECISIONS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from generated_pages import write_pages
from profile_words import decisions_page, profile_page
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import tienlen
import tienlen.variants.profiles
import tienlen.variants.rules
from tienlen import AXES, PROFILES, RuleSet

GENERATED = Path("_generated") / "profiles"
"""Where the per-profile pages are written, relative to the docs source folder."""

# Axes shown elsewhere than as a row of the matrix: the name heads each column, and the
# description is listed above the table (it is a sentence, too long for a cell).
NOT_ROWS = ("name", "description")

_TWO_GROUPS = {1: "single 2", 2: "pair of 2s", 3: "triple of 2s"}
_TWO_SUITS = ("2♠", "2♣", "2♦", "2♥")


# --------------------------------------------------------------------------- the data


def axes() -> list[tuple[str, str]]:
    """Every axis of :class:`RuleSet` with its meaning, in field order."""
    return list(AXES.items())


def value_of(rules: RuleSet, axis: str) -> Any:
    """The axis' value as :meth:`RuleSet.to_mapping` writes it (``None`` for an unset axis)."""
    return rules.to_mapping().get(axis)


# --------------------------------------------------------------------------- words for values


def ordinal(place: int) -> str:
    """1 → ``1st``, 2 → ``2nd``, 11 → ``11th``."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def plain(value: Any) -> str:
    """Any value in words: yes/no, lists with commas, ``—`` for nothing."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value or "—"
    if isinstance(value, Mapping):
        return "; ".join(f"{key}: {plain(item)}" for key, item in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(item) for item in value) or "none"
    return str(value)


def amount(units: int, rules: RuleSet) -> str:
    """``4 entries``, ``1 bet``: an amount in the profile's unit name."""
    name = rules.unit_name or "unit"
    if units != 1:
        name = name[:-1] + "ies" if name.endswith("y") and name[-2:-1] not in "aeiou" else name + "s"
    return f"{units} {name}"


Lines = list[str]


def _bombs(value: Mapping[str, Mapping[str, list[Any]]], rules: RuleSet) -> Lines:
    lines = []
    for bomb, spec in value.items():
        victims = [_TWO_GROUPS.get(size, f"{size} 2s") for size in spec.get("chops_twos", ())]
        victims += list(spec.get("chops_bombs", ()))
        lines.append(f"{bomb}: chops {', '.join(victims)}" if victims else f"{bomb}: only a higher {bomb}")
    return lines or ["none"]


def _placement(value: Mapping[str, list[list[int]]], rules: RuleSet) -> Lines:
    lines = []
    for count, payments in value.items():
        words = [f"{ordinal(payer)} pays {ordinal(payee)} {amount(units, rules)}" for payer, payee, units in payments]
        lines.append(f"{count} players: {', '.join(words) or 'nothing'}")
    return lines or ["none"]


def _place_points(value: Mapping[str, list[int]], rules: RuleSet) -> Lines:
    lines = [f"{count} players: {' / '.join(map(str, points))}" for count, points in value.items()]
    return lines or ["none"]


def _two_values(value: list[int], rules: RuleSet) -> Lines:
    if not any(value):
        return ["none"]
    return [f"{two}: {amount(units, rules)}" for two, units in zip(_TWO_SUITS, value, strict=True)]


def _bomb_values(value: Mapping[str, int], rules: RuleSet) -> Lines:
    return [f"{bomb}: {amount(units, rules)}" for bomb, units in value.items()] or ["none"]


def _instant_win_points(value: list[int], rules: RuleSet) -> Lines:
    winner, others = value
    return [f"winner {winner}, others {others}"] if winner or others else ["none"]


def _names(value: list[str], rules: RuleSet) -> Lines:
    return list(value) or ["none"]


def _instant_wins(value: Mapping[str, str], rules: RuleSet) -> Lines:
    when = {"any": "", "first": " (first round only)", "later": " (not in the first round)"}
    return [f"{pattern}{when[rounds]}" for pattern, rounds in value.items()] or ["none"]


def _amount(value: int | Mapping[str, int] | None, rules: RuleSet) -> Lines:
    if isinstance(value, Mapping):  # one amount per player count
        return [f"{count} players: {amount(units, rules)}" for count, units in value.items()]
    return [amount(value, rules)] if value else ["none"]


RENDERERS: Mapping[str, Callable[[Any, RuleSet], Lines]] = {
    "bombs": _bombs,
    "placement": _placement,
    "place_points": _place_points,
    "two_values": _two_values,
    "bomb_values": _bomb_values,
    "instant_win_points": _instant_win_points,
    "instant_wins": _instant_wins,
    "interrupt_bombs": _names,
    "instant_win_payment": _amount,
    "frozen_penalty": _amount,
    "frozen_end_payment": _amount,
    "finish_with_two_penalty": _amount,
    "forfeit_penalty": _amount,
    "card_price": _amount,
    "rake_percent": lambda value, rules: [f"{value}%" if value else "none"],
    "match_rounds": lambda value, rules: ["open-ended" if value is None else str(value)],
}
"""Axes whose values read better in their own words; any other axis goes through :func:`plain`."""


def render(axis: str, rules: RuleSet) -> Lines:
    """The value of one axis of ``rules`` in words, one line per item.

    Falls back to :func:`plain` for an axis without a renderer, or one whose value no longer has
    the shape its renderer expects.
    """
    value = value_of(rules, axis)
    renderer = RENDERERS.get(axis)
    if renderer is not None:
        try:
            return renderer(value, rules)
        except (TypeError, ValueError, KeyError, AttributeError):
            pass
    return [plain(value)]


# --------------------------------------------------------------------------- docutils helpers


def _paragraph(*children: nodes.Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *children)


def _table(widths: list[int], header: list[list[nodes.Node]], rows: Iterable[list[list[nodes.Node]]]) -> nodes.table:
    table = nodes.table(classes=["tienlen-rules", "colwidths-given"])
    group = nodes.tgroup(cols=len(widths))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(header)
    body = nodes.tbody()
    group += body
    for row in rows:
        body += _row(row)
    return table


def _row(cells: list[list[nodes.Node]]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if len(cell) == 1 and isinstance(cell[0], nodes.Body):
            entry += cell[0]
        else:
            entry += _paragraph(*cell)
        row += entry
    return row


def _lines(lines: Lines) -> list[nodes.Node]:
    """One table cell: plain text for one line, a line block for several."""
    if len(lines) == 1:
        return [nodes.Text(lines[0])]
    block = nodes.line_block()
    for line in lines:
        block += nodes.line(line, line)
    return [block]


def _axis_cell(axis: str, meaning: str) -> list[nodes.Node]:
    cell: list[nodes.Node] = [nodes.literal(axis, axis)]
    if meaning:
        cell += [nodes.Text(": " + meaning)]
    return cell


class _RulesDirective(SphinxDirective):
    def note_sources(self) -> None:
        """Rebuild the page when the axes or the profile data change."""
        for module in (tienlen.variants.rules, tienlen.variants.profiles):
            if module.__file__:
                self.env.note_dependency(module.__file__)


class RulesMatrix(_RulesDirective):
    """``.. rules-matrix::``: every axis (rows) by every profile (columns)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        profiles = list(PROFILES.values())
        intro = nodes.bullet_list()
        for rules in profiles:
            item = nodes.list_item()
            item += _paragraph(nodes.strong(rules.name, rules.name), nodes.Text(": " + (rules.description or "—")))
            intro += item
        rows = []
        for axis, meaning in axes():
            if axis in NOT_ROWS:
                continue
            rows.append([[self.anchor(axis), *_axis_cell(axis, meaning)], *[_lines(render(axis, rules)) for rules in profiles]])
        header: list[list[nodes.Node]] = [[nodes.Text("axis")], *[[nodes.Text(r.name)] for r in profiles]]
        return [intro, _table([30] + [70 // len(profiles)] * len(profiles), header, rows)]  # room for the longest axis name

    def anchor(self, axis: str) -> nodes.target:
        """The link target ``axis-NAME`` of an axis' row (``:ref:`frozen <axis-frozen>```; dashes for underscores)."""
        label = f"axis-{axis.replace('_', '-')}"
        target = nodes.target("", "", ids=[label], names=[label])
        self.state.document.note_explicit_target(target)
        return target


class ProfileRules(_RulesDirective):
    """``.. profile-rules:: NAME``: one profile's axes in words."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        name = self.arguments[0]
        if name not in PROFILES:
            raise self.error(f"profile-rules: {name!r} is not a profile; choose one of {', '.join(PROFILES)}")
        rules = PROFILES[name]
        rows = []
        for axis, meaning in axes():
            if axis in NOT_ROWS:
                continue
            words = render(axis, rules)
            if axis == "instant_wins" and rules.instant_wins:
                patterns = tienlen.variants.rules.INSTANT_WIN_PATTERNS
                words = [f"{line}: {patterns[win.pattern]}" for line, win in zip(words, rules.instant_wins, strict=True)]
            rows.append([_axis_cell(axis, meaning), _lines(words)])
        out: list[nodes.Node] = [_table([60, 40], [[nodes.Text("axis")], [nodes.Text(name)]], rows)]
        return out


class ProfilePages(SphinxDirective):
    """``.. profile-pages::``: a toctree of the generated per-profile pages, in ``PROFILES`` order."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        lines = [".. toctree::", "   :maxdepth: 1", ""]
        lines += [f"   /{(GENERATED / name).as_posix()}" for name in PROFILES]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="<profile-pages>"), self.content_offset, container)
        return list(container.children)


def write_profile_pages(app: Sphinx) -> None:
    """Write one page per profile into ``_generated/profiles/`` and remove pages of profiles gone."""
    write_pages(Path(app.srcdir) / GENERATED, {name: profile_page(rules) for name, rules in PROFILES.items()})


class Decisions(_RulesDirective):
    """``.. decisions::``: every decision of ``profile_words.DECISIONS`` as a section."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        here = Path(__file__).with_name("profile_words.py")
        self.env.note_dependency(str(here))
        return list(self.parse_text_to_nodes(decisions_page(), allow_section_headings=True))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("decisions", Decisions)
    app.add_directive("rules-matrix", RulesMatrix)
    app.add_directive("profile-rules", ProfileRules)
    app.add_directive("profile-pages", ProfilePages)
    app.connect("builder-inited", write_profile_pages)
    return {"version": tienlen.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
