"""The shipped suite: every case file is valid, every tag registered, every case passes on the
reference engine. Each case is its own test, named by its id."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.wire import protocol_schema
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import (
    CASES_DIR,
    case_file_errors,
    case_schema,
    load_suite,
)
from spadespec.conformance.contract.suite.logs_apart import LOG_SHAPE
from spadespec.conformance.contract.suite.tags import registry, registry_drift

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
    files = sorted(CASES_DIR.rglob("*.json"))
    assert files, "the suite has no case files"
    for path in files:
        errors = [e.message for e in case_file_errors(json.loads(path.read_text()))]
        assert errors == [], path


def _at(schema: dict[str, Any], place: tuple[str, ...]) -> Any:
    node = schema
    for step in place:
        node = node["items"] if step == "*" else node
        while "$ref" in node and "#/$defs/" in node["$ref"] and len(node) <= 2:
            node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
        node = node if step == "*" else node["properties"][step]
    return {key: value for key, value in node.items() if key != "description"}


@pytest.mark.parametrize(
    ("schema", "root", "place"),
    [
        ("case", None, ("cases", "*", "actions")),
        ("case", "case", ("actions",)),
        ("protocol", "runRequest", ("case", "actions")),
        ("protocol", "caseRequest", ("actions",)),
    ],
)
def test_every_log_a_schema_holds_is_a_plain_array_of_actions_so_it_may_be_checked_apart(
    schema: str, root: str | None, place: tuple[str, ...]
) -> None:
    data = case_schema() if schema == "case" else protocol_schema()
    start = data if root is None else {**data["$defs"][root], "$defs": data["$defs"]}
    shape = _at(start, place)
    if schema == "protocol":
        assert shape["items"]["$ref"] == f"{case_schema()['$id']}#/$defs/action"
        shape = {**shape, "items": {"$ref": "#/$defs/action"}}
    assert shape == LOG_SHAPE


def test_a_log_checked_apart_gives_the_errors_the_whole_file_gives() -> None:
    data = json.loads((CASES_DIR / "standard" / "clause-scoring.json").read_text())
    broken = json.loads(json.dumps(data))
    broken["cases"][0]["level"] = "may"
    broken["cases"][1]["actions"][3] = {"action": "play", "seat": "S", "card": "XJ"}
    broken["cases"][1]["actions"][5] = {"action": "bid", "seat": "Q", "bid": 3}
    broken["cases"][2]["actions"] = "none"

    def seen(errors: Any) -> list[tuple[str, str]]:
        return sorted((e.json_path, e.message) for e in errors)

    whole = jsonschema.Draft202012Validator(case_schema()).iter_errors(broken)
    assert len(seen(whole)) >= 4
    assert seen(case_file_errors(broken)) == seen(
        jsonschema.Draft202012Validator(case_schema()).iter_errors(broken)
    )
    assert seen(case_file_errors(data)) == []


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
    from spadespec.conformance.contract.suite.casefile import dumps

    for path in sorted(CASES_DIR.rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert text == dumps(json.loads(text)) + "\n", (
            f"{path} is not in the suite's layout; "
            f"run: python3 -m spadespec.conformance.contract.suite.casefile {path}"
        )
