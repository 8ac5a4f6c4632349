"""The three things that happen at a Spades table, as frozen records: a deal, a bid, a play.

A game's log is a list of these; each has `to_json()` and `action_from_json()` reads one back:

    {"action": "deal", "hands": "N:AKQ.T98.765.4322 ..."}
    {"action": "bid", "seat": "E", "bid": 3}        {"action": "bid", "seat": "E", "bid": "nil"}
    {"action": "play", "seat": "E", "card": "2C"}

Bid and play records are made once and shared (`bid_record`, `play_record`), so playing a card
allocates nothing new.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from reference_engine.cards import CARD_TEXT, parse_card
from reference_engine.deal import Hands, check_deal, format_pbn, parse_pbn
from reference_engine.errors import InvalidActionError
from reference_engine.reason_codes import ReasonCode
from reference_engine.seats import SEATS, Seat, parse_seat

BidValue = int | Literal["nil"]
NIL: Literal["nil"] = "nil"
MAX_BID = 13


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards dealt for one hand: four bitmasks, indexed by seat N, E, S, W."""

    hands: Hands

    def __post_init__(self) -> None:
        check_deal(self.hands)

    def to_json(self) -> dict[str, Any]:
        return {"action": "deal", "hands": format_pbn(self.hands)}

    def __str__(self) -> str:
        return f"deal {format_pbn(self.hands)}"


@dataclass(frozen=True, slots=True)
class Bid:
    """A player's bid: a number of tricks, or nil."""

    seat: Seat
    bid: BidValue

    def to_json(self) -> dict[str, Any]:
        return {"action": "bid", "seat": self.seat.name, "bid": self.bid}

    def __str__(self) -> str:
        return f"{self.seat.name} bids {self.bid}"


@dataclass(frozen=True, slots=True)
class Play:
    """A player puts a card on the trick."""

    seat: Seat
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"action": "play", "seat": self.seat.name, "card": CARD_TEXT[self.card]}

    def __str__(self) -> str:
        return f"{self.seat.name} plays {CARD_TEXT[self.card]}"


Action = Deal | Bid | Play

# Every bid and play that can ever happen, made once; records are immutable, so they are shared.
_PLAYS = tuple(tuple(Play(seat, card) for card in range(52)) for seat in SEATS)
_BIDS = tuple(
    {**{n: Bid(seat, n) for n in range(MAX_BID + 1)}, NIL: Bid(seat, NIL)} for seat in SEATS
)


def play_record(seat: int, card: int) -> Play:
    return _PLAYS[seat][card]


def play_records(seat: int, mask: int) -> list[Action]:
    """A play record for each card in `mask`, lowest first (a fresh list each time)."""
    plays = _PLAYS[seat]
    records: list[Action] = []
    while mask:
        low = mask & -mask  # the lowest card left
        records.append(plays[low.bit_length() - 1])
        mask ^= low
    return records


def bid_record(seat: int, bid: BidValue) -> Bid:
    record = _BIDS[seat].get(bid)
    return record if record is not None else Bid(SEATS[seat], bid)


def parse_bid(value: Any) -> BidValue:
    """A bid as written: a whole number of tricks (`3`, `"3"`) or `nil`."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text == NIL:
            return NIL
        if text.isdigit():
            return int(text)
    elif isinstance(value, int) and not isinstance(value, bool):
        return value
    raise InvalidActionError(
        ReasonCode.UNKNOWN_BID,
        f"unknown bid {value!r}: expected a whole number of tricks or 'nil'",
        bid=str(value),
    )


_FIELDS = {"deal": ("hands",), "bid": ("seat", "bid"), "play": ("seat", "card")}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read one log entry; a malformed one raises `InvalidActionError` saying what is wrong."""
    if not isinstance(data, dict | Mapping):
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION, f"an action is a JSON object, not {data!r}"
        )
    kind = data.get("action")
    if kind not in _FIELDS:
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION,
            f"unknown action {kind!r}: expected 'deal', 'bid' or 'play'",
        )
    needed = _FIELDS[kind]
    # A well-formed entry has exactly the kind's fields; only a malformed one is picked apart.
    if len(data) != len(needed) + 1 or not all(key in data for key in needed):
        missing = [key for key in needed if key not in data]
        extra = sorted(set(data) - set(needed) - {"action"})
        problems = [f"missing {', '.join(missing)}"] if missing else []
        problems += [f"unexpected {', '.join(map(str, extra))}"] if extra else []
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION, f"{kind} action: {'; '.join(problems)}"
        )
    if kind == "deal":
        if isinstance(data["hands"], str):
            return Deal(parse_pbn(data["hands"]))
        return Deal(tuple(data["hands"]))
    seat = parse_seat(data["seat"])
    if kind == "bid":
        return bid_record(seat, parse_bid(data["bid"]))
    return play_record(seat, parse_card(data["card"]))
