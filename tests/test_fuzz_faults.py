"""Fuzzing each deliberately broken engine finds its fault and writes a minimal case that the
broken engine fails and the reference engine passes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest
from _sweeps import sweep

from spadespec.cli.engines import open_engine
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.findings import shrink_and_write
from spadespec.conformance.analysis.fuzz.pool import run_fuzz
from spadespec.conformance.contract.suite.cases import case_schema
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant

# The variant that can show each fault; standard unless its rule is not standard's.
SHOWN_UNDER = {
    "set-penalty-per-trick-bid": "illustrated-table",
    "failed-nil-costs-the-bonus": "ellington",
    "losing-floor-ignored": "porchlight",
    "spades-broken-by-a-spade-lead": "illustrated-table",
    "first-lead-rule-not-enforced": "strategy-guide",
    "named-first-lead-looks-one-card-up": "strategy-guide",
    # The house rules, each under a shipped house ruleset that plays it.
    "top-trumps-order-reversed": "joker-joker-deuce-deuce",
    "top-trump-after-the-ace-loses": "pagat-jokers",
    "promoted-deuce-keeps-its-suit": "joker-joker-deuce-deuce",
    "spades-any-time-ignored": "spades-any-time",
    "nil-not-allowed-ignored": "no-nil",
    "blind-nil-trailing-ignored": "pagat-blind-nil",
    "blind-nil-allowed-when-level": "pagat-blind-nil",
    "blind-nil-exchange-skipped": "blind-nil-pass-four",
    "blind-nil-exchange-order-swapped": "blind-nil-pass-four",
    "team-minimum-ignored": "team-minimum-four",
    "team-minimum-after-a-nil-ignored": "team-minimum-four",
    "team-maximum-ignored": "team-maximum-thirteen",
    "suicide-ignored": "msn-suicide",
    "mirror-ignored": "msn-mirror",
    "whiz-ignored": "msn-whiz",
    "blind-nil-scored-as-nil": "blind-nil-any-time",
    "zero-bid-scored-as-nil": "zero-bid",
    "set-nothing-ignored": "bags-off-set-nothing",
    "bags-never-ignored": "bags-off-set-nothing",
    "bag-points-not-cancelled": "minus-110",
    "bag-threshold-read-as-ten": "five-bags-fifty",
    "bonus-bid-ignored": "ten-for-two-hundred",
    "exact-total-scored-by-the-trick": "team-total-four",
    "double-nil-tricks-counted": "double-nil-counts-nothing",
    "big-bid-bonus-ignored": "big-bid-bonus",
    "moon-ignored": "moon-wins-game",
    "moon-needs-no-bid": "bid-thirteen-wins-game",
    "target-read-as-500": "score-pad",
    "nil-overtricks-read-as-count": "failed-nil-overtricks",
    "boston-points-ignored": "boston",
    "boston-wins-game-ignored": "boston-wins-game",
    "boston-on-any-made-contract": "boston-wins-game",
    "fixed-hands-ignored": "fixed-ten-hands",
    "tie-at-the-top-among-three-ignored": "cutthroat",
    "three-player-winner-among-first-two": "cutthroat",
    "lone-nil-tricks-dropped": "cutthroat",
    "three-player-order-reversed": "cutthroat",
    "three-player-four-card-tricks": "cutthroat",
    # Contracts made only by the exact bid.
    "exact-contract-read-as-at-least": "exact-four",
    # The dealer's hook.
    "dealer-hook-ignored": "dealers-hook",
}

# Fuzzed games deal only whole, valid deals, so a fault in checking a deal never shows in
# them; the cases that probe a bad deal catch it (tests/test_suite_strength.py).
NOT_FUZZED = {"removed-cards-accepted"}
# Nor do they ask about an action before it is taken: a fault only in how a probed action is
# answered (a second bid, an allowed action refused, an illegal card let through) leaves every
# legal list and every log alone; the probe cases catch it. And fuzzed players never bid every
# trick of a hand alone, so a scorer that cannot take that bid is left to its cases too.
NOT_FUZZED |= {
    "already-bid-read-as-out-of-turn",
    "refuses-everything",
    "card-checked-one-card-up",
    "bid-of-every-trick-not-scored",
}

# The clause the written case must point at, where a fault has one clear clause.
CLAUSE = {
    "follow-suit-not-enforced": "play.follow-suit",
    "spades-do-not-trump": "play.trick-winner",
    "winner-does-not-lead": "play.winner-leads",
    "wrong-seat-bids-first": "bidding.first_bidder=left-of-dealer",
    "wrong-seat-leads-first": "play.first_leader=left-of-dealer",
    "dealer-does-not-rotate": "deal.dealer_rotation=clockwise",
    "first-lead-rule-not-enforced": "play.first_lead=named-card",
    "spades-broken-by-a-spade-lead": "play.spades_broken_by=spade-on-other-suit",
    "set-penalty-per-trick-short": "scoring.set_penalty=per-trick-bid",
    "set-penalty-per-trick-bid": "scoring.set_penalty=per-trick-short",
    "ties-settled-wrong-way": "game_end.tie=play-another-hand",
    "losing-floor-ignored": "game_end.losing_floor",
    "double-nil-scored-as-one": "nil.double",
    "overtricks-not-scored": "scoring.overtrick_points",
    "top-trumps-order-reversed": "play.top-trump-wins",
    "promoted-deuce-keeps-its-suit": "play.top-trump-is-a-spade",
    "spades-any-time-ignored": "play.spades_lead=any-time",
    "nil-not-allowed-ignored": "bidding.nil=not-allowed",
    "blind-nil-trailing-ignored": "bidding.blind_nil_trailing_by",
    "blind-nil-exchange-skipped": "bidding.blind_nil_exchange",
    "blind-nil-exchange-order-swapped": "bidding.blind_nil_exchange_order=bidder-first",
    "team-minimum-ignored": "bidding.team_minimum",
    "team-maximum-ignored": "bidding.team_maximum",
    "suicide-ignored": "bidding.constraint=suicide",
    "mirror-ignored": "bidding.constraint=mirror",
    "whiz-ignored": "bidding.constraint=whiz",
    "blind-nil-scored-as-nil": "scoring.blind_nil_penalty",
    "zero-bid-scored-as-nil": "bid.zero-not-nil",
    "set-nothing-ignored": "scoring.set_penalty=nothing",
    "bags-never-ignored": "scoring.bags_count=never",
    "bag-points-not-cancelled": "scoring.bag_points_cancelled",
    "bag-threshold-read-as-ten": "scoring.bag_threshold",
    "bonus-bid-ignored": "scoring.bonus_bid_tricks",
    "exact-total-scored-by-the-trick": "scoring.exact_total_points",
    "double-nil-tricks-counted": "scoring.double_nil_tricks=ignored",
    "big-bid-bonus-ignored": "scoring.big_bid_bonus",
    "moon-ignored": "scoring.moon=wins-game",
    "nil-overtricks-read-as-count": "scoring.nil_tricks=overtricks",
    "boston-points-ignored": "scoring.boston=points",
    "boston-wins-game-ignored": "scoring.boston=wins-game",
    "fixed-hands-ignored": "game_end.hands",
    "target-read-as-500": "game_end.target",
    "tie-at-the-top-among-three-ignored": "game_end.tie=play-another-hand",
    "three-player-order-reversed": "play.three-seat-turns",
    "three-player-four-card-tricks": "play.three-seat-turns",
    "named-first-lead-looks-one-card-up": "play.first_lead=named-card",
    "team-minimum-after-a-nil-ignored": "bidding.team_minimum",
    "blind-nil-allowed-when-level": "bidding.blind_nil_trailing_by",
    "top-trump-after-the-ace-loses": "play.top-trump-wins",
    "tie-given-to-the-first-side": "game_end.tie=play-another-hand",
    "nil-tricks-scored-as-nothing": "scoring.nil_tricks=count",
}

# A fault in bidding or play shows inside a hand, so its case stops there: the deal, the bids,
# an exchange and a trick or so. A scoring fault needs the whole hand (a deal, the bids, every
# card) and no more; a fault in the passing of the deal needs one hand and the next deal.
PLAY_FAULTS = {
    "follow-suit-not-enforced", "spades-broken-from-the-start", "first-lead-rule-not-enforced",
    "wrong-seat-leads-first", "wrong-seat-bids-first", "winner-does-not-lead",
    "promoted-deuce-keeps-its-suit", "spades-any-time-ignored", "nil-not-allowed-ignored",
    "blind-nil-trailing-ignored", "blind-nil-exchange-skipped",
    "blind-nil-exchange-order-swapped", "team-minimum-ignored", "suicide-ignored",
    "team-maximum-ignored", "mirror-ignored", "whiz-ignored", "three-player-order-reversed",
    "three-player-four-card-tricks", "named-first-lead-looks-one-card-up",
    "team-minimum-after-a-nil-ignored", "blind-nil-allowed-when-level",
    "dealer-hook-ignored", "dealer-hook-where-none",
}  # fmt: skip


# A sweep (tests/_sweeps.py): CI fuzzes every fault; the test command fuzzes a fault of play, of
# scoring, of the end of a game, of a blind nil exchange, of a three-player table and of jokers.
FUZZED = sweep(
    [name for name in FAULTS if name not in NOT_FUZZED],
    [
        "follow-suit-not-enforced", "overtricks-not-scored", "losing-floor-ignored",
        "blind-nil-exchange-skipped", "three-player-order-reversed", "top-trumps-order-reversed",
    ],
)  # fmt: skip


@pytest.mark.sweep
@pytest.mark.parametrize("name", FUZZED)
def test_fuzzing_finds_the_fault_and_writes_a_case(name: str, tmp_path: Path) -> None:
    config = FuzzConfig(
        engine=f"fault:{name}", variant=SHOWN_UNDER.get(name, "standard"), options={},
        seed=1, games=300, opener=open_engine,
    )  # fmt: skip
    outcome = run_fuzz(config)
    assert outcome.divergence is not None, f"{name} not found in {outcome.games} games"
    found = shrink_and_write(config, outcome.divergence, tmp_path, "spadespec fuzz ...")
    assert found.reference_verdict == "pass"
    assert found.engine_verdict in ("fail", "error")
    data = json.loads(found.path.read_text())
    jsonschema.Draft202012Validator(case_schema()).validate(data)
    case = data["cases"][0]
    assert case["origin"] == {"kind": "derived", "clause": case["tags"][0]}
    assert found.path.parent.name == config.variant
    if name in CLAUSE:
        assert case["tags"][0] == CLAUSE[name]
    actions = case["actions"]
    table = table_of(load_variant(config.variant).rules)
    if name in PLAY_FAULTS:
        assert len(actions) <= 10, actions
    else:
        # One hand: its deal, a bid a seat, the two passes of an exchange, every card.
        assert len(actions) <= 1 + table.players + 2 + table.players * table.cards_per_hand
    assert sum(a["action"] == "deal" for a in actions) <= 2


def test_a_fault_served_over_the_protocol_is_found_the_same_way(tmp_path: Path) -> None:
    command = f"{sys.executable} -m spadespec faults run follow-suit-not-enforced"
    config = FuzzConfig(engine=command, variant="standard", options={}, seed=1, games=20)
    outcome = run_fuzz(config)
    assert outcome.divergence is not None
    found = shrink_and_write(config, outcome.divergence, tmp_path, "spadespec fuzz ...")
    assert (found.reference_verdict, found.engine_verdict) == ("pass", "fail")
    case = json.loads(found.path.read_text())["cases"][0]
    # Hand-checked shape: the position is a follow, and the engine let a card off suit through.
    assert case["tags"] == ["play.follow-suit"]
    assert case["expect"]["illegal"]["reason"] == "must-follow-suit"
    led = next(a for a in reversed(case["actions"]) if a["action"] == "play")["card"][1]
    assert all(card[1] == led for card in case["expect"]["legal"])
