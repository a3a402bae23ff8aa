"""The error taxonomy of docs/concepts/errors.rst, one test per row, over every public entry point
that takes ``rules``, ``players`` or a seat: a wrong one raises the documented type; and what every
message is (one short safe line, quickly, whatever the input's size, nesting or type)."""

from __future__ import annotations

import io
import json
import pickle
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs
import pytest
from builders import GREEDY_ROUND, refused_quickly
from extras import skip_reason

from tienlen import (
    HOUSE,
    PAGAT,
    PROFILES,
    Card,
    Combo,
    ComboKind,
    IllegalPlay,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    InvalidDocument,
    InvalidRecord,
    InvalidRules,
    Match,
    Round,
    RuleSet,
    TienLenError,
    beats,
    chop_value,
    classify,
    compare,
    explain,
    format_cards,
    held_value,
    instant_win_pattern,
    is_chop,
    legal_plays,
    load_rules,
    next_leader,
    parse_cards,
    settle,
)
from tienlen._base.input import MAX_CARD_TEXT, MAX_NOTATION, MAX_RECORD, MAX_RULES_TEXT
from tienlen.errors import MESSAGE_LIMIT, Reason
from tienlen.io.wire import read_document
from tienlen.learning.env import TienLenEnv
from tienlen.money.settle import reward_net, unit_for
from tienlen.players.agents import GreedyAgent, play_round, protected_mask
from tienlen.players.compare import compare_play, compare_round, describe_value
from tienlen.players.simulate import Run, format_stats, simulate
from tienlen.players.solve import first_out_wins, solve
from tienlen.players.tournament import format_tournament, tournament
from tienlen.show import svg
from tienlen.show.progress import ProgressBar

Call = Callable[[Any], object]

ROUND = Round.deal(HOUSE, seed=7)

HANDS = ["3♠ 4♠", "5♠ 6♠", "7♠ 8♠", "9♠ 10♠"]


def _finished(players: int) -> Any:
    round_ = Round.from_hands(["3♠", "4♠", "5♠", "6♠"][:players], HOUSE)
    while not round_.is_over:
        round_ = round_.apply(round_.legal_actions()[0])
    return round_.result


RESULT = _finished(4)

# Every public entry point that takes a rule set, called with ``rules`` in place of it.
TAKES_RULES: dict[str, Call] = {
    "Round.deal": lambda rules: Round.deal(rules),
    "Round.from_hands": lambda rules: Round.from_hands(HANDS, rules),
    "Round.from_notation": lambda rules: Round.from_notation(ROUND.to_notation(), rules),
    "classify": lambda rules: classify("3♠", rules),
    "beats": lambda rules: beats("4♠", "3♠", rules),
    "explain": lambda rules: explain("4♠", "3♠", rules),
    "is_chop": lambda rules: is_chop("4♠", "3♠", rules),
    "is_chop(combinations)": lambda rules: is_chop(classify("7♥", HOUSE), classify("9♦ 9♥", HOUSE), rules),
    "beats(combinations)": lambda rules: beats(classify("4♠", HOUSE), classify("3♠", HOUSE), rules),
    "legal_plays": lambda rules: legal_plays(parse_cards("3♠ 4♠"), None, rules),
    "instant_win_pattern": lambda rules: instant_win_pattern("3♠", rules),
    "held_value": lambda rules: held_value(parse_cards("2♠"), rules),
    "chop_value": lambda rules: chop_value(classify("2♠", HOUSE), rules),
    "protected_mask": lambda rules: protected_mask(1, rules),
    "settle": lambda rules: settle(RESULT, rules),
    "next_leader": lambda rules: next_leader(RESULT, rules),
    "Match": lambda rules: Match(rules=rules, players=4),
    "Match.start": lambda rules: Match.start(rules),
    "compare": lambda rules: compare(HOUSE, rules),
    "compare_round": lambda rules: compare_round(ROUND, [rules]),
    "simulate": lambda rules: simulate([rules], rounds=1),
}

