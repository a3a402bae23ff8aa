"""Sphinx extension: the wire format reference, generated from the JSON Schemas the package ships.

``.. wire-schemas::``
    one section per document (``tienlen/io/schemas/<name>.json``), then one per shared definition
    of ``common.json``: its description and a table of its fields with their types and meanings.

The schemas are read with :func:`tienlen.io.wire.schema` when the page is built, so the reference
is the schema the tests validate every document against.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from tienlen.io.wire import DOCUMENTS, schema

ORDER = ("view", "action", "combo", "trick", "result", "settlement", "match", "round", "rules")
COMMON = "urn:tienlen:schema:common#/$defs/"


def _type(node: dict[str, Any]) -> str:
    """A field's type in words, with links to the shared definitions."""
    if "$ref" in node:
        ref = node["$ref"]
        return f":ref:`{ref[len(COMMON) :]} <wire-{ref[len(COMMON) :]}>`"
    if "const" in node:
        return f"``{_json(node['const'])}``"
    if "enum" in node:
        return "one of " + ", ".join(f"``{_json(v)}``" for v in node["enum"])
    if "oneOf" in node:
        return " or ".join(_type(option) for option in node["oneOf"])
    kind = node.get("type")
    if kind == "array":
        return "list of " + _type(node.get("items", {}))
    if isinstance(kind, list):
        return " or ".join(kind)
    return str(kind or "any")


def _meaning(field: dict[str, Any]) -> str:
    """A field's description, or that of the definition it refers to."""
    ref = field.get("$ref", "")
    return str(field.get("description") or (schema("common")["$defs"][ref[len(COMMON) :]].get("description", "") if ref else ""))


def _json(value: object) -> str:
    return (
        "null"
        if value is None
        else "true"
        if value is True
        else "false"
        if value is False
        else f'"{value}"'
        if isinstance(value, str)
        else str(value)
    )


def _fields(node: dict[str, Any]) -> list[str]:
    properties = node.get("properties", {})
    if not properties:
        return []
    required = set(node.get("required", ()))
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 18 32 50", "", "   * - field", "     - type", "     - meaning"]
    for name, field in properties.items():
        optional = "" if name in required else " (optional)"
        lines += [f"   * - ``{name}``{optional}", f"     - {_type(field)}", f"     - {_meaning(field)}"]
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        lines += [
            "   * - *other axes*",
            f"     - {_type(extra)}",
            "     - Any rule axis, as :meth:`~tienlen.RuleSet.to_mapping` writes it.",
        ]
    return lines + [""]


def _section(title: str, label: str, text: str, node: dict[str, Any]) -> list[str]:
    lines = [f".. _{label}:", "", title, "~" * len(title), "", text, ""]
    if "oneOf" in node and "properties" not in node:
        for option in node["oneOf"]:
            if "properties" in option:
                tag = option["properties"].get("event", {}).get("const", "")
                lines += [f"``{tag}``: {option.get('description', '')}", "", *_fields(option)]
            else:
                lines += [f"Or {_type(option)}.", ""]
    return lines + _fields(node)


class WireSchemas(SphinxDirective):
    """Every document and shared definition of the wire format, from the shipped schemas."""

    def run(self) -> list[nodes.Node]:
        assert set(ORDER) == {*DOCUMENTS, "round", "rules"}, "a document is missing from the reference"
        shared = schema("common")["$defs"]
        lines: list[str] = ["Documents", "---------", ""]
        for name in ORDER:
            document = schema(name)
            body = shared[document["$ref"][len(COMMON) :]] if "$ref" in document else {}
            fields = {
                "properties": document["properties"] | body.get("properties", {}),
                "required": document["required"] + body.get("required", []),
                "additionalProperties": body.get("additionalProperties", False),
            }
            lines += _section(f"{document['title']} (``{name}.json``)", f"wire-doc-{name}", document["description"], fields)
        lines += ["Shared definitions", "------------------", "", "The pieces the documents are made of (``common.json``).", ""]
        for name, node in shared.items():
            lines += _section(name, f"wire-{name}", node.get("description", ""), node)
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source="tienlen/io/schemas"), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``wire-schemas``."""
    app.add_directive("wire-schemas", WireSchemas)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
