"""Checking a document that holds game logs against its schema, with the logs checked apart.

Case files, exported cases and run requests carry game logs of hundreds or thousands of actions,
of which only a few hundred are distinct, and a schema walk over every one costs more than all
the rest. Wherever a schema holds a log, it holds it as a plain array of the case schema's
`action` (`tests/test_conformance_suite.py` holds the schemas to that), so the log's place can
be emptied for the check of the rest of the document, and each distinct action checked once on
its own: the errors are the same ones a walk over the whole document reports.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError

from spadespec.reference_engine.paths import data_dir

Place = tuple[str, ...]
"""Where a document holds a log: keys from its root, `*` for every item of a list."""

# The one shape a log has in every schema, its description aside.
LOG_SHAPE = {"type": "array", "items": {"$ref": "#/$defs/action"}}


@cache
def action_validator() -> jsonschema.Draft202012Validator:
    """A validator for one log action: the case schema's `#/$defs/action`, with its `$defs`."""
    schema = json.loads((data_dir("schema") / "case.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/action"})


@cache
def _action_is_valid(action_json: str) -> bool:
    return bool(action_validator().is_valid(json.loads(action_json)))


def errors_with_logs_apart(
    validator: jsonschema.protocols.Validator, data: Any, place: Place
) -> Iterator[ValidationError]:
    """Every error `validator` finds in `data`, the logs at `place` checked apart, each distinct
    action once; an error inside a log has its full path in the document."""
    logs: list[tuple[list[Any], list[Any]]] = []
    yield from validator.iter_errors(_emptied(data, place, [], logs))
    for path, actions in logs:
        for position, action in enumerate(actions):
            if _action_is_valid(json.dumps(action, sort_keys=True)):
                continue
            for error in action_validator().iter_errors(action):
                error.path.extendleft(reversed([*path, position]))
                yield error


def _emptied(
    data: Any, place: Place, path: list[Any], logs: list[tuple[list[Any], list[Any]]]
) -> Any:
    """`data` with each log at `place` replaced by an empty list (copied along the way, never
    changed), every log found noted in `logs` with its path."""
    if not place:
        if isinstance(data, list):
            logs.append((path, data))
            return []
        return data  # not a list: the schema says so in the check of the rest
    step, rest = place[0], place[1:]
    if step == "*":
        if not isinstance(data, list):
            return data
        return [_emptied(item, rest, [*path, i], logs) for i, item in enumerate(data)]
    if not isinstance(data, dict) or step not in data:
        return data
    return {**data, step: _emptied(data[step], rest, [*path, step], logs)}
