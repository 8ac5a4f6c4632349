"""Deals: four 13-card hands, read and written in PBN, checked, or shuffled from a seed.

PBN writes a deal as `N:AKQ.T98.765.4322 <E> <S> <W>`: the first seat, a colon, then the
four hands clockwise from it, each as spades.hearts.diamonds.clubs, ranks high to low.
A deal here is a tuple of four hand bitmasks indexed by seat (N, E, S, W).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from reference_engine.cards import CARD_TEXT, FULL_DECK, RANK_LETTERS, SUIT_MASKS, card_text
from reference_engine.errors import DealError
from reference_engine.seats import SEATS, Seat

Hands = tuple[int, int, int, int]

_PBN_SUIT_ORDER = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs
_PBN_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def parse_pbn(text: str) -> Hands:
    """Read a PBN deal; the error names the seat and card that is wrong."""
    if not isinstance(text, str):
        raise DealError(f"a deal must be PBN text like 'N:AKQ.T98.765.4322 ...', not {text!r}")
    first, sep, rest = text.strip().partition(":")
    if not sep or first.strip().upper() not in Seat.__members__:
        raise DealError(f"deal {text!r} must start with the first seat and a colon, e.g. 'N:'")
    start = Seat[first.strip().upper()]
    parts = rest.split()
    if len(parts) != 4:
        raise DealError(f"a deal needs four hands after '{start.name}:', found {len(parts)}")
    hands = [0, 0, 0, 0]
    for offset, part in enumerate(parts):
        seat = SEATS[(start + offset) & 3]
        hands[seat] = _parse_pbn_hand(seat, part)
    result: Hands = (hands[0], hands[1], hands[2], hands[3])
    check_deal(result)
    return result


def _parse_pbn_hand(seat: Seat, text: str) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError(
            f"{seat.name}'s hand {text!r} has {len(suits)} suit(s); expected four, "
            "spades.hearts.diamonds.clubs",
            seat=seat.name,
        )
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


def check_deal(hands: Sequence[int]) -> None:
    """Raise `DealError` unless the four hands hold 13 different cards each, 52 in all."""
    if len(hands) != 4:
        raise DealError(f"a deal has four hands, not {len(hands)}")
    seen = 0
    for seat, hand in zip(SEATS, hands, strict=True):
        if not isinstance(hand, int) or hand < 0 or hand & ~FULL_DECK:
            raise DealError(f"{seat.name}'s hand is not a set of cards: {hand!r}", seat=seat.name)
        clash = seen & hand
        if clash:
            card = card_text((clash & -clash).bit_length() - 1)
            other = next(s for s, h in zip(SEATS, hands, strict=False) if h & clash)
            raise DealError(
                f"{card} is dealt to both {other.name} and {seat.name}", seat=seat.name, card=card
            )
        seen |= hand
        if hand.bit_count() != 13:
            raise DealError(
                f"{seat.name} holds {hand.bit_count()} cards; each seat must hold 13",
                seat=seat.name,
            )


def format_pbn(hands: Sequence[int], first: Seat = Seat.N) -> str:
    """The deal in PBN, starting from `first` (North unless asked)."""
    return f"{first.name}:" + " ".join(format_pbn_hand(hands[(first + i) & 3]) for i in range(4))


def format_pbn_hand(mask: int) -> str:
    """One hand as spades.hearts.diamonds.clubs, high to low: `AKQ.T98.765.4322`."""
    suits = []
    for suit in _PBN_SUIT_ORDER:
        held = mask & SUIT_MASKS[suit]
        suits.append(
            "".join(
                CARD_TEXT[c][0] for c in range(suit * 13 + 12, suit * 13 - 1, -1) if held >> c & 1
            )
        )
    return ".".join(suits)


def deal_from_seed(seed: int | str | None) -> Hands:
    """Shuffle the deck with `random.Random(seed)` and deal it out: card i of the shuffled
    deck to seat i % 4, starting with North."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return _deal_round(deck)  # a shuffled whole deck is always a deal: nothing to check


def deal_from_order(order: Sequence[int]) -> Hands:
    """Deal a deck in the given order round the table: card i to seat i % 4, North first."""
    result = _deal_round(order)
    check_deal(result)
    return result


def _deal_round(order: Sequence[int]) -> Hands:
    hands = [0, 0, 0, 0]
    for i, card in enumerate(order):
        hands[i & 3] |= 1 << card
    return (hands[0], hands[1], hands[2], hands[3])
