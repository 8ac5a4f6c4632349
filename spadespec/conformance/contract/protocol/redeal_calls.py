"""A deficient hand's holder's choice over the protocol (the feature `redeal_calls`).

Where the holders of deficient hands choose whether to throw the deal in
(`deal.redeal_by: holder`), each answer is an action of its own, `{"action": "redeal", "seat":
"E", "call": true}` (false: the hand is kept); while a holder chooses, `to_act` answers the
phase `redeal` and `legal` answers `[true, false]`. An engine that plays such a choice declares
`redeal_calls`; one that does not is sent no case holding one, and is not fuzzed under a variant
that plays it: those are not applicable to it, and every other case is sent as it always was.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.contract.protocol.case_search import in_case
from spadespec.conformance.contract.protocol.messages import REDEAL_CALLS, EngineInfo
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.variant.model import RedealBy, Rules

NOT_APPLICABLE = (
    f"the case holds a deficient hand's holder's choice (a redeal action or phase), and the "
    f"engine does not declare {REDEAL_CALLS}"
)


def declared(info: EngineInfo) -> bool:
    """Whether the engine plays a holder's choice of redeal."""
    return REDEAL_CALLS in info["features"]


def holds_redeal_call(case: Case) -> bool:
    """Whether a holder's choice is anywhere in the case: a redeal action in its log or probe,
    or the phase `redeal` in an answer it expects."""
    return in_case(case, _is_call)


def _is_call(value: Any) -> bool:
    return isinstance(value, dict) and (
        value.get("action") == "redeal" or value.get("phase") == "redeal"
    )


def not_applicable(info: EngineInfo, case: Case) -> str | None:
    """Why the case is not applicable to the engine for want of `redeal_calls`, or None."""
    if declared(info) or not holds_redeal_call(case):
        return None
    return NOT_APPLICABLE


def needed(rules: Rules) -> bool:
    """Whether games under these rules can ask a holder to choose: only where some deal is
    thrown in and its holders choose."""
    deal = rules.deal
    thrown = deal.redeal_spades_below is not None or deal.redeal_no_face_card
    return thrown and deal.redeal_by is RedealBy.HOLDER
