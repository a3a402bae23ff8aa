"""The rule axes of issue 10, one hand-built round or hand per axis with its outcome or money worked
out by hand in the docstring, the validation of each, and a property over random rule sets.

Money is in a 1,000 room (``unit=1000``: a house entry or an iwin/northern bet of 1,000).
"""

from __future__ import annotations

import attrs
import pytest
from builders import moves, played, result
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import (
    AXES,
    HOUSE,
    INSTANT_WIN_PATTERNS,
    IWIN,
    NORTHERN,
    PAGAT,
    IllegalPlay,
    InstantWinRule,
    InvalidCards,
    InvalidRules,
    Round,
    RuleSet,
    beats,
    legal_plays,
    settle,
)
from tienlen.agents import RandomAgent
from tienlen.cards import FULL_MASK, mask_of
from tienlen.round import instant_win_pattern
from tienlen.strategies import rule_sets


def chop_money(r: Round, rules: RuleSet) -> list[tuple[int, int, int]]:
    """The chop transfers of the round so far (placements do not matter for them)."""
    return moves(settle(result(r.players, range(r.players), events=r.events), rules, unit=1000), "chop")


# ============================================================ fix 1: same-class bombs (same_class_chops)

RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD, WAR_QUAD_HIGH, WAR_PR4 = (
    "2♥",
    "4♠ 4♣ 5♠ 5♣ 6♠ 6♣",
    "J♠ J♣ Q♠ Q♣ K♠ K♣",
    "7♠ 7♣ 7♦ 7♥",
    "A♠ A♣ A♦ A♥",
    "8♠ 8♣ 9♠ 9♣ 10♠ 10♣ J♦ J♥",
)
BOMB_WAR = [f"{RED_TWO} 3♠", f"{WAR_PR3} 3♦", f"{WAR_PR3_HIGH} 3♥", f"{WAR_QUAD} 3♣"]
QUAD_WAR = [f"{RED_TWO} 3♠", f"{WAR_QUAD} 3♦", f"{WAR_QUAD_HIGH} 3♥", f"{WAR_PR4} 3♣"]


def test_house_higher_pr3_on_a_pr3_is_no_chop() -> None:
    """2♥ ← PR3 ← higher PR3, 1,000 room: the PR3 chops the red 2 (1 × 4 entries = 4,000, seat 0
    to seat 1); the higher PR3 is an ordinary beat: the chain stays at one link, nothing more moves."""
    r = played(HOUSE, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH)
    assert [c.index for c in r.trick.chain] == [1]
    assert chop_money(r, HOUSE) == [(0, 1, 4000)]


def test_house_quad_after_a_higher_pr3_is_the_second_link() -> None:
    """2♥ ← PR3 ← higher PR3 ← quad: 4,000 (seat 0 to 1), then the quad's chop is the chain's 2nd
    link, 2 × 4,000 = 8,000, paid by the player of the higher PR3 (seat 2) to seat 3."""
    r = played(HOUSE, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD)
    assert [(c.index, c.chopped, c.chopper) for c in r.trick.chain] == [(1, 0, 1), (2, 2, 3)]
    assert chop_money(r, HOUSE) == [(0, 1, 4000), (2, 3, 8000)]


def test_house_higher_quad_on_a_quad_is_no_chop_then_pr4_is_the_second_link() -> None:
    """2♥ ← quad ← higher quad ← PR4: 4,000 (seat 0 to 1); the higher quad adds no link; the PR4
    chops it as link 2: 2 × 4,000 = 8,000 from seat 2 to seat 3."""
    r = played(HOUSE, QUAD_WAR, RED_TWO, WAR_QUAD, WAR_QUAD_HIGH)
    assert chop_money(r, HOUSE) == [(0, 1, 4000)]
    r = r.play(WAR_PR4)
    assert chop_money(r, HOUSE) == [(0, 1, 4000), (2, 3, 8000)]


def test_same_class_chops_is_an_axis_not_the_house_name() -> None:
    """House with ``same_class_chops`` on: the 0.1 chain, 4,000, 8,000 (higher PR3 chops the PR3),
    12,000 (the quad's chop is link 3)."""
    chained = attrs.evolve(HOUSE, same_class_chops=True)
    r = played(chained, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD)
    assert chop_money(r, chained) == [(0, 1, 4000), (1, 2, 8000), (2, 3, 12000)]


