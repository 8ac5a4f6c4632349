"""Why an action was refused: the stable reason codes every engine is checked against.

Each code is a short kebab-case string that never changes meaning once published; a
third-party engine under test reports the same code for the same refusal.

When several reasons apply at once, the first in this order is reported:

1. the action is malformed (`malformed-action`, `unknown-seat`, `unknown-card`, `unknown-bid`,
   `bad-deal`, `bad-setup`);
2. the game is over (`game-over`), or the action belongs to another phase (`wrong-phase`);
3. a bid: `already-bid`, then `not-your-turn`, then the kind of bid (`blind-nil-not-allowed`,
   `blind-nil-not-trailing`, `blind-bid-not-trailing`, `nil-not-allowed`, `bid-out-of-range`),
   then the bidding
   constraint (`suicide-one-nil`, `must-bid-spades`, `must-bid-nil-or-spades`), then
   `below-team-minimum`, then `above-team-maximum`, then the table's most and least totals
   (`above-table-maximum`, `below-table-minimum`), then the dealer's hook
   (`bids-add-up-to-tricks`);
4. a pass of cards after a blind nil: `not-your-turn`, then `pass-wrong-count`, then
   `card-not-in-hand`;
5. a play: `not-your-turn`, then `card-not-in-hand`, then, to a trick already led,
   `must-follow-suit`, or `must-head-trick` (a card of the suit led that does not head the
   trick) or `must-trump` (from a hand void in the suit led); or, when leading, the first-lead
   rule (`first-lead-must-be-lowest-club`, `first-lead-must-be-named-card`) before
   `spades-not-broken`; then, for a card those rules allow, the first-trick rule
   (`first-trick-must-play-lowest`, `first-trick-no-spades`).
"""

from enum import StrEnum


