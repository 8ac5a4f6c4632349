"""Faults in bidding and play: each swaps one entry of a rule table from
`reference_engine.rules_of_play`, replaces the trick-taking comparison, or plays the game
through a subclass that breaks one rule, for as long as the context is open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import conformance.reference_adapter as adapter
import reference_engine.game as game_module
from reference_engine.game import Game
from reference_engine.rules_of_play import leads, turns
from reference_engine.seats import Seat
from reference_engine.variant.model import (
    DealerRotation,
    FirstBidder,
    FirstLead,
    FirstLeader,
    SpadesBrokenBy,
    SpadesLead,
)


@contextmanager
def spades_broken_from_the_start() -> Iterator[None]:
    anything = {SpadesLead.AFTER_BROKEN: lambda hand, broken: hand}
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


@contextmanager
def dealer_does_not_rotate() -> Iterator[None]:
    with mock.patch.dict(turns.DEALER_ROTATION, {DealerRotation.CLOCKWISE: lambda dealer: dealer}):
        yield


def _same_suit_only(card: int, winning: int) -> bool:
    return card // 13 == winning // 13 and card > winning


@contextmanager
def spades_do_not_trump() -> Iterator[None]:
    with mock.patch.object(game_module, "beats", _same_suit_only):
        yield


class _AnyCardGame(Game):
    """A game where nobody has to follow suit."""

    def legal_plays(self, seat: Seat | int | None = None) -> int:
        allowed = super().legal_plays(seat)
        if allowed and self.led_suit is not None:
            return int(self.hands[self.to_act])  # type: ignore[index]
        return allowed


class _LeaderKeepsLeadGame(Game):
    """A game where the leader of a trick leads the next one, whoever took it."""

    def _put_on_trick(self, seat: Seat, card: int) -> None:
        leader = self.current_trick[0][0] if self.current_trick else seat
        done = len(self.completed_tricks)
        super()._put_on_trick(seat, card)
        if len(self.completed_tricks) > done and self.to_act is not None:
            self.to_act = leader


@contextmanager
def follow_suit_not_enforced() -> Iterator[None]:
    with mock.patch.object(adapter, "Game", _AnyCardGame):
        yield


@contextmanager
def winner_does_not_lead() -> Iterator[None]:
    with mock.patch.object(adapter, "Game", _LeaderKeepsLeadGame):
        yield
