"""Nil clauses: values per source, failed nil with and without its tricks counting, double nil.

Figures worked by hand from the model's rules and the sources' text.
"""

from dataclasses import replace

from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.scoring import NilResult
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import BagsCount, NilTricks

# North bids 4, South nil; East-West bid 3 + 3.
BIDS = {"N": 4, "E": 3, "S": "nil", "W": 3}


def rules(variant_id: str):
    return load_variant(variant_id).rules


def with_scoring(variant_id: str, **changes):
    r = rules(variant_id)
    return replace(r, scoring=replace(r.scoring, **changes))


def test_standard_nil_made_scores_100_apart_from_contract():
    """South takes nothing: +100; North's 4 made exactly: +40."""
    hand = score_hand(rules("standard"), BIDS, {"N": 4, "E": 5, "S": 0, "W": 4})
    ns = hand.sides["NS"]
    assert ns.nils == (NilResult("S", 0, True, 100),)
    assert (ns.contract, ns.contract_points, ns.hand_points) == (4, 40, 140)


def test_zero_bid_is_nil_where_nil_is_allowed():
    hand = score_hand(rules("standard"), {**BIDS, "S": 0}, {"N": 4, "E": 5, "S": 0, "W": 4})
    assert hand.bids["S"] == "nil"
    assert hand.sides["NS"].nils[0].made


def test_illustrated_table_nil_made_scores_50():
    hand = score_hand(rules("illustrated-table"), BIDS, {"N": 4, "E": 5, "S": 0, "W": 4})
    assert hand.sides["NS"].nils == (NilResult("S", 0, True, 50),)
    assert hand.sides["NS"].hand_points == 90


def test_illustrated_table_nil_failed_costs_50():
    hand = score_hand(rules("illustrated-table"), BIDS, {"N": 4, "E": 5, "S": 1, "W": 3})
    assert hand.sides["NS"].nils == (NilResult("S", 1, False, -50),)
    # South's trick counts toward North's 4 here: 4 + 1 = 5, made with one bag: 41 - 50.
    assert hand.sides["NS"].hand_points == -9


def test_ellington_nil_failed_costs_only_10():
    """Ellington: a made nil is worth 100, a failed one costs just 10."""
    r = rules("ellington")
    made = score_hand(r, BIDS, {"N": 4, "E": 5, "S": 0, "W": 4})
    failed = score_hand(r, BIDS, {"N": 4, "E": 5, "S": 1, "W": 3})
    assert made.sides["NS"].nils[0].points == 100
    assert failed.sides["NS"].nils[0].points == -10
    # 40 for the contract + 1 overtrick (South's trick counts) - 10.
    assert failed.sides["NS"].hand_points == 31


def test_failed_nil_tricks_count_toward_contract_under_count():
    """Porchlight: North bid 4, took 3; South's failed nil took 1 -> 4 counted, made:
    40 - 100 = -60."""
    r = rules("porchlight")
    assert r.scoring.nil_tricks is NilTricks.COUNT
    hand = score_hand(r, BIDS, {"N": 3, "E": 5, "S": 1, "W": 4})
    ns = hand.sides["NS"]
    assert (ns.tricks, ns.made, ns.contract_points, ns.hand_points) == (4, True, 40, -60)
    assert ns.bags_added == 0


def test_failed_nil_tricks_do_not_count_under_bags_only_but_are_bags():
    """Strategy guide: a failed nil does not help the partner's bid. North bid 4, took 3; South
    took 1 -> 3 counted, set for 40; nil -100; South's trick is a bag (bags count always)."""
    r = rules("strategy-guide")
    assert r.scoring.nil_tricks is NilTricks.BAGS_ONLY
    assert r.scoring.bags_count is BagsCount.ALWAYS
    hand = score_hand(r, BIDS, {"N": 3, "E": 5, "S": 1, "W": 4})
    ns = hand.sides["NS"]
    assert (ns.tricks, ns.side_tricks, ns.made, ns.contract_points) == (3, 4, False, -40)
    assert (ns.hand_points, ns.bags_added, ns.bags_after) == (-140, 1, 1)


def test_failed_nil_tricks_under_bags_only_earn_no_overtrick_points():
    """North bid 4 and took 4; South's two tricks are bags but not overtricks: 40 - 100."""
    hand = score_hand(rules("strategy-guide"), BIDS, {"N": 4, "E": 4, "S": 2, "W": 3})
    ns = hand.sides["NS"]
    assert (ns.made, ns.overtricks, ns.overtrick_points, ns.bags_added) == (True, 0, 0, 2)
    assert ns.hand_points == -60


def test_bags_only_with_bags_counted_only_when_made_drops_them_when_set():
    r = with_scoring("strategy-guide", bags_count=BagsCount.CONTRACT_MADE)
    hand = score_hand(r, BIDS, {"N": 3, "E": 5, "S": 1, "W": 4})
    assert (hand.sides["NS"].made, hand.sides["NS"].bags_added) == (False, 0)


def test_failed_nil_tricks_ignored_neither_count_nor_bag():
    r = with_scoring("standard", nil_tricks=NilTricks.IGNORED)
    hand = score_hand(r, BIDS, {"N": 3, "E": 5, "S": 1, "W": 4})
    ns = hand.sides["NS"]
    assert (ns.tricks, ns.made, ns.hand_points, ns.bags_added) == (3, False, -140, 0)


DOUBLE_NIL = {"N": "nil", "E": 4, "S": "nil", "W": 4}


def test_porchlight_double_nil_every_trick_is_a_bag():
    """Both North and South bid nil: contract 0, made; North took none (+100), South took 3
    (-100), and all 3 tricks are overtricks, hence bags: 0 + 3 + 100 - 100 = 3."""
    hand = score_hand(rules("porchlight"), DOUBLE_NIL, {"N": 0, "E": 5, "S": 3, "W": 5})
    ns = hand.sides["NS"]
    assert ns.nils == (NilResult("N", 0, True, 100), NilResult("S", 3, False, -100))
    assert (ns.contract, ns.tricks, ns.made, ns.contract_points) == (0, 3, True, 0)
    assert (ns.overtricks, ns.bags_added, ns.hand_points) == (3, 3, 3)


def test_double_nil_both_made_scores_both_bonuses():
    hand = score_hand(rules("standard"), DOUBLE_NIL, {"N": 0, "E": 7, "S": 0, "W": 6})
    ns = hand.sides["NS"]
    assert (ns.made, ns.hand_points, ns.bags_added) == (True, 200, 0)


def test_strategy_guide_double_nil_each_scored_alone():
    """FAQ: each nil is judged on its own. North clean (+100), South 3 tricks (-100); the
    tricks are bags (bags-only, counted always) but earn no points: 0, 3 bags."""
    hand = score_hand(rules("strategy-guide"), DOUBLE_NIL, {"N": 0, "E": 5, "S": 3, "W": 5})
    ns = hand.sides["NS"]
    assert [n.points for n in ns.nils] == [100, -100]
    assert (ns.tricks, ns.overtricks, ns.bags_added, ns.hand_points) == (0, 0, 3, 0)


def test_double_nil_both_failed_under_ignored_scores_only_penalties():
    r = with_scoring("standard", nil_tricks=NilTricks.IGNORED)
    hand = score_hand(r, DOUBLE_NIL, {"N": 2, "E": 5, "S": 1, "W": 5})
    ns = hand.sides["NS"]
    assert (ns.made, ns.bags_added, ns.hand_points) == (True, 0, -200)
