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
    in_suit,
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
    seats: str = "NESW"
    """The seats in play, clockwise from North: `NES` at a table of three."""
    partnered: bool = True
    """Whether partners sit opposite and score together; False when each plays alone."""

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
        contract = taken = 0
        bids, won = self.bids, self.tricks_won
        for seat in _around(self.seats, self.seat, self.partnered).side:
            bid = bids.get(seat)
            if isinstance(bid, int):
                contract += bid
                taken += won.get(seat, 0)
        return taken >= contract

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


_AROUND: dict[tuple[str, str, bool], _Around] = {}


def _around(seats: str, seat: str, partnered: bool) -> _Around:
    """The seating seen from `seat`, worked out once per table and seat (read at every card)."""
    key = (seats, seat, partnered)
    found = _AROUND.get(key)
    if found is None:
        i, n = seats.index(seat), len(seats)
        partner = seats[(i + 2) % n] if partnered else None
        others = [seats[(i + k) % n] for k in range(1, n)]
        after = tuple(tuple(seats[(i + k) % n] for k in range(1, n - on)) for on in range(n))
        found = _AROUND[key] = _Around(
            partner,
            (seat,) if partner is None else (seat, partner),
            tuple(s for s in others if s != partner),
            after,
        )
    return found


def _highest_that_loses(view: SeatView, best: int) -> int | None:
    """The strongest legal card that does not take the trick from `best`, if any."""
    losers = view.legal & ~cards_that_beat(view.order, view.legal, best)
    return highest(view.order, losers) if losers else None


def _cheapest_winner(view: SeatView, best: int) -> int | None:
    """The weakest card that takes the trick from `best`: a card of its suit if possible,
    else the smallest trump."""
    order = view.order
    winners = cards_that_beat(order, view.legal, best)
    if not winners:
        return None
    same_suit = in_suit(order, winners, order.suit_of(best))
    return lowest(order, same_suit or winners, prefer_non_spades=False)


def play_nil(view: SeatView) -> int:
    """Bidding nil: stay under the winning card with the highest card that can, else (forced
    to win) get rid of the highest card; lead the lowest card."""
    if not view.trick:
        return lowest(view.order, view.legal)
    _, best = winning_play(view.order, view.trick)
    under = _highest_that_loses(view, best)
    return under if under is not None else highest(view.order, view.legal)


def cover_partner_nil(view: SeatView) -> int:
    """Partner bid nil and is still clean: make sure someone other than partner wins."""
    order, legal = view.order, view.legal
    if not view.trick:
        # Lead high in a plain suit, so partner can play under it.
        return highest(order, legal, prefer_non_spades=True)
    best_seat, best = winning_play(order, view.trick)
    if best_seat == view.partner:
        winner = _cheapest_winner(view, best)
        return winner if winner is not None else lowest(order, legal)
    if view.partner in view.seats_after_me():
        # Play high over partner's danger cards in the suit; a trump only if that wins.
        winners = cards_that_beat(order, legal, best)
        if winners:
            return highest(order, winners, prefer_non_spades=True)
        return lowest(order, legal)
    # Partner has played and is beaten already: play as for our own contract.
    return play_for_contract(view)


def set_opponent_nil(view: SeatView, target: str) -> int:
    """An opponent bid nil and is still clean: keep cards low so that they have to win."""
    order, legal = view.order, view.legal
    if not view.trick:
        return lowest(order, legal)
    best_seat, best = winning_play(order, view.trick)
    if best_seat == target:
        under = _highest_that_loses(view, best)
        return under if under is not None else lowest(order, legal)
    if target in view.seats_after_me():
        # Keep the card to beat as low as possible, so the nil bidder's card may top it.
        losers = legal & ~cards_that_beat(order, legal, best)
        if losers:
            return lowest(order, losers)
        cheapest = _cheapest_winner(view, best)
        return cheapest if cheapest is not None else lowest(order, legal)
    return play_for_contract(view)


def duck(view: SeatView) -> int:
    """The contract is safe: avoid winning tricks that would only be bags."""
    order, legal = view.order, view.legal
    if not view.trick:
        return lowest(order, legal)
    _, best = winning_play(order, view.trick)
    under = _highest_that_loses(view, best)
    return under if under is not None else lowest(order, legal, prefer_non_spades=False)


def _strongest_master(order: CardOrder, plain: int, unseen: int) -> int | None:
    """The strongest of the cards in `plain` that no unseen card beats in its suit, the lower
    suit on equal strength; None if there is none. Only a suit's top card held can be one (a
    card above it still out is above the others too)."""
    best = None
    power = order.pack.power
    for suit_mask in order.pack.suit_masks:
        held = plain & suit_mask
        if not held:
            continue
        top = highest(order, held)
        if is_master(order, top, unseen) and (best is None or power[top] > power[best]):
            best = top
    return best


def play_for_contract(view: SeatView) -> int:
    """Win the trick as cheaply as possible when it can be won and partner is not already
    winning it securely; otherwise throw the lowest card."""
    order, legal = view.order, view.legal
    if not view.trick:
        master = _strongest_master(order, legal & ~order.spade_mask, view.unseen)
        return master if master is not None else lowest(order, legal)
    best_seat, best = winning_play(order, view.trick)
    if best_seat == view.partner and (view.last_to_play() or is_master(order, best, view.unseen)):
        return lowest(order, legal)
    winner = _cheapest_winner(view, best)
    return winner if winner is not None else lowest(order, legal)


def choose_card(view: SeatView) -> int:
    """The sensible card to play, given what this seat can see; always one of `view.legal`."""
    if NILS.isdisjoint(view.bids.values()):
        # Nobody bid nil (most hands): nothing to cover and nothing to set.
        return duck(view) if view.side_contract_safe() else play_for_contract(view)
    if view.bid_nil(view.seat):
        return play_nil(view)
    around = _around(view.seats, view.seat, view.partnered)
    if view.nil_alive(around.partner):
        return cover_partner_nil(view)
    for opponent in around.opponents:
        if view.nil_alive(opponent):
            return set_opponent_nil(view, opponent)
    if view.side_contract_safe():
        return duck(view)
    return play_for_contract(view)
