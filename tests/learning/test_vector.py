"""The batched environment: its tables play exactly the rounds ``Round`` plays (and the PettingZoo
adapter steps) for the same seeds and actions, its masks are the legal actions at every step, it
resets each table as it finishes, seeds each table, runs the same in worker processes, and refuses
bad input without moving any table."""

from __future__ import annotations

import contextlib
import multiprocessing.context
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest
from extras import skip_reason

pytest.importorskip("numpy", reason=skip_reason("numpy"))
pytest.importorskip("pettingzoo", reason=skip_reason("pettingzoo"))

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import HOUSE, IWIN, PROFILES, IllegalPlay, InvalidArgument, Round, RuleSet
from tienlen.learning.actionspace import ACTION_SPACE_SIZE, Choice
from tienlen.learning.observation import OBSERVATION_LENGTH, OBSERVATION_OFFSETS, encode_observation
from tienlen.learning.pettingzoo import raw_env
from tienlen.learning.vector import DEFAULT_TIMEOUT, OBSERVATION_SIZE, TienLenVectorEnv
from tienlen.money.settle import reward_net, settle

# every profile at every player count, and a rule set of one's own: house rules with iwin's
# out-of-turn chops and runs of triples and of quads
CUSTOM = attrs.evolve(HOUSE, name="house-runs", interrupt_bombs=IWIN.interrupt_bombs, triple_run_min=2, quad_run_min=2)
CONFIGS = [(rules, n) for rules in [*PROFILES.values(), CUSTOM] for n in range(rules.min_players, rules.max_players + 1)]
CONFIG_IDS = [f"{rules.name}-{n}" for rules, n in CONFIGS]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal index per row."""
    chosen: np.ndarray = (rng.random(masks.shape) * masks).argmax(axis=1)
    return chosen


def deal_seeds(table_seed: int, count: int) -> list[int]:
    """The seeds of a table's rounds, as the module docs say: the table's seed, then its sequence."""
    rng = random.Random(table_seed)
    return [table_seed] + [rng.getrandbits(63) for _ in range(count - 1)]


class Shadow:
    """One table played by the PettingZoo adapter, dealt the same seeds, dealing past instant wins."""

    def __init__(self, rules: RuleSet, players: int, seed: int) -> None:
        self.game = raw_env(rules, players)
        self.game.reset(seed=seed)
        self.instant = self._past_instant_wins()

    def _past_instant_wins(self) -> int:
        count = 0
        while self.game.tienlen_env.round.is_over:
            self.game.reset()
            count += 1
        return count

    def step(self, index: int) -> tuple[list[float], float, bool]:
        """Step the selected agent; at a round's end, every seat's reward and the house's take,
        then the agents leave and the next round is dealt."""
        game = self.game
        game.step(index)
        if not game.tienlen_env.round.is_over:
            return [0.0] * len(game.possible_agents), 0.0, False
        rewards = [game.rewards[a] for a in game.possible_agents]
        house = game.infos[game.possible_agents[0]]["house"]
        finished = game.tienlen_env.round  # the round a plain Round plays from the same seed and actions
        replay = Round.deal(finished.rules, players=finished.players, seed=finished.seed)
        for action in finished.actions:
            replay = replay.apply(action)
        assert replay.to_dict() == finished.to_dict() and settle(replay.result, replay.rules) == game.settlement
        assert (tuple(rewards), house) == reward_net(replay.result, replay.rules)
        for _ in range(len(game.possible_agents)):
            game.step(None)
        game.reset()
        self.instant = self._past_instant_wins()
        return rewards, house, True


def highest_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The highest legal index per row: a run of triples or quads whenever one is legal."""
    del rng
    chosen: np.ndarray = (masks * np.arange(1, masks.shape[1] + 1)).argmax(axis=1)
    return chosen


