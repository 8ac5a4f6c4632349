"""Who sits at the table and who scores with whom, as a variant's `deck` and `table` rules say.

Four players sit N, E, S, W in two partnerships (NS and EW); three players ("cutthroat") sit
N, E, S, South's left being North; five sit N, NE, SE, SW, NW (a hexagon's seats with South's
left empty), either each alone or as two pairs (NE-SW, SE-NW) and North alone, the spoiler;
six sit N, NE, SE, S, SW, NW (a hexagon's) as three pairs, each player's partner opposite
(N-S, NE-SW, SE-NW); seven sit N, NE, E, SE, SW, W, NW (an octagon's with South's left empty) as
three pairs (NE-SW, E-W, SE-NW) and the spoiler; eight sit at the octagon's eight points as
four pairs (N-S, NE-SW, E-W, SE-NW).
Players alone each score for themselves, so each seat is its own side named by
its seat. Everything that walks round the table (the next dealer, bidder or player) asks the
table, never `Seat.left`, which knows only the four-seat table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from spadespec.reference_engine.pack_kinds import DECK_SIZE
from spadespec.reference_engine.seats import COMPASS, PAIRED_TABLES, SEATS, SPOILER_TABLES, Seat
from spadespec.reference_engine.variant.model import Kitty, Rules, Sides


@dataclass(frozen=True, slots=True)
class Table:
    """The seats in play, clockwise from North, and how they pair into sides."""

    seats: tuple[Seat, ...]
    sides: tuple[str, ...]
    """Side names in order: `NS`, `EW` for partnerships of four (`N-S`, `NE-SW`... of six or
    eight); `N`, `E`, `S` for three alone; `N`, `NE-SW`, `SE-NW` for two partnerships and a
    spoiler."""
    left: tuple[Seat | None, ...]
    """Indexed by seat number: the next seat clockwise in play (None for an empty seat)."""
    side_of: tuple[str | None, ...]
    """Indexed by seat number: the side the seat scores for (None for an empty seat)."""
    side_seats: dict[str, tuple[Seat, ...]]
    """Side name -> its seats, in seat order."""
    partner: tuple[Seat | None, ...]
    """Indexed by seat number: the seat's partner, None when it has none."""
    cards_per_hand: int
    """Cards dealt to each seat, which is also the number of tricks in a hand."""
    set_aside: int
    """Cards of the pack in no hand once the deal is done: the two a kitty's dealer lays aside
    (`deal.kitty: dealer-takes-two`), the half of the pack two players throw out as they draw,
    else none."""
    partnerships: bool
    """Whether some seats score with a partner (at four seats, North-South and East-West)."""
    spoiler: str | None = None
    """The side of the player alone beside partnerships, `N`, whose points the spoiler's
    multiplier counts (`table.sides: partnerships-and-spoiler`); None at every other table."""
    drawn: bool = False
    """Whether the players draw their hands from a stock (two players), the cards thrown out
    being the ones `set_aside`, rather than a kitty's dealer laying two aside."""

    @property
    def width(self) -> int:
        """How many places a per-seat tuple (a deal's hands, `left`, `side_of`) has: four,
        or eight at a table with a seat beyond W."""
        return len(self.left)

    @property
    def players(self) -> int:
        return len(self.seats)

    def next_seat(self, seat: Seat) -> Seat:
        """The seat on `seat`'s left: who acts after it."""
        try:
            following = self.left[seat]
        except IndexError:  # a seat beyond W at a table of four or fewer
            following = None
        if following is None:
            raise ValueError(f"seat {seat.name} is not in play at a {self.players}-player table")
        return following


SEATINGS: dict[int, tuple[Seat, ...]] = {
    2: (Seat.N, Seat.S),
    3: SEATS[:3],
    4: SEATS,
    5: (Seat.N, Seat.NE, Seat.SE, Seat.SW, Seat.NW),
    6: (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW),
    7: (Seat.N, Seat.NE, Seat.E, Seat.SE, Seat.SW, Seat.W, Seat.NW),
    8: COMPASS,
}
"""The seats of a table of each size, clockwise from North."""


def _counts() -> str:
    counts = [str(n) for n in SEATINGS]
    return ", ".join(counts[:-1]) + f" or {counts[-1]}"


@lru_cache(maxsize=64)
def make_table(players: int, sides: Sides, cards_in_play: int, set_aside: int = 0) -> Table:
    """The table for `players` seats scoring as `sides`, dealing `cards_in_play` cards, of which
    the dealer lays `set_aside` aside after the deal."""
    seats = SEATINGS.get(players)
    if seats is None:
        raise ValueError(f"a table seats {_counts()} players, not {players}")
    if (cards_in_play - set_aside) % players:
        raise ValueError(f"{cards_in_play} cards do not deal out evenly to {players} players")
    width = 4 if max(seats) < 4 else 8
    left: list[Seat | None] = [None] * width
    for i, seat in enumerate(seats):
        left[seat] = seats[(i + 1) % players]
    side_seats: dict[str, tuple[Seat, ...]]
    spoiler: str | None = None
    partner: list[Seat | None] = [None] * width
    if sides is Sides.PARTNERSHIPS or sides is Sides.PARTNERSHIPS_AND_SPOILER:
        spoiler_table = sides is Sides.PARTNERSHIPS_AND_SPOILER
        tables = SPOILER_TABLES if spoiler_table else PAIRED_TABLES
        paired = tables.get(players)
        if paired is None:
            raise ValueError(
                "partnerships and a spoiler need five or seven players"
                if spoiler_table
                else "partnerships need four, six or eight players"
            )
        side_seats = dict(paired)
        for pair in side_seats.values():
            if len(pair) == 2:
                partner[pair[0]], partner[pair[1]] = pair[1], pair[0]
            else:
                spoiler = pair[0].name
    else:
        side_seats = {seat.name: (seat,) for seat in seats}
    side_of: list[str | None] = [None] * width
    for name, members in side_seats.items():
        for seat in members:
            side_of[seat] = name
    return Table(
        seats=seats,
        sides=tuple(side_seats),
        left=tuple(left),
        side_of=tuple(side_of),
        side_seats=side_seats,
        partner=tuple(partner),
        partnerships=any(seat is not None for seat in partner),
        spoiler=spoiler,
        drawn=players == 2,
        cards_per_hand=(cards_in_play - set_aside) // players,
        set_aside=set_aside,
    )


def table_of(rules: Rules) -> Table:
    """The table a variant's rules set: its players and sides, and the cards each is dealt."""
    cards_in_play = DECK_SIZE[rules.deck.cards] - len(rules.deck.removed)
    set_aside = 2 if rules.deal.kitty is Kitty.DEALER_TAKES_TWO else 0
    if rules.table.players == 2:
        # Two players each keep one card of every two they draw: half the pack is thrown out.
        set_aside = cards_in_play // 2
    return make_table(rules.table.players, rules.table.sides, cards_in_play, set_aside)
