"""House scoring rules, one clause at a time: bags paid back with their points, five bags for
fifty, bags never kept, a set that costs nothing, ten for two hundred, Boston, blind nil, the
zero bid, and three or four players each alone.

Every figure below was worked on paper from the rule as the variant states it; none was taken
from the engine's output. The engine keeps bags as a count beside the score (the sources that
fold them into the last digit of the score reach the same totals).
"""

from dataclasses import replace
from functools import cache

import pytest

from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.scoring import NilResult, ScoringInputError, SideTotals
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import (
    BagsCount,
    BlindNil,
    BostonRule,
    NilTricks,
    Rules,
    SetPenalty,
    Sides,
)


@cache
def standard() -> Rules:
    return load_variant("standard").rules


def house(**sections: dict) -> Rules:
    """Standard rules with some rules changed, section by section:
    `house(scoring={"bag_penalty": 50})`."""
    rules = standard()
    return replace(
        rules,
        **{name: replace(getattr(rules, name), **changes) for name, changes in sections.items()},
    )


def prior(ns: tuple[int, int] = (0, 0), ew: tuple[int, int] = (0, 0)) -> dict[str, SideTotals]:
    return {"NS": SideTotals(*ns), "EW": SideTotals(*ew)}


# --- bags: the tenth bag, and the points it takes back -------------------------------------

# North-South bid 3 + 2 = 5 and take 5 + 3 = 8: three overtricks. East-West bid 4 + 3, take 5.
BID_5_TAKE_8 = {
    "bids": {"N": 3, "E": 4, "S": 2, "W": 3},
    "tricks": {"N": 5, "E": 3, "S": 3, "W": 2},
}


def test_tenth_bag_costs_100_from_337_with_7_bags():
    """337 with 7 bags, bid 5 take 8: +50 +3 = 53 -> 390; the bags reach 10, which costs 100:
    290, and the count starts again at 0."""
    ns = score_hand(standard(), **BID_5_TAKE_8, prior=prior(ns=(337, 7))).sides["NS"]
    assert (ns.contract_points, ns.overtrick_points, ns.bags_added) == (50, 3, 3)
    assert (ns.bag_penalties, ns.bag_penalty, ns.bags_after) == (1, 100, 0)
    assert (ns.hand_points, ns.score_after) == (-47, 290)


def test_bag_points_cancelled_the_tenth_bag_costs_110():
    """The same hand where the penalty also takes back the ten points the bags scored:
    100 + 10 = 110, so 390 - 110 = 280."""
    rules = house(scoring={"bag_points_cancelled": True})
    ns = score_hand(rules, **BID_5_TAKE_8, prior=prior(ns=(337, 7))).sides["NS"]
    assert (ns.bag_penalties, ns.bag_penalty, ns.bags_after) == (1, 110, 0)
    assert (ns.hand_points, ns.score_after) == (-57, 280)
    assert ns.hand_points == ns.contract_points + ns.overtrick_points - ns.bag_penalty


def test_bag_points_cancelled_take_back_the_overtrick_value_times_the_threshold():
    """Five bags at 2 points each, penalty 50: each penalty costs 50 + 5 * 2 = 60."""
    rules = house(scoring={"bag_points_cancelled": True, "bag_threshold": 5,
                           "bag_penalty": 50, "overtrick_points": 2})  # fmt: skip
    ns = score_hand(rules, **BID_5_TAKE_8, prior=prior(ns=(100, 2))).sides["NS"]
    # 2 + 3 = 5 bags: one penalty, 50 + 3*2 - 60 = -4.
    assert (ns.overtrick_points, ns.bag_penalty, ns.bags_after) == (6, 60, 0)
    assert ns.score_after == 96


def test_five_bags_for_fifty_with_the_excess_carried():
    """Every fifth bag costs 50. 100 with 4 bags, bid 5 take 8: +53, bags 7 -> one penalty,
    2 carried: 103."""
    rules = house(scoring={"bag_threshold": 5, "bag_penalty": 50})
    ns = score_hand(rules, **BID_5_TAKE_8, prior=prior(ns=(100, 4))).sides["NS"]
    assert (ns.bag_penalties, ns.bag_penalty, ns.bags_after) == (1, 50, 2)
    assert (ns.hand_points, ns.score_after) == (3, 103)


