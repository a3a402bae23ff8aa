"""Messages in a language: a code of the catalogue (:mod:`tienlen._base.catalogue`) and its parameters
rendered in English or Vietnamese (private; the docs page "Error codes" lists the codes).

A refusal is a code and its parameters, plain JSON values (card text, seats, numbers, kinds of
combination) or, under ``reason``, another refusal as ``{"code": ..., "params": ...}``. Its text
is the code's template filled with the parameters, in English or, through :mod:`gettext`, in
another language whose compiled catalogue ships in ``locale/`` (Vietnamese: ``vi``). A language is
chosen per call; nothing here is process-wide.

>>> render("seat-does-not-hold", {"seat": 2, "cards": "2♥"}, "vi")
'ghế 2 không có 2♥'
"""

from __future__ import annotations

import enum
import gettext
import os
import string
from collections.abc import Mapping
from functools import partial
from typing import Any

from tienlen._base.cache import BoundedCache
from tienlen._base.catalogue import MESSAGES, TEXTS

__all__ = [
    "AXIS_CONTEXT",
    "CHOICE_CONTEXT",
    "LANGUAGES",
    "MESSAGES",
    "PROFILE_CONTEXT",
    "TEXTS",
    "WORDS",
    "WORD_CONTEXT",
    "Params",
    "fields",
    "jsonable",
    "format_number",
    "number_text",
    "render",
    "translated",
    "words_of",
]

LANGUAGES = ("en", "vi")
"""The languages messages are written in: English, and Vietnamese (``locale/vi``)."""

_SEPARATORS = {"vi": str.maketrans(",.", ".,")}
"""How a language writes numbers where it differs from English: Vietnamese groups thousands with
``.`` and writes decimals with ``,`` (``4.000``, ``0,5``)."""

Params = Mapping[str, Any]

_SUMS = {"items": " + ", "parts": " + "}
"""Parameters whose texts are the parts of a sum, written ``a + b``: what a cóng or thúi charges
(``items``), the links of a chop chain (``parts``); the texts of another parameter are written
one after the other, separated by commas."""

PATTERN_NAMES = (  # the instant-win patterns (tienlen.INSTANT_WIN_PATTERNS, which tests/test_messages.py checks)
    "dragon",
    "dragon_to_two",
    "four_twos",
    "six_pairs",
    "pr5",
    "pr6",
    "pr3_with_three_spades",
    "four_threes",
    "three_triples",
    "four_triples",
    "three_quads",
    "five_pairs_and_triple",
    "five_consecutive_pairs_and_triple",
    "one_colour",
    "three_consecutive_triples",
    "two_bombs",
)

