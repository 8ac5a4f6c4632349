"""What happens at a Spades table, as frozen records: a deal (or the stock two players draw
from), a draw, a holder's call on a deficient hand, a bid, a pass of cards in a blind nil
exchange, a play.

A game's log is a list of these; each has `to_json()` and `action_from_json()` reads one back:

    {"action": "deal", "hands": "N:AKQ.T98.765.4322 ..."}
    {"action": "deal", "hands": {"N": ["BJ", "AS", ...], "E": [...], "S": [...]}}
    {"action": "deal", "stock": ["7H", "AS", ...]}     (two players: the pack, top card first)
    {"action": "draw", "seat": "S", "keep": true}      (or false: the top card is thrown out)
    {"action": "bid", "seat": "E", "bid": 3}        {"action": "bid", "seat": "E", "bid": "nil"}
    {"action": "bid", "seat": "E", "bid": "blind-nil"}
    {"action": "bid", "seat": "E", "bid": "blind-7"}     (a number bid blind, before looking)
    {"action": "redeal", "seat": "S", "call": true}    (or false: the hand is kept)
    {"action": "pass", "seat": "S", "cards": ["AS", "KD"]}
    {"action": "play", "seat": "E", "card": "2C"}

A deal is written in PBN when four seats hold cards and no joker is dealt, else as the object
from each seat in play to its cards. A record checks only its own shape; whether a deal fits
the variant's pack and table, or a bid its rules, is the game's to say.

Bid and play records are made once and shared (`bid_record`, `play_record`), so playing a card
allocates nothing new; so are the tuples of them a game offers (`play_records`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from spadespec.command_kit.arguments import ascii_integer
from spadespec.reference_engine.cards import (
    ALL_CARDS,
    CARD_TEXT,
    cards_in,
    high_first,
    parse_card,
)
from spadespec.reference_engine.deal import Hands, format_deal, parse_deal, refuse_card_twice
from spadespec.reference_engine.errors import DealError, InvalidActionError
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import ALL_SEATS, SEAT_NAMES, SEATS, Seat, parse_seat


class BlindBid(str):
    """A number of tricks bid blind, before looking at the cards: written `blind-N` (`blind-7`),
    its number read with `int()`. It is a text, so it is never equal to the same number bid
    after looking, and goes over the protocol as it is written."""

    __slots__ = ()
    PREFIX = "blind-"

    def __new__(cls, tricks: int) -> BlindBid:
        return super().__new__(cls, f"{cls.PREFIX}{tricks}")

    def __int__(self) -> int:
        return int(self[len(self.PREFIX) :])

    def __getnewargs__(self) -> tuple[int]:  # type: ignore[override]  # made from its number
        """What a copy or an unpickled one is made from: its number, not its text."""
        return (int(self),)

    @classmethod
    def read(cls, text: str) -> BlindBid | None:
        """`blind-N` (N a whole number of tricks) as a blind bid; None for any other text."""
        number = text.removeprefix(cls.PREFIX)
        if number != text and number.isascii() and number.isdigit():
            return cls(int(number))
        return None


BidValue = int | Literal["nil", "blind-nil"] | BlindBid
NIL: Literal["nil"] = "nil"
BLIND_NIL: Literal["blind-nil"] = "blind-nil"
MAX_BID = 17  # every trick of a three-handed deal of 51 cards

# Every card number the records know, the jokers included.
_CARDS = range(len(CARD_TEXT))


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards dealt for one hand: a bitmask per seat, by seat number: four (N, E, S, W),
    or eight at a table with a seat beyond W. An empty seat (West at a three-player table)
    holds 0.

    Where two players draw their hands, a deal may instead lay down the `stock`: the cards in
    play face down, top card first, for the players to draw from (`Draw`); its hands are then
    all empty, the draw filling them."""

    hands: Hands
    stock: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        check_shape(self.hands)

    def to_json(self) -> dict[str, Any]:
        if self.stock is not None:
            return {"action": "deal", "stock": [CARD_TEXT[c] for c in self.stock]}
        return {"action": "deal", "hands": format_deal(self.hands)}

    def __str__(self) -> str:
        if self.stock is not None:
            return f"deal the stock {' '.join(CARD_TEXT[c] for c in self.stock)}"
        return f"deal {format_deal(self.hands)}"


