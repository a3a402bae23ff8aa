"""Rule sets in and out: plain mappings, TOML and JSON text, profile names and rules files.

The schema (:mod:`tienlen.variants.rules`) says what a rule set is and checks it; this module reads and
writes it: :meth:`~tienlen.RuleSet.to_mapping`, :meth:`~tienlen.RuleSet.from_mapping` (which may
start ``from`` a profile), :meth:`~tienlen.RuleSet.to_toml` and
:meth:`~tienlen.RuleSet.from_toml` call the functions here, loading this module on first use (it
sits above the schema and the profiles, and imports both); :func:`load_rules` finds a rule set by
a profile's name or in a ``.toml`` or ``.json`` file, with the file limits.

>>> load_rules("pagat").name
'pagat'
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from typing import Any

import attrs

from tienlen._base.input import MAX_RULES_TEXT, check_text, is_whole, parse_whole, read_file, shown, unknown_keys
from tienlen.errors import InvalidArgument, InvalidRules, one_line
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import PER_PLAYERS, BombRule, InstantWinRule, RuleSet

__all__ = ["load_rules", "to_mapping", "from_mapping", "to_toml", "from_toml"]


def load_rules(source: str | os.PathLike[str]) -> RuleSet:
    """A profile by name (``"house"``), or a rule set read from a ``.toml`` or ``.json`` file.

    Raises :class:`InvalidRules` for an unknown name, bad contents, or a file that cannot be read:
    missing, not a regular file (a FIFO, a device), larger than 262,144 bytes, or not UTF-8.
    """
    if isinstance(source, str) and source in PROFILES:
        return PROFILES[source]
    if not isinstance(source, (str, os.PathLike)):
        raise InvalidArgument.of("rules-must-profile-name-file", source=shown(source))
    suffix = os.path.splitext(os.fspath(source))[1].lower()
    if suffix not in (".toml", ".json"):
        raise InvalidRules.of("neither-profile-nor-toml-json", source=shown(os.fspath(source)), profiles=", ".join(PROFILES))
    text = read_file(source, "rules file", MAX_RULES_TEXT, InvalidRules)
    return RuleSet.from_toml(text) if suffix == ".toml" else RuleSet.from_json(text)


def to_mapping(rules: RuleSet) -> dict[str, Any]:
    """``rules`` as a plain mapping (see :meth:`RuleSet.to_mapping <tienlen.RuleSet.to_mapping>`)."""
    out: dict[str, Any] = {}
    for field in attrs.fields(RuleSet):
        if not field.init:
            continue
        value = getattr(rules, field.name)
        if field.name == "bombs":
            value = {b.bomb: {"chops_twos": list(b.chops_twos), "chops_bombs": list(b.chops_bombs)} for b in value}
        elif field.name == "placement":
            value = {str(n): [list(p) for p in pays] for n, pays in value}
        elif field.name == "place_points":
            value = {str(n): list(points) for n, points in value}
        elif field.name == "bomb_values":
            value = dict(value)
        elif field.name == "instant_wins":
            value = {win.pattern: win.rounds for win in value}
        elif field.name in PER_PLAYERS and isinstance(value, tuple):
            value = {str(n): units for n, units in value}
        elif isinstance(value, tuple):
            value = list(value)
        if value is None:
            continue  # TOML has no null; a missing key reads back as None
        out[field.name] = value
    return out


def from_mapping(cls: type[RuleSet], mapping: Mapping[str, Any]) -> RuleSet:
    """A rule set of class ``cls`` from a mapping (see :meth:`RuleSet.from_mapping <tienlen.RuleSet.from_mapping>`)."""
    if not isinstance(mapping, Mapping):
        raise InvalidRules.of("rules-must-mapping-axis-names", mapping=shown(mapping))
    data = dict(mapping)
    odd = [key for key in data if not isinstance(key, str)]
    if odd:
        raise InvalidRules.of("axis-names-must-text", odd=shown(odd[0]))
    base: dict[str, Any] = {}
    if "from" in data:
        start = data.pop("from")
        if not isinstance(start, str) or start not in PROFILES:
            raise InvalidRules.of("from-profile-choose-one", start=shown(start), profiles=", ".join(PROFILES))
        base = PROFILES[start].to_mapping()
        base["forfeit_penalty"] = PROFILES[start].forfeit_penalty
        base["match_rounds"] = PROFILES[start].match_rounds
    known = {f.name for f in attrs.fields(RuleSet) if f.init}
    unknown = unknown_keys(data, known)
    if unknown:
        import difflib  # loaded when a name is misspelt, not with the package

        # "unit" is the 0.1 name of the currency axis (read as it through 0.2), though spelt closest to unit_name
        close = ["currency"] if unknown[0] == "unit" else difflib.get_close_matches(unknown[0], known, n=1)
        if close:
            raise InvalidRules.of("rule-axis-did-you-mean", unknown=one_line(unknown[0], 40), close=close[0])
        raise InvalidRules.of("rule-axis", unknown=one_line(unknown[0], 40))
    merged = base | data
    if "name" not in merged:
        raise InvalidRules.of("name-rule-set-needs-name")
    return cls(**{key: _convert(key, value) for key, value in merged.items()})


def from_toml(cls: type[RuleSet], text: str) -> RuleSet:
    """A rule set of class ``cls`` from TOML text (see :meth:`RuleSet.from_toml <tienlen.RuleSet.from_toml>`)."""
    check_text(text, "the rules text", MAX_RULES_TEXT, InvalidRules)
    import tomllib  # loaded with the first TOML text, not with the package

    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise InvalidRules.of("rules-file-valid-toml-nested") from None
    except ValueError as error:  # tomllib.TOMLDecodeError, or a number too long to read
        raise InvalidRules.of("rules-file-valid-toml", reason=error) from None
    return from_mapping(cls, data)


def to_toml(rules: RuleSet) -> str:
    """``rules`` as TOML text (see :meth:`RuleSet.to_toml <tienlen.RuleSet.to_toml>`)."""
    lines: list[str] = []
    tables: list[str] = []
    for key, value in to_mapping(rules).items():
        if isinstance(value, dict):
            tables.append(_toml_table(key, value))
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n" + "".join(tables)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):  # JSON escapes suit TOML, once DEL (which TOML refuses raw) is escaped too
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    return "[" + ", ".join(_toml_value(v) for v in value) + "]"


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _toml_table(key: str, table: dict[str, Any]) -> str:
    if all(isinstance(v, dict) for v in table.values()) and table:
        return "".join(_toml_table(f"{key}.{_toml_key(k)}", v) for k, v in table.items())
    body = "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in table.items())
    return f"\n[{key}]\n{body}"


def _convert(key: str, value: Any) -> Any:
    """Reshape one JSON/TOML value into the axis' Python form (tables into tuples); types are
    checked by the rule set itself."""
    if key == "bombs":
        return tuple(_bomb_rule(name, spec) for name, spec in _table(value, key).items())
    if key in ("placement", "place_points"):
        rows = _by_players(_table(value, key), key)
        return tuple(
            (n, _tuple(row) if key == "place_points" else tuple(_tuple(pay) for pay in _list(row, f"{key}.{n}")))
            for n, row in rows
        )
    if key == "bomb_values":
        return tuple(_table(value, key).items())
    if key == "instant_wins" and isinstance(value, Mapping):  # pattern = rounds; a list of names reads as before
        return tuple(InstantWinRule(pattern=pattern, rounds=rounds) for pattern, rounds in value.items())
    if key in PER_PLAYERS and isinstance(value, Mapping):
        return _by_players(value, key)
    return _tuple(value) if isinstance(value, list) else value


_MOST_PLAYERS = 4
"""The largest player count a table keyed by player count may name (a rule set allows 2 to 4)."""


def _by_players(table: Mapping[Any, Any], key: str) -> tuple[tuple[int, Any], ...]:
    """A table keyed by player count ("3" in TOML and JSON) as ``((3, value), ...)`` in count order."""
    rows: dict[int, Any] = {}
    for count, value in table.items():
        players = parse_whole(count, f"{key}: a player count", _MOST_PLAYERS, InvalidRules) if isinstance(count, str) else count
        if not is_whole(players, 0, _MOST_PLAYERS) or players in rows:
            raise InvalidRules.of("must-player-count-given-once", key=key, count=shown(count))
        rows[players] = value
    return tuple(sorted(rows.items()))


def _table(value: Any, key: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRules.of("expected-table-mapping-got", key=key, value=shown(value))
    return value


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidRules.of("expected-list-got", key=key, value=shown(value))
    return value


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _bomb_rule(name: Any, spec: Any) -> BombRule:
    named = name if isinstance(name, str) else shown(name)  # a name of any type, never written out in digits
    spec = _table(spec, f"bombs.{named}")
    unknown = unknown_keys(spec, ("chops_twos", "chops_bombs"))
    if unknown:
        raise InvalidRules.of("bombs-bomb-setting-use-chops", name=named, unknown=unknown[0])
    return BombRule(bomb=name, chops_twos=_tuple(spec.get("chops_twos", ())), chops_bombs=_tuple(spec.get("chops_bombs", ())))
