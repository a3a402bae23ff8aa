"""Keep the translations of the messages in step with the catalogue (a development tool; needs Babel,
from the ``dev`` extra).

    python tools/messages.py update    # src/tienlen/locale/tienlen.pot from the catalogue, merged into each .po
    python tools/messages.py compile   # each .po compiled to its .mo (shipped in the wheel)

The catalogue (``tienlen._base.catalogue.MESSAGES`` and ``TEXTS``, and the words of ``tienlen._base.messages.WORDS``) is where
English text lives; each message's context (``msgctxt``) is its code, each word's ``word:`` and its
table. The meanings of the rule axes (``tienlen.AXES``, context ``axis:`` and the axis), the words of
the choice axes (``tienlen.variants.rules.CHOICES``, context ``choice:`` and the axis) and the
profiles' descriptions (context ``profile:`` and the profile) are declared where the axes and the
profiles are, and translated here too. Translators edit ``locale/LANG/LC_MESSAGES/tienlen.po``; ``tests/test_messages.py`` fails when a
message has no translation or the compiled ``.mo`` differs from the ``.po``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "tienlen" / "locale"
sys.path.insert(0, str(ROOT / "src"))

from tienlen._base.messages import (  # noqa: E402
    AXIS_CONTEXT,
    CHOICE_CONTEXT,
    LANGUAGES,
    MESSAGES,
    PROFILE_CONTEXT,
    TEXTS,
    WORD_CONTEXT,
    WORDS,
    fields,
)
from tienlen.variants.profiles import PROFILES  # noqa: E402
from tienlen.variants.rules import AXES, CHOICES  # noqa: E402


def template() -> Catalog:
    """The catalogue as a gettext template: one entry per code (refusals, then other texts), then one
    per word, per rule axis's meaning, per choice axis's word and per profile's description."""
    catalog = Catalog(project="tienlen", domain="tienlen", charset="utf-8", fuzzy=False)
    for code, text in [*sorted(MESSAGES.items()), *sorted(TEXTS.items())]:
        params = ", ".join(sorted(fields(text))) or "none"
        catalog.add(text, context=code, auto_comments=[f"code: {code}; parameters: {params}"])
    for table, words in WORDS.items():
        for value, word in words.items():
            catalog.add(word, context=WORD_CONTEXT + table, auto_comments=[f"{table} = {value}"])
    for axis, meaning in AXES.items():
        catalog.add(meaning, context=AXIS_CONTEXT + axis, auto_comments=[f"the meaning of the rule axis {axis}"])
    for axis, word in choices():
        catalog.add(
            word, context=CHOICE_CONTEXT + axis, auto_comments=[f"a word the rule axis {axis} takes, named in brackets after it"]
        )
    for name, profile in PROFILES.items():
        catalog.add(profile.description, context=PROFILE_CONTEXT + name, auto_comments=[f"the description of the profile {name}"])
    return _brace_only(catalog)


def choices() -> list[tuple[str, str]]:
    """The words the choice axes take that the catalogues name: all but ``none`` (written as the word
    for none) and those of an axis whose words are words of the messages (``currency``)."""
    return [(axis, word) for axis, words in CHOICES.items() if axis not in WORDS for word in words if word != "none"]


def _brace_only(catalog: Catalog) -> Catalog:
    """``catalog`` with no ``python-format`` flag: the texts are brace templates, and a ``%`` in them
    (``{percent}% of``) is a percent sign, not a printf directive (``msgfmt -c`` checks flagged ones)."""
    for message in catalog:
        message.flags.discard("python-format")
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "tienlen.po"


def update() -> None:
    pot = template()
    with open(LOCALE / "tienlen.pot", "wb") as file:
        write_po(file, pot, width=0, omit_header=True)
    for lang in LANGUAGES[1:]:
        with open(po_path(lang), "rb") as file:
            catalog = read_po(file, locale=lang)
        catalog.update(pot, no_fuzzy_matching=True)
        with open(po_path(lang), "wb") as file:
            write_po(file, _brace_only(catalog), width=0, ignore_obsolete=True)


def compiled(lang: str) -> bytes:
    """The .mo of ``lang`` compiled from its .po."""
    with open(po_path(lang), "rb") as file:
        catalog = read_po(file, locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES[1:]:
        po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))


if __name__ == "__main__":
    {"update": update, "compile": compile_all}[sys.argv[1]]()