def play_beside_shadows(
    rules: RuleSet, players: int, seed: int, tables: int, steps: int, pick: Callable[..., np.ndarray] = random_actions
) -> tuple[int, set[int]]:
    """Step the vector env and one PettingZoo shadow per table with the same indices (``pick``),
    checking every row at every step; returns how many rounds ended and the table kinds seen."""
    env = TienLenVectorEnv(rules, num_tables=tables, players=players)
    obs, infos = env.reset(seed=seed)
    shadows = [Shadow(rules, players, seed + i) for i in range(tables)]
    assert infos["instant_wins"].tolist() == [shadow.instant for shadow in shadows]
    rng = np.random.default_rng(seed)
    ended, kinds = 0, set()
    for _ in range(steps):
        kinds |= set(obs["observation"][:, OBSERVATION_OFFSETS["table_kind"]].ravel().tolist())
        for i, shadow in enumerate(shadows):
            game = shadow.game
            seat = game.tienlen_env.seat_of(game.agent_selection)
            assert obs["seat"][i] == seat
            expected = game.observe(game.agent_selection)
            assert np.array_equal(obs["observation"][i], expected["observation"])
            assert np.array_equal(obs["action_mask"][i], expected["action_mask"])
            round_ = env.round(i)
            assert round_.events == game.tienlen_env.round.events  # the same round, action for action
            view = round_.view(seat)
            assert obs["observation"][i, :OBSERVATION_LENGTH].tolist() == encode_observation(view)
            if not game.choice().chosen:  # at the start of a decision, the mask is the legal actions
                assert np.flatnonzero(obs["action_mask"][i]).tolist() == list(Choice.of(view.legal_actions).legal_indices())
        actions = pick(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        for i, shadow in enumerate(shadows):
            paid, house, over = shadow.step(int(actions[i]))
            assert terminated[i] == over
            assert rewards[i].tolist() == paid and infos["house"][i] == house
            assert infos["instant_wins"][i] == (shadow.instant if over else 0)
            ended += over
    return ended, kinds


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_tables_play_the_rounds_of_round_with_its_legal_actions_as_masks(rules: RuleSet, players: int) -> None:
    assert play_beside_shadows(rules, players, seed=40, tables=3, steps=150)[0] > 0


def test_runs_of_triples_and_quads_are_chosen_in_steps_as_the_pettingzoo_adapter_chooses_them() -> None:
    # seed 226 deals seat 2, who leads first, a run of two triples: the highest index plays it
    ended, kinds = play_beside_shadows(CUSTOM, 4, seed=226, tables=2, steps=150, pick=highest_actions)
    assert ended > 0 and 7 in kinds  # ComboKind.TRIPLE_RUN was on a table


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**63))
def test_tables_play_the_rounds_of_round_for_any_seed(config: tuple[RuleSet, int], seed: int) -> None:
    play_beside_shadows(*config, seed=seed, tables=2, steps=60)


def played_seeds(rules: RuleSet, players: int, table_seed: int, count: int) -> list[int]:
    """The seeds of the first ``count`` rounds a table seeded ``table_seed`` plays (instant wins dealt past)."""
    seeds = deal_seeds(table_seed, 3 * count + 10)
    return [s for s in seeds if not Round.deal(rules, players=players, seed=s).is_over][:count]


def test_a_finished_round_pays_every_seat_its_net_with_the_rake_kept_and_the_table_deals_its_next_seed_at_once() -> None:
    env = TienLenVectorEnv(IWIN, num_tables=2, players=4, unit=10)
    obs, _ = env.reset(seed=[1000, 2000])
    rng = np.random.default_rng(1)
    seeds: list[list[int | None]] = [[env.round(0).seed], [env.round(1).seed]]
    raked = False
    while min(map(len, seeds)) < 5:
        obs, rewards, terminated, _, infos = env.step(random_actions(obs["action_mask"], rng))
        for i in np.flatnonzero(terminated):
            assert rewards[i].sum() + infos["house"][i] == pytest.approx(0)
            raked = raked or infos["house"][i] > 0
            fresh = env.round(int(i))  # same-step auto-reset: the observation is already the next round's first decision
            assert fresh.actions == () and obs["seat"][i] == fresh.to_act
            assert obs["observation"][i, 2 : 2 + 52].sum() == 13 and obs["observation"][i, OBSERVATION_LENGTH - 1] == 0
            seeds[i].append(fresh.seed)
        assert (rewards[~terminated] == 0).all() and (infos["house"][~terminated] == 0).all()
    assert raked  # iwin takes 5% of what is won, kept exactly: some reward is not a whole number of units
    assert seeds[0][:5] == played_seeds(IWIN, 4, 1000, 5) and seeds[1][:5] == played_seeds(IWIN, 4, 2000, 5)


