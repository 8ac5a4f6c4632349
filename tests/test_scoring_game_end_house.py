"""Game-end house rules: a game of a fixed number of hands, three sides racing to the target or
sinking to the floor, and a Boston that wins the game outright. Totals chosen at and beside
each boundary."""

from dataclasses import replace
from functools import cache

import pytest

from spadespec.reference_engine.scorer import game_outcome, score_hand
from spadespec.reference_engine.scoring import SideTotals
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import BostonRule, MoonRule, Rules, Sides, TieRule


@cache
def standard() -> Rules:
    return load_variant("standard").rules


def house(**sections: dict) -> Rules:
    rules = standard()
    changed = {name: replace(getattr(rules, name), **kw) for name, kw in sections.items()}
    return replace(rules, **changed)


def ten_hands(tie: TieRule = TieRule.TIE) -> Rules:
    return house(game_end={"target": None, "hands": 10, "tie": tie})


def three_alone(**game_end) -> Rules:
    return house(
        deck={"removed": ("2C",)},
        table={"players": 3, "sides": Sides.INDIVIDUAL},
        game_end=game_end,
    )


# --- a fixed number of hands ---------------------------------------------------------------


def test_ten_hands_after_nine_the_game_goes_on_whatever_the_totals():
    result = game_outcome(ten_hands(), {"NS": 900, "EW": -300}, hands_played=9)
    assert (result.status, result.winner) == ("continues", None)
    assert "9 of 10 hands" in result.reason


def test_ten_hands_after_the_tenth_the_higher_total_wins():
    result = game_outcome(ten_hands(), {"NS": 420, "EW": 380}, hands_played=10)
    assert (result.status, result.winner) == ("won", "NS")
    assert "all 10 hands have been played" in result.reason and "420 to 380" in result.reason


def test_ten_hands_equal_totals_after_the_tenth_are_a_tie():
    result = game_outcome(ten_hands(), {"NS": 400, "EW": 400}, hands_played=10)
    assert (result.status, result.winner) == ("tie", None)


def test_ten_hands_equal_totals_play_another_hand_then_the_next_decides():
    rules = ten_hands(TieRule.PLAY_ANOTHER_HAND)
    level = game_outcome(rules, {"NS": 400, "EW": 400}, hands_played=10)
    assert (level.status, level.winner) == ("continues", None)
    assert "tie must be broken" in level.reason
    after = game_outcome(rules, {"NS": 410, "EW": 440}, hands_played=11)
    assert (after.status, after.winner) == ("won", "EW")


def test_ten_hands_with_a_target_too_ends_at_whichever_comes_first():
    rules = house(game_end={"target": 500, "hands": 10})
    assert game_outcome(rules, {"NS": 510, "EW": 100}, hands_played=4).winner == "NS"
    assert game_outcome(rules, {"NS": 310, "EW": 100}, hands_played=10).winner == "NS"
    assert game_outcome(rules, {"NS": 310, "EW": 100}, hands_played=9).status == "continues"


def test_hands_played_does_not_matter_to_a_game_played_to_a_target():
    result = game_outcome(standard(), {"NS": 490, "EW": 100}, hands_played=50)
    assert result.status == "continues"


# --- three sides ---------------------------------------------------------------------------


def test_three_alone_one_side_at_the_target_wins():
    result = game_outcome(three_alone(), {"N": 500, "E": 499, "S": 120})
    assert (result.status, result.winner, result.reached) == ("won", "N", ("N",))
    assert "N wins with 500 (E 499, S 120)" in result.reason


def test_three_alone_two_over_the_target_the_highest_wins():
    result = game_outcome(three_alone(), {"N": 510, "E": 520, "S": 300})
    assert (result.status, result.winner, result.reached) == ("won", "E", ("N", "E"))


def test_three_alone_all_below_the_target_continue():
    assert game_outcome(three_alone(), {"N": 499, "E": 480, "S": 499}).status == "continues"


def test_three_alone_equal_top_totals_follow_the_tie_rule():
    tied = {"N": 520, "E": 520, "S": 100}
    drawn = game_outcome(three_alone(tie=TieRule.TIE), tied)
    assert (drawn.status, drawn.winner) == ("tie", None)
    assert "N and E both have 520" in drawn.reason
    again = game_outcome(three_alone(tie=TieRule.PLAY_ANOTHER_HAND), tied)
    assert (again.status, again.winner) == ("continues", None)


def test_three_alone_a_tie_below_the_top_is_no_tie():
    """E and S level on 100 behind N's 520: N wins."""
    result = game_outcome(three_alone(tie=TieRule.TIE), {"N": 520, "E": 100, "S": 100})
    assert (result.status, result.winner) == ("won", "N")


def test_three_alone_a_side_at_the_floor_ends_the_game_and_the_highest_wins():
    rules = three_alone(losing_floor=-200)
    result = game_outcome(rules, {"N": 150, "E": 100, "S": -200})
    assert (result.status, result.winner, result.out) == ("won", "N", ("S",))
    assert game_outcome(rules, {"N": 150, "E": 100, "S": -199}).status == "continues"


def test_three_alone_every_side_needs_a_total():
    with pytest.raises(ValueError, match="no total given for S"):
        game_outcome(three_alone(), {"N": 0, "E": 0})


def test_three_alone_totals_may_be_running_totals():
    result = game_outcome(three_alone(), {"N": SideTotals(505, 3), "E": 0, "S": 0})
    assert result.winner == "N"


