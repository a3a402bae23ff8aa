"""Train a small policy-gradient agent against random play with ``tienlen.learning.vector`` (extra ``rl``;
``--plot`` also needs ``plot``).

The learner sits at seat 0 of every table and the other seats play uniformly at random among their
legal indices. Its policy is linear: one score per action index from the scaled observation, a
softmax over the legal indices only. After each round it has played it takes a REINFORCE step:
every decision it made in that round is pushed towards (or away from) the index it chose, in
proportion to the round's reward minus a running average of rewards. Everything is NumPy.

    python examples/train_reinforce.py                                  # a smoke run of a few seconds
    python examples/train_reinforce.py --rounds 30000 --plot curve.png  # a few minutes, with the learning curve
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

# The policy's matrices are small: one BLAS thread is faster than several fighting the tables for the cores.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402  (after the thread settings, which numpy reads when it loads)
from numpy.typing import NDArray  # noqa: E402

from tienlen.learning.actionspace import ACTION_SPACE_SIZE  # noqa: E402
from tienlen.learning.observation import OBSERVATION_LENGTH, OBSERVATION_OFFSETS  # noqa: E402
from tienlen.learning.vector import OBSERVATION_SIZE, TienLenVectorEnv  # noqa: E402

Floats = NDArray[np.float64]

LEARNER = 0
"""The learner's seat at every table."""


def feature_scale() -> Floats:
    """What each observation column is divided by, so every feature is about -1 … 1."""
    scale = np.ones(OBSERVATION_SIZE)
    for field, largest in (("seat", 3), ("players", 4), ("card_counts", 13), ("table_kind", 8), ("table_length", 13)):
        scale[OBSERVATION_OFFSETS[field]] = largest
    for field in ("to_act", "table_seat", "leader", "finished", "frozen", "forfeited"):
        scale[OBSERVATION_OFFSETS[field]] = 3
    scale[OBSERVATION_OFFSETS["trick_number"]] = 40
    scale[OBSERVATION_OFFSETS["chops_in_trick"]] = 4
    scale[OBSERVATION_LENGTH] = ACTION_SPACE_SIZE  # the span of the run being chosen
    return scale


class LinearPolicy:
    """Scores ``weights @ features + bias`` for each action index; a softmax over the legal ones."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0, 0.01, (ACTION_SPACE_SIZE, OBSERVATION_SIZE + 1))  # the last column is the bias
        self.scale = feature_scale()

    def features(self, observations: NDArray[np.int16]) -> Floats:
        x = observations / self.scale
        return np.concatenate([x, np.ones((len(x), 1))], axis=1)

    def probabilities(self, features: Floats, masks: NDArray[np.int8]) -> Floats:
        scores = features @ self.weights.T
        scores = np.where(masks == 1, scores, -np.inf)
        scores -= scores.max(axis=1, keepdims=True)
        odds = np.exp(scores)
        result: Floats = odds / odds.sum(axis=1, keepdims=True)
        return result


def sample(probabilities: Floats, rng: np.random.Generator) -> NDArray[np.int64]:
    """One index per row, drawn from its probabilities."""
    cumulative = probabilities.cumsum(axis=1)
    draws = rng.random((len(probabilities), 1)) * cumulative[:, -1:]
    chosen: NDArray[np.int64] = np.minimum((cumulative < draws).sum(axis=1), ACTION_SPACE_SIZE - 1).astype(np.int64)
    return chosen


def train(rounds: int, tables: int, learning_rate: float, seed: int, workers: int) -> list[float]:
    """Play until ``rounds`` rounds have ended; the learner's reward in each, in the order they ended."""
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(rng)
    baseline = 0.0
    # the learner's decisions in the round in play at each table: (features, chosen one-hot minus probabilities)
    trail: list[list[tuple[Floats, Floats]]] = [[] for _ in range(tables)]
    returns: list[float] = []
    with TienLenVectorEnv("house", num_tables=tables, players=4, workers=workers) as env:
        obs, _ = env.reset(seed=seed)
        while len(returns) < rounds:
            masks = obs["action_mask"]
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)  # random play for the other seats
            mine = np.flatnonzero(obs["seat"] == LEARNER)
            if len(mine):
                features = policy.features(obs["observation"][mine])
                probabilities = policy.probabilities(features, masks[mine])
                chosen = sample(probabilities, rng)
                actions[mine] = chosen
                direction = -probabilities
                direction[np.arange(len(mine)), chosen] += 1
                for row, table in enumerate(mine):
                    trail[table].append((features[row], direction[row]))
            obs, rewards, terminated, _, _ = env.step(actions)
            if not terminated.any():
                continue
            gradient = np.zeros_like(policy.weights)
            for table in np.flatnonzero(terminated):
                reward = float(rewards[table, LEARNER])
                returns.append(reward)
                if trail[table]:
                    features_seen = np.array([f for f, _ in trail[table]])
                    directions = np.array([d for _, d in trail[table]])
                    gradient += (reward - baseline) * directions.T @ features_seen
                baseline += 0.01 * (reward - baseline)
                trail[table] = []
            policy.weights += learning_rate * gradient / tables
    return returns[:rounds]


def random_level(rounds: int, tables: int, seed: int) -> float:
    """The mean reward of seat 0 when it too plays at random, on the same deals."""
    rng = np.random.default_rng(seed)
    total, ended = 0.0, 0
    with TienLenVectorEnv("house", num_tables=tables, players=4) as env:
        obs, _ = env.reset(seed=seed)
        while ended < rounds:
            masks = obs["action_mask"]
            obs, rewards, terminated, _, _ = env.step((rng.random(masks.shape) * masks).argmax(axis=1))
            total += float(rewards[terminated, LEARNER].sum())
            ended += int(terminated.sum())
    return total / ended


def moving_average(values: list[float], window: int) -> Floats:
    series = np.asarray(values, dtype=np.float64)
    window = max(1, min(window, len(series)))
    averaged: Floats = np.convolve(series, np.ones(window) / window, mode="valid")
    return averaged


def plot(returns: list[float], random_mean: float, window: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 3.6))
    curve = moving_average(returns, window)
    axes.plot(np.arange(len(curve)) + window, curve, label=f"learner (mean of the last {window:,} rounds)")
    axes.axhline(random_mean, color="grey", linestyle="--", label="seat 0 playing at random")
    axes.set_xlabel("rounds played")
    axes.set_ylabel("reward per round (entries)")
    axes.set_title("REINFORCE, linear policy, against three random players (house, 4 players)")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds to train for")
    parser.add_argument("--tables", type=int, default=8, help="tables stepped together")
    parser.add_argument("--workers", type=int, default=0, help="worker processes for the tables")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, help="write the learning curve to this image file")
    args = parser.parse_args()
    started = time.perf_counter()
    returns = train(args.rounds, args.tables, args.learning_rate, args.seed, args.workers)
    trained = time.perf_counter() - started
    tail = returns[-max(1, len(returns) // 5) :]
    random_mean = random_level(min(args.rounds, 5000), args.tables, args.seed + 1)
    print(f"trained on {len(returns):,} rounds in {trained:.0f} s")
    print(f"learner's mean reward over its first {len(tail):,} rounds: {np.mean(returns[: len(tail)]):+.3f}")
    print(f"learner's mean reward over its last {len(tail):,} rounds: {np.mean(tail):+.3f}")
    print(f"seat 0 playing at random: {random_mean:+.3f}")
    if args.plot:
        plot(returns, random_mean, max(1, len(returns) // 20), args.plot)
        print(f"learning curve written to {args.plot}")


if __name__ == "__main__":
    main()