class ReasonCode(StrEnum):
    """The stable code carried by every refused action; `.description` says what it means."""

    description: str

    def __new__(cls, value: str, description: str) -> "ReasonCode":
        member = str.__new__(cls, value)
        member._value_ = value
        member.description = " ".join(description.split())
        member.__doc__ = member.description
        return member

    MALFORMED_ACTION = (
        "malformed-action",
        "The action is not one of deal, bid, pass or play, or lacks a field it needs.",
    )

    UNKNOWN_SEAT = (
        "unknown-seat",
        "The seat is not one in play: N, E, S, W at four players; N, S at two; N, E, S at three; "
        "N, NE, SE, SW, NW at five; N, NE, E, SE, SW, W, NW at seven.",
    )

    UNKNOWN_CARD = (
        "unknown-card",
        "The card is not a card of any pack (rank 2-9, T or 10, J, Q, K, A, then S, H, D or "
        "C; or `BJ`, `LJ` for the big and little joker).",
    )

    UNKNOWN_BID = (
        "unknown-bid",
        "The bid is neither a whole number of tricks nor `nil` or `blind-nil`.",
    )

    BAD_DEAL = (
        "bad-deal",
        "The deal does not give every seat in play its share of different cards from the "
        "variant's pack (13 each of 52 for four players), every card in play dealt once; a "
        "card taken out of the pack, or a joker in a pack without jokers, is refused too.",
    )

    BAD_SETUP = (
        "bad-setup",
        "The game's starting position (dealer, scores, bags, hands already played) cannot be read.",
    )

    GAME_OVER = (
        "game-over",
        "The game has ended; nothing more may be dealt, bid or played.",
    )

    WRONG_PHASE = (
        "wrong-phase",
        "The action belongs to another part of the hand: e.g. a play while bidding is still "
        "open, a bid after the first card, or a deal in the middle of a hand.",
    )

    ALREADY_BID = (
        "already-bid",
        "The player has already bid this hand; each player bids exactly once.",
    )

    NOT_YOUR_TURN = (
        "not-your-turn",
        "Another player is due to bid or play.",
    )

    NIL_NOT_ALLOWED = (
        "nil-not-allowed",
        "Nil was bid, but the variant does not allow nil.",
    )

    BID_OUT_OF_RANGE = (
        "bid-out-of-range",
        "A numeric bid below the variant's minimum or above its maximum.",
    )

    BLIND_NIL_NOT_ALLOWED = (
        "blind-nil-not-allowed",
        "Blind nil was bid, but the variant does not allow a blind nil.",
    )

    BLIND_NIL_NOT_TRAILING = (
        "blind-nil-not-trailing",
        "Blind nil was bid by a player whose side was not far enough behind when the hand was "
        "dealt: the variant allows it only to a side trailing the leading other side by at "
        "least a set number of points.",
    )

    BLIND_BID_NOT_TRAILING = (
        "blind-bid-not-trailing",
        "A number was bid blind by a player whose side was not far enough behind when the hand "
        "was dealt: the variant allows a blind numeric bid only to a side trailing the leading "
        "other side by at least a set number of points.",
    )

    BELOW_TEAM_MINIMUM = (
        "below-team-minimum",
        "The second partner's bid leaves the partnership's numeric bids short of the variant's "
        "team minimum (a nil counts as nothing toward it).",
    )

    ABOVE_TEAM_MAXIMUM = (
        "above-team-maximum",
        "The bid takes the partnership's numeric bids past the variant's team maximum (a nil "
        "counts as nothing toward it); the first partner's bid alone may not pass it either.",
    )

    SUICIDE_ONE_NIL = (
        "suicide-one-nil",
        "Under suicide bidding exactly one partner of each side bids nil: the second partner "
        "bid a number after the first bid one, or bid nil after the first bid nil.",
    )

    MUST_BID_SPADES = (
        "must-bid-spades",
        "Under mirror bidding a player bids exactly the number of spades held (top trumps "
        "counted as spades), or nil holding none, and bid something else.",
    )

    MUST_BID_NIL_OR_SPADES = (
        "must-bid-nil-or-spades",
        "Under whiz bidding a player bids either nil or the number of spades held (top trumps "
        "counted as spades), and bid something else.",
    )

    PASS_WRONG_COUNT = (
        "pass-wrong-count",
        "In the exchange after a blind nil, the cards passed are not exactly the number the "
        "variant sets (or name the same card twice).",
    )

    CARD_NOT_IN_HAND = (
        "card-not-in-hand",
        "The player does not hold that card (never dealt it, or already played it).",
    )

    MUST_FOLLOW_SUIT = (
        "must-follow-suit",
        "The player holds a card of the suit led and played another suit.",
    )

    MUST_HEAD_TRICK = (
        "must-head-trick",
        "Under the rule that a follower must head the trick, the player followed suit with a "
        "card below the one taking the trick while holding a card of the suit led that beats it.",
    )

    MUST_TRUMP = (
        "must-trump",
        "Under the rule that a player void in the suit led must trump, the player played a "
        "card other than a spade while holding one; or, where a trump must overtrump, played "
        "anything but a spade that takes the trick while holding one.",
    )

    FIRST_LEAD_MUST_BE_LOWEST_CLUB = (
        "first-lead-must-be-lowest-club",
        "Under the lowest-club opening, the first lead was not the leader's lowest club (or, "
        "with no club, not a heart or diamond; a spade is allowed only from a hand of nothing "
        "but spades).",
    )

    FIRST_LEAD_MUST_BE_NAMED_CARD = (
        "first-lead-must-be-named-card",
        "The variant names the card that opens the hand (usually the 2 of clubs) and the first "
        "leader, who holds it, led something else.",
    )

    SPADES_NOT_BROKEN = (
        "spades-not-broken",
        "A spade was led before spades were broken, from a hand holding another suit.",
    )

    FIRST_TRICK_MUST_PLAY_LOWEST = (
        "first-trick-must-play-lowest",
        "Under a first-trick rule that holds every player to their lowest card of the suit led, "
        "a player holding that suit played a higher card of it to the first trick.",
    )

    FIRST_TRICK_NO_SPADES = (
        "first-trick-no-spades",
        "Under a first-trick rule that keeps spades off the first trick, a spade was played to "
        "it (led, or thrown by a player void in the suit led) from a hand holding a card of "
        "another suit that could have been played.",
    )

    BIDS_ADD_UP_TO_TRICKS = (
        "bids-add-up-to-tricks",
        "Under the dealer's hook, the last player to bid made the bid that brings every "
        "player's numeric bids together (a nil counting as nothing) to exactly the tricks in a "
        "hand; it is refused only while another bid is open to that player.",
    )

    BELOW_TABLE_MINIMUM = (
        "below-table-minimum",
        "The last player to bid made a bid that leaves every player's numeric bids together (a "
        "nil counting as nothing) short of the variant's table minimum; it is refused only while "
        "a bid that reaches it is open to that player.",
    )

    ABOVE_TABLE_MAXIMUM = (
        "above-table-maximum",
        "The bid takes every player's numeric bids so far (a nil counting as nothing) past the "
        "variant's table maximum, whoever makes it; it is refused only while a bid within it is "
        "open to that player.",
    )
