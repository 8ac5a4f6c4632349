"""Deals: a hand for each seat in play, read and written as JSON, checked, or shuffled from a seed.

A deal here is a tuple of four hand bitmasks indexed by seat (N, E, S, W); a seat not in play
(West at a three-player table) holds 0. A deal is written one of two ways:

- PBN, `N:AKQ.T98.765.4322 <E> <S> <W>`: the first seat, a colon, then the four hands
  clockwise from it, each as spades.hearts.diamonds.clubs, ranks high to low. Used whenever
  four seats hold cards and there is no joker (cards out of the pack are simply absent).
- an object of each seat's cards, `{"N": ["BJ", "AS", ...], "E": [...], "S": [...]}`, seats
  in play only: for jokers and for three players.
"""

from __future__ import annotations

import random
import threading
from _random import Random as _MersenneTwister
from collections.abc import Callable, Mapping, Sequence
from functools import cache, reduce
from operator import or_
from typing import Any

from spadespec.reference_engine.cards import (
    ALL_CARDS,
    CARD_COUNT,
    CARD_TEXT,
    JOKERS,
    RANK_LETTERS,
    card_text,
    cards_in,
    high_first,
    parse_card,
)
from spadespec.reference_engine.errors import DealError, InvalidActionError
from spadespec.reference_engine.pack import STANDARD_PACK, Pack
from spadespec.reference_engine.seats import ALL_SEATS, SEATS, Seat
from spadespec.reference_engine.table import Table, make_table
from spadespec.reference_engine.variant.model import Sides

Hands = tuple[int, ...]
"""Each seat's cards as a mask, by seat number: four hands (N, E, S, W), or eight at a table
with a seat beyond W."""
FourHands = tuple[int, int, int, int]
"""A four-seat table's hands, N, E, S, W: what PBN writes."""

_PBN_SUIT_ORDER = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs
_PBN_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_FOUR_SEATS = make_table(4, Sides.PARTNERSHIPS, 52)
_NESW = tuple(SEATS)


def _table_for(pack: Pack, table: Table | None) -> Table:
    if table is not None:
        return table
    if pack is STANDARD_PACK:
        return _FOUR_SEATS
    return make_table(4, Sides.PARTNERSHIPS, pack.cards.bit_count())


# --- reading -------------------------------------------------------------------------------


def parse_deal(value: Any) -> Hands:
    """Read a deal written either way: PBN text or an object of each seat's cards. The deal is
    read, not checked against a pack: `check_deal` does that."""
    if isinstance(value, str):
        return parse_pbn(value, check=False)
    if isinstance(value, Mapping):
        return _parse_seat_lists(value)
    raise DealError(
        "a deal must be PBN text like 'N:AKQ.T98.765.4322 ...' or an object of each seat's "
        f'cards like {{"N": ["BJ", "AS", ...], ...}}, not {value!r}'
    )


def _parse_seat_lists(value: Mapping[Any, Any]) -> Hands:
    hands = [0] * len(ALL_SEATS)
    named = set()
    for key, cards in value.items():
        name = key.strip().upper() if isinstance(key, str) else ""
        if name not in Seat.__members__:
            raise DealError(
                f"the deal names an unknown seat {key!r}: expected N, E, S or W "
                "(or NE, SE, SW, NW at a table of five to eight)"
            )
        seat = Seat[name]
        if seat in named:
            raise DealError(f"the deal gives {seat.name}'s cards twice", seat=seat.name)
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
            raise DealError(
                f'{seat.name}\'s cards must be a list of cards like ["AS", "KD"], not {cards!r}',
                seat=seat.name,
            )
        mask = 0
        for text in cards:
            try:
                card = parse_card(text)
            except InvalidActionError as err:
                raise DealError(
                    f"{seat.name}'s card: {err.detail}", seat=seat.name, card=str(text)
                ) from None
            if mask >> card & 1:
                raise DealError(
                    f"{seat.name} holds {CARD_TEXT[card]} twice",
                    seat=seat.name,
                    card=CARD_TEXT[card],
                )
            mask |= 1 << card
        hands[seat] = mask
        named.add(seat)
    # four hands unless a seat beyond W is named, so a four-seat deal reads as it always has
    return tuple(hands) if any(seat > Seat.W for seat in named) else tuple(hands[:4])


