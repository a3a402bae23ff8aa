"""Comparing rule sets: the axes on which they differ, and how the same play fares under each.

>>> from tienlen import HOUSE, PAGAT
>>> diff = compare(HOUSE, PAGAT)
>>> [row.axis for row in diff.rows][:3]
['min_players', 'direction', 'straight_two_on_top']
>>> [(v.rules, v.legal) for v in compare_play("6♠ 6♣ 6♦ 6♥", "A♥", [HOUSE, PAGAT])]
[('house', False), ('pagat', False)]
"""

from __future__ import annotations

import csv
import functools
import io
import json
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from tienlen._base.checks import check_lang
from tienlen._base.input import shown
from tienlen._base.messages import AXIS_CONTEXT, CHOICE_CONTEXT, WORDS, render, translated, words_of
from tienlen.errors import InvalidArgument, InvalidCombo, InvalidRecord, one_line
from tienlen.game.beating import explain
from tienlen.game.cards import Card
from tienlen.game.combos import Combo, classify
from tienlen.game.round import Round
from tienlen.money.settle import Settlement, settle, unit_for
from tienlen.variants.checks import check_rules
from tienlen.variants.rules import AXES, CHOICES, PER_PLAYERS, RuleSet

__all__ = [
    "AxisDifference",
    "Comparison",
    "PlayVerdict",
    "RoundVerdict",
    "compare",
    "compare_play",
    "compare_round",
    "describe_value",
]


