"""The dealer's hook (`bidding.dealer_hook`): the last to bid may not bring the bids, a nil
counting as nothing, to the tricks in a hand, unless no other bid is open to them. Every list of
bids below is worked out by hand from the clause."""

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

HOOK = load_variant("dealers-hook").rules
ONE_TO_13: list[Any] = list(range(1, 14))


def with_bidding(**changes: Any) -> Rules:
    return dataclasses.replace(HOOK, bidding=dataclasses.replace(HOOK.bidding, **changes))


def last(others_total: int | None, partner_bid: Any = None, spades: int = 3) -> BidContext:
    """North bidding last, the other three having bid `others_total` in all."""
    return BidContext(Seat.N, 0, spades, partner_bid, 0, 13, others_total)


def test_last_bidder_may_not_make_the_bids_thirteen() -> None:
    """9 bid before: 4 is refused, every other number and nil allowed."""
    assert legal_bids(HOOK, last(9)) == [b for b in ONE_TO_13 if b != 4] + [NIL]
    refusal = bid_refusal(HOOK, last(9), 4)
    assert refusal is not None and refusal[0] is ReasonCode.BIDS_ADD_UP_TO_TRICKS
    assert "others bid 9" in refusal[1] and "may not bid 4" in refusal[1]


def test_a_nil_counts_as_nothing_toward_the_thirteen() -> None:
    """13 bid before: nil would leave the total on 13, so only numbers may be bid."""
    assert legal_bids(HOOK, last(13)) == ONE_TO_13


def test_past_thirteen_the_last_bidder_is_free() -> None:
    assert legal_bids(HOOK, last(15)) == [*ONE_TO_13, NIL]


def test_a_bidder_who_is_not_last_is_not_hooked() -> None:
    assert legal_bids(HOOK, last(None)) == [*ONE_TO_13, NIL]


def test_without_the_hook_the_last_bid_may_make_thirteen() -> None:
    assert 4 in legal_bids(with_bidding(dealer_hook=False), last(9))


def test_the_hook_gives_way_when_it_would_leave_no_bid() -> None:
    """Under suicide, South bid 8 and the others' bids come to 13 (East 5, South 8, West nil):
    North must bid nil, which keeps the total on 13. Refusing it would leave North no bid, so the
    hook gives way and nil is the one bid."""
    suicide = with_bidding(constraint=BidConstraint.SUICIDE)
    assert legal_bids(suicide, last(13, partner_bid=8)) == [NIL]
    assert bid_refusal(suicide, last(13, partner_bid=8), NIL) is None


def test_the_game_hooks_only_the_dealer() -> None:
    """North deals; East 4, South 4: West, third, may bid 5 (13 for now); then North, last, may
    bid any number but not nil, which would leave the four bids on 13."""
    game = Game.new("dealers-hook", dealer="N")
    game.deal(seed=3)
    game.bid("E", 4)
    game.bid("S", 4)
    assert game.legal_bids() == [*ONE_TO_13, NIL]
    game.bid("W", 5)
    assert game.legal_bids() == ONE_TO_13
    assert not game.can_bid("N", NIL)
