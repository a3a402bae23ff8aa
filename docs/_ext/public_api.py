"""Sphinx extension: ``.. public-api::`` documents every name in ``tienlen.__all__`` with autodoc.

The names are read at build time, so a name added to (or removed from) the package's public
surface appears in (or leaves) the reference without editing the docs. Names are grouped into
classes, functions, exceptions and constants, in the order of ``__all__``.

Constants are re-exported from the module that defines them, where their docstring (the string
literal after the assignment) lives; autodoc looking at ``tienlen`` itself would not find it, so
the docstring is read from the defining module's source.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import sys
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.errors import PycodeError
from sphinx.util.docutils import SphinxDirective

PACKAGE = "tienlen"


def _submodules(package: ModuleType) -> list[ModuleType]:
    """The package and the submodules that importing it loaded (those its public names come from)."""
    prefix = package.__name__ + "."
    return [package] + sorted(
        (module for name, module in list(sys.modules.items()) if name.startswith(prefix) and module is not None),
        key=lambda module: module.__name__,
    )


def _constant_doc(package: ModuleType, name: str, value: object) -> list[str]:
    """The docstring written after ``name = ...`` in the module that defines ``value``."""
    for module in _submodules(package):
        if module is package or getattr(module, name, None) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module.__name__).find_attr_docs()
        except PycodeError:
            continue
        lines = docs.get(("", name))
        if lines:
            return list(lines)
    return []


def _describe(name: str, value: object) -> list[str]:
    """Words for a constant that has no docstring of its own."""
    from tienlen import PROFILES, RuleSet

    if isinstance(value, RuleSet):
        words = f"The ``{value.name}`` rule profile." + (f" {value.description.rstrip('.')}." if value.description else "")
        if PROFILES.get(value.name) is value:
            words += f" Its axes in words: :doc:`/_generated/profiles/{value.name}`."
        return [words]
    if name == "__version__":
        return [f"The package version, ``{value}``."]
    text = repr(value)
    return [f"Value: ``{text}``."] if len(text) <= 80 else []


class PublicApi(SphinxDirective):
    """Autodoc directives for every public name, by kind, as sections."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(PACKAGE)
        for module in _submodules(package):
            if module.__file__:
                self.env.note_dependency(module.__file__)
        groups: dict[str, list[str]] = {"Classes": [], "Functions": [], "Exceptions": [], "Constants": []}
        for name in package.__all__:
            value: Any = getattr(package, name)
            qualified = f"{PACKAGE}.{name}"
            if inspect.isclass(value) and issubclass(value, BaseException):
                groups["Exceptions"] += [f".. autoexception:: {qualified}", "   :show-inheritance:", ""]
            elif inspect.isclass(value):
                groups["Classes"] += [f".. autoclass:: {qualified}", "   :members:"]
                if issubclass(value, enum.Enum):
                    groups["Classes"] += ["   :undoc-members:", "   :member-order: bysource"]
                groups["Classes"] += [""]
            elif callable(value):
                groups["Functions"] += [f".. autofunction:: {qualified}", ""]
            else:
                doc = _constant_doc(package, name, value) or _describe(name, value)
                groups["Constants"] += [f".. py:data:: {qualified}", ""]
                groups["Constants"] += [f"   {line}" if line else "" for line in doc]
                groups["Constants"] += [""]
        lines: list[str] = []
        for title, body in groups.items():
            if body:
                lines += [title, "-" * len(title), "", *body]
        return self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True)


def resolve_public_name(app: Sphinx, env: Any, node: Any, contnode: nodes.TextElement) -> nodes.Element | None:
    """Resolve ``InvalidCards`` or ``tienlen.cards.Card.parse`` to ``tienlen.…`` where it is documented.

    Docstrings name objects as their own module sees them; the reference documents them under
    the package, where users import them from.
    """
    if node.get("refdomain") != "py":
        return None
    parts = str(node["reftarget"]).lstrip(".~").split(".")
    domain = env.get_domain("py")
    for start in range(len(parts)):
        candidate = ".".join([PACKAGE, *parts[start:]])
        if candidate == node["reftarget"]:
            continue
        found = domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], candidate, node, contnode)
        if found is not None:
            return found
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("public-api", PublicApi)
    app.connect("missing-reference", resolve_public_name)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