def test_five_bags_for_fifty_one_short_costs_nothing():
    """1 bag + 3 = 4: under five, no penalty: 100 + 53 = 153."""
    rules = house(scoring={"bag_threshold": 5, "bag_penalty": 50})
    ns = score_hand(rules, **BID_5_TAKE_8, prior=prior(ns=(100, 1))).sides["NS"]
    assert (ns.bag_penalty, ns.bags_after, ns.score_after) == (0, 4, 153)


def test_bags_never_overtricks_score_but_no_bag_is_kept():
    """Bid 5 take 8 with bags off: still +50 +3, but nothing is added to the count, so a side
    carrying 9 never reaches 10."""
    rules = house(scoring={"bags_count": BagsCount.NEVER})
    ns = score_hand(rules, **BID_5_TAKE_8, prior=prior(ns=(200, 9))).sides["NS"]
    assert (ns.overtricks, ns.overtrick_points, ns.bags_added) == (3, 3, 0)
    assert (ns.bag_penalty, ns.bags_after, ns.score_after) == (0, 9, 253)


def test_bags_never_a_failed_nils_tricks_are_no_bags_either():
    """Bags-only nil tricks would be bags; with bags off they are nothing. North nil takes 2,
    South bid 4 takes 4: 40 - 100 = -60, no bag."""
    rules = house(scoring={"bags_count": BagsCount.NEVER, "nil_tricks": NilTricks.BAGS_ONLY})
    hand = score_hand(rules, {"N": "nil", "E": 3, "S": 4, "W": 3}, {"N": 2, "E": 4, "S": 4, "W": 3})
    ns = hand.sides["NS"]
    assert (ns.tricks, ns.bags_added, ns.hand_points) == (4, 0, -60)


# --- a set that costs nothing --------------------------------------------------------------


def test_set_penalty_nothing_a_set_side_scores_zero_for_its_contract():
    """Bid 5, take 4: no points won or lost for the contract; East-West 7 on 9 tricks
    score 70 + 2 as usual."""
    rules = house(scoring={"set_penalty": SetPenalty.NOTHING})
    hand = score_hand(rules, BID_5_TAKE_8["bids"], {"N": 3, "E": 5, "S": 1, "W": 4})
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.made, ns.contract_points, ns.overtricks, ns.hand_points) == (False, 0, 0, 0)
    assert (ew.made, ew.contract_points, ew.hand_points) == (True, 70, 72)


def test_set_penalty_nothing_a_failed_nil_still_costs_its_penalty():
    """North nil takes 1, South bid 5 takes 3: set for nothing, nil -100: -100 in all."""
    rules = house(scoring={"set_penalty": SetPenalty.NOTHING})
    hand = score_hand(rules, {"N": "nil", "E": 4, "S": 5, "W": 3}, {"N": 1, "E": 5, "S": 3, "W": 4})
    ns = hand.sides["NS"]
    assert (ns.tricks, ns.made, ns.contract_points, ns.hand_points) == (4, False, 0, -100)


# --- ten for two hundred -------------------------------------------------------------------

TEN_FOR_200 = {"bonus_bid_tricks": 10, "bonus_bid_made": 200, "bonus_bid_set": 100}
BID_10 = {"N": 6, "E": 1, "S": 4, "W": 1}


def test_ten_for_200_made_with_an_overtrick():
    """Bid 10, take 11: 200 for the bonus bid, +1 for the overtrick, one bag: 201."""
    rules = house(scoring=TEN_FOR_200)
    ns = score_hand(rules, BID_10, {"N": 6, "E": 1, "S": 5, "W": 1}).sides["NS"]
    assert (ns.contract, ns.made, ns.contract_points) == (10, True, 200)
    assert (ns.overtricks, ns.overtrick_points, ns.bags_added) == (1, 1, 1)
    assert (ns.hand_points, ns.contract_kind) == (201, "bonus-bid")


