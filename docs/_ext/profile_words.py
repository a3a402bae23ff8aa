"""A rule set in plain words, and the decisions the library took where the rules were silent.

Pure Python, no Sphinx: :func:`profile_page` returns the reStructuredText of one profile's page,
written from the rule set's values (so changing a profile changes its page), and :data:`DECISIONS`
holds the hand-written explanations of the library's own choices, each with a test of whether it
concerns a given rule set. ``rules_matrix`` writes the pages when the documentation is built;
``tests/test_docs.py`` checks that the words read every axis of :class:`tienlen.RuleSet`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from tienlen import INSTANT_WIN_PATTERNS, PROFILES, RuleSet

_TWO_GROUPS = {1: "a single 2", 2: "a pair of 2s", 3: "a triple of 2s"}
_SUITS = ("♠", "♣", "♦", "♥")


class Reader:
    """Wraps a rule set and remembers which axes were read (to check that the words cover every axis)."""

    def __init__(self, rules: RuleSet) -> None:
        self._rules = rules
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        if name in attrs.fields_dict(RuleSet):
            self.read.add(name)
        return getattr(self._rules, name)


# --------------------------------------------------------------------------- small words


def ordinal(place: int) -> str:
    """1 → ``1st``, 2 → ``2nd``, 11 → ``11th``."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def plural(name: str) -> str:
    """``entry`` → ``entries``, ``bet`` → ``bets``."""
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


def amount(units: int, unit_name: str) -> str:
    """``4 entries``, ``1 bet``."""
    return f"{units} {unit_name if units == 1 else plural(unit_name)}"


def amounts(value: Any, unit_name: str) -> str:
    """An amount axis in words: ``8 entries``, or ``26 bets at 2 players, 39 at 3 and 52 at 4``."""
    if not isinstance(value, tuple):
        return amount(value, unit_name)
    (first, units), *rest = value
    return (
        amount(units, unit_name)
        + f" at {first} players"
        + "".join(f"{',' if i < len(rest) - 1 else ' and'} {v} at {n}" for i, (n, v) in enumerate(rest))
    )


