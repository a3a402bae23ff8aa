"""Rule sets: every way the five profiles differ, as one frozen value.

A :class:`RuleSet` is data. The engine reads its fields ("axes"); it never looks at its name.
Make a house variant with :func:`attrs.evolve` or :meth:`RuleSet.from_mapping`:

>>> import attrs
>>> from tienlen import HOUSE
>>> mine = attrs.evolve(HOUSE, name="no-dragons", instant_wins=("four_twos", "six_pairs"))
>>> mine.instant_wins
('four_twos', 'six_pairs')
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, get_args

import attrs

from tienlen._codec import WIRE_VERSION, check_head
from tienlen.errors import InvalidRules

__all__ = ["RuleSet", "BombRule", "INSTANT_WIN_PATTERNS", "AXES", "load_rules"]

Unit = Literal["chips", "bets", "points"]
ChopPayment = Literal["none", "multiply", "accumulate"]
Thui = Literal["none", "above", "winner"]
InstantWinTies = Literal["share", "nearest_dealer"]
Direction = Literal["clockwise", "counter-clockwise"]

INSTANT_WIN_PATTERNS: Mapping[str, str] = {
    "dragon": "a straight of one card of every rank from 3 to A",
    "dragon_to_two": "one card of each of the 13 ranks, 3 to 2",
    "four_twos": "all four 2s",
    "six_pairs": "six pairs of any ranks (a quad counts as two pairs)",
    "pr5": "five consecutive pairs",
    "pr6": "six consecutive pairs",
    "first_round_pr3_with_three_spades": "first round only: 3♠ with a pair run of 3-4-5 that holds it",
    "first_round_four_threes": "first round only: all four 3s",
}
"""The instant-win patterns a rule set may list, with what each means."""

_BOMB_NAME = re.compile(r"quad|PR([3-6])")


def _check_bomb_names(names: tuple[str, ...], field: str) -> None:
    for name in names:
        if not isinstance(name, str) or not _BOMB_NAME.fullmatch(name):
            raise InvalidRules(f"{field}: {name!r} is not a bomb class; use 'quad' or 'PR3' … 'PR6'")


@attrs.frozen(kw_only=True)
class BombRule:
    """What one bomb class may chop besides a bomb of its own class with a lower top card.

    ``bomb`` is ``"quad"`` or ``"PR3"`` … ``"PR6"`` (a pair run of that many pairs);
    ``chops_twos`` lists the sizes of 2-group it beats (1 single, 2 pair, 3 triple);
    ``chops_bombs`` lists the other bomb classes it beats.
    """

    bomb: str
    chops_twos: tuple[int, ...] = ()
    chops_bombs: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        _check_bomb_names((self.bomb,), "bombs")
        _check_shape(self.chops_bombs, (str, ...), f"bombs.{self.bomb}.chops_bombs", "a list of bomb classes")
        _check_bomb_names(self.chops_bombs, f"bombs.{self.bomb}.chops_bombs")
        _check_shape(self.chops_twos, (int, ...), f"bombs.{self.bomb}.chops_twos", "a list of whole numbers")
        if not set(self.chops_twos) <= {1, 2, 3} or len(set(self.chops_twos)) != len(self.chops_twos):
            raise InvalidRules(
                f"bombs.{self.bomb}.chops_twos: {list(self.chops_twos)} must list 2-group sizes from 1 (single), "
                "2 (pair) and 3 (triple), each once"
            )


@attrs.frozen(kw_only=True)
class RuleSet:
    """The rules of one table. Each field is one axis of the rules; see ``AXES`` for their meanings.

    Raises :class:`InvalidRules` when the axes contradict each other or are out of range.
    """

    name: str
    description: str = ""
    # --- table and lead
    min_players: int = 2
    max_players: int = 4
    direction: Direction = "counter-clockwise"
    first_lead_must_include: bool = True
    # --- combinations
    pair_same_colour: bool = False
    straight_min: int = 3
    straight_same_suit: bool = False
    straight_two_on_top: bool = False
    pair_runs: bool = True
    pair_run_min: int = 3
    # --- following and bombs
    follow_suit: bool = False
    twos_ignore_suit: bool = False
    bombs: tuple[BombRule, ...] = ()
    higher_two_chops: bool = False
    bomb_after_pass: bool = False
    interrupt_bombs: tuple[str, ...] = ()
    # --- instant wins and frozen players
    instant_wins: tuple[str, ...] = ()
    instant_win_ties: InstantWinTies = "share"
    frozen: bool = False
    den_bai: bool = False
    # --- money and points
    unit: Unit = "chips"
    unit_name: str = "unit"
    placement: tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...] = ()
    place_points: tuple[tuple[int, tuple[int, ...]], ...] = ()
    two_values: tuple[int, int, int, int] = (0, 0, 0, 0)
    bomb_values: tuple[tuple[str, int], ...] = ()
    chop_payment: ChopPayment = "none"
    instant_win_payment: int = 0
    instant_win_points: tuple[int, int] = (0, 0)
    frozen_penalty: int = 0
    frozen_end_payment: int = 0
    thui: Thui = "none"
    finish_with_two_penalty: int = 0
    forfeit_penalty: int | None = None
    rake_percent: int = 0
    cap_at_balance: bool = False
    match_rounds: int | None = None
    # --- derived lookups (not axes)
    _bomb_table: Mapping[str, BombRule] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        _validate(self)
        object.__setattr__(self, "_bomb_table", {b.bomb: b for b in self.bombs})

    # ---- lookups used by the engine
    def bomb_rule(self, bomb_class: str | None) -> BombRule | None:
        """The bomb rule of a class (``"quad"``, ``"PR3"`` …), or ``None`` when it is no bomb here."""
        return self._bomb_table.get(bomb_class) if bomb_class else None

    def payments_for(self, players: int) -> tuple[tuple[int, int, int], ...]:
        """Placement payments ``(payer place, payee place, units)`` at this many players."""
        return dict(self.placement).get(players, ())

    def points_for(self, players: int) -> tuple[int, ...]:
        """Points by place (1st first) at this many players."""
        return dict(self.place_points).get(players, ())

    def bomb_value(self, bomb_class: str) -> int:
        """Units a bomb of this class is worth when chopped, frozen in hand or left at the end."""
        return dict(self.bomb_values).get(bomb_class, 0)

    # ---- mappings
    def to_mapping(self) -> dict[str, Any]:
        """A plain mapping (JSON and TOML friendly) that :meth:`from_mapping` reads back exactly."""
        out: dict[str, Any] = {}
        for field in attrs.fields(RuleSet):
            if not field.init:
                continue
            value = getattr(self, field.name)
            if field.name == "bombs":
                value = {b.bomb: {"chops_twos": list(b.chops_twos), "chops_bombs": list(b.chops_bombs)} for b in value}
            elif field.name == "placement":
                value = {str(n): [list(p) for p in pays] for n, pays in value}
            elif field.name == "place_points":
                value = {str(n): list(points) for n, points in value}
            elif field.name == "bomb_values":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            if value is None:
                continue  # TOML has no null; a missing key reads back as None
            out[field.name] = value
        return out

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> RuleSet:
        """Build a rule set from a mapping of axes (as :meth:`to_mapping` writes).

        A ``"from"`` key names a profile to start from; the other keys override its axes.
        Raises :class:`InvalidRules` naming the field for unknown axes and bad values.
        """
        if not isinstance(mapping, Mapping):
            raise InvalidRules(f"rules must be a mapping of axis names to values, not {type(mapping).__name__}")
        data = dict(mapping)
        odd = [key for key in data if not isinstance(key, str)]
        if odd:
            raise InvalidRules(f"{odd[0]!r}: axis names must be text")
        base: dict[str, Any] = {}
        if "from" in data:
            from tienlen.profiles import PROFILES

            start = data.pop("from")
            if not isinstance(start, str) or start not in PROFILES:
                raise InvalidRules(f"from: {start!r} is not a profile; choose one of {', '.join(PROFILES)}")
            base = PROFILES[start].to_mapping()
            base["forfeit_penalty"] = PROFILES[start].forfeit_penalty
            base["match_rounds"] = PROFILES[start].match_rounds
        known = {f.name for f in attrs.fields(RuleSet) if f.init}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRules(f"{unknown[0]}: not a rule axis; known axes are {', '.join(sorted(known))}")
        merged = base | data
        if "name" not in merged:
            raise InvalidRules("name: a rule set needs a name")
        return cls(**{key: _convert(key, value) for key, value in merged.items()})


    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Read a rule set from TOML text (the axes as keys; ``from = "house"`` to start from a profile).

        Raises :class:`InvalidRules` for malformed TOML or bad axes.
        """
        try:
            data = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as error:
            raise InvalidRules(f"the rules file is not valid TOML: {error}") from None
        return cls.from_mapping(data)

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        """Read a rule set from JSON text. Raises :class:`InvalidRules` for malformed JSON or bad axes."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidRules(f"the rules file is not valid JSON: {error}") from None
        return cls.from_mapping(data)

    def to_json(self) -> str:
        """The rule set as JSON, read back exactly by :meth:`from_json`."""
        return json.dumps(self.to_mapping(), ensure_ascii=False, indent=2)

    def to_dict(self) -> dict[str, Any]:
        """The rule set as a wire document: ``format`` ``tienlen-rules``, ``version``, then
        :meth:`to_mapping`'s axes (see :mod:`tienlen.wire`)."""
        return {"format": "tienlen-rules", "version": WIRE_VERSION} | self.to_mapping()

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        """Read a document written by :meth:`to_dict`. Raises :class:`~tienlen.InvalidDocument`
        for a wrong format or version and :class:`InvalidRules` naming a bad axis."""
        document = check_head(data, "rules")
        return cls.from_mapping({key: value for key, value in document.items() if key not in ("format", "version")})

    def to_toml(self) -> str:
        """The rule set as TOML, read back exactly by :meth:`from_toml`."""
        lines: list[str] = []
        tables: list[str] = []
        for key, value in self.to_mapping().items():
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


