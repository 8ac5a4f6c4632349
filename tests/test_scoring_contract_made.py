"""Making the contract (`scoring.contract_made`): at least the tricks bid, or exactly them.

Every figure was worked on paper from the rule as written; none was taken from the engine.
"""

from dataclasses import replace
from functools import cache

from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import ContractMade, Rules, SetPenalty

# North-South bid 3 + 2 = 5; East-West 4 + 3 = 7.
BIDS = {"N": 3, "E": 4, "S": 2, "W": 3}


@cache
def standard() -> Rules:
    return load_variant("standard").rules


def scoring(**changes: object) -> Rules:
    rules = standard()
    return replace(rules, scoring=replace(rules.scoring, **changes))


EXACTLY = scoring(contract_made=ContractMade.EXACTLY)


def test_standard_contract_is_made_with_at_least_the_bid():
    """North-South take 4 + 3 = 7 of their 5: 50 + 2 overtricks = 52, 2 bags."""
    ns = score_hand(standard(), BIDS, {"N": 4, "E": 3, "S": 3, "W": 3}).sides["NS"]
    assert (ns.made, ns.contract_points, ns.overtricks, ns.bags_added) == (True, 50, 2, 2)
    assert ns.hand_points == 52


def test_exact_contract_made_with_exactly_the_bid():
    """North-South take 3 + 2 = 5 of their 5: 50, no overtrick."""
    ns = score_hand(EXACTLY, BIDS, {"N": 3, "E": 4, "S": 2, "W": 4}).sides["NS"]
    assert (ns.made, ns.contract_points, ns.overtricks, ns.hand_points) == (True, 50, 0, 50)


def test_exact_contract_one_trick_over_is_set_per_trick_bid():
    """North-South take 4 + 2 = 6 of their 5: set under standard's set penalty, -10 for each of
    the 5 tricks bid: -50, no overtrick and no bag."""
    ns = score_hand(EXACTLY, BIDS, {"N": 4, "E": 4, "S": 2, "W": 3}).sides["NS"]
    assert (ns.made, ns.contract_points, ns.overtricks, ns.bags_added) == (False, -50, 0, 0)


def test_exact_contract_over_costs_each_trick_over_where_set_is_per_trick_short():
    """North-South take 5 + 3 = 8 of their 5: three tricks off the bid, -10 each: -30."""
    rules = replace(
        EXACTLY, scoring=replace(EXACTLY.scoring, set_penalty=SetPenalty.PER_TRICK_SHORT)
    )
    ns = score_hand(rules, BIDS, {"N": 5, "E": 2, "S": 3, "W": 3}).sides["NS"]
    assert (ns.made, ns.contract_points) == (False, -30)


def test_exact_contract_short_is_set_as_usual():
    """East-West take 3 + 3 = 6 of their 7: set, -70 (standard's penalty per trick bid)."""
    ew = score_hand(EXACTLY, BIDS, {"N": 4, "E": 3, "S": 3, "W": 3}).sides["EW"]
    assert (ew.made, ew.contract_points) == (False, -70)


def test_hand_math_reads_the_exact_contract_the_same_way():
    """The independent scorer: 6 of 5 is set, -50, no bag; 5 of 5 is 50."""
    tricks = {"N": 4, "E": 4, "S": 2, "W": 3}
    ns = hand_math.score_side(EXACTLY, "NS", BIDS, tricks, 0, 0)
    assert (ns["made"], ns["contract_points"], ns["bags_added"]) == (False, -50, 0)
    ew = hand_math.score_side(EXACTLY, "EW", BIDS, tricks, 0, 0)
    assert (ew["made"], ew["contract_points"], ew["hand_points"]) == (True, 70, 70)
