"""The turn-based environment plays whole rounds of every profile and pays the settlement."""

from __future__ import annotations

import random
from array import array

import pytest
from builders import exact

from tienlen import HOUSE, IWIN, PROFILES, IllegalPlay, InvalidArgument, Round, RuleSet
from tienlen._base.cache import CACHES
from tienlen.learning.encoding import legal_action_masks
from tienlen.learning.env import TienLenEnv, advance, chop_offers, encoded_observation, observation_of, selected_actions
from tienlen.learning.observation import (
    AS_FLOATS,
    AS_INTS,
    OBSERVATION_LENGTH,
    decode_observation,
    encode_observation,
    split_observation,
    written_observation,
)
from tienlen.money.settle import REWARD_SCALE, settle
from tienlen.players.agents import Agent, GreedyAgent, RandomAgent, play_round

CONFIGS = [(rules, n) for rules in PROFILES.values() for n in range(rules.min_players, rules.max_players + 1)]
CONFIG_IDS = [f"{rules.name}-{n}" for rules, n in CONFIGS]
SEEDS = range(8)


def unit_of(rules: RuleSet) -> int:
    return 1 if rules.currency == "points" else 100


def run(env: TienLenEnv, rng: random.Random) -> tuple[dict[str, float], int]:
    """Random legal actions until every agent has left; return the rewards each agent read and the step count."""
    totals: dict[str, float] = {agent: 0 for agent in env.possible_agents}
    steps = 0
    for agent in env.agent_iter(max_iter=10_000):
        observation, reward, terminated, truncated, info = env.last()
        assert observation is not None
        totals[agent] += reward
        assert not truncated
        assert len(observation["observation"]) == OBSERVATION_LENGTH
        if terminated:
            assert info["settlement"] is env.settlement and info["result"] == env.round.result
            env.step(None)
            continue
        assert observation["action_mask"], f"{agent} is selected but has no action"
        facts = decode_observation(observation["observation"])
        assert facts.my_turn or facts.interrupt_offered
        for other in env.agents:
            if other != agent:
                assert env.observe(other)["action_mask"] == []
        assert all(r == 0 for r in env.rewards.values())
        env.step(rng.choice(observation["action_mask"]))
        steps += 1
    assert env.agents == [] and steps < 10_000
    return totals, steps


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_random_rounds_pay_the_settlement(rules: RuleSet, players: int) -> None:
    env = TienLenEnv(rules, players=players, unit=unit_of(rules))
    assert env.possible_agents == [f"seat_{s}" for s in range(players)]
    ended_by_play = 0
    for seed in SEEDS:
        env.reset(seed=seed)
        assert env.agents == env.possible_agents and env.num_agents == env.max_num_agents == players
        totals, steps = run(env, random.Random(seed))
        round_ = env.round
        assert round_.is_over and round_ == round_.from_json(round_.to_json())
        settlement = settle(round_.result, rules, unit=unit_of(rules))
        assert env.settlement == settlement
        assert [totals[f"seat_{s}"] for s in range(players)] == list(settlement.net)
        if rules.currency == "points":
            assert settlement.house == 0
        else:
            assert sum(totals.values()) + settlement.house == 0
            assert sum(settlement.net) == -settlement.house
        ended_by_play += bool(steps)
    assert ended_by_play >= len(SEEDS) // 2


def test_terminations_come_only_at_the_end() -> None:
    env = TienLenEnv(HOUSE, players=4, unit=1000)
    env.reset(seed=21)
    rng = random.Random(1)
    while not env.round.is_over:
        assert not any(env.terminations.values()) and not any(env.truncations.values())
        assert env.settlement is None
        env.step(rng.choice(env.observe(env.agent_selection)["action_mask"]))
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.settlement is not None
    net = env.settlement.net
    assert {a: env._cumulative_rewards[a] for a in env.agents} == {f"seat_{s}": net[s] for s in range(4)}
    assert env.cumulative_rewards is env._cumulative_rewards
    for seat, agent in enumerate(env.possible_agents):
        assert env.infos[agent]["place"] == env.round.result.place_of(seat)
    order = []
    while env.agents:
        order.append(env.agent_selection)
        env.step(None)
    assert order == env.possible_agents
    with pytest.raises(IllegalPlay, match="every agent has left"):
        env.step(None)
    with pytest.raises(IllegalPlay, match="call reset"):
        env.last()


