"""Each golden case as the JavaScript runner reads it: the request the Python runner would put to
an engine (all but what to ask, which depends on what the engine declares), the expected values,
what the case needs of an engine before it applies, and its score request. Everything the
Python runner decides from the reference engine (a zero bid's meaning, the tricks a score keeper
is told) is decided here, so the JavaScript runner needs no Python and no engine of its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spadespec.conformance.contract.protocol import (
    blind_bids,
    deal_requests,
    draws,
    nil_as_zero,
    redeal_calls,
    tables,
)
from spadespec.conformance.contract.protocol.messages import (
    BLIND_BIDS,
    DEALS,
    DRAWS,
    FEATURES,
    KNOWN_FEATURES,
    NIL_AS_ZERO,
    OBSERVABLES,
    PROTOCOL_VERSION,
    REDEAL_CALLS,
    SCORE,
    SCORE_FIGURE_FEATURES,
    SCORE_FIGURES,
    TABLES,
)
from spadespec.conformance.contract.protocol.score_requests import (
    score_expect,
    score_id,
    score_request_for,
)
from spadespec.conformance.contract.protocol.subprocess_engine import GIVEN_UP, MAX_RESTARTS
from spadespec.conformance.contract.report.jsonl import suite_info
from spadespec.conformance.contract.runner.checking import BETWEEN_HANDS
from spadespec.conformance.contract.suite.cases import FAILING_LEVELS, Case, resolved
from spadespec.conformance.contract.suite.variant_files import variant_ref
from spadespec.reference_engine.scoring.inputs import zero_is_nil


def case_entry(case: Case) -> dict[str, Any]:
    """One case for the JavaScript runner. `request` lacks `ask` and `probe` (the runner asks
    what the engine declares, and sends the probe when `illegal` or `refusal` is asked);
    `needs` are the features without which the case is not applicable; `zero` says how an
    engine writing nil as 0 meets it."""
    entry: dict[str, Any] = {
        "id": case.id,
        "variant": case.variant,
        "level": case.level,
        "tags": list(case.tags),
        "asks": list(case.asks),
        "expect": case.expect,
        "request": {
            "id": case.id,
            "variant": variant_ref(case.variant, case.options),
            "setup": case.setup,
            "actions": case.actions,
        },
    }
    if case.status != "active":
        entry["status"] = case.status
    needs = [
        feature
        for feature, holds in (
            (BLIND_BIDS, blind_bids.holds_blind_bid(case)),
            (REDEAL_CALLS, redeal_calls.holds_redeal_call(case)),
            (TABLES, tables.at_other_table(case)),
            (DRAWS, draws.holds_draw(case)),
        )
        if holds
    ]
    if needs:
        entry["needs"] = needs
    if deal_requests.needs_own_deal(case):
        entry["ownDeal"] = True
    entry["zero"] = _zero(case)
    expect = score_expect(case)
    if expect:
        request = score_request_for(case, SCORE_FIGURES, expect)
        assert request is not None  # the case gives figures, as `expect` shows
        del request["ask"]  # type: ignore[misc]  # the runner asks what the engine declares
        entry["score"] = {"id": score_id(case.id), "expect": expect, "request": request}
    return entry


def _zero(case: Case) -> dict[str, Any]:
    """How an engine declaring `nil_as_zero` meets the case: refused (its variant has a bid of 0
    beside nil), or told nil as 0 and read 0 as nil where 0 stands for nil."""
    refusal = nil_as_zero.refused(case)
    if refusal:
        return {"refused": refusal}
    rules = resolved(case.variant, tuple(sorted(case.options.items()))).rules
    return {"isNil": zero_is_nil(rules)}


def suite_facts(cases: Iterable[Case]) -> dict[str, Any]:
    """What the runner needs beside the cases: the protocol's names and the messages the Python
    runner gives, word for word, so both runners say the same."""
    info = suite_info(cases)
    return {
        "suite": info,
        "protocol": PROTOCOL_VERSION,
        "observables": list(OBSERVABLES),
        "features": list(FEATURES),
        "knownFeatures": list(KNOWN_FEATURES),
        "score": SCORE,
        "scoreFigures": list(SCORE_FIGURES),
        "scoreFigureFeatures": list(SCORE_FIGURE_FEATURES),
        "failingLevels": list(FAILING_LEVELS),
        "betweenHands": list(BETWEEN_HANDS),
        "nilAsZero": NIL_AS_ZERO,
        "deals": DEALS,
        "maxRestarts": MAX_RESTARTS,
        "givenUp": GIVEN_UP,
        "notApplicable": {
            BLIND_BIDS: blind_bids.NOT_APPLICABLE,
            REDEAL_CALLS: redeal_calls.NOT_APPLICABLE,
            TABLES: tables.NOT_APPLICABLE,
            DRAWS: draws.NOT_APPLICABLE,
            DEALS: deal_requests.NOT_APPLICABLE,
        },
    }
