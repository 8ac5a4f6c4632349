"""schema/variant.schema.json: a valid 2020-12 schema that cannot drift from the rules model."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import fields
from enum import Enum
from pathlib import Path
from types import UnionType
from typing import Any, get_args, get_origin

import pytest
from jsonschema import Draft202012Validator

from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.model import SECTIONS, rule_paths

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "variant.schema.json"
SCHEMA = json.loads(SCHEMA_FILE.read_text())
RULES = SCHEMA["properties"]["rules"]["properties"]


def _objects(node: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}/{i}")


def test_schema_is_a_valid_draft_2020_12_schema_with_an_id() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"].startswith("https://") and SCHEMA["$id"].endswith("variant.schema.json")


def test_every_property_has_a_description() -> None:
    undescribed = [
        f"{where}/{name}"
        for where, node in _objects(SCHEMA)
        if isinstance(node.get("properties"), dict) and not where.endswith("/properties")
        for name, sub in node["properties"].items()
        if "description" not in sub
        and not where.startswith("#/$defs/allRules")
        and "/then" not in where
    ]
    assert undescribed == []


def test_every_fixed_set_of_fields_forbids_unknown_ones() -> None:
    # Overlays (the root-file `then` and `allRules`) only add `required`; the real shapes close.
    open_objects = [
        where
        for where, node in _objects(SCHEMA)
        if node.get("type") == "object"
        and "properties" in node
        and node.get("additionalProperties") is not False
        and "allRules" not in where
    ]
    assert open_objects == []


def test_schema_rule_fields_are_the_model_rule_paths() -> None:
    in_schema = [f"{s}.{f}" for s, section in RULES.items() for f in section["properties"]]
    assert in_schema == rule_paths()
    assert SCHEMA["$defs"]["option"]["properties"]["rule"]["enum"] == rule_paths()


def test_root_file_requirement_names_every_rule() -> None:
    required = SCHEMA["$defs"]["allRules"]
    assert required["required"] == list(SECTIONS)
    for section, cls in SECTIONS.items():
        assert required["properties"][section]["required"] == [f.name for f in fields(cls)]


def _model_fields() -> list[tuple[str, Any]]:
    return [(f"{s}.{f.name}", f.type) for s, cls in SECTIONS.items() for f in fields(cls)]


@pytest.mark.parametrize(("rule", "kind"), _model_fields(), ids=[r for r, _ in _model_fields()])
def test_schema_value_type_matches_the_model(rule: str, kind: Any) -> None:
    section, name = rule.split(".")
    value = RULES[section]["properties"][name]["properties"]["value"]
    nullable = isinstance(kind, UnionType)
    if nullable:
        kind = next(k for k in get_args(kind) if k is not type(None))
    if isinstance(kind, type) and issubclass(kind, Enum):
        assert value["enum"] == [member.value for member in kind]
        return
    if get_origin(kind) is tuple:
        assert value["type"] == "array"
        assert value["items"]["$ref"] == "#/$defs/cardText"
        return
    expected = {int: "integer", str: "string", bool: "boolean"}[kind]
    types = value["type"] if isinstance(value["type"], list) else [value["type"]]
    assert set(types) == ({expected, "null"} if nullable else {expected})


def test_each_rule_is_described_by_its_axis_clause() -> None:
    # The clause in reference_engine/variant/axes.yaml is the one description of a rule.
    drift = {
        path: axis.clause
        for path, axis in AXES.items()
        if RULES[path.split(".")[0]]["properties"][path.split(".")[1]]["description"] != axis.clause
    }
    assert drift == {}, "set each rule's schema description to its axis clause"