# Every public entry point that takes a player count, called with ``players`` for house rules.
TAKES_PLAYERS: dict[str, Call] = {
    "Round.deal": lambda players: Round.deal(HOUSE, players),
    "Match": lambda players: Match(rules=HOUSE, players=players),
    "Match.start": lambda players: Match.start(HOUSE, players),
    "TienLenEnv": lambda players: TienLenEnv(HOUSE, players),
    "simulate": lambda players: simulate([HOUSE], rounds=1, players=players),
    "RuleSet.cards_dealt": lambda players: HOUSE.cards_dealt(players),
    "RuleSet.payments_for": lambda players: HOUSE.payments_for(players),
    "RuleSet.points_for": lambda players: HOUSE.points_for(players),
    "RuleSet.amount": lambda players: HOUSE.amount("frozen_penalty", players),
}

# Every public entry point that takes a seat to set a round up or look at it.
TAKES_SEAT: dict[str, Call] = {
    "Round.deal(dealer=)": lambda seat: Round.deal(HOUSE, dealer=seat),
    "Round.deal(leader=)": lambda seat: Round.deal(HOUSE, leader=seat),
    "Round.from_hands(dealer=)": lambda seat: Round.from_hands(HANDS, HOUSE, dealer=seat),
    "Round.view": lambda seat: ROUND.view(seat),
    "Round.is_active": lambda seat: ROUND.is_active(seat),
    "Round.parse_action": lambda seat: ROUND.parse_action("pass", seat=seat),
    "Round.to_dict(view_of=)": lambda seat: ROUND.to_dict(view_of=seat),
    "next_leader(absent=)": lambda seat: next_leader(RESULT, HOUSE, absent=[seat]),
    "svg.position(seat=)": lambda seat: svg.position(ROUND, seat=seat),
    "RoundResult.place_of": lambda seat: RESULT.place_of(seat),
}

# Every action: its seat is part of the action, refused like any illegal move.
ACTIONS: dict[str, Call] = {
    "Round.play": lambda seat: ROUND.play(ROUND.legal_actions()[0].combo or "3♠", seat=seat),
    "Round.pass_": lambda seat: ROUND.pass_(seat=seat),
    "Round.interrupt": lambda seat: Round.deal(load_rules("iwin"), seed=1).interrupt(seat, "3♠ 3♣ 3♦ 3♥"),
    "Round.forfeit": lambda seat: ROUND.forfeit(seat),
}

NOT_RULES = ["house", {"name": "house"}, 4, b"house"]
NOT_PLAYERS = [1, 5, "4", 4.0, True]
NOT_SEATS = [-1, 4, "0", 1.0, True, False]  # None means "not given" where a seat may be left out; False equals 0


@pytest.mark.parametrize("bad", NOT_RULES, ids=repr)
@pytest.mark.parametrize("entry", TAKES_RULES)
def test_rules_that_are_no_rule_set_are_an_invalid_argument(entry: str, bad: object) -> None:
    with pytest.raises(InvalidArgument, match="RuleSet"):
        TAKES_RULES[entry](bad)


@pytest.mark.parametrize("bad", NOT_PLAYERS, ids=repr)
@pytest.mark.parametrize("entry", TAKES_PLAYERS)
def test_a_player_count_the_rules_do_not_allow_is_an_invalid_argument(entry: str, bad: object) -> None:
    with pytest.raises(InvalidArgument):
        TAKES_PLAYERS[entry](bad)


@pytest.mark.parametrize("hands", [HANDS[:1], [*HANDS, "J♠"]], ids=["1 hand", "5 hands"])
def test_hands_for_a_player_count_the_rules_do_not_allow_are_an_invalid_argument(hands: list[str]) -> None:
    with pytest.raises(InvalidArgument, match="house is played by 2 to 4 players"):
        Round.from_hands(hands, HOUSE)


def test_a_result_settled_under_rules_not_played_by_its_players_is_an_invalid_argument() -> None:
    with pytest.raises(InvalidArgument, match="pagat is played by 4 players, not 3"):
        settle(_finished(3), PAGAT, unit=1)


@pytest.mark.parametrize("bad", NOT_SEATS, ids=repr)
@pytest.mark.parametrize("entry", TAKES_SEAT)
def test_a_seat_not_at_the_table_is_an_invalid_argument(entry: str, bad: object) -> None:
    with pytest.raises(InvalidArgument):
        TAKES_SEAT[entry](bad)


@pytest.mark.parametrize("bad", NOT_SEATS, ids=repr)
@pytest.mark.parametrize("entry", ACTIONS)
def test_an_action_by_a_seat_not_at_the_table_is_an_illegal_play(entry: str, bad: object) -> None:
    with pytest.raises(IllegalPlay):
        ACTIONS[entry](bad)