def _agent_steps(env: TienLenEnv, agents: list[Agent]) -> None:
    for agent in env.agent_iter():
        _, _, terminated, _, _ = env.last(observe=False)
        if terminated:
            env.step(None)
        else:
            env.step(agents[env.seat_of(agent)].act(env.view(agent)).mask)


IWIN_CHOP = ["2♠ 5♣ 10♦", "3♦ 4♦ 2♥", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ K♥", "3♥ 4♥ 5♥"]


@pytest.mark.parametrize("rules", list(PROFILES.values()), ids=list(PROFILES))
def test_bots_play_the_same_round_through_the_env_and_play_round(rules: RuleSet) -> None:
    for seed in range(3):
        agents: list[Agent] = [GreedyAgent(), RandomAgent(seed), GreedyAgent(1), RandomAgent(seed + 7)]
        env = TienLenEnv(rules, players=4)
        env.reset(seed=seed)
        _agent_steps(env, agents)
        assert env.round == play_round(rules, agents, seed=seed)


def test_out_of_turn_chops_are_steps_of_their_own() -> None:
    start = Round.from_hands(IWIN_CHOP, IWIN, first_round=False, leader=0).play("2♠")
    env = TienLenEnv(IWIN, players=4)
    env.reset(options={"round": start})
    assert start.to_act == 1
    assert env.agent_selection == "seat_2"  # offered the chop before seat 1 acts in turn
    chop, decline = env.observe("seat_2")["action_mask"]
    assert decline == 0 and chop.bit_count() == 8
    assert decode_observation(env.observe("seat_2")["observation"]).interrupt_offered
    env.step(0)  # seat 2 declines
    assert env.agent_selection == "seat_1" and env.round == start
    env.step(0)  # seat 1 passes: now seat 2 is in turn, and may play the pair run as an ordinary chop
    assert env.agent_selection == "seat_2" and env.round.to_act == 2
    assert {chop, 0} <= set(env.observe("seat_2")["action_mask"])
    env.step(chop)
    in_turn = env.round.actions[-1]
    assert in_turn.kind == "play"
    # From the start again, seat 2 chops out of turn at once; play goes on after the chopper.
    env.reset(options={"round": start})
    env.step(chop)
    out_of_turn = env.round.actions[-1]
    assert out_of_turn.kind == "interrupt" and out_of_turn.seat == 2
    assert env.agent_selection == "seat_3"
    # The bots see the same sequence through play_round.
    for seed in range(6):
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed + 1), RandomAgent(seed + 2), GreedyAgent()]
        env.reset(options={"round": start})
        _agent_steps(env, agents)
        assert env.round == play_round(IWIN, agents, start=start)


def test_an_illegal_action_names_the_agent_and_changes_nothing() -> None:
    env = TienLenEnv(HOUSE, players=4)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.seat_of(agent)
    before = env.round
    legal = env.observe(agent)["action_mask"]
    not_held = next(1 << i for i in range(52) if not env.round.hand_masks[seat] >> i & 1)
    for bad, why in [(0, "must lead and may not pass"), (not_held, "does not hold"), (-1, "is not an action")]:
        with pytest.raises(IllegalPlay, match=f"agent {agent}: seat {seat}\\b.*{why}"):
            env.step(bad)
        assert env.round is before and env.agent_selection == agent and env.observe(agent)["action_mask"] == legal
    with pytest.raises(IllegalPlay, match=f"agent {agent} \\(seat {seat}\\) must act"):
        env.step(None)


def test_a_finished_agent_may_only_step_none() -> None:
    env = TienLenEnv(HOUSE, players=2)
    env.reset(options={"round": Round.from_hands(["3♠", "4♠ 5♠"], HOUSE, first_round=False, leader=0)})
    env.step(1)  # 3♠: seat 0 goes out and seat 1, who never played, is frozen
    assert env.round.is_over and all(env.terminations.values())
    with pytest.raises(IllegalPlay, match="step\\(None\\) to leave"):
        env.step(0)


