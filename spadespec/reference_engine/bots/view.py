"""What a bot may look at in a game: the legal bids now, how far its side is behind, and one
seat's view of the table (its own hand, the trick, the bids, the tricks taken, the cards not
yet seen), all read through the variant's pack and table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spadespec.reference_engine.actions import Bid
from spadespec.reference_engine.bots.bidding import Bid as BidValue
from spadespec.reference_engine.bots.card_play import SeatView
from spadespec.reference_engine.bots.masks import CardOrder, card_order
from spadespec.reference_engine.seats import SEATS, Seat, parse_seat
from spadespec.reference_engine.table import Table

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game


def legal_bids(game: Game) -> list[BidValue]:
    """The bids the player to act may make now."""
    return [action.bid for action in game.legal_actions() if isinstance(action, Bid)]


def by_seat_name(values: Mapping[Any, Any] | Sequence[Any]) -> dict[str, Any]:
    """Per-seat values (a mapping by seat, or a sequence indexed N, E, S, W) keyed `N`..`W`."""
    if isinstance(values, Mapping):
        return {str(parse_seat(k).name): v for k, v in values.items()}
    return {seat.name: values[seat] for seat in SEATS[: len(values)]}


def order_of(game: Game) -> CardOrder:
    """The game's pack as a bot reads it."""
    return card_order(game.pack)


def table(game: Game) -> Table:
    return game.table


def partner_bid(game: Game, seat: Seat) -> BidValue | None:
    """Partner's bid if partner has bid; None before that, or with no partner."""
    partner = table(game).partner[seat]
    return None if partner is None else game.bids.get(partner)


_NAMES = tuple(seat.name for seat in SEATS)
"""Seat number -> its letter, read without going through the enum at every card."""


_LETTERS: dict[tuple[Seat, ...], str] = {}


def _letters(seats: tuple[Seat, ...]) -> str:
    """The seats in play as letters, clockwise from North (worked out once per table)."""
    found = _LETTERS.get(seats)
    if found is None:
        found = _LETTERS[seats] = "".join(seat.name for seat in seats)
    return found


_NAMED: dict[int, tuple[Mapping[Seat, Any], int, int, dict[str, Any]]] = {}


def _named(by_seat: Mapping[Seat, Any], stamp: int) -> dict[str, Any]:
    """`by_seat` keyed by seat letters, remade only when it may have changed: the bids are set
    before the first card (a hand has a dict of its own), the tricks taken change once a trick
    (`stamp`, the trick's number). The last dict is kept so that it is not freed and its id
    reused."""
    kept = _NAMED.get(id(by_seat))
    if kept is not None and kept[0] is by_seat and kept[1] == stamp and kept[2] == len(by_seat):
        return kept[3]
    named = {_NAMES[s]: v for s, v in by_seat.items()}
    if len(_NAMED) >= 64:
        _NAMED.clear()
    _NAMED[id(by_seat)] = (by_seat, stamp, len(by_seat), named)
    return named


def seat_view(game: Game, seat: Any) -> SeatView:
    """What `seat` sees when it is their turn to play."""
    me = seat if type(seat) is Seat else parse_seat(seat)
    table = game.table
    pack = game.pack
    hands = game.hands
    names = _NAMES
    trick = [(names[s], card) for s, card in game.current_trick]
    in_hands = hands[0] | hands[1] | hands[2] | hands[3]  # an empty seat's hand is 0
    on_table = 0
    for _, card in trick:
        on_table |= 1 << card
    # Cards still out: in someone else's hand (played ones are public, so this is fair to know).
    unseen = in_hands & ~hands[me] & pack.cards & ~on_table
    return SeatView(
        names[me],
        hands[me],
        game.legal_plays(me),
        trick,
        _named(game.bids, 0),
        _named(game.tricks_won, game.trick_number),
        unseen,
        card_order(pack),
        _letters(table.seats),
        table.partner[0] is not None,
    )
