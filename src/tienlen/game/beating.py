"""Whether one combination may be played on another: :func:`beats`, :func:`explain`, :func:`is_chop`.

>>> from tienlen import PAGAT, NORTHERN, classify
>>> beats(classify("6♠ 6♣ 6♦ 6♥", PAGAT), classify("2♥", PAGAT), PAGAT)
True
>>> print(explain(classify("8♣ 8♦ 8♥", NORTHERN), classify("7♠ 7♦ 7♥", NORTHERN), NORTHERN))
8♣ 8♦ 8♥ cannot beat 7♠ 7♦ 7♥ under northern: a triple must follow the same suits (♠ ♦ ♥)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tienlen._base.bits import colours
from tienlen._base.checks import check_bool, check_lang, check_type
from tienlen.errors import InvalidCombo, Reason
from tienlen.game.cards import Card, format_cards, to_mask
from tienlen.game.combos import PAIR, PAIR_RUN, STRAIGHT, Combo, ComboKind, as_combo, rank_nibbles
from tienlen.variants.checks import check_rules
from tienlen.variants.rules import RuleSet

__all__ = ["beats", "explain", "is_chop", "is_bomb", "suit_pattern"]

_FOLLOW = {  # the reason's code when a follow-suit rule refuses a play on each kind of table
    ComboKind.SINGLE: "must-follow-suit",
    ComboKind.PAIR: "must-follow-colour",
    ComboKind.TRIPLE: "must-follow-same-suits",
    ComboKind.QUAD: "must-follow-same-suits",
    ComboKind.STRAIGHT: "must-follow-suit",
    ComboKind.PAIR_RUN: "must-follow-same-suits",
    ComboKind.TRIPLE_RUN: "must-follow-same-suits",
    ComboKind.QUAD_RUN: "must-follow-same-suits",
}
_Why = tuple[str, dict[str, Any]]  # a reason's code and its parameters


def is_bomb(combo: Combo, rules: RuleSet) -> bool:
    """Whether ``combo`` is a bomb under ``rules`` (its class is in the bomb table).

    Raises :class:`~tienlen.InvalidArgument` when ``combo`` is no :class:`~tienlen.Combo` or
    ``rules`` no :class:`~tienlen.RuleSet`."""
    check_type(combo, Combo, "combo", "a Combo")
    check_rules(rules)
    return _is_bomb(combo, rules)


def _is_bomb(combo: Combo, rules: RuleSet) -> bool:
    return rules.bomb_rule(combo.bomb_class) is not None


def suit_pattern(combo: Combo) -> tuple[int, ...]:
    """What must match under a follow-suit rule: per rank, the suits held (pairs: the colours held).

    Raises :class:`~tienlen.InvalidArgument` when ``combo`` is no :class:`~tienlen.Combo`."""
    check_type(combo, Combo, "combo", "a Combo")
    return _suit_pattern(combo)


def _suit_pattern(combo: Combo) -> tuple[int, ...]:
    nibbles = [n for n in rank_nibbles(combo.mask) if n]
    if combo.kind is PAIR:
        return tuple(map(colours, nibbles))
    return tuple(nibbles)


def explain(
    play: Combo | Iterable[Card] | str | int,
    table: Combo | Iterable[Card] | str | int | None,
    rules: RuleSet,
    *,
    passed: bool = False,
    hand: Iterable[Card] | str | int | None = None,
    lang: str = "en",
) -> Reason | None:
    """``None`` when ``play`` may go on ``table`` (``None`` = leading), else the reason a player would read.

    ``play`` and ``table`` are combinations, or cards (text, :class:`~tienlen.Card` objects or a
    mask) that :func:`~tienlen.classify` reads under ``rules``. When they form no combination
    under ``rules`` the answer is that reason (a question gets an answer, not an exception);
    unreadable card text still raises :class:`~tienlen.InvalidCards`. ``passed=True`` asks whether
    a player who has already passed in this trick may make the play (only bombs on 2-groups, and
    only where ``rules.bomb_after_pass``). ``hand`` (default ``None``: not checked) is the
    player's hand, as cards like ``play``: a play of cards it does not hold is refused first, with
    the cards missing, as ``tienlen check --hand`` answers (an unreadable hand raises
    :class:`~tienlen.InvalidCards`).

    The reason is a :class:`~tienlen.Reason`: a ``str`` written in ``lang`` (``"en"`` or ``"vi"``)
    that also carries the stable ``code`` and ``params`` of the refusal (page "Error codes").

    >>> from tienlen import NORTHERN
    >>> print(explain("3♠ 3♥", None, NORTHERN))
    3♠ 3♥ is not a combination under northern: a pair must be two cards of the same colour
    >>> print(explain("3♠ 3♥", None, NORTHERN, lang="vi"))
    3♠ 3♥ không phải là một bộ theo luật northern: đôi phải là hai lá cùng màu
    >>> print(explain("2♠ 2♥", None, NORTHERN, hand="3♠ 7♦ 2♠"))
    the hand does not hold 2♥
    """
    check_bool(passed, "passed")
    check_rules(rules)
    check_lang(lang)
    if hand is not None:
        play = play.mask if isinstance(play, Combo) else to_mask(play)
        missing = play & ~to_mask(hand)
        if missing:
            return Reason.of("hand-does-not-hold", lang, cards=format_cards(missing))
    try:
        play = as_combo(play, rules)
    except InvalidCombo as error:
        return Reason.of(error.code, lang, **error.params)
    if table is not None:
        try:
            table = as_combo(table, rules)
        except InvalidCombo as error:
            return Reason.of("table-not-a-combination", lang, reason=error)
    why = verdict(play, table, rules, passed)
    return None if why is None else Reason.of(why[0], lang, **why[1])


def verdict(play: Combo, table: Combo | None, rules: RuleSet, passed: bool) -> _Why | None:
    """``None`` when ``play`` may go on ``table``, else the code and parameters of :func:`explain`'s
    reason, not yet written (:meth:`~tienlen.Round.play` raises them, written only if read)."""
    if table is None:
        if not rules.lead_pair_run_bombs and play.kind is PAIR_RUN and _is_bomb(play, rules):
            return "pair-run-bomb-cannot-lead", {"play": play, "rules": rules.name, "bomb": play.bomb_class}
        return None
    why = _refusal(play, table, rules, passed)
    if why is None:
        return None
    code, params = why
    return "cannot-beat", {"play": play, "table": table, "rules": rules.name, "reason": {"code": code, "params": params}}


def _refusal(play: Combo, table: Combo, rules: RuleSet, passed: bool) -> _Why | None:
    bomb = rules.bomb_rule(play.bomb_class)
    twos = table.is_two_group
    if passed:
        if rules.bomb_after_pass and twos and bomb is not None and table.length in bomb.chops_twos:
            return None
        if not rules.bomb_after_pass:
            return "passed-in-trick", {}
        if twos and bomb is not None:
            return "after-pass-bomb-does-not-chop", {"bomb": play.bomb_class, "twos": table.length}
        return "after-pass-only-bomb-twos", {}
    if bomb is not None and twos and table.length in bomb.chops_twos:
        return None
    table_bomb = rules.bomb_rule(table.bomb_class)
    if bomb is not None and table_bomb is not None and table_bomb.bomb in bomb.chops_bombs:
        return None
    if rules.longer_straight_beats and play.kind is table.kind is STRAIGHT and play.length > table.length:
        return None
    if play.kind is not table.kind or play.length != table.length:
        return _shape_reason(play, table, rules)
    ignores_suit = rules.twos_ignore_suit and play.is_two_group and play.kind <= PAIR
    if rules.follow_suit and not ignores_suit and _suit_pattern(play) != _suit_pattern(table):
        if table.kind is PAIR:
            return _FOLLOW[table.kind], {"kind": table.kind, "colour": _suit_pattern(table)[0]}
        return _FOLLOW[table.kind], {"kind": table.kind, "suits": _suits_text(table)}
    if play.mask.bit_length() <= table.mask.bit_length():
        return "top-card-not-higher", {"top": play.top, "table_top": table.top}
    return None


def beats(
    play: Combo | Iterable[Card] | str | int,
    table: Combo | Iterable[Card] | str | int | None,
    rules: RuleSet,
    *,
    passed: bool = False,
) -> bool:
    """Whether ``play`` may be played on ``table`` in turn (``passed`` as in :func:`explain`).

    Cards that form no combination under ``rules``, on either side, do not beat: ``False``.
    It decides as :func:`explain` does, without writing the reason.
    """
    check_bool(passed, "passed")
    check_rules(rules)
    try:
        play = as_combo(play, rules)
        table = None if table is None else as_combo(table, rules)
    except InvalidCombo:
        return False
    return verdict(play, table, rules, passed) is None


def is_chop(play: Combo | Iterable[Card] | str | int, table: Combo | Iterable[Card] | str | int | None, rules: RuleSet) -> bool:
    """Whether playing ``play`` on ``table`` (assumed legal) is a chop; cards as in :func:`explain`.

    A chop beats a 2-group or a bomb with a bomb, or, where ``rules.higher_two_chops``, beats
    2s with higher 2s. A bomb beating a lower bomb of its own class is a chop only where
    ``rules.same_class_chops``; otherwise it is an ordinary beat. Cards that form no combination
    under ``rules`` make no chop: ``False``. Raises :class:`~tienlen.InvalidArgument` when
    ``rules`` is no :class:`~tienlen.RuleSet` (a profile's name included: pass ``tienlen.HOUSE``,
    as :func:`beats` and :func:`explain` take it).
    """
    check_rules(rules)
    try:
        play = as_combo(play, rules)
        table = None if table is None else as_combo(table, rules)
    except InvalidCombo:
        return False
    if table is None or not (table.is_two_group or _is_bomb(table, rules)):
        return False
    if not rules.same_class_chops and table.bomb_class is not None and play.bomb_class == table.bomb_class:
        return False
    return _is_bomb(play, rules) or (rules.higher_two_chops and play.is_two_group)


def _shape_reason(play: Combo, table: Combo, rules: RuleSet) -> _Why:
    want = {"want": table.kind, "length": table.length, "rank_count": len({card.rank for card in table.cards})}
    if table.is_two_group:
        if rules.bomb_rule(play.bomb_class) is not None:
            return "bomb-cannot-chop-this", {"bomb": play.bomb_class, "twos": table.length}
        return "twos-need-same-kind-or-bomb", {"twos": table.length, **want}
    if rules.bomb_rule(table.bomb_class) is not None and rules.bomb_rule(play.bomb_class) is not None:
        return "bomb-does-not-chop-bomb", {"bomb": play.bomb_class, "table_bomb": table.bomb_class}
    if rules.bomb_rule(play.bomb_class) is not None:
        return "bombs-only-chop-twos-and-bombs", {"table": table, **want}
    return "must-beat-with-same-kind", {"table": table, **want}


def _suits_text(table: Combo) -> str:
    return " ".join("♠♣♦♥"[s] for s in range(4) if any((n >> s) & 1 for n in rank_nibbles(table.mask)))