def parse_pbn(text: str, *, check: bool = True) -> FourHands:
    """Read a PBN deal; the error names the seat and card that is wrong. With `check` (the
    default) the deal must also be a whole standard 52-card deal."""
    if not isinstance(text, str):
        raise DealError(f"a deal must be PBN text like 'N:AKQ.T98.765.4322 ...', not {text!r}")
    first, sep, rest = text.strip().partition(":")
    start = Seat.__members__.get(first.strip().upper()) if sep else None
    if start is None or start not in SEATS:  # PBN writes the four-seat table only
        raise DealError(f"deal {text!r} must start with the first seat and a colon, e.g. 'N:'")
    parts = rest.split()
    if len(parts) != 4:
        raise DealError(f"a deal needs four hands after '{start.name}:', found {len(parts)}")
    hands = [0, 0, 0, 0]
    for offset, part in enumerate(parts):
        seat = SEATS[(start + offset) & 3]
        hands[seat] = _parse_pbn_hand(seat, part)
    result: FourHands = (hands[0], hands[1], hands[2], hands[3])
    if check:
        check_deal(result)
    return result


@cache
def _suit_texts() -> tuple[tuple[str, ...], dict[str, int]]:
    """Each set of one suit's ranks (bit r for rank r, 2 lowest) -> the ranks as PBN writes
    them, high to low (`AKQ`; empty for a void), and each such text -> its set: made the first
    time a deal is written or read."""
    texts = [""]
    for ranks in range(1, 1 << 13):
        top = ranks.bit_length() - 1
        texts.append(RANK_LETTERS[top] + texts[ranks ^ 1 << top])
    return tuple(texts), {text: ranks for ranks, text in enumerate(texts)}


def _parse_pbn_hand(seat: Seat, text: str) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError(
            f"{seat.name}'s hand {text!r} has {len(suits)} suit(s); expected four, "
            "spades.hearts.diamonds.clubs",
            seat=seat.name,
        )
    # Written as PBN writes it (capitals, high to low, no card twice): four lookups.
    spades, hearts, diamonds, clubs = map(_suit_texts()[1].get, suits)
    if spades is not None and hearts is not None and diamonds is not None and clubs is not None:
        return spades << 39 | hearts << 26 | diamonds << 13 | clubs
    mask = 0
    for suit, name, ranks in zip(_PBN_SUIT_ORDER, _PBN_SUIT_NAMES, suits, strict=True):
        ranks = ranks.upper().replace("10", "T")
        if ranks == "-":  # some tools write a void this way
            continue
        for letter in ranks:
            rank = RANK_LETTERS.find(letter)
            if rank < 0:
                raise DealError(
                    f"{seat.name}'s {name} {ranks!r}: {letter!r} is not a rank "
                    "(2-9, T, J, Q, K, A)",
                    seat=seat.name,
                )
            bit = 1 << (suit * 13 + rank)
            if mask & bit:
                raise DealError(
                    f"{seat.name} holds {card_text(suit * 13 + rank)} twice",
                    seat=seat.name,
                    card=card_text(suit * 13 + rank),
                )
            mask |= bit
    return mask


# --- checking ------------------------------------------------------------------------------


def check_deal(hands: Sequence[int], pack: Pack | None = None, table: Table | None = None) -> None:
    """Raise `DealError` unless every seat in play holds `table.cards_per_hand` cards of the
    pack, no card is dealt twice, and every card in play is dealt; a seat out of play holds
    nothing. Defaults: the standard pack at a four-seat table (13 cards each)."""
    pack = pack or STANDARD_PACK
    table = _table_for(pack, table)
    if not _is_whole_deal(hands, pack, table):
        _raise_fault(hands, pack, table)


