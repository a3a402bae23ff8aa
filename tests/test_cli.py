"""The `tienlen` command line: every command, and every documented error path."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from builders import GREEDY_ROUND, record_with, special_files
from extras import skip_reason

from tienlen import (
    AXES,
    DECK,
    HOUSE,
    PROFILES,
    Round,
)
from tienlen._base.messages import MESSAGES, PROFILE_CONTEXT, TEXTS, WORDS, translated
from tienlen.cli import EXIT_UNFINISHED, _parser, main
from tienlen.errors import MESSAGE_LIMIT
from tienlen.players.agents import AGENTS, GreedyAgent, play_round
from tienlen.players.compare import describe_value
from tienlen.variants.rules import CHOICES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal_play_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "pagat", "--table", "2♥", "--play", "6♠6♣6♦6♥")
    assert (code, out.strip()) == (0, "legal: quad 6♠ 6♣ 6♦ 6♥, a chop of 2♥")


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


def test_moves_lines_up_every_kind_in_one_column_triple_runs_included(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _code, out, _ = run(capsys, "rules", "house", "--format", "toml")
    rules = tmp_path / "runs.toml"
    rules.write_text(
        out.replace("triple_run_min = 0", "triple_run_min = 2").replace('"house"', '"house-runs"', 1), encoding="utf-8"
    )
    code, out, _ = run(capsys, "moves", "--rules", str(rules), "--hand", "3♠ 3♣ 3♦ 4♠ 4♣ 4♦")
    lines = out.splitlines()[:-1]
    assert code == 0 and "triple run 3♠ 3♣ 3♦ 4♠ 4♣ 4♦" in lines and "single     3♠" in lines
    assert {line[10] + line[11] for line in lines} == {" 3", " 4"}  # the cards start in one column


def test_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _ = run(capsys, "moves", "--rules", "house", "--hand", "3♠ 3♣", "--json")
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
    assert code == 0 and out.splitlines()[0] == "house: 3 rounds, 4 players; 1 plain win = 4,000 chips"
    assert err.splitlines()[-1].startswith("pagat: 6/6 rounds (100%)")  # not a terminal: plain lines
    code, out, err = run(capsys, "simulate", "--rules", "house", "--rounds", "3", "--seed", "2", "--json", "--quiet")
    report = json.loads(out)
    assert code == 0 and err == "" and report["results"][0]["rounds"] == 3
    assert report["run"]["seed"] == 2 and report["run"]["seats"] == ["greedy", "random", "greedy", "random"]
    assert report["run"]["rules"][0]["name"] == "house" and report["currency"].startswith("plain wins")


def test_simulate_repeat_reproduces_a_json_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, first, _ = run(capsys, "simulate", "--rules", "iwin,faceoff", "--rounds", "4", "--seed", "9", "--json", "--quiet")
    report = tmp_path / "report.json"
    report.write_text(first, encoding="utf-8")
    code, again, _ = run(capsys, "simulate", "--repeat", str(report), "--json", "--quiet", "--workers", "2")
    assert code == 0 and again == first


def test_simulate_plot_writes_the_charts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason=skip_reason("matplotlib"))
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
        ("text", "first_lead_must_include: first round: the holder of the lowest dealt card (3♠"),
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
    assert err.startswith("tienlen: action 2 (") and err[-1] == "\n" and err.count("\n") == 1  # the 2nd, counted from 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--rules", "house", "--play", "3x"], "cannot read '3x'"),
        (["check", "--rules", "house", "--play", "3♠", "--table", "4♠ 9♦"], "not a combination"),
        (["check", "--rules", "poker", "--play", "3♠"], "neither a profile"),
        (["moves", "--rules", "house", "--hand", "3♠ 3♠"], "written twice"),
        (["play", "--rules", "faceoff", "--players", "3"], "faceoff is played by 4 players"),
        (["play", "--bots", "genius"], "unknown agent 'genius'"),
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
    done = subprocess.run(
        [sys.executable, "-m", "tienlen", "--version"], capture_output=True, text=True, encoding="utf-8", check=False
    )
    assert done.returncode == 0 and done.stdout.startswith("tienlen ")


def _record(tmp_path: Path) -> str:
    path = tmp_path / "r.json"
    path.write_text(play_round(HOUSE, [GreedyAgent()] * 4, seed=12).to_json(), encoding="utf-8")
    return str(path)


# every command that prints, with arguments that make it print several lines
OUTPUT_COMMANDS = {
    "check": ["check", "--rules", "house", "--play", "3♠"],
    "moves": ["moves", "--rules", "house", "--hand", "3♠ 3♣ 4♦ 5♥ 6♠ 7♠ 8♣ 9♦ 10♥ J♠ Q♣ K♦ 2♥"],
    "play": ["play", "--rules", "house", "--seed", "3"],
    "simulate": ["simulate", "--rules", "house,iwin", "--rounds", "3", "--quiet"],
    "compare": ["compare", "--rules", "house,iwin", "--all"],
    "rules": ["rules", "--rules", "northern"],
    "replay": ["replay", "RECORD"],
    "help": ["play", "--help"],
}


def _command(name: str, tmp_path: Path) -> list[str]:
    return [sys.executable, "-m", "tienlen"] + [_record(tmp_path) if a == "RECORD" else a for a in OUTPUT_COMMANDS[name]]


@pytest.mark.parametrize("name", OUTPUT_COMMANDS)
def test_output_on_a_cp1252_stdout_uses_suit_letters(name: str, tmp_path: Path) -> None:
    env = os.environ | {"PYTHONIOENCODING": "cp1252"}
    done = subprocess.run(_command(name, tmp_path), capture_output=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    text = done.stdout.decode("cp1252")
    assert not set("♠♣♦♥") & set(text)
    if name in ("moves", "play", "replay"):
        assert "3s" in text or "3c" in text


@pytest.mark.parametrize("name", OUTPUT_COMMANDS)
def test_output_into_head_ends_quietly_with_status_zero(name: str, tmp_path: Path) -> None:
    shell = " ".join(f"'{a}'" for a in _command(name, tmp_path)) + ' | head -1 > /dev/null; echo "${PIPESTATUS[0]}"'
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, encoding="utf-8", check=False)
    assert done.stdout == "0\n" and done.stderr == ""


@pytest.mark.parametrize("name", OUTPUT_COMMANDS)
def test_output_into_a_closed_pipe_ends_quietly_with_status_zero(name: str, tmp_path: Path) -> None:
    process = subprocess.Popen(_command(name, tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the command writes anything: its first write meets a closed pipe
    err = process.stderr.read()
    assert process.wait(timeout=60) == 0 and err == b""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--unit", "0"], "--unit must be a whole number from 1"),
        (["play", "--bots", " , "], "name at least one bot"),
        (["play", "--bots", "genius"], "unknown agent 'genius'"),
        (["play", "--players", "9"], "house is played by"),
        (["play", "--record", "RECORD_IN_MISSING_FOLDER"], "does not exist"),
        (["play", "--record", "RECORD_FOLDER"], "is not a regular file"),
    ],
)
def test_play_refuses_every_bad_option_before_playing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str], message: str
) -> None:
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the round was played before the options were checked")

    monkeypatch.setattr("tienlen.players.agents.play_round", no_work)
    paths = {"RECORD_IN_MISSING_FOLDER": str(tmp_path / "missing" / "r.json"), "RECORD_FOLDER": str(tmp_path)}
    code, out, err = run(capsys, *[paths.get(a, a) for a in argv])
    assert (code, out) == (2, "") and message in err.splitlines()[-1]
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--rounds", "2", "--unit", "0"], "--unit must be a whole number from 1"),
        (["simulate", "--rounds", "2", "--workers", "0"], "--workers must be a whole number from 1"),
        (["simulate", "--rounds", "2", "--rules", ","], "name at least one rule set"),
        (["simulate", "--rounds", "2", "--plot", "chart.gif"], "name a .png, .svg or .pdf file"),
        (["replay", "RECORD", "--unit", "0"], "--unit must be a whole number from 1"),
        (["compare"], "name the rule sets to compare"),
        (["rules"], "name one rule set"),
        (["rules", "house", "--rules", "iwin"], "name one rule set"),
    ],
)
def test_other_commands_refuse_bad_options_before_working(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str], message: str
) -> None:
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before the options were checked")

    monkeypatch.setattr("tienlen.players.simulate.Run.play", no_work)
    monkeypatch.setattr("tienlen.game.round.Round.from_json", no_work)
    code, out, err = run(capsys, *[_record(tmp_path) if a == "RECORD" else a for a in argv])
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1


def test_every_option_has_help_text() -> None:
    parser = _parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    for name, command in commands.items():
        for action in command._actions:
            assert action.help, f"tienlen {name} {action.option_strings or action.dest} has no help text"


def test_one_default_unit_everywhere(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, played, _ = run(capsys, "play", "--seed", "3")
    _, unit_given, _ = run(capsys, "play", "--seed", "3", "--unit", "1000")
    assert played == unit_given
    _, replayed, _ = run(capsys, "replay", _record(tmp_path))
    _, replayed_given, _ = run(capsys, "replay", _record(tmp_path), "--unit", "1000")
    assert replayed == replayed_given


def test_the_same_rules_option_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "compare", "--rules", "house,iwin") == run(capsys, "compare", "house", "iwin")
    assert run(capsys, "compare", "--rules", "house", "iwin") == run(capsys, "compare", "house,iwin")
    assert run(capsys, "rules", "--rules", "pagat", "--format", "json") == run(capsys, "rules", "pagat", "--format", "json")


def test_play_writes_the_record_before_printing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = tmp_path / "r.json"

    def failing_output(text: str, stream: object = None) -> None:
        raise BrokenPipeError

    monkeypatch.setattr("tienlen.cli._say", failing_output)
    assert main(["play", "--seed", "3", "--record", str(record)]) == 0
    assert Round.from_json(record.read_text(encoding="utf-8")).is_over


def test_replay_of_an_unfinished_record_has_its_own_exit_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    start = Round.deal(HOUSE, seed=5)
    unfinished = start.apply(start.legal_actions()[0])
    path = tmp_path / "r.json"
    path.write_text(unfinished.to_json(), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (EXIT_UNFINISHED, "") and EXIT_UNFINISHED == 3
    assert f"the round is unfinished: seat {unfinished.to_act} is to act" in out and "settlement" not in out


def test_rules_file_reusing_a_profile_name_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('from = "house"\nname = "house"\nthui = "none"\n', encoding="utf-8")
    code, _, err = run(capsys, "rules", str(path))
    assert code == 2 and "'house' is a profile's name, but these rules differ" in err
    path.write_text('from = "house"\nthui = "none"\n', encoding="utf-8")  # the name comes from the profile
    assert run(capsys, "rules", str(path))[0] == 2
    path.write_text('from = "house"\n', encoding="utf-8")  # the profile itself
    assert run(capsys, "rules", str(path))[0] == 0


def test_a_record_of_modified_rules_under_a_profile_name_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The one rule for naming rules, at the command line: a record whose rules say ``house`` but
    differ from the house profile is refused, as the rules file is above."""
    record = json.loads(play_round(HOUSE, [GreedyAgent()] * 4, seed=12).to_json())
    record["rules"]["thui"] = "none"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (1, "") and "'house' is a profile's name, but these rules differ from it (thui)" in err


