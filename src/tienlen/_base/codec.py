"""The head of every document the library writes (one format name, one version number), and the
seam between the value classes and :mod:`tienlen.io.wire`.

The value classes inherit :class:`WireValue`, whose methods hand the value to
:mod:`tienlen.io.wire`, loaded on first use: the document module sits above the values it writes
and imports them, so this module imports it inside :func:`_documents` (the one deferred import
of the wire format, on the allow-list of ``tests/test_imports.py``). A class with no document
raises :class:`~tienlen.InvalidDocument`, never a bare ``KeyError``.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any, Self, cast

from tienlen._base.input import MAX_DOCUMENT, load_json, shown
from tienlen.errors import InvalidDocument

WIRE_VERSION = 1
"""The version written in every document (wire documents, round records, rule sets); reading
refuses any other."""


def head(name: str) -> dict[str, Any]:
    """The first two fields of a ``tienlen-<name>`` document: its format and :data:`WIRE_VERSION`."""
    return {"format": f"tienlen-{name}", "version": WIRE_VERSION}


def check_head(data: object, name: str) -> dict[str, Any]:
    """``data`` as an object whose ``format`` is ``tienlen-<name>`` and whose ``version`` is
    :data:`WIRE_VERSION`, or :class:`~tienlen.InvalidDocument` saying which of them is wrong."""
    if not isinstance(data, dict):
        raise InvalidDocument.of("expected-tienlen-document-json-object", name=name, type=type(data).__name__)
    if data.get("format") != f"tienlen-{name}":
        raise InvalidDocument.of("format-expected-tienlen", name=name, value=shown(data.get("format")))
    if type(data.get("version")) is not int or data["version"] != WIRE_VERSION:
        raise InvalidDocument.of(
            "version-supported-library-reads-version", value=shown(data.get("version")), wire_version=WIRE_VERSION
        )
    return data


def dumps(document: dict[str, Any]) -> str:
    """A document as compact JSON text, keys in the order written, cards as their symbols."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> object:
    """JSON text as a document, or :class:`~tienlen.InvalidDocument` when it is not strict JSON
    (a key given twice, ``NaN``, nesting too deep) or longer than :data:`~tienlen._base.checks.MAX_DOCUMENT`
    characters (checked before parsing)."""
    return cast(object, load_json(text, "the document", MAX_DOCUMENT, InvalidDocument))


class WireValue:
    """``to_dict`` / ``to_json`` / ``from_dict`` / ``from_json`` in the versioned wire format."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This value as a wire document: plain JSON types, cards as text, a stable key order."""
        document: dict[str, Any] = _documents().encode(self)
        return document

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text."""
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read a document written by :meth:`to_dict`.

        Raises :class:`~tienlen.InvalidDocument` naming the field that cannot be read.
        """
        return cast(Self, _documents().decode(cls, data))

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Read JSON text written by :meth:`to_json` (see :meth:`from_dict`)."""
        return cls.from_dict(loads(text))


def _documents() -> ModuleType:
    from tienlen.io import wire  # the document module sits above the values it writes: loaded on first use

    return wire
