"""How the sensible bot values a hand at the auction: likely tricks, whether it is safe enough
to bid nil, and when a side far enough behind gambles on blind nil.

Honours are read by their place from the top of a suit as played, so with jokers and promoted
deuces above the ace of spades the ace is only the fifth trump, and counts as such.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from spadespec.reference_engine.bots.masks import (
    ACE,
    JACK,
    KING,
    QUEEN,
    STANDARD,
    TEN,
    CardOrder,
    holds_place,
    suit_length,
    top_places,
)
from spadespec.reference_engine.cards import SPADES, cards_in

NIL = "nil"
BLIND_NIL = "blind-nil"
Bid = int | str


NILS = frozenset((NIL, BLIND_NIL))
"""The bids that promise no tricks."""


def is_nil(bid: Bid | None) -> bool:
    """Whether the bid promises no tricks: nil or blind nil (a bid of 0 is a number)."""
    return bid in NILS


BLIND_NIL_BEHIND = 200
"""How far behind the leading other side a sensible player must be before bidding blind nil
(where the variant allows it at all): it is a gamble for a side that badly needs points."""


def extra_trumps(order: CardOrder, players: int = 4) -> int:
    """How many more trumps than usual each player holds on average: with jokers and promoted
    deuces the trump suit is longer, so a fourth spade is no longer a long one."""
    return max(0, round((len(order.ladders[SPADES]) - 13) / players))


def spade_tricks(hand: int, order: CardOrder = STANDARD, players: int = 4) -> float:
    """Tricks from trumps alone: the top spades if guarded by enough others, plus length."""
    places = top_places(order, hand, SPADES)
    extra = extra_trumps(order, players)
    tricks = _SPADE_TRICKS.get((places, extra))
    if tricks is None:
        tricks = _SPADE_TRICKS[places, extra] = _spade_tricks(places, extra)
    return tricks


def _spade_tricks(places: int, extra: int) -> float:
    """`spade_tricks` for the places held in spades, with `extra` trumps above the usual."""
    held = places.bit_count()
    honours = 0.0
    # A spade honour is a trick when enough smaller spades protect it from the cards above it.
    for place, needed, worth in ((ACE, 1, 1.0), (KING, 2, 1.0), (QUEEN, 3, 1.0), (JACK, 4, 0.5)):
        if holds_place(places, place) and held >= needed:
            honours += worth
    # Length wins tricks once the top spades are gone: half a trick for the fourth spade, one
    # for each beyond; a jack already counted as an honour does not count again as length.
    # Length is judged against the usual holding: a trump suit longer than 13 shifts it.
    length = held - extra
    long_cards = 0.5 * (length >= 4) + max(0, length - 4)
    if holds_place(places, JACK) and length >= 4 and places & 0b111 == 0b111:
        long_cards = max(0.0, long_cards - 0.5)
    return honours + long_cards


_SPADE_TRICKS: dict[tuple[int, int], float] = {}
"""(places held in spades, extra trumps) -> `_spade_tricks`, kept as worked out (a few
thousand holdings at most)."""


def side_suit_tricks(hand: int, suit: int, order: CardOrder = STANDARD) -> float:
    """Tricks from an ace or a guarded king in a plain suit; long suits get ruffed sooner."""
    places = top_places(order, hand, suit)
    tricks = _SIDE_TRICKS.get(places)
    if tricks is None:
        tricks = _SIDE_TRICKS[places] = _side_suit_tricks(places)
    return tricks


def _side_suit_tricks(places: int) -> float:
    """`side_suit_tricks` for the places held in the suit."""
    length = places.bit_count()
    ace, king = holds_place(places, ACE), holds_place(places, KING)
    tricks = 0.0
    if ace:
        tricks += 1.0 if length <= 5 else 0.5
    if king and length >= 2:
        tricks += (0.8 if ace else 0.6) if length <= 5 else 0.3
    if holds_place(places, QUEEN) and length >= 3 and (ace or king):
        tricks += 0.4
    return tricks


_SIDE_TRICKS: dict[int, float] = {}
"""Places held in a plain suit -> `_side_suit_tricks`, kept as worked out (8,192 at most)."""


def ruffing_tricks(hand: int, order: CardOrder = STANDARD, players: int = 4) -> float:
    """Tricks from trumping: a void or singleton in a plain suit is worth something only while
    spades beyond the top ones are left to ruff with."""
    spare = max(0, suit_length(order, hand, SPADES) - 2 - extra_trumps(order, players))
    credit = 0.0
    for suit in range(3):
        credit += _SHORT_SUIT_CREDIT.get(suit_length(order, hand, suit), 0.0)
    return min(float(spare), credit)


_SHORT_SUIT_CREDIT = {0: 1.5, 1: 0.8, 2: 0.3}
"""Cards in a plain suit -> what being that short in it is worth for ruffing."""


def likely_tricks(hand: int, order: CardOrder = STANDARD, players: int = 4) -> float:
    """The tricks a player would count on from this hand."""
    side = (
        side_suit_tricks(hand, 0, order)
        + side_suit_tricks(hand, 1, order)
        + side_suit_tricks(hand, 2, order)
    )
    return spade_tricks(hand, order, players) + side + ruffing_tricks(hand, order, players)


def nil_is_safe(hand: int, order: CardOrder = STANDARD) -> bool:
    """A hand a player could bid nil on: no plain-suit ace or king, at most three spades and
    none among the top five of the trump suit, and at most one queen or jack outside spades,
    each in a suit long enough to duck."""
    spades = top_places(order, hand, SPADES)
    if spades & ((1 << (TEN + 1)) - 1) or spades.bit_count() > 3:
        return False
    honours = 0
    for suit in range(3):
        places = top_places(order, hand, suit)
        if holds_place(places, ACE) or holds_place(places, KING):
            return False
        for place in (QUEEN, JACK):
            if holds_place(places, place):
                if places.bit_count() < 3:
                    return False
                honours += 1
    return honours <= 1


def nil_is_the_lesser_risk(hand: int, order: CardOrder = STANDARD) -> bool:
    """When one partner must bid nil (suicide), the first to bid takes it on a weak hand:
    no plain-suit ace, none of the top three trumps and at most three spades, and under two
    likely tricks; otherwise it leaves the nil to partner."""
    spades = top_places(order, hand, SPADES)
    if spades & 0b111 or spades.bit_count() > 3:
        return False
    if any(holds_place(top_places(order, hand, suit), ACE) for suit in range(3)):
        return False
    return likely_tricks(hand, order) < 2.0


def choose_bid(
    hand: int,
    legal: Sequence[Bid],
    partner_bid: Bid | None,
    *,
    order: CardOrder = STANDARD,
    tricks: int = 13,
    players: int = 4,
    behind: int = 0,
    one_nil_a_side: bool = False,
) -> Bid:
    """The sensible bid for `hand` among the legal bids.

    Blind nil when it is legal, the side is far behind (`behind` points) and partner has not
    bid a nil; nil with a safe hand when nil is legal and partner has not already bid one;
    otherwise the likely tricks, rounded down, trimmed so the side does not promise more than
    the hand's `tricks`, and moved to the nearest bid allowed. `partner_bid` is None before
    partner bids, and always at a table where each plays alone. `one_nil_a_side` (suicide):
    the first partner to bid takes the side's nil on a weak hand, not only a safe one."""
    if len(legal) == 1:
        return legal[0]
    partner_nil = is_nil(partner_bid)
    if BLIND_NIL in legal and not partner_nil and behind >= BLIND_NIL_BEHIND:
        return BLIND_NIL
    if NIL in legal and not partner_nil and nil_is_safe(hand, order):
        return NIL
    if one_nil_a_side and partner_bid is None and NIL in legal:
        if nil_is_the_lesser_risk(hand, order):
            return NIL
    numbers = _numbers(legal)
    if not numbers:
        # Only nils are left (suicide after partner bid a number): see the cards first.
        return NIL if NIL in legal else legal[0]
    likely = likely_tricks(hand, order, players)
    if tricks != 13:
        # Three players share 17 tricks: every honour faces two opponents, not three, and
        # counts for more; the count scales with the tricks in the hand.
        likely = likely * tricks / 13
    elif players == 2:
        # Two players share 13 tricks: every honour faces one opponent, and half the cards
        # are out of play. Half as many again: of the factors 1 to 2 tried on 100 games each,
        # the one whose games ended soonest with the fewest contracts set (at 1 no game ended).
        likely *= 1.5
    want = int(likely + 0.25)
    if isinstance(partner_bid, int) and partner_bid + want > tricks:
        want = tricks - partner_bid
    return nearest(numbers, want)


