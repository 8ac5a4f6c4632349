"""Whose turn: who deals first and next, who bids first, who leads to the first trick.

Each walks round the table the variant sets (`spadespec.reference_engine.table.Table`), so the same
rule serves four players and three.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spadespec.reference_engine.cards import card_text, rank_of, suit_of
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import (
    DealerRotation,
    FirstBidder,
    FirstDealer,
    FirstLeader,
)


@dataclass(frozen=True, slots=True)
class FirstDeal:
    """Who deals the first hand of a game, and the card each player drew for it (none when
    the dealer is chosen at random)."""

    dealer: Seat
    drawn: tuple[tuple[Seat, int], ...] = ()

    def drawn_json(self) -> dict[str, str]:
        """Each seat's card drawn, as the game's record writes it: `{"N": "7H", ...}`."""
        return {seat.name: card_text(card) for seat, card in self.drawn}


def dealer_at_random(table: Table, rng: random.Random) -> FirstDeal:
    """The first dealer is chosen at random."""
    return FirstDeal(table.seats[rng.randrange(len(table.seats))])


def dealer_by_high_card(table: Table, rng: random.Random) -> FirstDeal:
    """Each player in seat order draws a card from a shuffled pack of 52 (no jokers, no card
    promoted: ace high, two low); the highest rank deals first. Two cards of one rank are told
    apart by suit, spades highest, then hearts, diamonds, clubs, as in bridge's draw for the
    deal (an interpretation: the sources give no rule for a tie), so one draw always names a
    dealer."""
    pack = list(range(52))
    rng.shuffle(pack)
    drawn = tuple(zip(table.seats, pack, strict=False))
    dealer, _ = max(drawn, key=lambda seat_card: (rank_of(seat_card[1]), suit_of(seat_card[1])))
    return FirstDeal(dealer, drawn)


FIRST_DEALER: dict[FirstDealer, Callable[[Table, random.Random], FirstDeal]] = {
    FirstDealer.RANDOM: dealer_at_random,
    FirstDealer.HIGH_CARD: dealer_by_high_card,
}


def next_dealer_clockwise(table: Table, dealer: Seat) -> Seat:
    """The deal passes to the left after each hand."""
    return table.next_seat(dealer)


DEALER_ROTATION: dict[DealerRotation, Callable[[Table, Seat], Seat]] = {
    DealerRotation.CLOCKWISE: next_dealer_clockwise,
}


def drawer_left_of_dealer(table: Table, dealer: Seat) -> Seat:
    """Where two players draw their hands from the stock, the one who did not deal draws
    first."""
    return table.next_seat(dealer)


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
