"""The JSON Schemas as clients use them: ``tienlen.io.wire.validator`` (a ready validator with every
shipped schema registered) and the bundled single-file schemas in ``tienlen/io/schemas/bundled``
(the shared definitions copied in, for validators in other languages), which must equal a fresh
generation and accept and refuse exactly what the split schemas do."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator, ValidationError

from tienlen import HOUSE, IWIN, InvalidDocument, Match, Round, classify, settle
from tienlen.io.wire import DOCUMENTS, bundled_schema, validator
from tienlen.players.agents import GreedyAgent, RandomAgent, play_round

BUNDLED = (*DOCUMENTS, "round", "rules")
REGENERATE = (
    "regenerate with: PYTHONPATH=src python -c 'import json, pathlib; from tienlen.io.wire import DOCUMENTS, bundled_schema; "
    '[pathlib.Path(f"src/tienlen/io/schemas/bundled/{n}.json").write_text(json.dumps(bundled_schema(n), indent=2, ensure_ascii=False) + "\\n", '
    'encoding="utf-8") for n in (*DOCUMENTS, "round", "rules")]\''
)


def documents() -> dict[str, list[dict[str, Any]]]:
    """One or more real documents of every kind, from two played rounds."""
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in BUNDLED}
    for rules, seed in ((HOUSE, 3), (IWIN, 11)):
        round_ = play_round(rules, [GreedyAgent(), RandomAgent(seed=1), GreedyAgent(), RandomAgent(seed=2)], seed=seed)
        settlement = settle(round_.result, rules)
        found["view"] += [round_.view(seat).to_dict() for seat in range(4)]
        found["action"] += [action.to_dict() for action in Round.deal(rules, seed=seed).legal_actions()]
        found["combo"].append(classify("5♠ 5♥", rules).to_dict())
        found["trick"].append(Round.deal(rules, seed=seed).play("3♠").trick.to_dict())
        found["result"].append(round_.result.to_dict())
        found["settlement"].append(settlement.to_dict())
        found["match"].append(Match.start(rules, players=4).record(round_.result).to_dict())
        found["round"].append(round_.to_dict())
        found["rules"].append(rules.to_dict())
    return found


DOCS = documents()


@pytest.mark.parametrize("name", BUNDLED)
def test_the_shipped_bundle_equals_a_fresh_generation(name: str) -> None:
    shipped = resources.files("tienlen.io").joinpath("schemas", "bundled", f"{name}.json").read_text(encoding="utf-8")
    assert shipped == json.dumps(bundled_schema(name), indent=2, ensure_ascii=False) + "\n", REGENERATE


def test_every_document_has_a_bundle_and_nothing_else_does() -> None:
    shipped = {entry.name for entry in resources.files("tienlen.io").joinpath("schemas", "bundled").iterdir()}
    assert shipped == {f"{name}.json" for name in BUNDLED}
    with pytest.raises(InvalidDocument, match="shared definitions"):
        bundled_schema("common")
    with pytest.raises(InvalidDocument, match="no schema 'table'"):
        bundled_schema("table")


@pytest.mark.parametrize("name", BUNDLED)
def test_a_bundle_stands_alone_and_judges_as_the_split_schemas_do(name: str) -> None:
    bundle = bundled_schema(name)
    Draft202012Validator.check_schema(bundle)
    assert "urn:tienlen:schema:common" not in json.dumps(bundle), "a reference left pointing at another file"
    alone = Draft202012Validator(bundle)  # no registry: every reference must resolve inside the file
    split = validator(name)
    assert DOCS[name], name
    for document in DOCS[name]:
        alone.validate(document)
        split.validate(document)
        broken = dict(document, version=2)
        assert not alone.is_valid(broken) and not split.is_valid(broken)


def test_a_bundle_refuses_a_bad_card_deep_inside_as_the_split_schema_does() -> None:
    view = json.loads(json.dumps(DOCS["view"][0]).replace('"hand": "', '"hand": "1♠ ', 1))
    assert not Draft202012Validator(bundled_schema("view")).is_valid(view)
    assert not validator("view").is_valid(view)


def test_validator_is_ready_to_use() -> None:
    check = validator("settlement")
    check.validate(DOCS["settlement"][0])
    with pytest.raises(ValidationError):
        check.validate({"format": "tienlen-settlement", "version": 1})
    assert [error.validator for error in check.iter_errors({"format": "tienlen-view"})]
    with pytest.raises(InvalidDocument, match="no schema 'table'"):
        validator("table")


def test_validator_without_jsonschema_names_the_extra() -> None:
    code = "import sys; sys.modules['jsonschema'] = None; from tienlen.io.wire import validator; validator('view')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", timeout=120)
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        "ModuleNotFoundError: tienlen.io.wire.validator needs jsonschema, from the jsonschema extra: pip install 'tienlen[jsonschema]'"
    )
