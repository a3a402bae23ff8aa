"""Sphinx extension: the API reference, generated from the package's public names with autodoc.

``.. public-api::``
    documents every name in ``tienlen.__all__``, grouped into classes, functions, exceptions and
    constants, in the order of ``__all__``.
``.. module-api:: tienlen.NAME``
    documents one public module: its docstring, then every name of its ``__all__`` that
    ``tienlen.__all__`` does not already cover (those are linked to their entry instead).
``.. module-pages::``
    a toctree of one generated page per public module (every module of the package whose name has
    no leading underscore), written to ``_generated/api/`` when the builder starts.

The names are read at build time, so a name or module added to (or removed from) the package's
public surface appears in (or leaves) the reference without editing the docs.

Constants are re-exported from the module that defines them, where their docstring (the string
literal after the assignment) lives; autodoc looking at ``tienlen`` itself would not find it, so
the docstring is read from the defining module's source.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
from docutils import nodes
from generated_pages import write_pages
from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.ext.autodoc.mock import mock
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.inspect import DefaultValue, stringify_signature

PACKAGE = "tienlen"
GENERATED = Path("_generated") / "api"
"""Where the per-module pages are written, relative to the docs source folder."""


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


def _init_signature(cls: type) -> str:
    """The signature of ``cls.__init__`` for a class built on a stood-in framework class
    (``autodoc_mock_imports``), whose ``__new__`` autodoc would show as ``(*args, **kwargs)``;
    ``""`` (autodoc's own choice) for any other class."""
    if not any(getattr(base, "__sphinx_mock__", False) for base in cls.__mro__[1:]):
        return ""
    package = importlib.import_module(PACKAGE)
    # a default such as HOUSE by its name (numbers and text, which other names may share, as they are)
    names = {id(value): name for name in package.__all__ if not isinstance(value := getattr(package, name), (int, float, str))}
    parameters = [
        parameter.replace(default=DefaultValue(names[id(parameter.default)])) if id(parameter.default) in names else parameter
        for parameter in list(inspect.signature(cls.__init__).parameters.values())[1:]
    ]
    return stringify_signature(inspect.Signature(parameters), show_return_annotation=False)


def _entries(package: ModuleType, module: ModuleType, names: list[str]) -> dict[str, list[str]]:
    """Autodoc directives for ``names`` of ``module``, grouped by kind."""
    groups: dict[str, list[str]] = {"Classes": [], "Functions": [], "Exceptions": [], "Constants": []}
    for name in names:
        value: Any = getattr(module, name)
        qualified = f"{module.__name__}.{name}"
        if inspect.isclass(value) and issubclass(value, BaseException):
            groups["Exceptions"] += [f".. autoexception:: {qualified}", "   :show-inheritance:", ""]
        elif inspect.isclass(value):
            # A class built only by its own factories (Round.deal …) shows no constructor signature.
            private = attrs.has(value) and all(f.name.startswith("_") for f in attrs.fields(value) if f.init)
            signature = "()" if private else _init_signature(value)
            groups["Classes"] += [f".. autoclass:: {qualified}{signature}", "   :members:"]
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
    return groups


def _sections(groups: dict[str, list[str]], underline: str) -> list[str]:
    lines: list[str] = []
    for title, body in groups.items():
        if body:
            lines += [title, underline * len(title), "", *body]
    return lines


class PublicApi(SphinxDirective):
    """Autodoc directives for every name of ``tienlen.__all__``, by kind, as sections."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(PACKAGE)
        for module in _submodules(package):
            if module.__file__:
                self.env.note_dependency(module.__file__)
        lines = _sections(_entries(package, package, list(package.__all__)), "-")
        return list(self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True))


def public_modules() -> list[str]:
    """The dotted names of the package's public modules, sorted."""
    package = importlib.import_module(PACKAGE)
    return sorted(f"{PACKAGE}.{info.name}" for info in pkgutil.iter_modules(package.__path__) if not info.name.startswith("_"))


class ModuleApi(SphinxDirective):
    """``.. module-api:: tienlen.NAME``: one module's docstring and the public names only it offers."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(PACKAGE)
        name = self.arguments[0]
        try:
            with mock(self.config.autodoc_mock_imports):  # the adapters' frameworks are stood in for
                module = importlib.import_module(name)
        except ImportError as error:
            raise self.error(f"module-api: cannot import {name}: {error}") from None
        if module.__file__:
            self.env.note_dependency(module.__file__)
        top = set(package.__all__)
        exported = [n for n in getattr(module, "__all__", []) if n in top and getattr(package, n) is getattr(module, n)]
        own = [n for n in getattr(module, "__all__", []) if n not in exported]
        # A module named like a top-level function (tienlen.settle) is not indexed as a module, so
        # that the two do not clash; its own names are still documented under the module's name.
        clash = name.rsplit(".", 1)[-1] in top
        lines = [f".. automodule:: {name}"] + (["   :no-index:"] if clash else []) + [""]
        if clash:
            lines += [f".. py:currentmodule:: {name}", ""]
        if exported:
            links = ", ".join(f":py:obj:`~{PACKAGE}.{n}`" for n in exported)
            lines += [f"Also importable from ``{PACKAGE}`` (documented in :doc:`/api`): {links}.", ""]
        lines += _sections(_entries(package, module, own), "-")
        return list(self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True))


class ModulePages(SphinxDirective):
    """``.. module-pages::``: a toctree of the generated per-module pages."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        lines = [".. toctree::", "   :maxdepth: 1", ""]
        lines += [f"   /{(GENERATED / name).as_posix()}" for name in public_modules()]
        return list(self.parse_text_to_nodes("\n".join(lines)))


def write_module_pages(app: Sphinx) -> None:
    """Write one page per public module into ``_generated/api/`` and remove pages of modules gone."""
    pages = {name: f"``{name}``\n{'=' * (len(name) + 4)}\n\n.. module-api:: {name}\n" for name in public_modules()}
    write_pages(Path(app.srcdir) / GENERATED, pages)


def resolve_public_name(app: Sphinx, env: Any, node: Any, contnode: nodes.TextElement) -> nodes.Element | None:
    """Resolve ``InvalidCards`` or ``tienlen.game.cards.Card.parse`` to ``tienlen.…`` where it is documented.

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
    app.add_directive("module-api", ModuleApi)
    app.add_directive("module-pages", ModulePages)
    app.connect("builder-inited", write_module_pages)
    app.connect("missing-reference", resolve_public_name)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
