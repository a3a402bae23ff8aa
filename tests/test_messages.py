"""Every refusal has a stable code, every code is documented, every message has its Vietnamese text.

The codes live in one catalogue (``tienlen._base.catalogue``); the raise sites of ``src/`` are read as
code (an AST scan) so a refusal made from a bare message, or naming a code the catalogue lacks,
fails here. The Vietnamese catalogue (``locale/vi``) is read with the stdlib's gettext, as the
library reads it, and compared with its source ``.po``.
"""

from __future__ import annotations

import ast
import gettext
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from extras import skip_reason
from hypothesis import given, strategies as st

from tienlen import (
    AXES,
    HOUSE,
    INSTANT_WIN_PATTERNS,
    NORTHERN,
    PAGAT,
    PROFILES,
    IllegalPlay,
    InvalidArgument,
    InvalidCombo,
    InvalidDocument,
    Reason,
    Round,
    RuleSet,
    TienLenError,
    classify,
    explain,
    parse_cards,
    settle,
)
from tienlen._base.messages import (
    AXIS_CONTEXT,
    CHOICE_CONTEXT,
    LANGUAGES,
    MESSAGES,
    PATTERN_NAMES,
    PROFILE_CONTEXT,
    TEXTS,
    WORD_CONTEXT,
    WORDS,
    fields,
    render,
    translated,
)
from tienlen.game.cards import DECK, format_cards
from tienlen.money.settle import unit_for
from tienlen.players.agents import GreedyAgent, RandomAgent, play_round
from tienlen.variants.rules import CHOICES

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "tienlen"
PO = SRC / "locale" / "vi" / "LC_MESSAGES" / "tienlen.po"
ERROR_CLASSES: tuple[type, ...] = (TienLenError, *TienLenError.__subclasses__(), InvalidDocument, Reason)
ERRORS = {cls.__name__ for cls in ERROR_CLASSES}
CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _calls() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                found.append((str(path.relative_to(SRC)), node.lineno, node))
    return found


CALLS = _calls()


def _literals() -> set[str]:
    """Every string constant of the package's modules but the catalogue."""
    out = set()
    for path in SRC.rglob("*.py"):
        if path.name != "catalogue.py":
            out |= {
                n.value
                for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            }
    return out


def test_no_refusal_is_made_from_a_bare_message() -> None:
    """An error class called with a message (``IllegalPlay("...")``) makes a refusal without a code;
    the library makes every one with ``.of(code, ...)``. ``error`` and ``cls`` name error classes in
    the helpers that take one."""
    bare = [
        f"{name}:{line}"
        for name, line, call in CALLS
        if isinstance(call.func, ast.Name) and call.func.id in ERRORS | {"error"} and (call.args or call.keywords)
    ]
    assert bare == [], "refusals without a code: " + ", ".join(bare)


def test_every_code_a_raise_site_names_is_in_the_catalogue() -> None:
    named = {
        (name, line, str(call.args[0].value))
        for name, line, call in CALLS
        if isinstance(call.func, ast.Attribute)
        and call.func.attr == "of"
        and call.args
        and isinstance(call.args[0], ast.Constant)
    }
    assert len(named) > 250
    assert sorted(f"{n}:{line} {code}" for n, line, code in named if code not in MESSAGES and code not in TEXTS) == []


def test_every_code_is_kebab_case_and_used_by_the_package() -> None:
    """No code is dead: each one appears in the package's code (a raise site, a table of codes)."""
    literals = _literals()
    assert [code for code in [*MESSAGES, *TEXTS] if not CODE.match(code)] == []
    assert sorted(set(MESSAGES) - literals) == [] and sorted(set(TEXTS) - literals) == []


def test_every_code_is_documented_on_the_error_codes_page() -> None:
    pytest.importorskip("sphinx", reason=skip_reason("sphinx"))
    if str(ROOT / "docs" / "_ext") not in sys.path:  # the docs' generators, as tests/test_docs.py reads them
        sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    import error_codes

    rows = error_codes.rows()
    assert [row[0] for row in rows] == sorted(MESSAGES)
    assert all(row[1] and row[2] for row in rows)
    assert ".. error-codes::" in (ROOT / "docs" / "concepts" / "error-codes.rst").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------- translations


