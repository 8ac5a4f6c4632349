"""Blind numeric bids over the protocol (the feature `blind_bids`).

A number of tricks bid blind, before looking at the cards, is written `blind-N` (`"blind-7"`)
wherever a bid goes: a log, a probe, a legal list, a score request, a hand's score sheet. An
engine that plays such bids declares `blind_bids`; one that does not is never sent a case that
holds one: the case is not applicable to it, and every other case is sent as it always was.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.contract.protocol.case_search import in_case
from spadespec.conformance.contract.protocol.messages import BLIND_BIDS, EngineInfo
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.actions import BlindBid

NOT_APPLICABLE = (
    f"the case holds a blind numeric bid (blind-N), and the engine does not declare {BLIND_BIDS}"
)


def declared(info: EngineInfo) -> bool:
    """Whether the engine plays blind numeric bids."""
    return BLIND_BIDS in info["features"]


def holds_blind_bid(case: Case) -> bool:
    """Whether a blind numeric bid is written anywhere in the case: its log, its probe or the
    answers it expects."""
    return in_case(case, _is_blind_bid)


def _is_blind_bid(value: Any) -> bool:
    return isinstance(value, str) and BlindBid.read(value) is not None


def not_applicable(info: EngineInfo, case: Case) -> str | None:
    """Why the case is not applicable to the engine for want of `blind_bids`, or None."""
    if declared(info) or not holds_blind_bid(case):
        return None
    return NOT_APPLICABLE
