"""Faults in bidding and play: each is the standard rulebook with one rule table's rows
replaced (from `spadespec.reference_engine.rules_of_play`), or one rule function: following
suit, who leads the next trick, the pack's ranking, or the last word on a check of an action.
Each takes the rulebook it breaks and gives the broken one."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from spadespec.reference_engine.actions import Bid, Move, Play
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Phase
from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rulebook import Position, Rulebook
from spadespec.reference_engine.rules_of_play import leads, turns
from spadespec.reference_engine.rules_of_play.leads import FirstLeadRule
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import (
    DealerRotation,
    FirstBidder,
    FirstLead,
    FirstLeader,
    Rules,
    SpadesBrokenBy,
    SpadesLead,
)

Check = Callable[[Move], None]
"""The check the rules make of an action: raises `IllegalActionError`, or returns."""


def spades_broken_from_the_start(book: Rulebook) -> Rulebook:
    return book.with_rows("spades_lead", {SpadesLead.AFTER_BROKEN: leads.lead_spades_any_time})


def spades_broken_by_a_spade_lead(book: Rulebook) -> Rulebook:
    early = {SpadesBrokenBy.SPADE_ON_OTHER_SUIT: leads.broken_by_any_spade}
    return book.with_rows("spades_broken_by", early)


def first_lead_rule_not_enforced(book: Rulebook) -> Rulebook:
    return book.with_rows("first_lead", {FirstLead.NAMED_CARD: None, FirstLead.LOWEST_CLUB: None})


def _named_card_one_up(pack: Pack, hand: int, named_card: int | None) -> int:
    # Whether the leader holds the named card is read one card number too high (the 3C).
    if named_card is not None and hand >> (named_card + 1) & 1:
        return 1 << named_card
    return 0


def named_first_lead_looks_one_card_up(book: Rulebook) -> Rulebook:
    rule = FirstLeadRule(_named_card_one_up, ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD)
    return book.with_rows("first_lead", {FirstLead.NAMED_CARD: rule})


def wrong_seat_leads_first(book: Rulebook) -> Rulebook:
    wrong = {
        FirstLeader.LEFT_OF_DEALER: turns.leader_is_dealer,
        FirstLeader.DEALER: turns.leader_left_of_dealer,
        FirstLeader.HOLDER_OF_CARD: turns.leader_left_of_dealer,
    }
    return book.with_rows("first_leader", wrong)


def wrong_seat_bids_first(book: Rulebook) -> Rulebook:
    wrong = {
        FirstBidder.LEFT_OF_DEALER: turns.bidder_is_dealer,
        FirstBidder.DEALER: turns.bidder_left_of_dealer,
    }
    return book.with_rows("first_bidder", wrong)


def _same_dealer(table: Table, dealer: Seat) -> Seat:
    return dealer


def dealer_does_not_rotate(book: Rulebook) -> Rulebook:
    return book.with_rows("dealer_rotation", {DealerRotation.CLOCKWISE: _same_dealer})


def _no_trumping(pack: Pack) -> Pack:
    """The pack with every card beaten only by stronger cards of its own suit."""
    beaters = tuple(
        pack.beaters[card] & pack.suit_masks[pack.suit_of[card]]
        for card in range(len(pack.beaters))
    )
    return dataclasses.replace(pack, beaters=beaters)


def packed_differently(book: Rulebook, change: Callable[[Pack], Pack]) -> Rulebook:
    """`book` with every pack it makes changed by `change`."""
    real = book.pack_of

    def pack_of(rules: Rules) -> Pack:
        return change(real(rules))

    return dataclasses.replace(book, pack_of=pack_of)


def spades_do_not_trump(book: Rulebook) -> Rulebook:
    return packed_differently(book, _no_trumping)


def _leader_leads(leader: Seat, winner: Seat) -> Seat:
    """The leader of a trick leads the next one, whoever took it."""
    return leader


def winner_does_not_lead(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, next_leader=_leader_leads)


def _any_card(pack: Pack, hand: int, led_suit: int) -> int:
    return hand


def follow_suit_not_enforced(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, follow=_any_card)


def _next_card_checked(game: Position, action: Move, check: Check) -> None:
    """A check of a card held by the player to act that looks up the card numbered one above
    it in the legal set (a bit shifted one place too far): an illegal card is let through when
    the next card up is legal (the ace of clubs when the 2 of diamonds is)."""
    try:
        check(action)
    except IllegalActionError:
        if not isinstance(action, Play):
            raise
        number, mover = action.card, game.to_act
        held = action.seat is mover and game.hands[action.seat] >> number & 1
        if not (game.phase is Phase.PLAY and held and game.legal_plays() >> number + 1 & 1):
            raise


def card_checked_one_card_up(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, verdict=_next_card_checked)


def _rebid_read_as_out_of_turn(game: Position, action: Move, check: Check) -> None:
    """A check that never looks at who has bid already: a seat bidding a second time is
    refused only because it is not its turn."""
    try:
        check(action)
    except IllegalActionError as exc:
        if not isinstance(action, Bid) or exc.reason is not ReasonCode.ALREADY_BID:
            raise
        raise IllegalActionError(
            ReasonCode.NOT_YOUR_TURN, f"it is not {exc.seat}'s turn to bid", seat=exc.seat
        ) from None


def already_bid_read_as_out_of_turn(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, verdict=_rebid_read_as_out_of_turn)


def _refuse_everything(game: Position, action: Move, check: Check) -> None:
    """Every action refused: an illegal one with its right reason, an allowed one as though it
    came out of turn."""
    check(action)
    raise IllegalActionError(ReasonCode.NOT_YOUR_TURN, "refused")


def refuses_everything(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, verdict=_refuse_everything)
