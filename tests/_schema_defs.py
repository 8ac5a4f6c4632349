"""A definition of one of the shipped schemas as a validator of its own, for tests that ask what
a part of a schema (the sides, a deal's hands) takes and refuses."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[1]


def schema_def(name: str, definition: str) -> Draft202012Validator:
    """A validator of `$defs/definition` in `schema/name`, the other definitions beside it."""
    schema = json.loads((ROOT / "schema" / name).read_text(encoding="utf-8"))
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"})