WORDS: dict[str, dict[str, str]] = {
    # the parameters rendered as words of the language, by parameter name: what each value reads as in English
    "kind": {
        "single": "single",
        "pair": "pair",
        "triple": "triple",
        "quad": "quad",
        "straight": "straight",
        "pair run": "pair run",
        "triple run": "triple run",
        "quad run": "quad run",
    },
    "bomb": {"quad": "quad", "PR3": "PR3", "PR4": "PR4", "PR5": "PR5", "PR6": "PR6"},
    "want": {
        "single": "a single",
        "pair": "a pair",
        "triple": "a triple",
        "quad": "a quad",
        "straight": "a {length}-card straight",
        "pair run": "a {length}-card pair run ({rank_count} pairs)",
        "triple run": "a {length}-card triple run ({rank_count} triples)",
        "quad run": "a {length}-card quad run ({rank_count} quads)",
    },
    "sets": {"triple run": "triples", "quad run": "quads"},
    "twos": {"1": "a single 2", "2": "a pair of 2s", "3": "a triple of 2s"},
    "group": {"1": "2", "2": "22", "3": "222"},
    "shape": {
        "bool": "true or false",
        "int": "a whole number",
        "text": "text",
        "amount": "a whole number, or a table of player counts and whole numbers",
        "bomb table": "a table of bomb classes",
        "bomb classes": "a list of bomb classes",
        "names": "a list of names",
        "instant wins": "a list of names, or a table of name = 'any', 'first' or 'later'",
        "numbers": "a list of whole numbers",
        "4 numbers": "4 whole numbers",
        "2 numbers": "2 whole numbers",
        "placement": "a table of player counts, each with a list of [payer place, payee place, amount]",
        "place points": "a table of player counts, each with a list of points",
        "bomb values": "a table of bomb classes and whole numbers",
    },
    "what": {"rule set": "rule set", "bot": "bot", "agent": "agent"},
    "colour": {"1": "black", "2": "red", "3": "one black, one red"},
    "place": {"1": "1st", "2": "2nd", "3": "3rd", "4": "4th"},
    "currency": {"chips": "chips", "bets": "bets", "points": "points"},
    "unit_name": {"entry": "entry", "bet": "bet", "point": "point"},
    "event": {"chops": "chops", "chains": "chains", "cóng": "cóng", "thúi": "thúi", "instant wins": "instant wins"},
    "pattern": {name: name.replace("_", " ") for name in PATTERN_NAMES},
    "name": {
        "players": "players",
        "the result's players": "the result's players",
        "record": "record",
        "the record": "the record",
        "report": "report",
        "rules file": "rules file",
        "the rules file": "the rules file",
    },
    "rank_count": {str(count): str(count) for count in range(2, 13)},
}
"""Parameters whose values are words: a parameter named ``kind`` or ending in ``_kind`` is a kind of
combination, ``want`` one with its ``length``, ``sets`` what a run is made of (a run's kind), ``bomb``/``*_bomb`` a bomb class, ``twos`` the size of
a 2-group (``group`` the same, as a bomb table writes it: ``22``), ``colour`` a pair's colours (1 black, 2 red, 3 one of each), ``place``/``*_place`` a
place (1 to 4), ``currency`` what a settlement counts in, ``unit_name`` what one unit of a room is called
(a profile's name for it; another stays as written), ``pattern`` an instant win's pattern; ``event`` names the
events a simulation counts (``ProfileStats.frequencies``); ``shape`` what a rule axis's value must be (a wrong one is refused with it), ``what`` what a comma-separated option lists; ``rank_count`` how many pairs (triples,
quads) a run has, which Vietnamese says in words (``ba đôi thông``); ``name`` the argument a refusal names, where it
is a player count (``players``) or a file the command line reads (``record``; another name, an
identifier such as ``line_up``, stays as written)."""

WORD_CONTEXT = "word:"
"""The message context of a word of :data:`WORDS` in the catalogues (``word:kind``); a message's context is its code."""

AXIS_CONTEXT = "axis:"
"""The message context of a rule axis's meaning (``axis:bombs``): the English is declared with the
axis (``tienlen.AXES``), and ``tools/messages.py`` puts it in the catalogues from there."""

CHOICE_CONTEXT = "choice:"
"""The message context of a word an axis may take (``choice:chop_payment``, ``multiply``): the
words are declared with the axis's type (``tienlen.variants.rules.CHOICES``), and the catalogues
hold each one's name in the language."""

PROFILE_CONTEXT = "profile:"
"""The message context of a profile's description (``profile:house``), declared with the profile."""

_DIRECTORY = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")  # not pathlib: light to import
_TRANSLATIONS: BoundedCache[str, gettext.NullTranslations] = BoundedCache("message catalogues", limit=8, holds="languages")


MAX_NUMBER_BITS = 128
"""The longest whole number a message writes out in digits; a longer one is given by its size."""


def number_text(number: int) -> str:
    """``number`` in digits, or ``<a 16610-bit number>`` when it has more than :data:`MAX_NUMBER_BITS`
    bits (Python refuses to write a number of more than 4,300 digits, and no one reads one)."""
    return repr(number) if number.bit_length() <= MAX_NUMBER_BITS else f"<a {number.bit_length()}-bit number>"


