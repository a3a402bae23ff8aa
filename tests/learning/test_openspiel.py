"""The OpenSpiel game passes OpenSpiel's random-simulation check (with serialisation) for every
profile and player count, returns the settlement, and resamples information states faithfully."""

from __future__ import annotations

import random
from typing import Any

import pytest
from extras import skip_reason

pyspiel = pytest.importorskip("pyspiel", reason=skip_reason("pyspiel"))

import attrs

from tienlen import HOUSE, IWIN, PROFILES, IllegalPlay, InvalidArgument, Round, RuleSet
from tienlen.game.cards import DECK, Card, format_cards
from tienlen.learning.actionspace import ACTION_SPACE_SIZE
from tienlen.learning.env import chop_offers
from tienlen.learning.observation import OBSERVATION_OFFSETS
from tienlen.learning.openspiel import GAME_NAME, TienLenGame, utility_bounds
from tienlen.money.settle import REWARD_SCALE, reward_net, settle

CONFIGS = [(rules, n) for rules in PROFILES.values() for n in range(rules.min_players, rules.max_players + 1)]
CONFIG_IDS = [f"{rules.name}-{n}" for rules, n in CONFIGS]


def load(rules: RuleSet, players: int) -> Any:
    return pyspiel.load_game(f"{GAME_NAME}(rules={rules.name},players={players})")


def play_out(state: Any, rng: random.Random, stop: int | None = None) -> Any:
    """Random chance outcomes and legal actions until the end (or ``stop`` player decisions)."""
    decisions = 0
    while not state.is_terminal() and (state.is_chance_node() or stop is None or decisions < stop):
        if state.is_chance_node():
            cards, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return state


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_random_sim_test_passes_with_serialisation(rules: RuleSet, players: int) -> None:
    pyspiel.random_sim_test(load(rules, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_returns_are_the_settlement_of_the_same_round(rules: RuleSet, players: int) -> None:
    game = load(rules, players)
    low, high = utility_bounds(rules, players)
    for seed in range(3):
        state = play_out(game.new_initial_state(), random.Random(seed))
        round_ = state.round
        replayed = Round.from_hands(round_.dealt, rules)
        for action in round_.actions:
            replayed = replayed.apply(action)
        assert replayed == round_
        net = settle(replayed.result, rules).net
        assert state.returns() == list(reward_net(replayed.result, rules)[0])
        assert all(low <= v <= high for v in net)


def test_the_game_reads_its_parameters() -> None:
    game = pyspiel.load_game(f"{GAME_NAME}(rules=northern,players=3,first_round=false)")
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (3, ACTION_SPACE_SIZE, 52)
    assert game.get_parameters() == {"rules": "northern", "players": 3, "first_round": False}
    assert game.max_chance_nodes_in_history() == PROFILES["northern"].cards_dealt(3) == 39
    state = play_out(game.new_initial_state(), random.Random(1), stop=0)
    assert state.round is not None and not state.round.first_round
    default = pyspiel.load_game(GAME_NAME)
    assert (default.rules, default.num_players()) == (HOUSE, 4)


def test_a_variant_that_is_no_profile_is_a_game_too() -> None:
    variant = attrs.evolve(HOUSE, name="my-house", straight_min=4)
    game = TienLenGame(rules=variant, players=3)
    state = play_out(game.new_initial_state(), random.Random(2))
    assert state.returns() == [float(v) for v in settle(state.round.result, variant).net]
    assert str(game.deserialize_state(state.serialize())) == str(state)
    with pytest.raises(InvalidArgument, match="'my-house' is neither a RuleSet nor a profile"):
        pyspiel.load_game(str(game))


@pytest.mark.parametrize(
    ("params", "why"),
    [
        ({"rules": "southern"}, "neither a RuleSet nor a profile"),
        ({"rules": "pagat", "players": 2}, "pagat is played by 4 players, not 2"),
    ],
)
def test_bad_parameters_are_refused(params: dict[str, Any], why: str) -> None:
    with pytest.raises(InvalidArgument, match=why):
        TienLenGame(params)


def test_the_deal_is_a_chance_node_per_card_in_dealing_order() -> None:
    state = load(HOUSE, 4).new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 52
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
    for card in range(52):
        state.apply_action(card)
    # card k goes to seat (k + 1) % 4, seat 0 dealing
    assert state.round.dealt[1] == sum(1 << c for c in range(0, 52, 4))
    assert str(load(HOUSE, 4).new_initial_state()) == "dealing: 0 of 52 cards dealt"


def test_an_illegal_action_is_refused_and_nothing_changes() -> None:
    state = play_out(load(HOUSE, 4).new_initial_state(), random.Random(3), stop=0)
    history, legal = state.history(), state.legal_actions()
    bad = next(i for i in range(ACTION_SPACE_SIZE) if i not in legal)
    with pytest.raises(IllegalPlay, match="is not legal now"):
        state.apply_action(bad)
    assert state.history() == history and state.legal_actions() == legal


def test_information_states_and_observations() -> None:
    game = load(IWIN, 4)
    state = play_out(game.new_initial_state(), random.Random(4), stop=12)
    player = state.current_player()
    info = state.information_state_tensor(player)
    observation = state.observation_tensor(player)
    assert len(info) == game.information_state_tensor_size() == 502
    assert len(observation) == game.observation_tensor_size() == 450
    assert info[:450] == observation
    text = state.information_state_string(player)
    dealt = state.round.dealt[player]
    assert text.startswith(f"p{player} dealt ") and str(state.round.actions[0]) in text
    assert f"dealt {format_cards(dealt)} | " in text
    others = [p for p in range(4) if p != player]
    assert all(state.information_state_string(p) != text for p in others)
    seen = state.observation_string(player)
    assert seen.startswith(f"p{player} hand ") and f"seat {player} to decide" in seen


@pytest.mark.parametrize("rules", [HOUSE, IWIN, PROFILES["northern"]], ids=["house", "iwin", "northern"])
def test_resampling_keeps_what_the_player_knows(rules: RuleSet) -> None:
    game = load(rules, 4 if rules is not PROFILES["northern"] else 3)
    rng = random.Random(5)
    for _ in range(12):
        state = play_out(game.new_initial_state(), rng, stop=rng.randrange(1, 60))
        if state.is_terminal():
            continue
        player = state.current_player()
        for _ in range(3):
            sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.information_state_tensor(player) == state.information_state_tensor(player)
            assert sample.legal_actions() == state.legal_actions() and sample.current_player() == player
            assert sample.round.dealt[player] == state.round.dealt[player]
            assert [len(h) for h in sample.round.hands] == [len(h) for h in state.round.hands]
            # the sample is a state of its own: its history replays to it
            again = game.new_initial_state()
            for action in sample.history():
                again.apply_action(action)
            assert str(again) == str(sample)
        seeded = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)) for _ in range(2)]
        assert seeded[0].history() == seeded[1].history()


