"""For any bids and tricks under every shipped variant and a set of house-rule tables, a hand's
score equals its itemised breakdown, bags stay in range, the independent second scorer
(`spadespec.conformance.machinery.authoring.hand_math`) agrees item by item, and the game ends
exactly when the variant says."""

from dataclasses import replace
from functools import cache

import pytest
from _sweeps import sweep
from hypothesis import given, settings
from hypothesis import strategies as st

from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.scorer import game_outcome, score_hand
from spadespec.reference_engine.scoring import SideTotals
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.model import (
    BagCarry,
    BagsCount,
    BlindNil,
    BostonRule,
    NilBid,
    NilTricks,
    Rules,
    SetPenalty,
    Sides,
    TargetRule,
    TieRule,
)


def _house(base: str, **sections: dict) -> Rules:
    rules = load_variant(base).rules
    changed = {name: replace(getattr(rules, name), **kw) for name, kw in sections.items()}
    return replace(rules, **changed)


# Tables that put every house scoring rule to work, beside the shipped variants.
HOUSE = {
    "blind-nil-ten-for-200-set-free": lambda: _house(
        "standard",
        bidding={"blind_nil": BlindNil.ALLOWED},
        scoring={
            "blind_nil_bonus": 200, "blind_nil_penalty": 200, "set_penalty": SetPenalty.NOTHING,
            "bonus_bid_tricks": 10, "bonus_bid_made": 200, "bonus_bid_set": 100,
            "bag_points_cancelled": True, "nil_tricks": NilTricks.BAGS_ONLY,
        },
    ),
    "three-alone-boston-points-no-bags-zero-bid": lambda: _house(
        "standard",
        deck={"removed": ("2C",)},
        table={"players": 3, "sides": Sides.INDIVIDUAL},
        bidding={"min_bid": 0, "max_bid": 17},
        scoring={"boston": BostonRule.POINTS, "boston_points": 250,
                 "bags_count": BagsCount.NEVER},
        game_end={"losing_floor": -200, "tie": TieRule.TIE},
    ),
    "four-alone-ten-hands-boston-wins-five-for-fifty": lambda: _house(
        "illustrated-table",
        table={"sides": Sides.INDIVIDUAL},
        bidding={"blind_nil": BlindNil.ALLOWED},
        scoring={"blind_nil_bonus": 100, "blind_nil_penalty": 150,
                 "boston": BostonRule.WINS_GAME, "bag_threshold": 5, "bag_penalty": 50,
                 "bags_count": BagsCount.ALWAYS},
        game_end={"target": None, "hands": 10},
    ),
}  # fmt: skip


TABLES = [*shipped_variant_ids(), *HOUSE]
# A sweep (tests/_sweeps.py): CI checks every table; the test command checks the house tables
# above and the shipped rulesets that, with them, set every value of a scoring, game-end and
# table rule that a shipped ruleset sets (bar other targets and floors).
SCORED = sweep(
    TABLES,
    [
        "standard", "ellington", "five-bags-fifty", "minus-110", "team-total-four",
        "failed-nil-overtricks", "moon-wins-game", "double-nil-counts-nothing", "big-bid-bonus",
        "cutthroat", *HOUSE,
    ],
)  # fmt: skip


@cache
def rules_of(name: str) -> Rules:
    return HOUSE[name]() if name in HOUSE else load_variant(name).rules


def seats_of(rules: Rules) -> tuple[str, ...]:
    return tuple(seat.name for seat in table_of(rules).seats)


def sides_of(rules: Rules) -> dict[str, tuple[str, ...]]:
    return {
        side: tuple(s.name for s in seats) for side, seats in table_of(rules).side_seats.items()
    }