def _thawed(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    return tuple(map(_thawed, value)) if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    """``value`` read-only: lists as tuples, mappings as read-only mappings, all the way down."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(map(_frozen, value))
    return value


@attrs.frozen(kw_only=True)
class AxisDifference:
    """One axis on which rule sets differ: its name, the value in each rule set, and what it means.

    Values are as :meth:`~tienlen.RuleSet.to_mapping` gives them, made read-only (lists as tuples,
    tables as read-only mappings); the row hashes by its axis and meaning.
    """

    axis: str
    values: tuple[Any, ...] = attrs.field(converter=_frozen, hash=False)
    meaning: str

    def __repr__(self) -> str:
        """The axis, each rule set's value in short words (:func:`describe_value`), and its meaning.

        >>> from tienlen import HOUSE, PAGAT
        >>> compare(HOUSE, PAGAT).rows[0]
        <AxisDifference min_players: 2 | 4 — fewest players at the table>
        """
        values = " | ".join(describe_value(self.axis, v) for v in self.values)
        return f"<AxisDifference {self.axis}: {values} — {self.meaning}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Read-only mappings do not pickle: pickle plain copies, which the converter freezes again.
        values = tuple(_thawed(v) for v in self.values)
        return (functools.partial(AxisDifference, axis=self.axis, values=values, meaning=self.meaning), ())


@attrs.frozen(kw_only=True)
class Comparison:
    """The differences between rule sets, in axis order.

    ``str()`` is :meth:`text` (narrow: one block per axis, with its meaning); :meth:`table` is the
    wide grid, :meth:`markdown`, :meth:`csv` and :meth:`to_json` the same rows for other tools.
    Each writes its words in ``lang`` (``"en"`` or ``"vi"``): the meanings, the headers and the
    words among the values (``yes``, ``none``); axis names and the values a rules file writes
    (``multiply``, ``PR3``) stay as they are written.
    """

    names: tuple[str, ...]
    rows: tuple[AxisDifference, ...]

    def table(self, lang: str = "en") -> str:
        """A plain-text table: one row per differing axis, one column per rule set."""
        header = (render("compare-axis", {}, check_lang(lang)), *self.names)
        body = [(row.axis, *(describe_value(row.axis, v, lang) for v in row.values)) for row in self.rows]
        if not body:
            return self._same(lang)
        widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header))]

        def fmt(line: Sequence[str]) -> str:
            return "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()

        return "\n".join([fmt(header), fmt(["-" * w for w in widths]), *map(fmt, body)])

    def text(self, lang: str = "en", *, width: int = 88) -> str:
        """One block per axis in ``lang``, wrapped to ``width`` columns: the axis and what it means,
        then each rule set's value on its own line.

        >>> from tienlen import HOUSE, NORTHERN
        >>> print(compare(HOUSE, NORTHERN).text().split("\\n\\n")[0])
        first_lead_must_include: first round: the holder of the lowest dealt card (3♠ when
            dealt) leads and must play that card
          house     yes
          northern  no
        """
        check_lang(lang)
        if not self.rows:
            return self._same(lang)
        pad = max(map(len, self.names)) + 4
        blocks = []
        for row in self.rows:
            lines = textwrap.wrap(f"{row.axis}: {_meaning(row, lang)}", width, subsequent_indent="    ")
            for name, value in zip(self.names, row.values, strict=True):
                lines += textwrap.wrap(
                    describe_value(row.axis, value, lang),
                    width,
                    initial_indent=f"  {name:<{pad - 2}}",
                    subsequent_indent=" " * pad,
                ) or [f"  {name}"]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def _same(self, lang: str) -> str:
        names = f" {render('compare-and', {}, lang)} ".join(self.names)
        return render("compare-no-difference", {"names": names}, lang)

    def _header(self, lang: str) -> list[str]:
        return [render("compare-axis", {}, check_lang(lang)), render("compare-meaning", {}, lang), *self.names]

    def _cells(self, lang: str) -> list[list[str]]:
        return [[row.axis, _meaning(row, lang), *(describe_value(row.axis, v, lang) for v in row.values)] for row in self.rows]

    def markdown(self, lang: str = "en") -> str:
        """A Markdown table: axis, meaning, then one column per rule set."""

        def line(cells: Sequence[str]) -> str:
            return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

        header = self._header(lang)
        return "\n".join([line(header), line(["---"] * len(header)), *map(line, self._cells(lang))])

    def csv(self, lang: str = "en") -> str:
        """CSV text: a header row (axis, meaning, the rule set names), then one row per axis."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self._header(lang))
        writer.writerows(self._cells(lang))
        return out.getvalue()

    def to_json(self, lang: str = "en") -> str:
        """JSON: the rule set names and, per axis, its meaning (in ``lang``) and the raw values in the same order."""
        check_lang(lang)
        rows = [{"axis": r.axis, "meaning": _meaning(r, lang), "values": list(_thawed(r.values))} for r in self.rows]
        return json.dumps({"rules": list(self.names), "axes": rows}, ensure_ascii=False, indent=2)

    def __str__(self) -> str:
        return self.text()


def compare(first: RuleSet, *others: RuleSet, every_axis: bool = False) -> Comparison:
    """Every axis (other than name and description) on which the given rule sets differ, or with
    ``every_axis`` every axis (then one rule set is enough: its whole description).

    Raises :class:`~tienlen.InvalidArgument` when fewer than two rule sets are given without ``every_axis``.
    """
    sets = (first, *others)
    for rules in sets:
        check_rules(rules, "compare")
    if not others and not every_axis:
        raise InvalidArgument.of("compare-needs-least-two-rule")
    maps = [r.to_mapping() for r in sets]
    rows = []
    for axis, meaning in AXES.items():
        if axis in ("name", "description"):
            continue
        values = tuple(m.get(axis) for m in maps)
        if every_axis or any(v != values[0] for v in values[1:]):
            rows.append(AxisDifference(axis=axis, values=values, meaning=meaning))
    return Comparison(names=tuple(r.name for r in sets), rows=tuple(rows))


def _meaning(row: AxisDifference, lang: str) -> str:
    """The row's meaning in ``lang``: the axis's own meaning is in the catalogues (``axis:NAME``)."""
    return translated(AXIS_CONTEXT + row.axis, row.meaning, lang)


def describe_value(axis: str, value: Any, lang: str = "en") -> str:
    """An axis value (as in :meth:`RuleSet.to_mapping`) in short words in ``lang``.

    English writes the values as a rules file does; another language writes the game's words in
    its own (``tứ quý`` for ``quad``, ``sảnh rồng`` for ``dragon``) and a word of a fixed list
    (:data:`~tienlen.variants.rules.CHOICES`, a unit's name) as written, followed by its name in
    the language: ``multiply (nhân theo lần chặt)``.

    Bomb tables read ``quad > 2,22,PR3``: a quad chops a single 2, a pair of 2s and a PR3.

    >>> describe_value("frozen", True, "vi"), describe_value("instant_wins", {"pr5": "first"}, "vi")
    ('có', 'năm đôi thông (chỉ ván đầu)')
    >>> describe_value("bombs", {"quad": {"chops_twos": [1, 2], "chops_bombs": ["PR3"]}}, "vi")
    'tứ quý chặt heo lẻ, đôi heo, ba đôi thông'
    >>> describe_value("chop_payment", "multiply", "en"), describe_value("chop_payment", "multiply", "vi")
    ('multiply', 'multiply (nhân theo lần chặt)')
    """
    check_lang(lang)
    if value is None:
        return "—"
    if isinstance(value, bool):
        return render("cli-yes" if value else "cli-no", {}, lang)
    none = render("cli-none", {}, lang)
    if value == "none":  # chop_payment, thui, chop_out_voids: there is none
        return none
    items = render("list-separator", {}, lang)
    if axis == "bombs":
        return "; ".join(_bomb_words(name, spec, lang) for name, spec in value.items()) or none
    if axis in ("placement", "place_points") or (axis in PER_PLAYERS and isinstance(value, Mapping)):
        return "; ".join(_per_players(axis, n, units, lang) for n, units in value.items()) or none
    if axis == "bomb_values":
        return items.join(render("value-bomb-price", {"bomb": k, "units": v}, lang) for k, v in value.items()) or none
    if axis == "instant_wins":
        only = {"first": "value-first-round-only", "later": "value-later-rounds-only"}
        names = ((_game_word("pattern", p, lang), r) for p, r in value.items())
        return items.join(name if r == "any" else render(only[r], {"name": name}, lang) for name, r in names) or none
    if axis == "interrupt_bombs":
        return ", ".join(words_of("bomb", name, lang) for name in value) or none
    if axis == "two_values":
        return " ".join(f"2{s}={v}" for s, v in zip("♠♣♦♥", value, strict=True))
    if axis in _NAMED_BY_WORDS and value in WORDS[axis]:
        return _named(value, words_of(axis, value, lang))
    if value in CHOICES.get(axis, ()):
        return _named(value, translated(CHOICE_CONTEXT + axis, value, lang))
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value)) or none
    return one_line(str(value), 1000)  # a description may hold control characters: shown escaped