def load_rules(source: str | Path) -> RuleSet:
    """A profile by name (``"house"``), or a rule set read from a ``.toml`` or ``.json`` file.

    Raises :class:`InvalidRules` for an unknown name, an unreadable file or bad contents.
    """
    from tienlen.profiles import PROFILES

    if isinstance(source, str) and source in PROFILES:
        return PROFILES[source]
    path = Path(source)
    if path.suffix.lower() not in (".toml", ".json"):
        raise InvalidRules(f"{str(source)!r} is neither a profile ({', '.join(PROFILES)}) nor a .toml or .json rules file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidRules(f"cannot read rules file {str(path)!r}: {error}") from None
    return RuleSet.from_toml(text) if path.suffix.lower() == ".toml" else RuleSet.from_json(text)


def _convert(key: str, value: Any) -> Any:
    """Reshape one JSON/TOML value into the axis' Python form (tables into tuples); types are
    checked by the rule set itself."""
    if key == "bombs":
        return tuple(_bomb_rule(name, spec) for name, spec in _table(value, key).items())
    if key in ("placement", "place_points"):
        rows: dict[int, Any] = {}
        for count, row in _table(value, key).items():
            players = int(count) if isinstance(count, str) and count.isdigit() else count
            if not isinstance(players, int) or players in rows:
                raise InvalidRules(f"{key}: {count!r} must be a player count, given once")
            rows[players] = _tuple(row) if key == "place_points" else tuple(map(_tuple, _tuple(row)))
        return tuple(sorted(rows.items()))
    if key == "bomb_values":
        return tuple(_table(value, key).items())
    return _tuple(value) if isinstance(value, list) else value


def _table(value: Any, key: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRules(f"{key}: expected a table (mapping), got {value!r}")
    return value


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _bomb_rule(name: Any, spec: Any) -> BombRule:
    spec = _table(spec, f"bombs.{name}")
    unknown = sorted(set(map(str, spec)) - {"chops_twos", "chops_bombs"})
    if unknown:
        raise InvalidRules(f"bombs.{name}.{unknown[0]}: not a bomb setting; use chops_twos and chops_bombs")
    return BombRule(bomb=name, chops_twos=_tuple(spec.get("chops_twos", ())), chops_bombs=_tuple(spec.get("chops_bombs", ())))


def _check_shape(value: Any, shape: Any, field: str, words: str) -> None:
    """Refuse ``value`` unless it has ``shape``: a type, or a tuple of shapes (``(t, ...)`` for any length)."""
    if _fits(value, shape):
        return
    raise InvalidRules(f"{field}: expected {words}, got {value!r}")


def _fits(value: Any, shape: Any) -> bool:
    if isinstance(shape, tuple):
        if not isinstance(value, tuple):
            return False
        if len(shape) == 2 and shape[1] is ...:
            return all(_fits(v, shape[0]) for v in value)
        return len(value) == len(shape) and all(_fits(v, s) for v, s in zip(value, shape))
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if shape is None:
        return value is None
    return isinstance(value, shape)


_SHAPES: dict[str, tuple[Any, str]] = {
    "bool": (bool, "true or false"),
    "int": (int, "a whole number"),
    "str": (str, "text"),
    "tuple[BombRule, ...]": ((BombRule, ...), "a table of bomb classes"),
    "tuple[str, ...]": ((str, ...), "a list of names"),
    "tuple[int, int, int, int]": ((int, int, int, int), "4 whole numbers"),
    "tuple[int, int]": ((int, int), "2 whole numbers"),
    "tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]": (
        ((int, ((int, int, int), ...)), ...),
        "a table of player counts, each with a list of [payer place, payee place, amount]",
    ),
    "tuple[tuple[int, tuple[int, ...]], ...]": (((int, (int, ...)), ...), "a table of player counts, each with a list of points"),
    "tuple[tuple[str, int], ...]": (((str, int), ...), "a table of bomb classes and whole numbers"),
}
_LITERALS: dict[str, Any] = {"Unit": Unit, "ChopPayment": ChopPayment, "Thui": Thui, "InstantWinTies": InstantWinTies, "Direction": Direction}


def _check_types(rules: RuleSet) -> None:
    for field in attrs.fields(RuleSet):
        if not field.init:
            continue
        value, kind = getattr(rules, field.name), str(field.type)
        if kind in _LITERALS:
            allowed = get_args(_LITERALS[kind])
            if value not in allowed:
                raise InvalidRules(f"{field.name}: {value!r} is not allowed; use one of {', '.join(map(repr, allowed))}")
        elif kind == "int | None":
            _check_shape(value, int if value is not None else None, field.name, "a whole number")
        else:
            shape, words = _SHAPES[kind]
            _check_shape(value, shape, field.name, words)


def _validate(rules: RuleSet) -> None:
    """Refuse axes of the wrong type, out of range, or contradicting each other, naming the field."""
    _check_types(rules)
    r = rules
    if not isinstance(r.name, str) or not r.name:
        raise InvalidRules("name: a rule set needs a non-empty name")
    if not 2 <= r.min_players <= r.max_players <= 4:
        raise InvalidRules(f"min_players/max_players: {r.min_players}–{r.max_players} is not a range within 2–4 players")
    if not 3 <= r.straight_min <= 13:
        raise InvalidRules(f"straight_min: {r.straight_min} must be between 3 and 13")
    if not 3 <= r.pair_run_min <= 6:
        raise InvalidRules(f"pair_run_min: {r.pair_run_min} must be between 3 and 6")
    classes = [b.bomb for b in r.bombs]
    if len(set(classes)) != len(classes):
        raise InvalidRules(f"bombs: a bomb class is listed twice in {classes}")
    for bomb in r.bombs:
        for name in (bomb.bomb, *bomb.chops_bombs):
            if name.startswith("PR") and (not r.pair_runs or int(name[2:]) < r.pair_run_min):
                raise InvalidRules(
                    f"bombs.{bomb.bomb}: {name} is not a combination under these rules "
                    f"({'pair runs are off' if not r.pair_runs else f'pair runs start at {r.pair_run_min} pairs'})"
                )
        missing = [c for c in bomb.chops_bombs if c not in classes]
        if missing:
            raise InvalidRules(f"bombs.{bomb.bomb}.chops_bombs: {missing[0]} is not itself in the bomb table")
    for name in r.interrupt_bombs:
        if name not in classes:
            raise InvalidRules(f"interrupt_bombs: {name!r} must be a class of the bomb table ({', '.join(classes) or 'empty'})")
    for name in r.instant_wins:
        if name not in INSTANT_WIN_PATTERNS:
            raise InvalidRules(f"instant_wins: {name!r} is not a pattern; known: {', '.join(INSTANT_WIN_PATTERNS)}")
    for name, value in r.bomb_values:
        _check_bomb_names((name,), "bomb_values")
    if len(r.two_values) != 4:
        raise InvalidRules(f"two_values: give 4 numbers (2♠ 2♣ 2♦ 2♥), not {list(r.two_values)}")
    if len(r.instant_win_points) != 2:
        raise InvalidRules(f"instant_win_points: give 2 numbers (winner, every other player), not {list(r.instant_win_points)}")
    negative = [
        f for f in ("frozen_penalty", "frozen_end_payment", "instant_win_payment", "finish_with_two_penalty", "rake_percent")
        if getattr(r, f) < 0
    ] + (["two_values"] if min(r.two_values) < 0 else []) + (["bomb_values"] if any(v < 0 for _, v in r.bomb_values) else [])
    if negative:
        raise InvalidRules(f"{negative[0]}: amounts cannot be negative")
    if r.forfeit_penalty is not None and r.forfeit_penalty < 0:
        raise InvalidRules("forfeit_penalty: amounts cannot be negative")
    if not 0 <= r.rake_percent < 100:
        raise InvalidRules(f"rake_percent: {r.rake_percent} must be from 0 to 99")
    if r.match_rounds is not None and r.match_rounds < 1:
        raise InvalidRules(f"match_rounds: {r.match_rounds} must be at least 1")
    counts = range(r.min_players, r.max_players + 1)
    if r.unit == "points":
        table = dict(r.place_points)
        for n in counts:
            if len(table.get(n, ())) != n:
                raise InvalidRules(f"place_points: give {n} numbers (1st to last) for {n} players")
    else:
        table2 = dict(r.placement)
        for n in counts:
            if n not in table2:
                raise InvalidRules(f"placement: no payments given for {n} players")
            for payer, payee, amount in table2[n]:
                if not (1 <= payer <= n and 1 <= payee <= n and payer != payee and amount >= 0):
                    raise InvalidRules(
                        f"placement: [{payer}, {payee}, {amount}] at {n} players must name two different places "
                        f"from 1 to {n} and a non-negative amount"
                    )
    if r.den_bai and not r.frozen:
        raise InvalidRules("den_bai: needs frozen = true (it settles a round where every other player is frozen)")


AXES: Mapping[str, str] = {
    "name": "the rule set's identifier",
    "description": "one line about where these rules come from",
    "min_players": "fewest players at the table",
    "max_players": "most players at the table",
    "direction": "which way play goes round the table (for front ends only; seats are numbered in play order)",
    "first_lead_must_include": "first round: the holder of the lowest dealt card (3♠ when dealt) leads and must play that card",
    "pair_same_colour": "a pair must be one colour (both black or both red)",
    "straight_min": "fewest cards in a straight",
    "straight_same_suit": "a straight must be all one suit",
    "straight_two_on_top": "a 2 may be the top card of a straight (K-A-2; never A-2-3)",
    "pair_runs": "pair runs (consecutive pairs) are combinations",
    "pair_run_min": "fewest pairs in a pair run",
    "follow_suit": "to beat a play you must match its suit pattern (single: suit; pair: colour; triple and straight: suits)",
    "twos_ignore_suit": "2s are exempt from the suit and colour rules (a single 2 beats any lower single; pairs of 2s may mix colours)",
    "bombs": "which bombs chop which 2-groups and which other bombs",
    "higher_two_chops": "beating a 2 (or pair of 2s) with higher 2s counts as a chop",
    "bomb_after_pass": "a player who passed may still, in turn, bomb a 2-group on the table",
    "interrupt_bombs": "bombs that may be played out of turn, even after passing, whenever they can chop the table",
    "instant_wins": "dealt hands that win at once",
    "instant_win_ties": "several instant winners: 'share' (all win) or 'nearest_dealer' (first in dealing order wins)",
    "frozen": "a player still holding 13 cards when the first player goes out is frozen (cóng) and stops",
    "den_bai": "when every other player is frozen, one who passed while holding a legal play pays for all (đền bài)",
    "unit": "what the result is counted in: chips, bets or points",
    "unit_name": "what the room's stake is called (entry, bet, point)",
    "placement": "payments by finishing place: [payer place, payee place, units] per player count",
    "place_points": "points by finishing place per player count",
    "two_values": "units a 2 is worth by suit (2♠ 2♣ 2♦ 2♥) when chopped, frozen or left at the end",
    "bomb_values": "units a bomb is worth when chopped, frozen or left at the end",
    "chop_payment": "chop money: 'multiply' (k-th chop pays k × the 2s' price), 'accumulate' (last chopped pays the whole chain) or 'none'",
    "instant_win_payment": "units each other player pays an instant winner",
    "instant_win_points": "points for an instant winner and for every other player",
    "frozen_penalty": "units a frozen player pays 1st place, on top of the value of the 2s and bombs held",
    "frozen_end_payment": "units each unfrozen loser pays 1st place when freezes end the round",
    "thui": "leftover 2s and bombs at the end: paid to the player 'above' the last, to the 'winner', or 'none'",
    "finish_with_two_penalty": "units a player whose last play holds a 2 pays each other player",
    "forfeit_penalty": "units a player who leaves a started round pays the winner instead of a placement payment",
    "rake_percent": "percent of each player's winnings taken by the house, rounded down",
    "cap_at_balance": "no one pays more than their balance; creditors are cut pro rata",
    "match_rounds": "rounds in a match",
}
"""Every axis of :class:`RuleSet` with a one-line meaning (used by :func:`~tienlen.compare` and the docs)."""
