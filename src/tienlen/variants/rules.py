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

import functools
import json
from collections.abc import Callable, Mapping
from types import MappingProxyType, ModuleType
from typing import Any, Literal, cast, get_args, get_origin

import attrs

from tienlen._base.bits import pairs_of
from tienlen._base.codec import check_head, head
from tienlen._base.input import MAX_COUNT, MAX_RULES_TEXT, is_whole, load_json, shown
from tienlen.errors import InvalidArgument, InvalidRules
from tienlen.variants._axes import (
    INSTANT_WIN_PATTERNS as INSTANT_WIN_PATTERNS,
    PER_PLAYERS as PER_PLAYERS,
    Amount as Amount,
    BombRule as BombRule,
    ChopOutVoids as ChopOutVoids,
    ChopPayment as ChopPayment,
    Currency as Currency,
    Direction as Direction,
    InstantWinRule as InstantWinRule,
    InstantWins as InstantWins,
    InstantWinThuiBy as InstantWinThuiBy,
    InstantWinTies as InstantWinTies,
    MatchTies as MatchTies,
    Rounds as Rounds,
    Scoring as Scoring,
    Thui as Thui,
    TwoBombsCards as TwoBombsCards,
    check_bomb_names,
    read_chop_out_voids,
    read_instant_wins,
)
from tienlen.variants._shapes import check_fields