def _numbers(legal: Sequence[Bid]) -> Sequence[int]:
    """The numbers among the legal bids, low to high (kept for a tuple of them: a game offers
    the same few tuples again and again, `bots.view.bid_values`)."""
    if type(legal) is not tuple:
        return sorted(b for b in legal if isinstance(b, int))
    numbers = _NUMBERS.get(legal)
    if numbers is None:
        if len(_NUMBERS) >= 256:
            _NUMBERS.clear()
        numbers = _NUMBERS[legal] = tuple(sorted(b for b in legal if isinstance(b, int)))
    return numbers


_NUMBERS: dict[tuple[Bid, ...], tuple[int, ...]] = {}


def nearest(numbers: Sequence[int], want: int) -> int:
    """The allowed number nearest `want`, the lower of two as near: table rules may forbid
    low bids (a minimum) or high ones. `numbers` are sorted, low to high."""
    at = bisect_left(numbers, want)
    if at == len(numbers):
        return numbers[-1]
    above = numbers[at]
    if above == want or at == 0:
        return above
    below = numbers[at - 1]
    return below if want - below <= above - want else above


def choose_pass(hand: int, count: int, own_bid: Bid | None, order: CardOrder = STANDARD) -> int:
    """The cards to hand partner in a blind nil exchange, as a mask: a blind nil bidder gets
    rid of its strongest cards, the partner hands over its weakest."""
    spades = order.spade_mask
    # At equal strength a plain card ranks below a spade: the bidder sheds the spade first,
    # the partner keeps its trumps.
    ranked = sorted(
        cards_in(hand), key=lambda c: (order.key[c][0], spades >> c & 1, order.key[c][1])
    )
    chosen = ranked[len(ranked) - count :] if is_nil(own_bid) else ranked[:count]
    mask = 0
    for card in chosen:
        mask |= 1 << card
    return mask
