"""Bag clauses: the threshold exactly, one short, excess carried or reset, two penalties at once,
and bags in a set hand. Figures worked by hand."""

from dataclasses import replace

from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.scoring import SideTotals
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import BagCarry


def rules(variant_id: str):
    return load_variant(variant_id).rules


def with_scoring(variant_id: str, **changes):
    r = rules(variant_id)
    return replace(r, scoring=replace(r.scoring, **changes))


# North-South bid 3 + 3 = 6 and take 9: three bags. East-West bid 2 + 2 and take 4.
SIX_TAKE_NINE = {
    "bids": {"N": 3, "E": 2, "S": 3, "W": 2},
    "tricks": {"N": 5, "E": 2, "S": 4, "W": 2},
}


def prior(ns_bags: int, ns_score: int = 0):
    return {"NS": SideTotals(ns_score, ns_bags), "EW": SideTotals(0, 0)}


def test_standard_exactly_ten_bags_cost_100_and_leave_none():
    """7 bags + 3 = 10: 60 + 3 - 100 = -37, count back to 0."""
    ns = score_hand(rules("standard"), **SIX_TAKE_NINE, prior=prior(7)).sides["NS"]
    assert (ns.bags_added, ns.bag_penalties, ns.bag_penalty) == (3, 1, 100)
    assert (ns.hand_points, ns.bags_after) == (-37, 0)


def test_standard_nine_bags_cost_nothing():
    """6 bags + 3 = 9: no penalty yet, 63."""
    ns = score_hand(rules("standard"), **SIX_TAKE_NINE, prior=prior(6)).sides["NS"]
    assert (ns.bag_penalty, ns.hand_points, ns.bags_after) == (0, 63, 9)


# North-South bid 3 + 2 = 5 and take 9: four bags.
FIVE_TAKE_NINE = {
    "bids": {"N": 3, "E": 2, "S": 2, "W": 2},
    "tricks": {"N": 5, "E": 2, "S": 4, "W": 2},
}


def test_standard_bags_past_ten_carry_the_excess():
    """8 bags + 4 = 12: 50 + 4 - 100 = -46, and 2 bags carry on."""
    ns = score_hand(rules("standard"), **FIVE_TAKE_NINE, prior=prior(8, 200)).sides["NS"]
    assert (ns.bag_penalty, ns.hand_points, ns.bags_after, ns.score_after) == (100, -46, 2, 154)


def test_bags_past_ten_reset_to_zero_when_the_variant_resets():
    r = with_scoring("standard", bag_carry=BagCarry.RESET)
    ns = score_hand(r, **FIVE_TAKE_NINE, prior=prior(8)).sides["NS"]
    assert (ns.bag_penalty, ns.hand_points, ns.bags_after) == (100, -46, 0)


# North bids 1 and takes all 13; South bids nil and takes none. East-West bid 1 + 1, take 0.
ONE_TAKES_ALL = {
    "bids": {"N": 1, "E": 1, "S": "nil", "W": 1},
    "tricks": {"N": 13, "E": 0, "S": 0, "W": 0},
}


def test_standard_two_bag_penalties_in_one_hand():
    """9 bags + 12 overtricks = 21: two penalties, 1 bag left.
    10 + 12 + 100 (South's nil) - 200 = -78."""
    hand = score_hand(rules("standard"), **ONE_TAKES_ALL, prior=prior(9))
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.overtricks, ns.bags_added) == (12, 12)
    assert (ns.bag_penalties, ns.bag_penalty, ns.bags_after, ns.hand_points) == (2, 200, 1, -78)
    assert (ew.made, ew.hand_points) == (False, -20)


def test_two_penalties_cannot_happen_when_the_count_resets():
    """21 bags with a reset count: one penalty, then nothing left: 10 + 12 + 100 - 100 = 22."""
    r = with_scoring("standard", bag_carry=BagCarry.RESET)
    ns = score_hand(r, **ONE_TAKES_ALL, prior=prior(9)).sides["NS"]
    assert (ns.bag_penalties, ns.bags_after, ns.hand_points) == (1, 0, 22)


def test_porchlight_double_nil_taking_all_13_with_9_bags_pays_twice():
    """Double nil, South takes all 13: every trick is a bag, 9 + 13 = 22, two penalties,
    2 carried. 13 - 100 (South's nil) + 100 (North's) - 200 = -187."""
    hand = score_hand(
        rules("porchlight"),
        bids={"N": "nil", "E": 1, "S": "nil", "W": 1},
        tricks={"N": 0, "E": 0, "S": 13, "W": 0},
        prior=prior(9),
    )
    ns = hand.sides["NS"]
    assert (ns.bags_added, ns.bag_penalties, ns.bags_after, ns.hand_points) == (13, 2, 2, -187)


def test_porchlight_no_bags_when_set():
    """Bags count only in a made hand: set, the count stays where it was."""
    hand = score_hand(
        rules("porchlight"),
        bids={"N": 5, "E": 1, "S": 4, "W": 1},
        tricks={"N": 4, "E": 3, "S": 4, "W": 2},
        prior={"NS": SideTotals(0, 9), "EW": SideTotals(0, 9)},
    )
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.made, ns.bags_added, ns.bags_after, ns.hand_points) == (False, 0, 9, -90)
    # East-West: 5 on a bid of 2 -> 3 bags; 9 + 3 = 12 -> -100, 2 left: 20 + 3 - 100.
    assert (ew.bags_after, ew.hand_points) == (2, -77)


def test_strategy_guide_failed_nil_bag_in_a_set_hand_can_trigger_the_penalty():
    """Bags count always there, and a nil bidder's tricks are bags: 9 + 1 = 10.
    North bid 4, took 3 (set, -40); South's nil took 1 (-100); penalty -100: -240."""
    ns = score_hand(
        rules("strategy-guide"),
        bids={"N": 4, "E": 3, "S": "nil", "W": 3},
        tricks={"N": 3, "E": 5, "S": 1, "W": 4},
        prior=prior(9),
    ).sides["NS"]
    assert (ns.made, ns.bags_added, ns.bag_penalties, ns.bags_after) == (False, 1, 1, 0)
    assert ns.hand_points == -240
