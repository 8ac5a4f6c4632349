"""The npm package's TypeScript declarations, made from the protocol and case schemas: one
exported type per definition, required properties plain and optional ones marked `?`, enums as
unions of their values."""

from __future__ import annotations

import json
import re

import pytest

from spadespec.conformance.machinery.npm.typescript import protocol_types
from spadespec.reference_engine.paths import data_dir

PROTOCOL = json.loads((data_dir("schema") / "protocol.schema.json").read_text())
CASE = json.loads((data_dir("schema") / "case.schema.json").read_text())


@pytest.fixture(scope="module")
def declared() -> dict[str, str]:
    """Each exported type's name and what follows its `=` (declarations are set apart by blank
    lines, and none holds one)."""
    types = {}
    for block in protocol_types().split("\n\n"):
        found = re.search(r"^export type (\w+) = (.*);$", block, re.MULTILINE | re.DOTALL)
        if found:
            types[found[1]] = found[2]
    return types


def test_every_definition_is_an_exported_type(declared: dict[str, str]) -> None:
    protocol = {name[0].upper() + name[1:] for name in PROTOCOL["$defs"]}
    case = {"Case" + name[0].upper() + name[1:] for name in CASE["$defs"]}
    assert protocol | case | {"CaseFile"} == set(declared)


def test_required_properties_are_plain_and_optional_ones_marked(declared: dict[str, str]) -> None:
    start = PROTOCOL["$defs"]["startResponse"]
    assert "homepage" not in start["required"]  # the test needs one of each
    for name in start["properties"]:
        line = f"\n  {name}{'' if name in start['required'] else '?'}: "
        assert line in declared["StartResponse"], name
    assert "\n  seq: number;" in declared["RunResponse"]
    assert "\n  setup: CaseSetup;" in declared["CaseRequest"]  # a $defs entry of the other file


@pytest.mark.parametrize(
    ("schema", "name", "typescript"),
    [(PROTOCOL, "observable", "Observable"), (CASE, "seat", "CaseSeat")],
)
def test_an_enum_is_a_union_of_its_values(
    declared: dict[str, str],
    schema: dict[str, dict[str, dict[str, list[str]]]],
    name: str,
    typescript: str,
) -> None:
    values = schema["$defs"][name]["enum"]
    assert declared[typescript] == " | ".join(json.dumps(value) for value in values)
