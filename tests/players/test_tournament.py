"""Duplicate tournaments: every seating of every deal, intervals that separate agents of known strength."""

from __future__ import annotations

import contextlib
import json
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from memory import STOPPED_AT_ONCE, fresh, limit_memory, traced

from tienlen import COUNTING, FACEOFF, HOUSE, InvalidArgument, RuleSet, TienLenError
from tienlen.cli import main
from tienlen.players.search import SearchAgent
from tienlen.players.tournament import PassingAgent, agent_from_spec, play_deals, ratings, summarise, tournament


def test_each_deal_is_played_in_every_seating_with_the_same_cards() -> None:
    games = play_deals(HOUSE, ("random", "greedy", "greedy", "greedy"), seed=4, start=0, stop=3)
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for deal, seating, money, places in games:
        by_deal.setdefault(deal, []).append(seating)
        assert sum(money) == 0 and sorted(places) == [1, 2, 3, 4]
    for seatings in by_deal.values():
        assert sorted(s.index("random") for s in seatings) == [0, 1, 2, 3]  # the bot sat in every seat once
    three = play_deals(HOUSE, ("greedy", "random", "passer"), seed=4, start=0, stop=1)
    assert len({seating for _, seating, _, _ in three}) == 6  # every permutation of three different bots


def test_a_player_that_always_passes_loses_to_greedy_with_the_interval_excluding_zero() -> None:
    t = tournament(HOUSE, ["greedy", "passer", "passer", "passer"], deals=12, seed=2)
    greedy, passer = t.results
    assert t.seatings == 4 and t.games == 4 * (t.deals - t.skipped)
    assert greedy.money.low > 0 > passer.money.high
    assert greedy.first.mean > 0.9 and greedy.rating > passer.rating
    (pair,) = t.pairs
    assert (pair.a, pair.b) == ("greedy", "passer") and pair.money.low > 0


def test_two_player_money_is_zero_sum_and_greedy_beats_random() -> None:
    t = tournament(COUNTING, ["greedy", "random"], deals=20, seed=3)
    assert t.results[0].money.mean == pytest.approx(-t.results[1].money.mean)
    assert t.pairs[0].money.low > 0


def test_results_do_not_depend_on_the_processes() -> None:
    one = tournament(HOUSE, ["greedy", "random", "passer"], deals=6, seed=9)
    two = tournament(HOUSE, ["greedy", "random", "passer"], deals=6, seed=9, workers=2)
    assert one == two


def test_ratings_follow_the_wins() -> None:
    games = [(0, ("a", "b"), (1.0, -1.0), (1, 2))] * 30 + [(0, ("a", "b"), (-1.0, 1.0), (2, 1))] * 10
    r = ratings(games, ["a", "b"])
    assert r["a"] > 1500 > r["b"]
    assert r["a"] - r["b"] == pytest.approx(400 * 2 * 0.2386, abs=30)  # about log10(3) * 400 for 3:1


def test_bad_line_ups_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        tournament(HOUSE, ["greedy"], deals=1)
    with pytest.raises(InvalidArgument):
        tournament(HOUSE, ["greedy", "greedy"], deals=1)
    with pytest.raises(InvalidArgument):
        tournament(HOUSE, ["greedy", "wizard"], deals=1)
    with pytest.raises(InvalidArgument):
        agent_from_spec("search:x")
    with pytest.raises(InvalidArgument):
        agent_from_spec("greedy:2")
    with pytest.raises(InvalidArgument, match="faceoff is played by 4 players"):
        tournament(FACEOFF, ["greedy", "random"], deals=1)
    assert isinstance(agent_from_spec("passer"), PassingAgent)


def test_cli_tournament_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "greedy,passer", "--deals", "4", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    (t,) = data["tournaments"]
    assert t["rules"] == "house" and [r["name"] for r in t["results"]] == ["greedy", "passer"]
    assert main(["tournament", "--agents", "greedy,wizard", "--deals", "1"]) == 2


def test_the_text_table_keeps_its_columns_for_long_entrant_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "greedy-plan,greedy", "--deals", "4", "--quiet"]) == 0
    header, *rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")][:3]
    figures = [re.search(r" [+-]\d", row) for row in rows]  # each entrant's money
    assert [found.start() if found else None for found in figures] == [header.index(" money")] * 2


def test_the_vietnamese_table_keeps_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "greedy-plan,greedy", "--deals", "4", "--quiet", "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    header, *rows = [line for line in out.splitlines() if line.startswith("  ")][:3]
    figures = [re.search(r" [+-]\d", row) for row in rows]
    assert header.split()[:3] == ["bot", "tiền", "mỗi"] and "về nhất" in header
    assert [found.start() if found else None for found in figures] == [header.index(" tiền")] * 2
    assert "mỗi lần chia (" in out and "(khoảng tin cậy 95%" in out and "per deal" not in out


