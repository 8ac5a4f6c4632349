"""The blind nil exchange: after a blind nil (and after a seen nil, where the variant lets one
open it), where the variant passes cards, the bidder and partner each hand the other the
variant's number of cards face down, then the play opens.

A pass is made whole (`pass_cards`) or a card at a time (`pass_card`, as `legal_actions()`
offers it); a card picked toward a pass is not logged until the pass is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from spadespec.reference_engine.actions import (
    BLIND_NIL,
    Pass,
    PassCard,
    parse_pass,
    pick_record,
    pick_records,
)
from spadespec.reference_engine.cards import CARD_TEXT, cards_in, parse_card
from spadespec.reference_engine.game_phases.state import PASSING
from spadespec.reference_engine.game_phases.trick_play import TrickPlay
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.bids import NIL_BIDS
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant.model import NilExchange


class BlindNilExchange(TrickPlay):
    """The exchange, which hands over to the play."""

    __slots__ = ()

    @property
    def pass_to(self) -> Seat | None:
        """During the exchange, who receives the cards the player to act passes."""
        return self._exchange[0][1] if self.phase is PASSING else None

    @property
    def picked(self) -> int:
        """The cards picked so far toward the pass being made, as a mask (`pass_card`)."""
        return self._picked

    def legal_passes(self) -> list[Pass]:
        """Every whole pass the passer may make now: each choice of the variant's number of
        cards from the hand (empty outside a blind nil exchange)."""
        if self.phase is not PASSING:
            return []
        seat = self._passer()
        held = list(cards_in(self.hands[seat]))
        return [
            Pass(seat, sum(1 << card for card in chosen))
            for chosen in combinations(held, self.plan.exchange)
        ]

    def _pick_choices(self) -> tuple[PassCard, ...]:
        """The cards the passer may pick toward the pass, while passing."""
        seat = self._passer()
        return pick_records(seat, self.hands[seat] & ~self._picked)

    def _passer(self) -> Seat:
        seat = self.to_act
        assert seat is not None  # someone is always to pass while passing
        return seat

    def _exchange_due(self) -> list[tuple[Seat, Seat]]:
        """The passes of this hand's exchanges, (from, to) in order: one exchange for each
        side with a blind nil, in the order the blind nils were bid; when both partners bid
        blind nil, the first of them counts as the bidder. Where a seen nil opens the
        exchange too (`bidding.nil_exchange`), a nil of either kind opens it, and a side whose
        two players both bid nil exchanges nothing."""
        passes: list[tuple[Seat, Seat]] = []
        sides_done: set[str | None] = set()
        partner_first = self.plan.partner_passes_first
        seen_too = self.rules.bidding.nil_exchange is NilExchange.SEEN_TOO
        opening = NIL_BIDS if seen_too else (BLIND_NIL,)
        for seat, bid in self.bids.items():  # in bidding order
            partner = self.table.partner[seat]
            side = self.table.side_of[seat]
            if bid not in opening or partner is None or side in sides_done:
                continue
            sides_done.add(side)
            if seen_too and self.bids[partner] in NIL_BIDS:
                continue  # both partners bid nil: nobody is left to help
            if partner_first:
                passes += [(partner, seat), (seat, partner)]
            else:
                passes += [(seat, partner), (partner, seat)]
        return passes

    def verify_pass(self, seat: Seat | str, cards: Pass | int | Iterable[int | str]) -> None:
        seat = self._seat(seat)
        record = _pass_record(seat, cards)
        self._check_phase(PASSING, seat, "pass")
        self._check_passer(seat)
        count = record.cards.bit_count()
        passing = self.plan.exchange
        if record.repeated or count != passing:
            said = "names a card twice" if record.repeated else f"passes {count}"
            raise self._refuse(
                ReasonCode.PASS_WRONG_COUNT,
                f"{seat.name} must pass exactly {passing} different cards; this pass {said}",
                seat,
            )
        missing = record.cards & ~self.hands[seat]
        if missing:
            self._refuse_unheld(seat, (missing & -missing).bit_length() - 1)

    def can_pass(self, seat: Seat | str, cards: Pass | int | Iterable[int | str]) -> bool:
        return self._allowed(self.verify_pass, seat, cards)

    def pass_cards(self, seat: Seat | str, cards: Pass | int | Iterable[int | str]) -> Pass:
        """In a blind nil exchange, `seat` hands `cards` (a mask, or card texts) to the other
        partner. Any cards picked toward the pass one at a time are put back first."""
        seat = self._seat(seat)
        record = _pass_record(seat, cards)
        self.verify_pass(seat, record)
        return self._hand_over(record)

    def _hand_over(self, record: Pass) -> Pass:
        """Make a pass already checked: log it and move the cards."""
        seat = record.seat
        receiver = self._exchange.pop(0)[1]
        self.log.append(record)
        self.passes.append(record)
        self._picked = 0
        self.hands[seat] &= ~record.cards
        self.hands[receiver] |= record.cards
        if self._exchange:
            self.to_act = self._exchange[0][0]
        else:
            self._start_play()
        return record

    def verify_pass_card(self, seat: Seat | str, card: int | str) -> None:
        """A card picked toward a pass must be the passer's, and not picked already."""
        seat = self._seat(seat)
        card = parse_card(card)
        self._check_phase(PASSING, seat, "pass", card=card)
        self._check_passer(seat, card)
        if not self.hands[seat] >> card & 1:
            self._refuse_unheld(seat, card)
        if self._picked >> card & 1:
            raise self._refuse(
                ReasonCode.PASS_WRONG_COUNT,
                f"{seat.name} has picked {CARD_TEXT[card]} for this pass already; a pass"
                f" names {self.plan.exchange} different cards",
                seat, card=card,
            )  # fmt: skip

    def can_pass_card(self, seat: Seat | str, card: int | str) -> bool:
        return self._allowed(self.verify_pass_card, seat, card)

    def pass_card(self, seat: Seat | str, card: int | str) -> Pass | PassCard:
        """In a blind nil exchange, `seat` picks one card to pass. The pick that brings the
        pass to the variant's number of cards makes the pass, which is logged and returned;
        an earlier pick returns itself and is not logged."""
        if seat is not self.to_act:  # the player to act is a seat in play: nothing to read
            seat = self._seat(seat)
        return self._apply_pick(pick_record(seat, parse_card(card)))

    def _apply_pick(self, record: PassCard) -> Pass | PassCard:
        """`apply()` for a card picked toward a pass, the one place a card is picked
        (`pass_card()` comes here too)."""
        seat, card = record.seat, record.card
        picked = self._picked
        if (
            seat is not self.to_act
            or self.phase is not PASSING
            or not self.hands[seat] >> card & 1
            or picked >> card & 1
        ):
            seat = self._seat(seat)
            self.verify_pass_card(seat, card)
        picked |= 1 << card
        if picked.bit_count() < self.plan.exchange:
            self._picked = picked
            return record
        return self._hand_over(Pass(seat, picked))

    def _check_passer(self, seat: Seat, card: int | None = None) -> None:
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to pass cards, not {seat.name}'s", seat,
                card=card,
            )  # fmt: skip


def _pass_record(seat: Seat, cards: Pass | int | Iterable[int | str]) -> Pass:
    if isinstance(cards, Pass):
        return cards if cards.seat is seat else Pass(seat, cards.cards, cards.repeated)
    if isinstance(cards, int):
        return Pass(seat, int(cards))
    return parse_pass(seat, list(cards))