def test_each_table_is_seeded_on_its_own_and_an_int_seeds_table_i_with_seed_plus_i() -> None:
    env = TienLenVectorEnv(HOUSE, num_tables=3)
    env.reset(seed=[5, 9, 5])
    assert [env.round(i).seed for i in range(3)] == [5, 9, 5]
    assert env.round(0).dealt == Round.deal(HOUSE, seed=5).dealt == env.round(2).dealt
    obs_a, _ = env.reset(seed=20)
    assert [env.round(i).seed for i in range(3)] == [20, 21, 22]
    obs_b, _ = TienLenVectorEnv(HOUSE, num_tables=3).reset(seed=20)
    assert all(np.array_equal(obs_a[k], obs_b[k]) for k in obs_a)
    env.reset()  # without a seed: each table's next round in its own sequence
    assert [env.round(i).seed for i in range(3)] == [deal_seeds(20 + i, 2)[1] for i in range(3)]
    TienLenVectorEnv(HOUSE, num_tables=2).reset()  # never seeded: fresh seeds


def test_a_round_that_ends_at_the_deal_is_dealt_past_and_counted() -> None:
    instant = next(s for s in range(1000) if Round.deal(HOUSE, seed=s).is_over)
    env = TienLenVectorEnv(HOUSE, num_tables=2)
    _, infos = env.reset(seed=[instant, instant + 1 if not Round.deal(HOUSE, seed=instant + 1).is_over else 0])
    assert infos["instant_wins"].tolist()[0] >= 1
    assert env.round(0).seed == played_seeds(HOUSE, 4, instant, 1)[0] != instant
    assert not env.round(0).is_over


def test_worker_processes_give_what_one_process_gives_and_close_cleanly() -> None:
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    started = time.monotonic()
    local = TienLenVectorEnv(CUSTOM, num_tables=5, players=3)  # a rule set of one's own crosses to the workers
    with TienLenVectorEnv(CUSTOM, num_tables=5, players=3, workers=2) as pooled:
        a, _ = local.reset(seed=77)
        b, _ = pooled.reset(seed=77)
        for _ in range(120):
            assert all(np.array_equal(a[k], b[k]) for k in a)
            a, rewards_a, ended_a, _, infos_a = local.step(random_actions(a["action_mask"], rng_a))
            b, rewards_b, ended_b, _, infos_b = pooled.step(random_actions(b["action_mask"], rng_b))
            assert np.array_equal(rewards_a, rewards_b) and np.array_equal(ended_a, ended_b)
            assert all(np.array_equal(infos_a[k], infos_b[k]) for k in infos_a)
        with pytest.raises(IllegalPlay, match="table 0"):
            pooled.step(np.full(5, 999))  # refused in the parent: no worker moved
        after_b = pooled.step(random_actions(b["action_mask"], rng_b))[0]["observation"]
        assert np.array_equal(after_b, local.step(random_actions(a["action_mask"], rng_a))[0]["observation"])
        processes = list(pooled._processes)
        with pytest.raises(InvalidArgument, match="worker processes"):
            pooled.round(0)
    assert not any(p.is_alive() for p in processes)
    pooled.close()  # again: nothing to do
    with pytest.raises(IllegalPlay, match="closed"):
        pooled.step(np.zeros(5, np.int64))
    assert time.monotonic() - started < 60


def assert_reaped(pids: list[int]) -> None:
    """No process of ``pids`` is a child of this one any more, live or zombie: each has been waited for."""
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


