"""Rule sets: every way the profiles differ, as one frozen value.

A :class:`RuleSet` is data. The engine reads its fields ("axes"); it never looks at its name.
Make a house variant with :func:`attrs.evolve` or :meth:`RuleSet.from_mapping`:

>>> import attrs
>>> from tienlen import HOUSE
>>> mine = attrs.evolve(HOUSE, name="no-dragons", instant_wins=("four_twos", "six_pairs"))
>>> [win.pattern for win in mine.instant_wins]
['four_twos', 'six_pairs']

An instant-win pattern may be limited to the first round of a match or to the later ones:

>>> later = attrs.evolve(HOUSE, name="late-sam-co", instant_wins=(InstantWinRule(pattern="four_triples", rounds="later"),))
>>> later.instant_wins[0].counts_in(first_round=True)
False
"""

from __future__ import annotations

import difflib
import functools
import importlib
import json
import re
import tomllib
import warnings
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal, get_args

import attrs

from tienlen._bits import BOMB_CLASS, pairs_of
from tienlen._checks import MAX_AMOUNT, MAX_COUNT, MAX_RULES_TEXT, check_text, load_json, parse_whole, shown
from tienlen._codec import WIRE_VERSION, check_head
from tienlen.errors import InvalidRules, one_line

__all__ = ["RuleSet", "BombRule", "InstantWinRule", "INSTANT_WIN_PATTERNS", "AXES", "PER_PLAYERS"]


def __getattr__(name: str) -> Any:
    """``tienlen.rules.load_rules`` is the 0.1 place of :func:`tienlen.loading.load_rules` (it warns)."""
    if name == "load_rules":
        warnings.warn(
            "tienlen.rules.load_rules moved: use tienlen.load_rules or tienlen.loading.load_rules (the old place goes in 0.3.0)",
            DeprecationWarning,
            stacklevel=2,
        )
        # by module name, not an import: the schema sits below the loading in the import graph
        return importlib.import_module("tienlen.loading").load_rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


Unit = Literal["chips", "bets", "points"]
ChopPayment = Literal["none", "multiply", "accumulate"]
Thui = Literal["none", "above", "winner"]
InstantWinTies = Literal["share", "nearest_dealer"]
Direction = Literal["clockwise", "counter-clockwise"]
Rounds = Literal["any", "first", "later"]
Scoring = Literal["places", "cards"]
MatchTies = Literal["share", "lower_seat"]
Amount = int | tuple[tuple[int, int], ...]
"""An amount of units: one number for every player count, or ``((players, units), ...)`` per count."""

PER_PLAYERS = (
    "instant_win_payment",
    "frozen_penalty",
    "frozen_end_payment",
    "finish_with_two_penalty",
    "forfeit_penalty",
    "card_price",
)
"""The amount axes that may give a value per player count (a table ``{"2": …, "3": …, "4": …}`` in a rules file)."""

INSTANT_WIN_PATTERNS: Mapping[str, str] = MappingProxyType(
    {
        "dragon": "a straight of one card of every rank from 3 to A",
        "dragon_to_two": "one card of each of the 13 ranks, 3 to 2",
        "four_twos": "all four 2s",
        "six_pairs": "six pairs of any ranks (a quad counts as two pairs)",
        "pr5": "five consecutive pairs",
        "pr6": "six consecutive pairs",
        "pr3_with_three_spades": "3♠ with a pair run of 3-4-5 that holds it",
        "four_threes": "all four 3s",
        "three_triples": "three triples (sám cô) of different ranks (a quad counts as a triple)",
        "four_triples": "four triples of different ranks (a quad counts as a triple)",
        "three_quads": "three quads",
        "five_pairs_and_triple": "five pairs and a triple of a sixth rank (a quad counts as two pairs)",
        "five_consecutive_pairs_and_triple": "five consecutive pairs (no 2) and a triple of another rank",
        "one_colour": "13 cards or more, all black (♠ ♣) or all red (♦ ♥)",
        "three_consecutive_triples": "triples of three consecutive ranks (no 2)",
        "two_bombs": "two bombs or more of the rule set's bomb table, laid down at once (no card in two of them)",
    }
)
"""The instant-win patterns a rule set may list, with what each means. Patterns read the whole
dealt hand; each counts in the rounds its :class:`InstantWinRule` names."""

