"""SearchAgent reads only its view, is deterministic for a seed, and plays legal moves; hint ranks actions."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from builders import refused_quickly
from hypothesis import given, settings, strategies as st

from tienlen import COUNTING, HOUSE, IWIN, InvalidArgument, Round, RuleSet
from tienlen.game.cards import DECK, FULL_MASK
from tienlen.game.views import PlayerView
from tienlen.players._inference import PLAIN, Decision, Sampler, decisions_of, read_choices, replay_of, replayed
from tienlen.players.agents import Agent, GreedyAgent, make_agent, play_round
from tienlen.players.search import (
    DEFAULT_LEVEL,
    EDITION,
    EDITIONS,
    LEVELS,
    MAX_DRAWS,
    MAX_ROLLOUTS,
    MAX_SECONDS,
    OTHER_POLICIES,
    OWN_POLICIES,
    Hint,
    SearchAgent,
    _play_out,
    hint,
    read_table,
)


def _sampler(view: PlayerView, decisions: dict[int, list[Decision]], rng: random.Random, reader: GreedyAgent = PLAIN) -> Sampler:
    """A sampler of ``view``'s worlds that reads the choices ``decisions`` by ``reader``."""
    return Sampler(view=view, replay=replay_of(view), rng=rng, readers=[reader] * view.players, decisions=decisions)


def _positions(count: int) -> list[tuple[Round, int]]:
    """Positions a few plies into greedy-played house and counting rounds, with the seat to act."""
    out = []
    for index in range(count):
        rules = (HOUSE, COUNTING, IWIN)[index % 3]
        round_ = Round.deal(rules, seed=index)
        greedy = GreedyAgent()
        for _ in range(random.Random(index).randint(0, 25)):
            if round_.is_over:
                break
            assert round_.to_act is not None
            round_ = round_.apply(greedy.act(round_.view(round_.to_act)))
        if not round_.is_over and round_.to_act is not None:
            out.append((round_, round_.to_act))
    return out


def _shuffled_others(round_: Round, seat: int, rng: random.Random) -> Round:
    """The same public position with the cards the seat cannot see dealt differently among the others."""
    hidden = [s for s in range(round_.players) if s != seat]
    pool = [c for s in hidden for c in range(52) if round_.hand_masks[s] >> c & 1]
    rng.shuffle(pool)
    current = list(round_.hand_masks)
    for s in hidden:
        count = current[s].bit_count()
        current[s], pool = sum(1 << c for c in pool[:count]), pool[count:]
    played = [d & ~h for d, h in zip(round_.dealt, round_.hand_masks, strict=True)]
    first = next(a.seat for a in round_.actions) if round_.actions else round_.trick.leader
    rebuilt = Round.from_hands(
        [h | p for h, p in zip(current, played, strict=True)], round_.rules, first_round=False, leader=first
    )
    for action in round_.actions:
        rebuilt = rebuilt.apply(action)
    return rebuilt


@pytest.mark.parametrize(
    "agent",
    [SearchAgent(level=1, seed=11, rollouts=16), SearchAgent(level=4, seed=11, rollouts=16)],
    ids=["level 1", "level 4 (infers the policies)"],
)
def test_search_agent_never_reads_the_hidden_hands(agent: SearchAgent) -> None:
    rng = random.Random(5)
    checked = 0
    for round_, seat in _positions(12):
        choice = agent.act(round_.view(seat))
        picture = read_table(round_.view(seat), draws=8, seed=2)
        for _ in range(2):
            try:
                other = _shuffled_others(round_, seat, rng)
            except Exception:
                continue  # the redeal would have been an instant win or broken a past play: skip it
            if other.view(seat).legal_actions != round_.view(seat).legal_actions:
                continue
            assert other.hand_masks != round_.hand_masks or round_.players == 1
            assert agent.act(other.view(seat)) == choice
            assert read_table(other.view(seat), draws=8, seed=2) == picture
            checked += 1
    assert checked >= 10


def test_search_agent_is_deterministic_for_a_seed_and_plays_whole_rounds() -> None:
    agents: list[Agent] = [SearchAgent(level=1, seed=3), GreedyAgent(), SearchAgent(level=1, seed=4), GreedyAgent()]
    a = play_round(HOUSE, agents, seed=21)
    b = play_round(HOUSE, agents, seed=21)
    assert a.actions == b.actions and a.is_over


