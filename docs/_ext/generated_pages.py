"""Writing generated ``.rst`` pages: shared by the documentation's extensions."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def write_pages(folder: Path, pages: Mapping[str, str]) -> None:
    """Write ``name.rst`` for each page into ``folder`` (only when its text changed, so Sphinx
    rebuilds only what changed) and remove the pages that are no longer wanted."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for name, text in pages.items():
        path = folder / f"{name}.rst"
        wanted.add(path)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for path in folder.glob("*.rst"):
        if path not in wanted:
            path.unlink()