def jsonable(value: Any) -> Any:
    """``value`` as a parameter: a refusal (an error or a reason, with a ``code`` and ``params``) as
    ``{"code", "params"}``, an enum as its name in words, numbers, text and ``None`` as they are
    (a whole number too long to write as its size, :func:`number_text`), mappings and lists of them
    item by item, a :func:`functools.partial` as the value it makes (a parameter written only if
    it is read: ``partial(format_cards, mask)``), anything else as its text."""
    if type(value) is str:  # the common case first
        return value
    if type(value) is partial:
        return jsonable(value())
    code, params = getattr(value, "code", None), getattr(value, "params", None)
    if isinstance(code, str) and isinstance(params, Mapping):  # a refusal: an error, or a Reason
        return {"code": code, "params": dict(params)}
    if isinstance(value, enum.Enum):
        return value.name.lower().replace("_", " ")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_NUMBER_BITS:
        return number_text(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {key if isinstance(key, str) else str(jsonable(key)): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [jsonable(item) for item in items]
    return str(value)


def render(code: str, params: Params, lang: str = "en") -> str:
    """The text of ``code`` (a refusal or another text) with ``params`` in ``lang`` (one of :data:`LANGUAGES`).

    A parameter holding ``{"code", "params"}`` is written as that text, a list of them as their
    texts one after the other, separated by commas."""
    english = MESSAGES.get(code) or TEXTS.get(code)
    if english is None:  # an error made from a message alone: its text is the message
        return str(params.get("message", ""))
    words = _translation(lang)
    values = {name: _value(name, value, params, words, lang) for name, value in params.items()}
    return words.pgettext(code, english).format_map(_Missing(values))


def translated(context: str, english: str, lang: str = "en") -> str:
    """``english`` in ``lang`` under a context of the catalogues (:data:`AXIS_CONTEXT` and the axis,
    :data:`PROFILE_CONTEXT` and the profile), or ``english`` itself where the catalogue has no such
    text (a description a rules file wrote).

    >>> translated(PROFILE_CONTEXT + "house", "a room of my own", "vi")
    'a room of my own'
    """
    return _translation(lang).pgettext(context, english)


def format_number(value: float, spec: str, lang: str = "en") -> str:
    """``value`` formatted with ``spec`` and written with ``lang``'s separators.

    >>> format_number(4000, ",", "vi"), format_number(-0.125, "+.3f", "vi"), format_number(-0.125, "+.3f")
    ('4.000', '-0,125', '-0.125')
    """
    return format(value, spec).translate(_SEPARATORS.get(lang, {}))


def words_of(table: str, value: str, lang: str = "en") -> str:
    """The word of ``WORDS[table][value]`` in ``lang``."""
    return translated(WORD_CONTEXT + table, WORDS[table][value], lang)


def _value(name: str, value: Any, params: Params, words: gettext.NullTranslations, lang: str) -> Any:
    if isinstance(value, Mapping) and isinstance(value.get("code"), str):
        return render(value["code"], value.get("params", {}), lang)
    if isinstance(value, list) and value and all(isinstance(item, Mapping) for item in value):  # several texts
        return _SUMS.get(name, ", ").join(_value(name, item, params, words, lang) for item in value)
    table = name if name in WORDS else name.rpartition("_")[2]
    if table in WORDS and str(value) in WORDS[table]:
        word = words.pgettext(WORD_CONTEXT + table, WORDS[table][str(value)])
        if "{" not in word:
            return word
        others = {other: _value(other, item, params, words, lang) for other, item in params.items() if other != name}
        return word.format_map(_Missing(others))  # a word naming other parameters (a run's length): theirs in the language
    separators = _SEPARATORS.get(lang)
    if separators is not None and isinstance(value, int | float) and not isinstance(value, bool):
        return _Number(value, separators)
    return value


class _Number:
    """A number written with a language's separators, whatever the template's format spec."""

    __slots__ = ("separators", "value")

    def __init__(self, value: float, separators: dict[int, int]) -> None:
        self.value, self.separators = value, separators

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).translate(self.separators)

    def __str__(self) -> str:
        return format(self, "")


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:  # a template naming a parameter the refusal lacks
        return "{" + key + "}"


def _translation(lang: str) -> gettext.NullTranslations:
    found = _TRANSLATIONS.get(lang)
    if found is None:
        if lang == "en":
            found = gettext.NullTranslations()
        else:
            found = _TRANSLATIONS.put(lang, gettext.translation("tienlen", _DIRECTORY, languages=[lang]))
    return found


def fields(text: str) -> set[str]:
    """The parameter names a template uses."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