def test_ten_for_200_set_loses_100():
    """Bid 10, take 9: -100, not the 10 a trick the ordinary set would cost."""
    rules = house(scoring=TEN_FOR_200)
    ns = score_hand(rules, BID_10, {"N": 5, "E": 2, "S": 4, "W": 2}).sides["NS"]
    assert (ns.made, ns.contract_points, ns.overtricks, ns.hand_points) == (False, -100, 0, -100)


def test_ten_for_200_set_loses_100_under_per_trick_short_too():
    rules = house(scoring={**TEN_FOR_200, "set_penalty": SetPenalty.PER_TRICK_SHORT})
    ns = score_hand(rules, BID_10, {"N": 5, "E": 2, "S": 4, "W": 2}).sides["NS"]
    assert ns.contract_points == -100


@pytest.mark.parametrize(
    "bids, tricks, points",
    [
        # Bid 9 take 9: the ordinary 90. Bid 11 take 11: the ordinary 110.
        ({"N": 5, "E": 2, "S": 4, "W": 2}, {"N": 5, "E": 2, "S": 4, "W": 2}, 90),
        ({"N": 6, "E": 1, "S": 5, "W": 1}, {"N": 6, "E": 1, "S": 5, "W": 1}, 110),
    ],
)
def test_ten_for_200_only_a_contract_of_exactly_ten(bids, tricks, points):
    rules = house(scoring=TEN_FOR_200)
    ns = score_hand(rules, bids, tricks).sides["NS"]
    assert (ns.contract_points, ns.contract_kind) == (points, "tricks")


def test_ten_for_200_is_the_sides_contract_not_one_players_bid():
    """North 5 + South 5 = 10 is the bonus bid, however the partners split it; East-West's
    2 + 1 = 3, made exactly, is the ordinary 30."""
    rules = house(scoring=TEN_FOR_200)
    hand = score_hand(rules, {"N": 5, "E": 2, "S": 5, "W": 1}, {"N": 5, "E": 1, "S": 5, "W": 2})
    assert hand.sides["NS"].contract_points == 200
    assert hand.sides["EW"].contract_points == 30


# --- an exact team total, won or lost whole -------------------------------------------------

EXACT_FOUR = {"team_minimum": 4, "team_maximum": 4}
FOUR_FOR_40 = {"exact_total_points": 40, "set_penalty": SetPenalty.PER_TRICK_SHORT}
# North-South bid 1 + 3 = 4, East-West nil + 4 = 4.
FOURS = {"N": 1, "E": "nil", "S": 3, "W": 4}


def test_exact_total_made_scores_the_figure_and_overtricks_as_usual():
    """North-South take 2 + 4 = 6 of their 4: +40, then 2 overtricks at 1 each: 42, 2 bags."""
    rules = house(bidding=EXACT_FOUR, scoring=FOUR_FOR_40)
    ns = score_hand(rules, FOURS, {"N": 2, "E": 0, "S": 4, "W": 7}).sides["NS"]
    assert (ns.contract, ns.made, ns.contract_points, ns.contract_kind) == (
        4, True, 40, "exact-total",
    )  # fmt: skip
    assert (ns.overtricks, ns.bags_added, ns.hand_points) == (2, 2, 42)


def test_exact_total_set_loses_the_whole_figure_however_close():
    """North-South take 3 of their 4: -40, where the parent's set would cost 10 for one short.
    East-West's nil is made (+100 under standard) and West takes 10 of 4: 40 + 6 overtricks."""
    rules = house(bidding=EXACT_FOUR, scoring=FOUR_FOR_40)
    hand = score_hand(rules, FOURS, {"N": 1, "E": 0, "S": 2, "W": 10})
    assert (hand.sides["NS"].made, hand.sides["NS"].contract_points) == (False, -40)
    assert hand.sides["NS"].hand_points == -40
    assert hand.sides["EW"].hand_points == 40 + 6 + 100


def test_exact_total_scored_alike_by_the_independent_scorer():
    rules = house(bidding=EXACT_FOUR, scoring=FOUR_FOR_40)
    tricks = {"N": 1, "E": 0, "S": 2, "W": 10}
    line = hand_math.score_side(rules, "NS", FOURS, tricks, 0, 0)
    assert (line["contract_points"], line["hand_points"]) == (-40, -40)