@pytest.mark.parametrize(
    "call",
    [
        lambda: TienLenEnv(HOUSE, unit=0),
        lambda: TienLenEnv(HOUSE, render_mode="human"),  # type: ignore[arg-type]
        lambda: TienLenEnv(HOUSE).reset(options={"shuffle": True}),
        lambda: settle(RESULT, HOUSE, unit=-1),
        lambda: settle(RESULT, HOUSE, balances=[1, 2]),
        lambda: Match.start(PAGAT),
        lambda: Round.deal(HOUSE, seed=-1),
        lambda: svg.card("3♠", size=0),
        lambda: HOUSE.amount("name", 4),
        lambda: compare(HOUSE),
    ],
    ids=[
        "unit",
        "render_mode",
        "reset options",
        "settle unit",
        "balances",
        "rounds",
        "seed",
        "size",
        "amount axis",
        "one rule set",
    ],
)
def test_other_arguments_of_the_wrong_type_or_range_are_an_invalid_argument(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument):
        call()


def test_an_invalid_argument_is_a_tienlen_error_a_value_error_and_a_type_error() -> None:
    assert issubclass(InvalidArgument, TienLenError) and issubclass(InvalidArgument, ValueError)
    assert issubclass(InvalidArgument, TypeError)
    assert not issubclass(InvalidRules, InvalidArgument) and not issubclass(InvalidArgument, InvalidRules)


def test_an_action_the_rules_do_not_allow_now_is_an_illegal_play() -> None:
    with pytest.raises(IllegalPlay):
        ROUND.play("2♠ 2♥", seat=ROUND.to_act)


def test_unreadable_cards_are_invalid_cards_and_no_combination_is_an_invalid_combo() -> None:
    with pytest.raises(InvalidCards):
        classify("3♠ 3♠ ZZ", HOUSE)
    with pytest.raises(InvalidCombo):
        classify("3♠ 7♥", HOUSE)


@pytest.mark.parametrize(
    "call",
    [
        lambda: RuleSet.from_mapping({"from": "house", "name": "mine", "follow_suit": "yes"}),
        lambda: RuleSet.from_mapping({"from": "nowhere", "name": "mine"}),
        lambda: RuleSet.from_mapping({"name": "mine", "no_such_axis": 1}),
        lambda: RuleSet.from_toml("name = "),
        lambda: RuleSet.from_json("{"),
        lambda: load_rules("no-such-profile"),
        lambda: RuleSet(name="mine", min_players=3, max_players=2),
    ],
    ids=["axis type", "unknown start", "unknown axis", "bad toml", "bad json", "unknown name", "conflict"],
)
def test_the_content_of_a_rule_set_is_invalid_rules(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidRules):
        call()


def test_a_record_that_does_not_replay_is_an_invalid_record() -> None:
    with pytest.raises(InvalidRecord):
        Round.from_notation("house p4 d0 first | 3♠ / 4♠ / 5♠ / 6♠ | 1:4♠")


@pytest.mark.parametrize("bad", ["no-such-profile", 4, {"name": "house"}], ids=repr)
@pytest.mark.parametrize("adapter", ["env", "pettingzoo", "openspiel"])
def test_the_learning_adapters_take_a_rule_set_or_a_profile_name_and_refuse_anything_else(adapter: str, bad: object) -> None:
    make = _adapter(adapter)
    assert make(HOUSE, 4) is not None and make("pagat", 4) is not None
    with pytest.raises(InvalidArgument, match="neither a RuleSet nor a profile"):
        make(bad, 4)
    with pytest.raises(InvalidArgument, match="pagat is played by 4 players, not 3"):
        make("pagat", 3)


def _adapter(name: str) -> Callable[[object, int], object]:
    if name == "env":
        return lambda rules, players: TienLenEnv(rules, players)  # type: ignore[arg-type]
    if name == "pettingzoo":
        pettingzoo = pytest.importorskip("tienlen.learning.pettingzoo", reason=skip_reason("tienlen.learning.pettingzoo"))
        return lambda rules, players: pettingzoo.raw_env(rules=rules, players=players)
    openspiel = pytest.importorskip("tienlen.learning.openspiel", reason=skip_reason("tienlen.learning.openspiel"))
    return lambda rules, players: openspiel.TienLenGame(rules=rules, players=players)


