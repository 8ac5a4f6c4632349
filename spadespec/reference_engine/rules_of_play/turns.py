"""Whose turn: who deals next, who bids first, who leads to the first trick.

Each walks round the table the variant sets (`spadespec.reference_engine.table.Table`), so the same
rule serves four players and three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import DealerRotation, FirstBidder, FirstLeader


def next_dealer_clockwise(table: Table, dealer: Seat) -> Seat:
    """The deal passes to the left after each hand."""
    return table.next_seat(dealer)


DEALER_ROTATION: dict[DealerRotation, Callable[[Table, Seat], Seat]] = {
    DealerRotation.CLOCKWISE: next_dealer_clockwise,
}


def bidder_left_of_dealer(table: Table, dealer: Seat) -> Seat:
    """The player on the dealer's left bids first; the dealer bids last."""
    return table.next_seat(dealer)


def bidder_is_dealer(table: Table, dealer: Seat) -> Seat:
    """The dealer bids first."""
    return dealer


FIRST_BIDDER: dict[FirstBidder, Callable[[Table, Seat], Seat]] = {
    FirstBidder.LEFT_OF_DEALER: bidder_left_of_dealer,
    FirstBidder.DEALER: bidder_is_dealer,
}


def leader_left_of_dealer(
    table: Table, dealer: Seat, hands: Sequence[int], card: int | None
) -> Seat:
    """The player on the dealer's left leads to the first trick."""
    return table.next_seat(dealer)


def leader_is_dealer(table: Table, dealer: Seat, hands: Sequence[int], card: int | None) -> Seat:
    """The dealer leads to the first trick."""
    return dealer


def leader_holds_card(table: Table, dealer: Seat, hands: Sequence[int], card: int | None) -> Seat:
    """Whoever holds the named card (usually the 2 of clubs) when play begins leads to the
    first trick; after a blind nil exchange, that is whoever holds it after the passing."""
    if card is None:
        raise ValueError("play.first_leader is holder-of-card but play.first_lead_card is not set")
    for seat in table.seats:
        if hands[seat] >> card & 1:
            return seat
    raise ValueError(
        "play.first_leader is holder-of-card but the first-lead card is not in the pack"
    )


FirstLeaderRule = Callable[[Table, Seat, Sequence[int], int | None], Seat]

FIRST_LEADER: dict[FirstLeader, FirstLeaderRule] = {
    FirstLeader.LEFT_OF_DEALER: leader_left_of_dealer,
    FirstLeader.DEALER: leader_is_dealer,
    FirstLeader.HOLDER_OF_CARD: leader_holds_card,
}
