"""The first trick: what a house rule holds every player to on the hand's first trick, beyond
the usual rules of leading and following (`play.first_trick`).

The usual rules decide first (`tricks.legal_follows`, the first lead and the spades-lead rule,
in `leads`); this narrows the cards they allow, so it never lets through a card they refuse.
"Spades" are the pack's spades as played, top trumps included, and the lowest card of a suit is
the weakest by the pack's power within it.
"""

from __future__ import annotations

from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.variant.model import FirstTrick

_LOWEST = frozenset({FirstTrick.LOWEST_OF_SUIT, FirstTrick.LOWEST_AND_NO_SPADES})
_NO_SPADES = frozenset({FirstTrick.NO_SPADES, FirstTrick.LOWEST_AND_NO_SPADES})


def first_trick_plays(
    rule: FirstTrick, pack: Pack, hand: int, led_suit: int | None, usual: int
) -> int:
    """The cards a player holding `hand` may play to the first trick, given the cards `usual`
    that the usual rules allow (`led_suit` None: the player leads). A player holding the suit
    led plays the lowest of it that the usual rules allow, where the rule says so, and
    otherwise as usual; the leader, and a player void in the suit led, play no spade where the
    rule says so unless the usual rules leave nothing else."""
    if rule is FirstTrick.ANY:
        return usual
    if led_suit is not None:
        suit = hand & pack.suit_masks[led_suit]
        if suit:
            allowed = usual & suit
            return 1 << pack.lowest(allowed) if allowed and rule in _LOWEST else usual
    if rule in _NO_SPADES:
        return usual & ~pack.spade_mask or usual
    return usual


def first_trick_refusal(
    rule: FirstTrick, pack: Pack, hand: int, led_suit: int | None
) -> ReasonCode:
    """Why the first-trick rule refuses a card the usual rules allow: a higher card of the suit
    led, from a player holding it, or else a spade from a hand that may play another card."""
    if rule in _LOWEST and led_suit is not None and hand & pack.suit_masks[led_suit]:
        return ReasonCode.FIRST_TRICK_MUST_PLAY_LOWEST
    return ReasonCode.FIRST_TRICK_NO_SPADES
