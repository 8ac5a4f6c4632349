"""Following suit and winning the trick. Spades are always trump, and with house rules the
top trumps (jokers, promoted deuces) are spades too: everything here asks the pack, whose
`suit_masks` say which cards play as which suit and whose `beaters` say which cards take a
trick from which (`spadespec.reference_engine.pack.build_pack` works both out once per pack).

These are the only places the game decides who may follow with what and who took a trick."""

from __future__ import annotations

from collections.abc import Sequence

from spadespec.reference_engine.cards import CARD_TEXT, SUIT_NAMES, cards_in
from spadespec.reference_engine.pack import STANDARD_PACK, Pack
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.variant.model import PlayRules, WhenVoid


def legal_follows(pack: Pack, hand: int, led_suit: int) -> int:
    """Follow suit if able; a player with none of the suit led may play any card. The suit is
    the suit as played: a promoted 2D follows a spade lead, not a diamond one."""
    return hand & pack.suit_masks[led_suit] or hand


def must_beat(pack: Pack, play: PlayRules, follows: int, led_suit: int, winning: int) -> int:
    """The cards `follows` (those following suit allows) leaves once the trick must be beaten:
    a follower who must head the trick plays a card of the suit led above `winning`, the card
    now taking it, if holding one (none can beat a spade on another suit's trick); a player void
    in the suit led who must trump plays a spade, and one who must overtrump plays a spade that
    takes the trick as it stands, if holding one. Otherwise `follows` stands. Only a player
    following suit, or one void in it, is narrowed: a lead is never touched."""
    if follows & pack.suit_masks[led_suit]:
        return follows & pack.beaters[winning] or follows if play.must_head else follows
    when_void = play.when_void
    if when_void is WhenVoid.TRUMP:
        return follows & pack.spade_mask or follows
    if when_void is WhenVoid.OVERTRUMP:
        return follows & pack.spade_mask & pack.beaters[winning] or follows
    return follows


def must_beat_refusal(
    pack: Pack, seat: str, hand: int, led_suit: int, winning: int, allowed: int
) -> tuple[ReasonCode, str]:
    """Why a card held, of the suit led or from a hand void in it, is not among the `allowed`
    cards `must_beat` left: the reason code and a sentence naming the cards that may be
    played."""
    choices = " ".join(CARD_TEXT[card] for card in cards_in(allowed))
    suit = SUIT_NAMES[led_suit]
    if hand & pack.suit_masks[led_suit]:
        return (
            ReasonCode.MUST_HEAD_TRICK,
            f"{seat} must head the trick: {CARD_TEXT[winning]} is taking it and {seat} holds "
            f"{suit} that beat it: one of {choices}",
        )
    overtrump = allowed != hand & pack.spade_mask  # some spades held are too low to play
    over = f" over {CARD_TEXT[winning]}" if overtrump else ""
    return (
        ReasonCode.MUST_TRUMP,
        f"{seat} holds no {suit} and must trump{over}: one of {choices}",
    )


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
