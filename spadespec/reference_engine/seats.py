"""The seats a table can have: the four of the partnership game, clockwise from North, and the
four between them for tables of five to eight.

Every seat is a point of the compass. N, E, S and W keep the numbers 0 to 3, so three- and
four-seat tables, and everything indexed by seat number for them, are as they always were; NE,
SE, SW and NW are 4 to 7. A table lists its own seats in clockwise order (`table.py`), so the
numbers need not run round the table.
"""

from __future__ import annotations

from enum import IntEnum

from spadespec.reference_engine.errors import InvalidActionError
from spadespec.reference_engine.reason_codes import ReasonCode


class Seat(IntEnum):
    """A place at the table. At four seats North and South are partners, as are East and West;
    `left`, `right`, `partner` and `side` know only that table."""

    N = 0
    E = 1
    S = 2
    W = 3
    NE = 4
    SE = 5
    SW = 6
    NW = 7

    @property
    def left(self) -> Seat:
        """The next player clockwise: the one who plays after this seat."""
        return SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        return SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) & 3]

    @property
    def side(self) -> str:
        """The partnership: `NS` or `EW`."""
        return SIDES[self & 1]

    def __str__(self) -> str:
        return self.name


SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
"""The four-seat table's seats, clockwise from North."""
ALL_SEATS = tuple(Seat)
"""Every seat any table can have, by number."""
SEAT_NAMES = tuple(seat.name for seat in ALL_SEATS)
"""Each seat's name by its number: reading an enum member's name is slow in a hot loop."""
COMPASS = (Seat.N, Seat.NE, Seat.E, Seat.SE, Seat.S, Seat.SW, Seat.W, Seat.NW)
"""The eight seats clockwise from North, as they sit round the widest table."""
SIDES = ("NS", "EW")
SIDE_SEATS: dict[str, tuple[Seat, ...]] = {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}
PAIRED_TABLES: dict[int, dict[str, tuple[Seat, ...]]] = {
    4: SIDE_SEATS,
    6: {
        "N-S": (Seat.N, Seat.S),
        "NE-SW": (Seat.NE, Seat.SW),
        "SE-NW": (Seat.SE, Seat.NW),
    },
    8: {
        "N-S": (Seat.N, Seat.S),
        "NE-SW": (Seat.NE, Seat.SW),
        "E-W": (Seat.E, Seat.W),
        "SE-NW": (Seat.SE, Seat.NW),
    },
}
"""The sides of four, six or eight seated in partnerships, by the number of players: each
player's partner the one opposite. Four keep the names `NS` and `EW`; a wider table's pairs are
named as the spoiler's tables name theirs, the two seats joined by `-`."""
SPOILER_TABLES: dict[int, dict[str, tuple[Seat, ...]]] = {
    5: {"N": (Seat.N,), "NE-SW": (Seat.NE, Seat.SW), "SE-NW": (Seat.SE, Seat.NW)},
    7: {
        "N": (Seat.N,),
        "NE-SW": (Seat.NE, Seat.SW),
        "E-W": (Seat.E, Seat.W),
        "SE-NW": (Seat.SE, Seat.NW),
    },
}
"""The sides of five or seven seated as partnerships and a spoiler, by the number of players:
North alone, and each pair (partners opposite, across South's empty place) named by its two
seats, clockwise-first first, joined by `-` (so no pair's name spells other seats)."""
NAMED_SIDES = {
    name: seats
    for sides in (*SPOILER_TABLES.values(), *PAIRED_TABLES.values())
    for name, seats in sides.items()
}
"""Every side's name at a table of partnerships or a spoiler's table, of any size, with its
seats."""


_BY_NAME: dict[str, Seat] = {seat.name: seat for seat in Seat}


def side_members(name: str) -> tuple[str, ...]:
    """The seats a side's name stands for: `NS` is N and S, `NE-SW` is NE and SW, and a seat's own
    name (a player alone) is that seat."""
    if "-" in name:
        return tuple(name.split("-"))
    return (name,) if name in _BY_NAME else tuple(name)


def parse_seat(value: Seat | str | int) -> Seat:
    """`N`, `e`, `ne`, `Seat.S` or a seat's number, 0..7."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str):
        seat = _BY_NAME.get(value) or _BY_NAME.get(value.strip().upper())
        if seat is not None:
            return seat
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(ALL_SEATS):
        return ALL_SEATS[value]
    raise InvalidActionError(
        ReasonCode.UNKNOWN_SEAT, f"unknown seat {value!r}: expected N, E, S or W", seat=str(value)
    )