def dealt(hands: Hands) -> Deal:
    """The record of a deal made here, and so known to be four hands of distinct cards (a
    shuffle of the pack): made without checking its shape again."""
    record = object.__new__(Deal)
    object.__setattr__(record, "hands", hands)
    object.__setattr__(record, "stock", None)
    return record


def stock_record(stock: Sequence[int]) -> Deal:
    """The record of a stock laid down for two players to draw from: no hand holds a card yet."""
    return Deal((0, 0, 0, 0), tuple(stock))


def deal_record(hands: Sequence[int]) -> Deal:
    """The record of a deal given as any sequence of hands (a list, say): its hands made a
    tuple, then checked like any record's (`check_shape`)."""
    return Deal(cast(Hands, tuple(hands)))


def check_shape(hands: Any) -> None:
    """Raise `DealError` unless `hands` is four (or eight) sets of cards with no card in two of
    them (what the right cards are, and how many, depends on the variant)."""
    if type(hands) is tuple and len(hands) == 4:
        # The usual deal passes in one look: four ints, none negative, no card in two hands.
        n, e, s, w = hands
        if type(n) is int and type(e) is int and type(s) is int and type(w) is int:
            every = n | e | s | w
            held = n.bit_count() + e.bit_count() + s.bit_count() + w.bit_count()
            if min(n, e, s, w) >= 0 and not every & ~ALL_CARDS and every.bit_count() == held:
                return
    if not isinstance(hands, tuple | list) or len(hands) not in (4, len(ALL_SEATS)):
        raise DealError(f"a deal is four hands N, E, S, W, not {hands!r}")
    seen = 0
    for seat, hand in zip(ALL_SEATS, hands, strict=False):
        if type(hand) is not int or hand < 0 or hand & ~ALL_CARDS:
            raise DealError(f"{seat.name}'s hand is not a set of cards: {hand!r}", seat=seat.name)
        refuse_card_twice(hands, seen, seat)
        seen |= hand


@dataclass(frozen=True, slots=True)
class Bid:
    """A player's bid: a number of tricks, or nil."""

    seat: Seat
    bid: BidValue

    def to_json(self) -> dict[str, Any]:
        return {"action": "bid", "seat": SEAT_NAMES[self.seat], "bid": self.bid}

    def __str__(self) -> str:
        return f"{self.seat.name} bids {self.bid}"


@dataclass(frozen=True, slots=True)
class Redeal:
    """Where the holders of deficient hands choose (`deal.redeal_by: holder`), one holder's
    answer: `call` true throws the deal in, false keeps the hand."""

    seat: Seat
    call: bool

    def to_json(self) -> dict[str, Any]:
        return {"action": "redeal", "seat": SEAT_NAMES[self.seat], "call": self.call}

    def __str__(self) -> str:
        return f"{self.seat.name} {'calls a redeal' if self.call else 'keeps the hand'}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Where two players draw their hands from the stock, one turn of a player: `keep` true
    keeps the top card and throws out the one under it; false throws out the top card and
    keeps the one under it."""

    seat: Seat
    keep: bool

    def to_json(self) -> dict[str, Any]:
        return {"action": "draw", "seat": SEAT_NAMES[self.seat], "keep": self.keep}

    def __str__(self) -> str:
        return f"{self.seat.name} {'keeps' if self.keep else 'throws out'} the top card"


@dataclass(frozen=True, slots=True)
class Play:
    """A player puts a card on the trick."""

    seat: Seat
    card: int
    """The card's number, 0..53 (`spadespec.reference_engine.cards`)."""

    def __post_init__(self) -> None:
        check_card(self.card)

    def to_json(self) -> dict[str, Any]:
        return {"action": "play", "seat": SEAT_NAMES[self.seat], "card": CARD_TEXT[self.card]}

    def __str__(self) -> str:
        return f"{self.seat.name} plays {CARD_TEXT[self.card]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """In a blind nil exchange, a player hands cards face down to their partner."""

    seat: Seat
    cards: int
    """The cards passed, as a bitmask."""
    repeated: bool = False
    """The pass as written named some card twice (the game refuses it: wrong count)."""

    def to_json(self) -> dict[str, Any]:
        return {"action": "pass", "seat": self.seat.name, "cards": cards_high_first(self.cards)}

    def __str__(self) -> str:
        return f"{self.seat.name} passes {' '.join(cards_high_first(self.cards))}"


@dataclass(frozen=True, slots=True)
class PassCard:
    """One card a passer picks for a blind nil pass: how `Game.legal_actions()` offers the
    exchange, a card at a time, as the protocol's `legal` lists it. Once the passer has
    picked the variant's number of cards the game makes the pass, one `Pass` in the log; a
    pick on its own is never logged."""

    seat: Seat
    card: int
    """The card's number, 0..53 (`spadespec.reference_engine.cards`)."""

    def __post_init__(self) -> None:
        check_card(self.card)

    def __str__(self) -> str:
        return f"{self.seat.name} picks {CARD_TEXT[self.card]} to pass"