_NAMED_BY_WORDS = ("currency", "unit_name")
"""The axes whose words the catalogues name as words of a message (``tienlen._base.messages.WORDS``)."""


def _named(value: str, word: str) -> str:
    """A word a rules file writes, followed by its name where the language has its own: ``multiply (nhân theo lần chặt)``."""
    return value if word == value else f"{value} ({word})"


def _game_word(table: str, value: str, lang: str) -> str:
    """A name a rules file writes for a thing of the game (an instant win's pattern): as written in
    English, in the language's own words in another (``sảnh rồng`` for ``dragon``)."""
    if value not in WORDS[table]:
        return value
    word = words_of(table, value, lang)
    return value if word == WORDS[table][value] else word


def _bomb_words(name: str, spec: Mapping[str, Sequence[Any]], lang: str) -> str:
    targets = [words_of("group", str(size), lang) for size in spec["chops_twos"]]
    targets += [words_of("bomb", bomb, lang) for bomb in spec["chops_bombs"]]
    return render("value-bomb-chops", {"bomb": name, "targets": render("value-separator", {}, lang).join(targets) or "-"}, lang)


def _per_players(axis: str, players: str, units: Any, lang: str) -> str:
    """One player count's part of a table-shaped value: ``4p: 4→1 4, 3→2 2`` (placement), ``4p: 3/2/1/0`` (points), ``4p: 8``."""
    if axis == "placement":
        value = ", ".join(f"{payer}→{payee} {amount}" for payer, payee, amount in units)
    elif axis == "place_points":
        value = "/".join(map(str, units))
    else:
        value = str(units)
    return render("value-per-players", {"players": players, "value": value}, lang)