def _catalogue() -> dict[tuple[str, str], str]:
    """The compiled Vietnamese catalogue, as the library reads it: (context, English) → Vietnamese."""
    with open(PO.with_suffix(".mo"), "rb") as file:
        translations = gettext.GNUTranslations(file)
    out = {}
    for key, value in translations._catalog.items():  # type: ignore[attr-defined]
        if isinstance(key, str) and "\x04" in key:
            context, english = key.split("\x04", 1)
            out[context, english] = value
    return out


VI = _catalogue()
WORD_KEYS = [(WORD_CONTEXT + table, word) for table, words in WORDS.items() for word in words.values()]
CHOICE_KEYS = [
    (CHOICE_CONTEXT + axis, word) for axis, words in CHOICES.items() if axis not in WORDS for word in words if word != "none"
]
"""The words of the choice axes the catalogues name (``none`` is written as the word for none, and
the currencies are words of the messages)."""
DECLARED_KEYS = [
    *((AXIS_CONTEXT + axis, meaning) for axis, meaning in AXES.items()),
    *CHOICE_KEYS,
    *((PROFILE_CONTEXT + name, profile.description) for name, profile in PROFILES.items()),
]
"""The texts declared where they belong and translated in the catalogues: each axis's meaning, each
choice axis's words, each profile's description."""


@pytest.mark.parametrize("code", [*sorted(MESSAGES), *sorted(TEXTS)])
def test_every_message_has_a_vietnamese_translation_of_one_line_that_uses_every_parameter(code: str) -> None:
    english = MESSAGES.get(code) or TEXTS[code]
    vietnamese = VI.get((code, english))
    assert vietnamese, f"{code} has no Vietnamese translation"
    assert vietnamese != english or not re.search(r"[a-z]{4}", re.sub(r"\{[^}]*\}", "", english)), f"{code} is not translated"
    assert "\n" not in vietnamese and vietnamese.isprintable()
    assert fields(vietnamese) == fields(english), f"{code}: the translation names other parameters"
    filled = render(code, dict.fromkeys(fields(english), 7), "vi")
    assert "{" not in filled.replace("{{", "") and "}" not in filled.replace("}}", "")


def test_every_word_has_a_vietnamese_word() -> None:
    assert all(VI.get(key) for key in WORD_KEYS), [key for key in WORD_KEYS if not VI.get(key)]
    assert len(VI) == len(MESSAGES) + len(TEXTS) + len(WORD_KEYS) + len(DECLARED_KEYS), (
        "the catalogue holds translations the library no longer uses"
    )
    assert set(PATTERN_NAMES) == set(INSTANT_WIN_PATTERNS)
    assert not set(MESSAGES) & set(TEXTS)


@pytest.mark.parametrize(("context", "english"), DECLARED_KEYS)
def test_every_axis_meaning_choice_and_profile_description_has_a_vietnamese_line(context: str, english: str) -> None:
    vietnamese = VI.get((context, english))
    assert vietnamese and vietnamese != english and "\n" not in vietnamese and vietnamese.isprintable(), context
    assert translated(context, english, "vi") == vietnamese and translated(context, english, "en") == english
    assert translated(context, "a meaning of my own", "vi") == "a meaning of my own"  # a text no catalogue holds, as written


def test_the_shipped_mo_is_the_po_compiled() -> None:
    pytest.importorskip("babel", reason=skip_reason("babel"))
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import messages  # type: ignore[import-not-found]  # tools/messages.py, a development tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    fresh = gettext.GNUTranslations(io.BytesIO(messages.compiled("vi")))
    assert fresh._catalog == _mo_catalog(), "recompile with: python tools/messages.py compile"  # type: ignore[attr-defined]
    pot = messages.template()
    assert {(m.context, m.id) for m in pot if m.id} == set(VI), "update the .po with: python tools/messages.py update"


