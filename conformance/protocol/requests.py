"""Building a request: what the runner puts to an engine for one case, never the expected values."""

from __future__ import annotations

from conformance.protocol.messages import OBSERVABLES, CaseRequest
from conformance.suite.cases import Case


def request_for(case: Case) -> CaseRequest:
    """The request that puts a case to an engine, without its expected values."""
    request: CaseRequest = {
        "id": case.id,
        "variant": {"id": case.variant, "options": dict(case.options)},
        "setup": case.setup,
        "actions": case.actions,
        "ask": [key for key in OBSERVABLES if key in case.expect],
    }
    if "illegal" in case.expect:
        request["probe"] = case.expect["illegal"]["action"]
    return request
