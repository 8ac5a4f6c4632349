"""The named faults: what each one gets wrong, and the override that makes the engine do it."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from conformance.faults import play_faults, scoring_faults


@dataclass(frozen=True, slots=True)
class Fault:
    """One mistake an engine could make, as a context that makes the reference engine make it."""

    name: str
    """A stable kebab-case name, e.g. `penalty-at-eleven-bags`."""
    mistake: str
    """What the broken engine does, as a player would describe it."""
    patch: Callable[[], AbstractContextManager[None]]
    """Enter to break the engine; leave to mend it."""


def _fault(name: str, mistake: str, patch: Callable[[], AbstractContextManager[None]]) -> Fault:
    return Fault(name, mistake, patch)


_ALL = (
    # --- scoring the hand ---
    _fault(
        "set-penalty-per-trick-short",
        "a set side loses only for the tricks it fell short, where the variant charges every"
        " trick bid",
        scoring_faults.set_penalty_per_trick_short,
    ),
    _fault(
        "set-penalty-per-trick-bid",
        "a set side loses for every trick bid, where the variant charges only the tricks short",
        scoring_faults.set_penalty_per_trick_bid,
    ),
    _fault(
        "nil-tricks-counted-wrong-way",
        "a nil bidder's tricks help the contract where they should be bags only (or ignored),"
        " and are only bags where they should help it",
        scoring_faults.nil_tricks_counted_wrong_way,
    ),
    _fault(
        "overtricks-not-scored",
        "overtricks earn no points",
        scoring_faults.overtricks_not_scored,
    ),
    _fault(
        "bags-not-carried",
        "bags start from zero every hand instead of carrying from hand to hand",
        scoring_faults.bags_not_carried,
    ),
    _fault(
        "excess-bags-reset",
        "the bags past the threshold are wiped when the penalty is paid, not carried on",
        scoring_faults.excess_bags_reset,
    ),
    _fault(
        "penalty-at-eleven-bags",
        "the bag penalty comes at one bag past the threshold (eleven for ten)",
        scoring_faults.penalty_one_bag_late,
    ),
    _fault(
        "bag-penalty-paid-once",
        "a hand that takes the bags past the threshold twice over pays the penalty only once",
        scoring_faults.bag_penalty_paid_once,
    ),
    _fault(
        "failed-nil-costs-the-bonus",
        "a failed nil costs what a made nil earns, where the variant sets its own penalty"
        " (ten points, say, for a hundred-point nil)",
        scoring_faults.failed_nil_costs_the_bonus,
    ),
    _fault(
        "double-nil-scored-as-one",
        "when both partners bid nil they are scored as one nil for the side (one bonus, lost"
        " if either takes a trick) instead of each on their own",
        scoring_faults.double_nil_scored_as_one,
    ),
    # --- the end of the game ---
    _fault(
        "target-reach-exceed-swapped",
        "the game ends on reaching the target where it must be passed, and the other way round",
        scoring_faults.target_rule_swapped,
    ),
    _fault(
        "ties-settled-wrong-way",
        "equal totals at the end are a draw where another hand is due, and the other way round",
        scoring_faults.ties_settled_wrong_way,
    ),
    _fault(
        "losing-floor-ignored",
        "a side at or below the losing floor plays on",
        scoring_faults.losing_floor_ignored,
    ),
    # --- bidding and play ---
    _fault(
        "spades-broken-from-the-start",
        "spades may be led before they are broken",
        play_faults.spades_broken_from_the_start,
    ),
    _fault(
        "spades-broken-by-a-spade-lead",
        "a spade led from a hand of only spades breaks spades, where only a spade played on"
        " another suit should",
        play_faults.spades_broken_by_a_spade_lead,
    ),
    _fault(
        "first-lead-rule-not-enforced",
        "the first lead of a hand may be any card, whatever the variant demands",
        play_faults.first_lead_rule_not_enforced,
    ),
    _fault(
        "wrong-seat-leads-first",
        "the first trick is led by the wrong seat (the dealer for the player on the left, and"
        " the player on the left otherwise)",
        play_faults.wrong_seat_leads_first,
    ),
    _fault(
        "wrong-seat-bids-first",
        "the dealer bids first where the player on the left should, and the other way round",
        play_faults.wrong_seat_bids_first,
    ),
    _fault(
        "dealer-does-not-rotate",
        "the same player deals every hand",
        play_faults.dealer_does_not_rotate,
    ),
    _fault(
        "follow-suit-not-enforced",
        "a player holding the suit led may play any card",
        play_faults.follow_suit_not_enforced,
    ),
    _fault(
        "spades-do-not-trump",
        "a spade on another suit's trick does not win it; the highest card of the suit led does",
        play_faults.spades_do_not_trump,
    ),
    _fault(
        "winner-does-not-lead",
        "the player who led a trick leads the next one too, whoever won it",
        play_faults.winner_does_not_lead,
    ),
)

FAULTS: dict[str, Fault] = {fault.name: fault for fault in _ALL}
"""Every fault by name, in the order a report lists them."""
