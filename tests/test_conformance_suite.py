"""The shipped suite: every case file is valid, every tag registered, every case passes on the
reference engine. Each case is its own test, named by its id."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from spadespec.conformance.engines.reference import ReferenceEngine
from spadespec.conformance.runner.run import run_cases
from spadespec.conformance.suite.cases import CASES_DIR, case_schema, load_suite
from spadespec.conformance.suite.tags import registry, registry_drift

SUITE = load_suite()


def test_the_schema_is_a_valid_2020_12_schema_with_an_id() -> None:
    schema = case_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("case.schema.json")


def _objects(node: Any, where: str = "$") -> list[tuple[str, dict[str, Any]]]:
    found = []
    if isinstance(node, dict):
        found.append((where, node))
        for key, value in node.items():
            found.extend(_objects(value, f"{where}.{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_objects(value, f"{where}[{index}]"))
    return found


def test_every_field_of_the_schema_is_described() -> None:
    schema = case_schema()
    undocumented = []
    for where, node in _objects(schema):
        # Conditions (`if`/`then`/`else`) only restate fields described where they are defined.
        if any(part in where for part in (".if", ".then", ".else")):
            continue
        if "properties" in node:
            for name, sub in node.get("properties", {}).items():
                if "description" not in sub and "$ref" not in sub:
                    undocumented.append(f"{where}.properties.{name}")
    for name, definition in schema["$defs"].items():
        if "description" not in definition:
            undocumented.append(f"$defs.{name}")
    assert undocumented == []


def test_every_case_file_validates_against_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(case_schema())
    files = sorted(CASES_DIR.rglob("*.json"))
    assert files, "the suite has no case files"
    for path in files:
        errors = [e.message for e in validator.iter_errors(json.loads(path.read_text()))]
        assert errors == [], path


def test_the_registry_lists_every_rule_and_value_of_the_model_and_nothing_stale() -> None:
    assert registry_drift(registry()) == []


def test_every_case_has_registered_tags() -> None:
    reg = registry()
    for case in SUITE:
        assert case.tags, case.id
        assert [t for t in case.tags if t not in reg] == [], case.id


def test_the_seed_cases_cover_the_three_kinds_of_expectation() -> None:
    asks = {key for case in SUITE for key in case.asks}
    assert {"illegal", "legal", "hands"} <= asks


@pytest.mark.parametrize("case", SUITE.cases, ids=[case.id for case in SUITE])
def test_case_passes_on_the_reference_engine(case: Any) -> None:
    # The case, and its score request when its log completes a hand.
    for result in run_cases(ReferenceEngine(), [case]).results:
        assert result.verdict == "pass", "\n".join(
            [result.case.id, result.message, *(str(d) for d in result.differences)]
        )


def test_every_case_file_is_laid_out_by_the_formatter() -> None:
    from spadespec.conformance.suite.casefile import dumps

    for path in sorted(CASES_DIR.rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert text == dumps(json.loads(text)) + "\n", (
            f"{path} is not in the suite's layout; "
            f"run: python3 -m spadespec.conformance.suite.casefile {path}"
        )
