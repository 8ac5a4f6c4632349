"""`spadespec conform export`: one plain JSON file per case, each valid on its own, and an index."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from referencing import Registry, Resource

from spadespec.cli import main
from spadespec.conformance.contract.suite.cases import case_schema, load_suite
from spadespec.conformance.contract.suite.export import export_cases
from spadespec.conformance.contract.suite.logs_apart import errors_with_logs_apart


def single_case_validator() -> jsonschema.Draft202012Validator:
    schema = case_schema()
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    return jsonschema.Draft202012Validator(
        {"$ref": f"{schema['$id']}#/$defs/case"}, registry=registry
    )


def test_export_writes_one_valid_file_per_case_and_an_index(tmp_path: Path) -> None:
    suite = load_suite()
    assert main(["conform", "export", str(tmp_path)]) == 0
    index = json.loads((tmp_path / "index.json").read_text())
    assert index["count"] == len(suite)
    assert [entry["id"] for entry in index["cases"]] == [case.id for case in suite]
    assert index["schema"].endswith("case.schema.json#/$defs/case")
    validator = single_case_validator()
    for entry in index["cases"]:
        data = json.loads((tmp_path / entry["file"]).read_text())
        assert list(errors_with_logs_apart(validator, data, ("actions",))) == [], entry["id"]
        assert data["id"] == entry["id"]
        assert data["variant"]["options"] == entry["options"]
        assert data["expect"] == suite.by_id(entry["id"]).expect
    assert json.loads((tmp_path / "case.schema.json").read_text()) == case_schema()


def test_a_wrong_case_does_not_validate_on_its_own() -> None:
    data = load_suite().cases[0].to_json()
    data["level"] = "may"
    assert [e.message for e in single_case_validator().iter_errors(data)] == [
        "'may' is not one of ['must', 'should', 'generated']"
    ]


def test_export_by_variant_and_reexport_drops_withdrawn_cases(tmp_path: Path) -> None:
    suite = load_suite()
    export_cases(suite.cases, tmp_path)
    assert (
        main(
            [
                "conform",
                "export",
                "--variant",
                "standard",
                "--case",
                "standard.play.*",
                str(tmp_path),
            ]
        )
        == 0
    )
    files = sorted(p.name for p in tmp_path.glob("*.json"))
    wanted = sorted(f"{c.id}.json" for c in suite.select("standard", "standard.play.*"))
    assert files == sorted([*wanted, "index.json", "case.schema.json"])


def test_export_into_a_file_is_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "a-file"
    target.write_text("x")
    assert main(["conform", "export", str(target)]) == 2