def test_hint_ranks_legal_actions_with_estimates() -> None:
    round_ = Round.deal(COUNTING, seed=8, first_round=False)  # a free lead: no 3♠ to include
    assert round_.to_act is not None
    view = round_.view(round_.to_act)
    ranked = hint(view, level=1, seed=2)
    assert ranked and all(isinstance(h, Hint) and h.action in view.legal_actions for h in ranked)
    assert all(0.0 <= h.win <= 1.0 for h in ranked)
    assert [h.worlds for h in ranked] == sorted((h.worlds for h in ranked), reverse=True)  # the finalists first
    assert ranked[0].worlds > ranked[-1].worlds  # a 13-card lead has more than three candidates
    assert ranked[0].action == SearchAgent(level=1, seed=2).act(view)  # the hint's first is the player's choice
    assert hint(view, level=1, seed=2) == ranked


def test_each_level_plans_its_own_seat_and_the_others_as_documented() -> None:
    # Every level plans its own seat as the planning bot; levels 1 to 3 assume the others play the
    # plain greedy bot, levels 4 and 5 the planning bot unless a seat's choices say otherwise;
    # level 1 searches only once a seat holds 5 cards or fewer, level 2 9, the others always.
    planned = make_agent("greedy-plan")
    assert set(OWN_POLICIES) == set(OTHER_POLICIES) == set(LEVELS) and DEFAULT_LEVEL == 3
    assert all(OWN_POLICIES[level] == planned for level in LEVELS)
    assert [OTHER_POLICIES[level] for level in LEVELS] == [GreedyAgent()] * 3 + [planned] * 2
    styles = EDITIONS[EDITION]
    assert [styles[level].infer for level in LEVELS] == [False, False, False, True, True]
    assert all(style.halving for style in styles.values())
    assert [styles[level].near for level in LEVELS] == [5, 9, None, None, None]


def test_level_1_plays_its_own_policy_until_a_seat_is_near_the_end() -> None:
    round_ = Round.deal(HOUSE, seed=1, first_round=False)  # 13 cards each: nobody near the end
    view = round_.view(round_.to_act or 0)
    assert SearchAgent(level=1, seed=5).act(view) == OWN_POLICIES[1].act(view)


def test_bad_levels_and_views_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        SearchAgent(level=0)
    with pytest.raises(InvalidArgument):
        SearchAgent(level=6)
    with pytest.raises(InvalidArgument):
        SearchAgent(rollouts=0)
    with pytest.raises(InvalidArgument):
        hint("a view")  # type: ignore[arg-type]
    for field in ("level", "seed", "rollouts", "seconds"):  # a bool is never a number
        with pytest.raises(InvalidArgument, match=field):
            SearchAgent(**{field: True})  # type: ignore[arg-type]


def _lead() -> PlayerView:
    """A 13-card free lead under house: the widest decision, about 2 ms a rollout."""
    round_ = Round.deal(HOUSE, seed=1, first_round=False)
    assert round_.to_act is not None
    return round_.view(round_.to_act)


def test_the_rollout_budget_goes_up_to_max_rollouts() -> None:
    assert SearchAgent(rollouts=MAX_ROLLOUTS).budget == MAX_ROLLOUTS == 5_000
    with pytest.raises(InvalidArgument) as caught:
        SearchAgent(rollouts=MAX_ROLLOUTS + 1)
    assert caught.value.code == "not-a-whole-number-in-range"
    assert caught.value.params == {"name": "rollouts", "low": 1, "high": MAX_ROLLOUTS, "value": "5001"}
    # At the boundary hint takes the budget (cut short here by a time budget); past it, refused at once.
    view = _lead()
    assert hint(view, rollouts=MAX_ROLLOUTS, seconds=0.05)[0].action in view.legal_actions
    refused_quickly(lambda: hint(view, rollouts=MAX_ROLLOUTS + 1), InvalidArgument, match="rollouts")


def test_issue_40_a_million_rollouts_are_refused_at_once() -> None:
    # hint(rollouts=10**6) was accepted and would have taken about 15 minutes.
    view = _lead()
    message = refused_quickly(lambda: hint(view, rollouts=10**6), InvalidArgument)
    assert "rollouts must be a whole number from 1 to 5,000" in message
    refused_quickly(lambda: SearchAgent(rollouts=10**6), InvalidArgument)