def test_openspiel_search_and_evaluation_run_on_the_game() -> None:
    np = pytest.importorskip("numpy", reason=skip_reason("numpy"))
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    from tienlen.learning.openspiel import AgentBot
    from tienlen.players.agents import GreedyAgent

    game = load(IWIN, 2)
    state = play_out(game.new_initial_state(), random.Random(6), stop=0)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    information_set = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=rng)
    assert information_set.step(state) in state.legal_actions()
    perfect = mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=rng)
    assert perfect.step(state) in state.legal_actions()
    returns = evaluate_bots(game.new_initial_state(), [AgentBot(GreedyAgent()), UniformRandomBot(1, rng)], rng)
    assert len(returns) == 2 and sum(returns) <= 0 < max(returns)  # iwin's house may rake the winner
    with pytest.raises(IllegalPlay, match="only where a player decides"):
        AgentBot(GreedyAgent()).step(game.new_initial_state())


def test_a_declined_chop_is_in_the_decliners_information_state_only() -> None:
    # seat 0 holds 3♠ and leads 2♠; seat 2 holds a free PR4 (4-5-6-7) and is offered the chop
    fixed = {0: ["3♠", "2♠"], 2: ["4♠", "4♣", "5♠", "5♣", "6♠", "6♣", "7♠", "7♣"]}
    taken = {str(c) for cards in fixed.values() for c in cards}
    rest = [str(c) for c in DECK if str(c) not in taken]
    hands = {seat: list(fixed.get(seat, [])) for seat in range(4)}
    for seat in (0, 1, 2, 3) * 13:
        if len(hands[seat]) < 13:
            hands[seat].append(rest.pop(0))
    queues = [list(hands[(k + 1) % 4]) for k in range(4)]
    state = pyspiel.load_game(f"{GAME_NAME}(rules=iwin,players=4,first_round=false)").new_initial_state()
    for _ in range(52):  # card k goes to seat (k + 1) % 4
        state.apply_action(Card.parse(queues[len(state.history()) % 4].pop(0)).index)
    assert state.current_player() == 0
    state.apply_action(1 + Card.parse("2♠").index)
    assert state.current_player() == 2 and chop_offers(state.round) == (2,)
    before = [state.information_state_string(p) for p in range(4)]
    state.apply_action(0)  # seat 2 declines
    after = [state.information_state_string(p) for p in range(4)]
    assert "declined a chop" in after[2] and "declined a chop" not in before[2]
    assert [after[p] for p in (0, 1, 3)] == [before[p] for p in (0, 1, 3)]
    assert state.current_player() == 1