# --- Boston: every trick bid ---------------------------------------------------------------

BOSTON_BIDS = {"N": 7, "E": 1, "S": 6, "W": 1}
ALL_13 = {"N": 7, "E": 0, "S": 6, "W": 0}
TWELVE = {"N": 7, "E": 1, "S": 5, "W": 0}


def test_boston_for_points_made_scores_the_boston_figure():
    """Bid 13, take 13, Boston worth 200: +200 (not 130); East-West, 2 bid and none taken,
    lose 20."""
    rules = house(scoring={"boston": BostonRule.POINTS, "boston_points": 200})
    hand = score_hand(rules, BOSTON_BIDS, ALL_13)
    ns = hand.sides["NS"]
    assert (ns.contract, ns.made, ns.contract_points, ns.hand_points) == (13, True, 200, 200)
    assert (ns.boston, ns.contract_kind, hand.boston) == (True, "boston", "NS")
    assert hand.sides["EW"].hand_points == -20


def test_boston_for_points_set_loses_the_boston_figure():
    """Bid 13, take 12: -200 (not -130)."""
    rules = house(scoring={"boston": BostonRule.POINTS, "boston_points": 200})
    hand = score_hand(rules, BOSTON_BIDS, TWELVE)
    ns = hand.sides["NS"]
    assert (ns.made, ns.contract_points, ns.boston, hand.boston) == (False, -200, False, None)


def test_boston_ordinary_scores_like_any_contract():
    """Standard: bid 13, take 13 is 130."""
    hand = score_hand(standard(), BOSTON_BIDS, ALL_13)
    assert (hand.sides["NS"].contract_points, hand.sides["NS"].contract_kind) == (130, "tricks")


def test_boston_wins_game_scores_ordinary_points_and_names_the_side():
    """Taking all 13 on a bid of 13 scores the usual 130; the hand names NS for game end."""
    rules = house(scoring={"boston": BostonRule.WINS_GAME})
    hand = score_hand(rules, BOSTON_BIDS, ALL_13)
    assert (hand.sides["NS"].contract_points, hand.boston) == (130, "NS")
    set_hand = score_hand(rules, BOSTON_BIDS, TWELVE)
    assert (set_hand.sides["NS"].contract_points, set_hand.boston) == (-130, None)


def test_taking_every_trick_on_a_smaller_bid_is_no_boston():
    """Bid 12, take 13: 120 + 1, one bag; no Boston."""
    rules = house(scoring={"boston": BostonRule.POINTS, "boston_points": 200})
    hand = score_hand(rules, {"N": 6, "E": 1, "S": 6, "W": 1}, ALL_13)
    ns = hand.sides["NS"]
    assert (ns.contract_points, ns.hand_points, ns.boston, hand.boston) == (120, 121, False, None)


# --- blind nil -----------------------------------------------------------------------------

BLIND = {"blind_nil_bonus": 200, "blind_nil_penalty": 200}


def blind_rules(**scoring) -> Rules:
    return house(bidding={"blind_nil": BlindNil.ALLOWED}, scoring={**BLIND, **scoring})


def test_blind_nil_made_wins_200():
    """North blind nil takes nothing: +200; South bid 4 took 4: +40. 240."""
    hand = score_hand(
        blind_rules(), {"N": "blind-nil", "E": 4, "S": 4, "W": 4}, {"N": 0, "E": 5, "S": 4, "W": 4}
    )
    ns = hand.sides["NS"]
    assert ns.nils == (NilResult("N", 0, True, 200, blind=True),)
    assert (ns.contract, ns.contract_points, ns.hand_points) == (4, 40, 240)
    assert ns.nils[0].to_json() == {
        "seat": "N", "tricks": 0, "made": True, "points": 200, "blind": True
    }  # fmt: skip
    assert hand.bids["N"] == "blind-nil"


# North blind nil takes 2, South bid 4 takes 4; East-West 4 + 4 take 4 + 3.
FAILED_BLIND = ({"N": "blind-nil", "E": 4, "S": 4, "W": 4}, {"N": 2, "E": 4, "S": 4, "W": 3})