# --- Boston wins the game ------------------------------------------------------------------

BOSTON_BIDS = {"N": 7, "E": 1, "S": 6, "W": 1}
ALL_13 = {"N": 7, "E": 0, "S": 6, "W": 0}


def test_boston_wins_the_game_at_once_whatever_the_totals():
    """NS on 20 bid 13 and take them all: 130 -> 150, far behind EW's 400, but the game is
    theirs."""
    rules = house(scoring={"boston": BostonRule.WINS_GAME})
    hand = score_hand(
        rules, BOSTON_BIDS, ALL_13, {"NS": SideTotals(20, 0), "EW": SideTotals(420, 0)}
    )
    totals = {side: s.score_after for side, s in hand.sides.items()}
    assert totals == {"NS": 150, "EW": 400}
    result = game_outcome(rules, totals, boston_made=hand.boston)
    assert (result.status, result.winner) == ("won", "NS")
    assert "Boston" in result.reason and "13 tricks" in result.reason


def test_boston_does_not_end_the_game_where_it_only_scores():
    for boston in (BostonRule.ORDINARY, BostonRule.POINTS):
        rules = house(scoring={"boston": boston, "boston_points": 200})
        result = game_outcome(rules, {"NS": 150, "EW": 400}, boston_made="NS")
        assert result.status == "continues", boston


def test_boston_in_a_three_player_game_names_17_tricks():
    rules = three_alone()
    rules = replace(rules, scoring=replace(rules.scoring, boston=BostonRule.WINS_GAME))
    result = game_outcome(rules, {"N": 0, "E": 300, "S": 170}, boston_made="S")
    assert (result.status, result.winner) == ("won", "S")
    assert "17 tricks" in result.reason


# --- the moon, where it must be bid (scoring.moon=wins-game-if-bid) -----------------------


def moon_if_bid() -> Rules:
    return house(scoring={"moon": MoonRule.WINS_GAME_IF_BID})


def test_moon_if_bid_thirteen_bid_and_taken_wins_the_hand_unscored():
    """NS on 20 with 3 bags bid 7 + 6 and take all 13: the moon; nothing moves, EW's 420 and
    NS's 20 stay, and the game is NS's."""
    prior = {"NS": SideTotals(20, 3), "EW": SideTotals(420, 0)}
    hand = score_hand(moon_if_bid(), BOSTON_BIDS, ALL_13, prior)
    assert hand.moon == "NS" and hand.boston == "NS"
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.hand_points, ns.score_after, ns.bags_after, ns.moon) == (0, 20, 3, True)
    assert (ew.hand_points, ew.score_after, ew.moon) == (0, 420, False)
    result = game_outcome(moon_if_bid(), {"NS": 20, "EW": 420}, moon=hand.moon)
    assert (result.status, result.winner, result.code) == ("won", "NS", "moon")


def test_moon_if_bid_every_trick_on_a_smaller_bid_is_scored_as_usual():
    """NS bid 5 + 4 = 9 and take all 13: 90 + 4 overtricks = 94, 4 bags; EW bid 2 + 2 and take
    none: -40. No moon, and the game goes on."""
    bids = {"N": 5, "E": 2, "S": 4, "W": 2}
    prior = {"NS": SideTotals(100, 0), "EW": SideTotals(100, 0)}
    hand = score_hand(moon_if_bid(), bids, ALL_13, prior)
    assert hand.moon is None
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    assert (ns.hand_points, ns.bags_after, ns.moon) == (94, 4, False)
    assert (ew.hand_points, ew.moon) == (-40, False)
    totals = {side: s.score_after for side, s in hand.sides.items()}
    assert game_outcome(moon_if_bid(), totals, moon=hand.moon).status == "continues"


def test_moon_if_bid_thirteen_bid_twelve_taken_is_an_ordinary_set():
    hand = score_hand(
        moon_if_bid(),
        BOSTON_BIDS,
        {"N": 6, "E": 1, "S": 6, "W": 0},
        {"NS": SideTotals(200, 0), "EW": SideTotals(150, 0)},
    )
    assert hand.moon is None
    assert hand.sides["NS"].hand_points == -130 and hand.sides["EW"].hand_points == -20


# --- a score pad with no end (game_end.target and game_end.hands both null) -----------------


def no_end(**scoring) -> Rules:
    return house(game_end={"target": None, "hands": None}, scoring=scoring)


@pytest.mark.parametrize("totals", [{"NS": 550, "EW": 360}, {"NS": -900, "EW": 10_000}])
def test_no_end_the_game_goes_on_whatever_the_totals_and_hands(totals):
    result = game_outcome(no_end(), totals, hands_played=400)
    assert (result.status, result.winner, result.reached, result.out) == (
        "continues", None, (), (),
    )  # fmt: skip
    assert "no target and no number of hands" in result.reason


def test_no_end_level_totals_are_only_a_level_score():
    result = game_outcome(no_end(), {"NS": 300, "EW": 300}, hands_played=12)
    assert result.status == "continues" and "tie" not in result.reason


def test_no_end_a_house_rule_that_wins_outright_still_ends_it():
    """A moon shot that wins the game is an end the score pad does not cancel."""
    rules = no_end(moon=MoonRule.WINS_GAME)
    result = game_outcome(rules, {"NS": 20, "EW": 420}, hands_played=3, moon="NS")
    assert (result.status, result.winner) == ("won", "NS")
