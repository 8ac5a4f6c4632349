"""Talking to an engine that writes nil as the bid 0 (it declares the feature `nil_as_zero`).

Such an engine has no separate zero bid, so the runner meets it in its own terms: nil is told
to it as 0, in a request's log and probe and in a score request's bids; a bid of 0 in its
answers is read as nil, by the scorer's own reading (`spadespec.reference_engine.scoring.inputs`); a
probe of a bid of 0 is not sent, since it exists only to see 0 refused where nil is meant;
and a variant where 0 is a bid beside nil is refused, since 0 could then mean either.
"""

from __future__ import annotations

import copy
from typing import Any

from spadespec.conformance.contract.protocol.messages import (
    NIL_AS_ZERO,
    CaseRequest,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.contract.suite.cases import Case, resolved
from spadespec.reference_engine.scoring.inputs import read_zero_bid, zero_beside_nil
from spadespec.reference_engine.variant import Rules


def declared(info: EngineInfo) -> bool:
    """Whether the engine writes nil as the bid 0."""
    return NIL_AS_ZERO in info["features"]


def _rules(case: Case) -> Rules:
    return resolved(case.variant, tuple(sorted(case.options.items()))).rules


def refused(case: Case) -> str | None:
    """Why the case cannot be put to an engine writing nil as 0 (its variant has a zero bid
    beside nil), or None."""
    if zero_beside_nil(_rules(case)):
        return (
            f"the engine declares {NIL_AS_ZERO}, but {case.variant} has a bid of 0 beside nil,"
            " so a 0 cannot stand for nil there"
        )
    return None


def zero_bid_probe(expect: dict[str, Any]) -> bool:
    """Whether the probe whose expected values are `expect` (a case's or a fuzzed position's)
    is a bid of 0: a probe such an engine cannot be asked."""
    action = expect.get("illegal", {}).get("action", {})
    return action.get("action") == "bid" and type(action.get("bid")) is int and action["bid"] == 0


def _as_zero(bid: Any) -> Any:
    return 0 if bid == "nil" else bid


def told(request: CaseRequest) -> CaseRequest:
    """A run request with nil written as 0, in the log and the probe."""
    out = copy.deepcopy(request)
    for action in [*out["actions"], *([out["probe"]] if "probe" in out else [])]:
        if isinstance(action, dict) and action.get("action") == "bid" and "bid" in action:
            action["bid"] = _as_zero(action["bid"])
    return out


def told_score(request: ScoreRequest) -> ScoreRequest:
    """A score request with nil written as 0 in each hand's bids."""
    out = copy.deepcopy(request)
    for hand in out["hands"]:
        hand["bids"] = {seat: _as_zero(bid) for seat, bid in hand["bids"].items()}
    return out


def read(case: Case, answers: dict[str, Any]) -> dict[str, Any]:
    """The engine's answers with each bid of 0 read as nil: the legal bids, the bids on each
    hand's sheet, and a bid probe echoed back."""
    return read_under(_rules(case), answers)


def read_under(rules: Rules, answers: dict[str, Any]) -> dict[str, Any]:
    """`read`, for answers under `rules` (a fuzzed position's, which no case holds)."""
    out = dict(answers)
    legal = out.get("legal")
    if isinstance(legal, list):
        out["legal"] = [read_zero_bid(rules, bid) for bid in legal]
    hands = out.get("hands")
    if isinstance(hands, list):
        out["hands"] = [_sheet(rules, hand) for hand in hands]
    illegal = out.get("illegal")
    if isinstance(illegal, dict) and isinstance(illegal.get("action"), dict):
        action = dict(illegal["action"])
        if action.get("action") == "bid" and "bid" in action:
            action["bid"] = read_zero_bid(rules, action["bid"])
        out["illegal"] = {**illegal, "action": action}
    return out


def _sheet(rules: Rules, hand: Any) -> Any:
    if not isinstance(hand, dict) or not isinstance(hand.get("bids"), dict):
        return hand
    return {**hand, "bids": {s: read_zero_bid(rules, b) for s, b in hand["bids"].items()}}
