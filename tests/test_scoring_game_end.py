"""Game-end clauses: the target reached or exceeded, the losing floor, both sides over, ties.

Each figure is chosen at or beside the boundary the source states.
"""

import pytest

from spadespec.reference_engine.scorer import game_outcome, score_hand
from spadespec.reference_engine.scoring import SideTotals
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import TargetRule, TieRule


def rules(variant_id: str, **options):
    return load_variant(variant_id, {k: str(v) for k, v in options.items()}).rules


def outcome(variant_id, ns, ew, **options):
    return game_outcome(rules(variant_id, **options), {"NS": ns, "EW": ew})


def test_standard_exactly_the_target_wins_under_reach():
    result = outcome("standard", 500, 430)
    assert (result.status, result.winner, result.reached) == ("won", "NS", ("NS",))
    assert "500" in result.reason


def test_standard_one_short_of_the_target_continues():
    result = outcome("standard", 499, 430)
    assert (result.status, result.winner) == ("continues", None)


def test_ellington_exactly_the_target_is_not_enough_under_exceed():
    """Ellington: the first side to go over 500 wins; 500 itself is not over."""
    assert rules("ellington").game_end.target_rule is TargetRule.EXCEED
    assert outcome("ellington", 500, 430).status == "continues"
    result = outcome("ellington", 430, 501)
    assert (result.status, result.winner) == ("won", "EW")


def test_illustrated_table_both_over_the_target_higher_total_wins():
    result = outcome("illustrated-table", 520, 510)
    assert (result.status, result.winner, result.reached) == ("won", "NS", ("NS", "EW"))


def test_ellington_both_over_the_target_higher_total_wins():
    result = outcome("ellington", 530, 540)
    assert (result.status, result.winner) == ("won", "EW")


def test_illustrated_table_equal_totals_over_the_target_are_a_tie():
    assert rules("illustrated-table").game_end.tie is TieRule.TIE
    result = outcome("illustrated-table", 510, 510)
    assert (result.status, result.winner) == ("tie", None)


@pytest.mark.parametrize("variant_id", ["ellington", "porchlight", "standard"])
def test_equal_totals_over_the_target_play_another_hand(variant_id):
    r = rules(variant_id)
    assert r.game_end.tie is TieRule.PLAY_ANOTHER_HAND
    score = r.game_end.target + 10
    result = game_outcome(r, {"NS": score, "EW": score})
    assert (result.status, result.winner) == ("continues", None)
    assert "tie must be broken" in result.reason


def test_equal_totals_below_the_target_simply_continue():
    result = outcome("illustrated-table", 200, 200)
    assert result.status == "continues"
    assert "tie" not in result.reason


@pytest.mark.parametrize("variant_id", ["porchlight", "strategy-guide"])
def test_exactly_the_losing_floor_loses(variant_id):
    """At -200 a side is out; the other side wins whatever its score."""
    result = outcome(variant_id, -200, 150)
    assert (result.status, result.winner, result.out) == ("won", "EW", ("NS",))
    assert "-200" in result.reason


@pytest.mark.parametrize("variant_id", ["porchlight", "strategy-guide"])
def test_below_the_losing_floor_loses(variant_id):
    result = outcome(variant_id, 40, -250)
    assert (result.status, result.winner, result.out) == ("won", "NS", ("EW",))


@pytest.mark.parametrize("variant_id", ["porchlight", "strategy-guide"])
def test_one_above_the_losing_floor_continues(variant_id):
    assert outcome(variant_id, -199, 150).status == "continues"


def test_no_losing_floor_in_standard():
    assert outcome("standard", -1000, 0).status == "continues"


def test_porchlight_both_sides_at_the_floor_with_equal_totals_play_on():
    assert outcome("porchlight", -200, -200).status == "continues"


def test_porchlight_one_side_at_target_other_at_floor_higher_wins():
    result = outcome("porchlight", 300, -200)
    assert (result.status, result.winner, result.reached, result.out) == (
        "won",
        "NS",
        ("NS",),
        ("EW",),
    )


def test_porchlight_default_target_300_and_the_500_option():
    assert outcome("porchlight", 300, 0).status == "won"
    assert outcome("porchlight", 300, 0, target=500).status == "continues"
    assert outcome("porchlight", 200, 0, target=200).winner == "NS"


def test_playingcardgames_game_to_200_option():
    assert outcome("playingcardgames", 0, 200).status == "continues"
    assert outcome("playingcardgames", 0, 200, target=200).winner == "EW"


def test_game_outcome_takes_running_totals_too():
    r = rules("standard")
    result = game_outcome(r, {"NS": SideTotals(505, 3), "EW": SideTotals(480, 0)})
    assert result.winner == "NS"


# A hand that brings North-South from 460 to exactly 500: bid 4, take 4.
TO_500 = {
    "bids": {"N": 2, "E": 4, "S": 2, "W": 5},
    "tricks": {"N": 2, "E": 4, "S": 2, "W": 5},
}


def test_hand_reaching_exactly_500_ends_a_reach_game():
    r = rules("standard")
    hand = score_hand(r, **TO_500, prior={"NS": SideTotals(460, 0), "EW": SideTotals(300, 0)})
    totals = {side: s.score_after for side, s in hand.sides.items()}
    assert totals == {"NS": 500, "EW": 390}
    assert game_outcome(r, totals).winner == "NS"


def test_hand_reaching_exactly_500_does_not_end_an_exceed_game():
    r = rules("ellington")
    hand = score_hand(r, **TO_500, prior={"NS": SideTotals(460, 0), "EW": SideTotals(300, 0)})
    assert game_outcome(r, hand.totals()).status == "continues"
