"""The rule profiles, as data: the five of the specification and ``counting`` (card-count scoring).

>>> sorted(PROFILES)
['counting', 'faceoff', 'house', 'iwin', 'northern', 'pagat']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tienlen.variants.rules import BombRule, InstantWinRule, RuleSet

__all__ = ["HOUSE", "FACEOFF", "NORTHERN", "IWIN", "PAGAT", "COUNTING", "PROFILES"]

HOUSE = RuleSet(
    name="house",
    description="Southern rules of the chip-room apps: bombs by strength, multiplying chop wars, cóng and thúi",
    min_players=2,
    max_players=4,
    bombs=(
        BombRule(bomb="PR3", chops_twos=(1,)),
        BombRule(bomb="quad", chops_twos=(1, 2), chops_bombs=("PR3",)),
        BombRule(bomb="PR4", chops_twos=(1, 2), chops_bombs=("PR3", "quad")),
        BombRule(bomb="PR5", chops_twos=(1, 2), chops_bombs=("PR3", "quad", "PR4")),
        BombRule(bomb="PR6", chops_twos=(1, 2), chops_bombs=("PR3", "quad", "PR4", "PR5")),
    ),
    same_class_chops=False,  # seed 000: a higher bomb of the same class is an ordinary beat
    instant_wins=("four_twos", "six_pairs", "pr5", "dragon"),
    instant_win_ties="share",
    frozen=True,
    currency="chips",
    unit_name="entry",
    # Amounts are in entries; the table stake is 4 entries.
    placement=(
        (2, ((2, 1, 4),)),
        (3, ((3, 1, 4), (2, 1, 2))),
        (4, ((4, 1, 4), (3, 2, 2))),
    ),
    two_values=(2, 2, 4, 4),
    bomb_values=(("PR3", 4), ("quad", 4), ("PR4", 4), ("PR5", 4), ("PR6", 4)),
    chop_payment="multiply",
    instant_win_payment=8,
    frozen_penalty=8,
    thui="above",
)

FACEOFF = RuleSet(
    name="faceoff",
    description="The common app rules at four players, scored 3/2/1/0 over a five-round match",
    min_players=4,
    max_players=4,
    bombs=(
        BombRule(bomb="PR3", chops_twos=(1,)),
        BombRule(bomb="quad", chops_twos=(1,), chops_bombs=("PR3",)),
        BombRule(bomb="PR4", chops_twos=(1, 2), chops_bombs=("PR3", "quad")),
        BombRule(bomb="PR5", chops_twos=(1, 2), chops_bombs=("PR3", "quad", "PR4")),
        BombRule(bomb="PR6", chops_twos=(1, 2), chops_bombs=("PR3", "quad", "PR4", "PR5")),
    ),
    instant_wins=("dragon", "four_twos", "six_pairs"),
    instant_win_ties="share",
    currency="points",
    unit_name="point",
    place_points=((4, (3, 2, 1, 0)),),
    instant_win_points=(3, 0),
    match_rounds=5,
)

NORTHERN = RuleSet(
    name="northern",
    description="Northern (Tiến Lên miền Bắc) rules: follow suit, same-suit straights, no pair runs, gold bets",
    min_players=2,
    max_players=4,
    first_lead_must_include=False,
    pair_same_colour=True,
    straight_same_suit=True,
    pair_runs=False,
    follow_suit=True,
    twos_ignore_suit=True,
    bombs=(BombRule(bomb="quad", chops_twos=(1, 2)),),
    higher_two_chops=True,
    currency="bets",
    unit_name="bet",
    placement=(
        (2, ((2, 1, 1),)),
        (3, ((2, 1, 1), (3, 1, 2))),
        (4, ((2, 1, 1), (3, 1, 2), (4, 1, 3))),
    ),
    two_values=(1, 2, 3, 4),
    chop_payment="accumulate",
    thui="winner",
    finish_with_two_penalty=2,
    forfeit_penalty=3,
)

IWIN = RuleSet(
    name="iwin",
    description="Southern online-room rules: free PR4 chops, 1/2/3-player cóng with đền bài, rake and balance cap",
    min_players=2,
    max_players=4,
    bombs=(
        BombRule(bomb="PR3", chops_twos=(1,)),
        BombRule(bomb="quad", chops_twos=(1, 2), chops_bombs=("PR3",)),
        BombRule(bomb="PR4", chops_twos=(1, 2), chops_bombs=("PR3", "quad")),
    ),
    interrupt_bombs=("PR4",),
    instant_wins=(
        "dragon_to_two",
        "pr6",
        "pr5",
        "six_pairs",
        "four_twos",
        InstantWinRule(pattern="pr3_with_three_spades", rounds="first"),
        InstantWinRule(pattern="four_threes", rounds="first"),
    ),
    instant_win_ties="nearest_dealer",
    frozen=True,
    den_bai=True,
    currency="bets",
    unit_name="bet",
    # One "first-place game" (ván nhất) is 2 bets, one "second-place game" (ván nhì) is 1 bet.
    placement=(
        (2, ((2, 1, 2),)),
        (3, ((3, 1, 2), (2, 1, 1))),
        (4, ((4, 1, 2), (3, 2, 1))),
    ),
    two_values=(1, 1, 2, 2),
    bomb_values=(("PR3", 2), ("quad", 3), ("PR4", 4)),
    chop_payment="accumulate",
    instant_win_payment=4,
    frozen_penalty=4,
    frozen_end_payment=1,
    thui="above",
    rake_percent=5,
    cap_at_balance=True,
)

PAGAT = RuleSet(
    name="pagat",
    description="The four-player rules of the card-game reference: 2s may top straights, exact bombs on 2s",
    min_players=4,
    max_players=4,
    direction="clockwise",
    straight_two_on_top=True,
    bombs=(
        BombRule(bomb="quad", chops_twos=(1,)),
        BombRule(bomb="PR3", chops_twos=(1,)),
        BombRule(bomb="PR4", chops_twos=(2,)),
        BombRule(bomb="PR5", chops_twos=(3,)),
    ),
    bomb_after_pass=True,
    currency="points",
    unit_name="point",
    place_points=((4, (1, 1, 1, -3)),),
)

COUNTING = RuleSet(
    name="counting",
    description="Southern rules scored by counting cards (đếm lá), as the game apps play them: the first player out ends the round",
    min_players=2,
    max_players=4,
    bombs=(
        BombRule(bomb="PR3", chops_twos=(1,)),
        BombRule(bomb="quad", chops_twos=(1, 2), chops_bombs=("PR3",)),
        BombRule(bomb="PR4", chops_twos=(1, 2), chops_bombs=("PR3", "quad")),
    ),
    instant_wins=("dragon", "four_twos", "six_pairs", "pr5"),
    instant_win_ties="share",
    currency="bets",
    unit_name="bet",
    # Every card left costs 1 bet; a hand never played costs double (26 bets for 13 cards), and an
    # instant win the same 26 bets from each other player.
    scoring="cards",
    card_price=1,
    card_all_multiplier=2,
    two_values=(1, 1, 2, 2),
    bomb_values=(("PR3", 3), ("quad", 4), ("PR4", 5)),
    chop_payment="accumulate",
    instant_win_payment=26,
    thui="winner",
)

PROFILES: Mapping[str, RuleSet] = MappingProxyType({r.name: r for r in (HOUSE, FACEOFF, NORTHERN, IWIN, PAGAT, COUNTING)})
"""The profiles by name: the five of the specification, then ``counting``. A rule set named after
one of them is that profile, axis for axis (the one rule for naming rules, checked whenever a
:class:`RuleSet` is made)."""
