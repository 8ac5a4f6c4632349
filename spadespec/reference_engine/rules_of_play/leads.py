"""Leading: what may open the first trick, when spades may be led, and what breaks them.

Each function takes the pack and the leader's hand as a bitmask and returns the mask of cards
it may lead. "Spades" are the pack's spades as played, top trumps included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spadespec.reference_engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.variant.model import FirstLead, SpadesBrokenBy, SpadesLead

# --- the first lead of a hand -------------------------------------------------------------


def lead_lowest_club(pack: Pack, hand: int, named_card: int | None) -> int:
    """Lead the lowest club held (the 3C when the 2C is out of the pack and the leader holds
    it); with no club, any heart or diamond; a spade only from a hand of nothing but spades."""
    clubs = hand & pack.suit_masks[CLUBS]
    if clubs:
        return clubs & -clubs  # clubs are never promoted, so card number order is rank order
    return hand & (pack.suit_masks[HEARTS] | pack.suit_masks[DIAMONDS]) or hand


def lead_named_card(pack: Pack, hand: int, named_card: int | None) -> int:
    """Lead the named card. A first leader who does not hold it (possible only when the leader
    is not chosen by that card, or the card is out of the pack) is bound by nothing more than
    the ordinary leading rules."""
    if named_card is not None and hand >> named_card & 1:
        return 1 << named_card
    return 0


@dataclass(frozen=True, slots=True)
class FirstLeadRule:
    """A restriction on the first lead: `allowed(pack, hand, named_card)` gives the mask of
    cards that may open (0 when the restriction does not bind), `refusal` the reason code."""

    allowed: Callable[[Pack, int, int | None], int]
    refusal: ReasonCode


# FirstLead.ANY has no entry: the first lead obeys the ordinary leading rules only.
FIRST_LEAD: dict[FirstLead, FirstLeadRule | None] = {
    FirstLead.ANY: None,
    FirstLead.NAMED_CARD: FirstLeadRule(lead_named_card, ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD),
    FirstLead.LOWEST_CLUB: FirstLeadRule(
        lead_lowest_club, ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB
    ),
}

# --- leading spades -----------------------------------------------------------------------


def lead_spades_after_broken(pack: Pack, hand: int, spades_broken: bool) -> int:
    """Spades may not be led until broken, unless the leader holds nothing but spades."""
    if spades_broken:
        return hand
    return hand & ~pack.spade_mask or hand


def lead_spades_any_time(pack: Pack, hand: int, spades_broken: bool) -> int:
    """Any card may be led, a spade included, broken or not."""
    return hand


SPADES_LEAD: dict[SpadesLead, Callable[[Pack, int, bool], int]] = {
    SpadesLead.AFTER_BROKEN: lead_spades_after_broken,
    SpadesLead.ANY_TIME: lead_spades_any_time,
}

# --- breaking spades ----------------------------------------------------------------------
# A spade here is any card of the pack's spade suit: a joker or promoted deuce breaks spades.


def broken_by_any_spade(led_suit: int) -> bool:
    """Any spade played to any trick breaks spades, a spade lead included."""
    return True


def broken_by_spade_on_other_suit(led_suit: int) -> bool:
    """Only a spade played to a trick led in another suit breaks spades."""
    return led_suit != SPADES


# Called when a spade (pack.suit_of[card] == SPADES) is played while spades are unbroken,
# with the suit as played of the card that led the trick.
SPADES_BROKEN_BY: dict[SpadesBrokenBy, Callable[[int], bool]] = {
    SpadesBrokenBy.ANY_SPADE_PLAYED: broken_by_any_spade,
    SpadesBrokenBy.SPADE_ON_OTHER_SUIT: broken_by_spade_on_other_suit,
}