@pytest.mark.slow
def test_search_beats_greedy_in_a_reduced_duplicate_tournament() -> None:
    # The aim (>= 55% first places over 500 deals x 4 seatings) is measured by benchmarks; here a
    # reduced run that CI can afford checks the direction with intervals: level 1's money and
    # first places are above a neutral player's (0 and 25%) with their intervals.
    t = tournament(HOUSE, ["search:1", "greedy", "greedy", "greedy"], deals=16, seed=1, workers=2)
    search, greedy = t.results
    assert search.money.low > 0 and search.first.low > 0.25
    assert search.rating > greedy.rating


@pytest.mark.parametrize(
    ("rules", "line_up", "deals"),
    [(HOUSE, ("greedy", "random", "passer"), 6), (FACEOFF, ("greedy", "random", "random", "passer"), 3)],
)
def test_the_running_sums_give_what_every_game_of_every_deal_gives(rules: RuleSet, line_up: tuple[str, ...], deals: int) -> None:
    """The tournament keeps only sums; summarising every game, in any order, gives the same
    tournament, and its estimates are those of each entrant's mean over its seats on each deal."""
    games = play_deals(rules, line_up, seed=9, start=0, stop=deals)
    t = tournament(rules, list(line_up), deals=deals, seed=9)
    assert (
        t
        == summarise(rules, line_up, 9, deals, games)
        == summarise(rules, line_up, 9, deals, random.Random(1).sample(games, len(games)))
    )
    per_deal: dict[int, dict[str, list[float]]] = {}
    for deal, seating, money, _ in games:
        for seat, spec in enumerate(seating):
            per_deal.setdefault(deal, {}).setdefault(spec, []).append(money[seat])
    for result in t.results:
        means = [statistics.fmean(row[result.name]) for row in per_deal.values()]
        assert result.money.mean == pytest.approx(statistics.fmean(means), rel=1e-12, abs=1e-12)
        assert result.money.sd == pytest.approx(statistics.stdev(means), rel=1e-12, abs=1e-12)
    for pair in t.pairs:
        differences = [statistics.fmean(row[pair.a]) - statistics.fmean(row[pair.b]) for row in per_deal.values()]
        assert pair.money.mean == pytest.approx(statistics.fmean(differences), rel=1e-12, abs=1e-12)
        assert pair.money.sd == pytest.approx(statistics.stdev(differences), rel=1e-12, abs=1e-12)
    assert t.results[0].rating == ratings(games, [r.name for r in t.results])[t.results[0].name]


def test_a_tournament_holds_no_more_memory_for_four_times_the_deals() -> None:
    """Its peak, and what it holds between chunks of deals, do not grow with the deals (it kept
    every game until the end: 68 KiB at 40 deals, 262 KiB at 160)."""
    few = traced(lambda progress: tournament(HOUSE, ["random", "greedy"], deals=40, seed=5, progress=progress))
    many = traced(lambda progress: tournament(HOUSE, ["random", "greedy"], deals=160, seed=5, progress=progress))
    assert (few.chunks, many.chunks) == (4, 16)  # chunks of 10 deals in both
    assert many.peak <= few.peak * 1.2 + 16_384
    assert many.held <= few.held + 4_096


@pytest.mark.parametrize("workers", [1, 2])
def test_a_tournament_of_a_billion_deals_plays_its_first_deals_at_once_in_little_memory(workers: int) -> None:
    """10**9 deals, the most allowed: the first chunk is played and reported within seconds, in
    a few MiB (it built 10**8 jobs first: 3.3 GiB after 25 s), and stopping it there returns."""
    call = f"tournament(HOUSE, ['random', 'greedy'], deals=10**9, seed=1, workers={workers}, progress=stop)"
    seen = fresh(STOPPED_AT_ONCE.format(call=call))
    assert (seen["done"], seen["total"]) == (20, 2 * 10**9)  # the first chunk: 10 deals in 2 seatings
    assert seen["seconds"] < 30 and seen["peak"] < 4 << 20


def test_the_command_line_starts_a_billion_deal_tournament_at_once_in_little_memory() -> None:
    """The issue's command: its first progress line comes (after the 5 s a log waits between lines)
    with the process holding less than 100 MiB at its most (3.3 GiB after 25 s before)."""
    command = [sys.executable, "-m", "tienlen", "tournament", "--deals", "1000000000", "--agents", "random,greedy"]
    with subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, encoding="utf-8", preexec_fn=limit_memory
    ) as running:
        try:
            began = time.monotonic()
            assert running.stderr is not None
            line = running.stderr.readline()  # the first progress line, or the end of a failed run
            seconds = time.monotonic() - began
            status = Path(f"/proc/{running.pid}/status").read_text(encoding="utf-8")
        finally:
            running.kill()
    assert re.match(r"house: \d+/2000000000 rounds", line), line
    most = int(re.findall(r"VmHWM:\s+(\d+) kB", status)[0]) * 1024
    assert seconds < 60 and most < 100 << 20


