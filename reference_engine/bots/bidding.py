"""How the sensible bot values a hand at the auction: likely tricks, and whether it is safe
enough to bid nil."""

from __future__ import annotations

from collections.abc import Sequence

from reference_engine.bots.masks import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SPADES,
    TEN,
    ranks_in_suit,
    suit_length,
)

NIL = "nil"
Bid = int | str


def _has(ranks: int, rank: int) -> bool:
    return bool(ranks >> rank & 1)


def spade_tricks(hand: int) -> float:
    """Tricks from trumps alone: the top spades if guarded by enough others, plus length."""
    ranks = ranks_in_suit(hand, SPADES)
    length = ranks.bit_count()
    honours = 0.0
    # A spade honour is a trick when enough smaller spades protect it from the cards above it.
    for rank, needed, worth in ((ACE, 1, 1.0), (KING, 2, 1.0), (QUEEN, 3, 1.0), (JACK, 4, 0.5)):
        if _has(ranks, rank) and length >= needed:
            honours += worth
    # Length wins tricks once the top spades are gone: half a trick for the fourth spade, one
    # for each beyond; a jack already counted as an honour does not count again as length.
    long_cards = 0.5 * (length >= 4) + max(0, length - 4)
    if _has(ranks, JACK) and length >= 4 and all(_has(ranks, r) for r in (ACE, KING, QUEEN)):
        long_cards = max(0.0, long_cards - 0.5)
    return honours + long_cards


def side_suit_tricks(hand: int, suit: int) -> float:
    """Tricks from an ace or a guarded king in a plain suit; long suits get ruffed sooner."""
    ranks = ranks_in_suit(hand, suit)
    length = ranks.bit_count()
    tricks = 0.0
    if _has(ranks, ACE):
        tricks += 1.0 if length <= 5 else 0.5
    if _has(ranks, KING) and length >= 2:
        tricks += (0.8 if _has(ranks, ACE) else 0.6) if length <= 5 else 0.3
    if _has(ranks, QUEEN) and length >= 3 and (_has(ranks, ACE) or _has(ranks, KING)):
        tricks += 0.4
    return tricks


def ruffing_tricks(hand: int) -> float:
    """Tricks from trumping: a void or singleton in a plain suit is worth something only while
    spades beyond the top ones are left to ruff with."""
    spades = suit_length(hand, SPADES)
    spare = max(0, spades - 2)
    credit = 0.0
    for suit in range(3):
        length = suit_length(hand, suit)
        credit += {0: 1.5, 1: 0.8, 2: 0.3}.get(length, 0.0)
    return min(float(spare), credit)


def likely_tricks(hand: int) -> float:
    """The tricks a player would count on from this hand."""
    return (
        spade_tricks(hand)
        + sum(side_suit_tricks(hand, suit) for suit in range(3))
        + ruffing_tricks(hand)
    )


def nil_is_safe(hand: int) -> bool:
    """A hand a player could bid nil on: no aces, no spade above the nine and few spades, no
    kings, and at most one queen or jack outside spades, each in a suit long enough to duck."""
    spades = ranks_in_suit(hand, SPADES)
    if spades >> TEN or spades.bit_count() > 3:
        return False
    honours = 0
    for suit in range(3):
        ranks = ranks_in_suit(hand, suit)
        if _has(ranks, ACE) or _has(ranks, KING):
            return False
        for rank in (QUEEN, JACK):
            if _has(ranks, rank):
                if ranks.bit_count() < 3:
                    return False
                honours += 1
    return honours <= 1


def choose_bid(
    hand: int,
    legal: Sequence[Bid],
    partner_bid: Bid | None,
) -> Bid:
    """The sensible bid for `hand` among the legal bids: nil with a safe hand when nil is legal
    and partner has not already bid it; otherwise the likely tricks, rounded down, trimmed so
    the side does not promise more than thirteen, and kept inside what is allowed."""
    numbers = sorted(b for b in legal if isinstance(b, int))
    if NIL in legal and partner_bid != NIL and nil_is_safe(hand):
        return NIL
    want = int(likely_tricks(hand) + 0.25)
    if isinstance(partner_bid, int) and partner_bid + want > 13:
        want = 13 - partner_bid
    if not numbers:
        return NIL
    # The nearest allowed number: table rules may forbid low bids (a minimum) or high ones.
    return min(numbers, key=lambda b: (abs(b - want), b))
