"""What a case can check of an engine, observable by observable.

A case asks several observables; an engine declares the features it answers. Each asked
observable is checked on its own when the engine declares a feature that can show it:

  legal, trick_winners, hands, totals, bags, status   by the feature of the same name;
  illegal    by `illegal` (refused, with the reason code), or else by `refusal` (refused or
             not, whatever the engine's words): an engine that refuses with free text still
             has every probe checked;
  to_act     by `to_act`, or else, when the case stops between hands (a deal is due or the game
             is over), by `next_deal`: engines that know only the table between hands.

The request asks only what is checked, and the answer is graded only on that. A case none of
whose observables the engine declares is not applicable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.conformance.contract.protocol.messages import (
    NIL_AS_ZERO,
    SCORE,
    SCORE_FIGURE_FEATURES,
)
from spadespec.conformance.contract.protocol.nil_as_zero import zero_bid_probe
from spadespec.conformance.contract.suite.cases import Case

# Phases of `to_act` that fall between hands, which `next_deal` can show.
BETWEEN_HANDS = ("deal", "over")

# Features that show how a hand was scored and whether the game ended; and those that show
# the bidding and the play.
SCORING_FEATURES = frozenset({"hands", "totals", "bags", "status", SCORE, *SCORE_FIGURE_FEATURES})
PLAY_FEATURES = frozenset({"legal", "illegal", "refusal", "to_act", "next_deal", "trick_winners"})

# A clause tag's first word -> the features that can show it. A tag counts in the clause
# table only when one of these was checked, so no clause passes unseen.
_TAG_SHOWN_BY: dict[str, frozenset[str]] = {
    "scoring": SCORING_FEATURES,
    "game_end": SCORING_FEATURES,
    "nil": SCORING_FEATURES,
    "bags": SCORING_FEATURES,
    "game": SCORING_FEATURES,
    "hand": SCORING_FEATURES | {"trick_winners"},
    "bidding": PLAY_FEATURES,
    "bid": PLAY_FEATURES,
    "play": PLAY_FEATURES,
    "turn": PLAY_FEATURES,
    "exchange": PLAY_FEATURES,
    "deal": frozenset({"to_act", "next_deal", "legal", "illegal", "refusal"}) | SCORING_FEATURES,
    "deck": PLAY_FEATURES | SCORING_FEATURES,
    "table": PLAY_FEATURES | SCORING_FEATURES,
}


def shown_by(tag: str) -> frozenset[str]:
    """The features whose check can show a clause tag (`scoring.nil_bonus=100`)."""
    head = tag.split("=", 1)[0].split(".", 1)[0]
    return _TAG_SHOWN_BY.get(head, PLAY_FEATURES | SCORING_FEATURES)


@dataclass(frozen=True, slots=True)
class Plan:
    """What one case checks of one engine: `checked` in the order a report lists them, each
    named by the feature that checks it, and `unchecked`, the observables asked that no declared
    feature can show."""

    checked: tuple[str, ...]
    unchecked: tuple[str, ...]

    @property
    def applicable(self) -> bool:
        return bool(self.checked)


def plan(case: Case, features: Any) -> Plan:
    """Which of a case's observables an engine declaring `features` is checked on."""
    return plan_for(case.expect, case.asks, features)


def plan_for(expect: dict[str, Any], asks: Any, features: Any) -> Plan:
    """Which of the observables `asks` (whose expected values are `expect`) an engine declaring
    `features` is checked on: a case's, or a fuzzed position's."""
    declared = set(features)
    checked: list[str] = []
    unchecked: list[str] = []
    for key in asks:
        feature = _feature_for(expect, key, declared)
        if feature is None:
            unchecked.append(key)
        else:
            checked.append(feature)
    return Plan(tuple(checked), tuple(unchecked))


def _feature_for(expect: dict[str, Any], key: str, declared: set[str]) -> str | None:
    if key == "illegal" and NIL_AS_ZERO in declared and zero_bid_probe(expect):
        return None  # a probe of 0 only asks whether 0 is nil, which such an engine says it is
    if key in declared:
        return key
    if key == "illegal" and "refusal" in declared:
        return "refusal"
    if key == "to_act" and "next_deal" in declared:
        if expect["to_act"].get("phase") in BETWEEN_HANDS:
            return "next_deal"
    return None


def expected(case: Case, checked: tuple[str, ...]) -> dict[str, Any]:
    """The case's expected values for what is checked, keyed as the engine answers them."""
    return expected_for(case.expect, checked)


def expected_for(expect: dict[str, Any], checked: tuple[str, ...]) -> dict[str, Any]:
    """The expected values `expect` for what is checked, keyed as the engine answers them."""
    out: dict[str, Any] = {}
    for feature in checked:
        if feature == "refusal":
            out["refusal"] = {"refused": expect["illegal"]["reason"] is not None}
        elif feature == "next_deal":
            out["next_deal"] = expect["to_act"]
        else:
            out[feature] = expect[feature]
    return out
