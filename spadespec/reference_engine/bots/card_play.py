"""How the sensible bot chooses a card: cover a partner's nil, try to set an opponent's nil,
duck once the side's contract is safe, otherwise win cheaply or throw low. A blind nil is
played and covered like a nil; a player alone (three-handed, or scoring individually) covers
nobody and plays for its own bid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from spadespec.reference_engine.bots.bidding import NILS, Bid, is_nil
from spadespec.reference_engine.bots.masks import (
    STANDARD,
    CardOrder,
    cards_that_beat,
    highest,
    is_master,
    lowest,
    winning_play,
)


class SeatView(NamedTuple):
    """What one player knows when it is their turn to play: their own hand, the cards they
    may play, the trick so far, the bids, the tricks each seat has taken, and which cards are
    still out in the other hands. (A tuple, not a dataclass: one is made for every card a bot
    plays, and a tuple is made in one step.)"""

    seat: str
    hand: int
    legal: int
    trick: Sequence[tuple[str, int]]
    bids: Mapping[str, Bid | None]
    tricks_won: Mapping[str, int]
    unseen: int
    order: CardOrder = STANDARD
    """The pack as the bot reads it: suits as played and the strength of every card."""
    seats: str | tuple[str, ...] = "NESW"
    """The seats in play, clockwise from North: `NES` at a table of three; a tuple of names
    where some name is longer than a letter (`("N", "NE", "SE", "SW", "NW")`)."""
    partnered: bool | tuple[str | None, ...] = True
    """Who partners whom: True where partners sit two seats along (the four-seat table), False
    where each plays alone, else each seat's partner (None: alone), in the order of `seats`."""

    @property
    def partner(self) -> str | None:
        return _around(self.seats, self.seat, self.partnered).partner

    def bid_nil(self, seat: str | None) -> bool:
        """Whether `seat` bid nil or blind nil."""
        return seat is not None and is_nil(self.bids.get(seat))

    def nil_alive(self, seat: str | None) -> bool:
        """Whether `seat` bid nil (or blind nil) and has not yet taken a trick."""
        if seat is None or not is_nil(self.bids.get(seat)):
            return False
        return self.tricks_won.get(seat, 0) == 0

    def side_contract_safe(self) -> bool:
        """Whether the side's numeric bids are already made by its non-nil players' tricks."""
        return _contract_safe(self, _around(self.seats, self.seat, self.partnered))

    def opponents(self) -> list[str]:
        """The other side's seats (every other seat when each plays alone), left first."""
        return list(_around(self.seats, self.seat, self.partnered).opponents)

    def seats_after_me(self) -> list[str]:
        """The seats still to play to this trick after this one."""
        return list(_around(self.seats, self.seat, self.partnered).after[len(self.trick)])

    def last_to_play(self) -> bool:
        return len(self.trick) == len(self.seats) - 1


class _Around(NamedTuple):
    """Who sits where from one seat: its partner, its side, its opponents left first, and the
    seats still to play after it once so many cards are on the trick."""

    partner: str | None
    side: tuple[str, ...]
    opponents: tuple[str, ...]
    after: tuple[tuple[str, ...], ...]


_Partnered = bool | tuple[str | None, ...]

_AROUND: dict[tuple[str | tuple[str, ...], str, _Partnered], _Around] = {}


def _around(seats: str | tuple[str, ...], seat: str, partnered: _Partnered) -> _Around:
    """The seating seen from `seat`, worked out once per table and seat (read at every card)."""
    key = (seats, seat, partnered)
    found = _AROUND.get(key)
    if found is None:
        i, n = seats.index(seat), len(seats)
        if partnered is True:
            partner: str | None = seats[(i + 2) % n]
        else:
            partner = partnered[i] if partnered else None
        others = [seats[(i + k) % n] for k in range(1, n)]
        after = tuple(tuple(seats[(i + k) % n] for k in range(1, n - on)) for on in range(n))
        found = _AROUND[key] = _Around(
            partner,
            (seat,) if partner is None else (seat, partner),
            tuple(s for s in others if s != partner),
            after,
        )
    return found


def _contract_safe(view: SeatView, around: _Around) -> bool:
    """`SeatView.side_contract_safe`, the seating already looked up."""
    contract = taken = 0
    bids, won = view.bids, view.tricks_won
    for seat in around.side:
        bid = bids.get(seat)
        if isinstance(bid, int):
            contract += bid
            taken += won.get(seat, 0)
    return taken >= contract


def _highest_that_loses(order: CardOrder, legal: int, best: int) -> int | None:
    """The strongest legal card that does not take the trick from `best`, if any."""
    losers = legal & ~order.beaters[best]
    return highest(order, losers) if losers else None


def _cheapest_winner(order: CardOrder, legal: int, best: int) -> int | None:
    """The weakest card that takes the trick from `best`: a card of its suit if possible,
    else the smallest trump."""
    winners = legal & order.beaters[best]
    if not winners:
        return None
    same_suit = winners & order.pack.suit_masks[order.pack.suit_of[best]]
    return lowest(order, same_suit or winners, prefer_non_spades=False)


