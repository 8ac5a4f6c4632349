"""Seats and the partnerships they sit in, as the score sheet names them."""

from __future__ import annotations

from enum import Enum
from typing import Any

from reference_engine.seats import SEATS as TABLE_SEATS
from reference_engine.seats import SIDE_SEATS
from reference_engine.seats import SIDES as SIDES  # the score sheet names sides as the table does

# The table as `reference_engine.seats` lays it out, by name: the score sheet speaks in letters.
SEATS = tuple(seat.name for seat in TABLE_SEATS)
PARTNERS: dict[str, tuple[str, str]] = {
    side: (first.name, second.name) for side, (first, second) in SIDE_SEATS.items()
}
SIDE_OF_SEAT: dict[str, str] = {seat: side for side, seats in PARTNERS.items() for seat in seats}


def seat_name(seat: Any) -> str:
    """The one-letter name (`N`, `E`, `S`, `W`) of a seat given as text, 0..3 or an enum member."""
    if type(seat) is str and seat in SIDE_OF_SEAT:
        return seat  # already a name, as the game hands them over
    if isinstance(seat, Enum):
        seat = seat.value if isinstance(seat.value, str) else seat.name
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(SEATS):
        seat = SEATS[seat]
    name = str(seat).strip().upper()
    if name not in SIDE_OF_SEAT:
        raise ValueError(f"unknown seat {seat!r}; seats are N, E, S, W")
    return name


def side_name(side: Any) -> str:
    """The partnership name (`NS` or `EW`) of a side given as text or as an enum member."""
    if isinstance(side, Enum):
        side = side.value if isinstance(side.value, str) else side.name
    name = str(side).strip().upper()
    if name not in PARTNERS:
        raise ValueError(f"unknown partnership {side!r}; partnerships are NS and EW")
    return name
