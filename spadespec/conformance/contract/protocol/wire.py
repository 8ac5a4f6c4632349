"""The JSON-lines protocol's messages: building requests, and checking what an engine says.

The schema is `schema/protocol.schema.json`; its observables refer to the case schema, so both
are loaded into one registry. docs/protocol.md explains the messages to an engine's author.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match
from referencing import Registry, Resource

from spadespec.conformance.contract.protocol.messages import (
    PROTOCOL_VERSION,
    CaseRequest,
    DealRequest,
    ScoreRequest,
)
from spadespec.conformance.contract.suite.logs_apart import errors_with_logs_apart
from spadespec.reference_engine.paths import data_dir

SCHEMA_NAME = "protocol.schema.json"

# The versions this runner speaks; `start` offers the highest.
SPOKEN_VERSIONS = frozenset({PROTOCOL_VERSION})


@cache
def shipped_schema(name: str) -> dict[str, Any]:
    """A shipped schema by its file name (`protocol.schema.json`), read once."""
    data: dict[str, Any] = json.loads((data_dir("schema") / name).read_text("utf-8"))
    return data


def protocol_schema() -> dict[str, Any]:
    return shipped_schema(SCHEMA_NAME)


@cache
def schema_registry() -> Registry:
    """Every shipped schema by its `$id`, so that one may refer to another (the protocol's
    observables to the case schema's, a fuzz report's engine to a conformance report's)."""
    resources = []
    for path in sorted(data_dir("schema").glob("*.schema.json")):
        contents = shipped_schema(path.name)
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@cache
def definition_validator(schema: str, definition: str) -> jsonschema.protocols.Validator:
    """A validator for one definition of a shipped schema, e.g. `runResponse` of the
    protocol's, or the `end` line of a fuzz report's."""
    base = shipped_schema(schema)["$id"]
    ref = {"$ref": f"{base}#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(ref, registry=schema_registry())


def validator(definition: str) -> jsonschema.protocols.Validator:
    """A validator for one message kind of the protocol, e.g. `runResponse`."""
    return definition_validator(SCHEMA_NAME, definition)


# Where a message holds a game log, checked apart (`logs_apart`): requests repeat a case's log.
LOG_PLACES = {"runRequest": ("case", "actions"), "caseRequest": ("actions",)}


def problem(definition: str, message: Any) -> str | None:
    """What is wrong with a message under the schema, most useful first; None if nothing."""
    place = LOG_PLACES.get(definition)
    errors = (
        validator(definition).iter_errors(message)
        if place is None
        else errors_with_logs_apart(validator(definition), message, place)
    )
    error = best_match(errors)
    if error is None:
        return None
    return f"at {json_path(error)}: {error.message}"


def json_path(error: jsonschema.ValidationError) -> str:
    """Where in the message a schema error is, as a JSON path: `$.answers.legal[2]`."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)


def envelope_problem(reply: Any) -> str | None:
    """What is wrong with a `run` answer's framing: seq, and exactly one of result, skipped or
    errored. The result's values are checked by the runner, and only where they differ from
    the expectation (`result_problem`): values equal to a case's are canonical already, and
    checking every answer in full would cost more than the rest of the protocol."""
    if isinstance(reply, dict) and isinstance(reply.get("result"), dict):
        seq = reply.get("seq")
        # The usual answer, told at a glance: the schema walk costs as much as the engine's.
        if type(seq) is int and seq >= 1 and "skipped" not in reply and "errored" not in reply:
            return None
        reply = {**reply, "result": {}}
    return problem("runResponse", reply)


def result_problem(answers: dict[str, Any]) -> str | None:
    """What in a result is not in the protocol's canonical forms, or None."""
    return problem("result", answers)


def score_result_problem(answers: dict[str, Any]) -> str | None:
    """What in the answer to a score request is not in the canonical forms, or None."""
    return problem("scoreResult", answers)


def start_request() -> dict[str, Any]:
    return {"cmd": "start", "protocol": max(SPOKEN_VERSIONS)}


def run_request(seq: int, request: CaseRequest) -> dict[str, Any]:
    return {"cmd": "run", "seq": seq, "case": request}


def score_request(seq: int, request: ScoreRequest) -> dict[str, Any]:
    """A score request; its answer is framed as a `run`'s is (`envelope_problem`)."""
    return {"cmd": "score", "seq": seq, "case": request}


def deal_request(seq: int, request: DealRequest) -> dict[str, Any]:
    """A deal request, to an engine that deals its own cards; its answer is framed as a
    `run`'s is (`envelope_problem`)."""
    return {"cmd": "deal", "seq": seq, "case": request}


def stop_request() -> dict[str, Any]:
    return {"cmd": "stop"}