def test_iwin_chat_chong_a_higher_pr3_chops_and_adds_to_the_chain() -> None:
    """iwin, 2♥ ← PR3 ← higher PR3 ← quad: three links; the chain holds 2♥ (1 nhất = 2 bets),
    the PR3 (2 bets) and the higher PR3 (2 bets): 6 bets = 6,000, paid by the last chopped (seat 2)
    to the last chopper (seat 3)."""
    r = played(IWIN, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD)
    assert [c.index for c in r.trick.chain] == [1, 2, 3]
    assert chop_money(r, IWIN) == [(2, 3, 6000)]


# ============================================================ chop_stacked_twos

STACK = ["2♠ 3♠", "2♥ 3♦", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 3♥", "8♦ 10♦"]


def test_stacked_twos_house_the_chop_collects_both_twos() -> None:
    """2♠ ← 2♥ ← PR3, house with chop_stacked_twos: the PR3 takes 2♠ (2 entries) and 2♥ (4): 6
    entries = 6,000, paid by seat 1 (who laid the last 2) to seat 2. Without the switch: 4,000."""
    stacked = attrs.evolve(HOUSE, name="house-stacked", chop_stacked_twos=True)
    r = played(stacked, STACK, "2♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣")
    assert chop_money(r, stacked) == [(1, 2, 6000)]
    assert chop_money(r, HOUSE) == [(1, 2, 4000)]


def test_stacked_twos_multiply_the_next_link_pays_twice_the_whole_price() -> None:
    """… then a quad chops the PR3 as link 2: 2 × (2 + 4 entries) = 12,000 from seat 2 to seat 3."""
    stacked = attrs.evolve(HOUSE, name="house-stacked", chop_stacked_twos=True)
    hands = STACK[:3] + ["9♠ 9♣ 9♦ 9♥"]
    r = played(stacked, hands, "2♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣", "9♠ 9♣ 9♦ 9♥")
    assert chop_money(r, stacked) == [(1, 2, 6000), (2, 3, 12000)]


def test_stacked_twos_accumulate() -> None:
    """iwin (no rake counted here) with the switch: 2♠ (1 bet) + 2♥ (2 bets) = 3,000 from seat 1 to
    seat 2; without it 2,000."""
    stacked = attrs.evolve(IWIN, name="iwin-stacked", chop_stacked_twos=True)
    r = played(stacked, STACK, "2♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣")
    assert chop_money(r, stacked) == [(1, 2, 3000)]
    assert chop_money(r, IWIN) == [(1, 2, 2000)]


def test_stacked_twos_are_not_counted_twice_where_higher_twos_chop() -> None:
    """northern, 2♠ ← 2♦ (a chop: 2♠ = 1 bet) ← quad (a chop: 2♦ = 3 bets): 4 bets = 4,000 from
    seat 1 to seat 2, with or without the switch (2♠ is in the chain once)."""
    stacked = attrs.evolve(NORTHERN, name="northern-stacked", chop_stacked_twos=True)
    hands = ["2♠ 3♠", "2♦ 3♦", "9♠ 9♣ 9♦ 9♥ 3♥", "8♦ 10♦"]
    r = played(stacked, hands, "2♠", "2♦", "9♠ 9♣ 9♦ 9♥")
    assert chop_money(r, stacked) == chop_money(r, NORTHERN) == [(1, 2, 4000)]


def test_stacked_twos_stop_at_a_play_that_is_no_single_two() -> None:
    """2♠ is led, 2♥ beats it, the PR3 chops: 6 entries. A trick of K♠ ← 2♥ ← PR3 takes 2♥ only."""
    stacked = attrs.evolve(HOUSE, name="house-stacked", chop_stacked_twos=True)
    r = played(stacked, ["K♠ 3♠", "2♥ 3♦", STACK[2], "8♦ 10♦"], "K♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣")
    assert chop_money(r, stacked) == [(1, 2, 4000)]


# ============================================================ longer_straight_beats

LONGER = attrs.evolve(HOUSE, name="house-longer", longer_straight_beats=True)


def test_a_longer_straight_beats_a_shorter_one_whatever_its_top() -> None:
    """8-9-10 on the table: 3-4-5-6 (top 6♠, four cards) beats it with the switch on, not without;
    an equal-length straight still needs a higher top; a shorter one never beats a longer one."""
    assert beats("3♦ 4♦ 5♦ 6♠", "8♠ 9♠ 10♠", LONGER) and not beats("3♦ 4♦ 5♦ 6♠", "8♠ 9♠ 10♠", HOUSE)
    assert not beats("3♦ 4♦ 5♦", "8♠ 9♠ 10♠", LONGER)
    assert not beats("9♦ 10♦ J♦", "3♠ 4♠ 5♠ 6♠", LONGER)
    assert [str(c) for c in legal_plays("3♦ 4♦ 5♦ 6♠ 7♠ 9♥", "8♠ 9♠ 10♠", LONGER)] == [
        "3♦ 4♦ 5♦ 6♠",
        "4♦ 5♦ 6♠ 7♠",
        "3♦ 4♦ 5♦ 6♠ 7♠",
    ]


# ============================================================ lead_pair_run_bombs

NO_LED_RUNS = attrs.evolve(HOUSE, name="house-no-led-runs", lead_pair_run_bombs=False)


def test_pair_run_bombs_may_not_be_led_but_still_chop() -> None:
    """Seat 0 leads holding a PR3: it is not among the leads and playing it is refused; the quad may
    be led. Later the PR3 chops a 2 as usual."""
    hands = ["4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 9♠ 9♣ 9♦ 9♥", "2♥ 3♦"]
    r = Round.from_hands(hands, NO_LED_RUNS, first_round=False, leader=0)
    assert not any(a.combo is not None and a.combo.kind.name == "PAIR_RUN" for a in r.legal_actions())
    before = r
    with pytest.raises(IllegalPlay, match="a PR3 is a bomb, played only on what it beats"):
        r.play("4♠ 4♣ 5♠ 5♣ 6♠ 6♣")
    assert r == before
    r = Round.from_hands(hands, NO_LED_RUNS, first_round=False, leader=1).play("2♥")
    assert r.play("4♠ 4♣ 5♠ 5♣ 6♠ 6♣").trick.chain
    assert Round.from_hands(hands, NO_LED_RUNS, first_round=False, leader=0).play("9♠ 9♣ 9♦ 9♥").trick.table


def test_a_pair_run_that_is_no_bomb_may_still_be_led() -> None:
    """pagat's bombs are PR3 to PR5: a PR6 is an ordinary pair run and may be led."""
    rules = attrs.evolve(PAGAT, name="pagat-no-led-runs", lead_pair_run_bombs=False)
    hand = "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣"
    runs = [c for c in legal_plays(hand, None, rules) if c.kind.name == "PAIR_RUN"]
    assert [c.length for c in runs] == [12]


# ============================================================ deal_whole_deck

# Instant wins off: with 26 or 17 cards nearly every hand holds six pairs.
WHOLE = attrs.evolve(HOUSE, name="house-whole-deck", deal_whole_deck=True, instant_wins=())


@pytest.mark.parametrize(("players", "sizes"), [(2, [26, 26]), (3, [17, 18, 17]), (4, [13, 13, 13, 13])])
def test_whole_deck_dealt_at_two_or_three(players: int, sizes: list[int]) -> None:
    """52 cards one at a time from the dealer's left: 26 each at two; at three the seat after the
    dealer (dealer 0: seat 1) gets the 1st and the 52nd card, 18; at four 13 each as always."""
    r = Round.deal(WHOLE, players=players, seed=3)
    assert [mask.bit_count() for mask in r.dealt] == sizes
    assert sum(r.dealt) == FULL_MASK and r.out_of_play == ()
    assert Round.from_json(r.play(r.legal_actions()[0].combo).to_json()).dealt == r.dealt  # records replay


EVEN = attrs.evolve(WHOLE, name="house-whole-deck-evenly", deal_evenly=True)


@pytest.mark.parametrize(("players", "sizes"), [(2, [26, 26]), (3, [17, 17, 17])])
def test_whole_deck_dealt_evenly_leaves_one_card_out_at_three(players: int, sizes: list[int]) -> None:
    """With deal_evenly the deck is dealt one card at a time as before but stops when every player
    holds as many as the others: 17 each at three players, the 52nd card (which would have made
    seat 1's 18th) stays out of play; 26 each at two, as without it."""
    r = Round.deal(EVEN, players=players, seed=3)
    assert [mask.bit_count() for mask in r.dealt] == sizes
    assert (FULL_MASK & ~sum(r.dealt)).bit_count() == 52 - sum(sizes)
    whole = Round.deal(WHOLE, players=players, seed=3)
    assert all(even & ~full == 0 for even, full in zip(r.dealt, whole.dealt, strict=True))  # the same deal, one card short
    assert Round.from_json(r.play(r.legal_actions()[0].combo).to_json()).dealt == r.dealt  # records replay


def test_deal_evenly_needs_the_whole_deck() -> None:
    with pytest.raises(InvalidRules, match="deal_evenly: it shares out the whole deck"):
        RuleSet.from_mapping({"from": "house", "name": "x", "deal_evenly": True})


def test_whole_deck_off_deals_thirteen_each() -> None:
    assert [m.bit_count() for m in Round.deal(HOUSE, players=2, seed=3).dealt] == [13, 13]
    with pytest.raises(InvalidCards, match="from 1 to 13 cards"):
        Round.from_hands(["3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠ 3♥", "4♥"], HOUSE)


# ============================================================ instant-win patterns

OVERLAPS = {
    # hand: every pattern it shows (house bombs: a quad and a PR3 are bombs)
    "3♠ 3♣ 3♦ 3♥ 5♠ 5♣ 5♦ 5♥ 9♠ 9♣ 9♦ 9♥ K♠": {"three_quads", "three_triples", "four_threes", "six_pairs", "two_bombs"},
    "4♠ 4♣ 4♦ 7♠ 7♣ 7♦ 10♠ 10♣ 10♦ Q♠ Q♣ Q♦ A♥": {"four_triples", "three_triples"},
    "3♠ 3♣ 5♠ 5♣ 7♦ 7♥ 9♠ 9♣ J♦ J♥ K♠ K♣ K♦": {"five_pairs_and_triple", "six_pairs"},
    "5♠ 5♣ 6♠ 6♣ 7♦ 7♥ 8♠ 8♣ 9♦ 9♥ K♠ K♣ K♦": {"five_consecutive_pairs_and_triple", "five_pairs_and_triple", "pr5", "six_pairs"},
    "3♠ 4♣ 5♠ 6♣ 7♠ 8♣ 9♠ 10♣ J♠ Q♣ K♠ A♣ 2♠": {"one_colour", "dragon", "dragon_to_two"},
    "6♠ 6♣ 6♦ 7♠ 7♣ 7♦ 8♠ 8♣ 8♦ 3♥ 10♥ Q♥ 2♦": {"three_consecutive_triples", "three_triples"},
    "3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 10♦ 10♥ J♠ J♣ 5♦ 7♥ K♣": {"two_bombs", "four_threes"},
    "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 2♦": {"pr5", "pr6", "six_pairs", "two_bombs"},
    "3♠ 3♣ 4♠ 4♦ 5♥ 5♣ 8♠ 10♦ J♥ Q♠ K♣ A♦ 7♥": {"pr3_with_three_spades"},
}


def only(pattern: str, rounds: str = "any", base: RuleSet = HOUSE) -> RuleSet:
    return attrs.evolve(base, name=f"only-{pattern}", instant_wins=(InstantWinRule(pattern=pattern, rounds=rounds),))


@pytest.mark.parametrize("hand", OVERLAPS)
def test_each_pattern_on_hands_where_patterns_overlap(hand: str) -> None:
    """Each pattern checked alone on hands showing several: three quads are also three triples, six
    pairs (a quad is two pairs) and two bombs; five consecutive pairs and a triple are also five pairs
    and a triple, a PR5 and six pairs; a one-colour 3-to-2 run is also both dragons; a PR6 is two
    PR3 bombs."""
    shown = {p for p in INSTANT_WIN_PATTERNS if instant_win_pattern(hand, only(p)) == p}
    assert shown == OVERLAPS[hand]


def test_the_first_listed_pattern_is_reported() -> None:
    hand = "3♠ 3♣ 3♦ 3♥ 5♠ 5♣ 5♦ 5♥ 9♠ 9♣ 9♦ 9♥ K♠"
    assert instant_win_pattern(hand, attrs.evolve(HOUSE, instant_wins=("two_bombs", "three_quads"))) == "two_bombs"
    assert instant_win_pattern(hand, attrs.evolve(HOUSE, instant_wins=("three_quads", "two_bombs"))) == "three_quads"


def test_two_bombs_reads_the_bomb_table() -> None:
    """A quad and a PR3: two bombs under house; under northern (only quads are bombs) one."""
    hand = "3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 10♦ 10♥ J♠ J♣ 5♦ 7♥ K♣"
    assert instant_win_pattern(hand, only("two_bombs", base=NORTHERN)) is None
    assert instant_win_pattern("3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 9♦ 9♥ 5♦", only("two_bombs", base=NORTHERN)) == "two_bombs"


def test_one_colour_needs_thirteen_cards() -> None:
    assert instant_win_pattern("3♠ 4♣ 5♠", only("one_colour")) is None


@pytest.mark.parametrize(("rounds", "first", "later"), [("any", True, True), ("first", True, False), ("later", False, True)])
def test_a_pattern_counts_in_the_rounds_it_names(rounds: str, first: bool, later: bool) -> None:
    """Four triples limited to the first round, to later rounds, or any: a dealt four-triples hand
    ends the round at once exactly where it counts."""
    rules = only("four_triples", rounds)
    hands = ["4♠ 4♣ 4♦ 7♠ 7♣ 7♦ 10♠ 10♣ 10♦ Q♠ Q♣ Q♦ A♥", "3♠ 5♦"]
    assert Round.from_hands(hands, rules, first_round=True).is_over is first
    assert Round.from_hands(hands, rules, first_round=False, leader=0).is_over is later


def test_instant_win_pays_as_before() -> None:
    """house, four-handed instant win by three quads, 1,000 room: each other player pays 2 stakes,
    8 entries = 8,000, so the winner collects 24,000."""
    rules = attrs.evolve(HOUSE, name="house-three-quads", instant_wins=("three_quads",))
    r = Round.from_hands(["3♠ 3♣ 3♦ 3♥ 5♠ 5♣ 5♦ 5♥ 9♠ 9♣ 9♦ 9♥ K♠", "4♦ 6♦", "7♦ 8♦", "10♦ J♦"], rules)
    assert settle(r.result, rules, unit=1000).net == (24000, -8000, -8000, -8000)


# ============================================================ the rule-set form: files, old names, validation


def test_old_first_round_names_still_load() -> None:
    old = RuleSet.from_mapping({"from": "house", "name": "old", "instant_wins": ["first_round_four_threes", "dragon"]})
    assert old.instant_wins == (InstantWinRule(pattern="four_threes", rounds="first"), InstantWinRule(pattern="dragon"))
    assert RuleSet.from_toml('from = "iwin"\nname = "x"\ninstant_wins = ["first_round_pr3_with_three_spades"]').instant_wins == (
        InstantWinRule(pattern="pr3_with_three_spades", rounds="first"),
    )


PLAY_AXES = dict(
    same_class_chops=False,
    longer_straight_beats=True,
    lead_pair_run_bombs=False,
    chop_stacked_twos=True,
    deal_whole_deck=True,
    instant_wins=(InstantWinRule(pattern="two_bombs", rounds="later"), InstantWinRule(pattern="one_colour")),
)


def test_new_axes_round_trip_through_toml_and_json() -> None:
    rules = attrs.evolve(IWIN, name="every-switch", **PLAY_AXES)
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert RuleSet.from_json(rules.to_json()) == rules
    assert '[instant_wins]\ntwo_bombs = "later"\none_colour = "any"' in rules.to_toml()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"from": "faceoff", "deal_whole_deck": True}, "deal_whole_deck: this table always seats 4"),
        ({"from": "northern", "longer_straight_beats": True}, "longer_straight_beats: cannot go with follow_suit"),
        ({"from": "northern", "lead_pair_run_bombs": False}, "lead_pair_run_bombs: pair runs are off"),
        ({"from": "pagat", "chop_stacked_twos": True}, "chop_stacked_twos: chops move no money here"),
        (
            {"from": "house", "instant_wins": {"dragon": "sometimes"}},
            "instant_wins.dragon: 'sometimes' must be 'any', 'first' or 'later'",
        ),
        ({"from": "house", "instant_wins": ["dragon", "dragon"]}, "instant_wins: a pattern is listed twice"),
        ({"from": "house", "instant_wins": {"sam_co": "any"}}, "instant_wins: 'sam_co' is not a pattern"),
        ({"from": "house", "same_class_chops": "no"}, "same_class_chops: expected true or false"),
    ],
)
def test_contradictory_or_bad_new_axes_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        RuleSet.from_mapping({"name": "x", **change})


