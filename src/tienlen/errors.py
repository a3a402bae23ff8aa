"""The exceptions raised by :mod:`tienlen`.

Every refusal is a :class:`TienLenError`, itself a :class:`ValueError`, whose message names
the input that was refused and the rule that refused it, in words a player could act on.
"""

from __future__ import annotations

__all__ = ["TienLenError", "InvalidCards", "InvalidCombo", "IllegalPlay", "InvalidRules", "InvalidRecord", "InvalidDocument"]


class TienLenError(ValueError):
    """Base class of every error the library raises on bad input."""


class InvalidCards(TienLenError):
    """Card text that cannot be read, or a card set with a card twice."""


class InvalidCombo(TienLenError):
    """Cards that form no combination under the rules in force."""


class IllegalPlay(TienLenError):
    """An action the rules do not allow at this point of the round."""


class InvalidRules(TienLenError):
    """A rule set, or a setting passed with one, that cannot be used."""


class InvalidRecord(TienLenError):
    """A round record that cannot be read or does not replay under its rules."""


class InvalidDocument(InvalidRecord):
    """A wire document (``from_dict`` / ``from_json``) that cannot be read: the message names the field."""