@pytest.mark.parametrize(
    "nil_tricks, counted, overtricks, bags, hand_points",
    [
        # Tricks count: 6 on a contract of 4, 40 + 2, two bags, -200: -158.
        (NilTricks.COUNT, 6, 2, 2, -158),
        # Bags only: 4 counted, 40; the 2 are bags but score nothing: 40 - 200 = -160.
        (NilTricks.BAGS_ONLY, 4, 0, 2, -160),
        # Ignored: 40 - 200 = -160, no bag.
        (NilTricks.IGNORED, 4, 0, 0, -160),
    ],
)
def test_blind_nil_failed_loses_200_its_tricks_as_nil_tricks_says(
    nil_tricks, counted, overtricks, bags, hand_points
):
    ns = score_hand(blind_rules(nil_tricks=nil_tricks), *FAILED_BLIND).sides["NS"]
    assert ns.nils == (NilResult("N", 2, False, -200, blind=True),)
    assert (ns.tricks, ns.overtricks, ns.bags_added, ns.hand_points) == (
        counted,
        overtricks,
        bags,
        hand_points,
    )


def test_nil_and_blind_nil_in_one_side_are_scored_each_at_its_own_value():
    """North nil takes 1 (-100), South blind nil takes 0 (+200): contract 0, made, and the
    trick North took is an overtrick: +1, one bag. 101."""
    hand = score_hand(
        blind_rules(), {"N": "nil", "E": 6, "S": "blind-nil", "W": 5},
        {"N": 1, "E": 6, "S": 0, "W": 6},
    )  # fmt: skip
    ns = hand.sides["NS"]
    assert ns.nils == (
        NilResult("N", 1, False, -100, blind=False),
        NilResult("S", 0, True, 200, blind=True),
    )
    assert (ns.contract, ns.overtricks, ns.hand_points) == (0, 1, 101)


def test_blind_nil_refused_where_the_variant_does_not_allow_it():
    with pytest.raises(ScoringInputError, match="seat N bid blind nil, but this variant"):
        score_hand(standard(), *FAILED_BLIND)


def test_blind_nil_with_no_value_is_refused_naming_the_seat():
    rules = house(bidding={"blind_nil": BlindNil.ALLOWED})
    with pytest.raises(ValueError, match="seat N bid blind nil, but this variant gives"):
        score_hand(rules, *FAILED_BLIND)


# --- the zero bid --------------------------------------------------------------------------


def test_zero_bid_where_0_is_a_legal_number_is_no_nil():
    """Least bid 0: North's 0 adds nothing to the contract and carries no nil bonus. North 0
    takes 2, South 4 takes 4: 6 on 4, 40 + 2, two bags, no nil."""
    rules = house(bidding={"min_bid": 0})
    hand = score_hand(rules, {"N": 0, "E": 4, "S": 4, "W": 3}, {"N": 2, "E": 4, "S": 4, "W": 3})
    ns = hand.sides["NS"]
    assert hand.bids["N"] == 0
    assert (ns.nils, ns.contract, ns.tricks, ns.hand_points, ns.bags_added) == ((), 4, 6, 42, 2)


def test_zero_bid_taking_nothing_wins_no_bonus():
    rules = house(bidding={"min_bid": 0})
    hand = score_hand(rules, {"N": 0, "E": 4, "S": 4, "W": 3}, {"N": 0, "E": 5, "S": 4, "W": 4})
    assert hand.sides["NS"].hand_points == 40


def test_nil_written_out_is_still_nil_where_0_is_a_number():
    rules = house(bidding={"min_bid": 0})
    hand = score_hand(rules, {"N": "nil", "E": 4, "S": 4, "W": 3}, {"N": 0, "E": 5, "S": 4, "W": 4})
    assert hand.sides["NS"].nils == (NilResult("N", 0, True, 100),)


def test_zero_is_nil_where_the_least_bid_is_one():
    hand = score_hand(
        standard(), {"N": 0, "E": 4, "S": 4, "W": 3}, {"N": 0, "E": 5, "S": 4, "W": 4}
    )
    assert hand.bids["N"] == "nil"


# --- three players, each alone -------------------------------------------------------------