def play_nil(view: SeatView) -> int:
    """Bidding nil: stay under the winning card with the highest card that can, else (forced
    to win) get rid of the highest card; lead the lowest card."""
    order, legal = view.order, view.legal
    if not view.trick:
        return lowest(order, legal)
    _, best = winning_play(order, view.trick)
    under = _highest_that_loses(order, legal, best)
    return under if under is not None else highest(order, legal)


def cover_partner_nil(view: SeatView, around: _Around) -> int:
    """Partner bid nil and is still clean: make sure someone other than partner wins."""
    order, legal, trick = view.order, view.legal, view.trick
    if not trick:
        # Lead high in a plain suit, so partner can play under it.
        return highest(order, legal, prefer_non_spades=True)
    best_seat, best = winning_play(order, trick)
    if best_seat == around.partner:
        winner = _cheapest_winner(order, legal, best)
        return winner if winner is not None else lowest(order, legal)
    if around.partner in around.after[len(trick)]:
        # Play high over partner's danger cards in the suit; a trump only if that wins.
        winners = cards_that_beat(order, legal, best)
        if winners:
            return highest(order, winners, prefer_non_spades=True)
        return lowest(order, legal)
    # Partner has played and is beaten already: play as for our own contract.
    return play_for_contract(view, around)


def set_opponent_nil(view: SeatView, target: str, around: _Around) -> int:
    """An opponent bid nil and is still clean: keep cards low so that they have to win."""
    order, legal, trick = view.order, view.legal, view.trick
    if not trick:
        return lowest(order, legal)
    best_seat, best = winning_play(order, trick)
    if best_seat == target:
        under = _highest_that_loses(order, legal, best)
        return under if under is not None else lowest(order, legal)
    if target in around.after[len(trick)]:
        # Keep the card to beat as low as possible, so the nil bidder's card may top it.
        losers = legal & ~cards_that_beat(order, legal, best)
        if losers:
            return lowest(order, losers)
        cheapest = _cheapest_winner(order, legal, best)
        return cheapest if cheapest is not None else lowest(order, legal)
    return play_for_contract(view, around)


def duck(view: SeatView) -> int:
    """The contract is safe: avoid winning tricks that would only be bags."""
    order, legal = view.order, view.legal
    if not view.trick:
        return lowest(order, legal)
    _, best = winning_play(order, view.trick)
    under = _highest_that_loses(order, legal, best)
    return under if under is not None else lowest(order, legal, prefer_non_spades=False)


def _strongest_master(order: CardOrder, plain: int, unseen: int) -> int | None:
    """The strongest of the cards in `plain` that no unseen card beats in its suit, the lower
    suit on equal strength; None if there is none. Only a suit's top card held can be one (a
    card above it still out is above the others too)."""
    best = None
    power, above, numbered = order.pack.power, order.above, order.numbered
    for suit_mask in order.pack.suit_masks:
        held = plain & suit_mask
        if not held:
            continue
        # In a numbered pack a suit's top card is its highest-numbered one.
        top = held.bit_length() - 1 if numbered else highest(order, held)
        if not unseen & above[top] and (best is None or power[top] > power[best]):
            best = top
    return best


def play_for_contract(view: SeatView, around: _Around | None = None) -> int:
    """Win the trick as cheaply as possible when it can be won and partner is not already
    winning it securely; otherwise throw the lowest card."""
    order, legal, trick = view.order, view.legal, view.trick
    if not trick:
        master = _strongest_master(order, legal & ~order.pack.spade_mask, view.unseen)
        return master if master is not None else lowest(order, legal)
    best_seat, best = winning_play(order, trick)
    if around is None:
        around = _around(view.seats, view.seat, view.partnered)
    if best_seat == around.partner and (
        len(trick) == len(view.seats) - 1 or is_master(order, best, view.unseen)
    ):
        return lowest(order, legal)
    winner = _cheapest_winner(order, legal, best)
    return winner if winner is not None else lowest(order, legal)


def choose_card(view: SeatView) -> int:
    """The sensible card to play, given what this seat can see; always one of `view.legal`."""
    seat = view.seat
    around = _AROUND.get((view.seats, seat, view.partnered))  # `_around`, its common case
    if around is None:
        around = _around(view.seats, seat, view.partnered)
    bids = view.bids
    if NILS.isdisjoint(bids.values()):
        # Nobody bid nil (most hands): nothing to cover and nothing to set.
        if _contract_safe(view, around):
            return duck(view)
        return play_for_contract(view, around)
    if is_nil(bids.get(seat)):
        return play_nil(view)
    if view.nil_alive(around.partner):
        return cover_partner_nil(view, around)
    for opponent in around.opponents:
        if view.nil_alive(opponent):
            return set_opponent_nil(view, opponent, around)
    if _contract_safe(view, around):
        return duck(view)
    return play_for_contract(view, around)