def check_card(card: Any) -> None:
    """Raise `InvalidActionError` unless `card` is a card number, as a record holds it."""
    if type(card) is not int:
        raise InvalidActionError(
            ReasonCode.UNKNOWN_CARD, f"a record names a card by its number, not {card!r}"
        )
    parse_card(card)  # refuses a number that is no card


def cards_high_first(mask: int) -> list[str]:
    """Card texts of a mask as deals write them, highest first (`cards.high_first`)."""
    return [CARD_TEXT[c] for c in high_first(mask)]


Action = Deal | Draw | Redeal | Bid | Pass | Play
Move = Action | PassCard
"""What `Game.legal_actions()` offers and `Game.apply()` takes: an action, or one card picked
toward a pass."""


# Every bid and play that can ever happen, made once; records are immutable, so they are shared.
# The tables below are lists by seat number holding the four seats N, E, S, W from the start;
# the seats of a wider table (NE, SE, SW, NW) are added to each in place by `widen_records`,
# the first time a game at such a table is planned or an action names one of them, so that
# every other start-up does not pay for them.
def _bids_of(seat: Seat) -> dict[BidValue, Bid]:
    return {
        **{n: Bid(seat, n) for n in range(MAX_BID + 1)},
        NIL: Bid(seat, NIL),
        BLIND_NIL: Bid(seat, BLIND_NIL),
    }


_PLAYS = [tuple(Play(seat, card) for card in _CARDS) for seat in SEATS]
_BIDS = [_bids_of(seat) for seat in SEATS]
_PICKS = [tuple(PassCard(seat, card) for card in _CARDS) for seat in SEATS]