# Each strategy is built once per table: a new strategy object is checked and labelled by
# hypothesis before its first draw, which cost more than the scoring it feeds.
@cache
def bids_for(rules: Rules):
    every = table_of(rules).cards_per_hand
    choices = [st.integers(rules.bidding.min_bid, min(rules.bidding.max_bid, every))]
    if rules.bidding.nil is NilBid.ALLOWED:
        choices.append(st.just("nil"))
    if rules.bidding.blind_nil is BlindNil.ALLOWED:
        choices.append(st.just("blind-nil"))
    return st.fixed_dictionaries({seat: st.one_of(*choices) for seat in seats_of(rules)})


@cache
def tricks_for(rules: Rules):
    """Each trick goes to one seat, all seats alike: the winners of the tricks in order, read
    as the digits of one number in base (number of seats), so that a hand is one draw rather
    than a draw per trick. Shrinks toward North taking everything; the largest number gives
    everything to the last seat."""
    seats = seats_of(rules)
    every = table_of(rules).cards_per_hand
    base = len(seats)

    def winners(number: int) -> dict[str, int]:
        won = dict.fromkeys(seats, 0)
        for _ in range(every):
            number, place = divmod(number, base)
            won[seats[place]] += 1
        return won

    return st.integers(0, base**every - 1).map(winners)


@cache
def priors_for(rules: Rules):
    bags = st.integers(0, rules.scoring.bag_threshold - 1)
    one = st.builds(SideTotals, st.integers(-300, 600), bags)
    return st.fixed_dictionaries({side: one for side in sides_of(rules)})


@pytest.mark.sweep
@pytest.mark.parametrize("name", SCORED)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_hand_score_equals_its_itemised_breakdown(name, data):
    rules = rules_of(name)
    scoring = rules.scoring
    bids = data.draw(bids_for(rules), label="bids")
    tricks = data.draw(tricks_for(rules), label="tricks")
    prior = data.draw(priors_for(rules), label="prior")
    hand = score_hand(rules, bids, tricks, prior)
    for side, s in hand.sides.items():
        seats = sides_of(rules)[side]
        nil_points = sum(n.points for n in s.nils)
        items = s.contract_points + s.overtrick_points + (s.bonus_points or 0) + nil_points
        assert s.hand_points == items + (s.spoiler_points or 0) - s.bag_penalty
        spoilers = str(rules.table.sides) == "partnerships-and-spoiler"
        if scoring.spoiler_multiplier > 1 and spoilers and len(seats) == 1:
            # The spoiler: its contract, made nils and bonus the multiplier's times over.
            made_nils = sum(n.points for n in s.nils if n.made)
            base = s.contract_points + (s.bonus_points or 0) + made_nils
            assert s.spoiler_points == (scoring.spoiler_multiplier - 1) * base
        else:
            assert not s.spoiler_points
        if scoring.big_bid_bonus is not None:
            # The big-bid bonus: the figure on a made contract of the big number or more.
            big = hand.moon is None and s.made and s.contract >= (scoring.big_bid_tricks or 0)
            assert s.bonus_points == (scoring.big_bid_bonus if big else 0)
        assert s.score_after == prior[side].score + s.hand_points
        numeric = [bids[seat] for seat in seats if isinstance(bids[seat], int)]
        assert s.contract == sum(numeric)
        # Where only the exact bid makes a contract, a trick over sets it (a contract of 0 too).
        exact = scoring.contract_made == "exactly"
        assert s.made == (s.tricks == s.contract if exact else s.tricks >= s.contract)
        assert s.side_tricks == sum(tricks[seat] for seat in seats)
        if not s.made:
            # A set side has no overtricks, but for nil bidders' own where they are overtricks.
            own = sum(tricks[n.seat] for n in s.nils)
            both_nil = len(s.nils) == 2 and scoring.double_nil_tricks == "ignored"
            overtricks = scoring.nil_tricks is NilTricks.OVERTRICKS and not both_nil
            assert (s.contract > 0 or exact) and s.overtricks == (own if overtricks else 0)
        if not s.made and s.contract_kind == "tricks":
            assert s.contract_points <= 0
        nil_seats = {seat for seat in seats if bids[seat] in ("nil", "blind-nil")}
        if rules.bidding.min_bid >= 1 and rules.bidding.nil is NilBid.ALLOWED:
            nil_seats |= {seat for seat in seats if bids[seat] == 0}
        assert {n.seat for n in s.nils} == nil_seats
        for nil in s.nils:
            assert nil.made == (tricks[nil.seat] == 0)
            assert nil.blind == (bids[nil.seat] == "blind-nil")
        double_ignored = len(s.nils) == 2 and scoring.double_nil_tricks == "ignored"
        if double_ignored:
            assert (s.tricks, s.overtricks) == (0, 0)
        elif scoring.nil_tricks is NilTricks.COUNT:
            assert s.tricks == s.side_tricks
        if scoring.bags_count is BagsCount.NEVER:
            assert s.bags_added == 0
        assert 0 <= s.bags_after < scoring.bag_threshold
        each = scoring.bag_penalty
        if scoring.bag_points_cancelled:
            each += scoring.bag_threshold * scoring.overtrick_points
        assert s.bag_penalty == s.bag_penalties * each
        if scoring.bag_carry is BagCarry.EXCESS_CARRIES:
            total = prior[side].bags + s.bags_added
            assert s.bags_after == total - s.bag_penalties * scoring.bag_threshold
        assert s.boston == (s.made and s.contract == table_of(rules).cards_per_hand)


