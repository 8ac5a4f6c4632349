"""schema/variant.schema.json: a valid 2020-12 schema whose rule part is generated from the rules
model and the axes (reference_engine/variant/schema_rules.py), so it cannot drift from them; it
takes every shipped variant and refuses a bad value of every rule."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, fields, make_dataclass, replace
from enum import Enum, StrEnum
from pathlib import Path
from types import UnionType
from typing import Any, get_args, get_origin

import pytest
from jsonschema import Draft202012Validator

from spadespec.reference_engine.variant.axes import AXES, AxisError, Value
from spadespec.reference_engine.variant.catalog import variant_files, variants_dir
from spadespec.reference_engine.variant.model import SECTIONS, GameEndRules, rule_paths
from spadespec.reference_engine.variant.schema_rules import (
    COMMAND,
    GENERATED,
    generated_files,
    rule_defs,
    schema_text,
)
from spadespec.reference_engine.variant.yaml_reader import read_document

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "variant.schema.json"
SCHEMA = json.loads(SCHEMA_FILE.read_text())
RULES = SCHEMA["$defs"]["rules"]["properties"]
VALIDATOR = Draft202012Validator(SCHEMA)
SHIPPED = variant_files(variants_dir())


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


def test_the_committed_schema_is_the_one_the_model_and_axes_give() -> None:
    stale = [p for p, text in generated_files().items() if p.read_text(encoding="utf-8") != text]
    assert stale == [], f"refresh the schema's rule part: {COMMAND}"


def test_the_generated_part_closes_the_file_and_says_so() -> None:
    defs = list(SCHEMA["$defs"])
    assert defs[-len(GENERATED) :] == list(GENERATED)
    for name in GENERATED:
        assert COMMAND in SCHEMA["$defs"][name]["$comment"]
    # The hand-written parts reach the rules only through these names.
    assert SCHEMA["properties"]["rules"]["$ref"] == "#/$defs/rules"
    assert SCHEMA["then"]["properties"]["rules"]["$ref"] == "#/$defs/allRules"
    assert SCHEMA["$defs"]["option"]["properties"]["rule"]["$ref"] == "#/$defs/rulePath"


def test_writing_the_generated_part_keeps_the_hand_written_one() -> None:
    hand = copy.deepcopy(SCHEMA)
    hand["$defs"]["slug"]["description"] = "Edited by hand."
    hand["$defs"]["rules"]["properties"]["deck"]["description"] = "Edited by hand."
    rewritten = json.loads(schema_text(json.dumps(hand)))
    assert rewritten["$defs"]["slug"]["description"] == "Edited by hand."
    assert rewritten["$defs"]["rules"] == SCHEMA["$defs"]["rules"]
    assert schema_text(SCHEMA_FILE.read_text()) == SCHEMA_FILE.read_text()


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
    assert SCHEMA["$defs"]["rulePath"]["enum"] == rule_paths()


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


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_the_schema_takes_every_shipped_variant(path: Path) -> None:
    assert [e.message for e in VALIDATOR.iter_errors(read_document(path).data)] == []


def _bad_values(rule: str, kind: Any) -> list[Any]:
    """Values of the wrong kind for `rule`, worked out from the model and the axis's bounds."""
    if isinstance(kind, UnionType):
        kind = next(k for k in get_args(kind) if k is not type(None))
        bad: list[Any] = []
    else:
        bad = [None]
    axis = AXES[rule]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return [*bad, "no-such-value", 1]
    if get_origin(kind) is tuple:
        return [*bad, "2C", ["2C", "2C"], [3]]
    if kind is bool:
        return [*bad, "yes", 1]
    bounds = axis.value.bounds if axis.value else {}
    if kind is str:
        return [*bad, 5, "X" * (bounds["maxLength"] + 1)]
    bad += ["10", 2.5, True]
    if "minimum" in bounds:
        bad.append(bounds["minimum"] - 1)
    if "maximum" in bounds:
        bad.append(bounds["maximum"] + 1)
    if "enum" in bounds:
        bad.append(max(bounds["enum"]) + 1)
    return bad


_STANDARD = read_document(variants_dir() / "standard.yaml").data
_BAD = [(rule, value) for rule, kind in _model_fields() for value in _bad_values(rule, kind)]


@pytest.mark.parametrize(("rule", "value"), _BAD, ids=[f"{r}={v!r}" for r, v in _BAD])
def test_the_schema_refuses_a_bad_value_of_every_rule(rule: str, value: Any) -> None:
    section, name = rule.split(".")
    doc = copy.deepcopy(_STANDARD)
    doc["rules"][section][name]["value"] = value
    where = [tuple(e.absolute_path)[:4] for e in VALIDATOR.iter_errors(doc)]
    assert ("rules", section, name, "value") in where


class FloorRule(StrEnum):
    AT_OR_BELOW = "at-or-below"
    BELOW = "below"


def test_a_new_axis_reaches_the_schema_from_the_model_and_its_axis_alone() -> None:
    # A new choice in the game-end section, as the axis guide's example adds it.
    section = make_dataclass(
        "GameEndRules",
        [(f.name, f.type) for f in fields(GameEndRules)] + [("floor_rule", FloorRule)],
        frozen=True,
    )
    section.__doc__ = GameEndRules.__doc__
    axis = replace(
        AXES["game_end.tie"],
        path="game_end.floor_rule",
        clause="Whether a side loses on the losing floor itself or only below it.",
        values={"at-or-below": "A side at the floor or below loses.", "below": "Only below."},
    )
    defs = rule_defs({**SECTIONS, "game_end": section}, {**AXES, "game_end.floor_rule": axis})
    entry = defs["rules"]["properties"]["game_end"]["properties"]["floor_rule"]
    assert entry["description"] == axis.clause
    assert entry["properties"]["value"] == {
        "description": "`at-or-below`: A side at the floor or below loses. `below`: Only below.",
        "enum": ["at-or-below", "below"],
    }
    assert defs["allRules"]["properties"]["game_end"]["required"][-1] == "floor_rule"
    assert defs["rulePath"]["enum"][-1] == "game_end.floor_rule"


@dataclass(frozen=True)
class _Counted:
    """A section of one counted rule."""

    count: int | None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "counted.count: no `value` in the axes file"),
        (Value("How many.", {"maxLength": 3}), "counted.count.value.maxLength: bounds no integer"),
    ],
)
def test_an_axis_that_does_not_fit_its_type_stops_the_generator(
    value: Value | None, message: str
) -> None:
    axis = replace(AXES["game_end.hands"], path="counted.count", value=value)
    with pytest.raises(AxisError, match=message):
        rule_defs({"counted": _Counted}, {"counted.count": axis})


def _counted_value(value: Value) -> Any:
    axis = replace(AXES["game_end.hands"], path="counted.count", value=value)
    rules = rule_defs({"counted": _Counted}, {"counted.count": axis})["rules"]
    return rules["properties"]["counted"]["properties"]["count"]["properties"]["value"]


def test_the_number_bounds_come_from_the_axis() -> None:
    nullable = ["integer", "null"]
    plain = _counted_value(Value("How many.", {}))
    assert plain == {"description": "How many.", "type": nullable}
    bounded = _counted_value(Value("How many.", {"minimum": 2, "maximum": 9}))
    assert bounded == {"description": "How many.", "type": nullable, "minimum": 2, "maximum": 9}
