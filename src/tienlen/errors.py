"""The exceptions raised by :mod:`tienlen`.

Every refusal is a :class:`TienLenError`, itself a :class:`ValueError`, whose message names
the input that was refused and the rule that refused it, in words a player could act on.
Messages are safe to show as they are: one line, control characters escaped, and at most
:data:`MESSAGE_LIMIT` characters, whatever the input was.
"""

from __future__ import annotations

import unicodedata

__all__ = [
    "TienLenError",
    "InvalidCards",
    "InvalidCombo",
    "IllegalPlay",
    "InvalidRules",
    "InvalidRecord",
    "InvalidArgument",
    "InvalidDocument",
    "MESSAGE_LIMIT",
    "one_line",
]

MESSAGE_LIMIT = 400
"""The most characters an error message holds; a longer one is cut and ends with ``…``."""


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one printable line of at most ``limit`` characters.

    Line breaks, control characters and other invisible ones (zero-width characters, variation
    selectors, combining marks) are written as escapes (``\\n``, ``\\x1b``, ``\\u200b``,
    ``\\ufe0f``); whatever runs past ``limit`` is cut and marked with ``…``.

    >>> one_line("play\\nFORGED \\x1b[31m")
    'play\\\\nFORGED \\\\x1b[31m'
    """
    text = text[: limit * 2]  # escaping only ever lengthens what is kept
    out = "".join(c if _visible(c) else ascii(c)[1:-1] for c in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _visible(char: str) -> bool:
    return char.isprintable() and (char < "\u0300" or unicodedata.category(char) not in ("Mn", "Me"))


class TienLenError(ValueError):
    """Base class of every error the library raises on bad input.

    The message is made safe on the way in (see :func:`one_line`).
    """

    def __init__(self, message: str = "") -> None:
        super().__init__(one_line(str(message)))


class InvalidCards(TienLenError):
    """Card text that cannot be read, or a card set with a card twice."""


class InvalidCombo(TienLenError):
    """Cards that form no combination under the rules in force."""


class IllegalPlay(TienLenError):
    """An action the rules do not allow at this point of the round."""


class InvalidRules(TienLenError):
    """A rule set whose content cannot be used: an axis of the wrong type or out of range, axes
    that contradict each other, or a rules file or mapping that cannot be read.

    An argument that is not a rule set at all, or a setting passed with one (a player count, a
    unit, a seat, a picture size), is :class:`InvalidArgument`."""


class InvalidRecord(TienLenError):
    """A round record that cannot be read or does not replay under its rules."""


class InvalidArgument(TienLenError, TypeError):
    """An argument of the wrong type, or a value outside the range the library accepts: ``rules``
    that are no :class:`~tienlen.RuleSet`, a player count the rules do not allow, a seat not at the
    table, a unit, balance, seed, size or mode out of range.

    It is both a :class:`TienLenError` (so a :class:`ValueError`) and a :class:`TypeError`, so
    code that catches either keeps working; the message names the argument.
    """


class InvalidDocument(InvalidRecord):
    """A wire document (``from_dict`` / ``from_json``) that cannot be read: the message names the field."""
