"""What score_hand refuses, and the seat forms it accepts."""

import pytest

from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.scoring import ScoringInputError, SideTotals
from spadespec.reference_engine.variant import load_variant

BIDS = {"N": 3, "E": 4, "S": "nil", "W": 2}
TRICKS = {"N": 4, "E": 5, "S": 1, "W": 3}


@pytest.fixture(scope="module")
def standard():
    return load_variant("standard").rules


@pytest.fixture(scope="module")
def no_nil():
    return load_variant("porchlight", {"nil": "not-allowed"}).rules


def test_seats_may_be_enum_members_or_lower_case(standard):
    from enum import IntEnum

    Seat = IntEnum("Seat", {"N": 0, "E": 1, "S": 2, "W": 3})
    by_enum = score_hand(standard, {Seat[k]: v for k, v in BIDS.items()}, TRICKS)
    by_text = score_hand(standard, {k.lower(): v for k, v in BIDS.items()}, TRICKS)
    assert by_enum == by_text == score_hand(standard, BIDS, TRICKS)


@pytest.mark.parametrize(
    "bids, tricks, prior, message",
    [
        ({"N": 3, "E": 4, "S": "nil"}, TRICKS, None, "no value for seat W"),
        (BIDS, {"N": 4, "E": 5, "S": 1, "W": 4}, None, "took 14 tricks; a hand has 13"),
        (BIDS, {"N": 4, "E": 5, "S": -1, "W": 5}, None, "seat S took -1"),
        ({**BIDS, "N": 14}, TRICKS, None, "seat N: bid 14 is outside 0..13"),
        (
            {**BIDS, "N": "three"},
            TRICKS,
            None,
            "seat N: a bid is a number of tricks, 'nil' or 'blind-nil'",
        ),
        ({**BIDS, "X": 3}, TRICKS, None, "unknown seat 'X'"),
        (BIDS, TRICKS, {"NE": SideTotals(0, 0)}, "unknown partnership 'NE'"),
        (BIDS, TRICKS, {"NS": (0, 0)}, "NS must be SideTotals"),
        (BIDS, TRICKS, {"NS": SideTotals(0, -1)}, "cannot carry -1 bags"),
    ],
)
def test_score_hand_names_what_is_wrong(standard, bids, tricks, prior, message):
    with pytest.raises(ScoringInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        score_hand(standard, bids, tricks, prior)


def test_nil_refused_where_the_variant_does_not_allow_it(no_nil):
    with pytest.raises(
        ScoringInputError, match="seat S bid nil, but this variant does not allow nil"
    ):
        score_hand(no_nil, BIDS, TRICKS)


def test_zero_is_an_ordinary_bid_of_nothing_where_nil_is_not_allowed(no_nil):
    """Without nil, 0 is not read as nil: it adds nothing to the contract and has no bonus."""
    hand = score_hand(no_nil, {**BIDS, "S": 0}, TRICKS)
    assert hand.sides["NS"].nils == ()
    assert (hand.sides["NS"].contract, hand.sides["NS"].hand_points) == (3, 32)
