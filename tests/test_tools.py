"""The development tools in ``tools/`` run on the current tree and say what they should."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.page_pictures import FOLDER, PICTURES, STAMP, WIDE, page_digest, png_facts

ROOT = Path(__file__).resolve().parent.parent
IMPORTS = ROOT / "tools" / "imports.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(IMPORTS), *args], capture_output=True, text=True, encoding="utf-8", timeout=60, check=False
    )


def test_the_import_graph_of_the_current_tree_has_no_upward_edge() -> None:
    done = run("--modules")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "upward edges: none" in done.stdout
    assert "crossings of a wing's public face: none" in done.stdout
    for wing in ("_base", "variants", "game", "money", "io", "players", "learning", "show", "root"):
        assert f"\n{wing} " in done.stdout


def test_the_import_graph_draws_as_graphviz_dot_with_deferred_edges_dashed() -> None:
    done = run("--dot")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("digraph tienlen {") and 'subgraph "cluster_game"' in done.stdout
    assert '"tienlen.game.cards" -> "tienlen.show.drawing" [style=dashed, color=red];' in done.stdout


def test_a_module_level_import_of_a_higher_wing_is_an_upward_edge(tmp_path: Path) -> None:
    for wing in ("game", "show"):
        (tmp_path / wing).mkdir()
        (tmp_path / wing / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "show" / "svg.py").write_text("", encoding="utf-8")
    (tmp_path / "game" / "cards.py").write_text("import tienlen.show.svg\n", encoding="utf-8")
    done = run(str(tmp_path))
    assert done.returncode == 1
    assert "upward edges: 1\n  tienlen.game.cards -> tienlen.show.svg" in done.stdout


def test_the_coverage_gate_fails_under_pyprojects_floor_on_the_branches_alone(tmp_path: Path) -> None:
    """tools/coverage_gate.py reads ``fail_under`` from pyproject.toml and holds the branches to it."""
    for covered, status in ((949, 1), (950, 0)):
        report = tmp_path / f"coverage-{covered}.json"
        report.write_text(f'{{"totals": {{"covered_branches": {covered}, "num_branches": 1000}}}}', encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "coverage_gate.py"), str(report)],
            capture_output=True,
            encoding="utf-8",
            timeout=60,
            check=False,
        )
        assert done.returncode == status, done.stdout + done.stderr
        assert f"branch coverage: {covered / 10:.2f}% of 1000 branches (at least 95%)" in done.stdout


def test_the_docs_pictures_of_the_table_page_were_taken_of_the_page_as_it_is() -> None:
    """The pictures ``tools/page_pictures.py`` takes hold the SHA-256 of the page they show: one
    taken of an older page (or not by the script) fails here, so the docs cannot show a stale page.
    ``tests/test_table_page.py`` runs the script itself."""
    for name in PICTURES:
        width, height, texts = png_facts(FOLDER / name)
        assert (width, height) == WIDE, name
        assert texts.get(STAMP) == page_digest(), f"{name} shows an older page: run python tools/page_pictures.py"
