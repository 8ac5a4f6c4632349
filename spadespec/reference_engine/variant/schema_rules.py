"""The rule part of schema/variant.schema.json, generated from the rules model and `axes.yaml`.

The model gives each section, its rules and each value's type; the axes give each rule's
description (its clause), what its value means (each choice's line, or its `value`) and the
bounds of a number or a text. The schema's other parts (a file's identity, its sources,
citations, interpretations, options) are written by hand; they name the generated part by
`$ref` only. The generated part is three `$defs`, kept at the end of the file: `rules` (every
section and rule), `allRules` (what a file without `extends` states) and `rulePath` (a rule
named as `section.field`).

    python -m spadespec.regenerate schema            # write the file
    python -m spadespec.regenerate schema --check    # exit 1 if stale
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, get_args, get_origin, get_type_hints

from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.variant.axes import AXES, Axis, AxisError
from spadespec.reference_engine.variant.model import SECTIONS

COMMAND = "python -m spadespec.regenerate schema"
"""What refreshes the generated part."""

GENERATED = ("rules", "allRules", "rulePath")
"""The `$defs` this module writes, in the order they close the file."""

_NOTE = (
    "Generated from the rules model (spadespec/reference_engine/variant/model.py) and "
    f"spadespec/reference_engine/variant/axes.yaml by `{COMMAND}`: edit those, not this."
)
_JSON_TYPES = {bool: "boolean", int: "integer", str: "string"}
_BOUNDED = {"enum": "integer", "minimum": "integer", "maximum": "integer", "maxLength": "string"}
"""The type each bound an axis may give applies to."""


def schema_file() -> Path:
    """The variant schema: at the top of a checkout, inside the package of a wheel."""
    return data_dir("schema") / "variant.schema.json"


def _value(axis: Axis, kind: Any) -> dict[str, Any]:
    """The schema of a rule's value: its type from the model, its meaning and bounds from the
    axis."""
    nullable = isinstance(kind, UnionType) and NoneType in get_args(kind)
    if nullable:
        (kind,) = (k for k in get_args(kind) if k is not NoneType)
    if isinstance(kind, type) and issubclass(kind, Enum):
        meaning = " ".join(f"`{value}`: {line}" for value, line in axis.values.items())
        members: list[Any] = [member.value for member in kind]
        return {"description": meaning, "enum": members + [None] if nullable else members}
    if axis.value is None:  # the axes file gives a `value` for every rule that is not a choice
        raise AxisError(f"{axis.path}: no `value` in the axes file")
    out: dict[str, Any] = {"description": axis.value.description}
    if get_origin(kind) is tuple and get_args(kind) == (str, ...):
        # The model's only lists are lists of cards, each written as the card's text.
        out.update(type="array", uniqueItems=True, items={"$ref": "#/$defs/cardText"})
        json_type = "array"
    elif kind in _JSON_TYPES:
        json_type = _JSON_TYPES[kind]
        out["type"] = [json_type, "null"] if nullable else json_type
    else:
        raise AxisError(f"{axis.path}: the schema has no type for the model's {kind!r}")
    for bound, value in axis.value.bounds.items():
        if _BOUNDED[bound] != json_type:
            raise AxisError(f"{axis.path}.value.{bound}: bounds no {json_type} value")
        out[bound] = value
    return out


def _section_description(cls: type[Any]) -> str:
    doc = cls.__doc__ or ""
    if doc.startswith(f"{cls.__name__}("):  # the signature dataclass writes in a missing docstring
        raise AxisError(f"{cls.__name__}: the section has no docstring to describe it")
    return " ".join(doc.split())


def rule_defs(
    sections: Mapping[str, type[Any]] = SECTIONS, axes: Mapping[str, Axis] = AXES
) -> dict[str, Any]:
    """The generated `$defs`, by name: every section and rule, the rules a file without
    `extends` states, and the rule paths an option may name."""
    rules: dict[str, Any] = {}
    required: dict[str, Any] = {}
    paths: list[str] = []
    for section, cls in sections.items():
        kinds = get_type_hints(cls)
        fields = {
            name: {
                "description": axes[f"{section}.{name}"].clause,
                "$ref": "#/$defs/ruleEntry",
                "properties": {"value": _value(axes[f"{section}.{name}"], kind)},
            }
            for name, kind in kinds.items()
        }
        rules[section] = {
            "description": _section_description(cls),
            "type": "object",
            "additionalProperties": False,
            "properties": fields,
        }
        required[section] = {"required": list(fields)}
        paths += [f"{section}.{name}" for name in fields]
    return {
        "rules": {
            "$comment": _NOTE,
            "description": "Every rule of the format, grouped by the stage of the game it "
            "governs, each value of the type the rules model gives it.",
            "type": "object",
            "additionalProperties": False,
            "properties": rules,
        },
        "allRules": {
            "$comment": _NOTE,
            "description": "A file without `extends` states every rule, each with its value.",
            "type": "object",
            "required": list(sections),
            "properties": required,
            # Every rule entry of every section: its value written.
            "patternProperties": {"^": {"patternProperties": {"^": {"required": ["value"]}}}},
        },
        "rulePath": {
            "$comment": _NOTE,
            "description": "A rule, written as `section.field`.",
            "enum": paths,
        },
    }


def schema_text(
    hand_written: str,
    sections: Mapping[str, type[Any]] = SECTIONS,
    axes: Mapping[str, Axis] = AXES,
) -> str:
    """The whole schema file: `hand_written` (the file as it stands) with its generated `$defs`
    made anew from the model and the axes, at the end of `$defs` in `GENERATED` order."""
    schema = json.loads(hand_written)
    defs: dict[str, Any] = schema.setdefault("$defs", {})
    for name in GENERATED:
        defs.pop(name, None)
    defs.update(rule_defs(sections, axes))
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def generated_files() -> dict[Path, str]:
    """Each file this module writes, with the full text it should have."""
    path = schema_file()
    return {path: schema_text(path.read_text(encoding="utf-8"))}