# ---------------------------------------------------------------------------- every IIGObservationType


OBSERVATION_TYPES = [
    (recall, public, private)
    for recall in (False, True)
    for public in (False, True)
    for private in ("NONE", "SINGLE_PLAYER", "ALL_PLAYERS")
]


@pytest.mark.parametrize(
    ("recall", "public", "private"), OBSERVATION_TYPES, ids=[f"recall={r}-public={p}-{q}" for r, p, q in OBSERVATION_TYPES]
)
def test_observer_respects_its_observation_type(recall: bool, public: bool, private: str) -> None:
    """Each part of an observation is there exactly when the type allows it: the player's hand with
    private information, every hand with ALL_PLAYERS, the table and the plays with public
    information, the order of plays with perfect recall and public information."""
    game = load(HOUSE, 4)
    kind = pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=public, private_info=getattr(pyspiel.PrivateInfoType, private)
    )
    observer = game.make_py_observer(kind)
    state = play_out(game.new_initial_state(), random.Random(5), stop=6)
    round_ = state.round
    player = 1
    observer.set_from(state, player)
    text = observer.string_from(state, player)
    own = [float((round_.hand_masks[player] >> b) & 1) for b in range(52)]
    hand = OBSERVATION_OFFSETS["hand"]
    pieces = observer.dict
    assert set(pieces) == {
        name
        for name, present in [
            ("observation", public),
            ("hand", private != "NONE" and not public),
            ("choice", private != "NONE"),
            ("play_order", recall and public),
            ("hands", private == "ALL_PLAYERS"),
        ]
        if present
    }
    shown_hand = list(pieces["observation"][hand] if public else pieces.get("hand", []))
    assert (shown_hand == own) == (private != "NONE")
    if private == "NONE" and public:
        assert not any(pieces["observation"][hand])
    if private == "ALL_PLAYERS":
        for seat in range(4):
            assert [int(v) for v in pieces["hands"][52 * seat : 52 * seat + 52]] == [
                (round_.hand_masks[seat] >> b) & 1 for b in range(52)
            ]
    other = format_cards(round_.hand_masks[2])
    assert (other in text) == (private == "ALL_PLAYERS")
    mine = format_cards(round_.dealt[player] if recall else round_.hand_masks[player])
    assert (mine in text) == (private != "NONE")
    played = str(round_.actions[0])
    assert (("table" in text) or (played in text)) == public


@pytest.mark.parametrize(
    ("recall", "public", "private"), OBSERVATION_TYPES, ids=[f"recall={r}-public={p}-{q}" for r, p, q in OBSERVATION_TYPES]
)
def test_observer_values_are_the_numbers_set_from_writes(recall: bool, public: bool, private: str) -> None:
    # observation_tensor() reads values(), written as floats, not set_from()'s bytes (issue 26): for
    # each observation type the two agree for every player at every step, while dealing, and while
    # a run is half chosen (its span index does not fit a byte).
    game = load(HOUSE, 4)
    kind = pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=public, private_info=getattr(pyspiel.PrivateInfoType, private)
    )
    observer = game.make_py_observer(kind)
    rng = random.Random(2)
    runs_half_chosen = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            for player in range(4):
                observer.set_from(state, player)
                values = observer.values(state, player)
                assert values == observer.tensor.tolist() and all(type(v) is float for v in values)
            runs_half_chosen += state.choice is not None and bool(state.choice.chosen)
            state.apply_action(rng.choice(state.legal_actions()))
    assert runs_half_chosen > 0


