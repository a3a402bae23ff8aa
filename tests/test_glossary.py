"""The Vietnamese messages speak the glossary's language: one Vietnamese term per concept.

The glossary's machine-readable tables live in ``docs/_ext/glossary_terms.py`` (the docs page
"Glossary of Vietnamese terms" prints them): for each English term of the catalogue, the one
Vietnamese term its translations use, and the words they never use. Every translation of
``locale/vi`` is read here, as the library reads it (gettext, the compiled catalogue).
"""

from __future__ import annotations

import gettext
import re
import sys
from pathlib import Path

import pytest

from tienlen import AXES, PROFILES
from tienlen._base.messages import AXIS_CONTEXT, CHOICE_CONTEXT, MESSAGES, PROFILE_CONTEXT, TEXTS, WORD_CONTEXT, WORDS, render
from tienlen.variants.rules import CHOICES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from glossary_terms import FORBIDDEN, NAMES_NOT_TERMS, TERMS  # noqa: E402

with open(ROOT / "src" / "tienlen" / "locale" / "vi" / "LC_MESSAGES" / "tienlen.mo", "rb") as _file:
    VI = gettext.GNUTranslations(_file)

ENGLISH = {
    **{(code, code): text for code, text in [*MESSAGES.items(), *TEXTS.items()]},
    **{(WORD_CONTEXT + table, word): word for table, words in WORDS.items() for word in words.values()},
    **{(AXIS_CONTEXT + axis, meaning): meaning for axis, meaning in AXES.items()},
    **{
        (CHOICE_CONTEXT + axis, word): word
        for axis, words in CHOICES.items()
        for word in words
        if axis not in WORDS and word != "none"
    },
    **{(PROFILE_CONTEXT + name, profile.description): profile.description for name, profile in PROFILES.items()},
}
"""Every text of the catalogue by (context, English): the context of a message is its code, of an
axis's meaning ``axis:`` and the axis, of a choice axis's word ``choice:`` and the axis, of a
profile's description ``profile:`` and the profile."""

_NOT_PROSE = re.compile(r"\{[^}]*\}|'[^']*'|\"[^\"]*\"|`[^`]*`|\w+ = \S+|\S*[_=()\[\].]\S*")
"""What is no English prose: parameters, quoted words, code (names with _ = ( ) [ ] or a dot)."""


def _prose(english: str) -> str:
    return _NOT_PROSE.sub(" ", english)


def _vietnamese(context: str, english: str) -> str:
    return VI.pgettext(context, english)


def _uses(text: str, term: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text) is not None


@pytest.mark.parametrize(("context", "english"), [(context, text) for (context, _), text in ENGLISH.items()])
def test_every_translation_uses_the_glossary_term_of_each_english_term_it_translates(context: str, english: str) -> None:
    if context in NAMES_NOT_TERMS:
        return
    vietnamese = _vietnamese(context, english).lower()
    missing = [(en, vi) for en, vi in TERMS.items() if _uses(_prose(english), en) and vi not in vietnamese]
    assert missing == [], f"{context}: {english!r} -> {vietnamese!r}"


@pytest.mark.parametrize(("context", "english"), [(context, text) for (context, _), text in ENGLISH.items()])
def test_no_translation_uses_a_word_the_glossary_forbids(context: str, english: str) -> None:
    vietnamese = _vietnamese(context, english).lower()
    assert [word for word in FORBIDDEN if word in vietnamese] == [], f"{context}: {vietnamese!r}"


def test_the_glossary_has_one_vietnamese_term_per_concept_and_no_forbidden_term() -> None:
    concepts = {term: english for english, term in TERMS.items()}
    assert len(set(TERMS.values())) == len(concepts)
    assert not [term for term in TERMS.values() if any(word in term for word in FORBIDDEN)]
    assert set(NAMES_NOT_TERMS) <= {context for context, _ in ENGLISH}, "an exception names no code"