_OLD_PATTERNS = {  # 0.1 names that carried their restriction in the name
    "first_round_pr3_with_three_spades": "pr3_with_three_spades",
    "first_round_four_threes": "four_threes",
}


def _check_bomb_names(names: tuple[str, ...], field: str) -> None:
    for name in names:
        if not isinstance(name, str) or not BOMB_CLASS.fullmatch(name):
            raise InvalidRules(f"{field}: {shown(name)} is not a bomb class; use 'quad' or 'PR3' … 'PR6'")


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
class InstantWinRule:
    """One instant-win pattern of a rule set and the rounds it counts in.

    ``pattern`` is a key of :data:`INSTANT_WIN_PATTERNS`; ``rounds`` is ``"any"``, ``"first"``
    (the first round of a match only) or ``"later"`` (every round but the first).
    """

    pattern: str
    rounds: Rounds = "any"

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.pattern, str) or self.pattern not in INSTANT_WIN_PATTERNS:
            raise InvalidRules(f"instant_wins: {shown(self.pattern)} is not a pattern; known: {', '.join(INSTANT_WIN_PATTERNS)}")
        if self.rounds not in get_args(Rounds):
            raise InvalidRules(
                f"instant_wins.{self.pattern}: {shown(self.rounds)} must be 'any', 'first' or 'later' (the rounds it counts in)"
            )

    def counts_in(self, first_round: bool) -> bool:
        """Whether the pattern wins in a first round (``first_round=True``) or in a later one."""
        return self.rounds == "any" or (self.rounds == "first") == first_round


def _instant_win_rules(value: tuple[InstantWinRule | str, ...]) -> tuple[InstantWinRule, ...]:
    """A bare pattern name stands for ``InstantWinRule(pattern=name)``; a 0.1 ``first_round_`` name
    for its pattern limited to the first round. Anything else is left for the type check."""
    if not isinstance(value, tuple):
        return value
    return tuple(
        InstantWinRule(pattern=_OLD_PATTERNS.get(v, v), rounds="first" if v in _OLD_PATTERNS else "any")
        if isinstance(v, str)
        else v
        for v in value
    )