def test_the_time_budget_is_a_number_of_seconds_up_to_max_seconds() -> None:
    assert SearchAgent(seconds=MAX_SECONDS).seconds == MAX_SECONDS == 60
    assert SearchAgent(seconds=0.001).seconds == 0.001 and SearchAgent().seconds is None
    for bad in (MAX_SECONDS + 0.001, 0, -1.0, math.nan, math.inf, True, "1", 10**5000):
        with pytest.raises(InvalidArgument) as caught:
            SearchAgent(seconds=bad)  # type: ignore[arg-type]
        assert caught.value.code == "not-seconds-in-range" and caught.value.params["high"] == MAX_SECONDS
        with pytest.raises(InvalidArgument, match="seconds"):
            hint(_lead(), seconds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", [0.1, 0.5])
def test_a_time_budget_returns_the_best_action_so_far_close_to_the_budget(budget: float) -> None:
    # The most rollouts at the slowest level would take about 12 s; the clock stops the search
    # before the next rollout, at most one rollout (a few ms) past the budget.
    view = _lead()
    start = time.monotonic()
    choice = SearchAgent(level=5, rollouts=MAX_ROLLOUTS, seconds=budget).act(view)
    spent = time.monotonic() - start
    assert choice in view.legal_actions and spent < budget + 0.5, spent
    start = time.monotonic()
    ranked = hint(view, level=5, rollouts=MAX_ROLLOUTS, seconds=budget)
    spent = time.monotonic() - start
    assert spent < budget + 0.5, spent
    assert {h.action for h in ranked} <= set(view.legal_actions) and sum(h.worlds for h in ranked) < MAX_ROLLOUTS
    if budget >= 0.5:  # a world (8 rollouts of about 2 ms) fits many times over
        assert ranked[0].worlds > 0


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_with_no_time_for_a_rollout_the_choice_is_the_own_seat_policys(level: int) -> None:
    view = _lead()
    own = OWN_POLICIES[level].act(view)
    assert SearchAgent(level=level, seconds=1e-9).act(view) == own
    ranked = hint(view, level=level, seconds=1e-9)
    assert ranked[0].action == own and all(h.worlds == 0 and h.win == 0 for h in ranked)


def test_the_security_page_states_the_search_budgets() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "howto" / "security.rst").read_text(encoding="utf-8")
    assert f"1 to {MAX_ROLLOUTS:,} (:data:`~tienlen.players.search.MAX_ROLLOUTS`)" in page
    assert f"above 0 to {MAX_SECONDS} seconds (:data:`~tienlen.players.search.MAX_SECONDS`)" in page


def test_a_time_budget_that_is_not_reached_changes_nothing() -> None:
    # The rollout budget still bounds the search, and alone keeps it reproducible.
    view = _lead()
    assert SearchAgent(level=1, seed=4, seconds=MAX_SECONDS).act(view) == SearchAgent(level=1, seed=4).act(view)
    assert hint(view, level=1, seed=4, seconds=MAX_SECONDS) == hint(view, level=1, seed=4)


def _after(rules: RuleSet, seed: int, plies: int, agents: Sequence[Agent] | None = None) -> Round:
    """The round ``agents`` (four greedy bots by default) play from ``seed``, after its first ``plies`` actions."""
    end = play_round(rules, agents or [GreedyAgent()] * 4, seed=seed)
    round_ = Round.deal(rules, seed=seed)
    for action in end.actions[:plies]:
        round_ = round_.apply(action)
    return round_


def _greedy_positions(rules: RuleSet, seeds: range) -> list[Round]:
    """Every position with seat 0 to act, past the opening, of rounds four greedy bots play."""
    found = []
    for seed in seeds:
        end = play_round(rules, [GreedyAgent()] * 4, seed=seed)
        round_ = Round.deal(rules, seed=seed)
        for action in end.actions:
            if round_.to_act == 0 and len(round_.actions) > 4:
                found.append(round_)
            round_ = round_.apply(action)
    return found


@pytest.mark.parametrize("rules", [HOUSE, COUNTING, IWIN], ids=lambda r: r.name)
def test_the_real_hands_of_greedy_players_explain_their_choices(rules: RuleSet) -> None:
    # The inference keeps worlds in which the greedy policy would have made the others' choices:
    # the real hands of greedy players always qualify, whatever the rules.
    checked = 0
    for round_ in _greedy_positions(rules, range(8)):
        view = round_.view(0)
        replay = replay_of(view)
        decisions = decisions_of(view, replay, round_.dealt)
        for seat, made in decisions.items():
            assert read_choices(round_.hand_masks[seat], made, rules, PLAIN) == (len(made), None)
            checked += len(made)
    assert checked > 500


