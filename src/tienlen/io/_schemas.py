"""The JSON Schemas (draft 2020-12) of the wire documents, as the package ships them in
``tienlen/io/schemas``: one file per document (:func:`schema`), the same as one self-contained file
(:func:`bundled_schema`, for clients in other languages), and a ready ``jsonschema`` validator
(:func:`validator`). They are documented, and imported, as :mod:`tienlen.io.wire`'s.

>>> schema("view")["$id"]
'urn:tienlen:schema:view'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from tienlen._base.extras import requires
from tienlen.errors import InvalidDocument

__all__ = ["SCHEMAS", "schema", "bundled_schema", "validator"]

SCHEMAS = ("combo", "action", "trick", "view", "result", "settlement", "match", "round", "rules", "common")
"""The schemas shipped: one per document of :data:`tienlen.io.wire.DOCUMENTS`, the round record, the
rule set, and ``common`` (the definitions the others refer to)."""


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document: a name of :data:`SCHEMAS`: a document of
    :data:`tienlen.io.wire.DOCUMENTS`, ``round``, ``rules``, or ``common`` (the shared definitions the others refer to).

    Raises :class:`~tienlen.InvalidDocument` for an unknown name.
    """
    if name not in SCHEMAS:
        raise InvalidDocument.of("there-no-schema-schemas-are", name=name, schemas=", ".join(SCHEMAS))
    text = resources.files("tienlen.io").joinpath("schemas", f"{name}.json").read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


_COMMON_DEFS = "urn:tienlen:schema:common#/$defs/"


def bundled_schema(name: str) -> dict[str, Any]:
    """The schema of a document as one self-contained JSON Schema: :func:`schema`'s, with every
    shared definition it needs from ``common`` copied under its own ``$defs`` and referred to as
    ``#/$defs/...``, for validators (in any language) that do not resolve references between
    files. The package ships these in ``tienlen/io/schemas/bundled/<name>.json``, generated from
    the split schemas by this function.

    Raises :class:`~tienlen.InvalidDocument` for an unknown name or ``common``.
    """
    if name == "common":
        raise InvalidDocument.of("common-shared-definitions-bundled-into")
    common = schema("common")["$defs"]
    needed: set[str] = set()

    def local(node: Any) -> Any:  # a copy with the references to common made local
        if isinstance(node, list):
            return [local(item) for item in node]
        if not isinstance(node, dict):
            return node
        copy = {key: local(value) for key, value in node.items()}
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_COMMON_DEFS):
            needed.add(ref.removeprefix(_COMMON_DEFS))
            copy["$ref"] = "#/$defs/" + ref.removeprefix(_COMMON_DEFS)
        return copy

    document: dict[str, Any] = local(schema(name))
    defs: dict[str, Any] = {}
    while needed - set(defs):
        for definition in sorted(needed - set(defs)):
            defs[definition] = local(common[definition])
    document["$defs"] = {definition: defs[definition] for definition in common if definition in defs}  # common's order
    return document


def validator(name: str) -> Any:
    """A ready ``jsonschema`` validator (draft 2020-12) of the document ``name`` (as :func:`schema`
    takes it), with every shipped schema registered so its references resolve:
    ``validator("view").validate(doc)`` raises ``jsonschema.ValidationError`` for a document the
    schema refuses, and ``iter_errors(doc)`` lists every fault. Needs the ``jsonschema`` extra
    (``pip install 'tienlen[jsonschema]'``).

    Raises :class:`~tienlen.InvalidDocument` for an unknown name.
    """
    document = schema(name)
    with requires("jsonschema", "tienlen.io.wire.validator"):
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
    registry: Registry[Any] = Registry().with_resources(
        (f"urn:tienlen:schema:{n}", Resource.from_contents(schema(n))) for n in SCHEMAS
    )
    return Draft202012Validator(document, registry=registry)