PO_TEMPLATE_PLACEHOLDERS = ("PACKAGE VERSION", "YEAR-MO-DA", "FULL NAME", "EMAIL@ADDRESS", "LANGUAGE <LL@li.org>", "CHARSET")
"""What xgettext's template header holds until a translator fills it in."""


@pytest.mark.parametrize("po", sorted(SRC.glob("locale/*/LC_MESSAGES/*.po")), ids=lambda path: path.parent.parent.name)
def test_every_po_passes_msgfmt_check_and_its_header_is_filled_in(po: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("needs GNU gettext's msgfmt (.ci/run installs it)")
    checked = subprocess.run(
        [msgfmt, "-c", "--check-format", "-o", os.devnull, str(po)], capture_output=True, encoding="utf-8", check=False
    )
    assert checked.returncode == 0, checked.stderr
    header = po.read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert 'msgid ""' in header and "Project-Id-Version: tienlen " in header, header
    left = [placeholder for placeholder in PO_TEMPLATE_PLACEHOLDERS if placeholder in header]
    assert left == [], f"{po.name}: the header still holds the template's {left}"


def test_the_po_header_check_finds_each_template_placeholder() -> None:
    template = 'msgid ""\nmsgstr ""\n"Project-Id-Version: PACKAGE VERSION\\n"\n"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"\n"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"\n"Language-Team: LANGUAGE <LL@li.org>\\n"\n"Content-Type: text/plain; charset=CHARSET\\n"\n'
    assert [placeholder for placeholder in PO_TEMPLATE_PLACEHOLDERS if placeholder in template] == list(PO_TEMPLATE_PLACEHOLDERS)


def _mo_catalog() -> dict[object, str]:
    with open(PO.with_suffix(".mo"), "rb") as file:
        return dict(gettext.GNUTranslations(file)._catalog)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- refusals at work


def test_an_error_keeps_its_code_params_and_english_message() -> None:
    round_ = Round.deal(HOUSE, seed=1)
    with pytest.raises(IllegalPlay) as caught:
        round_.play("2♥")
    error = caught.value
    assert (error.code, dict(error.params)) == ("seat-does-not-hold", {"seat": 3, "cards": "2♥"})
    assert str(error) == error.text() == error.text("en") == "seat 3 does not hold 2♥"
    assert error.text("vi") == "ghế 3 không có 2♥"
    assert json.loads(json.dumps(error.to_dict())) == {"code": "seat-does-not-hold", "params": {"seat": 3, "cards": "2♥"}}


def test_a_refused_play_names_its_reason_as_data_and_in_either_language() -> None:
    round_ = Round.from_hands(["3♠ 5♦", "4♠ 7♥", "8♠", "9♠"], NORTHERN).play("3♠")
    with pytest.raises(IllegalPlay) as caught:
        round_.play("7♥")
    error = caught.value
    assert error.codes == ("cannot-play", "cannot-beat", "must-follow-suit")
    assert error.params["reason"]["params"]["reason"] == {"code": "must-follow-suit", "params": {"kind": "single", "suits": "♠"}}
    assert str(error) == "seat 1 cannot play 7♥: 7♥ cannot beat 3♠ under northern: a single must follow suit (♠)"
    assert error.text("vi") == "ghế 1 không đánh được 7♥: 7♥ không chặn được 3♠ theo luật northern: lá lẻ phải theo chất (♠)"


def test_the_first_play_must_hold_the_three_of_spades() -> None:
    round_ = Round.deal(HOUSE, seed=1)
    lowest = next(card for card in round_.hands[3] if str(card) != "3♠")
    with pytest.raises(IllegalPlay) as caught:
        round_.play(str(lowest))
    assert caught.value.code == "first-play-must-hold-3s"
    assert "phải mở ván bằng 3♠" in caught.value.text("vi")


def test_an_error_made_from_a_message_alone_has_the_message_code() -> None:
    error = IllegalPlay("table says\nno")
    assert (error.code, error.params) == ("message", {"message": "table says\\nno"})
    assert error.text("vi") == str(error)


def test_an_unknown_language_is_refused_with_a_code() -> None:
    with pytest.raises(InvalidArgument) as caught:
        IllegalPlay.of("round-is-over").text("fr")
    assert caught.value.code == "unknown-language"
    with pytest.raises(InvalidArgument):
        explain("3♠", None, HOUSE, lang="de")


def test_a_vietnamese_message_stays_one_safe_line_whatever_the_input() -> None:
    with pytest.raises(TienLenError) as caught:
        parse_cards("7♠ \x1b[31mFORGED\n" + "x" * 1000)
    for lang in LANGUAGES:
        text = caught.value.text(lang)
        assert "\n" not in text and "\x1b" not in text and len(text) <= 400


def test_combination_kinds_read_as_the_game_calls_them() -> None:
    assert (
        explain("3♠ 3♥", None, NORTHERN, lang="vi")
        == "3♠ 3♥ không phải là một bộ theo luật northern: đôi phải là hai lá cùng màu"
    )
    assert explain("7♠ 7♣", "2♥", HOUSE, lang="vi") == (
        "7♠ 7♣ không chặn được 2♥ theo luật house: một con heo chỉ chặn được bằng một con heo lớn hơn, hoặc bị chặt bằng hàng"
    )
    assert explain("6♠ 6♣ 6♦ 6♥", "2♦ 2♥", PAGAT, lang="vi") == (
        "6♠ 6♣ 6♦ 6♥ không chặn được 2♦ 2♥ theo luật pagat: tứ quý không chặt được đôi heo ở đây"
    )


PLAYS = st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)


