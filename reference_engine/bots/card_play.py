"""How the sensible bot chooses a card: cover a partner's nil, try to set an opponent's nil,
duck once the side's contract is safe, otherwise win cheaply or throw low."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reference_engine.bots.bidding import NIL, Bid
from reference_engine.bots.masks import (
    SEATS,
    SPADE_MASK,
    cards_in,
    cards_that_beat,
    highest_by_rank,
    in_suit,
    is_master,
    lowest_by_rank,
    partner_of,
    rank_of,
    suit_of,
    winning_play,
)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one player knows when it is their turn to play: their own hand, the cards they
    may play, the trick so far, the bids, the tricks each seat has taken, and which cards are
    still out in the other three hands."""

    seat: str
    hand: int
    legal: int
    trick: Sequence[tuple[str, int]]
    bids: Mapping[str, Bid | None]
    tricks_won: Mapping[str, int]
    unseen: int

    @property
    def partner(self) -> str:
        return partner_of(self.seat)

    def nil_alive(self, seat: str) -> bool:
        """Whether `seat` bid nil and has not yet taken a trick."""
        return self.bids.get(seat) == NIL and self.tricks_won.get(seat, 0) == 0

    def side_contract_safe(self) -> bool:
        """Whether the side's numeric bids are already made by its non-nil players' tricks."""
        contract = taken = 0
        for seat in (self.seat, self.partner):
            bid = self.bids.get(seat)
            if isinstance(bid, int):
                contract += bid
                taken += self.tricks_won.get(seat, 0)
        return taken >= contract

    def opponents(self) -> tuple[str, str]:
        i = SEATS.index(self.seat)
        return SEATS[(i + 1) % 4], SEATS[(i + 3) % 4]

    def seats_after_me(self) -> list[str]:
        """The seats still to play to this trick after this one."""
        i = SEATS.index(self.seat)
        return [SEATS[(i + k) % 4] for k in range(1, 4 - len(self.trick))]


def _highest_that_loses(legal: int, best: int) -> int | None:
    """The highest legal card that does not take the trick from `best`, if any."""
    losers = legal & ~cards_that_beat(legal, best)
    return highest_by_rank(losers) if losers else None


def _cheapest_winner(legal: int, best: int) -> int | None:
    """The lowest card that takes the trick from `best`: a card of the suit if possible, else
    the smallest trump."""
    winners = cards_that_beat(legal, best)
    if not winners:
        return None
    same_suit = in_suit(winners, suit_of(best))
    return lowest_by_rank(same_suit or winners, prefer_non_spades=False)


def play_nil(view: SeatView) -> int:
    """Bidding nil: stay under the winning card with the highest card that can, else (forced
    to win) get rid of the highest card; lead the lowest card."""
    if not view.trick:
        return lowest_by_rank(view.legal)
    _, best = winning_play(view.trick)
    under = _highest_that_loses(view.legal, best)
    return under if under is not None else highest_by_rank(view.legal)


def cover_partner_nil(view: SeatView) -> int:
    """Partner bid nil and is still clean: make sure someone other than partner wins."""
    legal = view.legal
    if not view.trick:
        # Lead high in a plain suit, so partner can play under it.
        return highest_by_rank(legal, prefer_non_spades=True)
    best_seat, best = winning_play(view.trick)
    if best_seat == view.partner:
        winner = _cheapest_winner(legal, best)
        if winner is not None:
            return winner
        return lowest_by_rank(legal)
    if view.partner in view.seats_after_me():
        # Play high over partner's danger cards in the suit; a trump only if that wins.
        winners = cards_that_beat(legal, best)
        if winners:
            return highest_by_rank(winners, prefer_non_spades=True)
        return lowest_by_rank(legal)
    # Partner has played and is beaten already: play as for our own contract.
    return play_for_contract(view)


def set_opponent_nil(view: SeatView, target: str) -> int:
    """An opponent bid nil and is still clean: keep cards low so that they have to win."""
    legal = view.legal
    if not view.trick:
        return lowest_by_rank(legal)
    best_seat, best = winning_play(view.trick)
    if best_seat == target:
        under = _highest_that_loses(legal, best)
        return under if under is not None else lowest_by_rank(legal)
    if target in view.seats_after_me():
        # Keep the card to beat as low as possible, so the nil bidder's card may top it.
        losers = legal & ~cards_that_beat(legal, best)
        if losers:
            return lowest_by_rank(losers)
        cheapest = _cheapest_winner(legal, best)
        return cheapest if cheapest is not None else lowest_by_rank(legal)
    return play_for_contract(view)


def duck(view: SeatView) -> int:
    """The contract is safe: avoid winning tricks that would only be bags."""
    legal = view.legal
    if not view.trick:
        return lowest_by_rank(legal)
    _, best = winning_play(view.trick)
    under = _highest_that_loses(legal, best)
    return under if under is not None else lowest_by_rank(legal, prefer_non_spades=False)


def play_for_contract(view: SeatView) -> int:
    """Win the trick as cheaply as possible when it can be won and partner is not already
    winning it securely; otherwise throw the lowest card."""
    legal = view.legal
    if not view.trick:
        masters = [c for c in cards_in(legal & ~SPADE_MASK) if is_master(c, view.unseen)]
        if masters:
            return max(masters, key=rank_of)
        return lowest_by_rank(legal)
    best_seat, best = winning_play(view.trick)
    last_to_play = len(view.trick) == 3
    if best_seat == view.partner and (last_to_play or is_master(best, view.unseen)):
        return lowest_by_rank(legal)
    winner = _cheapest_winner(legal, best)
    if winner is not None:
        return winner
    return lowest_by_rank(legal)


def choose_card(view: SeatView) -> int:
    """The sensible card to play, given what this seat can see."""
    if view.bids.get(view.seat) == NIL:
        return play_nil(view)
    if view.nil_alive(view.partner):
        return cover_partner_nil(view)
    for opponent in view.opponents():
        if view.nil_alive(opponent):
            return set_opponent_nil(view, opponent)
    if view.side_contract_safe():
        return duck(view)
    return play_for_contract(view)
