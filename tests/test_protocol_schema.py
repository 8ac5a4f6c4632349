"""The protocol's schema: a valid draft 2020-12 schema with descriptions, which every request the
runner sends satisfies, and which tells a good answer from a bad one."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import wire_answer
from spadespec.conformance.contract.protocol.messages import FEATURES
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.wire import (
    problem,
    protocol_schema,
    run_request,
    start_request,
)
from spadespec.conformance.contract.suite.cases import load_suite

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ("protocol.schema.json", "report.schema.json", "fuzz-report.schema.json")


def _undescribed(node: Any, path: str) -> list[str]:
    """Every property or definition without a description (a `$ref` borrows the target's)."""
    out: list[str] = []
    if isinstance(node, dict):
        for group in ("properties", "$defs"):
            for name, sub in (node.get(group) or {}).items():
                if isinstance(sub, dict) and "description" not in sub and "$ref" not in sub:
                    out.append(f"{path}/{group}/{name}")
        for key, value in node.items():
            out.extend(_undescribed(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.extend(_undescribed(value, f"{path}/{index}"))
    return out


@pytest.mark.parametrize("name", SCHEMAS)
def test_the_schema_is_draft_2020_12_with_an_id_and_descriptions_everywhere(name: str) -> None:
    schema = json.loads((ROOT / "schema" / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://spadespec.dev/schema/{name}"
    assert _undescribed(schema, "#") == []


def test_the_observables_of_the_schema_are_those_of_the_runner() -> None:
    assert tuple(protocol_schema()["$defs"]["observable"]["enum"]) == FEATURES
    assert set(protocol_schema()["$defs"]["result"]["properties"]) == set(FEATURES)


def test_every_request_for_a_shipped_case_is_a_valid_run_request() -> None:
    assert problem("request", start_request()) is None
    for number, case in enumerate(load_suite(), start=1):
        assert problem("runRequest", run_request(number, request_for(case))) is None, case.id


def test_the_reference_engine_answers_every_shipped_case_within_the_schema() -> None:
    engine = ReferenceEngine()
    assert problem("startResponse", dict(engine.start())) is None
    for case in load_suite():
        answer = {"seq": 1, **wire_answer(engine.run(request_for(case)))}
        assert problem("runResponse", answer) is None, case.id
        assert "result" in answer, case.id


PROBE = {"action": "play", "seat": "S", "card": "5H"}


@pytest.mark.parametrize(
    ("answer", "complaint"),
    [
        ({"result": {"totals": {"NS": 0, "EW": 0}}}, "'seq' is a required property"),
        ({"seq": 0, "result": {}}, "less than the minimum of 1"),
        ({"seq": 1}, "is not valid under any of the given schemas"),
        ({"seq": 1, "result": {}, "skipped": {"reason": "x"}}, "is valid under each of"),
        ({"seq": 1, "skipped": {}}, "'reason' is a required property"),
        ({"seq": 1, "errored": {"msg": "x"}}, "'message' is a required property"),
        ({"seq": 1, "result": {"legal": ["10D"]}}, "at $.result.legal[0]"),
        ({"seq": 1, "result": {"legal": ["6C", "6C"]}}, "non-unique elements"),
        ({"seq": 1, "result": {"totals": {"NS": "0", "EW": 0}}}, "at $.result.totals.NS"),
        ({"seq": 1, "result": {"status": {"status": "won", "winner": None}}}, "winner"),
        ({"seq": 1, "result": {"to_act": {"phase": "lead", "seat": "S"}}}, "phase"),
        ({"seq": 1, "result": {"illegal": {"action": PROBE, "reason": 3}}}, "reason"),
        ({"seq": 1, "result": {"bags": {"NS": True, "EW": 0}}}, "at $.result.bags.NS"),
        ({"seq": 1, "result": {"totals": {"NS": 0, "E": 0}}}, "at $.result.totals"),
        ({"seq": 1, "result": {"legal": ["XJ"]}}, "at $.result.legal[0]"),
        ({"seq": 1, "result": {"legal": [18]}}, "at $.result.legal[0]"),
        ({"seq": 1, "result": {"trick_winners": [["N"] * 18]}}, "at $.result.trick_winners[0]"),
        ({"seq": 1, "result": {"status": {"status": "won", "winner": "X"}}}, "winner"),
    ],
)
def test_an_answer_outside_the_protocol_is_named_with_its_place(
    answer: dict[str, Any], complaint: str
) -> None:
    found = problem("runResponse", answer)
    assert found is not None and complaint in found


@pytest.mark.parametrize(
    "answer",
    [
        {"seq": 3, "result": {"illegal": {"action": PROBE, "reason": None}}},
        {"seq": 3, "result": {"illegal": {"action": {"action": "bid", "bid": 14}, "reason": "x"}}},
        {"seq": 3, "result": {"totals": {"NS": -40, "EW": 512}, "extra": "ignored"}},
        {"seq": 3, "skipped": {"reason": "option target=300"}},
        {"seq": 3, "errored": {"message": "log entry 4 refused", "context": ["any", "thing"]}},
        {
            "seq": 3,
            "result": {"totals": {"N": 61, "E": -50, "S": -94}, "bags": {"N": 1, "E": 0, "S": 6}},
        },
        {"seq": 3, "result": {"status": {"status": "won", "winner": "E"}}},
        {
            "seq": 3,
            "result": {"to_act": {"phase": "pass", "seat": "S"}, "legal": ["BJ", "LJ", "2D"]},
        },
        {"seq": 3, "result": {"legal": [0, 1, 17, "nil", "blind-nil"]}},
        {"seq": 3, "result": {"trick_winners": [["N", "E", "S"] * 5 + ["N", "E"]]}},
    ],
)
def test_answers_within_the_protocol(answer: dict[str, Any]) -> None:
    assert problem("runResponse", answer) is None


def test_a_start_answer_must_name_the_engine_and_what_it_plays() -> None:
    good = {
        "name": "acme",
        "version": "1.0",
        "language": "javascript",
        "protocol": 1,
        "variants": ["standard"],
        "features": ["totals", "something-later"],
    }
    assert problem("startResponse", good) is None
    for key in good:
        assert problem("startResponse", {k: v for k, v in good.items() if k != key})


def _json_blocks(text: str) -> list[Any]:
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    out = []
    for block in blocks:
        try:
            out.append(json.loads(block))
        except json.JSONDecodeError:  # a block of several messages, one a line
            out.extend(json.loads(line) for line in block.splitlines() if line.strip())
    return out


def test_every_message_in_the_implementers_guide_follows_the_schema() -> None:
    messages = _json_blocks((ROOT / "docs" / "protocol.md").read_text())
    assert len(messages) >= 7
    for message in messages:
        kind = "request" if "cmd" in message else "response"
        assert problem(kind, message) is None, message