@given(play=PLAYS, table=st.one_of(st.none(), PLAYS), rules=st.sampled_from(list(PROFILES.values())), passed=st.booleans())
def test_every_reason_explain_gives_has_documented_codes_and_reads_in_both_languages(play, table, rules, passed) -> None:  # type: ignore[no-untyped-def]
    try:
        reason = explain(play, table, rules, passed=passed)
    except InvalidCombo:  # pragma: no cover - explain answers rather than raises
        raise
    if reason is None:
        return
    assert isinstance(reason, Reason) and reason.codes and all(code in MESSAGES for code in reason.codes)
    assert reason == reason.text("en") and json.loads(json.dumps(reason.to_dict()))["code"] == reason.code
    vietnamese = explain(play, table, rules, passed=passed, lang="vi")
    assert vietnamese is not None and vietnamese.code == reason.code and vietnamese == reason.text("vi")
    assert "{" not in vietnamese and vietnamese != reason


@given(cards=PLAYS, rules=st.sampled_from(list(PROFILES.values())))
def test_every_classification_refusal_has_a_code_and_vietnamese_text(cards, rules) -> None:  # type: ignore[no-untyped-def]
    try:
        classify(cards, rules)
    except InvalidCombo as error:
        assert all(code in MESSAGES for code in error.codes)
        assert error.text("vi") != str(error) and "{" not in error.text("vi")


SEEDS = st.integers(0, 2**32)


@given(seed=SEEDS, rules=st.sampled_from(list(PROFILES.values())))
def test_a_settlement_reads_in_vietnamese_line_for_line(seed: int, rules: RuleSet) -> None:
    result = play_round(rules, [RandomAgent(), GreedyAgent()] * 2, seed=seed).result
    settlement = settle(result, rules, unit=unit_for(rules, 1000))
    english, vietnamese = str(settlement).splitlines(), settlement.text("vi").splitlines()
    assert len(english) == len(vietnamese) == len(settlement.transfers) + 1
    assert all(isinstance(t.reason, Reason) and t.reason.code in TEXTS for t in settlement.transfers)
    assert all("{" not in line and line not in english for line in vietnamese)
    assert [line.split(":")[0].split()[-1] for line in vietnamese[:-1]] == [
        f"{t.amount:,}".replace(",", ".") for t in settlement.transfers
    ]  # 4.000: Vietnamese groups with dots


