"""The seam between the value classes and :mod:`tienlen.wire`.

The value classes inherit :class:`WireValue`, whose methods look their conversion up in
:data:`CODECS`; :mod:`tienlen.wire` fills that table when the package is imported. So the
classes offer ``to_dict()`` and ``from_dict()`` while the import graph stays one-way: the value
modules import only this module, and :mod:`tienlen.wire` imports them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple, Self, cast

from tienlen._checks import MAX_DOCUMENT, load_json, shown
from tienlen.errors import InvalidDocument


class Codec(NamedTuple):
    """How one class is written to and read from a wire document."""

    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[[object], Any]


WIRE_VERSION = 1
"""The version written in every wire document; reading refuses any other."""


def check_head(data: object, name: str) -> dict[str, Any]:
    """``data`` as an object whose ``format`` is ``tienlen-<name>`` and whose ``version`` is
    :data:`WIRE_VERSION`, or :class:`~tienlen.InvalidDocument` saying which of them is wrong."""
    if not isinstance(data, dict):
        raise InvalidDocument(f"expected a tienlen-{name} document (a JSON object), not {type(data).__name__}")
    if data.get("format") != f"tienlen-{name}":
        raise InvalidDocument(f"format: expected 'tienlen-{name}', not {shown(data.get('format'))}")
    if type(data.get("version")) is not int or data["version"] != WIRE_VERSION:
        raise InvalidDocument(
            f"version: {shown(data.get('version'))} is not supported; this library reads version {WIRE_VERSION}"
        )
    return data


CODECS: dict[type, Codec] = {}
"""The codec of each value class, filled by :mod:`tienlen.wire`."""


def dumps(document: dict[str, Any]) -> str:
    """A document as compact JSON text, keys in the order written, cards as their symbols."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> object:
    """JSON text as a document, or :class:`~tienlen.InvalidDocument` when it is not strict JSON
    (a key given twice, ``NaN``, nesting too deep) or longer than :data:`~tienlen._checks.MAX_DOCUMENT`
    characters (checked before parsing)."""
    return cast(object, load_json(text, "the document", MAX_DOCUMENT, InvalidDocument))


class WireValue:
    """``to_dict`` / ``to_json`` / ``from_dict`` / ``from_json`` in the versioned wire format."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This value as a wire document: plain JSON types, cards as text, a stable key order."""
        return CODECS[type(self)].encode(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text."""
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read a document written by :meth:`to_dict`.

        Raises :class:`~tienlen.InvalidDocument` naming the field that cannot be read.
        """
        return cast(Self, CODECS[cls].decode(data))

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Read JSON text written by :meth:`to_json` (see :meth:`from_dict`)."""
        return cls.from_dict(loads(text))
