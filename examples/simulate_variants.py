"""Play the same seeded deals under every profile with the bundled bots and compare what happens."""

from __future__ import annotations

from tienlen import PROFILES
from tienlen.players.simulate import format_stats, simulate


def main() -> None:
    stats = simulate(list(PROFILES.values()), rounds=40, seed=7, bots=("greedy", "random"))
    print(format_stats(stats))


if __name__ == "__main__":
    main()
