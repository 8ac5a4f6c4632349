"""What a bot may look at in a game: the legal bids now, how far its side is behind, and one
seat's view of the table (its own hand, the trick, the bids, the tricks taken, the cards not
yet seen), all read through the variant's pack and table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spadespec.reference_engine.actions import Bid, Move, Play
from spadespec.reference_engine.bots.bidding import Bid as BidValue
from spadespec.reference_engine.bots.card_play import SeatView
from spadespec.reference_engine.bots.masks import CardOrder, card_order
from spadespec.reference_engine.game_phases.state import PLAYING
from spadespec.reference_engine.seats import ALL_SEATS, SEAT_NAMES, Seat, parse_seat
from spadespec.reference_engine.table import Table

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game


def legal_bids(game: Game) -> list[BidValue]:
    """The bids the player to act may make now."""
    return list(bid_values(game))


def bid_values(game: Game) -> tuple[BidValue, ...]:
    """`legal_bids` as a tuple, the same one for every position the game offers the same bid
    records in (`legal_actions()` shares them)."""
    actions = game.legal_actions()
    kept = _BID_VALUES.get(id(actions))
    if kept is not None and kept[0] is actions:
        return kept[1]
    values = tuple(action.bid for action in actions if isinstance(action, Bid))
    if len(_BID_VALUES) >= 256:
        _BID_VALUES.clear()
    _BID_VALUES[id(actions)] = (actions, values)  # the records kept: their id is not reused
    return values


_BID_VALUES: dict[int, tuple[tuple[Move, ...], tuple[BidValue, ...]]] = {}
"""id(the legal bid records) -> (those records, their bids)."""


def by_seat_name(values: Mapping[Any, Any] | Sequence[Any]) -> dict[str, Any]:
    """Per-seat values (a mapping by seat, or a sequence indexed by seat number: N, E, S, W,
    then NE, SE, SW, NW) keyed by seat name."""
    if isinstance(values, Mapping):
        return {str(parse_seat(k).name): v for k, v in values.items()}
    return {seat.name: values[seat] for seat in ALL_SEATS[: len(values)]}


def order_of(game: Game) -> CardOrder:
    """The game's pack as a bot reads it."""
    return card_order(game.pack)


def table(game: Game) -> Table:
    return game.table


def partner_bid(game: Game, seat: Seat) -> BidValue | None:
    """Partner's bid if partner has bid; None before that, or with no partner."""
    partner = table(game).partner[seat]
    return None if partner is None else game.bids.get(partner)


_NAMES = SEAT_NAMES
"""Seat number -> its name, read without going through the enum at every card."""


_LETTERS: dict[tuple[Seat, ...], str | tuple[str, ...]] = {}


def _letters(seats: tuple[Seat, ...]) -> str | tuple[str, ...]:
    """The seats in play by name, clockwise from North (worked out once per table): one
    string of letters (`NESW`) where every name is one letter, else a tuple of names."""
    found = _LETTERS.get(seats)
    if found is None:
        names = tuple(seat.name for seat in seats)
        one_letter = all(len(name) == 1 for name in names)
        found = _LETTERS[seats] = "".join(names) if one_letter else names
    return found


_PARTNERING: dict[tuple[Seat | None, ...], bool | tuple[str | None, ...]] = {}


def _partnering(table: Table) -> bool | tuple[str | None, ...]:
    """Who partners whom, as `SeatView.partnered` reads it (worked out once per table): False
    where nobody has a partner, True where each seat's partner sits two seats along, else each
    seat's partner by name in the order of `table.seats`."""
    found = _PARTNERING.get(table.partner)
    if found is None:
        seats, n = table.seats, len(table.seats)
        partners = tuple(table.partner[seat] for seat in seats)
        if all(p is None for p in partners):
            found = False
        elif all(p is seats[(i + 2) % n] for i, p in enumerate(partners)):
            found = True
        else:
            found = tuple(None if p is None else p.name for p in partners)
        _PARTNERING[table.partner] = found
    return found


_Table = tuple[
    dict[str, Any], dict[str, int], CardOrder, str | tuple[str, ...], bool | tuple[str | None, ...]
]
"""What every seat's view shares for one trick: the bids and tricks taken keyed by seat
letter, the pack as a bot reads it, the seats in play as letters, whether partners score
together."""

_KEPT: list[Any] = [None, None, None, -1, None, 0, []]
"""The trick being played, as the last view of it saw it: (game, its bids, its tricks taken,
the trick's number, the `_Table`, the log's length then, the trick's cards then as (letter,
card)). While the cards are played nothing in the `_Table` changes but the tricks taken, and
those only when a trick ends, which moves the trick's number on (a new hand makes new dicts);
whatever the log gained since is cards played to this trick."""


def _shared(game: Game) -> tuple[_Table, list[tuple[str, int]]]:
    """The trick's `_Table` and its cards so far, made once per trick of a hand being played
    (four views read them) and kept."""
    table = game.table
    shared: _Table = (
        {_NAMES[s]: v for s, v in game.bids.items()},
        {_NAMES[s]: v for s, v in game.tricks_won.items()},
        card_order(game.pack),
        _letters(table.seats),
        _partnering(table),
    )
    trick = [(_NAMES[s], card) for s, card in game.current_trick]
    if game.phase is PLAYING:  # bids still being made, or a hand over: not kept
        bids, won, number = game.bids, game.tricks_won, game.trick_number
        _KEPT[:] = (game, bids, won, number, shared, len(game.log), trick.copy())
    return shared, trick


def seat_view(game: Game, seat: Any) -> SeatView:
    """What `seat` sees when it is their turn to play."""
    me = seat if type(seat) is Seat else parse_seat(seat)
    return play_view(game, me, game.legal_plays(me))


_make_view = tuple.__new__
"""Builds a `SeatView` from its fields in one call (its generated `__new__` takes two)."""


def play_view(game: Game, me: Seat, legal: int) -> SeatView:
    """`seat_view` for `me`, whose legal plays (`game.legal_plays(me)`) are `legal`."""
    hands = game.hands
    names = _NAMES
    kept = _KEPT
    if (
        kept[0] is game
        and kept[1] is game.bids
        and kept[2] is game.tricks_won
        and kept[3] == game.trick_number
        and game.phase is PLAYING
    ):
        log = game.log
        so_far: list[tuple[str, int]] = kept[6]
        for play in log[kept[5] :]:
            assert type(play) is Play  # what the log gained since: cards played to this trick
            so_far.append((names[play.seat], play.card))
        kept[5] = len(log)
        shared: _Table = kept[4]
        trick = so_far.copy()
    else:
        shared, trick = _shared(game)
    bids, won, order, letters, partnered = shared
    # Cards still out: in someone else's hand (played ones are public, so this is fair to
    # know). A card played has left its player's hand, and an empty seat's hand is 0.
    held = hands[0] | hands[1] | hands[2] | hands[3]
    if len(hands) > 4:  # a table with seats beyond W
        held |= hands[4] | hands[5] | hands[6] | hands[7]
    unseen = held & ~hands[me] & game.pack.cards
    view: SeatView = _make_view(
        SeatView,
        (names[me], hands[me], legal, trick, bids, won, unseen, order, letters, partnered),
    )
    return view