@attrs.frozen(kw_only=True)
class PlayVerdict:
    """Whether ``play`` may go on the table under the rule set named ``rules``, and if not, why."""

    rules: str
    legal: bool
    reason: str | None


def compare_play(
    play: Iterable[Card] | str | int, table: Iterable[Card] | str | int | None, rule_sets: Iterable[RuleSet]
) -> tuple[PlayVerdict, ...]:
    """How one play on one table (``None`` = leading) fares under each rule set.

    Cards that are no combination under a rule set are refused with the reason, not raised.
    """
    rule_sets = _rule_sets(rule_sets)
    verdicts = []
    for rules in rule_sets:
        try:
            played = classify(play, rules)
            on: Combo | None = None if table is None else classify(table, rules)
        except InvalidCombo as error:
            verdicts.append(PlayVerdict(rules=rules.name, legal=False, reason=str(error)))
            continue
        reason = explain(played, on, rules)
        verdicts.append(PlayVerdict(rules=rules.name, legal=reason is None, reason=reason))
    return tuple(verdicts)


@attrs.frozen(kw_only=True)
class RoundVerdict:
    """A recorded round replayed under the rule set named ``rules``: its ``settlement``, or the
    ``reason`` it cannot be scored there (an action those rules refuse, a player count they do not
    allow, or a round that is not over)."""

    rules: str
    settlement: Settlement | None
    reason: str | None


def compare_round(record: Round | str, rule_sets: Iterable[RuleSet], *, unit: int | None = None) -> tuple[RoundVerdict, ...]:
    """The same deal and the same actions under each rule set, settled with ``unit`` (see
    :func:`~tienlen.settle`).

    ``record`` is a :class:`~tienlen.Round` or its JSON record; point-scored rule sets ignore ``unit``. Every action is replayed through
    each rule set, so a play one variant allows and another refuses is reported, not scored.
    Raises :class:`InvalidRecord` when ``record`` itself cannot be read.
    """
    if not isinstance(record, (Round, str)):
        raise InvalidArgument.of("record-must-round-json-record", record=shown(record))
    rule_sets = _rule_sets(rule_sets)
    worth = 1 if unit is None else unit
    data = json.loads(record.to_json() if isinstance(record, Round) else Round.from_json(record).to_json())
    verdicts = []
    for rules in rule_sets:
        data["rules"] = rules.to_mapping()
        try:
            replayed = Round.from_json(json.dumps(data, ensure_ascii=False))
        except InvalidRecord as error:
            verdicts.append(RoundVerdict(rules=rules.name, settlement=None, reason=str(error)))
            continue
        if not replayed.is_over:
            reason = f"the recorded actions do not finish the round under {rules.name}"
            verdicts.append(RoundVerdict(rules=rules.name, settlement=None, reason=reason))
            continue
        verdicts.append(
            RoundVerdict(rules=rules.name, settlement=settle(replayed.result, rules, unit=unit_for(rules, worth)), reason=None)
        )
    return tuple(verdicts)


def _rule_sets(rule_sets: Iterable[RuleSet]) -> tuple[RuleSet, ...]:
    if isinstance(rule_sets, (str, bytes)) or not isinstance(rule_sets, Iterable):
        raise InvalidArgument.of("rule-sets-must-rulesets-such", rule_sets=shown(rule_sets))
    found = tuple(rule_sets)
    for rules in found:
        check_rules(rules, "rule_sets")
    return found