# ---------------------------------------------------------------------------- issue 21: first-run frictions


def test_check_says_what_the_play_is_and_whether_it_chops(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "--rules", "house", "--play", "6s6c6d6h", "--table", "2h")[:2] == (
        0,
        "legal: quad 6♠ 6♣ 6♦ 6♥, a chop of 2♥\n",
    )
    assert run(capsys, "check", "--rules", "house", "--play", "5d5h", "--table", "4s4c")[:2] == (0, "legal: pair 5♦ 5♥\n")
    assert run(capsys, "check", "--rules", "house", "--play", "3s4s5s")[:2] == (0, "legal: straight 3♠ 4♠ 5♠\n")
    code, out, _ = run(capsys, "check", "--rules", "house", "--play", "6s6c6d6h", "--table", "2h", "--json")
    assert code == 0 and json.loads(out) == {
        "legal": True,
        "reason": None,
        "rules": "house",
        "play": {"kind": "quad", "cards": "6♠ 6♣ 6♦ 6♥"},
        "chop": True,
        "table": "2♥",
    }
    code, out, _ = run(capsys, "check", "--rules", "house", "--play", "3s5d", "--json")
    answer = json.loads(out)
    assert code == 1 and answer["play"] is None and answer["chop"] is False and "not a combination" in answer["reason"]
    code, out, _ = run(capsys, "check", "--rules", "house", "--play", "pass", "--table", "4h", "--json")
    assert json.loads(out)["play"] == {"kind": "pass", "cards": ""} and json.loads(out)["chop"] is False