@contextlib.contextmanager
def stopped(pid: int, seconds: float = 20) -> Iterator[None]:
    """Stop process ``pid`` (SIGSTOP) for the block; a watchdog kills it after ``seconds`` if it is
    still there, so a test of a wait that never ends (the bug) fails instead of hanging."""

    def kill() -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)

    os.kill(pid, signal.SIGSTOP)
    watchdog = threading.Timer(seconds, kill)
    watchdog.start()
    try:
        yield
    finally:
        watchdog.cancel()


def test_a_worker_that_dies_is_reported_at_once_and_the_env_closes() -> None:
    with TienLenVectorEnv(HOUSE, num_tables=4, workers=2) as pooled:
        obs, _ = pooled.reset(seed=1)
        pooled._processes[1].kill()
        pooled._processes[1].join(timeout=10)
        started = time.monotonic()
        with pytest.raises(RuntimeError, match=r"worker process 1 .* was killed by signal 9"):
            pooled.step(obs["action_mask"].argmax(axis=1))
        assert time.monotonic() - started < 10
        with pytest.raises(IllegalPlay, match="closed"):
            pooled.reset()
    assert not any(p.is_alive() for p in pooled._processes)


def test_a_worker_killed_by_sigkill_is_named_with_its_pid_and_signal_at_once_and_every_worker_is_reaped() -> None:
    # issue 40's reproducer: step raised ConnectionResetError
    env = TienLenVectorEnv("house", num_tables=4, workers=2)
    pids = [process.pid for process in env._processes]
    o, _ = env.reset(seed=1)
    os.kill(pids[1], signal.SIGKILL)
    started = time.monotonic()
    with pytest.raises(RuntimeError) as raised:
        env.step(o["action_mask"].argmax(1))
    assert time.monotonic() - started < 5
    assert f"worker process 1 (pid {pids[1]}, tables 2 to 3) was killed by signal 9 (SIGKILL)" in str(raised.value)
    assert_reaped(pids)
    env.close()  # again: nothing to do
    with pytest.raises(IllegalPlay, match="closed"):
        env.step(o["action_mask"].argmax(1))


@pytest.mark.parametrize("call", ["reset", "step"])
def test_a_stopped_worker_is_named_within_the_timeout_and_every_worker_is_reaped(call: str) -> None:
    env = TienLenVectorEnv("house", num_tables=4, workers=2, timeout=1)
    pids = [process.pid for process in env._processes]
    o, _ = env.reset(seed=1)
    started = time.monotonic()
    with stopped(pids[0]), pytest.raises(RuntimeError) as raised:
        env.reset() if call == "reset" else env.step(o["action_mask"].argmax(1))
    assert 1 <= time.monotonic() - started < 5
    assert f"worker process 0 (pid {pids[0]}, tables 0 to 1) gave no answer within 1 s" in str(raised.value)
    assert_reaped(pids)
    env.close()


def test_close_reaps_a_stopped_worker_without_hanging() -> None:
    env = TienLenVectorEnv("house", num_tables=3, workers=3)
    pids = [process.pid for process in env._processes]
    env.reset(seed=2)
    started = time.monotonic()
    with stopped(pids[2]):
        env.close()
    assert time.monotonic() - started < 8
    assert_reaped(pids)


def test_an_interrupted_call_closes_the_env_and_reaps_its_workers() -> None:
    # a step interrupted halfway (Ctrl-C) would leave the workers' answers out of step with the calls
    env = TienLenVectorEnv("house", num_tables=2, workers=2)
    pids = [process.pid for process in env._processes]
    o, _ = env.reset(seed=3)

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        with stopped(pids[1]), pytest.raises(KeyboardInterrupt):
            env.step(o["action_mask"].argmax(1))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert_reaped(pids)
    with pytest.raises(IllegalPlay, match="closed"):
        env.reset()