@pytest.mark.parametrize(
    "call",
    [
        lambda: RuleSet.from_json("[" * 100_000),
        lambda: RuleSet.from_toml("a = " + "[" * 5_000),
        lambda: Round.from_json("[" * 100_000),
    ],
)
def test_deeply_nested_input_is_refused(call: Callable[[], object]) -> None:
    with pytest.raises(TienLenError):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Round.deal("house"), "not a RuleSet"),  # type: ignore[arg-type]
        (lambda: Round.from_hands(None, HOUSE), "one hand per seat"),  # type: ignore[arg-type]
        (lambda: Round.deal(HOUSE, seed=1).apply("pass"), "not an Action"),  # type: ignore[arg-type]
        (lambda: Round.deal(HOUSE, seed=1).is_active(9), "seat from 0 to 3"),
        (lambda: Round.deal(HOUSE, seed=1).play(None), "not cards"),  # type: ignore[arg-type]
        (lambda: simulate([HOUSE], rounds=1, bots=()), "bots must be a non-empty sequence"),
    ],
)
def test_wrong_argument_types_raise_library_errors(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TienLenError, match=message):
        call()


def deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "call",
    [
        lambda: Round.deal(HOUSE, seed=10**5000),
        lambda: Round.deal(HOUSE, seed=2**64),
        lambda: Round.deal(HOUSE, seed=-5),
        lambda: Card(10**5000),
        lambda: attrs.evolve(HOUSE, frozen_penalty=10**5000),
        lambda: attrs.evolve(HOUSE, placement=((2, ((2, 1, 10**16),)), (3, ()), (4, ()))),
    ],
)
def test_integers_beyond_the_documented_range_are_refused_with_a_short_message(call: Callable[[], object]) -> None:
    message = refused_quickly(call)
    assert len(message) < 200


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: parse_cards("3♠ " * MAX_CARD_TEXT), InvalidCards),
        (lambda: Round.from_notation("house p2 | 3♠ / 4♠ |" + " 0:." * MAX_NOTATION), InvalidRecord),
        (lambda: Round.from_json(" " * (MAX_RECORD + 1)), InvalidRecord),
        (lambda: RuleSet.from_toml("#" * (MAX_RULES_TEXT + 1)), InvalidRules),
        (lambda: RuleSet.from_json(" " * (MAX_RULES_TEXT + 1)), InvalidRules),
    ],
)
def test_every_parser_refuses_text_over_its_limit_before_parsing(call: Callable[[], object], error: type[TienLenError]) -> None:
    refused_quickly(call, error, "characters long; the limit is")


def test_messages_quote_a_short_excerpt_of_a_huge_input() -> None:
    message = refused_quickly(lambda: parse_cards("x" * MAX_CARD_TEXT))
    assert len(message) < 200


def test_a_number_too_long_to_print_is_given_by_its_size_in_a_message_and_its_params() -> None:
    """Python will not write a number of more than 4,300 digits; a refusal never tries to."""
    huge = 10**5000
    error = InvalidArgument.of("not-a-seat", name="seat", value=3, seat=huge)
    assert str(error) == "seat must be a seat from 0 to 3, not <a 16610-bit number>"
    assert error.params["seat"] == "<a 16610-bit number>" and error.text("vi").endswith("<a 16610-bit number>")
    nested = InvalidArgument.of("wrong-type", name="x", words="y", value={huge: [huge]})
    assert nested.params["value"] == {"<a 16610-bit number>": ["<a 16610-bit number>"]}
    assert json.loads(json.dumps(nested.to_dict())) == nested.to_dict()
    assert (
        InvalidArgument.of("not-a-seat", name="seat", value=3, seat=2**128 - 1).params["seat"] == 2**128 - 1
    )  # 128 bits: written out


def test_error_messages_are_one_safe_line_whatever_they_were_given() -> None:
    assert str(InvalidRules("a\nb\x1b[31m" + "c" * 1000)) == "a\\nb\\x1b[31m" + "c" * (MESSAGE_LIMIT - 13) + "…"


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card(True),
        lambda: Card.of(True, 0),
        lambda: Round.deal(HOUSE, seed=True),
        lambda: Round.deal(HOUSE, players=True),
        lambda: Round.deal(HOUSE, first_round=1),  # type: ignore[arg-type]
        lambda: Round.deal(HOUSE, seed=-1),
    ],
)
def test_bools_negative_seeds_and_non_bool_flags_are_refused(call: Callable[[], object]) -> None:
    refused_quickly(call)


