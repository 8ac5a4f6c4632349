"""Hands as bitmasks, seen from a bot: which cards a hand holds in a suit, its lowest and
highest, and who is winning a trick so far.

A card is an int 0..51, suit*13 + rank (clubs, diamonds, hearts, spades; ranks 2..A as 0..12);
a hand is an int with bit `card` set for each card held.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference_engine.cards import (
    FULL_DECK,
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    cards_in,
    rank_of,
    suit_of,
)

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
SUIT_MASK = SUIT_MASKS[0]

SEATS = "NESW"


def in_suit(hand: int, suit: int) -> int:
    """The cards of `hand` in `suit`, as a mask."""
    return hand & SUIT_MASKS[suit]


def suit_length(hand: int, suit: int) -> int:
    return (hand & SUIT_MASKS[suit]).bit_count()


def ranks_in_suit(hand: int, suit: int) -> int:
    """The ranks held in `suit` as a 13-bit mask (bit 12 is the ace)."""
    return (hand >> (13 * suit)) & SUIT_MASK


def lowest_by_rank(hand: int, prefer_non_spades: bool = True) -> int:
    """The lowest-ranking card in the hand; on equal rank, clubs before diamonds before hearts.
    With `prefer_non_spades`, a spade only when the hand holds nothing else."""
    pool = hand & ~SPADE_MASK if prefer_non_spades and hand & ~SPADE_MASK else hand
    return min(cards_in(pool), key=lambda c: (rank_of(c), suit_of(c)))


def highest_by_rank(hand: int, prefer_non_spades: bool = False) -> int:
    """The highest-ranking card; on equal rank, spades before hearts before diamonds."""
    pool = hand & ~SPADE_MASK if prefer_non_spades and hand & ~SPADE_MASK else hand
    return max(cards_in(pool), key=lambda c: (rank_of(c), suit_of(c)))


def beats(card: int, best: int) -> bool:
    """Whether `card` would take the trick from `best`, the card now winning it."""
    card_suit, best_suit = suit_of(card), suit_of(best)
    if card_suit == best_suit:
        return card > best
    return card_suit == SPADES


def winning_play(trick: Sequence[tuple[str, int]]) -> tuple[str, int]:
    """The (seat, card) now winning a trick in progress: the highest spade, else the highest
    card of the suit led."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best):
            best_seat, best = seat, card
    return best_seat, best


def cards_that_beat(hand: int, best: int) -> int:
    """The cards of `hand` that would take the trick from `best`."""
    suit = suit_of(best)
    same_suit_higher = in_suit(hand, suit) & ~((1 << (best + 1)) - 1)
    if suit == SPADES:
        return same_suit_higher
    return same_suit_higher | (hand & SPADE_MASK)


def partner_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def is_master(card: int, unseen: int) -> bool:
    """Whether no card still out in other hands (`unseen`) ranks above `card` in its suit."""
    above = in_suit(unseen, suit_of(card)) & ~((1 << (card + 1)) - 1)
    return above == 0


__all__ = [
    "FULL_DECK",
    "SPADES",
    "SPADE_MASK",
    "cards_in",
    "rank_of",
    "suit_of",
]