def _is_whole_deal(hands: Sequence[int], pack: Pack, table: Table) -> bool:
    """The quick yes for a good deal: the hands cover the pack exactly (no card twice, none
    missing, none from outside it), each seat in play with its share and the others none."""
    if len(hands) != 4:
        return len(hands) == table.width and _is_whole_wide_deal(hands, pack, table)
    n, e, s, w = hands
    if not type(n) is type(e) is type(s) is type(w) is int:
        return False
    share = table.cards_per_hand
    dealt = n | e | s | w
    if share * table.players + table.set_aside != len(pack.order):  # shares overlap or fall short
        return False
    if table.set_aside:  # the cards a kitty's dealer laid aside are in no hand
        if dealt & ~pack.cards or dealt.bit_count() != share * table.players:
            return False
    elif dealt != pack.cards:
        return False
    counts = (n.bit_count(), e.bit_count(), s.bit_count(), w.bit_count())
    # three players always sit N, E, S; two sit N and S
    return counts == _SHARES[table.players](share)


_SHARES: dict[int, Callable[[int], tuple[int, int, int, int]]] = {
    4: lambda share: (share, share, share, share),
    3: lambda share: (share, share, share, 0),
    2: lambda share: (share, 0, share, 0),
}
"""What each of N, E, S, W holds at a table of four places, by the number of players."""


def _is_whole_wide_deal(hands: Sequence[int], pack: Pack, table: Table) -> bool:
    """`_is_whole_deal` at a table with a seat beyond W: the same test, seat by seat."""
    if not all(type(hand) is int for hand in hands):
        return False
    share = table.cards_per_hand
    if share * table.players + table.set_aside != len(pack.order):
        return False
    dealt = 0
    for seat, hand in enumerate(hands):
        if hand & dealt or hand.bit_count() != (share if table.left[seat] is not None else 0):
            return False
        dealt |= hand
    if table.set_aside:
        return not dealt & ~pack.cards
    return dealt == pack.cards


def _raise_fault(hands: Sequence[int], pack: Pack, table: Table) -> None:
    """Raise the `DealError` that names the first thing wrong with a deal."""
    if len(hands) != table.width:
        if len(hands) not in (4, len(ALL_SEATS)):
            raise DealError(f"a deal has four hands, one per seat N, E, S, W, not {len(hands)}")
        hands = (*hands, *[0] * (len(ALL_SEATS) - len(hands)))  # a seat not named holds nothing
    for seat, hand in zip(ALL_SEATS, hands, strict=False):
        if not isinstance(hand, int) or hand < 0 or hand & ~ALL_CARDS:
            raise DealError(f"{seat.name}'s hand is not a set of cards: {hand!r}", seat=seat.name)
        # said first: a card given to the empty seat would otherwise show as a short hand
        if hand and (seat >= table.width or table.left[seat] is None):
            raise DealError(
                f"{seat.name} is not at a {table.players}-player table but holds "
                f"{hand.bit_count()} card(s)",
                seat=seat.name,
            )
    per_hand = table.cards_per_hand
    seen = 0
    for seat in table.seats:
        hand = hands[seat]
        stray = hand & ~pack.cards
        if stray:
            card = CARD_TEXT[(stray & -stray).bit_length() - 1]
            no_jokers = stray & JOKERS and not pack.cards & JOKERS
            why = "a pack without jokers" if no_jokers else "taken out of the pack before the deal"
            raise DealError(
                f"{seat.name} holds {card}, which is not in play ({why})", seat=seat.name, card=card
            )
        refuse_card_twice(hands, seen, seat)
        seen |= hand
        if hand.bit_count() != per_hand:
            raise DealError(
                f"{seat.name} holds {hand.bit_count()} cards; each seat must hold {per_hand}",
                seat=seat.name,
            )
    missing = pack.cards & ~seen
    if missing.bit_count() > table.set_aside:
        card = CARD_TEXT[(missing & -missing).bit_length() - 1]
        raise DealError(f"{card} is in play but dealt to nobody", card=card)
    if len(hands) != table.width:  # only seats with no place here, and holding nothing
        extra = next(seat for seat in ALL_SEATS[table.width :] if seat < len(hands))
        raise DealError(
            f"{extra.name} has no place at a {table.players}-player table", seat=extra.name
        )


