"""Define a house variant in TOML, load it, and compare it with the `house` profile."""

from __future__ import annotations

from pathlib import Path

from tienlen import HOUSE
from tienlen.players.agents import GreedyAgent, play_round
from tienlen.players.compare import compare, compare_round
from tienlen.variants.loading import load_rules


def main() -> None:
    family = load_rules(Path(__file__).with_name("my_house.toml"))
    print(compare(HOUSE, family))
    print()
    round_ = play_round(HOUSE, [GreedyAgent()] * 4, seed=31)
    for verdict in compare_round(round_, [HOUSE, family], unit=1000):
        outcome = verdict.settlement.net if verdict.settlement else verdict.reason
        print(f"{verdict.rules:>8}: {outcome}")


if __name__ == "__main__":
    main()
