"""The limits on the table's total bid, a nil counting as nothing: the table minimum
(`bidding.table_minimum`), which the last to bid must bring the bids to, and the table maximum
(`bidding.table_maximum`), which no bid may take them past; each gives way only when no bid that
keeps it is open. Every list of bids below is worked out by hand from the clause."""

from __future__ import annotations

import dataclasses
from typing import Any

from spadespec.reference_engine.game import Game
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.bids import (
    NIL,
    BidContext,
    bid_refusal,
    legal_bids,
)
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import BidConstraint, Rules

ELEVEN = load_variant("table-eleven").rules
CAP = load_variant("table-cap-thirteen").rules
ONE_TO_13: list[Any] = list(range(1, 14))


def with_bidding(rules: Rules = ELEVEN, **changes: Any) -> Rules:
    return dataclasses.replace(rules, bidding=dataclasses.replace(rules.bidding, **changes))


def last(others_total: int | None, spades: int = 3) -> BidContext:
    """North bidding last, the other three having bid `others_total` in all."""
    return BidContext(Seat.N, 0, spades, None, 0, 13, others_total)


def capped(so_far: int | None, partner_bid: Any = None, spades: int = 3) -> BidContext:
    """North bidding under a table maximum, `so_far` bid before in all."""
    return BidContext(Seat.N, 0, spades, partner_bid, 0, 13, None, so_far)


def test_last_bidder_must_bring_the_bids_to_eleven() -> None:
    """6 bid before: 5 to 13 reach eleven; 1 to 4 and nil fall short."""
    assert legal_bids(ELEVEN, last(6)) == list(range(5, 14))
    refusal = bid_refusal(ELEVEN, last(6), 4)
    assert refusal is not None and refusal[0] is ReasonCode.BELOW_TABLE_MINIMUM
    assert "others bid 6" in refusal[1] and "must bid 5 or more" in refusal[1]
    assert bid_refusal(ELEVEN, last(6), 5) is None


def test_a_nil_adds_nothing_toward_the_minimum() -> None:
    """10 bid before: nil leaves the total on 10 and is refused; 1 makes eleven."""
    assert legal_bids(ELEVEN, last(10)) == ONE_TO_13
    refusal = bid_refusal(ELEVEN, last(10), NIL)
    assert refusal is not None and refusal[0] is ReasonCode.BELOW_TABLE_MINIMUM


def test_once_eleven_is_bid_the_last_bidder_is_free() -> None:
    assert legal_bids(ELEVEN, last(11)) == [*ONE_TO_13, NIL]


def test_a_bidder_who_is_not_last_is_not_held() -> None:
    assert legal_bids(ELEVEN, last(None)) == [*ONE_TO_13, NIL]


def test_without_a_minimum_the_bids_may_total_anything() -> None:
    assert legal_bids(with_bidding(table_minimum=None), last(0)) == [*ONE_TO_13, NIL]


def test_the_minimum_gives_way_when_no_bid_reaches_it() -> None:
    """Under mirror bidding North, holding 3 spades, must bid 3; with 2 bid before, 3 leaves
    the total on 5, short of eleven, but it is the only bid, so the minimum gives way."""
    mirror = with_bidding(constraint=BidConstraint.MIRROR)
    assert legal_bids(mirror, last(2)) == [3]
    assert bid_refusal(mirror, last(2), 3) is None


def test_the_minimum_and_the_hook_together() -> None:
    """At least eleven and never thirteen: 9 bid before, so 2 and 3 reach eleven, 4 would make
    thirteen, and 5 to 13 pass it."""
    both = with_bidding(dealer_hook=True)
    assert legal_bids(both, last(9)) == [2, 3, *range(5, 14)]


def test_the_game_holds_only_the_last_bidder() -> None:
    """North deals; East 1, South 1: West, third, may bid nil (2 for now); then North, last,
    must bid 9 or more."""
    game = Game.new("table-eleven", dealer="N")
    game.deal(seed=3)
    game.bid("E", 1)
    game.bid("S", 1)
    assert game.legal_bids() == [*ONE_TO_13, NIL]
    game.bid("W", NIL)
    assert game.legal_bids() == list(range(9, 14))
    assert not game.can_bid("N", 8)


def test_no_bid_may_take_the_table_past_its_maximum() -> None:
    """9 bid so far: 1 to 4 stay within thirteen, 5 passes it; nil adds nothing."""
    assert legal_bids(CAP, capped(9)) == [1, 2, 3, 4, NIL]
    refusal = bid_refusal(CAP, capped(9), 5)
    assert refusal is not None and refusal[0] is ReasonCode.ABOVE_TABLE_MAXIMUM
    assert "9 is bid so far" in refusal[1] and "may bid at most 4" in refusal[1]


def test_at_the_maximum_only_nil_is_left() -> None:
    assert legal_bids(CAP, capped(13)) == [NIL]
    refusal = bid_refusal(CAP, capped(13), 1)
    assert refusal is not None and "may add nothing" in refusal[1]


def test_the_first_bidder_may_bid_the_whole_maximum() -> None:
    assert legal_bids(CAP, capped(0)) == [*ONE_TO_13, NIL]


def test_the_maximum_gives_way_when_no_bid_stays_within_it() -> None:
    """Under suicide North's partner bid nil, so North must bid a number; with 13 bid so far
    every number passes the cap, so the cap gives way and every number is open."""
    suicide = with_bidding(CAP, constraint=BidConstraint.SUICIDE)
    assert legal_bids(suicide, capped(13, partner_bid=NIL)) == ONE_TO_13


def test_the_game_caps_every_bidder() -> None:
    """North deals; East 5, South 4: West, third, may bid at most 4 or nil; after West's nil,
    North may bid at most 4 too."""
    game = Game.new("table-cap-thirteen", dealer="N")
    game.deal(seed=3)
    game.bid("E", 5)
    game.bid("S", 4)
    assert game.legal_bids() == [1, 2, 3, 4, NIL]
    game.bid("W", NIL)
    assert game.legal_bids() == [1, 2, 3, 4, NIL]
    assert not game.can_bid("N", 5)