@pytest.mark.sweep
@pytest.mark.parametrize("name", SCORED)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_the_second_scorer_agrees_item_by_item(name, data):
    """`hand_math` restates the rules without the engine's scorer: the same figures, and the
    same verdict on the game."""
    rules = rules_of(name)
    bids = data.draw(bids_for(rules), label="bids")
    tricks = data.draw(tricks_for(rules), label="tricks")
    prior = data.draw(priors_for(rules), label="prior")
    hands_played = data.draw(st.integers(1, 12), label="hands_played")
    hand = score_hand(rules, bids, tricks, prior)
    for side, s in hand.sides.items():
        mine = hand_math.score_side(
            rules, side, hand.bids, tricks, prior[side].score, prior[side].bags
        )
        assert mine == s.to_json(), side
    boston = hand_math.boston_side(rules, hand.bids, tricks)
    assert boston == hand.boston
    totals = {side: s.score_after for side, s in hand.sides.items()}
    moon = hand_math.moon_side(rules, tricks, hand.bids)
    assert moon == hand.moon
    outcome = game_outcome(
        rules, totals, hands_played=hands_played, boston_made=hand.boston, moon=hand.moon
    )
    assert hand_math.status_after(rules, totals, hands_played, boston, moon) == (
        outcome.status_json()
    )


@pytest.mark.sweep
@pytest.mark.parametrize("name", SCORED)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_game_ends_exactly_when_the_variant_says(name, data):
    rules = rules_of(name)
    game_end = rules.game_end
    totals = data.draw(
        st.fixed_dictionaries({side: st.integers(-400, 800) for side in sides_of(rules)})
    )
    hands_played = data.draw(st.integers(0, 12))
    result = game_outcome(rules, totals, hands_played=hands_played)

    def reached(total):
        if game_end.target is None:
            return False
        if game_end.target_rule is TargetRule.REACH:
            return total >= game_end.target
        return total > game_end.target

    def out(total):
        return game_end.losing_floor is not None and total <= game_end.losing_floor

    hands_over = game_end.hands is not None and hands_played >= game_end.hands
    ends = hands_over or any(reached(t) or out(t) for t in totals.values())
    top = max(totals.values())
    leaders = [side for side, t in totals.items() if t == top]
    if not ends:
        assert result.status == "continues"
    elif len(leaders) == 1:
        assert (result.status, result.winner) == ("won", leaders[0])
    else:
        assert result.winner is None
        assert result.status == ("tie" if game_end.tie == "tie" else "continues")
