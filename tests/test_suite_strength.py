"""Suite strength: every deliberately broken engine is caught, and by the cases written for it.

Each fault in `spadespec.conformance.machinery.faults` breaks one rule of the reference engine. For
each, the test names the cases that must catch it: when one of those cases is deleted or weakened,
the fault's test says which. Other cases may catch a fault as well (whole recorded games catch
almost anything); those are not listed, so the suite can grow without touching this file.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from _fault_catches import already_bad as shared_already_bad
from _fault_catches import whole_suite

import spadespec.conformance.contract.engines.reference as adapter
import spadespec.reference_engine.deal as deal_module
import spadespec.reference_engine.pack as pack_module
import spadespec.reference_engine.scorer as scorer_module
import spadespec.reference_engine.table as table_module
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine, catching_cases
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.rules_of_play import bids, leads, turns
from spadespec.reference_engine.scoring import bags, contract, game_end, hand, inputs, nil
from spadespec.reference_engine.variant import shipped_variant_ids

# Worked out once per process with the house-file tests, which ask the same (_fault_catches);
# the two files share a worker (conftest.GROUPS).
VARIANTS = shipped_variant_ids()
CLAUSE_VARIANTS = (
    "standard",
    "illustrated-table",
    "strategy-guide",
    "playingcardgames",
    "ellington",
    "porchlight",
)

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
    "nil-tricks-scored-as-nothing": [
        "standard.scoring.failed-nil-beside-partner-one-short",
        "strategy-guide.scoring.failed-nil-beside-partner-one-short",
        "cutthroat.three.failed-nil-tricks-are-the-players-own-bags",
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
    "bag-penalty-paid-once": [
        "standard.scoring.bag-penalty-twice-in-one-hand",
        *[f"{v}.scoring.bag-penalty-twice-in-one-hand" for v in CLAUSE_VARIANTS[1:]],
        "minus-110.scoring.bag-penalty-twice-in-one-hand",
        "five-bags-fifty.scoring.bag-penalty-three-times-in-one-hand",
    ],
    "failed-nil-costs-the-bonus": [
        "ellington.scoring.nil-made-and-nil-failed",
        "ellington.scoring.failed-nil-beside-partner-one-short",
    ],
    "double-nil-scored-as-one": [
        "standard.scoring.double-nil",
        "strategy-guide.scoring.double-nil",
    ],
    "bid-of-every-trick-not-scored": [
        "standard.scoring.one-seat-bids-all-thirteen.made",
        "standard.scoring.one-seat-bids-all-thirteen.set",
        "cutthroat.three.one-player-bids-all-seventeen.made",
        "cutthroat.three.one-player-bids-all-seventeen.set",
    ],
    "target-reach-exceed-swapped": [
        "standard.game-end.target-exact",
        "ellington.game-end.target-exact",
        "standard.game-end.target-reached-through-bag-points",
    ],
    "ties-settled-wrong-way": [
        "standard.game-end.equal-totals",
        "illustrated-table.game-end.equal-totals",
    ],
    "losing-floor-ignored": [
        "porchlight.game-end.losing-floor-exact",
        "strategy-guide.game-end.losing-floor-exact",
    ],
    "win-test-ignores-bag-points": [
        *[f"{v}.game-end.target-reached-through-bag-points" for v in CLAUSE_VARIANTS],
        "cutthroat.three.south-reaches-the-target-alone",
    ],
    "tie-given-to-the-first-side": [
        "standard.game-end.equal-totals",
        "illustrated-table.game-end.equal-totals",
        "porchlight.game-end.equal-totals",
        "fixed-ten-hands.game-end.last-hand-equal-totals",
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
    "named-first-lead-looks-one-card-up": [
        "strategy-guide.play.first-lead.two-of-clubs-without-the-three"
    ],
    "wrong-seat-leads-first": [
        "standard.play.first-lead.any-but-unbroken-spades",
        "standard.play.must-follow-suit",
    ],
    "wrong-seat-bids-first": [
        "standard.bidding.first-bidder-and-legal-bids",
        "ellington.bidding.first-bidder-and-legal-bids",
    ],
    "already-bid-read-as-out-of-turn": [f"{v}.bidding.already-bid" for v in VARIANTS],
    "dealer-does-not-rotate": ["standard.deal.dealer-rotation.next-hand"],
    "follow-suit-not-enforced": [
        "standard.play.must-follow-suit",
        "standard.play.must-follow-suit.1",
    ],
    "card-checked-one-card-up": ["standard.play.must-follow-suit.ace-of-clubs-on-a-diamond-lead"],
    "refuses-everything": [
        f"{v}.probe.{what}-allowed" for v in VARIANTS for what in ("first-bid", "first-lead")
    ],
    "spades-do-not-trump": ["standard.play.spade-on-a-club-wins-and-breaks"],
    "winner-does-not-lead": [
        "standard.play.spade-on-a-club-wins-and-breaks",
        "standard.play.lead-spades-from-an-all-spade-hand",
    ],
    # --- house rules ---
    "top-trumps-order-reversed": [
        "pagat-jokers.jokers.big-joker-beats-little-joker-beats-ace",
        "joker-joker-deuce-deuce.deuces.two-of-diamonds-beats-the-two-of-spades",
    ],
    "top-trump-after-the-ace-loses": [
        "pagat-jokers.jokers.little-joker-after-the-ace-wins",
        "joker-joker-deuce-deuce.deuces.two-of-spades-after-the-ace-wins",
    ],
    "promoted-deuce-keeps-its-suit": [
        "joker-joker-deuce-deuce.deuces.two-of-diamonds-is-not-a-diamond",
        "joker-joker-deuce-deuce.deuces.two-of-diamonds-follows-a-spade-lead",
    ],
    "spades-any-time-ignored": ["spades-any-time.play.spade-led-before-any-is-played"],
    "nil-not-allowed-ignored": ["no-nil.bidding.nil-refused"],
    "blind-nil-trailing-ignored": [
        "pagat-blind-nil.blind-nil.refused-one-point-short-of-the-margin",
        "pagat-blind-nil.blind-nil.leading-side-may-not",
    ],
    "blind-nil-allowed-when-level": [
        "pagat-blind-nil.blind-nil.refused-when-level-at-the-start",
        "blind-nil-pass-four.blind-nil.refused-when-level-at-the-start",
    ],
    "blind-nil-exchange-skipped": [
        "pagat-blind-nil.exchange.partner-passes-first",
        "pagat-blind-nil.exchange.play-starts-with-the-cards-moved",
        "blind-nil-pass-four.exchange.play-starts-with-the-cards-moved",
    ],
    "blind-nil-exchange-order-swapped": [
        "pagat-blind-nil.exchange.partner-passes-first",
        "pagat-blind-nil.exchange.bidder-may-not-pass-first",
        "blind-nil-pass-four.exchange.bidder-passes-first",
        "blind-nil-pass-four.exchange.partner-may-not-pass-first",
    ],
    "team-minimum-ignored": ["team-minimum-four.team-minimum.second-partner-makes-up-four"],
    "team-minimum-after-a-nil-ignored": [
        "team-minimum-four.team-minimum.nil-then-partner-makes-up-four"
    ],
    "team-maximum-ignored": [
        "team-maximum-thirteen.team-maximum.second-partner-capped",
        "team-maximum-thirteen.team-maximum.only-nil-after-thirteen",
        "openspiel.team-maximum.second-partner-capped",
    ],
    "suicide-ignored": [
        "msn-suicide.suicide.second-partner-must-bid-nil",
        "msn-suicide.suicide.second-partner-may-not-bid-nil-too",
    ],
    "mirror-ignored": [
        "msn-mirror.mirror.bid-the-spades-held",
        "msn-mirror.mirror.no-spades-bids-nil",
    ],
    "whiz-ignored": ["msn-whiz.whiz.nil-or-the-spades-held", "msn-whiz.whiz.no-spades-bids-nil"],
    "blind-nil-scored-as-nil": [
        "blind-nil-any-time.blind-nil.made-and-failed",
        "pagat-blind-nil.blind-nil.made-scores-200",
        "pagat-blind-nil.blind-nil.failed-loses-200",
    ],
    "zero-bid-scored-as-nil": ["zero-bid.zero-bid.zero-is-a-number-not-a-nil"],
    "set-nothing-ignored": ["bags-off-set-nothing.scoring.set-scores-nothing"],
    "bags-never-ignored": ["bags-off-set-nothing.scoring.overtricks-score-but-are-never-bags"],
    "bag-points-not-cancelled": [
        "minus-110.scoring.ten-bags-cost-110",
        "minus-110.scoring.pagat-bag-example-at-110",
        "minus-110.scoring.bag-penalty-twice-in-one-hand",
    ],
    "bag-threshold-read-as-ten": [
        "five-bags-fifty.scoring.fifth-bag-costs-fifty",
        "five-bags-fifty.scoring.bag-penalty-three-times-in-one-hand",
    ],
    "bonus-bid-ignored": ["ten-for-two-hundred.scoring.ten-bid-and-made-scores-200"],
    "exact-total-scored-by-the-trick": ["team-total-four.scoring.exact-four-set-loses-forty"],
    "big-bid-bonus-ignored": ["big-bid-bonus.scoring.ten-bid-and-made-earns-the-bonus"],
    "moon-ignored": ["moon-wins-game.game-end.moon-wins-the-game-unscored"],
    "moon-needs-no-bid": ["bid-thirteen-wins-game.game-end.every-trick-on-a-smaller-bid-scored"],
    "target-read-as-500": ["score-pad.game-end.past-500-the-game-goes-on"],
    "nil-overtricks-read-as-count": [
        "failed-nil-overtricks.scoring.failed-nil-tricks-are-overtricks-beside-a-set"
    ],
    "double-nil-tricks-counted": [
        "double-nil-counts-nothing.scoring.double-nil-tricks-count-nothing"
    ],
    "boston-points-ignored": ["boston.scoring.boston-made", "boston.scoring.boston-set"],
    "boston-wins-game-ignored": ["boston-wins-game.game-end.boston-wins-the-game"],
    "boston-on-any-made-contract": ["boston-wins-game.game-end.ordinary-contract-made-goes-on"],
    "fixed-hands-ignored": [
        "fixed-ten-hands.game-end.last-hand-highest-total-wins",
        "fixed-ten-hands.game-end.not-the-last-hand-goes-on",
    ],
    "tie-at-the-top-among-three-ignored": ["cutthroat.three.two-level-at-the-top"],
    "three-player-winner-among-first-two": ["cutthroat.three.south-reaches-the-target-alone"],
    "lone-nil-tricks-dropped": ["cutthroat.three.failed-nil-tricks-are-the-players-own-bags"],
    "removed-cards-accepted": [
        "cutthroat.three.two-of-clubs-is-out",
        "joker-joker-deuce-deuce.deuces.removed-two-of-hearts-may-not-be-dealt",
        "pagat-jokers.jokers.removed-card-may-not-be-dealt",
    ],
    "three-player-order-reversed": [
        "cutthroat.three.bidding-goes-round-three-seats",
        "cutthroat.three.south-follows-east-not-west",
    ],
    "three-player-four-card-tricks": [
        "cutthroat.three.play-goes-round-and-a-trick-is-three-cards",
        "cutthroat.three.seventeen-tricks-each-scored-alone",
    ],
    # Contracts made only by the exact bid.
    "exact-contract-read-as-at-least": [
        "exact-four.scoring.four-made-five-set",
        "exact-four.scoring.one-over-is-set",
    ],
    # The dealer's hook.
    "dealer-hook-ignored": [
        "dealers-hook.bidding.dealer-may-not-make-thirteen",
        "dealers-hook.bidding.nil-counts-as-nothing",
    ],
    "dealer-hook-where-none": ["standard.bidding.dealer-may-bring-the-bids-to-thirteen"],
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
    return list(whole_suite())


@pytest.fixture(scope="module")
def already_bad(suite: list[Case]) -> set[str]:
    """Cases the unbroken engine gets wrong: these prove nothing about a fault."""
    return set(shared_already_bad())


# One fault for each rule a house may add, as the house-rules work asked for.
HOUSE_REQUIRED = {
    "top-trumps-order-reversed", "promoted-deuce-keeps-its-suit", "removed-cards-accepted",
    "spades-any-time-ignored", "blind-nil-trailing-ignored", "blind-nil-exchange-skipped",
    "blind-nil-exchange-order-swapped", "team-minimum-ignored", "suicide-ignored",
    "team-maximum-ignored", "mirror-ignored", "whiz-ignored", "zero-bid-scored-as-nil",
    "nil-not-allowed-ignored",
    "set-nothing-ignored", "bags-never-ignored", "bag-points-not-cancelled",
    "bag-threshold-read-as-ten", "bonus-bid-ignored", "exact-total-scored-by-the-trick",
    "double-nil-tricks-counted", "nil-overtricks-read-as-count", "big-bid-bonus-ignored",
    "moon-ignored", "moon-needs-no-bid",
    "boston-points-ignored",
    "boston-wins-game-ignored", "fixed-hands-ignored", "target-read-as-500",
    "three-player-order-reversed",
    "three-player-four-card-tricks", "tie-at-the-top-among-three-ignored",
    "lone-nil-tricks-dropped",
    "exact-contract-read-as-at-least",
    "dealer-hook-ignored",
}  # fmt: skip


# Faults that got through the suite before their cases were written, and three scoring and
# game-end mistakes it was asked to show it catches, in every ruleset where they differ.
FOUND_REQUIRED = {
    "nil-tricks-scored-as-nothing", "win-test-ignores-bag-points", "tie-given-to-the-first-side",
    "team-minimum-after-a-nil-ignored", "named-first-lead-looks-one-card-up",
    "card-checked-one-card-up", "already-bid-read-as-out-of-turn", "boston-on-any-made-contract",
    "three-player-winner-among-first-two", "blind-nil-allowed-when-level",
    "bid-of-every-trick-not-scored", "top-trump-after-the-ace-loses", "refuses-everything",
}  # fmt: skip


def test_every_fault_has_its_catching_cases_named() -> None:
    assert set(CAUGHT_BY) == set(FAULTS)
    assert REQUIRED <= set(FAULTS)
    assert HOUSE_REQUIRED <= set(FAULTS)
    assert FOUND_REQUIRED <= set(FAULTS)
    assert len(FAULTS) >= 12 + len(HOUSE_REQUIRED)


@pytest.mark.parametrize("name", list(FAULTS))
def test_the_fault_is_caught_by_its_cases(
    name: str, suite: list[Case], already_bad: set[str]
) -> None:
    known = {case.id: case for case in suite}
    deleted = [case_id for case_id in CAUGHT_BY[name] if case_id not in known]
    assert not deleted, f"cases that caught {name} are gone from the suite: {deleted}"
    # Each case is its own request, so the named cases are judged as in a run of the whole
    # suite; the other cases could only add to what catches the fault.
    named = [known[case_id] for case_id in CAUGHT_BY[name]]
    caught = set(catching_cases(FAULTS[name], named)) - already_bad
    assert caught, f"no case catches {name}: {FAULTS[name].mistake}"
    missed = [case_id for case_id in CAUGHT_BY[name] if case_id not in caught]
    assert not missed, f"these cases no longer catch {name}: {missed}"


def test_a_fault_is_undone_when_its_request_ends(suite: list[Case], already_bad: set[str]) -> None:
    # A fault is a rulebook of its own: after every fault has answered requests, the standard
    # rulebook, the module tables and functions it is made of, and the reference engine's
    # answers are what they were.
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
        bids.BID_CONSTRAINT,
        bags.BAG_POINTS_CANCELLED,
        nil.NIL_VALUE,
        contract.BOSTON,
        game_end.BOSTON_WINS,
    ]
    # The module functions and the game class a fault once swapped for the length of a request.
    swapped = [
        (adapter, "Game"), (pack_module, "pack_of_deck"), (table_module, "make_table"),
        (deal_module, "check_deal"), (inputs, "zero_is_nil"), (contract, "bonus_bid_points"),
        (hand, "score_side"), (inputs, "normalise_bid"), (scorer_module, "score_hand"),
        (scorer_module, "game_outcome"), (bids, "team_minimum_check"),
        (bids, "blind_nil_check"),
    ]  # fmt: skip
    entries = [entry.name for entry in dataclasses.fields(Rulebook)]
    before = [dict(table) for table in tables]
    functions = [getattr(module, name) for module, name in swapped]
    standard = [getattr(STANDARD_RULEBOOK, entry) for entry in entries]
    some = [case for case in suite if case.variant == "standard"][:3]
    for fault in FAULTS.values():
        run_cases(FaultyEngine(fault), some)
    assert [dict(table) for table in tables] == before
    assert [getattr(module, name) for module, name in swapped] == functions
    assert [getattr(STANDARD_RULEBOOK, entry) for entry in entries] == standard
    report = run_cases(ReferenceEngine(), suite)
    assert {r.case.id for r in report.results if r.bad} == already_bad
