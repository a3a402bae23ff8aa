"""Sphinx configuration for the tienlen documentation.

Build from the top folder with (the README's command; Read the Docs does the same from
``.readthedocs.yaml``)::

    .venv/bin/pip install -e '.[docs]' && .venv/bin/sphinx-build -W --keep-going -b html docs docs/_build/html

The rules matrix, the per-profile pages, the gallery's pictures and the API reference are
generated from the installed package at build time (see ``docs/_ext``).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
try:
    import tienlen
except ImportError:  # building from a checkout without installing: use the sources
    sys.path.insert(0, str(HERE.parent / "src"))
    import tienlen

# The docs use the paths of today: an old path (tienlen.search, from tienlen import GreedyAgent) in
# a page's code or in the extensions fails the build instead of warning.
warnings.filterwarnings("error", message=r".* moved to .* in tienlen ", category=DeprecationWarning)

project = "tienlen"
author = "The tienlen developers"
project_copyright = "2026, The tienlen developers"
release = tienlen.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "rules_matrix",
    "public_api",
    "gallery",
    "wire_schemas",
    "error_codes",
    "card_words",
    "moved_paths",
    "glossary_terms",
    "myst_parser",  # the changelog page includes CHANGELOG.md as it is
]
myst_heading_anchors = 2

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
root_doc = "index"
language = "en"

# autodoc: signatures as written, members in source order, type hints in the signature.
# The learning frameworks behind the `rl` and `openspiel` extras are stood in for while the adapter
# modules are imported (the `docs` extra alone builds every page; see CONTRIBUTING.md, "The docs").
autodoc_mock_imports = ["gymnasium", "pettingzoo", "pyspiel", "open_spiel"]
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
add_module_names = False
python_use_unqualified_type_names = True

html_theme = "alabaster"
html_title = f"tienlen {release}"
html_theme_options = {
    "description": "Tiến Lên rules as data",
    "page_width": "1180px",
    "sidebar_width": "220px",
}
html_static_path = ["_static"]
html_css_files = ["tienlen.css"]