@cache
def cutthroat() -> Rules:
    """Three players alone with the 2 of clubs out: 51 cards, 17 tricks."""
    return house(
        deck={"removed": ("2C",)},
        table={"players": 3, "sides": Sides.INDIVIDUAL},
        bidding={"max_bid": 17},
    )


def test_three_alone_each_seat_is_a_side_and_a_hand_has_17_tricks():
    """North bid 5 took 6: 50 + 1, one bag. East bid 6 took 4: set, -60. South bid 4 took 7:
    40 + 3, three bags. 6 + 4 + 7 = 17."""
    hand = score_hand(
        cutthroat(),
        {"N": 5, "E": 6, "S": 4},
        {"N": 6, "E": 4, "S": 7},
        prior={"N": SideTotals(100, 2), "S": SideTotals(-40, 8)},
    )
    assert list(hand.sides) == ["N", "E", "S"]
    n, e, s = hand.sides["N"], hand.sides["E"], hand.sides["S"]
    assert (n.contract, n.hand_points, n.bags_after, n.score_after) == (5, 51, 3, 151)
    assert (e.made, e.hand_points, e.score_after) == (False, -60, -60)
    # South: 8 bags + 3 = 11 -> one penalty, 1 carried: 43 - 100 = -57 -> -97.
    assert (s.hand_points, s.bags_after, s.score_after) == (-57, 1, -97)
    assert set(hand.to_json()["sides"]) == {"N", "E", "S"}


def test_three_alone_a_nil_has_no_partner_to_count_for():
    """East nil takes 0: +100 and nothing else; East's contract is 0."""
    hand = score_hand(cutthroat(), {"N": 8, "E": "nil", "S": 8}, {"N": 9, "E": 0, "S": 8})
    e = hand.sides["E"]
    assert (e.contract, e.nils, e.hand_points) == (0, (NilResult("E", 0, True, 100),), 100)


def test_three_alone_boston_is_all_17_tricks():
    rules = replace(
        cutthroat(),
        scoring=replace(cutthroat().scoring, boston=BostonRule.POINTS, boston_points=250),
    )
    hand = score_hand(rules, {"N": 17, "E": 1, "S": 1}, {"N": 17, "E": 0, "S": 0})
    assert (hand.sides["N"].contract_points, hand.boston) == (250, "N")
    # 13 of 17 is an ordinary contract.
    hand = score_hand(rules, {"N": 13, "E": 1, "S": 1}, {"N": 13, "E": 2, "S": 2})
    assert (hand.sides["N"].contract_points, hand.boston) == (130, None)


@pytest.mark.parametrize(
    "bids, tricks, prior, message",
    [
        ({"N": 5, "E": 6, "S": 4, "W": 1}, {"N": 6, "E": 4, "S": 7}, None,
         "seat W is not in play at a 3-player table"),
        ({"N": 5, "E": 6, "S": 4}, {"N": 6, "E": 4, "S": 3}, None,
         "the three seats took 13 tricks; a hand has 17"),
        ({"N": 5, "E": 6}, {"N": 6, "E": 4, "S": 7}, None, "no value for seat S"),
        ({"N": 18, "E": 6, "S": 4}, {"N": 6, "E": 4, "S": 7}, None, "bid 18 is outside 0..17"),
        ({"N": 5, "E": 6, "S": 4}, {"N": 6, "E": 4, "S": 7}, {"NS": SideTotals(0, 0)},
         "unknown side 'NS'"),
    ],
)  # fmt: skip
def test_three_alone_inputs_are_checked_against_the_seats_in_play(bids, tricks, prior, message):
    with pytest.raises(ScoringInputError, match=message):
        score_hand(cutthroat(), bids, tricks, prior)


