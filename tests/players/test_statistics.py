"""Simulations and their statistics: seeded and deterministic whatever the workers, the same deals
for every profile, plain wins, estimates, and a small run computed by hand."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys

import attrs
import pytest
from memory import STOPPED_AT_ONCE, fresh, traced

from tienlen import (
    COUNTING,
    FACEOFF,
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    RuleSet,
)
from tienlen.errors import InvalidArgument
from tienlen.money.settle import settle
from tienlen.players.agents import make_agent, play_round
from tienlen.players.simulate import Estimate, ProfileStats, Run, format_stats, plain_win, round_seed, seating, simulate


@pytest.mark.parametrize(
    ("rules", "players", "worth"),
    [
        (HOUSE, 2, 4),  # 2nd pays 1st one stake = 4 entries
        (HOUSE, 3, 6),  # 3rd pays 1st 4 entries, 2nd pays 1st 2
        (HOUSE, 4, 4),  # 4th pays 1st 4 entries (3rd pays 2nd, not 1st)
        (NORTHERN, 4, 6),  # 2nd, 3rd and 4th pay 1, 2 and 3 bets
        (IWIN, 4, 2),  # 4th pays 1st 2 bets
        (FACEOFF, 4, 6),  # 3 points against an average of 1.5, times 4 players
        (PAGAT, 4, 4),  # 1 point against an average of 0, times 4 players
    ],
)
def test_plain_win_is_what_first_place_collects_in_a_plain_round(rules: RuleSet, players: int, worth: int) -> None:
    assert plain_win(rules, players) == worth


def test_plain_win_scales_with_the_unit_but_points_do_not() -> None:
    assert plain_win(HOUSE, 4, unit=1000) == 4000
    assert plain_win(PAGAT, 4, unit=1000) == 4


def test_plain_win_under_card_count_scoring_is_one_card_from_each_loser() -> None:
    # counting: 1 bet a card; three losers each holding one card that is not a 2
    assert plain_win(COUNTING, 4) == 3
    assert plain_win(COUNTING, 2, unit=1000) == 1000


def test_estimate_of_four_written_out_results() -> None:
    # Results 2, -4, 4, -2 chips in a room where a plain win is 4 chips: 0.5, -1, 1, -0.5 plain wins.
    e = Estimate.of(4, total=0, squares=4 + 16 + 16 + 4, scale=4)
    assert e.mean == 0.0
    assert e.sd == pytest.approx(math.sqrt((0.25 + 1 + 1 + 0.25) / 3))  # 0.9129
    assert (e.low, e.high) == pytest.approx((-1.96 * e.sd / 2, 1.96 * e.sd / 2))  # ±0.8946


def test_estimate_of_one_round_has_no_spread() -> None:
    assert Estimate.of(1, total=6, squares=36, scale=4) == Estimate(mean=1.5, sd=0.0, low=1.5, high=1.5)


def test_statistics_match_a_small_run_computed_by_hand() -> None:
    rounds, seed = 5, 11
    (stats,) = simulate([IWIN], rounds=rounds, seed=seed)
    nets, moved, plies, greedy = [], [], [], []
    for index in range(rounds):
        deal = round_seed(seed, index)
        # The bots rotate: round i puts greedy in seats i and i + 2 (mod 4), random in the others.
        seated = ["greedy" if (s - index) % 2 == 0 else "random" for s in range(4)]
        agents = [make_agent(bot, deal + s) for s, bot in enumerate(seated)]
        result = play_round(IWIN, agents, seed=deal).result
        net = settle(result, IWIN, unit=1).net
        nets.append([v / 2 for v in net])  # a plain win in iwin is 2 bets
        greedy.append(sum(v / 2 for v, bot in zip(net, seated, strict=True) if bot == "greedy") / 2)
        moved.append(sum(v for v in net if v > 0) / 2)
        plies.append(sum(1 for e in result.events if type(e).__name__ in ("Played", "Passed")))
    for seat, estimate in enumerate(stats.seat_results):
        column = [n[seat] for n in nets]
        assert estimate.mean == pytest.approx(statistics.mean(column))
        assert estimate.sd == pytest.approx(statistics.stdev(column))
        assert estimate.high - estimate.mean == pytest.approx(1.96 * statistics.stdev(column) / math.sqrt(rounds))
    assert stats.money.mean == pytest.approx(statistics.mean(moved))
    assert stats.money.sd == pytest.approx(statistics.stdev(moved))
    assert stats.length.mean == pytest.approx(statistics.mean(plies))
    means = [statistics.mean(n[s] for n in nets) for s in range(4)]
    assert stats.seat_advantage == pytest.approx(max(means) - min(means))
    assert sum(e.mean for e in stats.seat_results) <= 0  # the rake leaves the table
    assert stats.agents == ("greedy", "random") and stats.agent_seats == (2, 2)
    assert stats.agent_results[0].mean == pytest.approx(statistics.mean(greedy))
    assert stats.agent_results[0].sd == pytest.approx(statistics.stdev(greedy))


def test_bots_rotate_over_the_seats_unless_told_not_to() -> None:
    assert [seating(("greedy", "random"), 4, i)[0] for i in range(4)] == ["greedy", "random", "greedy", "random"]
    assert seating(("a", "b", "c", "d"), 4, 1) == ("d", "a", "b", "c")
    assert seating(("greedy", "random"), 4, 1, rotate=False) == ("greedy", "random", "greedy", "random")
    (fixed,) = simulate([HOUSE], rounds=40, seed=2, rotate=False)
    (rotating,) = simulate([HOUSE], rounds=40, seed=2)
    # In fixed seats the seat results are the bots' results; rotating, the bots' results stay and the seats level out.
    assert fixed.seat_advantage > rotating.seat_advantage
    assert fixed.agent_results[0].mean > 0 and rotating.agent_results[0].mean > 0
    old = Run(rule_sets=(HOUSE,), rounds=2).to_mapping()
    del old["rotate"]  # a report written before bots rotated replays in fixed seats
    assert Run.from_mapping(old).rotate is False


def test_the_text_keeps_the_bots_figures_in_one_column_whatever_their_names() -> None:
    stats = simulate([HOUSE], rounds=8, bots=("greedy-plan", "greedy", "random"))
    rows = [line for line in format_stats(stats).splitlines() if " per seat " in line]
    assert len(rows) == 3 and len({row.index(" per seat ") for row in rows}) == 1
    assert len({row.index("[") for row in rows}) == 1


def test_the_text_reads_in_vietnamese_with_its_columns_kept() -> None:
    stats = simulate([HOUSE], rounds=8, bots=("greedy-plan", "greedy", "random"))
    text = format_stats(stats, lang="vi")
    rows = [line for line in text.splitlines() if " (trung bình mỗi ghế) " in line]
    assert len(rows) == 3 and len({row.index("[") for row in rows}) == 1 and all(len(line) <= 80 for line in text.splitlines())
    assert text.splitlines()[0] == "house: 8 ván, 4 người chơi; 1 lần thắng thường = 4 chip"
    e = stats[0].seat_results[0]
    assert f"[{e.low:+.3f}; {e.high:+.3f}]".replace(".", ",") in text  # decimal commas, the bounds apart with ;
    assert "(kết quả tính bằng số lần thắng thường:" in text and "per round" not in text


def test_a_run_description_round_trips_and_replays() -> None:
    run = Run(rule_sets=(HOUSE, PAGAT), rounds=3, seed=4, bots=("greedy",))
    again = Run.from_mapping(run.to_mapping())
    assert again == run and again.play() == run.play()
    assert run.report(run.play())["run"]["seats"] == ["greedy"] * 4


def test_a_run_description_must_be_complete() -> None:
    with pytest.raises(InvalidArgument, match="not a simulation run description"):
        Run.from_mapping({"rules": [], "rounds": 3})
    with pytest.raises(InvalidArgument, match="rule_sets must be a non-empty sequence"):
        Run.from_mapping({"rules": [], "rounds": 3, "seed": 0, "players": 4, "bots": ["greedy"], "unit": 1})


def test_progress_counts_every_round_of_every_rule_set() -> None:
    seen: list[tuple[str, int, int]] = []
    simulate([HOUSE, NORTHERN], rounds=3, seed=1, progress=lambda *a: seen.append(a))
    assert seen[-1] == ("northern", 6, 6) and [done for _, done, _ in seen] == sorted(done for _, done, _ in seen)


def test_simulation_is_deterministic_for_a_seed_whatever_the_workers() -> None:
    one = simulate([HOUSE, IWIN], rounds=12, seed=5)
    two = simulate([HOUSE, IWIN], rounds=12, seed=5, workers=2)
    assert one == two
    assert simulate([HOUSE], rounds=12, seed=6) != one[:1]


def test_simulation_counts_what_happened() -> None:
    (stats,) = simulate([NORTHERN], rounds=30, seed=1)
    assert stats.rounds == 30 and stats.plies > 30 * 13
    assert stats.chops >= stats.chains >= (1 if stats.chops else 0)
    assert stats.moved > 0 and stats.currency == "bets" and stats.scale == 6
    assert sum(count for _, count in stats.moved_counts) == 30
    text = format_stats([stats])
    assert text.splitlines()[0] == "northern: 30 rounds, 4 players; 1 plain win = 6 bets"


def test_simulation_uses_the_same_deals_for_every_profile() -> None:
    a, b = simulate([HOUSE, attrs.evolve(HOUSE, name="copy")], rounds=8, seed=2)
    assert attrs.evolve(b, rules="house") == a


def test_simulation_refuses_bad_settings() -> None:
    with pytest.raises(InvalidArgument, match="faceoff is played by 4 players, not 3"):
        simulate([FACEOFF], rounds=1, players=3)
    with pytest.raises(InvalidArgument, match="unknown bot"):
        simulate([HOUSE], rounds=1, bots=("oracle",))
    with pytest.raises(InvalidArgument, match="rounds must be a whole number from 1"):
        simulate([HOUSE], rounds=0)
    with pytest.raises(InvalidArgument, match="workers must be a whole number from 1"):
        simulate([HOUSE], rounds=1, workers=0)


def test_stats_add_up() -> None:
    a = ProfileStats(
        rules="house",
        currency="chips",
        scale=4,
        players=2,
        rounds=2,
        chops=1,
        longest_chain=1,
        seat_totals=(4, -4),
        moved_counts=((4, 2),),
    )
    b = ProfileStats(
        rules="house",
        currency="chips",
        scale=4,
        players=2,
        rounds=3,
        chops=2,
        longest_chain=2,
        seat_totals=(-8, 8),
        moved_counts=((4, 1), (8, 2)),
    )
    total = a + b
    assert (total.rounds, total.chops, total.longest_chain) == (5, 3, 2)
    assert total.seat_totals == (-4, 4) and total.moved_counts == ((4, 3), (8, 2))
    with pytest.raises(InvalidArgument):
        a + ProfileStats(rules="iwin", currency="bets", scale=2, players=2, rounds=1)


def test_stats_json_shape() -> None:
    (stats,) = simulate([PAGAT], rounds=2, seed=0)
    data = json.loads(json.dumps(stats.to_mapping()))
    assert data["rules"] == "pagat" and data["statistics"]["currency"] == "plain wins"
    assert len(data["statistics"]["seats"]) == 4


def test_a_simulation_holds_no_more_memory_for_four_times_the_rounds() -> None:
    """Played here, what it holds between chunks does not grow with the rounds; played on worker
    processes, this process's peak does not either. (The peak here grows with the chunk, up to
    100 rounds, by the interpreter's free lists: see tests/memory.py.)"""
    few = traced(lambda progress: simulate([HOUSE], rounds=24, seed=5, progress=progress))
    many = traced(lambda progress: simulate([HOUSE], rounds=96, seed=5, progress=progress))
    assert many.held <= few.held + 4_096
    few = traced(lambda progress: simulate([HOUSE], rounds=16, seed=5, workers=2, progress=progress))
    many = traced(lambda progress: simulate([HOUSE], rounds=64, seed=5, workers=2, progress=progress))
    assert many.peak <= few.peak * 1.2 + 16_384 and many.held <= few.held + 16_384  # pool and pipe buffers vary by a few KiB