def test_sampled_worlds_explain_the_choices_far_more_often_than_uniform_draws() -> None:
    rng = random.Random(3)
    explained = uniform = seats = 0
    for round_ in _greedy_positions(HOUSE, range(4))[::4]:
        view = round_.view(0)
        replay = replay_of(view)
        decisions = decisions_of(view, replay, round_.dealt)
        unseen = [
            c
            for c in range(52)
            if round_.hand_masks[1] >> c & 1 or round_.hand_masks[2] >> c & 1 or round_.hand_masks[3] >> c & 1
        ]
        for _ in range(5):
            hidden = _sampler(view, decisions, rng).hidden()
            assert sum(hidden) == sum(round_.hand_masks[1:])  # the unseen cards, each dealt once
            for seat, made in decisions.items():
                seats += 1
                explained += read_choices(hidden[seat], made, HOUSE, PLAIN)[1] is None
                uniform += (
                    read_choices(sum(1 << c for c in rng.sample(unseen, view.card_counts[seat])), made, HOUSE, PLAIN)[1] is None
                )
    assert seats > 100
    # Mended draws explain 72% of the seats here (drawing each seat again until explained: 57%), uniform ones 26%.
    assert explained > 0.65 * seats and explained > 2.5 * uniform, (explained, uniform, seats)


def test_remembering_what_the_choices_say_of_a_hand_changes_no_draw() -> None:
    # The sampler's memory of read_choices (by seat, hand and policy) only saves work: the same draws come out.
    for round_ in _greedy_positions(HOUSE, range(3))[::5]:
        view = round_.view(0)
        decisions = decisions_of(view, replay_of(view), round_.dealt)
        shared, rng = _sampler(view, decisions, random.Random(8)), random.Random(8)
        for _ in range(6):
            assert shared.hidden() == _sampler(view, decisions, rng).hidden()
        assert shared.known
        for (seat, hand, policy), said in shared.known.items():
            assert said == read_choices(hand, decisions[seat], HOUSE, policy)


@pytest.mark.parametrize("players", [2, 3])
def test_with_fewer_than_four_players_the_undealt_cards_stay_out_of_the_worlds(players: int) -> None:
    # With 2 or 3 players some cards are never dealt: a world gives each other seat its count.
    round_ = Round.deal(HOUSE, players=players, seed=4)
    for _ in range(6):
        assert round_.to_act is not None
        view = round_.view(round_.to_act)
        assert SearchAgent(level=1, seed=1).act(view) in view.legal_actions
        round_ = round_.apply(GreedyAgent().act(view))
    view = round_.view(0)
    hidden = _sampler(view, decisions_of(view, replay_of(view), round_.dealt), random.Random(1)).hidden()
    assert [h.bit_count() for s, h in enumerate(hidden) if s] == list(view.card_counts[1:])


@pytest.mark.parametrize("rules", [HOUSE, COUNTING], ids=lambda r: r.name)
def test_a_world_made_without_replay_is_the_replayed_round(rules: RuleSet) -> None:
    # Worlds share the history: one round is replayed, the others only change its hidden cards.
    rng = random.Random(5)
    compared = 0
    for round_ in _greedy_positions(rules, range(3))[::3]:
        view = round_.view(0)
        replay = replay_of(view)
        base = replayed(view, replay, _sampler(view, {}, rng).hidden())
        hidden = _sampler(view, {}, rng).hidden()
        again = replayed(view, replay, hidden)
        if base is None or again is None:
            continue
        made = base.with_hands([view.hand_mask if s == 0 else hidden[s] for s in range(view.players)])
        assert made is not None  # the replayed deal was not won at once: neither is this one
        assert made.dealt == again.dealt and made.hand_masks == again.hand_masks
        assert made.trick == again.trick and made.to_act == again.to_act
        assert made.events == again.events and made.actions == again.actions
        assert list(made.legal_actions()) == list(again.legal_actions())
        policies = [OWN_POLICIES[3], *[OTHER_POLICIES[3]] * (view.players - 1)]
        assert _play_out(made, policies).result == _play_out(again, policies).result
        compared += 1
    assert compared > 10


