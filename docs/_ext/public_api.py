"""Sphinx extension: the API reference, one page per wing, generated from the package with autodoc.

``.. api-pages::``
    a toctree of the generated pages, written to ``_generated/api/`` when the builder starts: the
    core first (``core``: the root's names, ``tienlen.__all__``), then one page per wing in the
    order imports run (``variants``, ``game``, ``money``, ``io``, ``players``, ``learning``,
    ``show``), then the root's own modules (``root``: ``cli``, ``errors``, ``strategies``).
``.. root-group:: TITLE``
    one group of the root's names (``cards and combinations`` …, as the comments of the root's
    table, ``tienlen/__init__.pyi``, name them): a table of the names with one-line summaries, then each
    name documented.
``.. module-api:: tienlen.NAME``
    documents one public module: its docstring, then every name of its ``__all__`` that
    ``tienlen.__all__`` does not already cover (those are linked to their entry instead).

The names and modules are read at build time, so a name or module added to (or removed from) the
package's public surface appears in (or leaves) the reference without editing the docs: a wing's
page lists every module of its folder whose name has no leading underscore.

Constants are re-exported from the module that defines them, where their docstring (the string
literal after the assignment) lives; autodoc looking at ``tienlen`` itself would not find it, so
the docstring is read from the defining module's source.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import re
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

from tienlen import _root

PACKAGE = "tienlen"
GENERATED = Path("_generated") / "api"
"""Where the per-module pages are written, relative to the docs source folder."""


def _submodules(package: ModuleType) -> list[ModuleType]:
    """The package and its loaded submodules, once every public name is loaded (the root loads
    each name's module on first use)."""
    for name in package.__all__:
        getattr(package, name)
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


def root_groups() -> list[tuple[str, list[str]]]:
    """The groups of ``tienlen.__all__`` as the root's one table writes them (``tienlen/__init__.pyi``,
    read by ``tienlen._root``): each comment above its imports names a group
    (``# cards and combinations``); ``__version__``, before the first comment, belongs to none."""
    return [(title, [name for name, _ in names]) for title, names in _root.groups() if title]


def summary(package: ModuleType, name: str) -> str:
    """The first sentence of a name's documentation, on one line."""
    value = getattr(package, name)
    if inspect.isclass(value) or callable(value):
        lines = (inspect.getdoc(value) or "").split("\n\n")[0].split()
    else:
        lines = " ".join(_constant_doc(package, name, value) or _describe(name, value)).split("\n\n")[0].split()
    first = re.split(r"(?<=[.!?])\s+(?=[A-Z(`:])", " ".join(lines), maxsplit=1)[0]
    return first.removesuffix(":") + "." if first.endswith(":") else first or "—"


class RootGroup(SphinxDirective):
    """``.. root-group:: TITLE``: a table of one group of the root's names, then their entries."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(PACKAGE)
        for module in _submodules(package):
            if module.__file__:
                self.env.note_dependency(module.__file__)
        self.env.note_dependency(_root.STUB)
        groups = dict(root_groups())
        title = self.arguments[0]
        if title not in groups:
            raise self.error(f"root-group: {title!r} is not a group of tienlen.__all__; choose one of {', '.join(groups)}")
        lines = [".. list-table::", "   :widths: 25 75", "   :class: tienlen-api", ""]
        for name in groups[title]:
            lines += [f"   * - :py:obj:`~{PACKAGE}.{name}`", f"     - {summary(package, name)}"]
        lines += [""]
        for body in _entries(package, package, groups[title]).values():
            lines += body
        return list(self.parse_text_to_nodes("\n".join(lines)))


WINGS = ["variants", "game", "money", "io", "players", "learning", "show"]
"""The public wings, in the order imports run between them."""


def wing_modules(wing: str) -> list[str]:
    """The public modules of a wing's folder, sorted."""
    package = importlib.import_module(f"{PACKAGE}.{wing}")
    return sorted(
        f"{package.__name__}.{info.name}" for info in pkgutil.iter_modules(package.__path__) if not info.name.startswith("_")
    )


def root_modules() -> list[str]:
    """The public modules at the root that are not wings (``cli``, ``errors``, ``strategies``)."""
    package = importlib.import_module(PACKAGE)
    return sorted(
        f"{PACKAGE}.{info.name}"
        for info in pkgutil.iter_modules(package.__path__)
        if not info.name.startswith("_") and not info.ispkg
    )


def public_modules() -> list[str]:
    """The dotted names of the package's public modules: the root's and each wing's."""
    return root_modules() + [name for wing in WINGS for name in wing_modules(wing)]


def _home(value: object, here: str) -> str | None:
    """The other public module that defines and lists ``value`` (a class or function), if any."""
    home = getattr(value, "__module__", None) if inspect.isclass(value) or inspect.isfunction(value) else None
    if not home or home == here or home not in public_modules():
        return None
    name = getattr(value, "__name__", "")
    return home if name in getattr(sys.modules[home], "__all__", []) and getattr(sys.modules[home], name, None) is value else None


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
        # a class or function another public module defines and lists (a module split in two that
        # still offers the moved names) is documented there once, and linked from here
        homes = {n: _home(getattr(module, n), name) for n in getattr(module, "__all__", []) if n not in exported}
        own = [n for n, home in homes.items() if home is None]
        # A module named like a top-level function (tienlen.settle) is not indexed as a module, so
        # that the two do not clash; its own names are still documented under the module's name.
        clash = name.rsplit(".", 1)[-1] in top
        lines = [f".. automodule:: {name}"] + (["   :no-index:"] if clash else []) + [""]
        if clash:
            lines += [f".. py:currentmodule:: {name}", ""]
        if exported:
            links = ", ".join(f":py:obj:`~{PACKAGE}.{n}`" for n in exported)
            lines += [
                f"Also importable from ``{PACKAGE}`` (documented in :doc:`/{(GENERATED / 'core').as_posix()}`): {links}.",
                "",
            ]
        offered = [f":py:obj:`~{home}.{n}`" for n, home in homes.items() if home is not None]
        if offered:
            lines += [f"Also importable from here, documented in their own module: {', '.join(offered)}.", ""]
        lines += _sections(_entries(package, module, own), "-")
        return list(self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True))


