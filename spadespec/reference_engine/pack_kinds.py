"""The cards each kind of pack holds before any is taken out (`deck.cards`), as masks of card
numbers: the 52, the 52 and two jokers, or the 52 and some of Graham Spades' mega cards. Which
cards each kind holds is the variant checks' `DECK_CARDS`, written as a variant file writes them;
this reads them as the engine numbers them (`cards.py`)."""

from __future__ import annotations

from spadespec.reference_engine.cards import mask_of, parse_card
from spadespec.reference_engine.variant.checking import DECK_CARDS
from spadespec.reference_engine.variant.model import DeckKind

KIND_CARDS: dict[DeckKind, int] = {
    kind: mask_of(parse_card(text) for text in DECK_CARDS[kind.value]) for kind in DeckKind
}
"""Each kind of pack -> the mask of its cards."""
DECK_SIZE: dict[DeckKind, int] = {kind: cards.bit_count() for kind, cards in KIND_CARDS.items()}
"""How many cards each kind of pack holds before any are taken out."""
