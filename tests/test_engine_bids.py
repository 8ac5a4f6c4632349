"""The bidding rules, clause by clause: the range, nil and the zero bid, blind nil and its
trailing margin, blind numeric bids and theirs, the team minimum, suicide, mirror and whiz.
Every expected list of bids and every refusal below is worked out by hand from the clause it
names."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from spadespec.reference_engine.actions import BlindBid
from spadespec.reference_engine.cards import mask_of, parse_card
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.bids import (
    BID_CONSTRAINT,
    BLIND_NIL,
    NIL,
    BidContext,
    bid_context,
    bid_refusal,
    legal_bids,
)
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    DeckKind,
    NilBid,
    Rules,
    Sides,
)

STANDARD = load_variant("standard").rules
ONE_TO_13 = list(range(1, 14))


# Fields written as in a variant file, read as the model's enums.
ENUMS = {"blind_nil": BlindNil, "nil": NilBid, "constraint": BidConstraint, "cards": DeckKind}


def rules(deck: dict[str, Any] | None = None, **bidding: Any) -> Rules:
    """Standard rules with some bidding (and deck) fields changed."""
    bidding = {k: ENUMS[k](v) if k in ENUMS else v for k, v in bidding.items()}
    if deck:
        deck = {k: ENUMS[k](v) if k in ENUMS else v for k, v in deck.items()}
    changed = dataclasses.replace(
        STANDARD, bidding=dataclasses.replace(STANDARD.bidding, **bidding)
    )
    if deck:
        changed = dataclasses.replace(changed, deck=dataclasses.replace(STANDARD.deck, **deck))
    return changed


def ctx(
    seat: str = "W",
    spades: int = 3,
    partner_bid: Any = None,
    trailing_by: int = 0,
) -> BidContext:
    return BidContext(
        seat=Seat[seat], hand=0, spades=spades, partner_bid=partner_bid,
        trailing_by=trailing_by, tricks=13,
    )  # fmt: skip


def hand(text: str) -> int:
    return mask_of(parse_card(word) for word in text.split())


def refused(rules_: Rules, context: BidContext, bid: Any) -> ReasonCode | None:
    refusal = bid_refusal(rules_, context, bid)
    return None if refusal is None else refusal[0]


def test_every_constraint_has_its_rule() -> None:
    assert set(BID_CONSTRAINT) == set(BidConstraint)


# --- range and nil --------------------------------------------------------------------------


def test_standard_bids_are_one_to_thirteen_then_nil() -> None:
    assert legal_bids(STANDARD, ctx()) == [*ONE_TO_13, NIL]


@pytest.mark.parametrize("bid", [0, 14, -1])
def test_bid_outside_the_range_is_refused_naming_the_range(bid: int) -> None:
    refusal = bid_refusal(STANDARD, ctx(), bid)
    assert refusal == (ReasonCode.BID_OUT_OF_RANGE, f"a bid must be 1 to 13 tricks, not {bid}")


def test_nil_not_allowed() -> None:
    no_nil = rules(nil="not-allowed")
    assert legal_bids(no_nil, ctx()) == ONE_TO_13
    assert refused(no_nil, ctx(), NIL) is ReasonCode.NIL_NOT_ALLOWED


def test_zero_bid_and_nil_are_both_legal_and_distinct() -> None:
    # min_bid 0 with nil allowed: 0 is a number of tricks (no nil bonus), nil is nil.
    zero = rules(min_bid=0)
    bids = legal_bids(zero, ctx())
    assert bids == [0, *ONE_TO_13, NIL]
    assert bids.count(0) == 1 and bids.count(NIL) == 1


def test_zero_bid_without_nil_is_only_a_number() -> None:
    assert legal_bids(rules(min_bid=0, nil="not-allowed"), ctx()) == [0, *ONE_TO_13]


def test_narrow_range() -> None:
    assert legal_bids(rules(min_bid=4, max_bid=6), ctx()) == [4, 5, 6, NIL]
    assert refused(rules(min_bid=4, max_bid=6), ctx(), 3) is ReasonCode.BID_OUT_OF_RANGE


# --- blind nil ------------------------------------------------------------------------------


def test_blind_nil_not_allowed_by_default() -> None:
    assert BLIND_NIL not in legal_bids(STANDARD, ctx(trailing_by=500))
    assert bid_refusal(STANDARD, ctx(trailing_by=500), BLIND_NIL) == (
        ReasonCode.BLIND_NIL_NOT_ALLOWED,
        "this variant does not allow a blind nil bid",
    )


def test_blind_nil_any_time_when_no_margin_is_set() -> None:
    anytime = rules(blind_nil="allowed", blind_nil_trailing_by=None)
    # Even a side 200 ahead may bid it.
    assert legal_bids(anytime, ctx(trailing_by=-200)) == [*ONE_TO_13, NIL, BLIND_NIL]


# trailing_by 100: the side must be at least 100 behind the leading other side.
@pytest.mark.parametrize(
    ("behind", "legal"),
    [(90, False), (99, False), (100, True), (150, True), (0, False), (-30, False)],
)
def test_blind_nil_needs_the_side_to_trail_by_the_margin(behind: int, legal: bool) -> None:
    margin = rules(blind_nil="allowed", blind_nil_trailing_by=100)
    assert (BLIND_NIL in legal_bids(margin, ctx(trailing_by=behind))) is legal
    expected = None if legal else ReasonCode.BLIND_NIL_NOT_TRAILING
    assert refused(margin, ctx(trailing_by=behind), BLIND_NIL) is expected


def test_blind_nil_refusal_names_margin_and_shortfall() -> None:
    margin = rules(blind_nil="allowed", blind_nil_trailing_by=100)
    assert bid_refusal(margin, ctx("W", trailing_by=90), BLIND_NIL) == (
        ReasonCode.BLIND_NIL_NOT_TRAILING,
        "blind nil needs the bidder's side to trail by at least 100 points; EW trails by 90",
    )
    _, detail = bid_refusal(margin, ctx("N", trailing_by=-30), BLIND_NIL)  # type: ignore[misc]
    assert detail.endswith("NS leads by 30")


def test_blind_nil_trailing_names_the_seat_at_a_table_of_three() -> None:
    cutthroat = dataclasses.replace(
        rules(blind_nil="allowed", blind_nil_trailing_by=100),
        table=dataclasses.replace(STANDARD.table, players=3, sides=Sides.INDIVIDUAL),
        deck=dataclasses.replace(STANDARD.deck, removed=("2C",)),
    )
    _, detail = bid_refusal(cutthroat, ctx("E", trailing_by=40), BLIND_NIL)  # type: ignore[misc]
    assert detail.endswith("E trails by 40")


# --- team minimum ---------------------------------------------------------------------------


# team_minimum 4: the first partner bids freely; the second brings the numbers up to 4.
@pytest.mark.parametrize(
    ("partner_bid", "legal"),
    [
        (None, [*ONE_TO_13, NIL]),
        (1, list(range(3, 14))),
        (3, [*ONE_TO_13]),
        (NIL, list(range(4, 14))),
        (4, [*ONE_TO_13, NIL]),
        (7, [*ONE_TO_13, NIL]),
    ],
)
def test_team_minimum_binds_the_second_partner(partner_bid: Any, legal: list[Any]) -> None:
    assert legal_bids(rules(team_minimum=4), ctx(partner_bid=partner_bid)) == legal


def test_team_minimum_refusal_names_the_numbers() -> None:
    four = rules(team_minimum=4)
    assert bid_refusal(four, ctx("W", partner_bid=1), 1) == (
        ReasonCode.BELOW_TEAM_MINIMUM,
        "EW must bid at least 4 in all; W's partner bid 1, so W must bid 3 or more",
    )
    code, detail = bid_refusal(four, ctx("S", partner_bid=1), NIL)  # type: ignore[misc]
    assert code is ReasonCode.BELOW_TEAM_MINIMUM
    assert detail.startswith("NS must bid at least 4 in all; S's partner bid 1")
    assert "may not bid nil" in detail and "3 or more" in detail


def test_team_minimum_with_the_zero_bid() -> None:
    # Partner bid 4: the side has its four, so 0 (a number) and nil are both fine.
    zero = rules(team_minimum=4, min_bid=0)
    assert legal_bids(zero, ctx(partner_bid=4)) == [0, *ONE_TO_13, NIL]
    # Partner bid 0: 0 adds nothing, so at least 4.
    assert legal_bids(zero, ctx(partner_bid=0)) == list(range(4, 14))


def test_team_minimum_refuses_blind_nil_short_of_it() -> None:
    both = rules(team_minimum=4, blind_nil="allowed", blind_nil_trailing_by=None)
    assert refused(both, ctx(partner_bid=2), BLIND_NIL) is ReasonCode.BELOW_TEAM_MINIMUM
    assert legal_bids(both, ctx(partner_bid=5))[-2:] == [NIL, BLIND_NIL]


# --- suicide --------------------------------------------------------------------------------


SUICIDE = rules(constraint="suicide")


def test_suicide_first_partner_bids_freely() -> None:
    assert legal_bids(SUICIDE, ctx(partner_bid=None)) == [*ONE_TO_13, NIL]


def test_suicide_second_partner_must_bid_nil_after_a_number() -> None:
    assert legal_bids(SUICIDE, ctx(partner_bid=3)) == [NIL]
    assert bid_refusal(SUICIDE, ctx("E", partner_bid=3), 2) == (
        ReasonCode.SUICIDE_ONE_NIL,
        "exactly one partner bids nil; E's partner bid 3, so E must bid nil",
    )


def test_suicide_second_partner_may_not_bid_nil_after_nil() -> None:
    assert legal_bids(SUICIDE, ctx(partner_bid=NIL)) == ONE_TO_13
    assert bid_refusal(SUICIDE, ctx("E", partner_bid=NIL), NIL) == (
        ReasonCode.SUICIDE_ONE_NIL,
        "exactly one partner bids nil; E's partner bid nil, so E must bid a number",
    )


def test_suicide_blind_nil_counts_as_the_side_nil() -> None:
    blind = rules(constraint="suicide", blind_nil="allowed", blind_nil_trailing_by=None)
    assert legal_bids(blind, ctx(partner_bid=3)) == [NIL, BLIND_NIL]
    assert legal_bids(blind, ctx(partner_bid=BLIND_NIL)) == ONE_TO_13


def test_suicide_zero_bid_is_not_a_nil() -> None:
    zero = rules(constraint="suicide", min_bid=0)
    assert legal_bids(zero, ctx(partner_bid=3)) == [NIL]
    assert legal_bids(zero, ctx(partner_bid=NIL)) == [0, *ONE_TO_13]


# --- mirror and whiz ------------------------------------------------------------------------


MIRROR = rules(constraint="mirror")
WHIZ = rules(constraint="whiz")


@pytest.mark.parametrize(("spades", "legal"), [(4, [4]), (1, [1]), (0, [NIL]), (13, [13])])
def test_mirror_bids_the_spades_held(spades: int, legal: list[Any]) -> None:
    assert legal_bids(MIRROR, ctx(spades=spades)) == legal


def test_mirror_refusal_names_the_spade_count() -> None:
    assert bid_refusal(MIRROR, ctx("N", spades=4), 3) == (
        ReasonCode.MUST_BID_SPADES,
        "N holds 4 spades and must bid 4, not 3",
    )
    assert bid_refusal(MIRROR, ctx("N", spades=0), 1) == (
        ReasonCode.MUST_BID_SPADES,
        "N holds no spades and must bid nil, not 1",
    )
    assert refused(MIRROR, ctx(spades=4), NIL) is ReasonCode.MUST_BID_SPADES


def test_mirror_allows_no_blind_nil() -> None:
    blind = rules(constraint="mirror", blind_nil="allowed", blind_nil_trailing_by=None)
    assert legal_bids(blind, ctx(spades=0)) == [NIL]
    assert refused(blind, ctx(spades=0), BLIND_NIL) is ReasonCode.MUST_BID_SPADES


# Jokers above the 2D and 2S: BJ LJ 2D 2S all play as spades.
JOKER_DECK = {"cards": "jokers-54", "removed": ("2C", "2H"), "top_trumps": ("BJ", "LJ", "2D", "2S")}


def test_mirror_counts_a_promoted_deuce_of_diamonds_as_a_spade() -> None:
    # AS KS 3S are three printed spades; the 2D is a top trump: four spades in all.
    jokers = rules(deck=JOKER_DECK, constraint="mirror")
    held = hand("AS KS 3S 2D AH KH QH JH AD KD QD JD AC")
    context = bid_context(jokers, Seat.N, held)
    assert context.spades == 4
    assert legal_bids(jokers, context) == [4]
    # The same cards under the standard pack: the 2D is a diamond, three spades.
    assert legal_bids(MIRROR, bid_context(MIRROR, Seat.N, held)) == [3]


def test_whiz_with_no_spades_is_nil_only() -> None:
    assert legal_bids(WHIZ, ctx(spades=0)) == [NIL]


def test_whiz_is_nil_or_the_spade_count() -> None:
    assert legal_bids(WHIZ, ctx(spades=5)) == [5, NIL]
    assert bid_refusal(WHIZ, ctx("S", spades=5), 4) == (
        ReasonCode.MUST_BID_NIL_OR_SPADES,
        "S holds 5 spades and must bid nil or 5, not 4",
    )


def test_whiz_keeps_blind_nil_where_allowed() -> None:
    blind = rules(constraint="whiz", blind_nil="allowed", blind_nil_trailing_by=100)
    assert legal_bids(blind, ctx(spades=2, trailing_by=120)) == [2, NIL, BLIND_NIL]
    assert legal_bids(blind, ctx(spades=2, trailing_by=20)) == [2, NIL]


def test_whiz_with_jokers_counts_every_top_trump() -> None:
    jokers = rules(deck=JOKER_DECK, constraint="whiz")
    held = hand("BJ LJ 2S 9H 8H 7H 6H 5H 4H 3H 9D 8D 7D")
    assert legal_bids(jokers, bid_context(jokers, Seat.E, held)) == [3, NIL]


# --- which refusal is told first ------------------------------------------------------------


def test_kind_of_bid_is_told_before_the_constraint() -> None:
    # Mirror with 4 spades: a blind nil breaks both rules; the variant's ban is told first.
    assert refused(MIRROR, ctx(spades=4), BLIND_NIL) is ReasonCode.BLIND_NIL_NOT_ALLOWED
    assert refused(MIRROR, ctx(spades=4), 14) is ReasonCode.BID_OUT_OF_RANGE


# --- team maximum ---------------------------------------------------------------------------


# team_maximum 13: after the partner's numbers, the side's total stays at 13 or less; nil fits.
@pytest.mark.parametrize(
    ("partner_bid", "legal"),
    [
        (None, [*ONE_TO_13, NIL]),
        (9, [1, 2, 3, 4, NIL]),
        (13, [NIL]),
        (NIL, [*ONE_TO_13, NIL]),
        (1, [*range(1, 13), NIL]),
    ],
)
def test_team_maximum_caps_the_second_partner(partner_bid: Any, legal: list[Any]) -> None:
    assert legal_bids(rules(team_maximum=13), ctx(partner_bid=partner_bid)) == legal


def test_team_maximum_caps_the_first_partner_alone() -> None:
    # A cap of 6 stops a first bid of 7 too: the side would already be past it.
    six = rules(team_maximum=6)
    assert legal_bids(six, ctx()) == [1, 2, 3, 4, 5, 6, NIL]
    assert bid_refusal(six, ctx("N"), 7) == (
        ReasonCode.ABOVE_TEAM_MAXIMUM, "NS may bid at most 6 in all; N may bid at most 6, not 7",
    )  # fmt: skip


def test_team_maximum_refusal_names_the_numbers() -> None:
    assert bid_refusal(rules(team_maximum=13), ctx("S", partner_bid=9), 5) == (
        ReasonCode.ABOVE_TEAM_MAXIMUM,
        "NS may bid at most 13 in all; S's partner bid 9, so S may bid at most 4, not 5",
    )


def test_team_minimum_equal_to_the_maximum_is_an_exact_total() -> None:
    exact = rules(team_minimum=4, team_maximum=4)
    assert legal_bids(exact, ctx(partner_bid=1)) == [3]
    assert legal_bids(exact, ctx(partner_bid=NIL)) == [4]
    assert legal_bids(exact, ctx(partner_bid=4)) == [NIL]
    assert refused(exact, ctx(partner_bid=1), 2) is ReasonCode.BELOW_TEAM_MINIMUM
    assert refused(exact, ctx(partner_bid=1), 4) is ReasonCode.ABOVE_TEAM_MAXIMUM


def test_constraint_is_told_before_the_team_minimum() -> None:
    both = rules(constraint="whiz", team_minimum=4)
    assert refused(both, ctx(spades=2, partner_bid=1), 1) is ReasonCode.MUST_BID_NIL_OR_SPADES
    assert refused(both, ctx(spades=2, partner_bid=1), 2) is ReasonCode.BELOW_TEAM_MINIMUM


def test_legal_bids_agree_with_refusals() -> None:
    # Every candidate is either listed as legal or refused, never both, under each rule mix.
    mixes = [
        STANDARD, SUICIDE, MIRROR, WHIZ, rules(team_minimum=5, min_bid=0),
        rules(blind_nil="allowed", blind_nil_trailing_by=100, constraint="whiz", team_minimum=4),
        rules(team_minimum=4, team_maximum=6, min_bid=0, constraint="suicide"),
    ]  # fmt: skip
    for mix in mixes:
        for spades in (0, 2, 6):
            for partner in (None, NIL, BLIND_NIL, 0, 1, 4):
                for behind in (-50, 100):
                    context = ctx(spades=spades, partner_bid=partner, trailing_by=behind)
                    legal = legal_bids(mix, context)
                    for bid in [*range(-1, 15), NIL, BLIND_NIL]:
                        assert (bid in legal) == (bid_refusal(mix, context, bid) is None)


def test_whiz_with_no_spades_refuses_a_zero_bid_where_zero_can_be_bid() -> None:
    # min_bid 0 makes 0 an ordinary bid, but under whiz a hand with no spade bids nil only.
    zero = rules(constraint="whiz", min_bid=0)
    assert legal_bids(zero, ctx(spades=0)) == [NIL]
    refusal = bid_refusal(zero, ctx(spades=0), 0)
    assert refusal is not None and refusal[0] is ReasonCode.MUST_BID_NIL_OR_SPADES


# --- blind numeric bids: blind 6 to 13, only 100 behind ---------------------------------------

BLIND_SIX = load_variant("blind-six-double").rules
BLIND_6_TO_13 = [BlindBid(n) for n in range(6, 14)]


def test_blind_bid_min_opens_blind_six_to_the_greatest_bid() -> None:
    """A side 100 behind may bid 1 to 13, nil, or blind 6 to blind 13; a blind bid is not
    the number bid after looking."""
    assert legal_bids(BLIND_SIX, ctx(trailing_by=100)) == [*ONE_TO_13, NIL, *BLIND_6_TO_13]
    assert BlindBid(7) != 7 and int(BlindBid(7)) == 7 and BlindBid(7) == "blind-7"


def test_blind_bid_min_refuses_a_blind_bid_below_the_range() -> None:
    assert bid_refusal(BLIND_SIX, ctx(trailing_by=100), BlindBid(5)) == (
        ReasonCode.BID_OUT_OF_RANGE,
        "a blind bid must be 6 to 13 tricks, not blind-5",
    )
    assert bid_refusal(STANDARD, ctx(trailing_by=500), BlindBid(7)) == (
        ReasonCode.BID_OUT_OF_RANGE,
        "this variant allows no blind bid, not blind-7",
    )


@pytest.mark.parametrize(("behind", "legal"), [(99, False), (100, True), (0, False), (-50, False)])
def test_blind_bid_trailing_by_needs_the_side_to_trail_by_the_margin(
    behind: int, legal: bool
) -> None:
    assert (BlindBid(6) in legal_bids(BLIND_SIX, ctx(trailing_by=behind))) is legal
    expected = None if legal else ReasonCode.BLIND_BID_NOT_TRAILING
    assert refused(BLIND_SIX, ctx(trailing_by=behind), BlindBid(13)) is expected


def test_blind_bid_trailing_by_refusal_names_margin_and_shortfall() -> None:
    assert bid_refusal(BLIND_SIX, ctx("W", trailing_by=99), BlindBid(7)) == (
        ReasonCode.BLIND_BID_NOT_TRAILING,
        "blind-7 needs the bidder's side to trail by at least 100 points; EW trails by 99",
    )