__all__ = ["RuleSet", "BombRule", "InstantWinRule", "INSTANT_WIN_PATTERNS", "AXES", "CHOICES", "PER_PLAYERS"]


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
    triple_run_min: int = attrs.field(
        default=0,
        metadata={"meaning": "fewest triples in a triple run (sám liên: 333 444 …, no 2; never a bomb); 0: not played"},
    )
    quad_run_min: int = attrs.field(
        default=0, metadata={"meaning": "fewest quads in a quad run (3333 4444 …, no 2; never a bomb); 0: not played"}
    )
    deal_whole_deck: bool = attrs.field(
        default=False,
        metadata={
            "meaning": "at 2 or 3 players the whole deck is dealt, one card at a time from the dealer's left (26 each; 18, 17, 17), not 13 each"
        },
    )
    deal_evenly: bool = attrs.field(
        default=False,
        metadata={
            "meaning": "with deal_whole_deck, every player gets as many cards as the others and the rest stays out (17 each at 3 players, one card undealt)"
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
        converter=read_instant_wins,
        metadata={
            "meaning": "dealt hands that win at once, each in 'any' round, only the 'first' of a match or only 'later' ones"
        },
    )
    two_bombs_cards: TwoBombsCards = attrs.field(
        default="apart",
        metadata={
            "meaning": "how the two_bombs instant win counts bombs: 'apart' (no card in two; a long pair run cut into "
            "several), 'whole_runs' (no card in two; a pair run is one bomb), 'shared' (a quad's cards may be in a pair run)"
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
            "meaning": "when three players are frozen (four at the table), one who passed while holding a legal play pays for all and leads next (đền bài);"
            " under card-count scoring, players who never played are frozen for this"
        },
    )
    # --- money and points
    currency: Currency = attrs.field(
        default="chips", metadata={"meaning": "what results are counted in: chips, bets or points (its name was unit until 0.2)"}
    )
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
    bomb_flat_value: int | None = attrs.field(
        default=None,
        metadata={
            "meaning": "units every bomb is worth when chopped, frozen or left at the end, whatever its class (a quad or a "
            "pair run of any length, as card-count tables price them); none: bomb_values by class"
        },
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
    instant_win_thui_by: InstantWinThuiBy = attrs.field(
        default="every",
        metadata={
            "meaning": "who pays instant_win_thui: 'every' loser, or only the 'last' placed (most cards; then the higher "
            "card total, as card-count scoring places; then the last in play order from the instant winner)"
        },
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
        metadata={
            "meaning": "leftover 2s and bombs at the end: the last pays the player 'above', every loser pays the 'winner', "
            "only the 'last' pays the winner, or 'none'"
        },
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
    chop_out_voids: ChopOutVoids = attrs.field(
        default="none",
        converter=read_chop_out_voids,
        metadata={
            "meaning": "chặt và tới: which chops move no money: 'chopper' (made with the chopper's last cards), "
            "'chopped' (of a player who then goes out first), 'both', or 'none'"
        },
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
    card_all_multiplier: Amount = attrs.field(
        default=1,
        metadata={
            "meaning": "card-count scoring: a player who never played (all cards still held) pays this many times their count"
            " (one number, or one per player count: 2, 3 and 4 make a frozen hand of 13 cost 26, 39 and 52 cards)"
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
        try:
            return self._bomb_table.get(bomb_class) if bomb_class else None
        except TypeError:  # an unhashable value: no bomb class
            raise _not_a_bomb_class(bomb_class) from None

    def payments_for(self, players: int) -> tuple[tuple[int, int, int], ...]:
        """Placement payments ``(payer place, payee place, units)`` at this many players.

        Raises :class:`~tienlen.InvalidArgument` when ``players`` is not a whole number from 2 to 4
        (as for every look-up by player count here)."""
        return dict(self.placement).get(_table_size(players), ())

    def cards_dealt(self, players: int) -> int:
        """How many cards a deal hands out at this many players: 13 each, or all 52 where
        ``deal_whole_deck`` (51 at 3 players where also ``deal_evenly``).

        >>> from tienlen import HOUSE
        >>> HOUSE.cards_dealt(3)
        39
        """
        _table_size(players)
        if not self.deal_whole_deck:
            return 13 * players
        return 52 - 52 % players if self.deal_evenly else 52

    def most_cards_dealt(self) -> int:
        """The most cards one player is dealt under these rules: 13, or with ``deal_whole_deck``
        26 at 2 players and 18 at 3. Move generation refuses larger hands.

        >>> import attrs
        >>> from tienlen import HOUSE
        >>> HOUSE.most_cards_dealt(), attrs.evolve(HOUSE, name="whole-deck", deal_whole_deck=True).most_cards_dealt()
        (13, 26)
        """
        return -(-self.cards_dealt(self.min_players) // self.min_players)

    def points_for(self, players: int) -> tuple[int, ...]:
        """Points by place (1st first) at this many players."""
        return dict(self.place_points).get(_table_size(players), ())

    def amount(self, axis: str, players: int) -> int:
        """The units of an amount axis (one of ``PER_PLAYERS``) at this many players (0 when unset).

        Raises :class:`~tienlen.InvalidArgument` for an axis that is not an amount axis.

        >>> from tienlen import HOUSE
        >>> HOUSE.amount("frozen_penalty", 4)
        8
        """
        if not isinstance(axis, str) or axis not in PER_PLAYERS:
            raise InvalidArgument.of("amount-axis-use-one", axis=shown(axis), per_players=", ".join(PER_PLAYERS))
        _table_size(players)
        value: Amount | None = getattr(self, axis)
        if isinstance(value, tuple):
            return dict(value).get(players, 0)
        return value or 0

    def bomb_value(self, bomb_class: str) -> int:
        """Units a bomb of this class is worth when chopped, frozen in hand or left at the end
        (``bomb_flat_value`` for every class where it is set)."""
        if self.bomb_flat_value is not None:
            return self.bomb_flat_value
        try:
            return dict(self.bomb_values).get(bomb_class, 0)
        except TypeError:  # an unhashable value: no bomb class
            raise _not_a_bomb_class(bomb_class) from None

    # ---- mappings and text (written and read by tienlen.variants.loading, loaded on first use)
    def to_mapping(self) -> dict[str, Any]:
        """A plain mapping (JSON and TOML friendly) that :meth:`from_mapping` reads back exactly."""
        mapping: dict[str, Any] = _loading().to_mapping(self)
        return mapping

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> RuleSet:
        """Build a rule set from a mapping of axes (as :meth:`to_mapping` writes).

        A ``"from"`` key names a profile to start from; the other keys override its axes.
        Raises :class:`InvalidRules` naming the field for unknown axes and bad values.
        """
        return cast(RuleSet, _loading().from_mapping(cls, mapping))

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Read a rule set from TOML text (the axes as keys; ``from = "house"`` to start from a profile).

        Raises :class:`InvalidRules` for malformed TOML, bad axes, or text longer than
        262,144 characters.
        """
        return cast(RuleSet, _loading().from_toml(cls, text))

    def to_toml(self) -> str:
        """The rule set as TOML, read back exactly by :meth:`from_toml`."""
        return cast(str, _loading().to_toml(self))

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
        :meth:`to_mapping`'s axes (see :mod:`tienlen.io.wire`)."""
        return head("rules") | self.to_mapping()

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        """Read a document written by :meth:`to_dict`. Raises :class:`~tienlen.InvalidDocument`
        for a wrong format or version and :class:`InvalidRules` naming a bad axis."""
        document = check_head(data, "rules")
        return cls.from_mapping({key: value for key, value in document.items() if key not in ("format", "version")})


def _table_size(players: object) -> int:
    """``players`` when it is a table size a rule set may allow (2 to 4), for the look-ups by
    player count; else :class:`~tienlen.InvalidArgument` (``True`` is no player count)."""
    if not is_whole(players, 2, 4):
        raise InvalidArgument.of("not-a-whole-number-in-range", name="players", low=2, high=4, value=shown(players))
    return players


def _not_a_bomb_class(value: object) -> InvalidArgument:
    return InvalidArgument.of("wrong-type", name="bomb_class", words="a bomb class such as 'quad' or 'PR3'", value=shown(value))


def _loading() -> ModuleType:
    from tienlen.variants import loading  # rule-set I/O sits above the schema and the profiles: loaded on first use

    return loading


_WORDS: dict[Any, str] = {
    bool: "bool",
    int: "int",
    str: "text",
    Amount: "amount",
    tuple[BombRule, ...]: "bomb table",
    tuple[str, ...]: "names",
    tuple[InstantWinRule, ...]: "instant wins",
    tuple[int, int, int, int]: "4 numbers",
    tuple[int, int]: "2 numbers",
    tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]: "placement",
    tuple[tuple[int, tuple[int, ...]], ...]: "place points",
    tuple[tuple[str, int], ...]: "bomb values",
}
"""What a message says each axis annotation expects, as a key of the message words' ``shape`` table
(the types themselves are checked by :mod:`tienlen.variants._shapes`)."""


def _validate(rules: RuleSet) -> None:
    """Refuse axes of the wrong type, out of range, or contradicting each other, naming the field."""
    check_fields(rules, _AXIS_FIELDS, _WORDS)
    for check in (_check_text, _check_sizes, _check_bombs, _check_amounts, _check_scoring):
        check(rules)
    for conflicts, code in _CONFLICTS:
        if conflicts(rules):
            raise InvalidRules.of(code)
    _check_name(rules)


def _check_text(r: RuleSet) -> None:
    if not isinstance(r.name, str) or not r.name:
        raise InvalidRules.of("name-rule-set-needs-non")
    for field, limit in (("name", 100), ("unit_name", 100), ("description", 1000)):
        if len(getattr(r, field)) > limit:
            raise InvalidRules.of("characters-too-long-limit", field=field, r_count=len(getattr(r, field)), limit=limit)
        if field != "description" and not getattr(r, field).isprintable():
            raise InvalidRules.of("must-printable-text-on-one", field=field, r=shown(getattr(r, field)))


def _check_sizes(r: RuleSet) -> None:
    if not 2 <= r.min_players <= r.max_players <= 4:
        raise InvalidRules.of("min-players-max-players-range", min_players=r.min_players, max_players=r.max_players)
    if not 3 <= r.straight_min <= 13:
        raise InvalidRules.of("straight-min-must-between-3", straight_min=r.straight_min)
    if not 3 <= r.pair_run_min <= 6:
        raise InvalidRules.of("pair-run-min-must-between", pair_run_min=r.pair_run_min)
    for field in ("triple_run_min", "quad_run_min"):
        if getattr(r, field) not in (0, *range(2, 13)):
            raise InvalidRules.of("run-min-out-of-range", field=field, value=getattr(r, field))
    patterns = [win.pattern for win in r.instant_wins]
    if len(set(patterns)) != len(patterns):
        raise InvalidRules.of("instant-wins-pattern-listed-twice", patterns=patterns)


def _check_bombs(r: RuleSet) -> None:
    classes = [b.bomb for b in r.bombs]
    if len(set(classes)) != len(classes):
        raise InvalidRules.of("bombs-bomb-class-listed-twice", classes=classes)
    for bomb in r.bombs:
        for name in (bomb.bomb, *bomb.chops_bombs):
            if pairs_of(name) and (not r.pair_runs or pairs_of(name) < r.pair_run_min):
                code = "bomb-class-without-pair-runs" if not r.pair_runs else "bomb-class-below-pair-run-min"
                raise InvalidRules.of(code, bomb_class=bomb.bomb, name=name, pair_run_min=r.pair_run_min)
        missing = [c for c in bomb.chops_bombs if c not in classes]
        if missing:
            raise InvalidRules.of("bombs-chops-bombs-itself-bomb", bomb_class=bomb.bomb, missing=missing[0])
    for name in r.interrupt_bombs:
        if name not in classes:
            raise InvalidRules.of("interrupt-bomb-not-in-table", name=shown(name), classes=", ".join(classes) or "empty")
    check_bomb_names(tuple(name for name, _ in r.bomb_values), "bomb_values")


def _check_amounts(r: RuleSet) -> None:
    if len(r.two_values) != 4:
        raise InvalidRules.of("two-values-give-4-numbers", two_values=list(r.two_values))
    if len(r.instant_win_points) != 2:
        raise InvalidRules.of("instant-win-points-give-2", instant_win_points=list(r.instant_win_points))
    counts = range(r.min_players, r.max_players + 1)
    for name in PER_PLAYERS:
        value = getattr(r, name)
        if isinstance(value, tuple) and sorted(dict(value)) != list(counts):
            raise InvalidRules.of(
                "give-one-amount-each-player",
                name=name,
                min_players=r.min_players,
                max_players=r.max_players,
                value=sorted(dict(value)),
            )
    negative = [f for f in PER_PLAYERS if any(r.amount(f, n) < 0 for n in counts)]
    negative += (["rake_percent"] if r.rake_percent < 0 else []) + (["two_values"] if min(r.two_values) < 0 else [])
    negative += ["bomb_values"] if any(v < 0 for _, v in r.bomb_values) else []
    negative += ["bomb_flat_value"] if r.bomb_flat_value is not None and r.bomb_flat_value < 0 else []
    if negative:
        raise InvalidRules.of("amounts-cannot-negative", negative=negative[0])
    if not 0 <= r.rake_percent < 100:
        raise InvalidRules.of("rake-percent-must-from-0", rake_percent=r.rake_percent)
    if r.match_rounds is not None and not 1 <= r.match_rounds <= MAX_COUNT:
        raise InvalidRules.of("match-rounds-must-from-1", match_rounds=r.match_rounds, max_count=MAX_COUNT)
    if r.card_two_multiplier < 1:
        raise InvalidRules.of("card-two-multiplier-must-least", card_two_multiplier=r.card_two_multiplier)
    for n in range(r.min_players, r.max_players + 1):
        if r.amount("card_all_multiplier", n) < 1:
            raise InvalidRules.of("card-all-multiplier-players-must", value=r.amount("card_all_multiplier", n), n=n)


def _check_scoring(r: RuleSet) -> None:
    counts = range(r.min_players, r.max_players + 1)
    if r.scoring == "cards" and not all(r.amount("card_price", n) > 0 for n in counts):
        raise InvalidRules.of("card-price-card-count-scoring")
    if r.scoring == "places" and r.currency == "points":
        for n in counts:
            if len(dict(r.place_points).get(n, ())) != n:
                raise InvalidRules.of("place-points-give-numbers-1st", n=n)
    elif r.scoring == "places":
        for n in counts:
            if n not in dict(r.placement):
                raise InvalidRules.of("placement-no-payments-given-players", n=n)
            for payer, payee, amount in dict(r.placement)[n]:
                if not (1 <= payer <= n and 1 <= payee <= n and payer != payee and amount >= 0):
                    raise InvalidRules.of("placement-players-must-name-two", payer=payer, payee=payee, amount=amount, n=n)


def _check_name(r: RuleSet) -> None:
    """The one rule for naming rules: a profile's name names that profile, axis for axis.

    Rules that differ from a profile in any field (its description included) need a name of their
    own, however they were made: ``RuleSet(...)``, :func:`attrs.evolve`, a mapping, TOML or JSON
    (``from = "house"`` with a changed axis), a rules file, a record or a wire document. So a
    record, a report or a comparison that says ``house`` was played under the house profile.
    """
    from tienlen.variants import profiles  # deferred: the profiles are rule sets built by this class

    # While that module builds the profiles, its table is not made yet: nothing to compare them with.
    table: Mapping[str, RuleSet] = getattr(profiles, "PROFILES", {})
    profile = table.get(r.name)
    if profile is None or profile is r:
        return
    differ = [f.name for f in _AXIS_FIELDS if getattr(r, f.name) != getattr(profile, f.name)]
    if differ:
        axes = ", ".join(differ[:3]) + (", …" if len(differ) > 3 else "")
        raise InvalidRules.of("name-profile-name-but-rules", rules=shown(r.name), rules2=r.name, axes=axes)


_CONFLICTS: tuple[tuple[Callable[[RuleSet], bool], str], ...] = (
    (lambda r: r.deal_evenly and not r.deal_whole_deck, "deal-evenly-without-whole-deck"),
    (lambda r: r.deal_whole_deck and r.min_players == 4, "deal-whole-deck-with-four-seats"),
    (lambda r: r.longer_straight_beats and r.follow_suit, "longer-straight-with-follow-suit"),
    (lambda r: not r.lead_pair_run_bombs and not r.pair_runs, "lead-pair-run-bombs-without-pair-runs"),
    (lambda r: r.chop_stacked_twos and r.chop_payment == "none", "chop-stacked-twos-without-payment"),
    (lambda r: r.scoring == "cards" and r.frozen, "frozen-with-card-scoring"),
    (lambda r: r.den_bai and not r.frozen and r.scoring != "cards", "den-bai-without-frozen"),
    (lambda r: r.bomb_flat_value is not None and any(v for _, v in r.bomb_values), "bomb-flat-value-with-bomb-values"),
    (lambda r: r.den_bai and r.max_players < 4, "den-bai-without-four-players"),
    (lambda r: r.instant_win_thui and not r.instant_wins, "thui-without-instant-wins"),
    (lambda r: r.instant_win_thui_by != "every" and not r.instant_win_thui, "thui-by-without-thui"),
    (lambda r: r.chop_out_voids != "none" and r.chop_payment == "none", "chop-out-voids-without-payment"),
)
"""Axes that contradict each other: when the test holds, the rule set is refused with the code's message."""


_AXIS_FIELDS = tuple(f for f in attrs.fields(attrs.resolve_types(RuleSet)) if f.init)
AXES: Mapping[str, str] = MappingProxyType({f.name: f.metadata["meaning"] for f in _AXIS_FIELDS})
"""Every axis of :class:`RuleSet` with the one-line meaning declared with its field (used by :func:`~tienlen.compare` and the docs)."""
CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {f.name: get_args(f.type) for f in _AXIS_FIELDS if get_origin(f.type) is Literal}
)
"""The axes whose value is one word of a fixed list, with their words, read from their ``Literal``
types (``CHOICES["chop_payment"] == ("none", "multiply", "accumulate")``)."""
