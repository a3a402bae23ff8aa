"""The exceptions raised by :mod:`tienlen`.

Every refusal is a :class:`TienLenError`, itself a :class:`ValueError`, whose message names
the input that was refused and the rule that refused it, in words a player could act on.
Messages are safe to show as they are: one line, control characters escaped, and at most
:data:`MESSAGE_LIMIT` characters, whatever the input was.

Every refusal the library makes also carries a stable :attr:`~TienLenError.code` and its
:attr:`~TienLenError.params` as plain data, so that an app can write the message in its own
words; :meth:`~TienLenError.text` writes it in one of the library's languages (``"en"``, ``"vi"``).
The docs page "Error codes" lists every code.

>>> error = IllegalPlay.of("seat-does-not-hold", seat=2, cards="2♥")
>>> error.code, error.params, str(error)
('seat-does-not-hold', {'seat': 2, 'cards': '2♥'}, 'seat 2 does not hold 2♥')
>>> error.text("vi")
'ghế 2 không có 2♥'
"""

from __future__ import annotations

import types
import unicodedata
from collections.abc import Mapping
from typing import Any, Self

from tienlen._base.cache import BoundedCache
from tienlen._base.messages import LANGUAGES, MESSAGES, TEXTS, jsonable, render

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
    "LANGUAGES",
    "Reason",
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
    if text.isprintable() and (text.isascii() or all(map(_visible, set(text)))):
        out = text  # the common case, nothing to escape: checked once per distinct character
    else:
        out = "".join(c if _visible(c) else ascii(c)[1:-1] for c in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _visible(char: str) -> bool:
    return char.isprintable() and (char < "\u0300" or unicodedata.category(char) not in ("Mn", "Me"))


class _Refusal:
    """What every refusal carries: a stable code, its parameters, and its text in a language."""

    code: str
    """The stable code of the refusal (kebab-case, e.g. ``"must-follow-suit"``); see the page "Error codes"."""
    params: Mapping[str, Any]
    """The refusal's parameters as plain JSON values, by the names the code's template uses; a
    refusal that gives another as its reason holds it under ``reason`` as ``{"code", "params"}``."""

    @property
    def codes(self) -> tuple[str, ...]:
        """The code, then the codes of the reasons it gives, outermost first:
        ``("cannot-play", "must-follow-suit")``."""
        codes, reason = [self.code], self.params.get("reason")
        while isinstance(reason, Mapping) and isinstance(reason.get("code"), str):
            codes.append(reason["code"])
            reason = reason.get("params", {}).get("reason")
        return tuple(codes)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"vi"``), one safe line as ``str()`` is; ``str()`` is the English one."""
        return one_line(render(self.code, self.params, language(lang)))

    def to_dict(self) -> dict[str, Any]:
        """The refusal as data, ``{"code": ..., "params": ...}``, for an app to write in its own words."""
        return {"code": self.code, "params": dict(self.params)}


class TienLenError(_Refusal, ValueError):
    """Base class of every error the library raises on bad input.

    The message is made safe on the way in (see :func:`one_line`). The library raises its errors
    with :meth:`of`, from a code of the catalogue and its parameters; an error made from a message
    alone has the code ``"message"`` and the message as its one parameter.

    An error made with :meth:`of` writes its message when it is first read (``str()``,
    :attr:`args`, ``repr()``, pickling), not when it is raised: a refusal that is caught and
    dropped costs no more than the check that made it.
    """

    __slots__ = ("_given", "_params", "code")  # filled without making the instance's dictionary: a refusal's hot path

    _given: Mapping[str, Any] | None
    """The parameters as :meth:`of` was given them, until :attr:`params` first makes them plain values."""
    _params: Mapping[str, Any]

    def __init__(self, message: str = "") -> None:
        super().__init__(one_line(str(message)))
        self.code = "message"
        self.params = {"message": self.args[0]}

    @classmethod
    def of(cls, code: str, /, **params: Any) -> Self:
        """The error ``code`` with ``params`` (made plain JSON values); its message is the code's English template filled in."""
        if type(code) is not str or (code not in MESSAGES and code not in TEXTS):
            _check_code(code)
        error = cls.__new__(cls)  # no message yet, nor plain parameters: they are made when read
        error.code, error._given = code, params  # its args stay () until read
        return error

    @property  # _Refusal.params, made plain values when first read
    def params(self) -> Mapping[str, Any]:
        """The refusal's parameters as plain JSON values, by the names the code's template uses."""
        given = self._given
        if given is not None:
            self._given, self._params = None, {name: jsonable(value) for name, value in given.items()}
        return self._params

    @params.setter
    def params(self, value: Mapping[str, Any]) -> None:
        self._given, self._params = None, value

    @property  # BaseException.args, written when first read
    def args(self) -> tuple[Any, ...]:
        """The message, one safe line, as the only argument (``ValueError``'s ``args``)."""
        args: tuple[Any, ...] = _ARGS.__get__(self)
        if not args:  # made with of(), not read yet: written from the code and parameters
            args = (one_line(render(self.code, self.params)),)
            _ARGS.__set__(self, args)
        return args

    @args.setter
    def args(self, value: Any) -> None:
        _ARGS.__set__(self, value)

    def __str__(self) -> str:
        self.args  # noqa: B018  # written first: BaseException's own __str__ and __repr__ read the stored args
        return super().__str__()

    def __repr__(self) -> str:
        self.args  # noqa: B018
        return super().__repr__()

    def __reduce__(self) -> tuple[Any, ...]:  # a pickled error (a worker process's) keeps its code
        return (_rebuilt, (type(self), self.args[0], self.code, dict(self.params)))


