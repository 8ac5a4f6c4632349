"""Faults in bidding and play: each swaps one entry of a rule table from
`spadespec.reference_engine.rules_of_play`, replaces the trick-taking comparison or the rule for
following suit in the plan, or plays the game through a subclass that breaks one rule, for as
long as the context is open."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import spadespec.conformance.engines.reference as adapter
import spadespec.reference_engine.pack as pack_module
from spadespec.conformance.faults.rewrite import plans_misread
from spadespec.reference_engine.actions import BidValue, Move
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play import leads, turns
from spadespec.reference_engine.rules_of_play.leads import FirstLeadRule
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant.model import (
    DealerRotation,
    FirstBidder,
    FirstLead,
    FirstLeader,
    SpadesBrokenBy,
    SpadesLead,
)


@contextmanager
def spades_broken_from_the_start() -> Iterator[None]:
    anything = {SpadesLead.AFTER_BROKEN: leads.lead_spades_any_time}
    with mock.patch.dict(leads.SPADES_LEAD, anything):
        yield


@contextmanager
def spades_broken_by_a_spade_lead() -> Iterator[None]:
    early = {SpadesBrokenBy.SPADE_ON_OTHER_SUIT: leads.broken_by_any_spade}
    with mock.patch.dict(leads.SPADES_BROKEN_BY, early):
        yield


@contextmanager
def first_lead_rule_not_enforced() -> Iterator[None]:
    free = {FirstLead.NAMED_CARD: None, FirstLead.LOWEST_CLUB: None}
    with mock.patch.dict(leads.FIRST_LEAD, free):
        yield


def _named_card_one_up(pack: Pack, hand: int, named_card: int | None) -> int:
    # Whether the leader holds the named card is read one card number too high (the 3C).
    if named_card is not None and hand >> (named_card + 1) & 1:
        return 1 << named_card
    return 0


@contextmanager
def named_first_lead_looks_one_card_up() -> Iterator[None]:
    rule = FirstLeadRule(_named_card_one_up, ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD)
    with mock.patch.dict(leads.FIRST_LEAD, {FirstLead.NAMED_CARD: rule}):
        yield


@contextmanager
def wrong_seat_leads_first() -> Iterator[None]:
    wrong = {
        FirstLeader.LEFT_OF_DEALER: turns.leader_is_dealer,
        FirstLeader.DEALER: turns.leader_left_of_dealer,
        FirstLeader.HOLDER_OF_CARD: turns.leader_left_of_dealer,
    }
    with mock.patch.dict(turns.FIRST_LEADER, wrong):
        yield


@contextmanager
def wrong_seat_bids_first() -> Iterator[None]:
    wrong = {
        FirstBidder.LEFT_OF_DEALER: turns.bidder_is_dealer,
        FirstBidder.DEALER: turns.bidder_left_of_dealer,
    }
    with mock.patch.dict(turns.FIRST_BIDDER, wrong):
        yield


def _same_dealer(*table_and_dealer: Any) -> Seat:
    # The dealer comes last whether or not the rule is also handed the table.
    dealer: Seat = table_and_dealer[-1]
    return dealer


@contextmanager
def dealer_does_not_rotate() -> Iterator[None]:
    with mock.patch.dict(turns.DEALER_ROTATION, {DealerRotation.CLOCKWISE: _same_dealer}):
        yield


def _no_trumping(pack: Pack) -> Pack:
    """The pack with every card beaten only by stronger cards of its own suit."""
    beaters = tuple(
        pack.beaters[card] & pack.suit_masks[pack.suit_of[card]]
        for card in range(len(pack.beaters))
    )
    return dataclasses.replace(pack, beaters=beaters)


@contextmanager
def spades_do_not_trump() -> Iterator[None]:
    real = pack_module.pack_of_deck
    with mock.patch.object(pack_module, "pack_of_deck", lambda deck: _no_trumping(real(deck))):
        yield


class _LeaderKeepsLeadGame(Game):
    """A game where the leader of a trick leads the next one, whoever took it."""

    def _take_trick(self) -> None:
        leader = self.current_trick[0][0]
        super()._take_trick()
        if self.to_act is not None:  # the hand goes on
            self.to_act = leader


class _NextCardCheckedGame(Game):
    """A game whose check of a card held by the player to act looks up the card numbered one
    above it in the legal set (a bit shifted one place too far): an illegal card is let
    through when the next card up is legal (the ace of clubs when the 2 of diamonds is)."""

    __slots__ = ()

    def verify_play(self, seat: Seat | str, card: int | str) -> None:
        try:
            super().verify_play(seat, card)
        except IllegalActionError:
            number, mover = parse_card(card), self.to_act
            held = self._seat(seat) is mover and self.hands[mover] >> number & 1
            if not (self.phase is Phase.PLAY and held and self.legal_plays() >> number + 1 & 1):
                raise


class _RebidOutOfTurnGame(Game):
    """A game that never looks at who has bid already: a seat bidding a second time is
    refused only because it is not its turn."""

    __slots__ = ()

    def verify_bid(self, seat: Seat | str, bid: BidValue | str) -> None:
        try:
            super().verify_bid(seat, bid)
        except IllegalActionError as exc:
            if exc.reason is not ReasonCode.ALREADY_BID:
                raise
            raise IllegalActionError(
                ReasonCode.NOT_YOUR_TURN, f"it is not {exc.seat}'s turn to bid", seat=exc.seat
            ) from None


class _RefusingGame(Game):
    """A game that refuses every action it is asked to check: an illegal one with its right
    reason, and an allowed one as though it came out of turn."""

    __slots__ = ()

    def verify(self, action: Move) -> None:
        super().verify(action)
        raise IllegalActionError(ReasonCode.NOT_YOUR_TURN, "refused")


@contextmanager
def card_checked_one_card_up() -> Iterator[None]:
    with mock.patch.object(adapter, "Game", _NextCardCheckedGame):
        yield


@contextmanager
def already_bid_read_as_out_of_turn() -> Iterator[None]:
    with mock.patch.object(adapter, "Game", _RebidOutOfTurnGame):
        yield


@contextmanager
def refuses_everything() -> Iterator[None]:
    with mock.patch.object(adapter, "Game", _RefusingGame):
        yield


def _any_card(pack: Pack, hand: int, led_suit: int) -> int:
    return hand


@contextmanager
def follow_suit_not_enforced() -> Iterator[None]:
    with plans_misread(lambda plan: dataclasses.replace(plan, follow=_any_card)):
        yield


@contextmanager
def winner_does_not_lead() -> Iterator[None]:
    with mock.patch.object(adapter, "Game", _LeaderKeepsLeadGame):
        yield
