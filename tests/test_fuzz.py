"""Hostile input over every public entry point, as a game server would receive it.

Every call gets a mix of good values and hostile ones (text of every kind and size, integers of
every size, booleans, wrong types, deep nesting, JSON and TOML), and must either return or raise
a :class:`~tienlen.TienLenError` (nothing else escapes), within a second of CPU time, with a
message that is one printable line of at most :data:`~tienlen.errors.MESSAGE_LIMIT` characters.

The default profile is bounded so the module runs in well under a minute. For a deep run, set
``TIENLEN_FUZZ=deep`` (the Hypothesis profile ``fuzz-deep``: a hundred times the examples)::

    TIENLEN_FUZZ=deep python -m pytest tests/test_fuzz.py
"""

from __future__ import annotations

import inspect
import io
import json
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from extras import skip_reason
from hypothesis import HealthCheck, given, settings, strategies as st

import tienlen
from tienlen import (
    AXES,
    DECK,
    HOUSE,
    INSTANT_WIN_PATTERNS,
    IWIN,
    PROFILES,
    Action,
    Card,
    Chop,
    Combo,
    ComboKind,
    Finished,
    InstantWinRule,
    Match,
    Reason,
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
from tienlen.cli import main
from tienlen.errors import MESSAGE_LIMIT, one_line
from tienlen.game.position import Position, position_reader
from tienlen.game.views import public_events
from tienlen.io.wire import read_document
from tienlen.learning import actionspace, encoding, observation
from tienlen.learning.env import TienLenEnv
from tienlen.players.agents import GreedyAgent, RandomAgent, make_agent, play_round, protected_mask
from tienlen.players.compare import compare_play, compare_round
from tienlen.players.search import SearchAgent, hint
from tienlen.players.simulate import play_chunk, round_seed, simulate
from tienlen.players.solve import solve
from tienlen.players.tournament import agent_from_spec, tournament
from tienlen.show import svg
from tienlen.show.progress import ProgressBar

settings.register_profile("fuzz", max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
settings.register_profile("fuzz-deep", max_examples=2500, deadline=None, suppress_health_check=list(HealthCheck))
FUZZ = settings.get_profile("fuzz-deep" if os.environ.get("TIENLEN_FUZZ") == "deep" else "fuzz")

CPU_SECONDS = 1.0


def attempt(call: Callable[[], object]) -> None:
    """Run ``call``: it returns, or raises a TienLenError with a short one-line message, in time."""
    start = time.process_time()
    try:
        call()
    except TienLenError as error:
        message = str(error)
        assert message and one_line(message) == message and len(message) <= MESSAGE_LIMIT, message
    assert time.process_time() - start < CPU_SECONDS


# ---------------------------------------------------------------------------- hostile values


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


class Weird:
    """An object whose repr is hostile."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


LOOKALIKES = "ſıİKÅ２３１０ＪＱｋ♤♧♢♡❤♠♣♦♥\ufe0f\ufe0e\u200b\u202e\x00\x1b\n\t ,;"
CARDISH = "0123456789tjqkaTJQKAsScCdDhH" + "bíchchuồnnhéprôcơ" + LOOKALIKES

texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=CARDISH, max_size=40),
    st.sampled_from(["3ſ", "3ı", "3İ", "Q♥️", "１０ｈ", "²", "10" * 3000, "play\nFORGED", "\x1b[2J", "NaN", "-0"]),
    st.sampled_from([*PROFILES, "HOUSE", "pass\u200b"]),  # a profile's name where a RuleSet is wanted
    st.integers(0, 6).map(lambda k: "3♠ " * 10**k),
)
integers = st.one_of(
    st.integers(-10, 60),
    st.integers(),
    st.sampled_from([2**52 - 1, 2**52, 2**63, 2**64 - 1, 2**64, -(2**64)]),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),  # built lazily: such a number has no repr
)
wrong = st.sampled_from(
    [
        None,
        True,
        False,
        1.5,
        float("nan"),
        b"3s",
        bytearray(b"x"),
        [],
        {},
        (),
        object(),
        Weird(),
        _nested(100_000),
        {"a": _nested(1000)},
    ]
)
huge_keys: st.SearchStrategy[dict[Any, Any]] = st.sampled_from([1, -1]).map(
    lambda sign: {sign * 10**5000: [], 1: [], "zz": []}
)  # keys JSON cannot write
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=10)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
hostile = st.one_of(texts, integers, wrong, json_values, huge_keys)


def mixed(*good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly good values, often hostile ones."""
    return st.one_of(*good, hostile)


rules = mixed(st.sampled_from(list(PROFILES.values())), st.sampled_from(list(PROFILES)))  # a name is no RuleSet
card_text = mixed(st.sampled_from(["3♠", "3♠ 4♠ 5♠", "2♥", "6♠ 6♣ 6♦ 6♥", "3s 3c 4s 4c 5s 5c", "K rô", "10h Th"]))
seats = mixed(st.integers(-1, 4))
seeds = mixed(st.integers(0, 2**64 - 1))
flags = mixed(st.booleans())

ROUND = Round.deal(HOUSE, seed=7)
LEADING = ROUND.apply(ROUND.legal_actions()[0])
FINISHED = play_round(HOUSE, [GreedyAgent()] * 4, seed=3)
RESULT = FINISHED.result
RECORD = json.loads(FINISHED.to_json())
positions = st.sampled_from([ROUND, LEADING, FINISHED])  # the receivers of Round's methods
combos = mixed(st.sampled_from([classify("3♠", HOUSE), classify("2♥", HOUSE), classify("6♠ 6♣ 6♦ 6♥", HOUSE), None]))


# ---------------------------------------------------------------------------- arguments that buy work

# A budget (rollouts, deals, workers, a search limit) is fuzzed with a small good value or with a
# hostile one that costs nothing: every type but a whole number in range, and whole numbers far past
# any maximum. A whole number anywhere in range could buy minutes of work, which is what the bounds
# are for, not what a fuzz test of the argument checks can afford.
free = st.one_of(
    texts,
    wrong,
    json_values.filter(lambda value: isinstance(value, bool) or not isinstance(value, int)),
    st.floats(),
    st.sampled_from([0, -1, -(2**63), 2**64, 10**10, 10**30]),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
    st.sampled_from(["1", "٣", "²", "１", "1.0", "1e3", " 1"]),
)


def budget(*good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A small good value, or a hostile one that buys no work."""
    return st.one_of(*good, free)


TINY = Round.from_hands(["3♠ 9♥", "5♠ 10♦", "7♣ 2♣"], HOUSE)  # every search over it is over in milliseconds
TINY_VIEWS = st.sampled_from([TINY.view(0), TINY.view(1), TINY.play("3♠").view(1), TINY.play("3♠").view(0)])
SPECS = st.one_of(
    st.sampled_from(["greedy", "random", "passer", "search", "search:1", "search:5", "greedy:1", "search:", "search:0"]),
    st.sampled_from(["search:²", "search:٣", "search:３", "search:" + "9" * 5000, "search: 1", "search:+1", "search:1.0"]),
    st.builds("search:{}".format, texts),
)
REFUSED_SPECS = st.sampled_from(  # each is no spec: only ASCII digits name a level
    ["search:²", "search:٣", "search:３", "search:" + "9" * 5000, "search:+1", "search: 1", "search:1.0", "search:x", "", "x:1"]
)
CHEAP_SPECS = st.sampled_from(["greedy", "random", "passer"])  # a whole game of them takes milliseconds


def accepted(function: Callable[..., object], **arguments: Any) -> dict[str, Any]:
    """The keyword arguments ``function`` takes (``seconds`` only where the search has a time budget)."""
    names = inspect.signature(function).parameters
    return {name: value for name, value in arguments.items() if name in names}


def _rule_mappings(values: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from([*AXES, "from"]), values, max_size=4).map(lambda m: {"from": "house", **m})


rule_texts = _rule_mappings(json_values)  # what JSON and TOML can write
rule_mappings = _rule_mappings(st.one_of(json_values, huge_keys))  # and tables keyed by numbers, as Python mappings may be


def _toml(mapping: dict[str, Any]) -> str:
    """Top-level ``key = value`` lines (JSON's scalars and arrays read as TOML; ``null`` does not)."""
    return "\n".join(f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in mapping.items())


def tampered_record() -> st.SearchStrategy[str]:
    """The JSON of a real record with one field replaced by a hostile value, or hostile JSON."""
    fields = st.sampled_from([*RECORD, "extra", "actions.0", "rules.placement", "rules.bombs"])

    def build(field: str, value: Any) -> str:
        record = json.loads(json.dumps(RECORD))
        if field == "actions.0":
            record["actions"][0] = value
        elif field.startswith("rules."):
            record["rules"][field[6:]] = value
        else:
            record[field] = value
        return json.dumps(record, ensure_ascii=False)

    return st.one_of(st.builds(build, fields, json_values), texts, st.just('{"format": 1, "format": 2}'))


ENTRY_POINTS: dict[str, tuple[Callable[..., object], tuple[st.SearchStrategy[Any], ...]]] = {
    "parse_cards": (parse_cards, (card_text,)),
    "Card.parse": (Card.parse, (card_text,)),
    "Card": (Card, (mixed(st.integers(0, 51)),)),
    "Card.of": (Card.of, (mixed(st.integers(0, 12)), mixed(st.integers(0, 3)))),
    "format_cards": (format_cards, (mixed(st.integers(0, 2**52 - 1)),)),
    "classify": (classify, (card_text, rules)),
    "Combo.parse": (Combo.parse, (card_text, mixed(st.none()))),
    "Combo": (lambda kind, mask: Combo(kind, mask), (mixed(st.sampled_from(list(ComboKind))), mixed(st.integers(0, 2**52)))),
    "beats": (lambda p, t, r, f: beats(p, t, r, passed=f), (card_text, mixed(combos, card_text), rules, flags)),
    "explain": (lambda p, t, r: explain(p, t, r), (card_text, mixed(combos, card_text), rules)),
    "Reason": (
        lambda code, lang: Reason.of(code).text(lang),
        (mixed(st.sampled_from(["cannot-beat", "no-cards"])), mixed(st.just("vi"))),
    ),
    "is_chop": (is_chop, (mixed(combos, card_text), mixed(combos, card_text), rules)),
    "legal_plays": (
        lambda h, t, r, f: legal_plays(h, t, r, passed=f),
        (mixed(card_text, st.integers(0, 2**52 - 1)), combos, rules, flags),
    ),
    "protected_mask": (protected_mask, (mixed(st.integers(0, 2**52 - 1)), rules)),
    "instant_win_pattern": (lambda h, r, f: instant_win_pattern(h, r, first_round=f), (card_text, rules, flags)),
    "Round.deal": (
        lambda r, p, s, f, lead, d: Round.deal(r, players=p, seed=s, first_round=f, leader=lead, dealer=d),
        (rules, mixed(st.integers(1, 5)), seeds, flags, mixed(st.none(), st.integers(0, 3)), seats),
    ),
    "Round.from_hands": (
        lambda h, r, f: Round.from_hands(h, r, first_round=f),
        (mixed(st.lists(card_text, max_size=5)), rules, flags),
    ),
    "Round.from_json": (Round.from_json, (tampered_record(),)),
    "Round.from_notation": (Round.from_notation, (mixed(st.just(FINISHED.to_notation()), texts), mixed(st.none()))),
    "Round.play": (lambda r, c, s: r.play(c, seat=s), (positions, card_text, mixed(st.none(), seats))),
    "Round.parse_action": (
        lambda r, t, s: r.parse_action(t, seat=s),
        (
            positions,
            mixed(card_text, st.sampled_from(["pass", "play 3♠", "chop 6♠6♣6♦6♥", "seat 9 pass"])),
            mixed(st.none(), seats),
        ),
    ),
    "read_document": (read_document, (mixed(st.just(FINISHED.to_dict()), st.just(ROUND.view(3).to_dict()), json_values, texts),)),
    "Round.pass_": (lambda r, s: r.pass_(seat=s), (positions, mixed(st.none(), seats))),
    "Round.interrupt": (lambda r, s, c: r.interrupt(s, c), (positions, seats, card_text)),
    "Round.forfeit": (lambda r, s: r.forfeit(s), (positions, seats)),
    "Round.apply": (lambda r, a: r.apply(a), (positions, mixed(st.just(Action(kind="pass", seat=0))))),
    "Round.view": (lambda r, s: r.view(s), (positions, seats)),
    "Round.is_active": (lambda r, s: r.is_active(s), (positions, seats)),
    "Round.with_hands": (
        lambda r, h: r.with_hands(h),
        (positions, mixed(st.just(list(LEADING.hand_masks)), st.lists(mixed(card_text, st.integers(0, 2**52)), max_size=5))),
    ),
    "position_reader": (
        lambda names, r: position_reader(*names)(r),
        (st.lists(mixed(st.sampled_from(Position._fields)), max_size=4), mixed(positions)),
    ),
    "Position.cards_left": (lambda r, s: r.position.cards_left(s), (positions, seats)),
    "Position.has_passed": (lambda r, s: r.position.has_passed(s), (positions, seats)),
    "Position.is_out": (lambda r, s: r.position.is_out(s), (positions, seats)),
    "LegalActions[i]": (lambda r, i: _index(r.legal_actions(), i), (positions, mixed(st.integers(-50, 50)))),
    "RuleSet.from_mapping": (RuleSet.from_mapping, (mixed(rule_mappings),)),
    "InstantWinRule": (
        lambda p, r: InstantWinRule(pattern=p, rounds=r),
        (mixed(st.sampled_from(sorted(INSTANT_WIN_PATTERNS))), mixed(st.sampled_from(["any", "first", "later"]))),
    ),
    "RuleSet.from_toml": (
        RuleSet.from_toml,
        (mixed(st.just(IWIN.to_toml()), rule_texts.map(_toml), st.just("a = " + "9" * 5000), st.just("a = " + "[" * 5000)),),
    ),
    "RuleSet.from_json": (
        RuleSet.from_json,
        (mixed(st.just(IWIN.to_json()), rule_texts.map(json.dumps), st.just('{"name": "a", "name": "b"}')),),
    ),
    "attrs.evolve(RuleSet)": (lambda axis, value: attrs.evolve(HOUSE, **{axis: value}), (st.sampled_from(list(AXES)), hostile)),
    "load_rules": (load_rules, (mixed(st.sampled_from(["house", "/dev/zero.toml", "/nonexistent.toml", "/tmp"])),)),
    "settle": (
        lambda res, r, s, b: settle(res, r, unit=s, balances=b),
        (mixed(st.just(RESULT)), rules, mixed(st.integers(1, 10**15)), mixed(st.none(), st.lists(st.integers(), max_size=5))),
    ),
    "settle(result with bad fields)": (
        lambda field, value: settle(attrs.evolve(RESULT, **{field: value}), HOUSE),
        (st.sampled_from([f.name for f in attrs.fields(type(RESULT))]), hostile),
    ),
    "settle(result with a bad event)": (
        lambda kind, value: settle(attrs.evolve(RESULT, events=(_event(kind, value),)), HOUSE),
        (st.sampled_from(["chop", "finish"]), integers),
    ),
    "held_value": (held_value, (mixed(st.just(parse_cards("2♥ 7♠ 7♣ 7♦ 7♥"))), rules)),
    "chop_value": (chop_value, (combos, rules)),
    "Match.start": (
        lambda r, p, s, b, n: Match.start(r, players=p, unit=s, balances=b, rounds=n),
        (rules, mixed(st.integers(1, 5)), mixed(st.integers(1, 10)), mixed(st.none()), mixed(st.none(), st.integers(1, 10))),
    ),
    "Match.record": (lambda res: Match.start(HOUSE).record(res), (mixed(st.just(RESULT)),)),
    "next_leader": (
        lambda res, r, a: next_leader(res, r, a),
        (mixed(st.just(RESULT)), rules, mixed(st.sets(st.integers(-1, 4)))),
    ),
    "compare": (lambda a, b: compare(a, b), (rules, rules)),
    "compare_play": (
        compare_play,
        (card_text, mixed(st.none(), card_text), mixed(st.lists(st.sampled_from(list(PROFILES.values()))))),
    ),
    "compare_round": (
        lambda rec, rs, s: compare_round(rec, rs, unit=s),
        (mixed(st.just(FINISHED), tampered_record()), mixed(st.just([HOUSE, IWIN])), mixed(st.integers(1, 100))),
    ),
    "play_round": (lambda r, a, s: play_round(r, a, seed=s), (rules, mixed(st.just([GreedyAgent()] * 4)), seeds)),
    "make_agent": (make_agent, (mixed(st.sampled_from(["greedy", "random"])), seeds)),
    "RandomAgent": (lambda s: RandomAgent(s), (seeds,)),
    "GreedyAgent": (lambda s, d: GreedyAgent(s, d), (seeds, mixed(st.integers(0, 13)))),
    "simulate": (
        lambda rs, n, s, p, b, w: simulate(rs, rounds=n, seed=s, players=p, bots=b, workers=w),
        (mixed(st.just([HOUSE])), mixed(st.just(1)), seeds, mixed(st.just(4)), mixed(st.just(["greedy"])), mixed(st.just(1))),
    ),
    "play_chunk": (
        lambda r, p, b, s, a, z: play_chunk(r, p, b, s, a, z),
        (rules, mixed(st.just(4)), mixed(st.just(("greedy",))), seeds, mixed(st.just(0)), mixed(st.just(1))),
    ),
    "round_seed": (round_seed, (seeds, mixed(st.integers(0, 10**9)))),
    "ProgressBar": (
        lambda d, t: ProgressBar(io.StringIO(), terminal=True)("house", d, t),
        (mixed(st.integers(0, 3)), mixed(st.integers(1, 3))),
    ),
    "TienLenEnv": (lambda r, p, s: TienLenEnv(r, p, s), (rules, mixed(st.integers(1, 5)), mixed(st.integers(1, 3)))),
    "TienLenEnv.reset": (
        lambda s, o: TienLenEnv(HOUSE).reset(s, o),
        (mixed(st.none(), seeds), mixed(st.none(), st.just({"first_round": 1}))),
    ),
    "TienLenEnv.step": (lambda a: _env().step(a), (mixed(st.none(), st.integers(0, 2**52)),)),
    "public_events": (public_events, (mixed(st.just(FINISHED.events)), mixed(st.none(), seats))),
    "cards_to_bits": (encoding.cards_to_bits, (mixed(st.just(DECK[:3])),)),
    "bits_to_cards": (encoding.bits_to_cards, (mixed(st.just([0] * 52)),)),
    "mask_to_cards": (encoding.mask_to_cards, (mixed(st.integers(0, 2**52)),)),
    "cards_to_mask": (encoding.cards_to_mask, (mixed(st.just(DECK[:3])),)),
    "action_to_mask": (encoding.action_to_mask, (mixed(st.just(Action(kind="pass", seat=0))),)),
    "legal_action_masks": (encoding.legal_action_masks, (mixed(st.just(ROUND.view(3))),)),
    "encode_observation": (observation.encode_observation, (mixed(st.just(ROUND.view(3))),)),
    "TienLenEnv.observe": (lambda agent: _env().observe(agent), (mixed(st.sampled_from(["seat_0", "seat_3"])),)),
    "bits_to_mask": (encoding.bits_to_mask, (mixed(st.lists(st.integers(-1, 2), min_size=52, max_size=52)),)),
    "mask_to_bits": (encoding.mask_to_bits, (mixed(st.integers(0, 2**52)),)),
    "action_from_mask": (lambda m: encoding.action_from_mask(ROUND.view(3), m), (mixed(st.integers(0, 2**52)),)),
    "decode_observation": (
        lambda i, v: observation.decode_observation(_observation(i, v)),
        (st.integers(0, observation.OBSERVATION_LENGTH - 1), hostile),
    ),
    "split_observation": (observation.split_observation, (hostile,)),
    "solve": (
        lambda r, seat, limit: solve(r, seat=seat, limit=limit),
        (mixed(st.just(TINY), st.just(TINY.play("3♠"))), mixed(st.none(), seats), budget(st.none(), st.integers(1, 50))),
    ),
    "hint": (
        lambda v, level, seed, rollouts, seconds: hint(
            v, **accepted(hint, level=level, seed=seed, rollouts=rollouts, seconds=seconds)
        ),
        (
            mixed(TINY_VIEWS),
            mixed(st.integers(1, 5)),
            seeds,
            budget(st.none(), st.integers(1, 30)),
            mixed(st.none(), st.floats(0.001, 0.05)),
        ),
    ),
    "SearchAgent": (
        lambda v, level, seed, rollouts, seconds: SearchAgent(
            **accepted(SearchAgent, level=level, seed=seed, rollouts=rollouts, seconds=seconds)
        ).act(v),
        (
            mixed(TINY_VIEWS),
            mixed(st.integers(1, 5)),
            seeds,
            budget(st.none(), st.integers(1, 30)),
            mixed(st.none(), st.floats(0.001, 0.05)),
        ),
    ),
    "agent_from_spec": (agent_from_spec, (st.one_of(REFUSED_SPECS, SPECS, hostile), seeds)),
    "tournament": (
        lambda r, line_up, deals, seed, workers, progress: tournament(
            r, line_up, deals=deals, seed=seed, workers=workers, progress=progress
        ),
        (
            mixed(st.sampled_from([HOUSE, IWIN])),
            mixed(st.lists(mixed(CHEAP_SPECS), min_size=2, max_size=4), st.lists(CHEAP_SPECS, max_size=6)),
            budget(st.just(1)),
            seeds,
            budget(st.just(1)),
            mixed(st.none(), st.just(lambda name, done, total: None)),
        ),
    ),
    "tournament(client=)": (lambda client: tournament(HOUSE, ["greedy", "passer"], deals=1, client=client), (hostile,)),
    "actionspace.action_indices": (actionspace.action_indices, (mixed(st.integers(0, 2**52 - 1)),)),
    "actionspace.indices_mask": (actionspace.indices_mask, (mixed(st.lists(st.integers(0, 462), min_size=1, max_size=15)),)),
    "actionspace.index_label": (actionspace.index_label, (mixed(st.integers(0, 462)),)),
    "actionspace.Choice.of": (
        actionspace.Choice.of,
        (mixed(st.just(ROUND.legal_actions()), st.lists(st.sampled_from(list(ROUND.legal_actions())), max_size=4)),),
    ),
    "actionspace.Choice.choose": (
        lambda index: actionspace.Choice.of(ROUND.legal_actions()).choose(index),
        (mixed(st.integers(0, 462)),),
    ),
    "svg.card": (lambda value, size: svg.card(value, size=size), (mixed(card_text, st.sampled_from(DECK)), mixed(st.none()))),
    "svg.hand": (
        lambda cards, selected, fan, size, title: svg.hand(cards, selected=selected, fan=fan, size=size, title=title),
        (card_text, mixed(st.just(0), card_text), flags, mixed(st.none(), st.integers(1, 500)), mixed(st.none(), texts)),
    ),
    "svg.combo": (lambda value: svg.combo(value), (combos,)),
    "svg.trick": (lambda value: svg.trick(value), (mixed(st.just(LEADING.trick)),)),
    "svg.position": (
        lambda r, seat, reveal: svg.position(r, seat=seat, reveal=reveal),
        (mixed(positions), mixed(st.none(), seats), flags),
    ),
    "svg.view": (lambda value: svg.view(value), (mixed(st.just(LEADING.view(1))),)),
    "svg.settlement": (lambda value: svg.settlement(value), (mixed(st.just(settle(RESULT, HOUSE))),)),
    "RuleSet look-ups": (
        lambda name, value: getattr(HOUSE, name)(value),
        (st.sampled_from(["payments_for", "points_for", "cards_dealt", "bomb_rule", "bomb_value"]), hostile),
    ),
    "RuleSet.amount": (lambda axis, players: HOUSE.amount(axis, players), (mixed(st.sampled_from(["frozen_penalty"])), hostile)),
    "Settlement.paid_by": (lambda seat: settle(RESULT, HOUSE).paid_by(seat), (mixed(seats),)),
    "Settlement.paid_to": (lambda seat: settle(RESULT, HOUSE).paid_to(seat), (mixed(seats),)),
    "RoundResult.place_of": (lambda seat: RESULT.place_of(seat), (mixed(seats),)),
}


# ---------------------------------------------------------------------------- wire documents

MATCH = Match.start(HOUSE, unit=1000).record(RESULT)
DOCUMENTS = [
    classify("3♠ 4♠ 5♠", HOUSE).to_dict(),
    ROUND.legal_actions()[0].to_dict(),
    LEADING.trick.to_dict(),
    LEADING.view(0).to_dict(),
    FINISHED.view(2).to_dict(),
    RESULT.to_dict(),
    MATCH.settlements[0].to_dict(),
    MATCH.to_dict(),
]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: keys of objects and indices of lists, at any depth."""
    found = [path] if path else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        found += _paths(inner, (*path, key))
    return found


def _mutate(document: dict[str, Any], how: str, where: int, value: Any) -> str:
    """The JSON text of a valid document with one field deleted, duplicated or replaced."""
    document = json.loads(json.dumps(document))
    paths = _paths(document)
    path = paths[where % len(paths)]
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "retype":
        parent[key] = value
    elif how == "huge":
        parent[key] = value if isinstance(value, int) and not isinstance(value, bool) else 10**30
    elif how == "nest":
        parent[key] = _nested(600)
    text = json.dumps(document, ensure_ascii=False)
    if how == "duplicate" and isinstance(parent, dict):  # the key again, later, with another value
        marker = json.dumps(key, ensure_ascii=False) + ": "
        at = text.find(marker)
        if at > 0:
            text = text[:at] + marker + json.dumps(value) + ", " + text[at:]
    return text


mutations = st.builds(
    _mutate,
    st.sampled_from(DOCUMENTS),
    st.sampled_from(["delete", "duplicate", "retype", "huge", "nest"]),
    st.integers(0, 10**6),
    st.one_of(json_values, st.sampled_from([2**64, -(2**64), 10**16, -1, 5, 10**6, True, "", "dollars", "3s"])),
)


@FUZZ
@given(text=mutations)
def test_a_mutated_wire_document_is_read_or_refused_and_what_is_read_is_sound(text: str) -> None:
    """A document the library accepts also satisfies its JSON Schema and works everywhere."""
    jsonschema = pytest.importorskip("jsonschema", reason="needs the test extra: pip install 'tienlen[test]'")
    from referencing import Registry, Resource

    from tienlen.io import wire
    from tienlen.show import svg

    read: list[Any] = []
    attempt(lambda: read.append(read_document(text)))
    if not read:
        return
    value = read[0]
    name = json.loads(text)["format"].removeprefix("tienlen-")
    schemas = [wire.schema(n) for n in (name, "common")]
    registry: Registry[Any] = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    jsonschema.Draft202012Validator(schemas[0], registry=registry).validate(json.loads(text))
    assert type(value).from_dict(value.to_dict()) == value
    if isinstance(value, tienlen.PlayerView):
        svg.view(value)
    if isinstance(value, Match):
        assert len(value.totals) == value.players and value.winners
    if isinstance(value, tienlen.Settlement):
        svg.settlement(value)


def _objects(value: Any) -> list[dict[Any, Any]]:
    """Every object (mapping) inside a parsed document, the document itself first."""
    found = [value] if isinstance(value, dict) else []
    for inner in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        found += _objects(inner)
    return found


@FUZZ
@given(
    document=st.sampled_from([*DOCUMENTS, RECORD, HOUSE.to_dict()]),
    where=st.integers(0, 10**6),
    key=st.one_of(st.sampled_from([1, -1, None, (1, 2), 1.5, True, "zz"]), st.just(1).map(lambda one: one * 10**5000)),
    value=st.one_of(json_values, huge_keys),
)
def test_a_document_given_as_a_mapping_with_a_key_of_any_type_anywhere_is_read_or_refused(
    document: dict[str, Any], where: int, key: Any, value: Any
) -> None:
    """JSON text holds only text keys; a Python mapping handed to ``from_dict`` may hold any."""
    document = json.loads(json.dumps(document))
    objects = _objects(document)
    objects[where % len(objects)][key] = value
    attempt(lambda: read_document(document))


action_texts = st.one_of(
    texts,
    st.sampled_from(["seat ² pass", "seat ٣ pass", "seat 1" + "0" * 30 + " pass", "seat -1 pass", "chop", "play", "forfeit 3♠"]),
    st.builds(lambda verb, cards: f"{verb} {cards}", st.sampled_from(["play", "chop", "seat 0", "seat 3 chop", ""]), texts),
    st.integers(0, 7).map(lambda k: "pass " * 10**k),
)


@FUZZ
@given(position=positions, text=mixed(action_texts), seat=mixed(st.none(), seats))
def test_parse_action_reads_or_refuses_any_text(position: Round, text: Any, seat: Any) -> None:
    attempt(lambda: position.parse_action(text, seat))
    attempt(lambda: position.view(1).parse_action(text, seat))


# ---------------------------------------------------------------------------- the table server's frames

frame_fields = st.dictionaries(
    st.sampled_from(["type", "room", "rules", "humans", "players", "unit", "seed", "token", "text"]),
    st.one_of(json_values, st.sampled_from(["join", "act", "next", "house", "counting", "poker", "x = 1", 10**16, 2**64])),
    max_size=6,
)
frames = st.one_of(
    frame_fields.map(json.dumps),
    texts,
    st.builds(lambda text: json.dumps({"type": "act", "text": text}), action_texts),
    st.sampled_from(['{"type":"join","type":"act"}', '{"type":"join","unit":NaN}', "[" * 5000, " " * 5000]),
)


@FUZZ
@given(frame=frames)
def test_the_table_servers_frames_are_answered_or_refused(frame: str) -> None:
    """Whatever a client sends, the server's handling of it raises nothing but its ProtocolError."""
    pytest.importorskip("websockets", reason=skip_reason("websockets"))
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    from table_server.server import _join_fields, _new_table, _read
    from table_server.table import ProtocolError, Table

    start = time.process_time()
    try:
        message = _read(frame, 4096)
        if message["type"] == "join":
            _, token = _join_fields(message)
            _new_table(message, lambda: 7, 20).join(token)
        else:
            table = Table(HOUSE, seeds=lambda: 7)
            table.join(None)
            table.act(0, message.get("text"))
    except ProtocolError as error:
        assert one_line(str(error)) == str(error) and len(str(error)) <= MESSAGE_LIMIT
    assert time.process_time() - start < CPU_SECONDS


def _index(actions: Sequence[Action], index: Any) -> object:
    """An index out of range raises IndexError, as the sequence protocol (and iteration) needs."""
    try:
        return actions[index]
    except IndexError:
        return None


def _event(kind: str, value: int) -> Chop | Finished:
    """A hand-built event with one hostile number in it."""
    if kind == "chop":
        combo = classify("2♥", HOUSE)
        return Chop(trick=1, index=value, chopper=0, chopped=value, chopped_combo=combo, by=combo)
    return Finished(seat=value, place=value, with_two=False)


def _env() -> TienLenEnv:
    env = TienLenEnv(HOUSE)
    env.reset(seed=1)
    return env


def _observation(index: int, value: Any) -> list[Any]:
    vector: list[Any] = observation.encode_observation(ROUND.view(0))
    vector[index] = value
    return vector


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_only_library_errors_escape_quickly_with_short_one_line_messages(name: str) -> None:
    function, arguments = ENTRY_POINTS[name]

    @FUZZ
    @given(st.tuples(*arguments))
    def run(args: tuple[Any, ...]) -> None:
        attempt(lambda: function(*args))

    run()


# Value classes that only hold data: the functions that use them check them.
DATA = {"Action", "BombRule", "Chop", "Finished", "Forfeited", "Froze", "InstantWin", "LegalActions", "Passed", "Played"}
DATA |= {
    "PlayerView",
    "RoundResult",
    "Settlement",
    "Transfer",
    "Trick",
    "TrickWon",
    "Agent",
    "ComboKind",
    "Rank",
    "Suit",
    "Event",
}


def test_every_public_callable_of_the_package_is_fuzzed() -> None:
    """A new public function or class must be added to ENTRY_POINTS (or to DATA)."""
    covered = {name.split("(")[0].split("[")[0].split(".")[0] for name in ENTRY_POINTS}
    public = {
        name
        for name in tienlen.__all__
        if callable(value := getattr(tienlen, name)) and not (isinstance(value, type) and issubclass(value, Exception))
    }
    assert public - DATA - covered == set()


# ---------------------------------------------------------------------------- the command line


words = [
    "house",
    "3♠",
    "--json",
    "--rules",
    "--hand",
    "--play",
    "--table",
    "--seed",
    "--players",
    "--unit",
    "--format",
]
arguments = st.lists(st.one_of(st.sampled_from(words), texts, st.integers(-(10**30), 10**30).map(str)), max_size=6)


@FUZZ
@given(command=st.sampled_from(["check", "moves", "play", "simulate", "compare", "rules", "replay"]), argv=arguments)
def test_the_command_line_never_shows_a_traceback(command: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if command == "simulate":
        argv += ["--rounds", "1"]
    code = main([command, *argv])
    err = capsys.readouterr().err
    assert code in (0, 1, 2)
    assert err.count("\n") <= 1 and len(err) <= MESSAGE_LIMIT + 40, err


@FUZZ
@given(spec=st.one_of(REFUSED_SPECS, CHEAP_SPECS), deals=st.sampled_from(["1", "0", "-1", "²", "1" * 5000, "", "1.0"]))
def test_the_tournament_command_refuses_any_agent_spec_in_one_line(
    spec: str, deals: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--agents`` and ``--deals`` as a person types them: a spec is a cheap bot or refused (no search
    is played here: a whole game of one takes seconds), and one deal at most."""
    code = main(["tournament", "--agents", f"passer,{spec}", "--deals", deals, "--quiet"])
    err = capsys.readouterr().err
    assert code in (0, 2)
    assert err.count("\n") <= 1 and len(err) <= MESSAGE_LIMIT + 40, err