@pytest.mark.parametrize("workers", [1, 2])
def test_a_simulation_of_a_billion_rounds_plays_its_first_chunk_at_once_in_little_memory(workers: int) -> None:
    """10**9 rounds under two rule sets: the first chunk of 100 rounds is played and reported
    within seconds, in a few MiB (it built 2 * 10**7 jobs first: 2.3 GiB after 20 s)."""
    call = f"simulate([HOUSE, IWIN], rounds=10**9, seed=1, workers={workers}, progress=stop)"
    seen = fresh(STOPPED_AT_ONCE.format(call=call))
    assert (seen["done"], seen["total"]) == (100, 2 * 10**9)
    assert seen["seconds"] < 30 and seen["peak"] < 4 << 20


def test_a_simulation_on_two_spawned_processes_from_a_fresh_interpreter_equals_one_played_here() -> None:
    """The spawn start method (issue 43): ``python -m tienlen simulate --workers 2`` starts its
    processes with ``spawn`` (as on macOS and Windows), and they play what one process plays."""
    command = [
        sys.executable,
        "-m",
        "tienlen",
        "simulate",
        "--rules",
        "house,northern",
        "--rounds",
        "6",
        "--seed",
        "3",
        "--quiet",
    ]
    two = subprocess.run([*command, "--workers", "2"], capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    one = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert (two.returncode, two.stderr) == (0, "") and two.stdout == one.stdout
    assert "house: 6 rounds" in two.stdout and "northern: 6 rounds" in two.stdout
