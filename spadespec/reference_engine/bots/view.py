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


def seat_view(game: Game, seat: Any) -> SeatView:
    """What `seat` sees when it is their turn to play."""
    me = parse_seat(seat)
    seats = game.table
    pack = game.pack
    hands = game.hands
    trick = [(parse_seat(s).name, card) for s, card in game.current_trick]
    in_hands = 0
    for other in seats.seats:
        in_hands |= hands[other]
    on_table = 0
    for _, card in trick:
        on_table |= 1 << card
    # Cards still out: in someone else's hand (played ones are public, so this is fair to know).
    unseen = in_hands & ~hands[me] & pack.cards & ~on_table
    return SeatView(
        seat=me.name,
        hand=hands[me],
        legal=game.legal_plays(me),
        trick=trick,
        bids=by_seat_name(game.bids),
        tricks_won=by_seat_name(game.tricks_won),
        unseen=unseen,
        order=card_order(pack),
        seats="".join(s.name for s in seats.seats),
        partnered=seats.partnerships,
    )
