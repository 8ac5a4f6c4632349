"""Following suit and winning the trick. Spades are always trump."""

from __future__ import annotations

from collections.abc import Sequence

from reference_engine.cards import SPADES, SUIT_MASKS


def legal_follows(hand: int, led_suit: int) -> int:
    """Follow suit if able; a player with none of the suit led may play any card."""
    return hand & SUIT_MASKS[led_suit] or hand


def beats(card: int, winning: int) -> bool:
    """Does `card` take the trick from the card now winning it? Only a higher card of the same
    suit, or a spade played on a trick another suit is winning."""
    suit = card // 13
    winning_suit = winning // 13
    if suit == winning_suit:
        return card > winning
    return suit == SPADES


def trick_winner(cards: Sequence[int]) -> int:
    """The position (0 = the lead) of the card that wins: the highest spade if any spade was
    played, else the highest card of the suit led."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best]):
            best = i
    return best