def test_an_error_keeps_its_code_through_pickling() -> None:
    """A worker process's error reaches the parent with its code and parameters."""
    import pickle

    error = IllegalPlay.of("seat-does-not-hold", seat=1, cards="2♥")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalPlay and (str(again), again.code, again.params) == (str(error), error.code, error.params)
    assert again.text("vi") == "ghế 1 không có 2♥"


def test_the_command_line_gives_the_reason_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tienlen.cli import main

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert main(["check", "--lang", "vi", "--rules", "house", "--table", "2h", "--play", "7s 7c"]) == 1
    assert capsys.readouterr().out == f"không hợp lệ: {explain('7♠ 7♣', '2♥', HOUSE, lang='vi')}\n"
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    assert main(["check", "--rules", "house", "--play", "zz"]) == 2
    assert capsys.readouterr().err.startswith("tienlen: --play 'zz': không đọc được 'zz'")
    assert main(["check", "--lang", "en", "--rules", "house", "--table", "2h", "--play", "7s 7c"]) == 1
    assert "cannot beat" in capsys.readouterr().out


def test_play_tells_the_round_and_its_settlement_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tienlen.cli import format_round, format_settlement, main

    monkeypatch.setenv("COLUMNS", "500")  # no line wrapped
    assert main(["play", "--lang", "vi", "--rules", "house", "--seed", "1", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    start = Round.deal(HOUSE, seed=1)
    round_ = play_round(HOUSE, [GreedyAgent(seed=(1 + s) % 2**32) for s in range(4)], start=start)
    money = settle(round_.result, HOUSE, unit=1000)
    names = [f"ghế {s} (greedy)" for s in range(4)]
    assert out == f"{format_round(round_, names, lang='vi')}\n\n{format_settlement(money, HOUSE, names, lang='vi')}\n"
    lines = out.splitlines()
    assert lines[0] == "house: 4 người chơi, seed 1, ghế 0 chia bài"
    assert lines[1:5] == [f"  {names[s]:<16} {format_cards(m)}" for s, m in enumerate(start.dealt)]
    assert lines[5] == "vòng 1: ghế 3 (greedy) đi trước"
    heading = lines.index("tính tiền (chip):")
    assert lines[heading - 1] == "" and lines[heading - 2].startswith("kết quả: 1. ghế ")
    named = [re.sub(r"ghế (\d)", r"ghế \1 (greedy)", line) for line in money.text("vi").splitlines()]
    assert [line.strip() for line in lines[heading + 1 : -1]] == named[:-1]  # each transfer as Settlement.text writes it
    assert lines[-1].startswith("  tổng: ghế 0 (greedy) ")
    assert not any(word in line for line in lines for word in ("plays", "passes", "pays", "net", "seat"))


def test_a_reason_written_once_and_kept_is_the_reason_written_afresh() -> None:
    from tienlen._base.cache import CACHES

    kept = CACHES["reason texts"]
    kept.clear()
    first = Reason.of("placement", payer_place=4, payee_place=1)
    again = Reason.of("placement", payer_place=4, payee_place=1)
    assert len(kept) == 1 and again == first == "placement: 4th pays 1st"
    assert (again.code, again.params) == (first.code, first.params) == ("placement", {"payer_place": 4, "payee_place": 1})
    assert again.params is not first.params  # a reason's parameters are its own, never shared
    assert Reason.of("placement", "vi", payer_place=4, payee_place=1) == Reason.of(
        "placement", "vi", payer_place=4, payee_place=1
    ).text("vi")
    # a parameter that is not a whole number or plain text (here a reason) is written afresh every time
    nested = Reason.of("den-bai-pays-own", seat=2, reason=first)
    assert len(kept) == 2 and nested.params["reason"] == {"code": "placement", "params": {"payer_place": 4, "payee_place": 1}}
    with pytest.raises(InvalidArgument):
        Reason.of("placement", ["en"], payer_place=4, payee_place=1)  # type: ignore[arg-type]  # refused, not unhashable
    with pytest.raises(InvalidArgument):
        Reason.of("no-such-code", payer_place=4)
