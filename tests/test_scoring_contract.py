"""Contract clauses: made, set per trick bid, set per trick short. Figures worked by hand."""

from dataclasses import replace

import pytest

from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import SetPenalty

# North-South bid 4 + 3 = 7; East-West bid 2 + 2 = 4.
BIDS = {"N": 4, "E": 2, "S": 3, "W": 2}


def rules(variant_id: str):
    return load_variant(variant_id).rules


def test_standard_contract_is_sum_of_partners_bids():
    hand = score_hand(rules("standard"), BIDS, {"N": 4, "E": 3, "S": 3, "W": 3})
    assert hand.sides["NS"].contract == 7
    assert hand.sides["EW"].contract == 4


def test_standard_made_exactly_scores_ten_per_trick_bid_and_no_bags():
    hand = score_hand(rules("standard"), BIDS, {"N": 4, "E": 3, "S": 3, "W": 3})
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.made, ns.contract_points, ns.overtricks, ns.hand_points) == (True, 70, 0, 70)
    # East-West: 6 tricks on 4 bid = 40 + 2.
    assert (ew.made, ew.contract_points, ew.overtricks, ew.hand_points) == (True, 40, 2, 42)
    assert ew.bags_after == 2


def test_standard_one_short_is_set():
    hand = score_hand(rules("standard"), BIDS, {"N": 3, "E": 4, "S": 3, "W": 3})
    ns = hand.sides["NS"]
    assert (ns.tricks, ns.made) == (6, False)


@pytest.mark.parametrize(
    "variant_id", ["standard", "strategy-guide", "playingcardgames", "ellington", "porchlight"]
)
def test_set_per_trick_bid_bid7_took3_loses_70(variant_id):
    """Set per trick bid: bid 7, took 3 -> -10 x 7."""
    r = rules(variant_id)
    assert r.scoring.set_penalty is SetPenalty.PER_TRICK_BID
    hand = score_hand(r, BIDS, {"N": 2, "E": 5, "S": 1, "W": 5})
    ns = hand.sides["NS"]
    assert (ns.made, ns.contract_points, ns.hand_points, ns.bags_added) == (False, -70, -70, 0)


def test_illustrated_table_set_per_trick_short_bid7_took3_loses_40():
    """Set per trick short: bid 7, took 3 -> -10 x (7 - 3)."""
    r = rules("illustrated-table")
    assert r.scoring.set_penalty is SetPenalty.PER_TRICK_SHORT
    hand = score_hand(r, BIDS, {"N": 2, "E": 5, "S": 1, "W": 5})
    ns = hand.sides["NS"]
    assert (ns.made, ns.contract_points, ns.hand_points) == (False, -40, -40)


def test_set_points_per_trick_scales_the_penalty():
    standard = rules("standard")
    r = replace(standard, scoring=replace(standard.scoring, set_points_per_trick=5))
    hand = score_hand(r, BIDS, {"N": 2, "E": 5, "S": 1, "W": 5})
    assert hand.sides["NS"].contract_points == -35


def test_standard_overtricks_earn_one_point_each_only_when_made():
    """Made 7 with 11 tricks: 70 + 4. (East-West, set, earn nothing for their tricks.)"""
    hand = score_hand(
        rules("standard"), {"N": 4, "E": 5, "S": 3, "W": 4}, {"N": 6, "E": 1, "S": 5, "W": 1}
    )
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.overtricks, ns.overtrick_points, ns.hand_points) == (4, 4, 74)
    assert (ew.made, ew.overtricks, ew.overtrick_points, ew.hand_points) == (False, 0, 0, -90)


def test_hand_points_add_to_running_total():
    from spadespec.reference_engine.scoring import SideTotals

    hand = score_hand(
        rules("standard"),
        BIDS,
        {"N": 4, "E": 3, "S": 3, "W": 3},
        prior={"NS": SideTotals(-30, 4), "EW": SideTotals(210, 9)},
    )
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.score_before, ns.score_after, ns.bags_after) == (-30, 40, 4)
    # East-West: 9 bags + 2 = 11 -> one penalty, 1 bag left: 210 + 42 - 100 = 152.
    assert (ew.score_before, ew.score_after, ew.bags_after) == (210, 152, 1)
