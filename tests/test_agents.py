"""The bundled bots are pure and legal, play_round refuses a cheating agent, and greedy beats random."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tienlen import HOUSE, IWIN, PROFILES, Action, IllegalPlay, InvalidArgument, Round, RuleSet, classify
from tienlen.agents import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent, play_round, protected_mask
from tienlen.settle import settle
from tienlen.strategies import rounds
from tienlen.views import PlayerView, view_of

RULES = list(PROFILES.values())
IDS = list(PROFILES)
BOTS: list[Callable[[], Agent]] = [
    lambda: RandomAgent(),
    lambda: RandomAgent(seed=5),
    lambda: GreedyAgent(),
    lambda: GreedyAgent(seed=3, danger=5),
]
"""Each makes a bundled bot; two calls make two equal bots."""


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bots_are_pure_and_legal(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules))
    for seat in range(round_.players):
        view = view_of(round_, seat)
        if not view.legal_actions:
            continue
        for make in BOTS:
            bot = make()
            action = bot.act(view)
            assert action in view.legal_actions
            assert bot.act(view) == action  # the same view again
            assert bot.act(view_of(round_, seat)) == action  # an equal view, built afresh
            assert make().act(view) == action  # an equal bot
            if not view.my_turn:
                assert action.kind in ("interrupt", "pass")


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_bots_play_whole_rounds_of_every_profile(rules: RuleSet) -> None:
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(4):
            agents: list[Agent] = [GreedyAgent() if s % 2 else RandomAgent(seed + s) for s in range(players)]
            round_ = play_round(rules, agents, seed=seed)
            assert round_.is_over
            assert Round.from_json(round_.to_json()) == round_  # every action replays under the rules
            assert play_round(rules, agents, seed=seed) == round_  # and the same seeds play the same round


def test_greedy_takes_a_chop_and_keeps_its_twos() -> None:
    # Seat 0 leads a single 2; the greedy seat 1 chops it with its quad at once.
    round_ = Round.from_hands(["2♠ 3♣", "6♠ 6♣ 6♦ 6♥ 9♦ 2♥", "4♦ 5♦", "4♥ 5♥"], HOUSE, first_round=False, leader=0).play("2♠")
    action = GreedyAgent().act(view_of(round_, 1))
    assert action.combo == classify("6♠ 6♣ 6♦ 6♥", HOUSE)
    # Leading, it sheds a low card and keeps the 2 and the quad.
    lead = Round.from_hands(["3♣ 9♠", "6♠ 6♣ 6♦ 6♥ 9♦ 2♥", "4♦ 5♦", "4♥ 5♥"], HOUSE, first_round=False, leader=1)
    assert GreedyAgent().act(view_of(lead, 1)).combo == classify("9♦", HOUSE)
    assert protected_mask(lead.hand_masks[1], HOUSE) == classify("6♠ 6♣ 6♦ 6♥", HOUSE).mask | classify("2♥", HOUSE).mask


@attrs.frozen
class Cheater:
    """Plays 2♥ whatever it holds."""

    def act(self, view: PlayerView) -> Action:
        return Action(kind="play", seat=view.seat, combo=classify("2♥", view.rules))


@attrs.frozen
class Impostor:
    """Answers for the seat before its own."""

    def act(self, view: PlayerView) -> Action:
        return Action(kind="pass", seat=(view.seat - 1) % view.players)


@attrs.frozen
class Chopper:
    """Plays every out-of-turn chop offered; otherwise a greedy move."""

    def act(self, view: PlayerView) -> Action:
        return next((a for a in view.legal_actions if a.kind == "interrupt"), None) or GreedyAgent().act(view)


def test_play_round_refuses_an_illegal_action_naming_agent_and_seat() -> None:
    hands = ["3♠ 4♠ 5♠", "6♣ 7♣ 8♣", "9♦ 10♦ J♦", "Q♥ K♥ A♥"]
    start = Round.from_hands(hands, HOUSE, leader=0)
    with pytest.raises(IllegalPlay, match=r"agent Cheater\(\) at seat 0 chose seat 0 play 2♥, which is not a legal action"):
        play_round(HOUSE, [Cheater(), RandomAgent(), RandomAgent(), RandomAgent()], start=start)
    with pytest.raises(IllegalPlay, match=r"agent Impostor\(\) at seat 1 chose seat 0 pass"):
        play_round(HOUSE, [GreedyAgent(), Impostor(), RandomAgent(), RandomAgent()], start=start)
    with pytest.raises(IllegalPlay, match="3 agents for 4 seats"):
        play_round(HOUSE, [RandomAgent()] * 3, start=start)


def test_play_round_offers_out_of_turn_chops() -> None:
    start = Round.from_hands(
        ["2♠ 5♣ 10♦", "3♦ 4♦ 2♥", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ K♥", "3♥ 4♥ 5♥"], IWIN, first_round=False, leader=0
    ).play("2♠")
    done = play_round(IWIN, [GreedyAgent(), GreedyAgent(), Chopper(), GreedyAgent()], start=start)
    assert done.actions[1] == Action(kind="interrupt", seat=2, combo=classify("6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣", IWIN))
    declined = play_round(IWIN, [GreedyAgent(), GreedyAgent(), RandomAgent(2), GreedyAgent()], start=start)
    assert declined.is_over


def test_the_bots_by_name() -> None:
    assert set(AGENTS) == {"random", "greedy"}
    assert make_agent("random", 4) == RandomAgent(4) and make_agent("greedy") == GreedyAgent()
    assert all(isinstance(make_agent(name), Agent) for name in AGENTS)
    with pytest.raises(InvalidArgument, match="unknown bot 'clever'"):
        make_agent("clever")


ROUNDS = 2000


@pytest.mark.slow
def test_greedy_beats_random(record_property: Callable[[str, object], None], capsys: pytest.CaptureFixture[str]) -> None:
    """Two greedy and two random seats, swapping places every round, over 2,000 seeded rounds of house."""
    wins = {"greedy": Fraction(0), "random": Fraction(0)}
    chips = {"greedy": 0, "random": 0}
    for i in range(ROUNDS):
        greedy_seats = (0, 2) if i % 2 == 0 else (1, 3)
        agents: list[Agent] = [GreedyAgent() if s in greedy_seats else RandomAgent(seed=4 * i + s) for s in range(4)]
        result = play_round(HOUSE, agents, seed=i).result
        for seat in result.winners:  # instant winners share the round
            wins["greedy" if seat in greedy_seats else "random"] += Fraction(1, len(result.winners))
        for seat, net in enumerate(settle(result, HOUSE, unit=1000).net):
            chips["greedy" if seat in greedy_seats else "random"] += net
    greedy, random_ = float(wins["greedy"] / ROUNDS), float(wins["random"] / ROUNDS)
    record_property("greedy_win_rate", round(greedy, 4))
    record_property("greedy_chips_per_round", chips["greedy"] / ROUNDS)
    with capsys.disabled():
        print(
            f"\ngreedy vs random over {ROUNDS} house rounds: greedy seats won {greedy:.2%} of rounds, "
            f"random seats {random_:.2%}; greedy seats net {chips['greedy'] / ROUNDS:+,.0f} chips a round (1,000 room)"
        )
    assert greedy + random_ == pytest.approx(1)
    assert greedy > 0.65, f"greedy won only {greedy:.2%} of rounds against random (two seats each)"
    assert chips["greedy"] > 0 > chips["random"]