def test_four_alone_each_of_four_seats_is_a_side():
    """Four players alone, 13 tricks: West bid 3 took 3 scores 30 for West only."""
    rules = house(table={"sides": Sides.INDIVIDUAL})
    hand = score_hand(rules, {"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 3, "W": 3})
    assert list(hand.sides) == ["N", "E", "S", "W"]
    assert hand.sides["W"].hand_points == 30
    assert hand.sides["N"].hand_points == 31


# --- the second scorer on the same hands ---------------------------------------------------


@pytest.mark.parametrize(
    "rules, bids, tricks, side, before, hand_points, bags_after",
    [
        (standard, BID_5_TAKE_8["bids"], BID_5_TAKE_8["tricks"], "NS", (337, 7), -47, 0),
        (lambda: house(scoring={"bag_points_cancelled": True}),
         BID_5_TAKE_8["bids"], BID_5_TAKE_8["tricks"], "NS", (337, 7), -57, 0),
        (lambda: house(scoring=TEN_FOR_200), BID_10, {"N": 6, "E": 1, "S": 5, "W": 1},
         "NS", (0, 0), 201, 1),
        (lambda: house(scoring=TEN_FOR_200), BID_10, {"N": 5, "E": 2, "S": 4, "W": 2},
         "NS", (0, 0), -100, 0),
        (blind_rules, *FAILED_BLIND, "NS", (0, 0), -158, 2),
        (cutthroat, {"N": 5, "E": 6, "S": 4}, {"N": 6, "E": 4, "S": 7}, "S", (-40, 8), -57, 1),
    ],
)  # fmt: skip
def test_the_second_scorer_works_the_same_hands_out_the_same(
    rules, bids, tricks, side, before, hand_points, bags_after
):
    line = hand_math.score_side(rules(), side, bids, tricks, *before)
    assert (line["hand_points"], line["bags_after"]) == (hand_points, bags_after)


# --- blind numeric bids: the contract's points doubled, made or set ----------------------------


def blind_six() -> Rules:
    return load_variant("blind-six-double").rules


def test_blind_bid_multiplier_doubles_a_made_contract_not_its_overtricks():
    """North blind 6 and South 1: 7 bid, 8 taken. 7 x 10 = 70, doubled 140; the overtrick 1,
    single: 141, one bag. East-West 3 + 2 bid and taken: 50."""
    hand = {"bids": {"N": "blind-6", "E": 3, "S": 1, "W": 2},
            "tricks": {"N": 5, "E": 3, "S": 3, "W": 2}}  # fmt: skip
    sides = score_hand(blind_six(), **hand, prior=prior(ew=(100, 0))).sides
    ns = sides["NS"]
    assert (ns.contract, ns.made, ns.contract_points, ns.overtrick_points) == (7, True, 140, 1)
    assert (ns.bags_added, ns.hand_points, ns.score_after) == (1, 141, 141)
    assert (sides["EW"].contract_points, sides["EW"].score_after) == (50, 150)
    assert (
        hand_math.score_side(blind_six(), "NS", hand["bids"], hand["tricks"], 0, 0)[
            "contract_points"
        ]
        == 140
    )


def test_blind_bid_multiplier_doubles_a_set_and_the_blind_boston():
    """Blind 7 and 2: 9 bid, 8 taken: -90 doubled, -180. Blind 13 with a nil partner, all
    thirteen taken: 130 doubled, 260, and the nil's 100: 360."""
    set_ = score_hand(
        blind_six(), {"N": "blind-7", "E": 3, "S": 2, "W": 2},
        {"N": 5, "E": 3, "S": 3, "W": 2}, prior=prior(),
    ).sides["NS"]  # fmt: skip
    assert (set_.made, set_.contract_points, set_.bags_added, set_.hand_points) == (
        False, -180, 0, -180,
    )  # fmt: skip
    boston = score_hand(
        blind_six(), {"N": "blind-13", "E": 1, "S": "nil", "W": 1},
        {"N": 13, "E": 0, "S": 0, "W": 0}, prior=prior(),
    ).sides["NS"]  # fmt: skip
    assert (boston.contract, boston.contract_points, boston.hand_points) == (13, 260, 360)


def test_blind_bid_is_refused_by_the_scorer_where_the_variant_has_none():
    with pytest.raises(ScoringInputError, match="does not allow blind numeric bids"):
        score_hand(
            standard(), {"N": "blind-7", "E": 3, "S": 2, "W": 2},
            {"N": 5, "E": 3, "S": 3, "W": 2}, prior=prior(),
        )  # fmt: skip
