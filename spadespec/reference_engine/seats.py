"""The four seats, clockwise from North, and the two partnerships."""

from __future__ import annotations

from enum import IntEnum

from spadespec.reference_engine.errors import InvalidActionError
from spadespec.reference_engine.reason_codes import ReasonCode


class Seat(IntEnum):
    """A place at the table. North and South are partners, as are East and West."""

    N = 0
    E = 1
    S = 2
    W = 3

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
SEAT_NAMES = tuple(seat.name for seat in SEATS)
"""Each seat's letter by its number: reading an enum member's name is slow in a hot loop."""
SIDES = ("NS", "EW")
SIDE_SEATS = {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}


_BY_NAME: dict[str, Seat] = {seat.name: seat for seat in Seat}


def parse_seat(value: Seat | str | int) -> Seat:
    """`N`, `e`, `Seat.S` or 0..3."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str):
        seat = _BY_NAME.get(value) or _BY_NAME.get(value.strip().upper())
        if seat is not None:
            return seat
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return SEATS[value]
    raise InvalidActionError(
        ReasonCode.UNKNOWN_SEAT, f"unknown seat {value!r}: expected N, E, S or W", seat=str(value)
    )
