"""Sphinx extension: the page of error codes, generated from the message catalogue.

``.. error-codes::`` writes one table: a row per code of ``tienlen._base.catalogue.MESSAGES``, with an
example of its message in English and in Vietnamese (the template filled with sample values, so
the page cannot drift from the catalogue) and the names of its parameters.
"""

from __future__ import annotations

import string
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from tienlen._base.messages import MESSAGES, fields, render

SAMPLES: dict[str, Any] = {  # what a parameter holds in the examples, by its name
    "seat": 2,
    "actor": 2,
    "to_act": 1,
    "cards": "3♠ 4♠",
    "combo": "5♦",
    "play": "5♦",
    "table": "7♠",
    "top": "5♦",
    "table_top": "7♠",
    "rules": "northern",
    "kind": "single",
    "want": "pair",
    "length": 2,
    "bomb": "quad",
    "table_bomb": "PR3",
    "twos": 1,
    "colour": 2,
    "suits": "♠",
    "ranks": "3 5",
    "reason": {"code": "must-follow-suit", "params": {"kind": "single", "suits": "♠"}},
}


def example(code: str, lang: str) -> str:
    """The message of ``code`` in ``lang`` with the sample values (``‹name›`` for the others)."""
    numbers = {name for _, name, spec, _ in string.Formatter().parse(MESSAGES[code]) if name and spec}
    params = {name: 1000 if name in numbers else SAMPLES.get(name, f"‹{name}›") for name in fields(MESSAGES[code])}
    return render(code, params, lang)


def rows() -> list[tuple[str, str, str, str]]:
    """(code, English example, Vietnamese example, parameters) for every code, sorted by code."""
    return [
        (code, example(code, "en"), example(code, "vi"), ", ".join(sorted(fields(MESSAGES[code])))) for code in sorted(MESSAGES)
    ]


def _cell(text: str) -> str:
    for char in "\\`*|_":  # the characters reStructuredText would read as markup
        text = text.replace(char, "\\" + char)
    return text or "–"


class ErrorCodes(SphinxDirective):
    """The table of every code."""

    def run(self) -> list[nodes.Node]:
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 20 35 35 10",
            "",
            "   * - code",
            "     - English",
            "     - Tiếng Việt",
            "     - parameters",
        ]
        for code, english, vietnamese, params in rows():
            lines += [f"   * - ``{code}``", f"     - {_cell(english)}", f"     - {_cell(vietnamese)}", f"     - {_cell(params)}"]
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("error-codes", ErrorCodes)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