_ARGS: types.GetSetDescriptorType = vars(BaseException)["args"]
"""The ``args`` that ``BaseException`` stores, under :attr:`TienLenError.args`."""


class Reason(_Refusal, str):
    """Why a play may not be made, as :func:`~tienlen.explain` answers: the text (a ``str``, in
    the language asked for) with its :attr:`code` and :attr:`params`.

    >>> from tienlen import NORTHERN, explain
    >>> reason = explain("5♦", "7♠", NORTHERN)
    >>> reason.codes
    ('cannot-beat', 'must-follow-suit')
    >>> print(reason.text("vi"))
    5♦ không chặn được 7♠ theo luật northern: lá lẻ phải theo chất (♠)
    """

    @classmethod
    def of(cls, code: str, /, lang: str = "en", **params: Any) -> Reason:
        """The reason ``code`` with ``params``, its text in ``lang``.

        A text whose parameters are all whole numbers or plain text is written once and kept
        (in a bounded cache): settlement writes the same few reasons round after round."""
        plain = type(code) is str and type(lang) is str and _PLAIN.issuperset(map(type, params.values()))
        key = (cls, code, lang, *params.items()) if plain else None
        text = _REASON_TEXTS.get(key) if plain else None
        if text is None:
            _check_code(code)
            language(lang)
            params = {name: jsonable(value) for name, value in params.items()}
            text = one_line(render(code, params, lang))
            if plain:
                _REASON_TEXTS.put(key, text)
        reason = cls(text)
        reason.code, reason.params = code, params
        return reason


_PLAIN = frozenset((int, str))
"""The types of parameter values that are their own JSON values and make a reason's text worth keeping."""
_REASON_TEXTS: BoundedCache[Any, str] = BoundedCache("reason texts", limit=1 << 12, holds="reasons")
"""The text of each reason made with plain parameters (whole numbers and text, which are their
own JSON values), by its class, code, language and parameters."""


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


def language(lang: object) -> str:
    """``lang`` when the messages are written in it (one of :data:`LANGUAGES`), else :class:`InvalidArgument`."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    shown = one_line(repr(lang), 40) if isinstance(lang, str) else type(lang).__name__
    raise InvalidArgument.of("unknown-language", lang=shown, languages=", ".join(LANGUAGES))


def _check_code(code: object) -> None:
    if not (isinstance(code, str) and (code in MESSAGES or code in TEXTS)):
        raise InvalidArgument.of("unknown-code", code=one_line(repr(code), 60) if isinstance(code, str) else type(code).__name__)


def _rebuilt(cls: type[TienLenError], message: str, code: str, params: dict[str, Any]) -> TienLenError:
    error = cls(message)
    error.code, error.params = code, params
    return error