@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from([HOUSE, COUNTING, IWIN]), seed=st.integers(0, 10**6), plies=st.integers(0, 40), infer=st.booleans())
def test_every_sampled_world_shows_the_player_exactly_its_own_view(rules: RuleSet, seed: int, plies: int, infer: bool) -> None:
    """The sampler never draws a deal the public record rules out: in every world the player's
    view (its hand, every seat's count, every card played and by whom, the table, its legal
    actions) is the view it decides from, whether or not it infers how the others play. (At a
    first round's first lead the world, which names its leader, does not make the lead owe the
    lowest card; the candidates are the view's own legal actions.)"""
    start = _after(rules, seed, plies)
    if start.is_over or start.to_act is None:
        return
    view = start.view(start.to_act)
    sampler = Sampler(view=view, replay=replay_of(view), rng=random.Random(seed), readers=[PLAIN] * 4)
    if infer:
        sampler.infer(PLAIN, 2)
    for world in sampler.worlds(6):
        seen = world.view(view.seat)
        if view.history:
            assert seen == view
        else:  # the first lead: the world names its leader, so no lead owes the lowest card there
            assert (seen.hand, seen.card_counts, seen.to_act) == (view.hand, view.card_counts, view.to_act)
            assert set(view.legal_actions) <= set(seen.legal_actions)
        assert sum(map(int.bit_count, world.hand_masks)) + view.played_mask.bit_count() == 52


def test_the_opponent_model_tells_a_planning_bot_from_a_greedy_one() -> None:
    """Past the middle of a round, the seats' choices tell how they play: a plain greedy bot is
    read as such most of the time, and a planning bot as such twice as often as as the greedy one.
    On these 16 rounds: greedy seats 16 of 20 right, 3 wrong, 1 not told apart; planning bots 12 of
    21 right, 6 wrong, 3 not told apart (the tie goes to the greedy bot in the player's reading)."""
    planned = make_agent("greedy-plan")
    assert isinstance(planned, GreedyAgent)
    read: dict[str, dict[str | None, int]] = {"greedy": {}, "greedy-plan": {}}
    for seed in range(16):
        truth = [PLAIN, planned, PLAIN, planned] if seed % 2 else [PLAIN, PLAIN, planned, planned]
        round_ = _after(HOUSE, 100 + seed, 36, truth)
        if round_.is_over or round_.to_act is None:
            continue
        for picture in read_table(round_.view(round_.to_act), draws=2, seed=seed):
            said = read["greedy" if truth[picture.seat] is PLAIN else "greedy-plan"]
            said[picture.plays_like] = said.get(picture.plays_like, 0) + 1
    greedy, planning = read["greedy"], read["greedy-plan"]
    assert greedy.get("greedy", 0) >= 0.7 * sum(greedy.values()) and greedy.get("greedy-plan", 0) <= 0.2 * sum(greedy.values()), (
        read
    )
    assert planning.get("greedy-plan", 0) >= 0.5 * sum(planning.values()) and planning.get("greedy-plan", 0) > planning.get(
        "greedy", 0
    ), read


def test_the_table_picture_sums_to_the_hidden_cards_and_is_reproducible() -> None:
    start = _after(HOUSE, 9, 20)
    assert start.to_act is not None
    view = start.view(start.to_act)
    pictures = read_table(view, draws=16, seed=3)
    assert pictures == read_table(view, draws=16, seed=3)
    assert [p.seat for p in pictures] == [s for s in range(4) if s != view.seat and view.card_counts[s]]
    for picture in pictures:
        assert math.isclose(sum(chance for _, chance in picture.holds), picture.cards)  # each draw deals it its count
        assert 0 <= picture.twos <= 1 and picture.draws == 16
        assert not {card for card, _ in picture.holds} & set(view.hand)
    seen = [sum(p.holds[i][1] for p in pictures for i in range(len(p.holds)) if p.holds[i][0] == card) for card in DECK]
    unseen = FULL_MASK & ~view.hand_mask & ~view.played_mask
    assert all(math.isclose(chance, 1) if unseen >> index & 1 else chance == 0 for index, chance in enumerate(seen))


@pytest.mark.parametrize(("draws", "seed"), [(0, 3), (MAX_DRAWS + 1, 3), (4, -1), (True, 3), (4, True)])
def test_a_bad_table_reading_is_refused(draws: int, seed: int) -> None:
    with pytest.raises(InvalidArgument):
        read_table(_lead(), draws=draws, seed=seed)


@pytest.mark.parametrize("level", [2, 4])
def test_a_decision_is_reproducible_for_a_seed_and_a_rollout_budget(level: int) -> None:
    # The levels that infer the others' policies and halve their candidates decide alike each time,
    # in any process: their random draws are seeded by the seed and the public position alone.
    start = _after(HOUSE, 12, 24)
    assert start.to_act is not None
    view = start.view(start.to_act)
    first = hint(view, level=level, seed=6, rollouts=32)
    assert hint(PlayerView.from_json(view.to_json()), level=level, seed=6, rollouts=32) == first
    assert SearchAgent(level=level, seed=6, rollouts=32).act(view) == first[0].action