@pytest.mark.parametrize(
    "call",
    [
        lambda: classify("3♠ 3♣", "house"),  # type: ignore[arg-type]
        lambda: legal_plays("3♠", None, "house"),  # type: ignore[arg-type]
        lambda: explain("3♠", "4♠", HOUSE, passed="no"),  # type: ignore[arg-type]
        lambda: Round.deal("house"),  # type: ignore[arg-type]
    ],
)
def test_wrong_types_raise_an_error_that_is_both_a_library_and_a_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument) as caught:
        call()
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, TienLenError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_cards(deep(10**5)),  # type: ignore[arg-type]
        lambda: Round.from_hands(deep(10**5), HOUSE),
        lambda: RuleSet.from_mapping({"name": deep(10**5)}),
        lambda: Round.deal(HOUSE, seed=7).play(deep(10**5)),
        lambda: RuleSet.from_json("[" * 10**5),
        lambda: Round.from_json("[" * 10**5),
    ],
)
def test_deeply_nested_values_are_refused_without_recursion_errors(call: Callable[[], object]) -> None:
    refused_quickly(call)


def test_a_refusal_writes_its_message_and_parameters_only_when_they_are_read() -> None:
    """Refusals as cheap as answers (issue 43): a refusal caught and dropped writes nothing."""
    made: list[int] = []

    def cards_text(mask: int) -> str:
        made.append(mask)
        return "2♥"

    error = IllegalPlay.of("seat-does-not-hold", seat=1, cards=partial(cards_text, 1 << 51))
    assert made == [] and error.code == "seat-does-not-hold"
    assert str(error) == "seat 1 does not hold 2♥" and made == [1 << 51]
    assert error.args == ("seat 1 does not hold 2♥",) and repr(error) == "IllegalPlay('seat 1 does not hold 2♥')"
    assert error.params == {"seat": 1, "cards": "2♥"} and error.text("vi") == "ghế 1 không có 2♥"
    assert made == [1 << 51]  # written once, then kept


@pytest.mark.parametrize(
    "read", [str, repr, lambda error: error.args, lambda error: pickle.dumps(error)], ids=["str", "repr", "args", "pickle"]
)
def test_a_refusal_reads_the_same_whichever_way_it_is_first_read(read: Callable[[TienLenError], object]) -> None:
    with pytest.raises(InvalidCombo) as caught:
        classify("3♠ 5♦ 9♥", HOUSE)
    read(caught.value)
    again = pickle.loads(pickle.dumps(caught.value))
    message = "3♠ 5♦ 9♥ is not a combination: ranks 3-5-9 are not consecutive"
    assert (str(caught.value), caught.value.args, repr(caught.value)) == (message, (message,), f"InvalidCombo({message!r})")
    assert (type(again), str(again), again.code, again.params) == (InvalidCombo, message, caught.value.code, caught.value.params)
    assert caught.value.params == {"cards": "3♠ 5♦ 9♥", "reason": {"code": "ranks-not-consecutive", "params": {"ranks": "3-5-9"}}}


def test_a_refused_play_carries_the_reason_explain_gives() -> None:
    """Round.play no longer writes explain's text, but its refusal reads as before."""
    on_pair = Round.from_hands(["7♠ 7♣ 3♦", "8♠ 8♣ 9♦ 4♣ 5♦ 6♥", "3♠ 4♠"], HOUSE, first_round=False, leader=0).play("7♠ 7♣")
    with pytest.raises(IllegalPlay) as caught:
        on_pair.play("4♣ 5♦ 6♥")
    reason = explain("4♣ 5♦ 6♥", "7♠ 7♣", HOUSE)
    assert reason is not None and caught.value.params["reason"] == reason.to_dict()
    assert str(caught.value).endswith(str(reason)) and caught.value.text("vi").endswith(reason.text("vi"))
    assert caught.value.codes == ("cannot-play", *reason.codes)