@attrs.frozen(kw_only=True, cache_hash=True)  # hashed once: rule sets key the library's caches
class RuleSet:
    """The rules of one table. Each field is one axis of the rules, declared with its
    one-line meaning (``metadata={"meaning": ...}``, collected in ``AXES``).

    Raises :class:`InvalidRules` when the axes contradict each other or are out of range.
    """

    name: str = attrs.field(metadata={"meaning": "the rule set's identifier"})
    description: str = attrs.field(default="", metadata={"meaning": "one line about where these rules come from"})
    # --- table and lead
    min_players: int = attrs.field(default=2, metadata={"meaning": "fewest players at the table"})
    max_players: int = attrs.field(default=4, metadata={"meaning": "most players at the table"})
    direction: Direction = attrs.field(
        default="counter-clockwise",
        metadata={"meaning": "which way play goes round the table (for front ends only; seats are numbered in play order)"},
    )
    first_lead_must_include: bool = attrs.field(
        default=True,
        metadata={"meaning": "first round: the holder of the lowest dealt card (3♠ when dealt) leads and must play that card"},
    )
    # --- combinations
    pair_same_colour: bool = attrs.field(
        default=False, metadata={"meaning": "a pair must be one colour (both black or both red)"}
    )
    straight_min: int = attrs.field(default=3, metadata={"meaning": "fewest cards in a straight"})
    straight_same_suit: bool = attrs.field(default=False, metadata={"meaning": "a straight must be all one suit"})
    straight_two_on_top: bool = attrs.field(
        default=False, metadata={"meaning": "a 2 may be the top card of a straight (K-A-2; never A-2-3)"}
    )
    pair_runs: bool = attrs.field(default=True, metadata={"meaning": "pair runs (consecutive pairs) are combinations"})
    pair_run_min: int = attrs.field(default=3, metadata={"meaning": "fewest pairs in a pair run"})
    deal_whole_deck: bool = attrs.field(
        default=False,
        metadata={
            "meaning": "at 2 or 3 players the whole deck is dealt, one card at a time from the dealer's left (26 each; 18, 17, 17), not 13 each"
        },
    )
    # --- following and bombs
    follow_suit: bool = attrs.field(
        default=False,
        metadata={
            "meaning": "to beat a play you must match its suit pattern (single: suit; pair: colour; triple and straight: suits)"
        },
    )
    twos_ignore_suit: bool = attrs.field(
        default=False,
        metadata={
            "meaning": "2s are exempt from the suit and colour rules (a single 2 beats any lower single; pairs of 2s may mix colours)"
        },
    )
    bombs: tuple[BombRule, ...] = attrs.field(
        default=(), metadata={"meaning": "which bombs chop which 2-groups and which other bombs"}
    )
    higher_two_chops: bool = attrs.field(
        default=False, metadata={"meaning": "beating a 2 (or pair of 2s) with higher 2s counts as a chop"}
    )
    bomb_after_pass: bool = attrs.field(
        default=False, metadata={"meaning": "a player who passed may still, in turn, bomb a 2-group on the table"}
    )
    interrupt_bombs: tuple[str, ...] = attrs.field(
        default=(),
        metadata={"meaning": "bombs that may be played out of turn, even after passing, whenever they can chop the table"},
    )
    same_class_chops: bool = attrs.field(
        default=True,
        metadata={
            "meaning": "a bomb beating a lower bomb of its own class is a chop and adds to the chain ('chặt chồng'); off, an ordinary beat"
        },
    )
    longer_straight_beats: bool = attrs.field(
        default=False, metadata={"meaning": "a straight may also be beaten by any longer straight, whatever its top card"}
    )
    lead_pair_run_bombs: bool = attrs.field(
        default=True,
        metadata={"meaning": "a pair run that is a bomb here may be led (off: it may only be played on a table it beats)"},
    )
    # --- instant wins and frozen players
    instant_wins: tuple[InstantWinRule, ...] = attrs.field(
        default=(),
        converter=_instant_win_rules,
        metadata={
            "meaning": "dealt hands that win at once, each in 'any' round, only the 'first' of a match or only 'later' ones"
        },
    )
    instant_win_ties: InstantWinTies = attrs.field(
        default="share",
        metadata={"meaning": "several instant winners: 'share' (all win) or 'nearest_dealer' (first in dealing order wins)"},
    )
    frozen: bool = attrs.field(
        default=False,
        metadata={"meaning": "a player still holding 13 cards when the first player goes out is frozen (cóng) and stops"},
    )
    den_bai: bool = attrs.field(
        default=False,
        metadata={
            "meaning": "when three players are frozen (four at the table), one who passed while holding a legal play pays for all and leads next (đền bài)"
        },
    )
    # --- money and points
    unit: Unit = attrs.field(default="chips", metadata={"meaning": "what the result is counted in: chips, bets or points"})
    unit_name: str = attrs.field(
        default="unit",
        metadata={"meaning": "what one unit of the room is called (entry, bet, point): settle's unit= says what it is worth"},
    )
    placement: tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...] = attrs.field(
        default=(), metadata={"meaning": "payments by finishing place: [payer place, payee place, units] per player count"}
    )
    place_points: tuple[tuple[int, tuple[int, ...]], ...] = attrs.field(
        default=(), metadata={"meaning": "points by finishing place per player count"}
    )
    two_values: tuple[int, int, int, int] = attrs.field(
        default=(0, 0, 0, 0),
        metadata={"meaning": "units a 2 is worth by suit (2♠ 2♣ 2♦ 2♥) when chopped, frozen or left at the end"},
    )
    bomb_values: tuple[tuple[str, int], ...] = attrs.field(
        default=(), metadata={"meaning": "units a bomb is worth when chopped, frozen or left at the end"}
    )
    chop_payment: ChopPayment = attrs.field(
        default="none",
        metadata={
            "meaning": "chop money: 'multiply' (k-th chop pays k × the 2s' price), 'accumulate' (last chopped pays the whole chain) or 'none'"
        },
    )
    chop_stacked_twos: bool = attrs.field(
        default=False,
        metadata={"meaning": "a bomb chopping a single 2 that was laid on other single 2s is priced on all of them"},
    )
    instant_win_payment: Amount = attrs.field(
        default=0, metadata={"meaning": "units each other player pays an instant winner (one number, or one per player count)"}
    )
    instant_win_points: tuple[int, int] = attrs.field(
        default=(0, 0), metadata={"meaning": "points for an instant winner and for every other player"}
    )
    instant_win_thui: bool = attrs.field(
        default=False, metadata={"meaning": "after an instant win the losers also pay the winner for the 2s and bombs they hold"}
    )
    frozen_penalty: Amount = attrs.field(
        default=0,
        metadata={
            "meaning": "units a frozen player pays 1st place, on top of the value of the 2s and bombs held (one number, or one per player count)"
        },
    )
    frozen_end_payment: Amount = attrs.field(
        default=0,
        metadata={
            "meaning": "units each unfrozen loser pays 1st place when freezes end the round (one number, or one per player count)"
        },
    )
    thui: Thui = attrs.field(
        default="none",
        metadata={"meaning": "leftover 2s and bombs at the end: paid to the player 'above' the last, to the 'winner', or 'none'"},
    )
    finish_with_two_penalty: Amount = attrs.field(
        default=0,
        metadata={
            "meaning": "units a player whose last play holds a 2 pays each other player (one number, or one per player count)"
        },
    )
    forfeit_penalty: Amount | None = attrs.field(
        default=None,
        metadata={
            "meaning": "units a player who leaves before anyone has gone out pays the winner instead of a placement payment; a later leaver pays as the lowest open place, plus thúi (one number, or one per player count)"
        },
    )
    chop_out_voids: bool = attrs.field(
        default=False, metadata={"meaning": "a chop made with the chopper's last cards moves no money (chặt và tới)"}
    )
    scoring: Scoring = attrs.field(
        default="places",
        metadata={
            "meaning": "'places' (placement payments or place points) or 'cards' (đếm lá: the round ends when the first player goes out and every other player pays the winner for each card left)"
        },
    )
    card_price: Amount = attrs.field(
        default=1, metadata={"meaning": "card-count scoring: units per card left (one number, or one per player count)"}
    )
    card_two_multiplier: int = attrs.field(
        default=1, metadata={"meaning": "card-count scoring: each 2 left counts as this many cards"}
    )
    card_all_multiplier: int = attrs.field(
        default=1,
        metadata={
            "meaning": "card-count scoring: a player who never played (all cards still held) pays this many times their count"
        },
    )
    rake_percent: int = attrs.field(
        default=0, metadata={"meaning": "percent of each player's winnings taken by the house, rounded down"}
    )
    cap_at_balance: bool = attrs.field(
        default=False, metadata={"meaning": "no one pays more than their balance; creditors are cut pro rata"}
    )
    match_rounds: int | None = attrs.field(default=None, metadata={"meaning": "rounds in a match (a session)"})
    match_ties: MatchTies = attrs.field(
        default="share",
        metadata={"meaning": "equal match totals: 'share' the win, or 'lower_seat' (the lowest seat number among them wins)"},
    )
    # --- derived lookups (not axes)
    _bomb_table: Mapping[str, BombRule] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        _validate(self)
        object.__setattr__(self, "_bomb_table", MappingProxyType({b.bomb: b for b in self.bombs}))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its axes (the read-only bomb table is derived from them, and rebuilt).
        return (functools.partial(RuleSet, **{f.name: getattr(self, f.name) for f in attrs.fields(RuleSet) if f.init}), ())

    # ---- lookups used by the engine
    def bomb_rule(self, bomb_class: str | None) -> BombRule | None:
        """The bomb rule of a class (``"quad"``, ``"PR3"`` …), or ``None`` when it is no bomb here."""
        return self._bomb_table.get(bomb_class) if bomb_class else None

    def payments_for(self, players: int) -> tuple[tuple[int, int, int], ...]:
        """Placement payments ``(payer place, payee place, units)`` at this many players."""
        return dict(self.placement).get(players, ())

    def cards_dealt(self, players: int) -> int:
        """How many cards a deal hands out at this many players: 13 each, or all 52 where
        ``deal_whole_deck``.

        >>> from tienlen import HOUSE
        >>> HOUSE.cards_dealt(3)
        39
        """
        return 52 if self.deal_whole_deck else 13 * players

    def most_cards_dealt(self) -> int:
        """The most cards one player is dealt under these rules: 13, or with ``deal_whole_deck``
        26 at 2 players and 18 at 3. Move generation refuses larger hands.

        >>> import attrs
        >>> from tienlen import HOUSE
        >>> HOUSE.most_cards_dealt(), attrs.evolve(HOUSE, deal_whole_deck=True).most_cards_dealt()
        (13, 26)
        """
        return -(-self.cards_dealt(self.min_players) // self.min_players)

    def points_for(self, players: int) -> tuple[int, ...]:
        """Points by place (1st first) at this many players."""
        return dict(self.place_points).get(players, ())

    def amount(self, axis: str, players: int) -> int:
        """The units of an amount axis (one of ``PER_PLAYERS``) at this many players (0 when unset).

        Raises :class:`InvalidRules` for an axis that is not an amount axis.

        >>> from tienlen import HOUSE
        >>> HOUSE.amount("frozen_penalty", 4)
        8
        """
        if axis not in PER_PLAYERS:
            raise InvalidRules(f"{axis!r} is not an amount axis; use one of {', '.join(PER_PLAYERS)}")
        value: Amount | None = getattr(self, axis)
        if isinstance(value, tuple):
            return dict(value).get(players, 0)
        return value or 0

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

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> RuleSet:
        """Build a rule set from a mapping of axes (as :meth:`to_mapping` writes).

        A ``"from"`` key names a profile to start from; the other keys override its axes.
        Raises :class:`InvalidRules` naming the field for unknown axes and bad values.
        """
        if not isinstance(mapping, Mapping):
            raise InvalidRules(f"rules must be a mapping of axis names to values, not {shown(mapping)}")
        data = dict(mapping)
        odd = [key for key in data if not isinstance(key, str)]
        if odd:
            raise InvalidRules(f"{shown(odd[0])}: axis names must be text")
        base: dict[str, Any] = {}
        if "from" in data:
            start = data.pop("from")
            if not isinstance(start, str) or start not in _STARTS:
                raise InvalidRules(f"from: {shown(start)} is not a profile; choose one of {', '.join(_STARTS)}")
            base = _STARTS[start].to_mapping()
            base["forfeit_penalty"] = _STARTS[start].forfeit_penalty
            base["match_rounds"] = _STARTS[start].match_rounds
        known = {f.name for f in attrs.fields(RuleSet) if f.init}
        unknown = sorted(set(data) - known)
        if unknown:
            close = difflib.get_close_matches(unknown[0], known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "the axes are listed in tienlen.AXES"
            raise InvalidRules(f"{one_line(unknown[0], 40)}: not a rule axis; {hint}")
        merged = base | data
        if "name" not in merged:
            raise InvalidRules("name: a rule set needs a name")
        return cls(**{key: _convert(key, value) for key, value in merged.items()})

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Read a rule set from TOML text (the axes as keys; ``from = "house"`` to start from a profile).

        Raises :class:`InvalidRules` for malformed TOML, bad axes, or text longer than
        262,144 characters.
        """
        check_text(text, "the rules text", MAX_RULES_TEXT, InvalidRules)
        try:
            data = tomllib.loads(text)
        except RecursionError:
            raise InvalidRules("the rules file is not valid TOML: it is nested too deeply") from None
        except ValueError as error:  # tomllib.TOMLDecodeError, or a number too long to read
            raise InvalidRules(f"the rules file is not valid TOML: {error}") from None
        return cls.from_mapping(data)

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        """Read a rule set from JSON text. Raises :class:`InvalidRules` for malformed JSON (a key
        given twice included), bad axes, or text longer than 262,144 characters."""
        return cls.from_mapping(load_json(text, "the rules file", MAX_RULES_TEXT, InvalidRules))

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


_STARTS: dict[str, RuleSet] = {}
"""The rule sets a mapping may start ``from``, by name: the profiles, which :mod:`tienlen.profiles`
adds with :func:`_add_starts` as it is imported (``import tienlen`` always imports it). So the
schema needs no import of the profiles, which are built from it."""


def _add_starts(rule_sets: Iterable[RuleSet]) -> None:
    _STARTS.update((r.name, r) for r in rule_sets)


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


def _by_players(table: Mapping[Any, Any], key: str) -> tuple[tuple[int, Any], ...]:
    """A table keyed by player count ("3" in TOML and JSON) as ``((3, value), ...)`` in count order."""
    rows: dict[int, Any] = {}
    for count, value in table.items():
        players = parse_whole(count, f"{key}: a player count", 4, InvalidRules) if isinstance(count, str) else count
        if isinstance(players, bool) or not isinstance(players, int) or players in rows:
            raise InvalidRules(f"{key}: {shown(count)} must be a player count, given once")
        rows[players] = value
    return tuple(sorted(rows.items()))


def _table(value: Any, key: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRules(f"{key}: expected a table (mapping), got {shown(value)}")
    return value


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidRules(f"{key}: expected a list, got {shown(value)}")
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
    bounds = f" of at most {MAX_AMOUNT:,} in size" if "whole number" in words else ""
    raise InvalidRules(f"{field}: expected {words}{bounds}, got {shown(value)}")


def _fits(value: Any, shape: Any) -> bool:
    if isinstance(shape, tuple):
        if not isinstance(value, tuple):
            return False
        if len(shape) == 2 and shape[1] is ...:
            return all(_fits(v, shape[0]) for v in value)
        return len(value) == len(shape) and all(_fits(v, s) for v, s in zip(value, shape, strict=True))
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool) and -MAX_AMOUNT <= value <= MAX_AMOUNT
    if shape is None:
        return value is None
    return isinstance(value, shape)


_SHAPES: dict[str, tuple[Any, str]] = {
    "bool": (bool, "true or false"),
    "int": (int, "a whole number"),
    "str": (str, "text"),
    "tuple[BombRule, ...]": ((BombRule, ...), "a table of bomb classes"),
    "tuple[str, ...]": ((str, ...), "a list of names"),
    "tuple[InstantWinRule, ...]": ((InstantWinRule, ...), "a list of names, or a table of name = 'any', 'first' or 'later'"),
    "tuple[int, int, int, int]": ((int, int, int, int), "4 whole numbers"),
    "tuple[int, int]": ((int, int), "2 whole numbers"),
    "tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]": (
        ((int, ((int, int, int), ...)), ...),
        "a table of player counts, each with a list of [payer place, payee place, amount]",
    ),
    "tuple[tuple[int, tuple[int, ...]], ...]": (((int, (int, ...)), ...), "a table of player counts, each with a list of points"),
    "tuple[tuple[str, int], ...]": (((str, int), ...), "a table of bomb classes and whole numbers"),
}
_LITERALS: dict[str, Any] = {
    "Unit": Unit,
    "ChopPayment": ChopPayment,
    "Thui": Thui,
    "InstantWinTies": InstantWinTies,
    "Direction": Direction,
    "Scoring": Scoring,
    "MatchTies": MatchTies,
}
_AMOUNT_WORDS = "a whole number, or a table of player counts and whole numbers"


def _check_types(rules: RuleSet) -> None:
    for field in attrs.fields(RuleSet):
        if not field.init:
            continue
        value, kind = getattr(rules, field.name), str(field.type)
        if kind in _LITERALS:
            allowed = get_args(_LITERALS[kind])
            if value not in allowed:
                raise InvalidRules(f"{field.name}: {shown(value)} is not allowed; use one of {', '.join(map(repr, allowed))}")
        elif kind == "int | None":
            _check_shape(value, int if value is not None else None, field.name, "a whole number")
        elif kind in ("Amount", "Amount | None"):
            if value is None and kind == "Amount | None":
                continue
            shape = ((int, int), ...) if isinstance(value, tuple) else int
            _check_shape(value, shape, field.name, _AMOUNT_WORDS)
        else:
            shape, words = _SHAPES[kind]
            _check_shape(value, shape, field.name, words)


def _validate(rules: RuleSet) -> None:
    """Refuse axes of the wrong type, out of range, or contradicting each other, naming the field."""
    _check_types(rules)
    for check in (_check_text, _check_sizes, _check_bombs, _check_amounts, _check_scoring):
        check(rules)
    for conflicts, message in _CONFLICTS:
        if conflicts(rules):
            raise InvalidRules(message)


def _check_text(r: RuleSet) -> None:
    if not isinstance(r.name, str) or not r.name:
        raise InvalidRules("name: a rule set needs a non-empty name")
    for field, limit in (("name", 100), ("unit_name", 100), ("description", 1000)):
        if len(getattr(r, field)) > limit:
            raise InvalidRules(f"{field}: {len(getattr(r, field)):,} characters is too long; the limit is {limit:,}")
        if field != "description" and not getattr(r, field).isprintable():
            raise InvalidRules(f"{field}: {shown(getattr(r, field))} must be printable text on one line")


def _check_sizes(r: RuleSet) -> None:
    if not 2 <= r.min_players <= r.max_players <= 4:
        raise InvalidRules(f"min_players/max_players: {r.min_players}–{r.max_players} is not a range within 2–4 players")
    if not 3 <= r.straight_min <= 13:
        raise InvalidRules(f"straight_min: {r.straight_min} must be between 3 and 13")
    if not 3 <= r.pair_run_min <= 6:
        raise InvalidRules(f"pair_run_min: {r.pair_run_min} must be between 3 and 6")
    patterns = [win.pattern for win in r.instant_wins]
    if len(set(patterns)) != len(patterns):
        raise InvalidRules(f"instant_wins: a pattern is listed twice in {patterns}")


def _check_bombs(r: RuleSet) -> None:
    classes = [b.bomb for b in r.bombs]
    if len(set(classes)) != len(classes):
        raise InvalidRules(f"bombs: a bomb class is listed twice in {classes}")
    for bomb in r.bombs:
        for name in (bomb.bomb, *bomb.chops_bombs):
            if pairs_of(name) and (not r.pair_runs or pairs_of(name) < r.pair_run_min):
                raise InvalidRules(
                    f"bombs.{bomb.bomb}: {name} is not a combination under these rules "
                    f"({'pair runs are off' if not r.pair_runs else f'pair runs start at {r.pair_run_min} pairs'})"
                )
        missing = [c for c in bomb.chops_bombs if c not in classes]
        if missing:
            raise InvalidRules(f"bombs.{bomb.bomb}.chops_bombs: {missing[0]} is not itself in the bomb table")
    for name in r.interrupt_bombs:
        if name not in classes:
            raise InvalidRules(
                f"interrupt_bombs: {shown(name)} must be a class of the bomb table ({', '.join(classes) or 'empty'})"
            )
    _check_bomb_names(tuple(name for name, _ in r.bomb_values), "bomb_values")


def _check_amounts(r: RuleSet) -> None:
    if len(r.two_values) != 4:
        raise InvalidRules(f"two_values: give 4 numbers (2♠ 2♣ 2♦ 2♥), not {list(r.two_values)}")
    if len(r.instant_win_points) != 2:
        raise InvalidRules(f"instant_win_points: give 2 numbers (winner, every other player), not {list(r.instant_win_points)}")
    counts = range(r.min_players, r.max_players + 1)
    for name in PER_PLAYERS:
        value = getattr(r, name)
        if isinstance(value, tuple) and sorted(dict(value)) != list(counts):
            raise InvalidRules(
                f"{name}: give one amount for each player count from {r.min_players} to {r.max_players}, not for {sorted(dict(value))}"
            )
    negative = [f for f in PER_PLAYERS if any(r.amount(f, n) < 0 for n in counts)]
    negative += (["rake_percent"] if r.rake_percent < 0 else []) + (["two_values"] if min(r.two_values) < 0 else [])
    negative += ["bomb_values"] if any(v < 0 for _, v in r.bomb_values) else []
    if negative:
        raise InvalidRules(f"{negative[0]}: amounts cannot be negative")
    if not 0 <= r.rake_percent < 100:
        raise InvalidRules(f"rake_percent: {r.rake_percent} must be from 0 to 99")
    if r.match_rounds is not None and not 1 <= r.match_rounds <= MAX_COUNT:
        raise InvalidRules(f"match_rounds: {r.match_rounds} must be from 1 to {MAX_COUNT:,}")
    for name in ("card_two_multiplier", "card_all_multiplier"):
        if getattr(r, name) < 1:
            raise InvalidRules(f"{name}: {getattr(r, name)} must be at least 1 (1 leaves the count as it is)")


def _check_scoring(r: RuleSet) -> None:
    counts = range(r.min_players, r.max_players + 1)
    if r.scoring == "cards" and not all(r.amount("card_price", n) > 0 for n in counts):
        raise InvalidRules("card_price: card-count scoring needs a price of at least 1 per card")
    if r.scoring == "places" and r.unit == "points":
        for n in counts:
            if len(dict(r.place_points).get(n, ())) != n:
                raise InvalidRules(f"place_points: give {n} numbers (1st to last) for {n} players")
    elif r.scoring == "places":
        for n in counts:
            if n not in dict(r.placement):
                raise InvalidRules(f"placement: no payments given for {n} players")
            for payer, payee, amount in dict(r.placement)[n]:
                if not (1 <= payer <= n and 1 <= payee <= n and payer != payee and amount >= 0):
                    raise InvalidRules(
                        f"placement: [{payer}, {payee}, {amount}] at {n} players must name two different places "
                        f"from 1 to {n} and a non-negative amount"
                    )


_CONFLICTS: tuple[tuple[Callable[[RuleSet], bool], str], ...] = (
    (
        lambda r: r.deal_whole_deck and r.min_players == 4,
        "deal_whole_deck: this table always seats 4, who get the whole deck (13 each) anyway",
    ),
    (
        lambda r: r.longer_straight_beats and r.follow_suit,
        "longer_straight_beats: cannot go with follow_suit (a longer straight has no suit pattern to follow)",
    ),
    (
        lambda r: not r.lead_pair_run_bombs and not r.pair_runs,
        "lead_pair_run_bombs: pair runs are off, so there is no pair-run bomb to keep from leading",
    ),
    (
        lambda r: r.chop_stacked_twos and r.chop_payment == "none",
        "chop_stacked_twos: chops move no money here (chop_payment = 'none'); choose 'multiply' or 'accumulate'",
    ),
    (
        lambda r: r.scoring == "cards" and r.frozen,
        "frozen: card-count scoring ends the round when the first player goes out, so nobody is frozen;"
        " price a hand that was never played with card_all_multiplier and set frozen = false",
    ),
    (
        lambda r: r.den_bai and not r.frozen,
        "den_bai: needs frozen = true (it settles a round where three players are frozen)",
    ),
    (
        lambda r: r.den_bai and r.max_players < 4,
        "den_bai: needs max_players = 4 (it settles a round where three players are frozen)",
    ),
    (
        lambda r: r.instant_win_thui and not r.instant_wins,
        "instant_win_thui: there are no instant_wins to charge it on",
    ),
    (
        lambda r: r.chop_out_voids and r.chop_payment == "none",
        "chop_out_voids: chops move no money here (chop_payment = 'none'), so there is nothing to void",
    ),
)
"""Axes that contradict each other: when the test holds, the rule set is refused with the message."""


AXES: Mapping[str, str] = MappingProxyType({f.name: f.metadata["meaning"] for f in attrs.fields(RuleSet) if f.init})
"""Every axis of :class:`RuleSet` with the one-line meaning declared with its field (used by :func:`~tienlen.compare` and the docs)."""
