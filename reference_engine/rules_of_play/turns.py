"""Whose turn: who deals next, who bids first, who leads to the first trick."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reference_engine.seats import SEATS, Seat
from reference_engine.variant.model import DealerRotation, FirstBidder, FirstLeader


def next_dealer_clockwise(dealer: Seat) -> Seat:
    """The deal passes to the left after each hand."""
    return dealer.left


DEALER_ROTATION: dict[DealerRotation, Callable[[Seat], Seat]] = {
    DealerRotation.CLOCKWISE: next_dealer_clockwise,
}


def bidder_left_of_dealer(dealer: Seat) -> Seat:
    """The player on the dealer's left bids first; the dealer bids last."""
    return dealer.left


def bidder_is_dealer(dealer: Seat) -> Seat:
    """The dealer bids first."""
    return dealer


FIRST_BIDDER: dict[FirstBidder, Callable[[Seat], Seat]] = {
    FirstBidder.LEFT_OF_DEALER: bidder_left_of_dealer,
    FirstBidder.DEALER: bidder_is_dealer,
}


def leader_left_of_dealer(dealer: Seat, hands: Sequence[int], card: int | None) -> Seat:
    """The player on the dealer's left leads to the first trick."""
    return dealer.left


def leader_is_dealer(dealer: Seat, hands: Sequence[int], card: int | None) -> Seat:
    """The dealer leads to the first trick."""
    return dealer


def leader_holds_card(dealer: Seat, hands: Sequence[int], card: int | None) -> Seat:
    """Whoever was dealt the named card (usually the 2 of clubs) leads to the first trick."""
    if card is None:
        raise ValueError("play.first_leader is holder-of-card but play.first_lead_card is not set")
    for seat in SEATS:
        if hands[seat] >> card & 1:
            return seat
    raise AssertionError("every card is dealt to some seat")


FIRST_LEADER: dict[FirstLeader, Callable[[Seat, Sequence[int], int | None], Seat]] = {
    FirstLeader.LEFT_OF_DEALER: leader_left_of_dealer,
    FirstLeader.DEALER: leader_is_dealer,
    FirstLeader.HOLDER_OF_CARD: leader_holds_card,
}
