"""Hands as bitmasks, seen from a bot: which cards a hand holds in a suit, its lowest and
highest, and who is winning a trick so far, all in the pack the variant plays with.

A card is an int (suit*13 + rank for the 52 printed cards; 52 and 53 the jokers); a hand is
an int with bit `card` set for each card held. What suit a card plays as and how strong it is
come from the pack (`spadespec.reference_engine.pack`): a joker or a promoted deuce is a spade
ranked above the ace, so nothing here reads a card's suit or rank off its number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from spadespec.reference_engine.cards import SPADES, cards_in
from spadespec.reference_engine.pack import STANDARD_PACK, Pack

ACE, KING, QUEEN, JACK, TEN = 0, 1, 2, 3, 4
"""Places from the top of a suit as played: the ace is the highest plain card, but the spade
suit may have jokers and promoted deuces above its ace, so the spade 'ace' is its top card."""


@dataclass(frozen=True, slots=True)
class CardOrder:
    """A pack as a bot reads it: each suit's cards strongest first, and for each card the
    cards that would take the trick from it."""

    pack: Pack
    ladders: tuple[tuple[int, ...], ...]
    """Suit -> the cards in play of that suit (as played), strongest first."""
    place: tuple[int, ...]
    """Card -> its place in its suit's ladder (0 = the top card); -1 for cards not in play."""
    above: tuple[int, ...]
    """Card -> mask of the stronger cards in play of its own suit."""
    beaters: tuple[int, ...]
    """Card -> mask of the cards in play that would take the trick from it."""
    key: tuple[tuple[int, int], ...]
    """Card -> (strength, suit): sorts cards of different suits by how high they are, the
    suit breaking ties (clubs lowest, spades highest)."""
    numbered: bool = False
    """Whether in every suit a higher card number is a stronger card (the plain pack, a card
    taken out or not): then a suit's weakest card held is its lowest-numbered one."""
    rank: tuple[int, ...] = ()
    """Card -> `key` as one int (strength * 4 + suit): the same order, compared faster."""
    places: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """The cards held in one suit -> the places they hold (`top_places`), kept as they are
    worked out: a bot values every hand it is dealt by its places, and a suit's holding
    repeats often. (Suits' masks are disjoint, so one dict serves all four.)"""

    @property
    def spade_mask(self) -> int:
        return self.pack.spade_mask

    def suit_of(self, card: int) -> int:
        return self.pack.suit_of[card]


_ORDERS: dict[int, tuple[Pack, CardOrder]] = {}
"""id(pack) -> the pack and its reading: a bot asks at every card, and hashing a pack (every
field of it) would cost more than the rest of the look-up."""


def card_order(pack: Pack) -> CardOrder:
    """The bot's reading of `pack` (worked out once per pack)."""
    found = _ORDERS.get(id(pack))
    if found is not None and found[0] is pack:
        return found[1]
    order = _card_order(pack)
    if len(_ORDERS) >= 64:
        _ORDERS.clear()
    _ORDERS[id(pack)] = (pack, order)
    return order


@lru_cache(maxsize=64)
def _card_order(pack: Pack) -> CardOrder:
    size = len(pack.suit_of)
    ladders = tuple(
        tuple(sorted(cards_in(pack.suit_masks[suit]), key=lambda c: -pack.power[c]))
        for suit in range(4)
    )
    place = [-1] * size
    above = [0] * size
    for ladder in ladders:
        higher = 0
        for i, card in enumerate(ladder):
            place[card] = i
            above[card] = higher
            higher |= 1 << card
    beaters = [
        above[card] | (0 if pack.suit_of[card] == SPADES else pack.spade_mask)
        for card in range(size)
    ]
    key = tuple((pack.power[c], pack.suit_of[c]) for c in range(size))
    numbered = all(list(ladder) == sorted(ladder, reverse=True) for ladder in ladders)
    rank = tuple(strength * 4 + suit for strength, suit in key)  # suits are 0..3
    return CardOrder(
        pack, ladders, tuple(place), tuple(above), tuple(beaters), key, numbered, rank
    )  # fmt: skip


STANDARD = card_order(STANDARD_PACK)
"""The plain 52-card pack: aces high, spades trump."""


def in_suit(order: CardOrder, hand: int, suit: int) -> int:
    """The cards of `hand` in `suit` as played, as a mask."""
    return hand & order.pack.suit_masks[suit]


def suit_length(order: CardOrder, hand: int, suit: int) -> int:
    return (hand & order.pack.suit_masks[suit]).bit_count()


def top_places(order: CardOrder, hand: int, suit: int) -> int:
    """Which places from the top of `suit` the hand holds, as a mask: bit 0 the suit's top
    card (the ace, or the big joker), bit 1 the next, and so on."""
    held = hand & order.pack.suit_masks[suit]
    places = order.places.get(held)
    if places is None:
        places = 0
        for card in cards_in(held):
            places |= 1 << order.place[card]
        order.places[held] = places
    return places


def holds_place(places: int, place: int) -> bool:
    return bool(places >> place & 1)


def lowest(order: CardOrder, hand: int, prefer_non_spades: bool = True) -> int:
    """The weakest card in the hand; on equal strength, clubs before diamonds before hearts.
    With `prefer_non_spades`, a spade only when the hand holds nothing else."""
    spades = order.pack.spade_mask
    pool = hand & ~spades if prefer_non_spades and hand & ~spades else hand
    rank = order.rank
    if order.numbered:
        # Each suit's weakest card is its lowest-numbered one: compare the suits' weakest.
        best, low = -1, 0
        for suit_mask in order.pack.suit_masks:
            held = pool & suit_mask
            if held:
                card = (held & -held).bit_length() - 1
                if best < 0 or rank[card] < low:
                    best, low = card, rank[card]
        return best
    return min(cards_in(pool), key=rank.__getitem__)


def highest(order: CardOrder, hand: int, prefer_non_spades: bool = False) -> int:
    """The strongest card; on equal strength, spades before hearts before diamonds."""
    spades = order.pack.spade_mask
    pool = hand & ~spades if prefer_non_spades and hand & ~spades else hand
    rank = order.rank
    if order.numbered:
        best, high = -1, 0
        for suit_mask in order.pack.suit_masks:
            held = pool & suit_mask
            if held:
                card = held.bit_length() - 1
                if best < 0 or rank[card] > high:
                    best, high = card, rank[card]
        return best
    return max(cards_in(pool), key=rank.__getitem__)


def by_strength(order: CardOrder, hand: int) -> list[int]:
    """The cards of the hand, weakest first."""
    return sorted(cards_in(hand), key=order.key.__getitem__)


def beats(order: CardOrder, card: int, best: int) -> bool:
    """Whether `card` would take the trick from `best`, the card now winning it."""
    return bool(order.beaters[best] >> card & 1)


def winning_play(order: CardOrder, trick: Sequence[tuple[str, int]]) -> tuple[str, int]:
    """The (seat, card) now winning a trick in progress: the strongest spade, else the
    strongest card of the suit led."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if order.beaters[best] >> card & 1:
            best_seat, best = seat, card
    return best_seat, best


def cards_that_beat(order: CardOrder, hand: int, best: int) -> int:
    """The cards of `hand` that would take the trick from `best`."""
    return hand & order.beaters[best]


def is_master(order: CardOrder, card: int, unseen: int) -> bool:
    """Whether no card still out in other hands (`unseen`) is stronger in `card`'s suit."""
    return not unseen & order.above[card]