def check_stock(stock: Sequence[int], pack: Pack, table: Table) -> None:
    """Raise `DealError` unless the stock is laid where two players draw their hands
    (`table.drawn`) and holds every card in play once, none from outside the pack."""
    if not table.drawn:
        raise DealError(
            f"a stock is drawn from only where two players draw their hands, not at a "
            f"{table.players}-player table: deal the hands"
        )
    seen = 0
    for place, card in enumerate(stock, 1):
        text = CARD_TEXT[card]
        if not pack.cards >> card & 1:
            raise DealError(f"card {place} of the stock, {text}, is not in play", card=text)
        if seen >> card & 1:
            raise DealError(f"card {place} of the stock, {text}, is in it twice", card=text)
        seen |= 1 << card
    missing = pack.cards & ~seen
    if missing:
        lowest = CARD_TEXT[(missing & -missing).bit_length() - 1]
        raise DealError(f"{lowest} is in play but not in the stock", card=lowest)


def refuse_card_twice(hands: Sequence[int], seen: int, seat: Seat) -> None:
    """Raise `DealError` naming the card and both seats if `seat`'s hand holds a card among
    `seen`, the cards of the hands checked before it."""
    clash = seen & hands[seat]
    if clash:
        card = CARD_TEXT[(clash & -clash).bit_length() - 1]
        other = next(s for s, h in zip(ALL_SEATS, hands, strict=False) if h & clash)
        raise DealError(
            f"{card} is dealt to both {other.name} and {seat.name}", seat=seat.name, card=card
        )


# --- writing -------------------------------------------------------------------------------


def format_deal(hands: Sequence[int]) -> str | dict[str, list[str]]:
    """The deal as JSON: PBN when four seats hold cards and none is a joker or a mega card, else
    the object of each seat's cards (seats with cards, by seat number: N E S W, then NE SE SW
    NW; cards high to low by card number, a mega card just above its twin)."""
    if len(hands) == 4 and all(hands) and not (hands[0] | hands[1] | hands[2] | hands[3]) >> 52:
        return format_pbn(hands)
    return {
        seat.name: [CARD_TEXT[c] for c in high_first(hand)]
        for seat, hand in zip(ALL_SEATS, hands, strict=False)
        if hand
    }


def format_pbn(hands: Sequence[int], first: Seat = Seat.N) -> str:
    """The deal in PBN, starting from `first` (North unless asked)."""
    return f"{first.name}:" + " ".join(format_pbn_hand(hands[(first + i) & 3]) for i in range(4))


def format_pbn_hand(mask: int) -> str:
    """One hand as spades.hearts.diamonds.clubs, high to low: `AKQ.T98.765.4322`."""
    texts = _suit_texts()[0]
    return (
        f"{texts[mask >> 39 & 0x1FFF]}.{texts[mask >> 26 & 0x1FFF]}"
        f".{texts[mask >> 13 & 0x1FFF]}.{texts[mask & 0x1FFF]}"
    )


# --- dealing -------------------------------------------------------------------------------


def deal_from_seed(
    seed: int | str | None,
    pack: Pack | None = None,
    table: Table | None = None,
    dealer: Seat | None = None,
) -> Hands:
    """Shuffle the cards in play (listed lowest number first) with `random.Random(seed)` and
    deal them out: card i of the shuffled pack to the i-th seat in play round the table,
    starting with North. Defaults: the standard pack at a four-seat table. Under a kitty the
    last two cards of the shuffled pack are the kitty: `dealer` takes them and lays aside two
    (`kitty_discard`); with no dealer named, the kitty is laid aside unseen. Where two players
    draw, the first half of the shuffled pack is dealt to them in turn and the rest is out of
    play: the automatic deal a two-player program offers in place of the draw."""
    pack = pack or STANDARD_PACK
    table = table or _table_for(pack, table)
    deck = shuffled(pack.order_bits, seed)  # the same shuffle as of cards
    # a shuffled whole pack dealt evenly is always a deal: nothing to check, and with no card
    # twice, adding up a seat's one-card masks is taking their union
    aside = table.set_aside
    if not aside:
        return _deal_round(deck, table, sum)
    hands = list(_deal_round(deck[:-aside], table, sum))
    if dealer is not None and not table.drawn:
        held = hands[dealer] | sum(deck[-aside:])
        hands[dealer] = held & ~kitty_discard(pack, held, aside)
    return tuple(hands)