def test_check_answers_per_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--rules", "house,northern", "--play", "8c8d8h", "--table", "7s7d7h")
    assert code == 1
    assert out.splitlines() == [
        "house     legal: triple 8♣ 8♦ 8♥",
        "northern  illegal: 8♣ 8♦ 8♥ cannot beat 7♠ 7♦ 7♥ under northern: a triple must follow the same suits (♠ ♦ ♥)",
    ]
    code, out, _ = run(capsys, "check", "--rules", "house,pagat", "--play", "6s6c6d6h", "--table", "2h", "--json")
    assert code == 0 and [answer["rules"] for answer in json.loads(out)] == ["house", "pagat"]
    assert all(answer["chop"] for answer in json.loads(out))


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--rules", "HOUSE", "--play", "3s"],
        ["moves", "--rules", "House", "--hand", "3s 4s"],
        ["play", "--rules", "NORTHERN", "--seed", "2"],
        ["rules", "--rules", "IWIN"],
        ["compare", "--rules", "HOUSE,Pagat"],
        ["simulate", "--rules", "HOUSE", "--rounds", "2", "--quiet"],
    ],
)
def test_profile_names_are_read_in_any_case(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0 and out and err == ""


def test_bare_tienlen_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    for command in ("check", "moves", "play", "simulate", "compare", "rules", "replay"):
        assert re.search(rf"^    {command} +\S", out, re.MULTILINE), command
    assert "tienlen COMMAND --help" in out


@pytest.mark.parametrize("command", ["check", "moves", "play", "simulate", "compare", "rules", "replay"])
def test_each_command_help_opens_with_a_one_line_description(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    paragraphs = out.split("\n\n")
    assert code == 0 and paragraphs[0].startswith(f"usage: tienlen {command}")
    description = " ".join(paragraphs[1].split())
    assert description.startswith(f"tienlen {command}: ") and description.endswith(".") and len(description) < 120
    assert "0.1" not in out


def loaded_by(*argv: str) -> list[str]:
    """The package's modules loaded by ``main(argv)`` in a fresh interpreter (its output discarded)."""
    code = (
        "import contextlib, io, sys\nfrom tienlen.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()): main({list(argv)!r})\n"
        "print(' '.join(sorted(m for m in sys.modules if m == 'tienlen' or m.startswith('tienlen.'))))"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True
    ).stdout.split()


@pytest.mark.parametrize("argv", [["--version"], ["--help"], []], ids=" ".join)
def test_the_version_and_the_list_of_commands_load_at_most_ten_modules(argv: list[str]) -> None:
    """A command's modules load when it runs: ``tienlen --version`` and ``tienlen --help`` load the
    command line, the root's bookkeeping and the errors, not the game (it loaded 49 in 0.3.0)."""
    loaded = loaded_by(*argv)
    assert len(loaded) <= 10, loaded
    assert "tienlen.cli" in loaded and not any(
        m.startswith(("tienlen.game", "tienlen.variants", "tienlen.players")) for m in loaded
    )


def test_a_commands_help_loads_what_its_options_name_and_no_more() -> None:
    """``tienlen rules --help`` names the profiles, so it loads the rule sets, and nothing of the
    game, the bots, the pictures or the command line's text."""
    wings = {m.split(".")[1] for m in loaded_by("rules", "--help") if m != "tienlen"}
    assert wings == {"_base", "_moved", "_root", "_version", "cli", "errors", "variants"}


def test_each_commands_help_is_the_same_when_only_its_own_options_are_built(capsys: pytest.CaptureFixture[str]) -> None:
    """``tienlen COMMAND --help`` builds only that command's options; what it prints is what the
    parser of every command prints for it."""
    commands = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert set(commands) == {"check", "moves", "play", "simulate", "compare", "rules", "replay", "tournament"}
    for name, command in commands.items():
        code, out, err = run(capsys, name, "--help")
        assert (code, err) == (0, "") and out == command.format_help().rstrip("\n") + "\n", name


def test_an_unreadable_option_is_named_in_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    for option, argv in (
        ("--table", ["check", "--rules", "house", "--play", "3s", "--table", "5x"]),
        ("--play", ["check", "--rules", "house", "--play", "5x"]),
        ("--hand", ["check", "--rules", "house", "--play", "3s", "--hand", "5x"]),
        ("--hand", ["moves", "--rules", "house", "--hand", "3s 5x"]),
        ("--table", ["moves", "--rules", "house", "--hand", "3s", "--table", "3s 5d"]),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.startswith(f"tienlen: {option} '") and err.count("\n") == 1, (argv, err)


@pytest.mark.parametrize("columns", [80, 60])
@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "--rules", ",".join(PROFILES), "--all"],
        ["compare", "--rules", "house"],
        ["rules", "--rules", "northern"],
        ["simulate", "--rounds", "3", "--quiet"],
        ["play", "--seed", "3"],
        ["play", "--rules", "iwin", "--seed", "5"],
        ["--help"],
        ["simulate", "--help"],
    ],
)
def test_text_output_fits_the_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out
    too_long = [line for line in out.splitlines() if len(line) > columns]
    assert too_long == []


