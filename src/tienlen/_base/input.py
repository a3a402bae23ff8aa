"""Input limits, safe excerpts of refused input, and reading text (JSON, files) within the limits.

The layer under the rule-set schema: it knows no library type, so the card and rule readers use it
too. The argument checks built on it live in :mod:`tienlen._base.checks`. The limits are documented
on the "Security and limits" page of the docs.
"""

from __future__ import annotations

import json
import os
import reprlib
import stat
import unicodedata
from collections.abc import Container, Iterable
from typing import Any, TypeGuard, TypeVar

from tienlen._base.messages import number_text
from tienlen.errors import InvalidArgument, TienLenError, one_line

MAX_SEED = 2**64 - 1
"""Seeds are whole numbers from 0 to 2**64 - 1."""
MAX_AMOUNT = 10**15
"""Stakes, balances and rule amounts are whole numbers of at most 10**15."""
MAX_COUNT = 10**9
"""Counts such as simulated or match rounds are at most 10**9."""
MAX_WORKERS = 256
"""Processes a simulation may be spread over."""
MAX_HAND = 13
"""The most cards a hand holds (what the rules deal)."""
MAX_CARD_TEXT = 1_000
"""Characters of card text read at once."""
MAX_ACTION_TEXT = 2_000
"""Characters of an action typed or sent as text (``seat 2 chop 6♠ 6♣ …``)."""
MAX_NOTATION = 65_536
"""Characters of a round notation."""
MAX_RECORD = 1_048_576
"""Characters of a JSON round record."""
MAX_DOCUMENT = 4_194_304
"""Characters of a wire document read from JSON text (a match of many rounds is the largest)."""
MAX_RULES_TEXT = 262_144
"""Characters of a TOML or JSON rule set."""

_E = TypeVar("_E", bound=TienLenError)


class _Excerpt(reprlib.Repr):
    """``reprlib`` with short limits, and numbers too long to print shown by their size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 6

    def repr_int(self, x: int, level: int) -> str:
        return number_text(x)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = super().repr_instance(x, level)
        except Exception:
            text = ""
        return text if text and " at 0x" not in text else f"<{type(x).__name__} object>"  # no memory addresses


_EXCERPT = _Excerpt()


def shown(value: object, limit: int = 60) -> str:
    """``value`` as an error message may quote it: short, one line, control characters escaped.

    Text is quoted as ``repr`` does, cut to a few dozen characters; numbers too long to print
    are given by their size; containers are shown a few items and levels deep.
    """
    return one_line(_EXCERPT.repr(value), limit)


def is_whole(value: object, low: int, high: int) -> TypeGuard[int]:
    """Whether ``value`` is a whole number from ``low`` to ``high``: an ``int``, never a ``bool``
    (``True`` is no seat, count or level, though Python counts it as 1)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def unknown_keys(keys: Iterable[object], known: Container[object]) -> list[str]:
    """The keys not in ``known``, as text in sorted order (a key that is not text, such as ``1``
    or a number too long to write, as an error message quotes it: :func:`shown`)."""
    return sorted(key if isinstance(key, str) else shown(key) for key in keys if key not in known)


def without_invisible(text: str) -> str:
    """``text`` without invisible characters (format characters such as a zero-width space, and
    variation selectors such as the emoji one of a phone's ``Q♥️``): card text and action words
    are read without them."""
    if text.isascii():
        return text
    return "".join(c for c in text if unicodedata.category(c) != "Cf" and not "\ufe00" <= c <= "\ufe0f")


def check_text(value: Any, name: str, limit: int, error: type[_E]) -> str:
    """``value`` when it is text of at most ``limit`` characters, else ``error`` (before any parsing)."""
    if not isinstance(value, str):
        raise error.of("not-text", name=name, value=shown(value))
    if len(value) > limit:
        raise error.of("text-too-long", name=name, value_count=len(value), limit=limit)
    return value


def parse_whole(text: str, name: str, high: int, error: type[_E]) -> int:
    """A whole number written in ASCII digits (no sign, no other digits), from 0 to ``high``."""
    if not (text.isascii() and text.isdigit() and len(text) <= 20) or int(text) > high:
        raise error.of("not-digits-in-range", name=name, high=high, text=shown(text))
    return int(text)


def load_json(text: Any, name: str, limit: int, error: type[_E]) -> Any:
    """Parse JSON text of at most ``limit`` characters, refusing duplicated keys, ``NaN`` and
    ``Infinity``, and nesting too deep to read."""
    check_text(text, name, limit, error)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except _Refused as refused:
        raise error.of("invalid-json", name=name, refused=refused) from None
    except RecursionError:
        raise error.of("json-nested-too-deeply", name=name) from None
    except ValueError as problem:  # json.JSONDecodeError, or a number too long to read
        raise error.of("invalid-json-at", name=name, problem=problem) from None


class _Refused(Exception):
    """Raised inside the JSON parser for a duplicated key or a non-number constant."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {shown(key)} is given twice")
        out[key] = value
    return out


def _no_constant(word: str) -> Any:
    raise _Refused(f"{word} is not a number JSON allows")


def read_file(path: Any, name: str, limit: int, error: type[_E]) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes; anything else (a missing file,
    a directory, a FIFO or device, a file too large, bytes that are not UTF-8) is the error."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidArgument.of("must-file-path", name=name, path=shown(path))
    where = shown(os.fspath(path))
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise error.of("not-a-regular-file", name=name, where=where)
        if info.st_size > limit:
            raise error.of("file-over-limit", name=name, where=where, st_size=info.st_size, limit=limit)
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    except TienLenError:  # the refusals above are ValueErrors too: raised as they are, not wrapped again
        raise
    except FileNotFoundError:
        raise error.of("file-not-found", name=name, where=where) from None
    except PermissionError:
        raise error.of("file-not-permitted", name=name, where=where) from None
    except (OSError, ValueError) as problem:
        raise error.of(
            "cannot-read-file", name=name, where=where, problem=getattr(problem, "strerror", None) or problem
        ) from None
    if len(data) > limit:
        raise error.of("file-too-large", name=name, where=where, limit=limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error.of("file-not-utf8", name=name, where=where, start=problem.start) from None
