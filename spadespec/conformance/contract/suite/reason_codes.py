"""Which refusal reason codes the cases probe, and the few no probe can carry.

A case's probe (`expect.illegal.action`) is a well-formed action of the case schema, tried in
the position the case's log reaches. A code whose refusal needs an action the schema does not
allow, or a starting position rather than an action, cannot be a case's probe; each of those is
named here with the check that stands in for a case.
"""

from __future__ import annotations

from collections.abc import Iterable

from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.reason_codes import ReasonCode

NOT_PROBED: dict[str, str] = {
    ReasonCode.MALFORMED_ACTION.value: (
        "A probe must be an action the case schema accepts (a known kind, with every field it "
        "needs), so no case can hold one. The reference engine's tests refuse one "
        "(tests/test_engine_reason_codes.py), and the JavaScript example's tests send it one "
        "through the protocol (tests/test_js_engine.py)."
    ),
    ReasonCode.UNKNOWN_CARD.value: (
        "The case schema writes a card as rank then suit (or BJ, LJ), so a probe cannot name a "
        "card no pack has. The reference engine's tests refuse one "
        "(tests/test_engine_reason_codes.py, tests/test_engine_replay.py)."
    ),
    ReasonCode.UNKNOWN_BID.value: (
        "The case schema allows only a number of tricks, nil or blind nil as a bid, so a probe "
        "cannot bid anything else. The reference engine's tests refuse one "
        "(tests/test_engine_reason_codes.py)."
    ),
    ReasonCode.BAD_SETUP.value: (
        "A setup is where a case starts, not an action a probe tries; the case schema and the "
        "suite's loader refuse a case whose setup cannot be read. The reference engine's tests "
        "refuse a bad setup (tests/test_engine_reason_codes.py)."
    ),
}


def cases_by_reason(cases: Iterable[Case]) -> dict[str, list[str]]:
    """Every reason code -> the ids of the cases whose probe expects it, in code order."""
    found: dict[str, list[str]] = {code.value: [] for code in ReasonCode}
    for case in cases:
        reason = (case.expect.get("illegal") or {}).get("reason")
        if reason in found:
            found[reason].append(case.id)
    return found