def _heading(text: str, underline: str) -> list[str]:
    return [text, underline * len(text), ""]


def core_page() -> str:
    lines = _heading("The core: ``import tienlen``", "=")
    lines += [
        "Everything on this page is importable from the top-level package, ``import tienlen``, in the",
        "groups and the order of ``tienlen.__all__`` (read when these pages are built). The axes of",
        ":class:`~tienlen.RuleSet` are described in :doc:`/rules`. Every function and method says which",
        "errors it raises; they are all subclasses of :class:`~tienlen.TienLenError`, itself a",
        ":class:`ValueError`. ``import tienlen`` itself is cheap: each name loads its module on first use.",
        "",
    ]
    for title, _ in root_groups():
        lines += _heading(title[:1].upper() + title[1:], "-") + [f".. root-group:: {title}", ""]
    return "\n".join(lines)


def wing_page(wing: str) -> str:
    name = f"{PACKAGE}.{wing}"
    lines = _heading(f"``{name}``", "=") + [f".. automodule:: {name}", ""]
    for module in wing_modules(wing):
        lines += _heading(f"``{module}``", "-") + [f".. module-api:: {module}", ""]
    return "\n".join(lines)


def root_page() -> str:
    lines = _heading("The root's modules", "=")
    lines += ["The command line, the errors and the Hypothesis strategies: modules at the root beside the core.", ""]
    for module in root_modules():
        lines += _heading(f"``{module}``", "-") + [f".. module-api:: {module}", ""]
    return "\n".join(lines)


def api_pages() -> dict[str, str]:
    """The reference's pages by name, in reading order."""
    return {"core": core_page(), **{wing: wing_page(wing) for wing in WINGS}, "root": root_page()}


class ApiPages(SphinxDirective):
    """``.. api-pages::``: a toctree of the generated pages, core first."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        lines = [".. toctree::", "   :maxdepth: 2", ""]
        lines += [f"   /{(GENERATED / name).as_posix()}" for name in api_pages()]
        return list(self.parse_text_to_nodes("\n".join(lines)))


def write_api_pages(app: Sphinx) -> None:
    """Write the reference's pages into ``_generated/api/`` and remove pages no longer wanted."""
    write_pages(Path(app.srcdir) / GENERATED, api_pages())


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
    app.add_directive("root-group", RootGroup)
    app.add_directive("module-api", ModuleApi)
    app.add_directive("api-pages", ApiPages)
    app.connect("builder-inited", write_api_pages)
    app.connect("missing-reference", resolve_public_name)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