# A mask is read a byte at a time: for each of the seven bytes of a 54-card mask, a seat's
# records for each of its 256 values are made once, and a mask's records are its bytes' put
# together. A mask within one printed suit (or the jokers), as a legal follow mostly is, is
# kept once put together: at most 8192 of them to a suit. A lead or a void's whole hand is
# seldom seen twice, so it is put together each time and not kept. A mask holding a mega card
# (numbered 54 up, only at Graham Spades' wider tables) is read card by card and not kept.
_MASK_BYTES = 7
_MASK_BITS = 8 * _MASK_BYTES
_BELOW_SUIT = tuple((1 << 13 * (max(length - 1, 0) // 13)) - 1 for length in range(_MASK_BITS + 1))
"""A mask's bit length -> the cards of the printed suits below that of its highest card (a
mask within one suit has none of them)."""

Records = Callable[[int], tuple[Any, ...]]
"""A mask of cards -> one seat's records (plays, or picks) for them, lowest card first."""


def _records_of(records: tuple[Any, ...], kept: dict[int, tuple[Any, ...]]) -> Records:
    """The records of any mask's cards, lowest first, for one seat, keeping in `kept` those of
    a mask within one printed suit (which the caller asks `kept` for first)."""
    tables = []
    for place in range(_MASK_BYTES):
        table: list[tuple[Any, ...]] = [()]
        for value in range(1, 256):
            low = value & -value  # this value's lowest card, then the rest, made already
            card = 8 * place + low.bit_length() - 1
            table.append(((records[card],) if card < len(records) else ()) + table[value ^ low])
        tables.append(tuple(table))
    t0, t1, t2, t3, t4, t5, t6 = tables

    def records_of(mask: int) -> tuple[Any, ...]:
        if mask >> _MASK_BITS:
            return tuple(records[card] for card in cards_in(mask))
        b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(_MASK_BYTES, "little")
        # Adding tuples: an empty one (a byte with no card) costs nothing to add.
        chosen = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6]
        if not mask & _BELOW_SUIT[mask.bit_length()]:
            kept[mask] = chosen
        return chosen

    return records_of


PLAYS_BY_MASK: list[dict[int, tuple[Play, ...]]] = [{} for _ in SEATS]
"""Seat -> a mask of cards of one printed suit (or the jokers) -> the seat's play records for
them, lowest first, once asked for: `PLAYS_BY_MASK[seat].get` answers at once for a legal
follow seen before, and `PLAYS_OF[seat]` for any mask (asked when that finds nothing)."""
PLAYS_OF: list[Records] = [
    _records_of(plays, kept) for plays, kept in zip(_PLAYS, PLAYS_BY_MASK, strict=True)
]
"""Seat -> a mask of cards -> the seat's play records for them, lowest first."""
_PICKS_BY_MASK: list[dict[int, tuple[PassCard, ...]]] = [{} for _ in SEATS]
_PICKS_OF: list[Records] = [
    _records_of(picks, kept) for picks, kept in zip(_PICKS, _PICKS_BY_MASK, strict=True)
]


def play_record(seat: int, card: int) -> Play:
    return _PLAYS[seat][card]


def pick_record(seat: int, card: int) -> PassCard:
    return _PICKS[seat][card]


def play_records(seat: int, mask: int) -> tuple[Play, ...]:
    """A play record for each card in `mask`, lowest first (a tuple shared by every caller)."""
    records = PLAYS_BY_MASK[seat].get(mask)
    return records if records is not None else PLAYS_OF[seat](mask)


def pick_records(seat: int, mask: int) -> tuple[PassCard, ...]:
    """A pick toward a pass for each card in `mask`, lowest first (a tuple shared by every
    caller)."""
    records = _PICKS_BY_MASK[seat].get(mask)
    return records if records is not None else _PICKS_OF[seat](mask)


_REDEALS = [(Redeal(seat, False), Redeal(seat, True)) for seat in SEATS]
_DRAWS = [(Draw(seat, False), Draw(seat, True)) for seat in SEATS]


def redeal_record(seat: int, call: bool) -> Redeal:
    """A holder's answer, made once and shared like bids and plays."""
    return _REDEALS[seat][call]


def draw_record(seat: int, keep: bool) -> Draw:
    """A player's turn at the stock, made once and shared like bids and plays."""
    return _DRAWS[seat][keep]


def bid_record(seat: int, bid: BidValue) -> Bid:
    record = _BIDS[seat].get(bid)
    return record if record is not None else Bid(ALL_SEATS[seat], bid)


def parse_bid(value: Any) -> BidValue:
    """A bid as written: a whole number of tricks (`3`, `"3"`), `nil`, `blind-nil`, or a number
    bid blind (`blind-7`)."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text == NIL:
            return NIL
        if text.replace("_", "-").replace(" ", "-") == BLIND_NIL:
            return BLIND_NIL
        blind = BlindBid.read(text)
        if blind is not None:
            return blind
        number = ascii_integer(text)
        if number is not None and number >= 0:
            return number
    elif isinstance(value, int) and not isinstance(value, bool):
        return value
    raise InvalidActionError(
        ReasonCode.UNKNOWN_BID,
        f"unknown bid {value!r}: expected a whole number of tricks, 'nil', 'blind-nil' or"
        " 'blind-N'",
        bid=str(value),
    )


def parse_stock(value: Any) -> tuple[int, ...]:
    """The cards of a stock as written: a list of card texts, top card first. Whether they are
    the pack's cards in play, each once, is the game's to say (`deal.check_stock`)."""
    if not isinstance(value, list | tuple):
        raise DealError(f"a stock is a list of cards, top card first, not {value!r}")
    return tuple(parse_card(text) for text in value)


def parse_pass(seat: Seat, value: Any) -> Pass:
    """The cards of a pass as written: a list of card texts. A card named twice is kept as
    `repeated`, for the game to refuse as a pass of the wrong number of cards."""
    if not isinstance(value, list | tuple):
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION,
            f"pass action: cards must be a list of cards like ['AS', 'KD'], not {value!r}",
            seat=seat.name,
        )
    mask = 0
    repeated = False
    for text in value:
        card = parse_card(text)
        repeated = repeated or bool(mask >> card & 1)
        mask |= 1 << card
    return Pass(seat, mask, repeated)


_PLAY_BY_TEXT: dict[tuple[str, str], Play] = {
    (seat.name, CARD_TEXT[card]): record
    for seat in SEATS
    for card, record in enumerate(_PLAYS[seat])
}
"""(seat name, card text) -> the play record, for a play written as logs write it."""


def widen_records() -> None:
    """Add the seats of a wider table (NE, SE, SW, NW) to every table of records above, in
    place, once: before a game at such a table is played, or an action naming one is read."""
    if len(_PLAYS) == len(ALL_SEATS):
        return
    for seat in ALL_SEATS[len(_PLAYS) :]:
        plays = tuple(Play(seat, card) for card in _CARDS)
        picks = tuple(PassCard(seat, card) for card in _CARDS)
        kept_plays: dict[int, tuple[Play, ...]] = {}
        kept_picks: dict[int, tuple[PassCard, ...]] = {}
        _BIDS.append(_bids_of(seat))
        _REDEALS.append((Redeal(seat, False), Redeal(seat, True)))
        _DRAWS.append((Draw(seat, False), Draw(seat, True)))
        PLAYS_BY_MASK.append(kept_plays)
        PLAYS_OF.append(_records_of(plays, kept_plays))
        _PICKS_BY_MASK.append(kept_picks)
        _PICKS_OF.append(_records_of(picks, kept_picks))
        _PICKS.append(picks)
        _PLAY_BY_TEXT.update(
            ((seat.name, CARD_TEXT[card]), record) for card, record in enumerate(plays)
        )
        _PLAYS.append(plays)  # last: its length says how many seats are in


_FIELDS = {
    "deal": ("hands",),
    "draw": ("seat", "keep"),
    "bid": ("seat", "bid"),
    "redeal": ("seat", "call"),
    "pass": ("seat", "cards"),
    "play": ("seat", "card"),
}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read one log entry; a malformed one raises `InvalidActionError` saying what is wrong."""
    if data.__class__ is dict and len(data) == 3 and data.get("action") == "play":
        # A play as logs write it (seat letter, card text), the most common entry: its
        # record at once. Anything else is read field by field below.
        seat, card = data.get("seat"), data.get("card")
        if seat.__class__ is str and card.__class__ is str:
            record = _PLAY_BY_TEXT.get((seat, card))
            if record is not None:
                return record
    if not isinstance(data, dict | Mapping):
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION, f"an action is a JSON object, not {data!r}"
        )
    kind = data.get("action")
    if kind not in _FIELDS:
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION,
            f"unknown action {kind!r}: expected 'deal', 'draw', 'redeal', 'bid', 'pass' or 'play'",
        )
    needed = ("stock",) if kind == "deal" and "stock" in data else _FIELDS[kind]
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
        if "stock" in data:
            return stock_record(parse_stock(data["stock"]))
        hands = data["hands"]
        if isinstance(hands, list):  # four bitmasks, as a program may write them
            return Deal(tuple(hands))
        return Deal(parse_deal(hands))
    seat = parse_seat(data["seat"])
    if seat >= len(_PLAYS):
        widen_records()
    if kind == "bid":
        return bid_record(seat, parse_bid(data["bid"]))
    if kind == "pass":
        return parse_pass(seat, data["cards"])
    if kind == "redeal":
        return redeal_record(seat, _yes_or_no(data, "call", seat))
    if kind == "draw":
        return draw_record(seat, _yes_or_no(data, "keep", seat))
    return play_record(seat, parse_card(data["card"]))


_YES_OR_NO = {
    ("redeal", "call"): "true (throw the deal in) or false (keep the hand)",
    ("draw", "keep"): "true (keep the top card) or false (throw it out and keep the next)",
}
"""An action's field that is true or false, with what each means."""


def _yes_or_no(data: Mapping[str, Any], field: str, seat: Seat) -> bool:
    """The action's `field`, which must be true or false."""
    value = data[field]
    if type(value) is not bool:
        kind = data["action"]
        raise InvalidActionError(
            ReasonCode.MALFORMED_ACTION,
            f"{kind} action: {field} must be {_YES_OR_NO[kind, field]}, not {value!r}",
            seat=seat.name,
        )
    return value