def test_a_message_set_by_hand_is_kept() -> None:
    error = InvalidCombo.of("no-cards")
    error.args = ("mine",)
    assert (str(error), error.args, error.code) == ("mine", ("mine",), "no-cards")


# ---------------------------------------------------------------------------- one bad input, one refusal
# The same bad input is refused with the same class and code at every entry point that takes it.
# Where an entry reads a whole document, record or action, it refuses with its own class (a wire
# document InvalidDocument, a record InvalidRecord, an action IllegalPlay) and gives that same
# refusal as its reason: the last of ``error.codes``.

R4 = Round.deal(HOUSE, seed=7)
FINISHED = GREEDY_ROUND
SETTLED = settle(FINISHED.result, HOUSE)


def _record(**changes: object) -> Callable[[], object]:
    return lambda: read_document({**json.loads(R4.to_json()), **changes})


def _learning(module: str) -> Any:
    return pytest.importorskip(module, reason=skip_reason(module))


Row = tuple[str, Callable[[Any], object], type[TienLenError], type[TienLenError] | None]
"""An entry point: its name, the call given the bad input, the class of the refusal, and the
class of the document, record or action that wraps it (``None`` when the refusal is direct)."""

CORE_RULES: list[Row] = [
    (name, call, InvalidArgument, None)
    for name, call in {
        **TAKES_RULES,
        "compare_play": lambda rules: compare_play("3♠", None, [rules]),
        "tournament": lambda rules: tournament(rules, ["greedy", "random"], deals=1),
        "play_round": lambda rules: play_round(rules, [GreedyAgent()] * 4),
        "Run.check": lambda rules: Run(rule_sets=(rules,), rounds=1).check(),
        "reward_net": lambda rules: reward_net(FINISHED.result, rules),
        "unit_for": lambda rules: unit_for(rules, 1),
    }.items()
]
LEARNING_RULES: list[Row] = [
    ("TienLenEnv", lambda rules: TienLenEnv(rules), InvalidArgument, None),
    (
        "TienLenVectorEnv",
        lambda rules: _learning("tienlen.learning.vector").TienLenVectorEnv(rules, num_tables=1),
        InvalidArgument,
        None,
    ),
    ("pettingzoo.raw_env", lambda rules: _learning("tienlen.learning.pettingzoo").raw_env(rules), InvalidArgument, None),
    ("pettingzoo.env", lambda rules: _learning("tienlen.learning.pettingzoo").env(rules), InvalidArgument, None),
    ("TienLenGame", lambda rules: _learning("tienlen.learning.openspiel").TienLenGame(rules=rules), InvalidArgument, None),
    (
        "TienLenGame(params)",
        lambda rules: _learning("tienlen.learning.openspiel").TienLenGame({"rules": rules}),
        InvalidArgument,
        None,
    ),
]
PLAYERS: list[Row] = [
    ("Round.deal", lambda n: Round.deal(HOUSE, n), InvalidArgument, None),
    ("Match", lambda n: Match(rules=HOUSE, players=n), InvalidArgument, None),
    ("Match.start", lambda n: Match.start(HOUSE, n), InvalidArgument, None),
    ("simulate", lambda n: simulate([HOUSE], rounds=1, players=n), InvalidArgument, None),
    ("Run.check", lambda n: Run(rule_sets=(HOUSE,), rounds=1, players=n).check(), InvalidArgument, None),
    ("TienLenEnv", lambda n: TienLenEnv(HOUSE, n), InvalidArgument, None),
    (
        "TienLenVectorEnv",
        lambda n: _learning("tienlen.learning.vector").TienLenVectorEnv(HOUSE, players=n, num_tables=1),
        InvalidArgument,
        None,
    ),
    ("pettingzoo.raw_env", lambda n: _learning("tienlen.learning.pettingzoo").raw_env(HOUSE, n), InvalidArgument, None),
    ("TienLenGame", lambda n: _learning("tienlen.learning.openspiel").TienLenGame(rules=HOUSE, players=n), InvalidArgument, None),
    ("TienLenGame(params)", lambda n: _learning("tienlen.learning.openspiel").TienLenGame({"players": n}), InvalidArgument, None),
    ("utility_bounds", lambda n: _learning("tienlen.learning.openspiel").utility_bounds(HOUSE, n), InvalidArgument, None),
]
SEATS: list[Row] = [
    *((name, call, InvalidArgument, None) for name, call in TAKES_SEAT.items()),
    *((name, call, IllegalPlay, None) for name, call in ACTIONS.items()),
    ("Round.from_hands(leader=)", lambda seat: Round.from_hands(HANDS, HOUSE, leader=seat), InvalidArgument, None),
    ("play_round(leader=)", lambda seat: play_round(HOUSE, [GreedyAgent()] * 4, leader=seat), InvalidArgument, None),
    ("Settlement.paid_by", lambda seat: SETTLED.paid_by(seat), InvalidArgument, None),
    ("Settlement.paid_to", lambda seat: SETTLED.paid_to(seat), InvalidArgument, None),
    ("solve(seat=)", lambda seat: solve(R4, seat=seat), InvalidArgument, None),
    ("first_out_wins", lambda seat: first_out_wins(R4, seat), InvalidArgument, None),
]
SEATS_IN_DOCUMENTS: list[Row] = [
    ("wire round record", lambda seat: _record(actions=[{"action": "pass", "seat": seat}])(), InvalidRecord, InvalidRecord),
]
CARDS: list[Row] = [
    ("parse_cards", parse_cards, InvalidCards, None),
    ("Combo.parse", Combo.parse, InvalidCards, None),
    ("classify", lambda text: classify(text, HOUSE), InvalidCards, None),
    ("beats", lambda text: beats(text, None, HOUSE), InvalidCards, None),
    ("explain", lambda text: explain(text, None, HOUSE), InvalidCards, None),
    ("is_chop", lambda text: is_chop(text, "2♠", HOUSE), InvalidCards, None),
    ("legal_plays", lambda text: legal_plays(text, None, HOUSE), InvalidCards, None),
    ("format_cards", format_cards, InvalidCards, None),
    ("instant_win_pattern", lambda text: instant_win_pattern(text, HOUSE), InvalidCards, None),
    ("held_value", lambda text: held_value(text, HOUSE), InvalidCards, None),
    ("compare_play", lambda text: compare_play(text, None, [HOUSE]), InvalidCards, None),
    ("svg.hand", svg.hand, InvalidCards, None),
    ("Round.from_hands", lambda text: Round.from_hands([text, "4♠"], HOUSE), InvalidCards, None),
    ("Round.parse_action", lambda text: R4.parse_action(f"play {text}"), InvalidCards, None),
    ("PlayerView.parse_action", lambda text: R4.view(R4.to_act or 0).parse_action(f"play {text}"), InvalidCards, None),
    ("Round.play", lambda text: R4.play(text), InvalidCards, IllegalPlay),
    (
        "wire combination",
        lambda text: read_document({"format": "tienlen-combo", "version": 1, "kind": "single", "cards": text}),
        InvalidCards,
        InvalidDocument,
    ),
    ("wire round record", lambda text: _record(hands=[text, "4♠", "5♠", "6♠"])(), InvalidCards, InvalidRecord),
]
UNITS: list[Row] = [
    ("settle", lambda unit: settle(FINISHED.result, HOUSE, unit=unit), InvalidArgument, None),
    ("reward_net", lambda unit: reward_net(FINISHED.result, HOUSE, unit=unit), InvalidArgument, None),
    ("unit_for", lambda unit: unit_for(HOUSE, unit), InvalidArgument, None),
    ("unit_for(points)", lambda unit: unit_for(PROFILES["faceoff"], unit), InvalidArgument, None),
    ("Match", lambda unit: Match(rules=HOUSE, players=4, unit=unit), InvalidArgument, None),
    ("Match.start", lambda unit: Match.start(HOUSE, unit=unit), InvalidArgument, None),
    ("compare_round", lambda unit: compare_round(FINISHED, [HOUSE], unit=unit), InvalidArgument, None),
    ("simulate", lambda unit: simulate([HOUSE], rounds=1, unit=unit), InvalidArgument, None),
    ("Run.check", lambda unit: Run(rule_sets=(HOUSE,), rounds=1, unit=unit).check(), InvalidArgument, None),
    ("TienLenEnv", lambda unit: TienLenEnv(HOUSE, unit=unit), InvalidArgument, None),
    (
        "TienLenVectorEnv",
        lambda unit: _learning("tienlen.learning.vector").TienLenVectorEnv(HOUSE, unit=unit, num_tables=1),
        InvalidArgument,
        None,
    ),
    (
        "pettingzoo.raw_env",
        lambda unit: _learning("tienlen.learning.pettingzoo").raw_env(HOUSE, unit=unit),
        InvalidArgument,
        None,
    ),
]
LANGS: list[Row] = [
    ("TienLenError.text", InvalidCards.of("not-cards", cards="x").text, InvalidArgument, None),
    ("Reason.of", lambda lang: Reason.of("not-cards", lang, cards="x"), InvalidArgument, None),
    ("ComboKind.text", ComboKind.PAIR.text, InvalidArgument, None),
    ("event.text", FINISHED.events[0].text, InvalidArgument, None),
    ("PlayerView.text", R4.view(0).text, InvalidArgument, None),
    ("Settlement.text", SETTLED.text, InvalidArgument, None),
    ("Transfer.text", SETTLED.transfers[0].text, InvalidArgument, None),
    ("explain(lang=)", lambda lang: explain("3♠", "4♠", HOUSE, lang=lang), InvalidArgument, None),
    ("Comparison.text", compare(HOUSE, PAGAT).text, InvalidArgument, None),
    ("Comparison.table", compare(HOUSE, PAGAT).table, InvalidArgument, None),
    ("Comparison.markdown", compare(HOUSE, PAGAT).markdown, InvalidArgument, None),
    ("Comparison.csv", compare(HOUSE, PAGAT).csv, InvalidArgument, None),
    ("Comparison.to_json", compare(HOUSE, PAGAT).to_json, InvalidArgument, None),
    ("describe_value", lambda lang: describe_value("frozen", True, lang), InvalidArgument, None),
    ("format_stats", lambda lang: format_stats([], lang), InvalidArgument, None),
    (
        "format_tournament",
        lambda lang: format_tournament(tournament(HOUSE, ["greedy", "random"], deals=1), lang),
        InvalidArgument,
        None,
    ),
    ("ProgressBar", lambda lang: ProgressBar(io.StringIO(), terminal=False, lang=lang), InvalidArgument, None),
]

