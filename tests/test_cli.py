"""The `tienlen` command line: every command, and every documented error path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tienlen import AXES, HOUSE, Round
from tienlen.agents import GreedyAgent, play_round
from tienlen.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal_play_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "pagat", "--table", "2♥", "--play", "6♠6♣6♦6♥")
    assert (code, out.strip()) == (0, "legal")


def test_check_illegal_play_exits_one_with_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "pagat", "--table", "A♥", "--play", "6s 6c 6d 6h")
    assert code == 1
    assert out.startswith("illegal: 6♠ 6♣ 6♦ 6♥ cannot beat A♥ under pagat")


def test_check_json_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "northern", "--table", "7♠7♦7♥", "--play", "8♣8♦8♥", "--json")
    answer = json.loads(out)
    assert code == 1 and answer["legal"] is False and "same suits" in answer["reason"]


def test_check_play_must_come_from_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "house", "--play", "3♠", "--hand", "4♠ 5♠")
    assert code == 1 and "does not hold 3♠" in out


def test_check_no_combination_is_illegal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "house", "--play", "5♠ 6♣ 8♦")
    assert code == 1 and "not consecutive" in out


def test_moves_lists_legal_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "--rules", "house", "--hand", "3♠ 4♠ 5♦ 5♥ 2♣", "--table", "4♥")
    assert code == 0
    assert out.splitlines()[-1] == "3 legal plays, or pass"


def test_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "--rules", "house", "--hand", "3♠ 3♣", "--json")
    assert json.loads(out) == [
        {"kind": "single", "cards": "3♠"},
        {"kind": "single", "cards": "3♣"},
        {"kind": "pair", "cards": "3♠ 3♣"},
    ]


@pytest.mark.parametrize("profile", ["house", "faceoff", "northern", "iwin", "pagat"])
def test_play_deals_plays_and_settles(capsys: pytest.CaptureFixture[str], profile: str, tmp_path: Path) -> None:
    record = tmp_path / "round.json"
    code, out, _ = run(capsys, "play", "--rules", profile, "--seed", "4", "--record", str(record))
    assert code == 0
    assert "settlement (" in out and "net:" in out
    assert Round.from_json(record.read_text(encoding="utf-8")).is_over


def test_simulate_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--rules", "house,pagat", "--rounds", "3", "--seed", "2")
    assert code == 0 and out.splitlines()[0] == "house: 3 rounds, 4 players; 1 plain win = 4 chips"
    assert err.splitlines()[-1].startswith("pagat: 6/6 rounds (100%)")  # not a terminal: plain lines
    code, out, err = run(capsys, "simulate", "--rules", "house", "--rounds", "3", "--seed", "2", "--json", "--quiet")
    report = json.loads(out)
    assert code == 0 and err == "" and report["results"][0]["rounds"] == 3
    assert report["run"]["seed"] == 2 and report["run"]["seats"] == ["greedy", "random", "greedy", "random"]
    assert report["run"]["rules"][0]["name"] == "house" and report["unit"].startswith("plain wins")


def test_simulate_repeat_reproduces_a_json_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, first, _ = run(capsys, "simulate", "--rules", "iwin,faceoff", "--rounds", "4", "--seed", "9", "--json", "--quiet")
    report = tmp_path / "report.json"
    report.write_text(first, encoding="utf-8")
    code, again, _ = run(capsys, "simulate", "--repeat", str(report), "--json", "--quiet", "--workers", "2")
    assert code == 0 and again == first


def test_simulate_plot_writes_the_charts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "charts.svg"
    code, _, err = run(capsys, "simulate", "--rules", "house,northern", "--rounds", "4", "--plot", str(chart), "--quiet")
    assert code == 0 and f"charts written to {chart}" in err
    assert chart.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_compare_prints_differing_axes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", "house", "northern")
    assert code == 0 and "follow_suit: " in out and "  house     no" in out
    assert max(map(len, out.splitlines())) <= 88


@pytest.mark.parametrize(
    ("fmt", "first_line"),
    [
        ("markdown", "| axis | meaning | house | northern |"),
        ("csv", "axis,meaning,house,northern"),
        ("json", "{"),
        ("text", "first_lead_must_include: first round: the holder of the lowest dealt card (3♠ when"),
    ],
)
def test_compare_formats(capsys: pytest.CaptureFixture[str], fmt: str, first_line: str) -> None:
    code, out, _ = run(capsys, "compare", "house", "northern", "--format", fmt)
    assert code == 0 and out.splitlines()[0] == first_line
    if fmt == "json":
        assert json.loads(out)["axes"][0]["values"] == [True, False]


def test_compare_all_lists_every_axis_of_one_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", "house", "--format", "csv", "--all")
    assert code == 0 and len(out.splitlines()) == 1 + len(AXES) - 2  # every axis but name and description


def test_rules_exports_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for fmt in ("toml", "json"):
        code, out, _ = run(capsys, "rules", "iwin", "--format", fmt)
        path = tmp_path / f"iwin.{fmt}"
        path.write_text(out, encoding="utf-8")
        code, again, _ = run(capsys, "rules", str(path), "--format", fmt)
        assert code == 0 and again == out


def test_replay_valid_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(play_round(HOUSE, [GreedyAgent()] * 4, seed=12).to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "the record replays" in out


def test_replay_tampered_record_names_the_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = json.loads(play_round(HOUSE, [GreedyAgent()] * 4, seed=12).to_json())
    record["actions"][1]["seat"] = (record["actions"][1]["seat"] + 1) % 4
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert err.startswith("tienlen: action 1 (") and "\n" == err[-1] and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--rules", "house", "--play", "3x"], "cannot read '3x'"),
        (["check", "--rules", "house", "--play", "3♠", "--table", "4♠ 9♦"], "not a combination"),
        (["check", "--rules", "poker", "--play", "3♠"], "neither a profile"),
        (["moves", "--rules", "house", "--hand", "3♠ 3♠"], "written twice"),
        (["play", "--rules", "faceoff", "--players", "3"], "faceoff is played by 4 players"),
        (["play", "--bots", "genius"], "unknown bot 'genius'"),
        (["rules", "missing.toml"], "cannot read rules file"),
        (["simulate", "--rounds", "0"], "rounds must be a whole number from 1"),
        (["simulate", "--rounds", "2", "--plot", "chart.gif"], "name a .png, .svg or .pdf file"),
        (["simulate", "--repeat", "README.md"], "report is not valid JSON"),
        (["simulate", "--rounds", "2", "--workers", "2", "--dask", "tcp://127.0.0.1:8786"], "give one or the other"),
    ],
)
def test_bad_input_exits_two_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("tienlen: ") and message in err and err.count("\n") == 1


def test_malformed_toml_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('from = "house"\nname = \n', encoding="utf-8")
    code, _, err = run(capsys, "check", "--rules", str(path), "--play", "3♠")
    assert code == 2 and "not valid TOML" in err


def test_unknown_axis_in_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('from = "house"\nname = "mine"\nchop_payments = "none"\n', encoding="utf-8")
    code, _, err = run(capsys, "rules", str(path))
    assert code == 2 and "chop_payments: not a rule axis" in err


def test_unreadable_replay_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and err.startswith("tienlen: ")


def test_usage_error_exits_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check")
    assert code == 2 and "required" in err


def test_module_entry_point_version() -> None:
    done = subprocess.run([sys.executable, "-m", "tienlen", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("tienlen ")