def kitty_discard(pack: Pack, hand: int, count: int = 2) -> int:
    """The cards a dealer holding the kitty lays aside, as a mask: the lowest `count` cards that
    are not trumps (lowest rank first, clubs before diamonds before hearts at the same rank),
    and the lowest trumps only when the hand has too few others."""
    ranked = sorted(
        cards_in(hand),
        key=lambda card: (bool(1 << card & pack.spade_mask), pack.power[card], pack.suit_of[card]),
    )
    return _union([1 << card for card in ranked[:count]])


def shuffled(order: Sequence[int], seed: int | str | None) -> list[int]:
    """The cards of `order` shuffled as `random.Random(seed).shuffle` shuffles them: the same
    draws in the same order (Fisher-Yates from the last card down, each place drawn by
    rejection from just enough random bits), so a seed deals the same hand it always has."""
    deck = list(order)
    getrandbits = _generator(seed).getrandbits
    for last, bits in _DRAWS[len(deck)]:
        pick = getrandbits(bits)
        while pick > last:
            pick = getrandbits(bits)
        deck[last], deck[pick] = deck[pick], deck[last]
    return deck


def _generator(seed: int | str | None) -> _MersenneTwister:
    """`random.Random(seed)`, made without its set-up in Python where that changes nothing: it
    hands an int seed to the generator it is built on as it is (only str and bytes seeds are
    turned into a number first), so the generator seeded directly draws the same numbers.
    Making a generator costs more than seeding one again, so for an int seed each thread
    seeds its own one again, deal after deal: what it drew before is wiped by the seeding."""
    if type(seed) is int:
        generator: _MersenneTwister | None = getattr(_THREAD, "generator", None)
        if generator is None:
            generator = _THREAD.generator = _MersenneTwister(0)
        generator.seed(seed)
        return generator
    return random.Random(seed)


_THREAD = threading.local()
"""Each thread's generator for int seeds (`generator`), made at its first seeded shuffle."""


def deal_from_order(
    order: Sequence[int], pack: Pack | None = None, table: Table | None = None
) -> Hands:
    """Deal cards in the given order round the table: card i to the i-th seat in play, North
    first. The result is checked against the pack and table."""
    pack = pack or STANDARD_PACK
    table = _table_for(pack, table)
    result = _deal_round([1 << card for card in order], table, _union)
    check_deal(result, pack, table)
    return result


def _deal_round(bits: list[int], table: Table, gather: Callable[[list[int]], int]) -> Hands:
    """Card i (as its one-card mask) to the i-th seat in play round the table, North first;
    `gather` makes each seat's masks one hand."""
    seats = table.seats
    if seats == _NESW:  # every fourth card, from the seat's own place
        return (gather(bits[0::4]), gather(bits[1::4]), gather(bits[2::4]), gather(bits[3::4]))
    hands = [0] * table.width
    players = len(seats)
    for place, seat in enumerate(seats):
        hands[seat] = gather(bits[place::players])
    return tuple(hands)


def _union(masks: list[int]) -> int:
    return reduce(or_, masks, 0)


# A pack of n cards -> each place from the last down to the second, with the random bits that
# cover every place up to it: the draws of one shuffle.
_DRAWS = tuple(
    tuple((last, (last + 1).bit_length()) for last in range(size - 1, 0, -1))
    for size in range(CARD_COUNT + 1)
)
