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
from spadespec.reference_engine.game_phases.state import PLAYING
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


_Table = tuple[dict[str, Any], dict[str, int], CardOrder, str, bool]
"""What every seat's view shares for one trick: the bids and tricks taken keyed by seat
letter, the pack as a bot reads it, the seats in play as letters, whether partners score
together."""

_KEPT: list[Any] = [None, None, None, -1, None]
"""The last trick's shared view: (game, its bids, its tricks taken, the trick's number, the
`_Table`). While the cards are played nothing in it changes but the tricks taken, and those
only when a trick ends, which moves the trick's number on (a new hand makes new dicts)."""


def _shared(game: Game) -> _Table:
    """The trick's `_Table`, made once per trick of a hand being played (four views read it)."""
    kept = _KEPT
    bids, won, number = game.bids, game.tricks_won, game.trick_number
    if kept[0] is game and kept[1] is bids and kept[2] is won and kept[3] == number:
        shared: _Table = kept[4]
        return shared
    table = game.table
    shared = (
        {_NAMES[s]: v for s, v in bids.items()},
        {_NAMES[s]: v for s, v in won.items()},
        card_order(game.pack),
        "".join(_NAMES[s] for s in table.seats),
        table.partner[0] is not None,
    )
    if game.phase is PLAYING:  # bids still being made, or a hand over: not kept
        kept[:] = (game, bids, won, number, shared)
    return shared


def seat_view(game: Game, seat: Any) -> SeatView:
    """What `seat` sees when it is their turn to play."""
    me = seat if type(seat) is Seat else parse_seat(seat)
    hands = game.hands
    names = _NAMES
    trick = [(names[s], card) for s, card in game.current_trick]
    bids, won, order, letters, partnered = _shared(game)
    # Cards still out: in someone else's hand (played ones are public, so this is fair to
    # know). A card played has left its player's hand, and an empty seat's hand is 0.
    unseen = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[me] & game.pack.cards
    return SeatView(
        names[me], hands[me], game.legal_plays(me), trick, bids, won, unseen, order, letters,
        partnered,
    )  # fmt: skip