def test_an_instant_win_ends_the_episode_at_reset() -> None:
    seed = next(s for s in range(10_000) if Round.deal(HOUSE, players=4, seed=s).instant_winners)
    env = TienLenEnv(HOUSE, players=4, unit=1000)
    env.reset(seed=seed)
    assert env.round.is_over and all(env.terminations.values())
    assert env.settlement is not None and env.settlement.net == settle(env.round.result, HOUSE, unit=1000).net
    totals, steps = run(env, random.Random(0))
    assert steps == 0 and list(totals.values()) == list(env.settlement.net)
    if len(env.round.instant_winners) == 1:  # a four-handed instant win in a 1,000 room collects 24,000
        assert max(totals.values()) == 24_000


def test_seeds_make_episodes_repeat() -> None:
    one, two = TienLenEnv(HOUSE), TienLenEnv(HOUSE)
    one.reset(seed=9)
    two.reset(seed=9)
    assert one.round == two.round == Round.deal(HOUSE, seed=9)
    one.reset()
    two.reset()
    assert one.round == two.round != Round.deal(HOUSE, seed=9)
    one.reset(seed=9, options={"first_round": False, "dealer": 2, "leader": 1})
    assert one.round.to_act == 1 and one.round.dealer == 2 and not one.round.first_round


def test_settings_are_checked() -> None:
    with pytest.raises(InvalidArgument, match="pagat is played by 4 players, not 3"):
        TienLenEnv(PROFILES["pagat"], players=3)
    with pytest.raises(InvalidArgument, match="leave unit at 1"):
        TienLenEnv(PROFILES["faceoff"], unit=10)
    with pytest.raises(InvalidArgument, match="positive whole number"):
        TienLenEnv(HOUSE, unit=0)
    env = TienLenEnv(HOUSE, players=3)
    with pytest.raises(IllegalPlay, match="call reset"):
        env.round
    with pytest.raises(IllegalPlay, match="call reset"):
        env.last()
    with pytest.raises(IllegalPlay, match="call reset"):
        env.observe("seat_0")
    with pytest.raises(InvalidArgument, match="'shuffle' is not an option"):
        env.reset(options={"shuffle": True})
    with pytest.raises(InvalidArgument, match="round must be a Round of 3 players"):
        env.reset(options={"round": Round.deal(HOUSE, players=4, seed=1)})
    with pytest.raises(InvalidArgument, match="seat must be a seat from 0 to 2, not 3"):
        observation_of(Round.deal(HOUSE, players=3, seed=1), 3, ())
    with pytest.raises(InvalidArgument, match="seat must be a seat from 0 to 2, not True"):
        encoded_observation(Round.deal(HOUSE, players=3, seed=1), True, ())
    with pytest.raises(InvalidArgument, match="'north' is not an agent"):
        env.seat_of("north")
    with pytest.raises(InvalidArgument, match="is not an agent"):
        env.observe(["seat_0"])  # type: ignore[arg-type]  # not even a name


def test_render_shows_the_position() -> None:
    env = TienLenEnv(HOUSE, render_mode="ansi")
    assert env.render() is None
    env.reset(seed=2)
    assert env.render() == str(env.round)
    assert TienLenEnv(HOUSE).render() is None
    env.close()


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_observations_and_masks_read_off_the_round_equal_those_of_the_views(rules: RuleSet, players: int) -> None:
    # The environment encodes each seat from the round itself (issue 26): the same ints as the
    # seat's view encoded, the same bytes, and the selected agent's masks are its legal actions'.
    for seed in range(4):
        env = TienLenEnv(rules, players=players)
        env.reset(seed=seed)
        rng = random.Random(seed)
        for agent in env.agent_iter():
            round_ = env.round
            for other in env.agents:
                view = round_.view(env.seat_of(other))
                observed = env.observe(other)
                assert observed["observation"] == encode_observation(view)
                assert list(env.observation(other).to_bytes()) == [v % 256 for v in observed["observation"]]
                assert env.encoded_observation(other) == env.observation(other).to_bytes()
                if other == agent and not env.terminations[agent]:
                    chooser = round_.view(env.seat_of(agent))
                    assert observed["action_mask"] == legal_action_masks(chooser) == [a.mask for a in env.legal_actions()]
                else:
                    assert observed["action_mask"] == []
            _, _, terminated, _, _ = env.last(observe=False)
            env.step(None if terminated else rng.choice(env.observe(agent)["action_mask"]))