def test_workers_are_started_with_spawn_and_step() -> None:
    started = time.monotonic()
    with TienLenVectorEnv(HOUSE, num_tables=4, workers=2) as pooled:
        assert all(isinstance(process, multiprocessing.context.SpawnProcess) for process in pooled._processes)
        local = TienLenVectorEnv(HOUSE, num_tables=4)
        a, _ = local.reset(seed=5)
        b, _ = pooled.reset(seed=5)
        for _ in range(10):
            assert all(np.array_equal(a[k], b[k]) for k in a)
            a = local.step(a["action_mask"].argmax(1))[0]
            b = pooled.step(b["action_mask"].argmax(1))[0]
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("timeout", [0, -1, 0.0, float("nan"), float("inf"), 86_401, 10**400, True, "1", None])
def test_a_bad_timeout_is_refused_with_its_code(timeout: object) -> None:
    with pytest.raises(InvalidArgument, match="timeout") as raised:
        TienLenVectorEnv(HOUSE, num_tables=2, workers=1, timeout=timeout)  # type: ignore[arg-type]
    assert raised.value.code == "vector-bad-timeout"


@pytest.mark.parametrize("timeout", [1e-3, 1, 30.0, 86_400])
def test_a_timeout_above_0_up_to_a_day_is_accepted(timeout: float) -> None:
    assert TienLenVectorEnv(HOUSE, num_tables=2, timeout=timeout).timeout == timeout
    assert TienLenVectorEnv(HOUSE, num_tables=2).timeout == DEFAULT_TIMEOUT <= 60


def test_bad_actions_are_refused_with_the_table_and_the_legal_indices_and_move_no_table() -> None:
    env = TienLenVectorEnv(HOUSE, num_tables=3)
    with pytest.raises(IllegalPlay, match="reset"):
        env.step([0, 0, 0])
    obs, _ = env.reset(seed=8)
    rounds = [env.round(i) for i in range(3)]
    good = obs["action_mask"].argmax(axis=1)
    illegal = next(i for i in range(ACTION_SPACE_SIZE) if not obs["action_mask"][1, i])
    for actions, error, words in [
        (good[:2], InvalidArgument, r"one whole action index per table, shape \(3,\)"),
        (good.reshape(3, 1), InvalidArgument, "shape"),
        (good.astype(float), InvalidArgument, "whole action index"),
        ("abc", InvalidArgument, "whole action index"),
        ([good[0], illegal, good[2]], IllegalPlay, rf"table 1 \(seat {obs['seat'][1]}\): action index {illegal} .* legal: "),
        ([good[0], good[1], -1], IllegalPlay, f"table 2 .*indices run from 0 to {ACTION_SPACE_SIZE - 1}"),
        ([good[0], good[1], ACTION_SPACE_SIZE], IllegalPlay, f"table 2 .*indices run from 0 to {ACTION_SPACE_SIZE - 1}"),
    ]:
        with pytest.raises(error, match=words):
            env.step(actions)
        assert [env.round(i) for i in range(3)] == rounds  # no table moved
    twin = TienLenVectorEnv(HOUSE, num_tables=3)
    twin.reset(seed=8)
    a, b = env.step(good)[0], twin.step(good)[0]
    assert all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"num_tables": 0}, "num_tables"),
        ({"players": 5}, "players"),
        ({"workers": -1}, "workers"),
        ({"workers": 3, "num_tables": 2}, "workers"),
        ({"rules": "no such"}, "no such"),
        ({"unit": 0}, "unit"),
    ],
)
def test_bad_arguments_are_refused_naming_the_argument(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        TienLenVectorEnv(**kwargs)  # type: ignore[arg-type]


def test_bad_seeds_are_refused() -> None:
    env = TienLenVectorEnv(HOUSE, num_tables=2)
    for seed in (-1, [1], [1, 2, 3], "7", [1, -2], 2**64 - 1, True):
        with pytest.raises(InvalidArgument, match="seed"):
            env.reset(seed=seed)  # type: ignore[arg-type]
    assert OBSERVATION_SIZE == 450


def test_the_training_example_runs_at_tiny_size_and_draws_its_learning_curve(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason=skip_reason("matplotlib"))
    script = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"
    curve = tmp_path / "curve.png"
    done = subprocess.run(
        [sys.executable, str(script), "--rounds", "30", "--tables", "4", "--plot", str(curve)],
        cwd=tmp_path,
        capture_output=True,
        encoding="utf-8",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "trained on 30 rounds" in done.stdout and "learning curve written to" in done.stdout
    assert curve.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