@pytest.mark.parametrize("level", ["²", "1" * 5000, "٣", "３", "0", "6", "-1", "+3", " 3", "3.0", "x"])
def test_a_search_level_is_one_to_five_in_ascii_digits(level: str) -> None:
    with pytest.raises(InvalidArgument) as refused:
        agent_from_spec(f"search:{level}")
    assert refused.value.code == "search-level-must-whole-number"
    assert "a whole number from 1 to 5 in ASCII digits" in str(refused.value)


def test_a_search_level_in_ascii_digits_names_that_level() -> None:
    assert [agent_from_spec(f"search:{text}") for text in ("1", "3", "05")] == [
        SearchAgent(level=1),
        SearchAgent(level=3),
        SearchAgent(level=5),
    ]


@pytest.mark.parametrize("level", ["²", "1" * 5000, "٣"])
def test_the_command_line_refuses_a_search_level_in_other_digits(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", f"search:{level},greedy", "--deals", "1", "--quiet"]) == 2
    assert "search level must be a whole number from 1 to 5 in ASCII digits" in capsys.readouterr().err


@given(st.text(max_size=12) | st.text(max_size=12).map("search:".__add__))
def test_any_spec_names_an_agent_or_is_refused_by_the_library(spec: str) -> None:
    try:
        agent = agent_from_spec(spec)
    except TienLenError:
        return
    assert hasattr(agent, "act")


class Enough(Exception):
    """Raised by :func:`stop_at_first_chunk` to end a tournament after its first chunk."""


def stop_at_first_chunk(label: str, done: int, total: int) -> None:
    raise Enough(done, total)


FAST_OR_WRONG_SPECS = st.sampled_from(
    ["greedy", "random", "passer", "greedy-plan", "search:²", "search:٣", "wizard", ""]
) | st.text(max_size=8).filter(lambda text: not text.startswith("search"))


@settings(max_examples=40)
@given(
    line_up=st.lists(st.sampled_from(["greedy", "random", "passer"]), min_size=2, max_size=4)
    | st.lists(FAST_OR_WRONG_SPECS, max_size=5)
    | st.text(max_size=8)
    | st.integers()
    | st.none(),
    deals=st.integers(1, 10**9) | st.just(10**9) | st.integers() | st.booleans() | st.floats() | st.none(),
    seed=st.integers(0, 2**64 - 1) | st.integers() | st.booleans() | st.text(max_size=3),
    workers=st.sampled_from([1, 1, 1, 0, -1, 257, True, 1.5, "2"]),
)
def test_any_tournament_arguments_are_played_or_refused_by_the_library(line_up: Any, deals: Any, seed: Any, workers: Any) -> None:
    """Stopped at its first chunk, whatever it was asked (10**9 deals included)."""
    with contextlib.suppress(TienLenError, Enough):
        tournament(HOUSE, line_up, deals=deals, seed=seed, workers=workers, progress=stop_at_first_chunk)


@pytest.mark.parametrize("client", [object(), "tcp://127.0.0.1:8786", 1])
def test_a_client_that_is_no_dask_client_is_refused_before_any_deal(client: object) -> None:
    """The fuzz suite's reproducer: ``tournament(client=object())`` raised AttributeError."""
    with pytest.raises(InvalidArgument) as refused:
        tournament(HOUSE, ("random", "greedy"), deals=1, client=client)
    assert refused.value.code == "not-a-dask-client"
    assert "Dask" in refused.value.text("vi")


def test_a_tournament_on_two_spawned_processes_from_a_fresh_interpreter_equals_one_played_here() -> None:
    """The spawn start method (issue 43): ``python -m tienlen tournament --workers 2`` starts its
    processes with ``spawn`` (as on macOS and Windows), and they play what one process plays."""
    command = [
        sys.executable,
        "-m",
        "tienlen",
        "tournament",
        "--agents",
        "greedy,random",
        "--deals",
        "4",
        "--seed",
        "2",
        "--json",
        "--quiet",
    ]
    two = subprocess.run([*command, "--workers", "2"], capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    one = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert (two.returncode, two.stderr) == (0, "") and json.loads(two.stdout) == json.loads(one.stdout)
    assert [t["deals"] for t in json.loads(two.stdout)["tournaments"]] == [4]