def listing(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def players(low: int, high: int) -> str:
    """``4 players`` or ``2 to 4 players``."""
    return f"{low} players" if low == high else f"{low} to {high} players"


def bomb_name(bomb: str) -> str:
    """``quad`` → ``a quad``; ``PR4`` → ``a four-pair run (PR4)``."""
    if bomb == "quad":
        return "a quad"
    count = int(bomb[2:])
    word = {3: "three", 4: "four", 5: "five", 6: "six"}.get(count, str(count))
    return f"a {word}-pair run ({bomb})"


# --------------------------------------------------------------------------- the sections

Section = tuple[str, list[str]]
"""A heading and its paragraphs (reStructuredText)."""


def _table(r: Any) -> Section:
    evenly = r.deal_evenly  # read even when the deck is not dealt whole (it then changes nothing)
    if r.deal_whole_deck and evenly:
        dealt = "; at a table of fewer than four the whole deck is dealt evenly, one card at a time from the dealer's left (26 each at two players; 17 each at three, one card left out of play)."
    elif r.deal_whole_deck:
        dealt = "; at a table of fewer than four the whole deck is dealt, one card at a time from the dealer's left (26 each at two players; 18, 17 and 17 at three)."
    else:
        dealt = "; at a table of fewer than four the undealt cards stay out of play." if r.min_players < 4 else "."
    paras = [
        f"Played by {players(r.min_players, r.max_players)}, 13 cards each"
        + dealt
        + f" Play goes {r.direction} round the table. The library numbers seats in the order of play, so"
        " the direction only matters to a program that draws the table."
    ]
    if r.first_lead_must_include:
        paras.append(
            "In the first round of a session the holder of the lowest card dealt leads (3♠ whenever it is"
            " dealt), and that first play must contain the card. In later rounds the winner of the previous"
            " round leads, with any combination."
        )
    else:
        paras.append(
            "In the first round of a session the holder of the lowest card dealt leads and may lead any"
            " combination, with or without that card. In later rounds the winner of the previous round leads."
        )
    return "The table and the lead", paras


def _combinations(r: Any) -> Section:
    paras = ["Singles, pairs, triples and quads (all four cards of one rank) can be played."]
    if r.pair_same_colour:
        pair = "A pair must be two black cards or two red cards"
        pair += ", except that a pair of 2s may mix colours." if r.twos_ignore_suit else "."
    else:
        pair = "A pair may be of any two suits."
    straight = f"A straight is {r.straight_min} or more cards of consecutive ranks, "
    straight += "all of one suit" if r.straight_same_suit else "of any suits"
    if r.straight_two_on_top:
        straight += "; a 2 may be its top card (K-A-2), but a straight never goes round the corner (no A-2-3)."
    else:
        straight += "; it cannot contain a 2, so the highest straights end with an ace."
    paras.append(f"{pair} {straight}")
    if r.pair_runs:
        run = f"A pair run is {r.pair_run_min} or more pairs of consecutive ranks, never with 2s"
        run += ", each pair of one colour." if r.pair_same_colour else "."
        paras.append(run + " It is written by its number of pairs: PR3, PR4 and so on.")
    else:
        paras.append("Consecutive pairs are not a combination at all.")
    runs = [
        f"{name} is {least} or more {sets} of consecutive ranks, never with 2s"
        for name, sets, least in (
            ("a triple run (sám liên)", "triples", r.triple_run_min),
            ("a quad run", "quads", r.quad_run_min),
        )
        if least
    ]
    if runs:
        runs[0] = runs[0][0].upper() + runs[0][1:]
        paras.append("; ".join(runs) + ". A run is beaten only by a higher run of its kind and length; it is never a bomb.")
    return "Combinations", paras


def _following(r: Any) -> Section:
    paras = [
        "Whoever leads a trick may play any combination. Each later play must be the same kind with the"
        " same number of cards and a higher top card (rank first, then suit)."
    ]
    if r.follow_suit:
        follow = (
            "It must also keep the suits of the play it beats: a single the same suit, a pair the same"
            " colours, a triple or a straight the same suits."
        )
        if r.twos_ignore_suit:
            follow += (
                " 2s are free of this for singles and pairs: any single 2 beats any lower single, and any"
                " pair of 2s beats any lower pair."
            )
        paras.append(follow)
    if r.longer_straight_beats:
        paras.append("A straight may also be beaten by any longer straight, whatever the top cards.")
    paras.append(
        "A player who passes sits out the rest of the trick. The player who must lead may not pass."
        " The last player to play leads the next trick; if they have gone out, the next seat after them"
        " that still holds cards leads."
    )
    return "Beating a play, and passing", paras


def _bombs(r: Any) -> Section:
    paras: list[str] = []
    if not r.bombs:
        paras.append("There are no bombs: a quad or pair run is an ordinary combination.")
    else:
        lines = []
        for rule in r.bombs:
            victims = [_TWO_GROUPS[size] for size in rule.chops_twos] + [bomb_name(b) for b in rule.chops_bombs]
            if victims:
                lines.append(f"* {bomb_name(rule.bomb)[0].upper()}{bomb_name(rule.bomb)[1:]} chops {listing(victims)}.")
            else:
                lines.append(
                    f"* {bomb_name(rule.bomb)[0].upper()}{bomb_name(rule.bomb)[1:]} chops nothing but a lower one of its own class."
                )
        paras.append("These are bombs, and this is what each may beat besides a lower bomb of its own class:")
        paras.append("\n".join(lines))
        if not any(3 in rule.chops_twos for rule in r.bombs):
            paras.append("No bomb chops a triple of 2s.")
        paras.append("A bomb never beats an ordinary combination (anything that is neither 2s nor a bomb).")
        if r.same_class_chops:
            paras.append("A bomb beating a lower bomb of its own class counts as a chop and adds to the trick's chain.")
        else:
            paras.append(
                "A bomb beating a lower bomb of its own class is an ordinary beat: it is no chop and adds nothing to the chain."
            )
        if not r.lead_pair_run_bombs and any(b.bomb.startswith("PR") for b in r.bombs):
            paras.append("A pair run that is a bomb may not be led: it is played only on something it beats.")
    extra = []
    if r.higher_two_chops:
        extra.append("Beating 2s with higher 2s also counts as a chop.")
    if r.bomb_after_pass:
        extra.append(
            "A player who has passed in a trick may still, when their turn comes round, put down a bomb"
            " that chops the 2s on the table (and nothing else); after that bomb they are out of the trick"
            " again."
        )
    if r.interrupt_bombs:
        names = listing([bomb_name(b) for b in r.interrupt_bombs], "or")
        extra.append(
            f"Holding {names}, a player may play it out of turn, even after passing, whenever it can chop"
            " what is on the table; play then carries on from the seat after them."
        )
    if extra:
        paras.append(" ".join(extra))
    return "2s, bombs and chops", paras


def _instant_wins(r: Any) -> Section:
    counted = r.two_bombs_cards  # read for every rule set: it matters only with the two_bombs pattern
    if not r.instant_wins:
        return "Instant wins", ["No dealt hand wins by itself: every round is played out."]
    when = {"any": "", "first": ", in the first round of a match only", "later": ", in any round but the first"}
    items = "\n".join(
        f"* {INSTANT_WIN_PATTERNS.get(w.pattern, w.pattern)} (``{w.pattern}``{when[w.rounds]})" for w in r.instant_wins
    )
    if "two_bombs" in r.instant_wins:
        items += (
            "\n\n"
            + {
                "apart": "Two bombs are counted with no card in two of them; a long pair run counts as many of the"
                " shortest pair-run bomb as it holds.",
                "whole_runs": "Two bombs are counted with no card in two of them; a pair run is one bomb however long.",
                "shared": "Two bombs may share cards: every quad and every pair run long enough to be a bomb counts"
                " once, so 5555 66 77 is two bombs.",
            }[counted]
        )
    if r.instant_win_ties == "share":
        ties = "When several players are dealt one, they all win."
    else:
        ties = (
            "When several players are dealt one, only the first of them in dealing order wins (dealing"
            " starts with the seat after the dealer and ends with the dealer)."
        )
    return "Instant wins", ["A player dealt one of these hands wins at once, before anyone plays:", items, ties]


def _frozen(r: Any) -> Section:
    if not r.frozen:
        if r.scoring == "cards":
            return "Frozen players", [
                "Nobody is frozen: the round ends when the first player goes out, and a hand never played"
                " is priced by the card count (see below)."
            ]
        return "Frozen players", ["Nobody is frozen: a player who has not played yet when someone goes out simply plays on."]
    paras = [
        "A player who has not played a single card by the time the first player goes out is frozen"
        " (cóng): they stop playing and take the last places."
    ]
    if r.den_bai:
        paras.append(
            "When three players are frozen (at a table of four) and one of them passed at some point while"
            " holding a play that could have beaten the table, that player pays what all the frozen"
            " players owe (đền bài) and leads the next round. With fewer frozen players each pays their"
            " own, and the winner leads the next round."
        )
    return "Frozen players (cóng)", paras


def _points(r: Any) -> list[str]:
    paras = []
    for count, points in r.place_points:
        by_place = ", ".join(f"{ordinal(i + 1)} {p:+d}" if p < 0 else f"{ordinal(i + 1)} {p}" for i, p in enumerate(points))
        paras.append(f"At {count} players each round scores {by_place} points.")
    winner, others = r.instant_win_points
    if r.instant_wins and r.scoring == "places":
        paras.append(f"An instant winner scores {winner} and every other player {others}.")
    length = "Players agree how many rounds to play" if r.match_rounds is None else f"A match is {r.match_rounds} rounds"
    paras.append(f"{length}; the highest total wins, and {_ties(r)}.")
    return paras


def _ties(r: Any) -> str:
    if r.match_ties == "lower_seat":
        return "of equal totals the lowest seat number wins"
    return "equal totals share the win"


def _never_played(times: Any) -> str:
    """The card_all_multiplier clause: one number, or one per player count."""
    if isinstance(times, tuple):
        per = listing(f"{v} at {n} players" for n, v in times)
        return f"; a player who never played a card pays their count times {per}"
    return f"; a player who never played a card pays {times} times their count" if times > 1 else ""


def _cards(r: Any, unit: str) -> list[str]:
    paras = [
        "Card-count scoring (đếm lá): the round ends as soon as the first player goes out. Every other"
        f" player pays the winner {amounts(r.card_price, unit)} for each card left in hand"
        + (f"; a 2 counts as {r.card_two_multiplier} cards" if r.card_two_multiplier > 1 else "")
        + _never_played(r.card_all_multiplier)
        + ". The losers are placed by the number of cards they hold, fewest first; equal counts go by"
        " the total value of the cards (3♠ is worth 1, 3♣ 2, and so on up to 2♥ at 52), lowest first,"
        " and then in play order from the winner."
    ]
    return paras


def _money(r: Any) -> list[str]:
    unit = r.unit_name
    counted = (
        f"Results are counted in {plural(unit)}"
        if plural(unit) == r.currency
        else f"Results are {r.currency}, counted in {plural(unit)}"
    )
    paras = [
        f"{counted}: every amount below is a number of {plural(unit)},"
        f" and ``settle(result, rules, unit=...)`` takes what one {unit} is worth in the room. Money only"
        " moves between players" + (" and the house" if r.rake_percent else "") + ", so every round balances."
    ]
    if r.scoring == "cards":
        paras += _cards(r, unit)
    else:
        for count, payments in r.placement:
            words = [f"{ordinal(payer)} pays {ordinal(payee)} {amount(units, unit)}" for payer, payee, units in payments]
            paras.append(f"At {count} players: {listing(words) or 'nobody pays for their place'}.")
    values = [f"2{suit} {amount(v, unit)}" for suit, v in zip(_SUITS, r.two_values, strict=True) if v]
    if r.bomb_flat_value is None:
        bombs = [f"{name} {amount(v, unit)}" for name, v in r.bomb_values if v]
    else:
        bombs = [f"every bomb {amount(r.bomb_flat_value, unit)}, whatever its class"] if r.bomb_flat_value else []
    if values or bombs:
        paras.append(
            "What a dangerous card is worth (when it is chopped, or held by a frozen or last player): "
            + listing(values + bombs)
            + "."
        )
    if r.chop_payment == "multiply":
        paras.append(
            "Chops are paid on the spot by the player chopped to the chopper. The k-th chop of a trick"
            " costs k times the value of the 2s chopped in that trick so far, so a chop war over one red"
            " 2 costs one, two, then three times its value. The chain ends with the trick."
        )
    elif r.chop_payment == "accumulate":
        paras.append(
            "Each chopped 2 or bomb adds its value to the trick's chain. When the trick ends, the last"
            " player chopped pays the whole chain to the last chopper; the earlier players in the chain"
            " pay nothing."
        )
    else:
        paras.append("Chops move no money.")
    if r.chop_stacked_twos:
        paras.append(
            "When single 2s were laid one on another and a bomb chops the last of them, the chop is"
            " priced on all of them (not only the 2 it beat)."
        )
    if r.chop_out_voids != "none":
        which = {
            "chopper": "a chop made with the chopper's last cards (they go out with it)",
            "chopped": "a chop of a player who then goes out first",
            "both": "a chop made with the chopper's last cards, and a chop of a player who then goes out first,",
        }[r.chop_out_voids]
        paras.append(
            f"Chặt và tới: {which} moves no money."
            " It stays a link of its chain, so a later chop of the same trick still counts it"
            + (
                " as a link (under accumulated payment, a chop of the player who goes out first adds nothing to its chain)."
                if r.chop_payment == "accumulate" and r.chop_out_voids != "chopper"
                else "."
            )
        )
    if r.instant_wins and r.instant_win_payment:
        instant = f"Every other player pays an instant winner {amounts(r.instant_win_payment, unit)}"
        last_pays = r.instant_win_thui_by == "last"
        if r.instant_win_thui:
            instant += (
                ", plus the value of every 2 and bomb in their hand"
                if not last_pays
                else "; the last-placed loser (the most cards, see below) also pays for every 2 and bomb in their hand"
            )
        if r.instant_win_ties == "share":
            instant += "; when several players win at once, each loser pays that much once, split between the winners"
        paras.append(instant + ".")
    if r.frozen:
        frozen = (
            f"A frozen player pays 1st place {amounts(r.frozen_penalty, unit)} plus the value of every 2 and"
            " bomb they hold, and owes no thúi. A placement payment with a frozen player at either end is"
            " void."
        )
        if r.frozen_end_payment:
            frozen += (
                f" When two or more players are frozen the round ends there, and every other loser pays"
                f" 1st place {amounts(r.frozen_end_payment, unit)}."
            )
        paras.append(frozen)
    if r.thui == "above":
        paras.append(
            "Thúi: when the round ends, the last player who did not forfeit (unless frozen) pays the player"
            " placed just above them the value of every 2 and bomb left in their hand; a forfeiter pays the"
            " same for what they took away to the player placed just above them."
        )
    elif r.thui == "last":
        paras.append(
            "Thúi: when the round ends, the last player who did not forfeit (unless frozen) pays the winner"
            " the value of every 2 and bomb left in their hand; a forfeiter pays the same for what they"
            " took away. The other losers owe none."
        )
    elif r.thui == "winner":
        paras.append(
            "Thúi: when the round ends, every player still holding cards (unless frozen), forfeiters"
            " included, pays the winner the value of every 2 still in their hand."
            if not bombs
            else "Thúi: when the round ends, every player still holding cards (unless frozen), forfeiters"
            " included, pays the winner the value of every 2 and bomb left in hand."
        )
    if r.finish_with_two_penalty:
        paras.append(
            f"A player whose last play holds a 2 pays every other player {amounts(r.finish_with_two_penalty, unit)};"
            " their place stands."
        )
    if r.forfeit_penalty is None:
        paras.append(
            "A player who leaves a round takes the last place and pays"
            + (" for the cards they hold, as any loser." if r.scoring == "cards" else " as that place.")
        )
    else:
        paras.append(
            f"A player who leaves a round before anyone has gone out takes the last place and pays 1st place"
            f" {amounts(r.forfeit_penalty, unit)} instead of any other payment. One who leaves later takes the"
            " lowest place still open and pays as that place, thúi included."
        )
    if r.rake_percent:
        paras.append(f"The house takes {r.rake_percent}% of what each player wins in a round, rounded down.")
    if r.cap_at_balance:
        paras.append(
            "When the players' balances are known, nobody pays more than they hold; the players a short"
            " loser owes are cut in proportion."
        )
    if r.match_rounds is None:
        paras.append("A session has no set length: it goes on for as many rounds as the players like.")
    else:
        paras.append(f"A match is {r.match_rounds} rounds; the highest total wins, and {_ties(r)}.")
    return paras


def _scoring(r: Any) -> Section:
    if r.currency == "points":
        # Money axes are still read, so a points profile that sets one is described too.
        stray = [
            name
            for name in (
                "two_values",
                "bomb_values",
                "chop_payment",
                "chop_stacked_twos",
                "instant_win_payment",
                "frozen_penalty",
                "frozen_end_payment",
                "thui",
                "finish_with_two_penalty",
                "forfeit_penalty",
                "rake_percent",
                "cap_at_balance",
                "placement",
            )
            if getattr(r, name) not in ((0, 0, 0, 0), (), "none", 0, None, False)
        ]
        paras = [f"Results are {r.currency}: no money changes hands (``settle`` takes ``unit=1``, its default)."]
        if r.scoring == "cards":
            paras += _cards(r, "point")
        paras += _points(r)
        if stray:
            paras.append(f"The money axes {listing(f'``{s}``' for s in stray)} are set but not used when scoring points.")
        return "Scoring", paras
    return "Money", _money(r)


SECTIONS: tuple[Callable[[Any], Section], ...] = (_table, _combinations, _following, _bombs, _instant_wins, _frozen, _scoring)
"""The sections of a profile's page, in order."""


def words(rules: RuleSet) -> tuple[list[Section], set[str]]:
    """The sections describing ``rules``, and the axes they read.

    An axis no section describes (a new field of :class:`RuleSet`) gets a sentence made from the
    meaning declared on its field, under "Other rules".
    """
    reader = Reader(rules)
    sections = [section(reader) for section in SECTIONS]
    others = [f for f in attrs.fields(type(rules)) if f.init and f.name not in _described() | {"name", "description"}]
    if others:
        sections.append(("Other rules", [generic(f.metadata["meaning"], getattr(rules, f.name)) for f in others]))
        reader.read |= {f.name for f in others}
    return sections, reader.read


@functools.cache
def _described() -> set[str]:
    """The axes the sections describe in their own words (those they read for some profile)."""
    read: set[str] = set()
    for rules in PROFILES.values():
        reader = Reader(rules)
        for section in SECTIONS:
            section(reader)
        read |= reader.read
    return read


def generic(meaning: str, value: Any) -> str:
    """The sentence for an axis without words of its own: its meaning, then its value."""
    if isinstance(value, bool):
        shown = "yes" if value else "no"
    elif isinstance(value, tuple):
        shown = listing(map(str, value)) or "none"
    else:
        shown = "none" if value is None else str(value)
    return f"{meaning[:1].upper()}{meaning[1:]}: {shown}."


# --------------------------------------------------------------------------- decisions


@attrs.frozen
class Decision:
    """A choice the library made where the rules it follows say nothing, or could be read two ways."""

    key: str
    title: str
    text: str
    applies: Callable[[RuleSet], bool] = lambda rules: True


def _any_bombs(rules: RuleSet) -> bool:
    return bool(rules.bombs)


def _money_rules(rules: RuleSet) -> bool:
    return rules.currency != "points"


DECISIONS: tuple[Decision, ...] = (
    Decision(
        "first-lead",
        "Who leads the first round",
        "The first round is led by whoever holds the lowest card that was dealt, which is 3♠ whenever"
        " it is in play; at two or three players it may not be, and the next lowest dealt card takes its"
        " place. Where the first play must contain that card, the rule only applies when the library"
        " picks the leader: naming one with ``Round.deal(..., leader=seat)`` (or ``from_hands``) also lifts"
        " the obligation, since the table has then agreed on the lead some other way. Later rounds are"
        " dealt with ``first_round=False`` and the leader :func:`tienlen.next_leader` names.",
    ),
    Decision(
        "deal",
        "Dealing",
        "Cards are dealt one at a time, starting with the seat after the dealer. A deal is shuffled with"
        " a private random generator seeded by ``seed``, using only operations that give the same"
        " numbers on every platform and Python version, so a seed always deals the same hands.",
    ),
    Decision(
        "winner-out",
        "Leading after the trick winner has gone out",
        "A player who plays their last card may still win the trick with it. When nobody beats it, the"
        " lead passes to the next seat in play order that still holds cards (and is neither frozen nor"
        " gone).",
    ),
    Decision(
        "led-bomb",
        "A led bomb that is beaten is chopped",
        "Any bomb that beats a 2-group or a bomb is a chop (a lower bomb of its own class only where the"
        " rules say so), including a bomb that was led: leading a quad and having it beaten by a"
        " stronger bomb starts a chain. Where the chain is paid by the value of"
        " the 2s chopped (``multiply``), a chain with no 2 in it costs nothing; where every chopped item"
        " adds its own value (``accumulate``), the chopped bomb's value counts.",
        _any_bombs,
    ),
    Decision(
        "chain-ends",
        "A chop chain ends with its trick",
        "Chops are counted per trick: the first chop of a new trick starts a new chain at 1, even when"
        " the same players keep chopping each other.",
        lambda rules: rules.chop_payment != "none",
    ),
    Decision(
        "same-class",
        "A higher bomb of the same class",
        "Where a bomb beating a lower bomb of its own class (same kind and number of cards) is no chop,"
        " it is an ordinary beat: it adds no link to the chain and moves no money. A later chop in the"
        " trick is the next link after the last real chop, and is paid by the player whose bomb it"
        " beats, the one who played the higher bomb. So under ``house`` 2♥ ← PR3 ← higher PR3 ← quad"
        " moves 4 entries (link 1) and then 8 (link 2, from the higher PR3's player).",
        _any_bombs,
    ),
    Decision(
        "stacked-twos",
        "Which 2s a chop takes when 2s were stacked",
        "Where single 2s laid one on another are chopped together, the chop takes the single 2 it beats"
        " and every single 2 laid directly before it in the trick, back to the first play that is not a"
        " single 2 or to the previous chop (a 2 already in the chain is not counted twice, so where a"
        " higher 2 is itself a chop nothing changes). The player who laid the last 2 pays, as for any"
        " chop; under ``multiply`` the whole price counts towards the later links of the chain.",
        lambda rules: rules.chop_stacked_twos,
    ),
    Decision(
        "longer-straight",
        "A longer straight",
        "Where a longer straight beats a shorter one, any longer straight does, whatever its top card;"
        " a straight of the same length still needs a higher top card, and a shorter straight never beats"
        " a longer one. Beating a straight this way is no chop. The switch cannot go with a follow-suit"
        " rule, which compares suits rank by rank and so needs plays of the same length.",
        lambda rules: rules.longer_straight_beats,
    ),
    Decision(
        "unled-runs",
        "Pair-run bombs that may not be led",
        "Only pair runs that are bombs under the rules are kept from leading; a longer pair run that the"
        " bomb table does not name may be led as an ordinary combination, and quads may be led as ever."
        " A player holding nothing else can always lead a single card from the run.",
        lambda rules: not rules.lead_pair_run_bombs,
    ),
    Decision(
        "whole-deck",
        "Dealing the whole deck to two or three",
        "The whole deck is dealt one card at a time from the seat after the dealer, so two players get"
        " 26 cards each; at three, 52 cards do not share evenly and the seat after the dealer gets the"
        " last card: 18, 17 and 17. A player is frozen when they have played none of the cards they were"
        " dealt. Instant-win patterns read the whole dealt hand, where six pairs are nearly certain, so a"
        " table that deals the whole deck usually plays without instant wins.",
        lambda rules: rules.deal_whole_deck,
    ),
    Decision(
        "instant-patterns",
        "Reading instant-win patterns",
        "Patterns are read on the hand as dealt, by how many cards of each rank it holds: a quad counts"
        " as a triple and as two pairs, so three quads are also three triples and six pairs; five pairs"
        " and a triple are always six pairs as well. One colour needs at least 13 cards. Two bombs means"
        " two bombs of the rule set's own table that can be laid down together: each quad, then each run"
        " of consecutive pairs cut into as many of the shortest pair-run bomb as it holds (a six-pair run"
        " is two PR3s where PR3 is a bomb). When a hand shows several patterns, the first one the rules"
        " list is the one reported. A pattern limited to the first round counts when the round is dealt"
        " as the first of a match (``first_round=True``); one limited to later rounds, in every other.",
        lambda rules: bool(rules.instant_wins),
    ),
    Decision(
        "interrupts",
        "The order of out-of-turn chops",
        "After every action, each seat that could chop out of turn is asked in play order, starting"
        " after the seat whose play is on the table, before the seat whose turn it is. The seat to act"
        " plays its bomb in turn instead. A chop changes the table, so the asking starts again. The"
        " interrupter counts as not having passed, and play continues from the seat after them.",
        lambda rules: bool(rules.interrupt_bombs),
    ),
    Decision(
        "frozen-when",
        "Who is frozen",
        "A player is frozen when they have not played any card at the moment the first player goes out"
        " (passing does not count as playing). Frozen players leave the turn order at once and take the"
        " last places in play order from the winner. If that leaves a single player still playing, the"
        " round is over.",
        lambda rules: rules.frozen,
    ),
    Decision(
        "held-bombs",
        "Counting the 2s and bombs in a hand",
        "For cóng and thúi each 2 counts on its own, by its suit; 2s never form a bomb here, so four 2s"
        " count as four 2s. Then each quad of another rank counts as one quad (where quads have a value)."
        " Then the ranks left with two or more cards are read as pair runs, one for each longest run of"
        " at least three consecutive such ranks, and valued by their number of pairs; a run longer than"
        " any class the rules give a value counts as the longest valued class. A chopped pair run that"
        " is longer than any valued class is valued the same way.",
        lambda rules: rules.frozen or rules.thui != "none",
    ),
    Decision(
        "thui-who",
        "Who owes thúi",
        "Thúi is owed for cards held when the round ends, and leaving never pays: a player who forfeited"
        " owes it for the cards they took away, on top of their place, card count or forfeit penalty"
        " (paid to the player placed just above them where thúi goes to the player above, else to the"
        " winner). The last player who stayed to the end owes it as well, as the rules say. A frozen"
        " player owes none (a forfeiter who never played a card, where the rules freeze, pays as frozen"
        " instead): where thúi is paid to the player above, nobody pays it when a frozen player is the"
        " last of those who stayed.",
        lambda rules: rules.thui != "none",
    ),
    Decision(
        "den-bai",
        "Đền bài",
        "It applies only when three players are frozen, which needs a table of four (the source names it"
        " for that case alone). At three players with both others frozen, or at two, each frozen player"
        " pays their own cóng and the winner leads the next round. The player who pays for all"
        " is the first frozen player who passed while holding a play that could have beaten the table;"
        " the engine records this with each pass (``Passed.could_play``). They also lead the next round."
        " When no frozen player passed with a play in hand, each pays their own cóng.",
        lambda rules: rules.den_bai,
    ),
    Decision(
        "forfeits",
        "Leaving a round",
        "A player who leaves (``Round.forfeit``) stops playing and keeps their cards. Players who leave"
        " take the last places still open, the first to leave being last. Where the rules give a forfeit"
        " penalty, a player who leaves before anyone has gone out pays it instead of every placement"
        " payment they would make; a player who leaves after someone has gone out pays no penalty but"
        " is settled as the place they take, thúi on what they carried away included (the engine tells"
        " the two apart by the order of the ``Forfeited`` and ``Finished`` events; a hand-written result"
        " without events counts every forfeiter as leaving early). Without a penalty a forfeiter pays as"
        " the place they take and owes no thúi. If the player who must open the first round with the"
        " lowest card leaves before leading, the card leaves with them: the next player leads, with anything.",
    ),
    Decision(
        "card-count",
        "Card-count scoring (đếm lá)",
        "The round ends the moment the first player goes out: the trick is not finished and nobody is"
        " frozen. Every other player, a forfeiter included (for the cards they took away), pays the"
        " winner the card price for each card in hand; each 2 counts as ``card_two_multiplier`` cards, and"
        " a player who never played a card (passing does not count) and so still holds at least 13 has the whole count multiplied by"
        " ``card_all_multiplier``. A forfeit penalty, where the rules have one, replaces the count for a"
        " player who left before anyone went out. The losers are placed by cards held, fewest first; equal"
        " counts go by the total value of the cards, lowest first, each card worth its place in the"
        " deck's order (3♠ 1, 3♣ 2 … 2♥ 52); then by play order from the winner. Places matter only to"
        " thúi paid to the player above. In a points rule set the round's points are the card units:"
        " the winner scores what the others lose.",
        lambda rules: rules.scoring == "cards",
    ),
    Decision(
        "chop-out",
        "A chop that takes the chopper out (chặt và tới)",
        "``chop_out_voids`` has two readings. ``chopper``: a chop made with the chopper's last cards moves"
        " no money: the chopper has won the round, or their place, with it, and takes nothing more for"
        " the chop. ``chopped``: a chop of a player who then goes out first moves no money: the winner"
        " owes nothing for having been chopped on the way. ``both`` voids a chop by either reading, so a"
        " chopped player who chops back with their last cards and goes out first neither pays for the"
        " first link nor collects for the second. The"
        " chop stays in its chain: it counts as a link (the next chop of the trick is still the next link)"
        " and, under ``multiply``, the 2s it chopped stay in the chain's price, so a later chop of the"
        " out player's bomb pays as usual. Under ``accumulate``, where the whole chain is paid by its last"
        " link, a chain whose last link is such a chop pays nothing: the player chopped last owes it to"
        " the chopper, and that debt is what is voided. A chop voided by the ``chopped`` reading also"
        " adds nothing to an ``accumulate`` chain, as in the reading's only source: a pair run (3)"
        " chopped by a quad, then re-chopped by a quad with the first player's last cards, pays 4 under"
        " card counting, not 7. Earlier links of a ``multiply`` chain, already"
        " paid when they were made, stand.",
        lambda rules: rules.chop_out_voids != "none",
    ),
    Decision(
        "instant-win-thui",
        "Thúi on top of an instant win",
        "Where ``instant_win_thui`` is on, each loser pays for the 2s and bombs in their hand (counted as"
        " for cóng and thúi) to the instant winner, as a payment of its own beside the instant-win"
        " payment; several instant winners who share split it the way they split that payment."
        " Where ``instant_win_thui_by`` is ``last``, only the last-placed loser pays it. Nobody has a"
        " place after an instant win, and no source says who is last, so the library reads it as"
        " card-count scoring places players when the first goes out: the loser holding the most cards"
        " (the one dealt 18 when the whole deck is dealt to three), then the higher total of card"
        " values (3♠ 1 … 2♥ 52), then the last in play order from the instant winner nearest the dealer.",
        lambda rules: rules.instant_win_thui,
    ),
    Decision(
        "splits",
        "Amounts that do not divide evenly",
        "When one payment is split (several instant winners sharing a loser's payment, or a short"
        " payer's creditors cut in proportion) every share is rounded down and the chips left over go"
        " one at a time to the payees in play order, starting with the seat after the payer. Totals"
        " always balance to the chip.",
        _money_rules,
    ),
    Decision(
        "cap-rake",
        "The balance cap comes before the rake",
        "Money moves in the order it falls due: each chop payment when it is made (or when its chain"
        " ends), then all end-of-round payments together. With the cap, a payer pays at most what they"
        " hold at that moment (money received earlier in the round counts). Then the house takes its"
        " rake: the given percentage of each player's winnings for the round, rounded down, paid to the"
        " house account (seat :data:`tienlen.HOUSE_SEAT`), so the players' nets and the house add up to"
        " zero. Nobody's balance goes below zero.",
        lambda rules: rules.cap_at_balance or rules.rake_percent > 0,
    ),
    Decision(
        "switched-off",
        "Axes that are switched off are not read",
        "``settle`` ignores frozen seats unless the rules freeze players, and đền bài unless the rules"
        " use it, so one round can be settled under several rule sets.",
    ),
    Decision(
        "toml-tables",
        "A table in a rules file replaces the whole axis",
        'A rules file starts from a profile (``from = "house"``) and overrides axes by name. An axis'
        " written as a TOML table, such as ``[placement]`` or ``[bombs.quad]``, replaces that axis"
        " whole: the entries you leave out are gone, not kept from the profile. Write the complete"
        " table (``tienlen rules house --format toml`` prints one to start from).",
    ),
)
"""Every decision, in the order of the decisions page."""


SOURCES: dict[str, str] = {
    "counting": (
        'Card-count scoring is how the Vietnamese game apps score their "Tiến lên miền Nam đếm lá"'
        " tables. The apps' own rule pages could not be consulted; the choices follow two public"
        " implementations of those tables, found by code search:\n\n"
        "* **A** — a TypeScript game, repository"
        " `uongsuadaubung/tien-len <https://github.com/uongsuadaubung/tien-len>`_: its"
        ' ``src/engine/game-modes.ts`` offers a ``COUNT_CARDS`` mode ("Đếm Lá"), and the'
        " ``GameEngine`` class of ``src/engine/game.ts`` (beside ``card``, ``deck``, ``combinations``"
        " and ``validator`` modules; read at commit ``0626f8f``) settles it in"
        " ``settleCountCardsEndGame``, ``calculateRottenCardsPenalty``, ``calculateChopPenalty`` and"
        " ``calculateInstantWinSettlement``. What it does: the round ends when the first player goes out; every"
        " other player pays one bet per card left plus their held 2s (a black 2 one bet, a red 2 two)"
        " and quads (four bets; pair runs left in hand cost nothing); a player who never played (cóng)"
        " pays 26 bets plus those held 2s and quads; an instant win (tới trắng) takes 26 bets from every"
        " other player; each chop is paid on the spot by the player chopped to the chopper: a black 2"
        " one bet, a red 2 two, a pair of 2s by its colours, a PR3 three, a quad four, a PR4 five.\n"
        "* **B** — the Tiến Lên table of a community chat bot, repository"
        " `nguyendangkhoa150899-boop/bialk <https://github.com/nguyendangkhoa150899-boop/bialk>`_"
        ' (``TienLen/van.js`` for the money, ``TienLen/web.js`` for the rooms). Its "Đếm lá" mode'
        " ends the round when the first player goes out; each card left costs one bet; a player who"
        " never played pays double, for the cards and for the 2s and bombs held; 2s and bombs held at"
        " the end (pair runs included) are paid to the winner, and chops on the spot to the chopper, from"
        " one price list: a black 2 three bets, a red 2 six, a PR3 twelve, a quad twelve, a PR4"
        " twenty-four; the house takes 10% of each winner's net; a player must hold 120 bets to sit"
        " (``web.js``: the worst loss of a round is about 110 bets) and nobody pays more than they hold."
        " It says it follows the Ba Bích rules (babichgame.gitbook.io/ba-bich/luat-choi), which could"
        " not be consulted.\n\n"
        "Where ``counting`` stands, choice by choice:\n\n"
        '* the round ends at the first player out, every card one bet (``scoring = "cards"``,'
        " ``card_price`` 1): A and B;\n"
        "* a hand never played counts double (``card_all_multiplier`` 2, so 26 bets for 13 cards): A and"
        " B (A charges a flat 26, B twice the count: the same at 13 cards). B also doubles the 2s and"
        " bombs such a player holds; no axis expresses that, so ``counting`` charges them once, as A;\n"
        "* an instant win costs every other player 26 bets (``instant_win_payment``): A (B's amounts"
        " were not read);\n"
        "* the prices of 2s and bombs, chopped or held (``two_values`` 1/1/2/2, ``bomb_values`` PR3 3,"
        " quad 4, PR4 5): A. B's list is six times heavier in places (``two_values`` 3/3/6/6,"
        " ``bomb_values`` PR3 12, quad 12, PR4 24 give it);\n"
        '* held 2s and bombs are paid to the winner by every loser (``thui = "winner"``): A and B;'
        " pair runs left in hand count: B. A counts held quads only, and charges a chopped PR3 or PR4;"
        " no axis prices a bomb held apart from chopped (``bomb_values`` is both), so A's reading of a"
        " held pair run cannot be picked;\n"
        "* a chop chain is paid once, by the last player chopped to the last chopper"
        ' (``chop_payment = "accumulate"``, as ``iwin``): neither source; both pay every chop on the'
        " spot at its own price, which is the same for a chain of one. No axis gives each link its own"
        ' price (``"multiply"`` pays the k-th link k times the 2s);\n'
        "* no rake and no minimum balance: A. B's are ``rake_percent = 10`` and"
        " ``cap_at_balance = true`` (a table's minimum to sit is the room's business, not the rules');\n"
        "* the bomb table (``bombs``: a PR3 chops a single 2; a quad a single 2, a pair of 2s and a PR3;"
        " a PR4 all of those and a quad; a higher bomb chops one of its own class): A (``validator.ts``)."
        " A also lets a PR4 chop out of turn after passing (its ``allowFourPairsCutAnytime``, on by"
        ' default): ``interrupt_bombs = ["PR4"]`` picks that reading; ``counting`` leaves it off, as'
        " B's table does not say it;\n"
        "* the instant wins ``dragon`` (3 to A), ``four_twos``, ``pr5`` and ``six_pairs`` (a quad counts"
        " as two pairs): A (``deck.ts``). A also wins with four 3s in a first round and with 13 cards of"
        ' one colour; ``instant_wins`` with ``four_threes`` (rounds ``"first"``) and ``one_colour``'
        " added picks that reading, which ``counting`` leaves out as the chip-room set of ``house`` does;\n"
        "* chặt và tới and thúi on an instant win stay off (``chop_out_voids``, ``instant_win_thui``): A"
        " pays every chop on the spot whoever goes out after, and charges an instant win its 26 bets"
        " only; B is silent;\n"
        "* 2s count one card each (``card_two_multiplier`` 1; their price is charged as thúi): A and B,"
        " which count every card once.\n\n"
        "A 16- or 32-round session scored in card points is the same rules"
        ' with ``currency = "points"``, ``match_rounds = 16`` and, for a single winner,'
        ' ``match_ties = "lower_seat"`` (see :doc:`/howto/house-rules`).'
    ),
}
"""Hand-written notes on where a profile's rules come from, shown on its page."""


def decision_rst(decision: Decision, level: str = "-") -> str:
    """One decision as a titled section."""
    return f".. _decision-{decision.key}:\n\n{decision.title}\n{level * len(decision.title)}\n\n{decision.text}\n"


# --------------------------------------------------------------------------- whole pages


def profile_page(rules: RuleSet) -> str:
    """The reStructuredText of one profile's page."""
    name = rules.name
    title = f"The ``{name}`` profile"
    out = [title, "=" * len(title), ""]
    if rules.description:
        out += [rules.description.rstrip(".") + ".", ""]
    out += [
        f"Use it as ``tienlen.PROFILES[{name!r}]``, on the command line as ``--rules {name}``, or start a variant"
        f' from it with ``from = "{name}"`` in a rules file. Everything on this page except the decisions at'
        " the end is written from the profile's data when the documentation is built.",
        "",
    ]
    sections, _ = words(rules)
    for heading, paras in sections:
        out += [heading, "-" * len(heading), ""]
        for para in paras:
            out += [para, ""]
    if name in SOURCES:
        heading = "Where these rules come from"
        out += [heading, "-" * len(heading), "", SOURCES[name], ""]
    out += ["Every axis", "-" * len("Every axis"), "", f".. profile-rules:: {name}", ""]
    chosen = [d for d in DECISIONS if d.applies(rules)]
    if chosen:
        heading = "Decisions the library took"
        out += [
            heading,
            "-" * len(heading),
            "",
            "Where the sources of these rules are silent the library had to choose. These choices concern"
            " this profile (all of them are on :doc:`/decisions`):",
            "",
        ]
        for decision in chosen:
            out += [f"* **{decision.title}.** {decision.text}", ""]
    return "\n".join(out)


def decisions_page() -> str:
    """The reStructuredText body of the decisions page (without its title)."""
    return "\n".join(decision_rst(d) for d in DECISIONS)
