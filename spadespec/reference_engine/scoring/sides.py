"""Seats and the sides they score for, as the score sheet names them.

The sheet follows the variant's table (`spadespec.reference_engine.table`): four players in two
partnerships (NS, EW), or every player alone, each seat its own side named by its letter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from spadespec.reference_engine.seats import SEAT_NAMES, SIDE_SEATS
from spadespec.reference_engine.seats import SEATS as TABLE_SEATS

# The four-seat sheet names its sides as the table does.
from spadespec.reference_engine.seats import SIDES as SIDES
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import Rules

# The four-seat partnership table by name: the score sheet speaks in letters.
SEATS = tuple(seat.name for seat in TABLE_SEATS)
PARTNERS: dict[str, tuple[str, str]] = {
    side: (first.name, second.name) for side, (first, second) in SIDE_SEATS.items()
}


@dataclass(frozen=True, slots=True)
class Sheet:
    """The names on one variant's score sheet: the seats in play, the sides, who scores for
    which side, and how many tricks a hand has."""

    seats: tuple[str, ...]
    sides: tuple[str, ...]
    tricks: int
    side_seats: dict[str, tuple[str, ...]] = field(hash=False, compare=False)
    side_of: dict[str, str] = field(hash=False, compare=False)

    @property
    def partnerships(self) -> bool:
        return any(len(seats) > 1 for seats in self.side_seats.values())

    def seat_list(self) -> str:
        return ", ".join(self.seats)


def _build_sheet(
    side_seats: dict[str, tuple[str, ...]], tricks: int, seats: tuple[str, ...] = SEATS
) -> Sheet:
    """The sheet of sides `side_seats`, its seats listed in the order of `seats` (round the
    table)."""
    side_of = {seat: side for side, members in side_seats.items() for seat in members}
    in_play = tuple(name for name in seats if name in side_of)
    return Sheet(in_play, tuple(side_seats), tricks, side_seats, side_of)


# Sheets by (side names, tricks), which fix the layout: the scorer asks for one several times
# a hand, and building the layout each time was a third of the time it took to score one.
_SHEETS: dict[tuple[tuple[str, ...], int], Sheet] = {}


def sheet_of_table(table: Table) -> Sheet:
    key = (table.sides, table.cards_per_hand)
    sheet = _SHEETS.get(key)
    if sheet is None:
        layout = {side: tuple(s.name for s in seats) for side, seats in table.side_seats.items()}
        order = tuple(seat.name for seat in table.seats)
        sheet = _SHEETS[key] = _build_sheet(layout, table.cards_per_hand, order)
    return sheet


def sheet_of(rules: Rules) -> Sheet:
    """The score sheet a variant's table gives: its seats, sides and tricks per hand."""
    return sheet_of_table(table_of(rules))


FOUR_SEATS = _build_sheet(dict(PARTNERS), 13)
"""The sheet of the ordinary game: four players, two partnerships, 13 tricks."""


def seat_name(seat: Any, sheet: Sheet = FOUR_SEATS) -> str:
    """The name (`N`, `E`, `S`, `W`; `NE` and the like at a table of five) of a seat in play,
    given as text, a seat number or an enum member."""
    if type(seat) is str and seat in sheet.side_of:
        return seat  # already a name, as the game hands them over
    if isinstance(seat, Enum):
        seat = seat.value if isinstance(seat.value, str) else seat.name
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(SEAT_NAMES):
        seat = SEAT_NAMES[seat]
    name = str(seat).strip().upper()
    if name in SEAT_NAMES and name not in sheet.side_of:
        raise ValueError(f"seat {name} is not in play at a {len(sheet.seats)}-player table")
    if name not in sheet.side_of:
        raise ValueError(f"unknown seat {seat!r}; seats are {sheet.seat_list()}")
    return name


def side_name(side: Any, sheet: Sheet = FOUR_SEATS) -> str:
    """The name of a side on the sheet (`NS`, `EW`; a seat's name when everyone plays alone;
    `N`, `NE-SW`, `SE-NW` with a spoiler), given as text or an enum member."""
    if isinstance(side, Enum):
        side = side.value if isinstance(side.value, str) else side.name
    name = str(side).strip().upper()
    if name not in sheet.side_seats:
        names = " and ".join(sheet.sides) if len(sheet.sides) == 2 else ", ".join(sheet.sides)
        if all(len(seats) == 2 for seats in sheet.side_seats.values()):
            raise ValueError(f"unknown partnership {side!r}; partnerships are {names}")
        if sheet.partnerships:
            raise ValueError(f"unknown side {side!r}; the sides are {names}")
        raise ValueError(f"unknown side {side!r}; everyone plays alone, so the sides are {names}")
    return name
