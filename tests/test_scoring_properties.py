"""For any bids and tricks under every shipped variant, a hand's score equals its itemised
breakdown, bags stay in range, and the game ends exactly when the variant says."""

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine.scoring import SideTotals, game_outcome, score_hand
from reference_engine.variant import load_variant, shipped_variant_ids
from reference_engine.variant.model import BagCarry, NilBid, NilTricks, TargetRule

SEATS = ("N", "E", "S", "W")
VARIANTS = shipped_variant_ids()


@cache
def rules_of(variant_id):
    return load_variant(variant_id).rules


def bids_for(rules):
    numbers = st.integers(rules.bidding.min_bid, rules.bidding.max_bid)
    one = st.one_of(numbers, st.just("nil")) if rules.bidding.nil is NilBid.ALLOWED else numbers
    return st.fixed_dictionaries({seat: one for seat in SEATS})


# Each of the 13 tricks goes to one seat; shrinks toward North taking everything.
tricks_st = st.lists(st.sampled_from(SEATS), min_size=13, max_size=13).map(
    lambda winners: {seat: Counter(winners)[seat] for seat in SEATS}
)


@pytest.mark.parametrize("variant_id", VARIANTS)
@settings(max_examples=150, deadline=None)
@given(data=st.data(), tricks=tricks_st)
def test_hand_score_equals_its_itemised_breakdown(variant_id, data, tricks):
    rules = rules_of(variant_id)
    scoring = rules.scoring
    bids = data.draw(bids_for(rules), label="bids")
    bags_st = st.integers(0, scoring.bag_threshold - 1)
    prior = {
        side: SideTotals(data.draw(st.integers(-300, 600)), data.draw(bags_st))
        for side in ("NS", "EW")
    }
    hand = score_hand(rules, bids, tricks, prior)
    for side, s in hand.sides.items():
        seats = side[0], side[1]
        nil_points = sum(n.points for n in s.nils)
        assert s.hand_points == s.contract_points + s.overtrick_points + nil_points - s.bag_penalty
        assert s.score_after == prior[side].score + s.hand_points
        assert s.contract == sum(bids[seat] for seat in seats if bids[seat] != "nil")
        assert s.made == (s.tricks >= s.contract)
        assert s.side_tricks == tricks[seats[0]] + tricks[seats[1]]
        if not s.made:
            assert s.contract > 0 and s.overtricks == 0 and s.contract_points <= 0
        assert {n.seat for n in s.nils} == {seat for seat in seats if bids[seat] == "nil"}
        for nil in s.nils:
            assert nil.made == (tricks[nil.seat] == 0)
        if scoring.nil_tricks is NilTricks.COUNT:
            assert s.tricks == s.side_tricks
        assert 0 <= s.bags_after < scoring.bag_threshold
        assert s.bag_penalty == s.bag_penalties * scoring.bag_penalty
        if scoring.bag_carry is BagCarry.EXCESS_CARRIES:
            total = prior[side].bags + s.bags_added
            assert s.bags_after == total - s.bag_penalties * scoring.bag_threshold


@pytest.mark.parametrize("variant_id", VARIANTS)
@settings(max_examples=150, deadline=None)
@given(ns=st.integers(-400, 800), ew=st.integers(-400, 800))
def test_game_ends_exactly_when_the_variant_says(variant_id, ns, ew):
    game_end = rules_of(variant_id).game_end
    result = game_outcome(rules_of(variant_id), {"NS": ns, "EW": ew})

    def reached(total):
        if game_end.target_rule is TargetRule.REACH:
            return total >= game_end.target
        return total > game_end.target

    def out(total):
        return game_end.losing_floor is not None and total <= game_end.losing_floor

    ends = reached(ns) or reached(ew) or out(ns) or out(ew)
    if not ends:
        assert result.status == "continues"
    elif ns != ew:
        assert (result.status, result.winner) == ("won", "NS" if ns > ew else "EW")
    else:
        assert result.winner is None
        assert result.status == ("tie" if game_end.tie == "tie" else "continues")
