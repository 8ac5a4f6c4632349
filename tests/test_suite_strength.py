"""Suite strength: every deliberately broken engine is caught, and by the cases written for it.

Each fault in `conformance.faults` overrides one rule of the reference engine. For each, the
test names the cases that must catch it: when one of those cases is deleted or weakened, the
fault's test says which. Other cases may catch a fault as well (whole recorded games catch
almost anything); those are not listed, so the suite can grow without touching this file.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.cases import Case, load_suite
from conformance.faults import FAULTS, catching_cases
from conformance.reference_adapter import ReferenceEngine
from conformance.runner import run_cases
from reference_engine.rules_of_play import leads, turns
from reference_engine.scoring import bags, contract, game_end, nil

# fault -> the cases that must catch it (at least these; others may too).
CAUGHT_BY: dict[str, list[str]] = {
    "set-penalty-per-trick-short": [
        "standard.scoring.made-and-set",
        "standard.hand.made-set-nil-bags.1",
        "ellington.scoring.made-and-set",
    ],
    "set-penalty-per-trick-bid": [
        "illustrated-table.scoring.made-and-set",
        "illustrated-table.scoring.set-per-trick-short.bid5-took4",
    ],
    "nil-tricks-counted-wrong-way": [
        "standard.scoring.nil-made-and-nil-failed",
        "standard.scoring.failed-nil-beside-partner-one-short",
        "strategy-guide.scoring.failed-nil-beside-partner-one-short",
    ],
    "overtricks-not-scored": [
        "standard.scoring.made-and-set",
        "standard.hand.made-set-nil-bags.1",
        "illustrated-table.scoring.made-overtrick.bid5-took6",
    ],
    "bags-not-carried": [
        "standard.scoring.bags-exactly-ten-and-past-ten",
        "standard.hand.made-set-nil-bags.1",
        "standard.scoring.bag-penalty-twice-in-one-hand",
    ],
    "excess-bags-reset": [
        "standard.scoring.bags-exactly-ten-and-past-ten",
        "standard.scoring.bag-penalty-twice-in-one-hand",
    ],
    "penalty-at-eleven-bags": [
        "standard.scoring.bags-exactly-ten-and-past-ten",
        "standard.hand.made-set-nil-bags.1",
        "illustrated-table.scoring.ten-bags.bid2-took12",
    ],
    "bag-penalty-paid-once": ["standard.scoring.bag-penalty-twice-in-one-hand"],
    "failed-nil-costs-the-bonus": [
        "ellington.scoring.nil-made-and-nil-failed",
        "ellington.scoring.failed-nil-beside-partner-one-short",
    ],
    "double-nil-scored-as-one": [
        "standard.scoring.double-nil",
        "strategy-guide.scoring.double-nil",
    ],
    "target-reach-exceed-swapped": [
        "standard.game-end.target-exact",
        "ellington.game-end.target-exact",
    ],
    "ties-settled-wrong-way": [
        "standard.game-end.equal-totals",
        "illustrated-table.game-end.equal-totals",
    ],
    "losing-floor-ignored": [
        "porchlight.game-end.losing-floor-exact",
        "strategy-guide.game-end.losing-floor-exact",
    ],
    "spades-broken-from-the-start": [
        "standard.play.first-lead.any-but-unbroken-spades",
        "standard.play.first-lead.any-but-spades.1",
    ],
    "spades-broken-by-a-spade-lead": [
        "illustrated-table.play.spade-led-from-all-spade-hand-does-not-break-spades",
        "strategy-guide.play.spade-led-from-all-spade-hand-does-not-break-spades",
    ],
    "first-lead-rule-not-enforced": [
        "illustrated-table.play.first-lead.lowest-club-held",
        "illustrated-table.play.first-lead.no-club-heart-or-diamond",
        "strategy-guide.play.first-lead.two-of-clubs-holder-leads-it",
    ],
    "wrong-seat-leads-first": [
        "standard.play.first-lead.any-but-unbroken-spades",
        "standard.play.must-follow-suit",
    ],
    "wrong-seat-bids-first": [
        "standard.bidding.first-bidder-and-legal-bids",
        "ellington.bidding.first-bidder-and-legal-bids",
    ],
    "dealer-does-not-rotate": ["standard.deal.dealer-rotation.next-hand"],
    "follow-suit-not-enforced": [
        "standard.play.must-follow-suit",
        "standard.play.must-follow-suit.1",
    ],
    "spades-do-not-trump": ["standard.play.spade-on-a-club-wins-and-breaks"],
    "winner-does-not-lead": [
        "standard.play.spade-on-a-club-wins-and-breaks",
        "standard.play.lead-spades-from-an-all-spade-hand",
    ],
}

# The twelve faults the suite was first asked to catch; the rest came cheap.
REQUIRED = {
    "set-penalty-per-trick-short",
    "nil-tricks-counted-wrong-way",
    "bags-not-carried",
    "penalty-at-eleven-bags",
    "spades-broken-from-the-start",
    "first-lead-rule-not-enforced",
    "ties-settled-wrong-way",
    "target-reach-exceed-swapped",
    "losing-floor-ignored",
    "wrong-seat-leads-first",
    "overtricks-not-scored",
    "double-nil-scored-as-one",
}


@pytest.fixture(scope="module")
def suite() -> list[Case]:
    return list(load_suite())


@pytest.fixture(scope="module")
def already_bad(suite: list[Case]) -> set[str]:
    """Cases the unbroken engine gets wrong: these prove nothing about a fault."""
    report = run_cases(ReferenceEngine(), suite)
    return {r.case.id for r in report.results if r.bad}


def test_every_fault_has_its_catching_cases_named() -> None:
    assert set(CAUGHT_BY) == set(FAULTS)
    assert REQUIRED <= set(FAULTS)
    assert len(FAULTS) >= 12


@pytest.mark.parametrize("name", list(FAULTS))
def test_the_fault_is_caught_by_its_cases(
    name: str, suite: list[Case], already_bad: set[str]
) -> None:
    caught = set(catching_cases(FAULTS[name], suite)) - already_bad
    assert caught, f"no case catches {name}: {FAULTS[name].mistake}"
    known = {case.id for case in suite}
    deleted = [case_id for case_id in CAUGHT_BY[name] if case_id not in known]
    assert not deleted, f"cases that caught {name} are gone from the suite: {deleted}"
    missed = [case_id for case_id in CAUGHT_BY[name] if case_id not in caught]
    assert not missed, f"these cases no longer catch {name}: {missed}"


def test_a_fault_is_undone_when_its_request_ends(suite: list[Case], already_bad: set[str]) -> None:
    tables: list[dict[Any, Any]] = [
        contract.SET_PENALTY,
        nil.NIL_TRICKS,
        bags.BAG_CARRY,
        bags.BAGS_COUNT,
        game_end.TARGET_RULE,
        game_end.TIE_RULE,
        leads.SPADES_LEAD,
        leads.SPADES_BROKEN_BY,
        leads.FIRST_LEAD,
        turns.FIRST_LEADER,
        turns.FIRST_BIDDER,
        turns.DEALER_ROTATION,
    ]
    before = [dict(table) for table in tables]
    for fault in FAULTS.values():
        with fault.patch():
            pass
    assert [dict(table) for table in tables] == before
    report = run_cases(ReferenceEngine(), suite)
    assert {r.case.id for r in report.results if r.bad} == already_bad
