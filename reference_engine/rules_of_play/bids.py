"""Legal bids: a number of tricks within the variant's range, or nil where nil is allowed."""

from __future__ import annotations

from reference_engine.actions import NIL, BidValue
from reference_engine.reason_codes import ReasonCode
from reference_engine.variant.model import BiddingRules, NilBid


def legal_bids(bidding: BiddingRules) -> list[BidValue]:
    """Every bid a player may make, numbers low to high, then nil."""
    bids: list[BidValue] = list(range(bidding.min_bid, bidding.max_bid + 1))
    if bidding.nil is NilBid.ALLOWED:
        bids.append(NIL)
    return bids


def bid_refusal(bidding: BiddingRules, bid: BidValue) -> ReasonCode | None:
    """Why the variant refuses this bid, or None if it may be made."""
    if bid == NIL:
        return None if bidding.nil is NilBid.ALLOWED else ReasonCode.NIL_NOT_ALLOWED
    if not bidding.min_bid <= int(bid) <= bidding.max_bid:
        return ReasonCode.BID_OUT_OF_RANGE
    return None
