"""The rule clause a refused action breaks, and the clause a recorded figure comes from.

A refusal's reason code says what was wrong with the action; the clause is what a person looks
up in the variant: a rule (`play.spades_lead`) or a clause of play every variant has
(`play.follow-suit`), as the tags name them; a rule names the refusals it explains in its
axis (`reference_engine/variant/axes.yaml`). A turn taken out of order is read
from where it came: the first bid of a hand breaks who bids first, the first lead who leads
first, a later lead the winner's lead.
"""

from __future__ import annotations

from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.variant.axes import AXES

REASON_RULES: dict[str, str] = {
    ReasonCode.MALFORMED_ACTION: "record.action",
    ReasonCode.UNKNOWN_BID: "bid.range",
    ReasonCode.BAD_SETUP: "record.setup",
    ReasonCode.GAME_OVER: "game.nothing-after-the-end",
    ReasonCode.WRONG_PHASE: "turn.wrong-phase",
    ReasonCode.ALREADY_BID: "bid.already-bid",
    ReasonCode.NOT_YOUR_TURN: "turn.out-of-turn",
    ReasonCode.BID_OUT_OF_RANGE: "bid.range",
    ReasonCode.CARD_NOT_IN_HAND: "play.card-not-held",
    ReasonCode.MUST_FOLLOW_SUIT: "play.follow-suit",
    # A refusal a rule explains is named by that rule's axis (`refusals`).
    **{code: path for path, axis in AXES.items() for code in axis.refusals},
}
"""Reason code -> the clause the refused action breaks."""

FIGURE_RULES: dict[str, str] = {
    "dealer": "deal.dealer_rotation",
    "tricks": "play.trick-winner",
    "points": "scoring (hand points)",
    "totals": "scoring (totals)",
    "bags": "scoring (bags)",
    "outcome": "game_end",
    "legal": "legal actions",
    "refused": "legal actions (refused)",
    "allowed": "legal actions (allowed)",
}
"""A recorded figure -> the part of the rules that gives it, where no rule change explains a
difference."""

ANSWERS = ("legal", "refused", "allowed")
"""The figures that are answers the engine gave during the game (a record's `differed`)."""


def rule_broken(
    reason: str, kind: str, first_of_hand: bool, leading: bool, *, blind_bid: bool = False
) -> str:
    """The clause an action of `kind` (bid, pass, play, draw) refused for `reason` breaks;
    `first_of_hand`: it was the hand's first of its kind; `leading`: a card led to a trick;
    `blind_bid`: it was a number bid blind, whose range is the blind bids' own."""
    if reason == ReasonCode.BID_OUT_OF_RANGE and blind_bid:
        return "bidding.blind_bid_min"
    if reason == ReasonCode.NOT_YOUR_TURN:
        if kind == "bid" and first_of_hand:
            return "bidding.first_bidder"
        if kind == "play" and first_of_hand:
            return "play.first_leader"
        if kind == "play" and leading:
            return "play.winner-leads"
        if kind == "draw":
            return "deal.draw-turns"
    return REASON_RULES.get(reason, reason)
