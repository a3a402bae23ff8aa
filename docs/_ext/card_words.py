"""Sphinx extension: the Vietnamese words for cards and moves, generated from ``tienlen.game._words``.

``.. card-words::``
    one table: every rank word, suit word and action word the readers accept, as written and
    without diacritics, with what it means. The table is read from the module the readers use, so
    the page cannot say a word is read when it is not.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from tienlen import Rank, Suit
from tienlen.game import _words

_ACTION_MEANS = {
    "pass": "pass",
    "play": "play the cards after it",
    "interrupt": "chop (``chop``, an interrupt) with the cards after it",
    "forfeit": "forfeit (``forfeit``): leave the round",
}


def rows() -> Iterable[tuple[str, str, str, str]]:
    """``(kind, word, without diacritics, meaning)`` for every word of the table, ranks high to low."""
    for word, rank in sorted(_words.RANKS.items(), key=lambda item: -item[1]):
        yield "rank", word, _words.plain(word), Rank(rank).symbol
    for word, suit in _words.SUITS.items():
        yield "suit", word, _words.plain(word), f"{Suit(suit).symbol} ({Suit(suit).name.lower()})"
    for word, kind in _words.ACTIONS.items():
        yield "move", word, _words.plain(word), _ACTION_MEANS[kind]


def table() -> list[str]:
    """The table as reStructuredText (a list table)."""
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 15 25 25 35", ""]
    lines += ["   * - kind", "     - word", "     - without diacritics", "     - means"]
    for kind, word, bare, means in rows():
        lines += [f"   * - {kind}", f"     - ``{word}``", f"     - ``{bare}``", f"     - {means}"]
    return lines


class CardWords(SphinxDirective):
    """``.. card-words::``: the word table."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        if _words.__file__:
            self.env.note_dependency(_words.__file__)
        container = nodes.container()
        self.state.nested_parse(StringList(table(), source="<card-words>"), self.content_offset, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("card-words", CardWords)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
