"""Cards as small integers, and hands as bitmasks of them.

A card is `suit * 13 + rank` with suits clubs, diamonds, hearts, spades = 0..3 and ranks
2..A = 0..12 (OpenSpiel numbers cards the same way), so a higher number of the same suit is a
higher card. A hand is an int with bit `card` set for each card held. Cards are written rank
then suit, T for ten: `AS`, `TD`, `2C`; `10D` and lower case are accepted on input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from reference_engine.errors import InvalidActionError
from reference_engine.reason_codes import ReasonCode

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
TWO_OF_CLUBS = 0

FULL_DECK = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
SPADE_MASK = SUIT_MASKS[SPADES]

CARD_TEXT = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52))
_CARD_BY_TEXT = {text: card for card, text in enumerate(CARD_TEXT)}
_CARD_BY_TEXT.update(
    {"10" + text[1]: card for text, card in _CARD_BY_TEXT.items() if text[0] == "T"}
)


def make_card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def card_text(card: int) -> str:
    """`AS`, `TD`, `2C`."""
    return CARD_TEXT[card]


def parse_card(text: str | int) -> int:
    """The card written `AS`, `TD`, `10D`, `2c`...; an int 0..51 is taken as it is."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 52:
            return text
        raise InvalidActionError(
            ReasonCode.UNKNOWN_CARD, f"no card numbered {text}; cards are 0..51"
        )
    if isinstance(text, str):
        card = _CARD_BY_TEXT.get(text.strip().upper())
        if card is not None:
            return card
    raise InvalidActionError(
        ReasonCode.UNKNOWN_CARD,
        f"unknown card {text!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
        "then a suit (S, H, D, C)",
        card=str(text),
    )


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a hand, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_card(mask: int) -> int:
    """The lowest card in a non-empty mask (within one suit: the lowest rank)."""
    return (mask & -mask).bit_length() - 1


def highest_card(mask: int) -> int:
    return mask.bit_length() - 1


def hand_text(mask: int) -> str:
    """A hand as cards, highest suit and rank first: `AS KS 4H 2C`."""
    return " ".join(CARD_TEXT[c] for c in sorted(cards_in(mask), reverse=True))
