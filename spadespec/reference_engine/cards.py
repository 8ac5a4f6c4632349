"""Cards as small integers, and hands as bitmasks of them.

A card is `suit * 13 + rank` with suits clubs, diamonds, hearts, spades = 0..3 and ranks
2..A = 0..12 (OpenSpiel numbers cards the same way), so a higher number of the same suit is a
higher card. The two jokers of a 54-card pack follow: 52 is the little joker `LJ`, 53 the big
joker `BJ`. Then come the "mega" cards of the packs for five to eight players (Graham Spades):
each a second printing of one of the 52, numbered 54 above its twin (the mega 2C is 54, the
mega AS 105) and written with a `+` after its twin (`7S+`), because it ranks just above it. A
hand is an int with bit `card` set for each card held. Cards are written rank then suit, T for
ten: `AS`, `TD`, `2C`; `10D` and lower case are accepted on input.

Which cards are in play, and how they rank once top trumps are promoted, is the pack's
business (`spadespec.reference_engine.pack`); this module knows only the printed cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from spadespec.reference_engine.errors import InvalidActionError
from spadespec.reference_engine.reason_codes import ReasonCode

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
TWO_OF_CLUBS = 0
LITTLE_JOKER = 52
BIG_JOKER = 53
MEGA_OFFSET = 54
"""A mega card's number less its twin's: the mega of card `c` is `c + MEGA_OFFSET`."""
CARD_COUNT = MEGA_OFFSET + 52
"""Every card number there is: the 52 cards of the standard pack, the two jokers and the 52
mega cards."""

FULL_DECK = (1 << 52) - 1
"""The standard 52-card pack, no jokers."""
ALL_CARDS = (1 << CARD_COUNT) - 1
"""Every card there is, jokers and mega cards included."""
JOKERS = (1 << LITTLE_JOKER) | (1 << BIG_JOKER)
MEGA_CARDS = FULL_DECK << MEGA_OFFSET
"""The 52 mega cards."""
SUIT_MASKS = tuple((((1 << 13) - 1) << (13 * suit)) * (1 | 1 << MEGA_OFFSET) for suit in range(4))
"""The printed suits, 13 cards each and their 13 mega cards; a joker is in none of them."""
SPADE_MASK = SUIT_MASKS[SPADES]

_PRINTED = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52))
CARD_TEXT = _PRINTED + ("LJ", "BJ") + tuple(text + "+" for text in _PRINTED)
# A joker carries no suit: it plays as a trump (a spade) above the ace, little below big.
FACE_CARDS = sum(1 << (13 * suit + rank) for suit in range(4) for rank in (9, 10, 11)) * (
    1 | 1 << MEGA_OFFSET
)
"""Mask of the jacks, queens and kings, mega ones too: the face cards
(`deal.redeal_no_face_card`)."""
SUIT_OF = tuple(c // 13 for c in range(52)) + (SPADES, SPADES) + tuple(c // 13 for c in range(52))
RANK_OF = tuple(c % 13 for c in range(52)) + (13, 14) + tuple(c % 13 for c in range(52))
"""A mega card has its twin's rank; the pack ranks it just above the twin (`pack.power`)."""

_CARD_BY_TEXT = {text: card for card, text in enumerate(CARD_TEXT)}
_CARD_BY_TEXT.update(
    {"10" + text[1:]: card for text, card in _CARD_BY_TEXT.items() if text[0] == "T"}
)


def make_card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def is_mega(card: int) -> bool:
    """Whether `card` is a mega card: a second printing ranked just above its twin."""
    return card >= MEGA_OFFSET


def suit_of(card: int) -> int:
    """The printed suit; a joker counts as a spade."""
    return SUIT_OF[card]


def rank_of(card: int) -> int:
    """2..A = 0..12; the little joker 13, the big joker 14."""
    return RANK_OF[card]


def card_text(card: int) -> str:
    """`AS`, `TD`, `2C`, `LJ`, `BJ`, `7S+`."""
    return CARD_TEXT[card]


def parse_card(text: str | int) -> int:
    """The card written `AS`, `TD`, `10D`, `2c`, `LJ`, `bj`, `7S+`...; an int 0..105 is taken
    as it is.

    >>> card_text(parse_card("10d")), card_text(parse_card("bj")), parse_card("AS")
    ('TD', 'BJ', 51)
    >>> parse_card("10s+"), card_text(parse_card("2C+"))
    (101, '2C+')
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    spadespec.reference_engine.errors.InvalidActionError: unknown card '1S': ...
    """
    if text.__class__ is str:  # as logs and cases write it, mostly: read at once
        card = _CARD_BY_TEXT.get(text)
        if card is not None:
            return card
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < CARD_COUNT:
            return text
        raise InvalidActionError(
            ReasonCode.UNKNOWN_CARD,
            f"no card numbered {text}; cards are 0..51, 52 (LJ) and 53 (BJ) for the jokers, "
            f"and 54..{CARD_COUNT - 1} for the mega cards",
        )
    if isinstance(text, str):
        card = _CARD_BY_TEXT.get(text.strip().upper())
        if card is not None:
            return card
    raise InvalidActionError(
        ReasonCode.UNKNOWN_CARD,
        f"unknown card {text!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
        "then a suit (S, H, D, C), with + after a mega card (7S+), or LJ / BJ for the little "
        "/ big joker",
        card=str(text),
    )


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a hand, lowest number first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_card(mask: int) -> int:
    """The lowest-numbered card in a non-empty mask (within one printed suit: the lowest rank)."""
    return (mask & -mask).bit_length() - 1


def highest_card(mask: int) -> int:
    return mask.bit_length() - 1


WRITING_ORDER = tuple(2 * c for c in range(MEGA_OFFSET)) + tuple(2 * c + 1 for c in range(52))
"""Card number -> its place in the order hands are written, highest last: by card number, each
mega card just above its twin."""


def high_first(mask: int) -> list[int]:
    """The cards of a mask as hands are written: jokers, then spades down to clubs, each suit
    from the ace down, a mega card just before its twin (`AS+ AS KS`)."""
    if not mask >> MEGA_OFFSET:  # no mega card: the order is the card numbers'
        return [c for c in range(mask.bit_length() - 1, -1, -1) if mask >> c & 1]
    return sorted(cards_in(mask), key=WRITING_ORDER.__getitem__, reverse=True)


def hand_text(mask: int) -> str:
    """A hand as cards, highest first (`high_first`).

    >>> hand_text(mask_of(parse_card(card) for card in ("2C", "AS", "4H", "BJ", "4H+")))
    'BJ AS 4H+ 4H 2C'
    """
    return " ".join(CARD_TEXT[c] for c in high_first(mask))