def test_the_profiles_keep_their_values_of_the_new_axes() -> None:
    """Only house turns same_class_chops off (fix 1); every other new switch is off everywhere."""
    from tienlen import PROFILES

    assert [r.name for r in PROFILES.values() if not r.same_class_chops] == ["house"]
    for r in PROFILES.values():
        assert (r.longer_straight_beats, r.lead_pair_run_bombs, r.chop_stacked_twos, r.deal_whole_deck) == (
            False,
            True,
            False,
            False,
        )


# ============================================================ random rule sets


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data())
def test_random_rule_sets_play_out_conserve_cards_and_settle_to_zero(rules: RuleSet, data: st.DataObject) -> None:
    """For any valid rule set, a round played by random agents (out-of-turn chops offered, a seat
    sometimes leaving) ends, every card is in exactly one place, and the settlement balances to
    zero with the house account, with or without balances to cap (points rules move nothing)."""
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    seed = data.draw(st.integers(0, 2**32 - 1))
    r = Round.deal(rules, players=players, seed=seed, first_round=data.draw(st.booleans()))
    agents = [RandomAgent(seed + s) for s in range(players)]
    leave = data.draw(st.sampled_from([0, 0, 40]))  # one ply in ``leave`` a seat forfeits
    for ply in range(3000):
        if r.is_over:
            break
        offers = r.legal_interrupts()
        if offers and ply % 3 == 0:
            r = r.apply(offers[ply % len(offers)])
        elif leave and ply % leave == leave - 1:
            r = r.forfeit(r.to_act)
        else:
            seat = r.to_act
            assert seat is not None
            r = r.apply(agents[seat].act(r.view(seat)))
    assert r.is_over, "the round did not end within 3,000 actions"
    held, played_cards, out = sum(r.hand_masks), mask_of(r.played), mask_of(r.out_of_play)
    assert held + played_cards + out == FULL_MASK and not held & played_cards and not (held | played_cards) & out
    stake = 1 if rules.currency == "points" else 100
    for balances in (None, [data.draw(st.integers(0, 5000)) for _ in range(players)]):
        s = settle(r.result, rules, unit=stake, balances=balances)
        if rules.currency == "points":  # points are scored, not paid: nothing moves
            assert s.transfers == () and s.house == 0
        else:
            assert sum(s.net) + s.house == 0
            assert all(t.amount > 0 for t in s.transfers)


def test_rule_sets_draw_every_axis() -> None:
    """Over a few hundred drawn rule sets every axis takes at least two values (names and wording
    aside), so a new axis must be added to ``tienlen.strategies.rule_sets`` to pass."""
    seen: dict[str, set[str]] = {axis: set() for axis in AXES}

    @settings(max_examples=300, deadline=None, database=None)
    @given(rule_sets())
    def collect(rules: RuleSet) -> None:
        for axis in seen:
            seen[axis].add(repr(getattr(rules, axis)))

    collect()
    fixed = [axis for axis, values in seen.items() if len(values) < 2 and axis not in ("name", "description", "unit_name")]
    assert not fixed, f"rule_sets() never varies {fixed}; draw them in tienlen.strategies._rule_set"
