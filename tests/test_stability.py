"""What 1.0 promises stays as it was (docs page "Stability and versioning").

``tests/golden/surface.json`` records the promised surface: every public module's names (its
``__all__``), the signatures of the root's callables, every error code with its parameters, the
rule-file axes and the profiles, the wire and record versions, and a digest of the deals for fixed
seeds. Nothing recorded may disappear or change: that is a major release. Something new (a name, a
code, an axis) is fine in a minor release, but must be added on purpose, with a changelog line:
``python tests/test_stability.py`` writes the file again from the code, and its diff is the review.
(The bots' decisions per edition are pinned by ``tests/players/test_editions.py``, the money by
``tests/money/test_golden.py``, the whole engine by ``tests/players/test_determinism.py``.)
"""

from __future__ import annotations

import ast
import enum
import hashlib
import inspect
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import tienlen
from tienlen._base.catalogue import MESSAGES
from tienlen._base.messages import fields
from tienlen.game.round import RECORD_VERSION
from tienlen.io.wire import WIRE_VERSION

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "tienlen"
SURFACE = Path(__file__).parent / "golden" / "surface.json"


def public_modules() -> dict[str, Path]:
    """Every module of the package with no private part in its dotted name, but the root."""
    found = {}
    for path in sorted(SOURCE.rglob("*.py")):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts and not any(part.startswith("_") for part in parts):
            found[".".join(("tienlen", *parts))] = path
    return found


def declared_names(path: Path) -> list[str]:
    """A module's ``__all__``, read from its source (no import: some need an extra)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
                return sorted(ast.literal_eval(node.value))
    return []


def signature_of(value: Any) -> str | None:
    """The call signature of a root callable, as text; ``None`` for a value that is not called as
    a function of ours: an exception class, an enum (its signature is the standard library's, and
    differs between Python versions) or a builtin without one."""
    if not callable(value) or (isinstance(value, type) and issubclass(value, BaseException | enum.Enum)):
        return None
    try:
        return str(inspect.signature(value))
    except ValueError:
        return None


def deals_digest() -> str:
    """One SHA-256 over the dealt hands of seeds 0 to 99 for every profile and player count."""
    sha = hashlib.sha256()
    for name, rules in sorted(tienlen.PROFILES.items()):
        for players in range(rules.min_players, rules.max_players + 1):
            for seed in range(100):
                sha.update(f"{name} {players} {seed} {tienlen.Round.deal(rules, players=players, seed=seed).dealt}\n".encode())
    return sha.hexdigest()


def surface() -> dict[str, Any]:
    """The promised surface of the code as it is."""
    return {
        "names": {"tienlen": sorted(tienlen.__all__)}
        | {module: declared_names(path) for module, path in public_modules().items()},
        "signatures": {name: signature_of(getattr(tienlen, name)) for name in sorted(tienlen.__all__)},
        "error_codes": {code: sorted(fields(MESSAGES[code])) for code in sorted(MESSAGES)},
        "axes": sorted(tienlen.AXES),
        "profiles": sorted(tienlen.PROFILES),
        "versions": {"wire": WIRE_VERSION, "record": RECORD_VERSION},
        "deals": deals_digest(),
    }


def recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SURFACE.read_text(encoding="utf-8"))
    return data


NEW = "new {what}: {items}; add them on purpose with `python tests/test_stability.py` and a changelog line"


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    return surface()


def test_no_public_name_disappears_and_new_ones_are_recorded(now: dict[str, Any]) -> None:
    old, new = recorded()["names"], now["names"]
    gone = {module: sorted(set(names) - set(new.get(module, ()))) for module, names in old.items()}
    assert not any(gone.values()), f"public names removed (a major release): {gone}"
    added = {module: sorted(set(names) - set(old.get(module, ()))) for module, names in new.items()}
    assert not any(added.values()), NEW.format(what="public names", items={m: n for m, n in added.items() if n})


def test_the_root_callables_keep_their_signatures(now: dict[str, Any]) -> None:
    old = recorded()["signatures"]
    changed = {name: (was, now["signatures"].get(name)) for name, was in old.items() if now["signatures"].get(name) != was}
    assert not changed, f"signatures changed (was, is): {changed}"


def test_every_error_code_keeps_its_parameters(now: dict[str, Any]) -> None:
    old, new = recorded()["error_codes"], now["error_codes"]
    changed = {code: (params, new.get(code)) for code, params in old.items() if new.get(code) != params}
    assert not changed, f"error codes removed or their parameters changed (was, is): {changed}"
    assert set(new) <= set(old), NEW.format(what="error codes", items=sorted(set(new) - set(old)))


def test_the_rule_files_axes_and_the_profiles_stay(now: dict[str, Any]) -> None:
    for part in ("axes", "profiles"):
        old, new = set(recorded()[part]), set(now[part])
        assert old <= new, f"{part} removed: {sorted(old - new)}"
        assert new <= old, NEW.format(what=part, items=sorted(new - old))


def test_the_wire_and_record_versions_and_the_deal_for_a_seed_stay(now: dict[str, Any]) -> None:
    assert now["versions"] == recorded()["versions"]
    assert now["deals"] == recorded()["deals"], "the deal for a seed changed: that breaks every saved seed"


if __name__ == "__main__":  # write the surface of the code as it is (review the diff)
    SURFACE.write_text(json.dumps(surface(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    sys.exit(0)