def test_env_rewards_sum_to_settle_net_including_the_house() -> None:
    seen_rake = 0
    for seed in range(30):
        env = TienLenEnv(IWIN, players=4)
        env.reset(seed=seed)
        totals = {a: 0.0 for a in env.possible_agents}
        rng = random.Random(seed)
        for agent in env.agent_iter():
            _, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            env.step(None if terminated or truncated else rng.choice(env.observe(agent)["action_mask"]))
        net, house = exact(env.round.result, IWIN)
        assert [round(totals[a] * REWARD_SCALE) for a in env.possible_agents] == net
        assert round((sum(totals.values()) + info["house"]) * REWARD_SCALE) == 0 == sum(net) + house
        seen_rake += house > 0
    assert seen_rake > 10


def bits(mask: int) -> list[int]:
    return [mask >> i & 1 for i in range(52)]


def card_fields_hold_the_cards_at_every_step(round_: Round, rng: random.Random) -> int:
    """Play ``round_`` out at random (a chop out of turn taken half the times one is offered), checking
    every seat's card fields at every step, and that the observation's three forms (bytes, ints and
    floats) hold the same numbers; the chops taken."""
    offers, chops = chop_offers(round_), 0
    while True:
        played_by = [d & ~h for d, h in zip(round_.dealt, round_.hand_masks, strict=True)]
        table = round_.trick.table
        for seat in range(round_.players):
            data = encoded_observation(round_, seat, offers)
            fields = split_observation(array("b", data).tolist())
            assert fields["hand"] == bits(round_.hand_masks[seat])
            assert fields["table"] == bits(0 if table is None else table.mask)
            assert fields["played"] == bits(sum(played_by))
            for slot in range(round_.players):
                assert fields["played_by"][52 * slot : 52 * (slot + 1)] == bits(played_by[(seat + slot) % round_.players])
            CACHES["observation card fields"].clear()
            assert encoded_observation(round_, seat, offers) == data  # the bytes kept are the bytes worked out afresh
            written = observation_of(round_, seat, offers)._as_fields()
            ints = written_observation(written, AS_INTS)
            assert ints == array("b", data).tolist() and {type(v) for v in ints} == {int}
            assert written_observation(written, AS_FLOATS) == [float(v) for v in ints]
        if round_.is_over:
            return chops
        actions = selected_actions(round_, offers)
        chop = [a for a in actions if a.kind == "interrupt"]
        action = chop[0] if chop and rng.random() < 0.5 else rng.choice(actions)
        chops += action.kind == "interrupt"
        round_, offers = advance(round_, offers, action)


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_card_fields_are_the_bits_of_the_cards_now_in_every_form(rules: RuleSet, players: int) -> None:
    # The encoder keeps bytes card fields by mask from step to step, and writes list card fields as
    # four pieces of 13 cards from a table (issue 26): at every step of seeded rounds, every seat's
    # card fields are the bits of its cards now, read bit by bit, in bytes, ints and floats alike.
    for seed in range(3):
        card_fields_hold_the_cards_at_every_step(Round.deal(rules, players=players, seed=seed), random.Random(seed))


def test_card_fields_in_every_form_hold_after_chops_out_of_turn() -> None:
    start = Round.from_hands(["2♠ 5♣", "3♦ 4♦", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ K♥", "3♥ 4♥"], IWIN, first_round=False, leader=0)
    chops = sum(card_fields_hold_the_cards_at_every_step(start.play("2♠"), random.Random(seed)) for seed in range(8))
    assert 0 < chops < 8  # the chop both taken and declined
