"""Following suit and winning the trick. Spades are always trump, and with house rules the
top trumps (jokers, promoted deuces) are spades too: everything here asks the pack, whose
`suit_masks` say which cards play as which suit and whose `beaters` say which cards take a
trick from which (`spadespec.reference_engine.pack.build_pack` works both out once per pack).

These are the only places the game decides who may follow with what and who took a trick."""

from __future__ import annotations

from collections.abc import Sequence

from spadespec.reference_engine.pack import STANDARD_PACK, Pack


def legal_follows(pack: Pack, hand: int, led_suit: int) -> int:
    """Follow suit if able; a player with none of the suit led may play any card. The suit is
    the suit as played: a promoted 2D follows a spade lead, not a diamond one."""
    return hand & pack.suit_masks[led_suit] or hand


def beaten_by(pack: Pack) -> tuple[int, ...]:
    """Card number -> the mask of the cards that take the trick from it: a stronger card of
    the same suit as played, or a spade (top trumps included) played on a trick another suit
    is winning. The pack works them out once (`beaters`); the game reads this table at every
    card played after the lead."""
    return pack.beaters


def beats(card: int, winning: int, pack: Pack = STANDARD_PACK) -> bool:
    """Does `card` take the trick from the card now winning it? Only if it is one of the cards
    that beat it (`beaten_by`)."""
    return beaten_by(pack)[winning] >> card & 1 == 1


def trick_winner(cards: Sequence[int], pack: Pack = STANDARD_PACK) -> int:
    """The position (0 = the lead) of the card that wins: the strongest spade if any spade was
    played, else the strongest card of the suit led. Each card after the lead takes the trick
    if it `beats` the card winning it so far (the game asks as each card is played)."""
    best = 0
    for place in range(1, len(cards)):
        if beats(cards[place], cards[best], pack):
            best = place
    return best