SAME_BAD_INPUT: list[tuple[str, object, str, list[Row]]] = [
    *(("not a rule set", bad, "not-a-rule-set", CORE_RULES) for bad in ["nonsense", 4, {"name": "house"}]),
    *(
        ("not a rule set or profile", bad, "not-a-rule-set-or-profile", LEARNING_RULES)
        for bad in ["nonsense", 4, {"name": "house"}]
    ),
    *(("a player count house does not allow", bad, "player-count-not-allowed", PLAYERS) for bad in [5, 1, "4", True, 4.0]),
    *(("a seat not at the table", bad, "not-a-seat", SEATS) for bad in [4, 9, "0", True, 1.0]),
    *(("a seat not at the table", bad, "not-a-seat", SEATS_IN_DOCUMENTS) for bad in [4, 9]),
    ("junk card text", "3♠ 3q", "unreadable-card", CARDS),
    ("junk card text", "ten of hearts", "unreadable-card", CARDS),
    ("a card written twice", "3♠ 4♠ 3s", "card-written-twice", CARDS),
    *(("not a unit", bad, "unit-not-positive", UNITS) for bad in [0, -1, "1000", True, 1.5, 10**16]),
    *(("not a language", bad, "unknown-language", LANGS) for bad in ["fr", "EN", None, 1]),
]


@pytest.mark.parametrize(
    ("bad", "code", "entry", "call", "error", "wrapper"),
    [
        pytest.param(bad, code, name, call, error, wrapper, id=f"{kind}-{bad!r}-{name}")
        for kind, bad, code, rows in SAME_BAD_INPUT
        for name, call, error, wrapper in rows
    ],
)
def test_the_same_bad_input_is_refused_with_the_same_class_and_code_at_every_entry_point(
    bad: object,
    code: str,
    entry: str,
    call: Callable[[Any], object],
    error: type[TienLenError],
    wrapper: type[TienLenError] | None,
) -> None:
    with pytest.raises(TienLenError) as caught:
        call(bad)
    refusal = caught.value
    if wrapper is None:
        assert (type(refusal), refusal.code) == (error, code), f"{entry}: {refusal!r}"
    else:
        assert (type(refusal), refusal.codes[-1]) == (wrapper, code), f"{entry}: {refusal!r}"