def test_default_observer_types_keep_their_sizes() -> None:
    game = load(HOUSE, 4)
    state = play_out(game.new_initial_state(), random.Random(1), stop=3)
    assert len(state.observation_tensor(0)) == 450 and len(state.information_state_tensor(0)) == 502


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_openspiel_returns_sum_to_settle_net_including_the_house(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason=skip_reason("pyspiel"))
    openspiel = pytest.importorskip("tienlen.learning.openspiel", reason=skip_reason("tienlen.learning.openspiel"))
    rules = PROFILES[name]
    seen_rake = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = pyspiel.load_game(f"{openspiel.GAME_NAME}(rules={name},players={rules.max_players})").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        result = state._position.round.result
        scale = REWARD_SCALE if rules.rake_percent else 1
        money = settle(result, rules, unit=scale)
        assert [round(v * scale) for v in state.returns()] == list(money.net)
        assert round(sum(state.returns()) * scale) + money.house == (
            sum(money.net) + money.house if rules.currency == "points" else 0
        )
        seen_rake += money.house > 0
    assert seen_rake > 3 or not rules.rake_percent


@pytest.mark.parametrize(
    ("rules", "players"), [(HOUSE, 4), (IWIN, 4), (PROFILES["northern"], 3)], ids=["house", "iwin", "northern"]
)
def test_tensors_read_in_python_equal_openspiels_own(rules: RuleSet, players: int) -> None:
    # The state writes its tensors with the game's observers straight into the list (issue 26);
    # OpenSpiel's C++ path (through a fresh state for the size, then the same observer type) must
    # give the same numbers, for every player, at every decision and while dealing.
    state = load(rules, players).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        for player in range(players):
            assert state.observation_tensor(player) == pyspiel.State.observation_tensor(state, player)
            assert state.information_state_tensor(player) == pyspiel.State.information_state_tensor(state, player)
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            assert state.observation_tensor() == state.observation_tensor(state.current_player())
            assert state.information_state_tensor() == state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("rules", "players"), [(HOUSE, 4), (IWIN, 4), (PROFILES["northern"], 3)], ids=["house", "iwin", "northern"]
)
def test_legal_actions_read_in_python_equal_openspiels_own(rules: RuleSet, players: int) -> None:
    # The state answers legal_actions() for the player to decide, and is_chance_node(), without
    # OpenSpiel's C++ round trip (issue 26); OpenSpiel's own answers must be the same, for no
    # player and for each player, while dealing, at every decision and once the round is over.
    state = load(rules, players).new_initial_state()
    rng = random.Random(6)
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        for player in range(players):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        if state.is_terminal():
            assert state.legal_actions() == []
            return
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_card_dealt_already_or_no_card_is_refused_and_nothing_changes() -> None:
    state = load(HOUSE, 4).new_initial_state()
    state.apply_action(5)
    for bad, named in ((5, "4♣"), (52, "52")):  # OpenSpiel itself refuses -1
        with pytest.raises(IllegalPlay, match=f"{named} is not a card left to deal: deal one of the 51 cards"):
            state.apply_action(bad)
        assert state.history() == [5] and len(state.chance_outcomes()) == 51


def test_the_player_ids_kept_are_openspiels() -> None:
    from tienlen.learning import openspiel

    assert (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)) == (openspiel._CHANCE, openspiel._TERMINAL)
    state = load(HOUSE, 2).new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert play_out(state, random.Random(1)).current_player() == pyspiel.PlayerId.TERMINAL


def test_a_tensor_for_no_player_is_refused_as_openspiel_refuses_it() -> None:
    state = load(HOUSE, 4).new_initial_state()
    for player in (-1, 4):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(player)
        with pytest.raises(pyspiel.SpielError):
            state.information_state_tensor(player)
    with pytest.raises(pyspiel.SpielError):  # a chance node has no player to decide
        state.observation_tensor()