# ---------------------------------------------------------------------------- the command line
def test_check_accepts_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rules", "house", "--play", "pass", "--table", "4♥"]) == 0
    assert capsys.readouterr().out == "legal: pass\n"
    assert main(["check", "--rules", "house", "--play", "pass", "--json"]) == 1
    assert capsys.readouterr().out == (
        '{"legal": false, "reason": "the leader may not pass; play any combination", "rules": "house", '
        '"play": {"kind": "pass", "cards": ""}, "chop": false, "table": null}\n'
    )


def test_moves_lists_pass_when_following(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--rules", "house", "--hand", "3♠ 4♠", "--table", "4♥", "--json"]) == 0
    assert capsys.readouterr().out == '[{"kind": "pass", "cards": ""}]\n'
    assert main(["moves", "--rules", "house", "--hand", "3♠"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 legal plays (leading)"


@pytest.mark.parametrize("argv", [["play", "--bots", ","], ["simulate", "--rounds", "1", "--rules", ","]])
def test_cli_empty_name_lists_are_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    assert "name at least one" in capsys.readouterr().err


def test_cli_refuses_a_look_alike_card_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rules", "house", "--play", "3ı"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tienlen: --play '3ı': cannot read '3ı'") and err.count("\n") == 1


def test_cli_moves_refuses_a_huge_hand(capsys: pytest.CaptureFixture[str]) -> None:
    hand = " ".join(str(card) for card in DECK[:40])
    assert main(["moves", "--rules", "house", "--hand", hand]) == 2
    assert "at most 13 cards" in capsys.readouterr().err


def test_cli_refuses_special_rules_files_and_records_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in special_files(tmp_path):
        assert main(["rules", str(path)]) == 2
        assert main(["replay", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 2 and "Traceback" not in err


@pytest.mark.parametrize("path", ["/dev/zero", "/"])
def test_a_record_that_is_no_regular_file_is_refused_saying_so_once(
    path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", path]) == 2
    err = capsys.readouterr().err
    assert err == f"tienlen: cannot read record '{path}': it is not a regular file\n"
    assert main(["rules", str(special_files(tmp_path)[1])]) == 2
    assert capsys.readouterr().err.count("cannot read") == 1


def test_cli_will_not_write_a_record_into_a_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    assert main(["play", "--record", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_record_cannot_forge_a_line_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads(GREEDY_ROUND.to_json())
    record["actions"][0]["action"] = "play\nFORGED \x1b[2J"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "\\nFORGED" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["check"],
        ["play", "--seed", "x"],
        ["play", "--seed", "9" * 5000],
        ["play", "--seed", "٣"],
        ["play", "--seed", "18446744073709551616"],
        ["play", "--players", "99999999999"],
        ["simulate", "--workers", "100000", "--rounds", "1"],
        ["simulate", "--rounds", "0"],
        ["rules", "house", "--format", "x\ny"],
        ["nonsense"],
        ["check", "--rules", "house\x1b[2J", "--play", "3♠"],
        ["check", "--rules", "house", "--play", "3♠", "--hand", "4♠ " * 400],
    ],
)
def test_cli_bad_input_exits_two_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and len(err) < MESSAGE_LIMIT + 40, err


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("count.toml", 'from = "house"\nname = "x"\n[placement]\n"²" = [[2, 1, 4]]\n'),
        ("long.toml", f'from = "house"\nname = "x"\nfrozen_penalty = {"9" * 5000}\n'),
        ("deep.toml", "a = " + "[" * 5000),
        ("twice.json", '{"from": "house", "name": "a", "name": "b"}'),
        ("null.json", '{"from": "house", "name": "x", "placement": {"4": null}}'),
        ("name.json", '{"from": "house", "name": "x\\n\\u001b[2J"}'),
    ],
)
def test_cli_refuses_hostile_rules_files_in_one_line(
    name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code = main(["check", "--rules", str(path), "--play", "3♠"])
    err = capsys.readouterr().err
    assert err.count("\n") <= 1 and "\x1b" not in err
    assert code == 2


@pytest.mark.parametrize(
    "text",
    [
        record_with()[:-1] + ', "seed": 5}',  # a key given twice
        record_with(winner=0),  # a field the format does not have
        record_with(seed=-1),
        record_with(first_round=1),
    ],
)
def test_cli_replay_refuses_a_doctored_record_in_one_line(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tienlen: ") and err.count("\n") == 1


def test_cli_rules_text_escapes_a_description_with_control_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"from": "house", "name": "odd", "description": "line\n\x1b[2Jforged"}), encoding="utf-8")
    assert main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "line\\n\\x1b[2Jforged" in out


@pytest.mark.parametrize("word", ["bỏ", "bỏ lượt", "BO LUOT", "qua"])
def test_check_accepts_the_vietnamese_pass_words(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rules", "house", "--play", word, "--table", "4 cơ"]) == 0
    assert capsys.readouterr().out == "legal: pass\n"
    assert main(["check", "--rules", "house", "--play", "heo cơ", "--table", "xì bích"]) == 0
    assert capsys.readouterr().out == "legal: single 2♥\n"


# ------------------------------------------------------------------ every command in the language asked for


@pytest.fixture
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize(
    ("argv", "english", "vietnamese"),
    [
        (["--table", "2♥", "--play", "6♠6♣6♦6♥"], "legal: quad 6♠ 6♣ 6♦ 6♥, a chop of 2♥", "hợp lệ: tứ quý 6♠ 6♣ 6♦ 6♥, chặt 2♥"),
        (["--table", "2♥", "--play", "pass"], "legal: pass", "hợp lệ: bỏ lượt"),
        (["--play", "5♦ 5♥"], "legal: pair 5♦ 5♥", "hợp lệ: đôi 5♦ 5♥"),
        (
            ["--table", "A♥", "--play", "5♠ 5♣"],
            "illegal: 5♠ 5♣ cannot beat A♥ under house: A♥ must be beaten by a single",
            "không hợp lệ: 5♠ 5♣ không chặn được A♥ theo luật house: A♥ chỉ chặn được bằng một lá lẻ lớn hơn",
        ),
    ],
)
def test_check_answers_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], argv: list[str], english: str, vietnamese: str
) -> None:
    for lang, expected in (("en", english), ("vi", vietnamese)):
        _, out, _ = run(capsys, "check", "--lang", lang, "--rules", "house", *argv)
        assert out.strip() == expected


def test_check_follows_lang_from_the_environment(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    assert run(capsys, "check", "--rules", "house", "--table", "3♠", "--play", "bỏ qua")[1] == "hợp lệ: bỏ lượt\n"


@pytest.mark.usefixtures("no_locale")
def test_moves_names_kinds_and_counts_in_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "--lang", "vi", "--rules", "house", "--hand", "3s 3c 4d 5h", "--table", "3d")
    assert code == 0
    assert [" ".join(line.split()) for line in out.splitlines()] == ["lá lẻ 4♦", "lá lẻ 5♥", "2 nước hợp lệ, hoặc bỏ lượt"]
    _, out, _ = run(capsys, "moves", "--lang", "vi", "--rules", "house", "--hand", "3s 3c")
    assert out.splitlines()[0].split() == ["lá", "lẻ", "3♠"] and out.splitlines()[-1] == "3 nước hợp lệ (đi trước)"
    assert "legal" not in out and "single" not in out


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize("command", [["rules", "house"], ["compare", "house"], ["rules", "iwin"], ["rules", "counting"]])
def test_rules_and_compare_write_their_words_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each axis on its line, named as a rules file names it, its value in the language's words:
    a profile's description translated, a rules file's word followed by its Vietnamese name."""
    monkeypatch.setenv("COLUMNS", "1000")  # one axis a line, its value unwrapped
    english = run(capsys, *command)[1].splitlines()
    vietnamese = run(capsys, *command, "--lang", "vi")[1].splitlines()
    rules = PROFILES[command[1]]
    assert len(english) == len(vietnamese) == len(AXES)
    mapping = rules.to_mapping()
    for axis, en, vi in zip(AXES, english, vietnamese, strict=True):
        value = mapping.get(axis)
        assert en.split()[0] == vi.split()[0] == axis
        assert en.split(maxsplit=1)[1] == describe_value(axis, value, "en") or axis == "description"
        if axis == "description":  # a profile's description is in the catalogues
            assert (
                vi.split(maxsplit=1)[1] == translated(PROFILE_CONTEXT + rules.name, rules.description, "vi") != rules.description
            )
        else:
            assert vi.split(maxsplit=1)[1] == describe_value(axis, value, "vi")
    shown = dict(line.split(maxsplit=1) for line in vietnamese)
    if rules.name == "house":
        assert shown["bombs"].startswith("ba đôi thông chặt heo lẻ; tứ quý chặt heo lẻ, đôi heo, ba đôi thông; ")
        assert shown["chop_payment"] == "multiply (nhân theo lần chặt)" and shown["currency"] == "chips (chip)"
        assert (shown["unit_name"], shown["thui"], shown["direction"]) == (
            "entry (tiền bàn)",
            "above (trả người xếp trên)",
            "counter-clockwise (ngược chiều kim đồng hồ)",
        )
        assert shown["placement"] == "bàn 2 người: 2→1 4; bàn 3 người: 3→1 4, 2→1 2; bàn 4 người: 4→1 4, 3→2 2"
        assert shown["instant_wins"] == "tứ quý heo; sáu đôi; năm đôi thông; sảnh rồng"
        assert shown["bomb_values"] == "ba đôi thông: 4; tứ quý: 4; bốn đôi thông: 4; năm đôi thông: 4; sáu đôi thông: 4"
    if rules.name == "iwin":
        assert (
            shown["interrupt_bombs"] == "bốn đôi thông"
            and shown["instant_win_ties"] == "nearest_dealer (người nhận bài trước thắng)"
        )


def test_every_word_a_rules_file_writes_has_its_vietnamese_name() -> None:
    """Each word of a choice axis (and each unit's name) is shown in Vietnamese followed by its
    name there, every name its own: a player reads the name, a rules file takes the word."""
    for axis, words in CHOICES.items():
        for word in words:
            shown = describe_value(axis, word, "vi")
            if word == "none":
                assert shown == "không có"
            else:
                assert describe_value(axis, word, "en") == word
                assert re.fullmatch(rf"{re.escape(word)} \([^()]+\)", shown) and _english_left([], "", shown) == set(), shown
    for word in WORDS["unit_name"]:
        assert describe_value("unit_name", word, "vi") == f"{word} ({translated('word:unit_name', word, 'vi')})"
    assert describe_value("unit_name", "voucher", "vi") == "voucher"  # a room's own name, as written


# Under --lang vi no English is left: each command is run in both languages, and every word of the
# Vietnamese output written in plain ASCII letters must be a Vietnamese syllable (the letters of one
# without its marks: "con", "cho", "thua") that is no English word of the library's texts nor of the
# English output, or one of: a name (profiles, bots, axes where a line names the axis), a word a
# rules file writes when its Vietnamese name follows it in brackets ("multiply (nhân theo lần
# chặt)"), code (parameters, quoted words, identifiers with _ = ( ), options), an acronym or
# metavariable in capitals (JSON, LEVEL), and three loanwords. argparse's own words, which no
# language option reaches ("error: argument --seed:"), are taken off a refusal first.

_LOANWORDS = {"bot", "chip", "seed"}  # the words Vietnamese players use as they are (the glossary's "bot")
_NAMES = {"tienlen", *PROFILES, *AGENTS, "passer", "search"}
_CODE = re.compile(
    r"\{[^}\n]*\}|(?<!\w)'[^'\n]*'(?!\w)|`[^`\n]*`|\S*[_=]\S*|\w+\(\)|--\w[\w-]*|\b[A-Z]{2,}\b|\.[a-z]+\b|tienlen \w+|\w+(?:-[\w.]+)+"
)  # parameters, quoted words, code, options, capitals, file suffixes, commands, hyphenated names (greedy-plan)
_AXIS_AT_START = re.compile(rf"^(\| )?({'|'.join(sorted(AXES, key=len, reverse=True))})\b", re.MULTILINE)
_NAMED_CHOICE = re.compile(
    rf"\b({'|'.join(sorted({w for words in CHOICES.values() for w in words} | set(WORDS['unit_name']), key=len, reverse=True))}) \("
)
_ARGPARSE = re.compile(r"^tienlen(?: \w+)?: error: (?:argument [^:]+: )?", re.MULTILINE)
_VI_SYLLABLE = re.compile(
    r"(ngh|ng|gh|gi|kh|nh|ph|qu|th|tr|ch|[bcdghklmnprstvx])?"
    r"(uye|uya|uyu|uoi|uou|uay|oai|oay|oeo|ieu|yeu|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|oo|ua|ue|ui|uo|uu|uy|ye|a|e|i|o|u|y)"
    r"(ch|ng|nh|c|m|n|p|t)?"
)
"""A Vietnamese syllable written without its marks: an initial consonant, a vowel group, a final."""


def _words(text: str) -> set[str]:
    """The words of ``text`` written in plain ASCII letters, three or more, in lower case."""
    return {word.lower() for word in re.findall(r"[^\W\d_]+", _CODE.sub(" ", text)) if word.isascii() and len(word) >= 3}


_ENGLISH = frozenset(
    _words(
        "\n".join(
            [
                *MESSAGES.values(),
                *TEXTS.values(),
                *(word for words in WORDS.values() for word in words.values()),
                *AXES.values(),
                *(profile.description for profile in PROFILES.values()),
            ]
        )
    )
)
"""Every English word of the library's texts: the catalogue, the axes' meanings, the profiles' descriptions."""


def _english_left(argv: list[str], english: str, vietnamese: str) -> set[str]:
    """The words of a command's Vietnamese output that are no Vietnamese, nor a name, code or loanword."""
    if "json" in argv:  # a document: its keys are the format's; its meanings are prose
        vietnamese = "\n".join(axis["meaning"] for axis in json.loads(vietnamese)["axes"])
    vietnamese = _AXIS_AT_START.sub(" ", _ARGPARSE.sub("", vietnamese))  # an axis named where its line starts
    vietnamese = _NAMED_CHOICE.sub(" (", " ".join(vietnamese.split()))  # a rules file's word, its name following
    english_words = _ENGLISH | _words(english)
    allowed = _LOANWORDS | _NAMES
    return {w for w in _words(vietnamese) - allowed if w in english_words or not _VI_SYLLABLE.fullmatch(w)}


VI_COMMANDS = [
    ["check", "--rules", "house,pagat", "--table", "2♥", "--play", "6♠6♣6♦6♥"],
    ["check", "--rules", "house", "--table", "A♥", "--play", "5s 5c"],
    ["check", "--rules", "house", "--table", "3♠", "--play", "bỏ qua"],
    ["moves", "--rules", "house", "--hand", "3s 3c 4s 5s 6s", "--table", "3d"],
    ["play", "--seed", "1", "--record", "{tmp}/played.json", "--unit", "5"],
    ["play", "--rules", "iwin", "--seed", "4", "--players", "3"],
    ["play", "--rules", "counting", "--seed", "3"],  # a chop chain's links, each with its amount
    ["play", "--seed", "50"],  # thúi on a 2 left in hand
    ["play", "--seed", "117", "--bots", "greedy"],  # thúi on a pair run left in hand
    ["simulate", "--rules", "house,faceoff", "--rounds", "4"],
    ["compare", "house", "iwin"],
    ["compare", "pagat", "counting", "--format", "markdown"],
    ["compare", "northern", "faceoff", "--format", "csv"],
    ["compare", "house", "iwin", "--format", "json"],
    ["compare", "house", "--all"],
    ["compare", "house", "house"],
    ["compare", "iwin"],
    ["rules", "iwin"],
    ["rules", "counting"],
    ["replay", "{tmp}/round.json"],
    ["replay", "{tmp}/modified.json", "--unit", "100"],  # rules of a name of their own
    ["tournament", "--agents", "greedy,random", "--deals", "2", "--rules", "house,counting"],
    ["tournament", "--agents", "greedy,random,passer,greedy", "--deals", "1", "--rules", "faceoff"],
]
"""A run of every command (``{tmp}``: a folder holding the records ``replay`` reads)."""


VI_REFUSALS = [
    ["rules", "{tmp}/misspelt.toml"],  # an axis spelt close to one: did you mean
    ["rules", "{tmp}/unknown.toml"],  # an axis like none
    ["rules", "{tmp}/wrong-type.toml"],
    ["rules", "{tmp}/wrong-word.toml"],
    ["rules", "nosuch"],
    ["rules"],
    ["compare"],
    ["check", "--rules", "house", "--play", "zz"],
    ["check", "--rules", "house", "--play", "3s 3s"],
    ["moves", "--rules", "house", "--hand", "3s", "--table", "3s 4d"],
    ["play", "--players", "5"],
    ["play", "--rules", "pagat", "--players", "3"],
    ["play", "--seed", "x"],
    ["play", "--unit", "0"],
    ["play", "--bots", ","],
    ["play", "--bots", "foo"],
    ["play", "--bots", "search:9"],
    ["play", "--record", "{tmp}/no-folder/round.json"],
    ["simulate", "--rules", ","],
    ["simulate", "--workers", "0"],
    ["simulate", "--workers", "2", "--dask", "127.0.0.1:1"],
    ["simulate", "--plot", "{tmp}/charts.txt"],
    ["simulate", "--repeat", "{tmp}/round.json"],
    ["replay", "{tmp}/missing.json"],
    ["replay", "{tmp}"],
    ["tournament", "--agents", ","],
    ["tournament", "--agents", "greedy"],
]
"""Refusals of bad input, each in one line on stderr with exit code 2. (A file the JSON or TOML
parser refuses is refused with the parser's own words, in English, like argparse's.)"""


def _records(tmp: Path) -> None:
    (tmp / "round.json").write_text(GREEDY_ROUND.to_json(), encoding="utf-8")
    modified = play_round(attrs.evolve(HOUSE, name="my-house", thui="none"), [GreedyAgent()] * 4, seed=3)
    (tmp / "modified.json").write_text(modified.to_json(), encoding="utf-8")
    for name, text in (
        ("misspelt", "name = 'mine'\nfrozen_penalti = 3\n"),
        ("unknown", "name = 'mine'\nzzz_qqq = 3\n"),
        ("wrong-type", "name = 'mine'\nstraight_min = 'a'\n"),
        ("wrong-word", "name = 'mine'\nchop_payment = 'mult'\n"),
    ):
        (tmp / f"{name}.toml").write_text(text, encoding="utf-8")


def test_the_vietnamese_run_covers_every_command() -> None:
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert {argv[0] for argv in VI_COMMANDS} == set(sub.choices)


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize("argv", VI_COMMANDS, ids=" ".join)
def test_every_command_leaves_no_english_under_lang_vi(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command's output (stdout and stderr, the progress line with it) in Vietnamese holds no
    English word nor a number grouped in thousands the English way (``2,000`` where Vietnamese
    writes ``2.000``), and ``LANG=vi_VN.UTF-8`` gives the same output as ``--lang vi``."""
    _records(tmp_path)
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    code, *english = run(capsys, *argv, "--lang", "en")
    assert code in (0, 1), english
    vi_code, out, err = run(capsys, *argv, "--lang", "vi")
    assert vi_code == code and [out, err] != english
    assert _english_left(argv, english[0], out) | _english_left([], english[1], err) == set()
    # a comma before three digits is a decimal comma only where the English writes that decimal (0,750 for 0.750)
    grouped = [n for n in re.findall(r"\d+(?:,\d{3})+(?!\d)", out + err) if n.replace(",", ".") not in "".join(english)]
    assert grouped == [], "numbers grouped in thousands the English way"
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    _, out_again, err_again = run(capsys, *argv)
    assert (out_again, re.sub(r"\d+", "#", err_again)) == (out, re.sub(r"\d+", "#", err))  # the progress line's rate varies


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize("argv", VI_REFUSALS, ids=" ".join)
def test_every_refusal_leaves_no_english_under_lang_vi(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refusal is one line in either language, and the Vietnamese one holds no English but argparse's own words."""
    _records(tmp_path)
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    code, out, english = run(capsys, *argv, "--lang", "en")
    assert (code, out) == (2, "") and english.count("\n") == 1, english
    vi_code, out, vietnamese = run(capsys, *argv, "--lang", "vi")
    assert (vi_code, out) == (2, "") and vietnamese.count("\n") == 1 and vietnamese != english
    assert _english_left(argv, english, vietnamese) == set(), vietnamese


def test_the_english_check_finds_english_words(tmp_path: Path) -> None:
    """The check above is no formality: an English word, an axis's English meaning or a header is
    found, and so is a rules file's word without its Vietnamese name or any word that is no Vietnamese."""
    assert _english_left(["rules", "house"], "", "chop_payment  multiply\nthui  above (trả người xếp trên)") == {"multiply"}
    assert _english_left(["rules", "x.toml"], "", "tienlen: frozen_penalti: không phải mục luật; did you mean it?") == {
        "did",
        "you",
        "mean",
    }
    assert _english_left(["replay", "x"], "", "tienlen: không đọc được record 'x': No such file or directory") == {
        "record",
        "such",
        "file",
        "directory",
    }
    assert _english_left(["play"], "", "ghế 0 (greedy) net +8.000; 4p: 4→1 4") == {"net"}
    assert _english_left(["play"], "", "tienlen play: error: argument --seed: cần một số nguyên") == set()  # argparse's own
    assert _english_left(["rules", "house"], "", "frozen  có\ndescription  Southern rules") == {"southern", "rules"}
    assert _english_left(["compare", "house", "iwin"], "", "bombs: which bombs chop\n  house  không có") == {
        "which",
        "bombs",
        "chop",
    }
    assert _english_left(["simulate"], "seat advantage 0.2", "chênh lệch seat 0,2") == {"seat"}
    assert _english_left(["compare", "iwin"], "", "instant_wins  pr5 (chỉ ván đầu), four_threes (first round only)") == {
        "first",
        "round",
        "only",
    }


@pytest.mark.usefixtures("no_locale")
def test_replay_tells_the_round_in_the_language_asked_for(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(GREEDY_ROUND.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path), "--lang", "vi")
    assert code == 0
    assert f"bản ghi ván phát lại được: {len(GREEDY_ROUND.actions)} nước đi, tất cả hợp lệ theo luật" in out
    assert not any(word in out for word in ("plays", "passes", "pays", "net", "record", "seat"))


@pytest.mark.usefixtures("no_locale")
def test_a_refused_player_count_is_all_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--lang", "vi", "--players", "5")
    assert (code, err.strip()) == (2, "tienlen: số người chơi: luật house chơi từ 2 đến 4 người, không phải 5")


@pytest.mark.parametrize("bots", ["search", "search:1,greedy", "passer,search:2"])
def test_play_takes_the_bots_a_tournament_takes(capsys: pytest.CaptureFixture[str], bots: str) -> None:
    code, out, err = run(capsys, "play", "--bots", bots, "--seed", "3", "--players", "2", "--lang", "en")
    assert (code, err) == (0, "") and f"({bots.split(',')[0]})" in out and "net:" in out


def test_play_refuses_an_unknown_bot_naming_the_search_specs(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--bots", "search:9", "--lang", "en")
    assert code == 2 and err.startswith("tienlen: search level must be")


def test_shared_options_are_declared_once() -> None:
    """``--lang``, ``--json``, ``--quiet`` and ``--dask`` are one declaration each, shared by the commands that take them."""
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    for option, commands in {
        "--lang": set(sub.choices),
        "--json": {"check", "moves", "simulate", "tournament"},
        "--quiet": {"simulate", "tournament"},
        "--dask": {"simulate", "tournament"},
    }.items():
        found = {name: a for name, p in sub.choices.items() for a in p._actions if option in a.option_strings}
        assert set(found) == commands, option
        assert len({id(action) for action in found.values()}) == 1, option


# ------------------------------------------------------------------ play and replay read the same in every language

_CARD = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")
_LABEL = re.compile(r"\((?:greedy|random|search:1|greedy-plan)\)")


def _shape(line: str) -> tuple[int, list[str], list[str], list[str]]:
    """What a line of ``play`` says whatever the language: its indentation, its cards, its bots'
    labels and its numbers (thousands grouped either way)."""
    words = _LABEL.sub(" ", _CARD.sub(" ", line.replace("(on a 2)", "")))  # a finish on a 2: "bằng heo" in Vietnamese
    numbers = [n.replace(",", "").replace(".", "") for n in re.findall(r"(?<![\w♠♣♦♥])[+-]?\d[\d,.]*(?![\w♠♣♦♥])", words)]
    return len(line) - len(line.lstrip()), _CARD.findall(line), _LABEL.findall(line), [n.rstrip(".,") for n in numbers]


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize("profile", ["house", "iwin", "counting", "northern", "faceoff"])
@pytest.mark.parametrize("seed", [3, 50, 117])
def test_play_prints_the_same_lines_in_both_languages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, profile: str, seed: int
) -> None:
    """``play --lang vi`` has the English output's lines, one for one: the header, the hands with
    each seat's bot, every trick's header and play, the result and the settlement."""
    monkeypatch.setenv("COLUMNS", "1000")  # no line wrapped
    argv = ["play", "--rules", profile, "--seed", str(seed), "--bots", "greedy,search:1,random,greedy-plan"]
    english = run(capsys, *argv, "--lang", "en")[1].splitlines()
    vietnamese = run(capsys, *argv, "--lang", "vi")[1].splitlines()
    assert len(english) == len(vietnamese) > 10
    assert [_shape(line) for line in english] == [_shape(line) for line in vietnamese]
    acts = [line for line in vietnamese if re.search(r" (đánh|bỏ lượt|đi trước|về (nhất|nhì|ba|bét))", line)]
    assert acts and all(_LABEL.search(line) for line in acts)  # a seat is named with its bot
    starts = [line.split(":")[0].split()[0] for line in vietnamese if not line.startswith(" ") and line]
    assert starts[0] == profile and starts[-2:] == ["kết", "tính"] and set(starts[1:-2]) <= {"vòng"}, starts
    assert any(line.startswith("  tổng: ghế 0 (greedy) ") for line in vietnamese)


@pytest.mark.usefixtures("no_locale")
def test_replay_prints_the_same_lines_in_both_languages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(GREEDY_ROUND.to_json(), encoding="utf-8")
    english = run(capsys, "replay", str(path), "--lang", "en")[1].splitlines()
    vietnamese = run(capsys, "replay", str(path), "--lang", "vi")[1].splitlines()
    assert len(english) == len(vietnamese) and [_shape(line)[:2] for line in english] == [_shape(line)[:2] for line in vietnamese]


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("seed", range(1, 9))
def test_wrapping_never_splits_a_seat_label(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, seed: int
) -> None:
    """At 80 columns (a pipe's width) a long result or net line wraps between its items, never
    inside ``seat 1 (random)`` nor between a place and its seat or a seat and its amount."""
    monkeypatch.setenv("COLUMNS", "80")
    seat = "seat" if lang == "en" else "ghế"
    code, out, _ = run(capsys, "play", "--seed", str(seed), "--bots", "greedy,search:1,random,greedy-plan", "--lang", lang)
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    lines = out.splitlines()
    wrapped = [(line, after) for line, after in itertools.pairwise(lines) if _indent(after) == _indent(line) + 4]
    assert wrapped, "nothing was long enough to wrap"
    broken = [
        (line, after)
        for line, after in wrapped
        if re.search(rf"(\b{seat}|\b{seat} \d|\d\.)$", line)
        or re.match(r"\s*(\d+\s*)?\((greedy|search:1|random|greedy-plan)\)|\s*[+-]\d", after)
    ]
    assert broken == []
    result = next(line for line in out.split("\n\n")[0].split("\n") if not line.startswith(" ") and ": 1. " in line)
    assert result.endswith(("),", ");")), result  # the result line is long enough to wrap, and wraps after an item


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def test_format_round_and_format_settlement_write_plain_text_in_the_language_asked_for() -> None:
    from tienlen import settle
    from tienlen.cli import format_round, format_settlement
    from tienlen.errors import InvalidArgument

    money = settle(GREEDY_ROUND.result, GREEDY_ROUND.rules, unit=1000)
    for lang, seat in (("en", "seat 0"), ("vi", "ghế 0")):
        text = format_round(GREEDY_ROUND, lang=lang) + format_settlement(money, GREEDY_ROUND.rules, lang=lang)
        assert "\u00a0" not in text and f"  {seat}  " in text  # the hand of seat 0, its name padded
    with pytest.raises(InvalidArgument):
        format_round(GREEDY_ROUND, ["a", "b", "c", "d"], lang="fr")
    with pytest.raises(InvalidArgument):
        format_settlement(money, GREEDY_ROUND.rules, ["a", "b", "c", "d"], lang="fr")
