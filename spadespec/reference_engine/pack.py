"""The pack a variant plays with: which cards are in it, what suit each plays as, how they rank.

The standard pack is the 52 cards, aces high, spades trump. House rules change it in two ways
(`deck` in a variant file): cards are taken out before the deal (`deck.removed`, e.g. the 2C
for three players), and some cards are promoted to "top trumps" ranked above the ace of spades
(`deck.top_trumps`, e.g. big joker, little joker, 2D, 2S). A top trump is a spade for every
purpose: following suit, leading, breaking spades and counting spades. So a card has an
*effective* suit, which is its printed suit unless it is a top trump or a joker, and a *power*
within that suit, which is its rank unless it is a top trump. A mega card (Graham Spades' packs
for five to eight) has a power just above its twin's and below the next rank's, so powers run
two to a rank: the rank's card, then its mega card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from spadespec.reference_engine.cards import (
    CARD_COUNT,
    CARD_TEXT,
    FULL_DECK,
    JOKERS,
    MEGA_OFFSET,
    RANK_OF,
    SPADES,
    SUIT_OF,
    cards_in,
    parse_card,
)
from spadespec.reference_engine.pack_kinds import KIND_CARDS
from spadespec.reference_engine.variant.model import DeckKind, DeckRules, Rules

_TOP = 26
"""The power of the lowest top trump: one above the mega ace (the ace's is 24, its mega's 25)."""


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards in play and how they take tricks."""

    cards: int
    """Mask of the cards in play: the kind of pack less the cards taken out."""
    suit_of: tuple[int, ...]
    """Card number -> the suit it plays as: a top trump or joker is a spade."""
    suit_masks: tuple[int, int, int, int]
    """The cards in play of each suit as played: spades with the top trumps, diamonds without
    the 2D when it is a top trump."""
    spade_mask: int
    """The trumps in play: `suit_masks[SPADES]`."""
    power: tuple[int, ...]
    """Card number -> strength within its suit as played: twice the rank (2 = 0 .. A = 24), one
    more for a mega card, the top trumps 26 upwards, the highest top trump strongest."""
    beaters: tuple[int, ...]
    """Card number -> mask of the cards in play that take the trick from it."""
    order: tuple[int, ...]
    """The cards in play, lowest number first: the order a seeded deal shuffles."""
    order_bits: tuple[int, ...]
    """`order` with each card as its one-card mask (`1 << card`), for dealing in masks."""
    removed: tuple[int, ...]
    """Cards taken out before the deal, lowest number first."""
    top_trumps: tuple[int, ...]
    """Cards ranked above the ace of spades, highest first."""
    standard: bool
    """True for the plain 52-card pack: no card taken out, none promoted."""

    def spade_count(self, hand: int) -> int:
        """How many trumps a hand holds, top trumps included (what mirror and whiz bid)."""
        return (hand & self.spade_mask).bit_count()

    def strength(self, card: int) -> int:
        """A key that sorts every card in play: by suit as played (spades last), then power."""
        return self.suit_of[card] << 6 | self.power[card]

    def highest(self, mask: int) -> int:
        """The strongest card of a non-empty mask: the highest trump if any, else by suit
        (hearts over diamonds over clubs) then power."""
        return max(cards_in(mask), key=self.strength)

    def lowest(self, mask: int) -> int:
        """The weakest card of a non-empty mask, by the same order as `highest`."""
        return min(cards_in(mask), key=self.strength)

    def ranked(self, mask: int) -> list[int]:
        """The cards of a mask weakest first, by the same order as `highest`."""
        return sorted(cards_in(mask), key=self.strength)

    def text_order(self, mask: int) -> list[str]:
        """The cards of a mask as text, lowest card number first (how `legal` lists them)."""
        return [CARD_TEXT[c] for c in cards_in(mask)]


def _problem(detail: str) -> ValueError:
    return ValueError(f"deck: {detail}")


def build_pack(kind: DeckKind, removed: Sequence[str], top_trumps: Sequence[str]) -> Pack:
    """The pack of `kind` less the `removed` cards, with `top_trumps` (highest first) ranked
    above the ace of spades. Raises ValueError for a pack that cannot be played: a joker in
    play with no place among the top trumps, a card named twice, a card the kind lacks."""
    kind_cards = KIND_CARDS[kind]
    taken = [parse_card(text) for text in removed]
    promoted = [parse_card(text) for text in top_trumps]
    for label, listed in (("removed", taken), ("top_trumps", promoted)):
        for card in listed:
            if not kind_cards >> card & 1:
                raise _problem(f"{label} names {CARD_TEXT[card]}, which a {kind} pack lacks")
        if len(set(listed)) != len(listed):
            raise _problem(f"{label} names a card twice: {' '.join(CARD_TEXT[c] for c in listed)}")
    cards = kind_cards
    for card in taken:
        cards &= ~(1 << card)
    for joker in cards_in(cards & JOKERS):
        if joker not in promoted:
            raise _problem(
                f"the {CARD_TEXT[joker]} joker is in play but deck.top_trumps does not rank it"
            )

    suit_of = list(SUIT_OF)
    power = [2 * rank + (card >= MEGA_OFFSET) for card, rank in enumerate(RANK_OF)]
    for place, card in enumerate(promoted):
        suit_of[card] = SPADES
        power[card] = _TOP + len(promoted) - 1 - place
    suit_masks = [0, 0, 0, 0]
    for card in cards_in(cards):
        suit_masks[suit_of[card]] |= 1 << card

    beaters = []
    for winning in range(CARD_COUNT):
        suit, strength = suit_of[winning], power[winning]
        mask = suit_masks[SPADES] if suit != SPADES else 0
        for card in cards_in(suit_masks[suit]):
            if power[card] > strength:
                mask |= 1 << card
        beaters.append(mask)

    return Pack(
        cards=cards,
        suit_of=tuple(suit_of),
        suit_masks=(suit_masks[0], suit_masks[1], suit_masks[2], suit_masks[3]),
        spade_mask=suit_masks[SPADES],
        power=tuple(power),
        beaters=tuple(beaters),
        order=tuple(cards_in(cards)),
        order_bits=tuple(1 << card for card in cards_in(cards)),
        removed=tuple(sorted(taken)),
        top_trumps=tuple(promoted),
        standard=cards == FULL_DECK and not promoted,
    )


@lru_cache(maxsize=64)
def pack_of_deck(deck: DeckRules) -> Pack:
    """The pack a variant's `deck` rules make (built once per distinct `deck`)."""
    return build_pack(deck.cards, deck.removed, deck.top_trumps)


def pack_of(rules: Rules) -> Pack:
    """The pack a variant plays with."""
    return pack_of_deck(rules.deck)


STANDARD_PACK = build_pack(DeckKind.STANDARD_52, (), ())
"""The 52 cards, aces high, spades trump: the pack when no variant says otherwise."""