def test_the_glossary_page_prints_the_tables_and_never_uses_a_forbidden_word() -> None:
    page = (ROOT / "docs" / "glossary.rst").read_text(encoding="utf-8")
    assert ".. glossary-terms::" in page
    for path in (ROOT / "docs" / "glossary.rst", ROOT / "docs" / "bat-dau.rst", ROOT / "README.md"):
        text = path.read_text(encoding="utf-8").lower()
        prose = text.split(".. glossary-terms::")[0]
        assert [word for word in ("rác", "tác tử", "biên bản") if word in prose] == [], path.name


@pytest.mark.parametrize(
    ("code", "params", "vietnamese"),
    [
        (
            "must-beat-with-same-kind",
            {"table": "A♥", "want": "single", "length": 1, "rank_count": 1},
            "A♥ chỉ chặn được bằng một lá lẻ lớn hơn",
        ),
        (
            "twos-need-same-kind-or-bomb",
            {"twos": 1, "want": "single"},
            "một con heo chỉ chặn được bằng một con heo lớn hơn, hoặc bị chặt bằng hàng",
        ),
        ("finished", {"seat": 2, "place": 1}, "ghế 2 về nhất"),
        (
            "finish-event-names-seat-player",
            {"finish": "[9, 1]", "n": 4},
            "sự kiện hết bài [9, 1] ghi một ghế không có ở bàn 4 người này",
        ),
        ("rake", {"percent": 5, "won": 4000}, "tiền xâu: 5% trên 4.000 tiền thắng"),
        (
            "player-count-not-allowed",
            {"name": "players", "rules": "house", "low": 2, "high": 4, "players": 5},
            "số người chơi: luật house chơi từ 2 đến 4 người, không phải 5",
        ),
        (
            "player-count-not-allowed-exact",
            {"name": "the result's players", "rules": "faceoff", "low": 2, "high": 2, "players": 4},
            "số người chơi ghi trong kết quả: luật faceoff chỉ chơi đúng 2 người, không phải 4",
        ),
        ("card-given-twice", {"card": "2♥"}, "2♥ xuất hiện hai lần; bộ bài không có hai lá trùng nhau"),
        ("tour-first-places", {}, "tỉ lệ về nhất"),
        ("sim-per-seat", {"name": "greedy"}, "greedy (trung bình mỗi ghế)"),
        (
            "record-redacted-seat-holds-one",
            {"record": 2},
            "bản ghi ván này chỉ là phần dành cho ghế 2: chỉ có bài của ghế đó nên không phát lại được ván",
        ),
        ("tour-unit", {"unit_name": "entry"}, "1 = một tiền bàn"),
        ("view-has-no-action", {"seat": 1}, "lúc này ghế 1 không có nước nào để chọn"),
        ("seat-view-seat", {"seat": 1, "seat2": 2}, "đây là phần bài ghế 1 được thấy, không phải của ghế 2"),
        ("raised-cards-not-in-hand", {"cards": "2♥", "hand": "3♠"}, "không chọn được 2♥: tay bài 3♠ không có những lá này"),
        (
            "rule-axis-did-you-mean",
            {"unknown": "frozen_penalti", "close": "frozen_penalty"},
            "frozen_penalti: không phải mục luật; có phải ý bạn là 'frozen_penalty'?",
        ),
    ],
)
def test_the_sentences_the_reading_found_wrong_read_as_a_player_writes_them(
    code: str, params: dict[str, object], vietnamese: str
) -> None:
    assert render(code, params, "vi") == vietnamese


def test_a_pair_run_is_named_by_its_number_of_pairs() -> None:
    params = {"table": "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", "want": "pair run", "length": 6, "rank_count": 3}
    assert render("must-beat-with-same-kind", params, "vi").endswith("bằng ba đôi thông (6 lá) lớn hơn")
    for pairs, word in [(4, "bốn"), (5, "năm"), (6, "sáu")]:
        params = {"table": "…", "want": "pair run", "length": 2 * pairs, "rank_count": pairs}
        assert render("must-beat-with-same-kind", params, "vi").endswith(f"bằng {word} đôi thông ({2 * pairs} lá) lớn hơn")
    assert render("must-beat-with-same-kind", params, "en").endswith("by a 12-card pair run (6 pairs)")
