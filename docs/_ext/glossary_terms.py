"""Sphinx extension and data: the English ↔ Vietnamese terms of the library's messages, one term per concept.

``.. glossary-terms::``
    one table: each English term of the message catalogue and the one Vietnamese term the
    translations use for it, then the words they never use. ``tests/test_glossary.py`` reads the
    same two tables and checks every translation of ``locale/vi`` against them, so the page cannot
    name a term the messages do not use.
"""

from __future__ import annotations

from typing import Any

TERMS: dict[str, str] = {
    # English term (as the catalogue writes it, lower case) -> the Vietnamese term
    "single": "lẻ",
    "pair": "đôi",
    "triple": "sám cô",
    "quad": "tứ quý",
    "straight": "sảnh",
    "pair run": "đôi thông",
    "triple run": "sám cô liên tiếp",
    "quad run": "tứ quý liên tiếp",
    "bomb": "hàng",
    "chop": "chặt",
    "interrupt": "chặt ngang",
    "trick": "vòng",
    "seat": "ghế",
    "round": "ván",
    "rule set": "bộ luật",
    "profile": "bộ luật mẫu",
    "agent": "bot",
    "bot": "bot",
    "record": "bản ghi ván",
    "frozen": "cóng",
    "thúi": "thúi",
    "instant win": "tới trắng",
    "the house": "nhà cái",
    "rake": "tiền xâu",
    "2s": "heo",
    "card count": "đếm lá",
}
"""The English term and the Vietnamese term every translation of a message holding it uses (where
the English uses it as a word of the game, not as the name of a parameter or an option)."""

NAMES_NOT_TERMS: dict[str, str] = {
    # codes whose English holds a term as a name (a field, a keyword) or in another sense, and why
    "action-object-with-action-seat": "seat is a field of the action object",
    "seat-must-number": "seat is the parameter",
    "record-needs-roundresult-finished-round": "record is the parameter",
    "reset-options-round-must-round": "round is an option of reset",
    "match-has-no-round-yet": "record is the verb (to note down a round)",
    "unknown-action-kind": "play, pass, interrupt and forfeit are the keywords of a document",
    "bombs-chops-twos-must-list": "single, pair and triple name the size of a group of 2s: một con, đôi, ba con",
    "word:twos": "a group of 2s is một con heo, đôi heo or ba con heo",
    "twos-need-same-kind-or-bomb": "the Vietnamese names the 2s through {twos} (một con heo, đôi heo, ba con heo)",
    "axis:direction": "round is 'around' (play goes round the table), not a round of play",
}
"""Where a message's English holds a term of :data:`TERMS` but not as that term, and why."""

FORBIDDEN: dict[str, str] = {
    "rác": "lẻ",
    "tác tử": "bot",
    "biên bản": "bản ghi ván",
    "tự do": "chặt ngang",
    "về thứ": "về nhất, về nhì, về ba, về bét",
    "thắng được": "tiền thắng",
}
"""Words the translations never use, each with the term to use instead."""


def table() -> list[str]:
    """The two tables as reStructuredText (list tables)."""
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 40 60", "", "   * - English", "     - Tiếng Việt"]
    for english, vietnamese in TERMS.items():
        lines += [f"   * - {english}", f"     - {vietnamese}"]
    lines += ["", ".. list-table::", "   :header-rows: 1", "   :widths: 40 60", "", "   * - never", "     - but"]
    for word, instead in FORBIDDEN.items():
        lines += [f"   * - {word}", f"     - {instead}"]
    return lines


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension (Sphinx and docutils are imported here, so ``tests/test_glossary.py``
    reads the tables above with the ``test`` extra alone)."""
    from docutils import nodes
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    class GlossaryTerms(SphinxDirective):
        """``.. glossary-terms::``: the two tables above."""

        has_content = False

        def run(self) -> list[nodes.Node]:
            self.env.note_dependency(__file__)
            container = nodes.container()
            self.state.nested_parse(StringList(table(), source="<glossary-terms>"), self.content_offset, container)
            return list(container.children)

    app.add_directive("glossary-terms", GlossaryTerms)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
