"""Dealing: the cards of the next hand go out, and the bidding opens.

A deal is an action in the log like any other: the hands given (checked to fit the variant's
pack and table), or a shuffle of the pack from a seed (which always fits), or, where two
players draw their hands, the stock they draw from (`game_phases.drawing`). A deal that leaves a
deficient hand (`deal.redeal_spades_below`, `deal.redeal_no_face_card`) is thrown in at once,
or, where the holders choose (`deal.redeal_by: holder`), when one of them calls the redeal
(`redeal`); either way nothing is scored and the same dealer deals again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from spadespec.reference_engine.actions import (
    Deal,
    Redeal,
    deal_record,
    dealt,
    redeal_record,
    stock_record,
)
from spadespec.reference_engine.cards import FACE_CARDS
from spadespec.reference_engine.deal import deal_from_seed, parse_deal
from spadespec.reference_engine.game_phases.drawing import Drawing
from spadespec.reference_engine.game_phases.state import BIDDING, DEALING, REDEALING, GameState
from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant.model import RedealBy


class Dealing(Drawing):
    __slots__ = ()

    def verify_deal(self, hands: Sequence[int]) -> None:
        """A deal must fit the variant: each seat in play its share of the pack's cards, every
        card in play dealt once, nothing from outside the pack."""
        self.plan.check_deal(hands, self.pack, self.table)
        self._check_phase(DEALING, None, "deal")

    def deal(
        self,
        hands: str | Mapping[str, Any] | Sequence[int] | None = None,
        seed: int | str | None = None,
        *,
        stock: Sequence[int] | None = None,
    ) -> Deal:
        """Deal the next hand: the hands given (PBN text, an object from seat to its cards,
        or four bitmasks N, E, S, W), or shuffled from `seed` (a fresh random shuffle when
        neither is given), or, where two players draw, lay down the `stock` (card numbers, top
        card first) for them to draw from."""
        if stock is not None:
            return self._apply_deal(stock_record(stock))
        if hands is None:
            if seed is None:
                seed = random.randrange(2**63)
            if self.phase is not DEALING:
                self._check_phase(DEALING, None, "deal")
            record = dealt(deal_from_seed(seed, self.pack, self.table, self.dealer))
            return self._start_hand(record)  # a shuffle of the pack is always a deal
        if isinstance(hands, str | Mapping):
            record = Deal(parse_deal(hands))
        else:
            record = deal_record(hands)
        self.verify_deal(record.hands)
        return self._start_hand(record)

    def _apply_deal(self, record: Deal) -> Deal:
        """`apply()` for a deal record: its hands as a tuple, checked, then dealt; or its stock,
        checked, then laid down for the draw."""
        if record.stock is not None:
            self.verify_stock(record.stock)
            return self._start_hand(record)
        if type(record.hands) is not tuple:  # a record made with a list of hands
            record = deal_record(record.hands)
        self.verify_deal(record.hands)
        return self._start_hand(record)

    def _start_hand(self, record: Deal) -> Deal:
        """Log a checked deal and open the bidding."""
        self.log.append(record)
        self.dealt = record.hands
        self.hands = list(record.hands)
        self.bids = {}
        self.passes = []
        self._exchange = []
        self._picked = 0
        self.tricks_won = dict.fromkeys(self.table.seats, 0)
        self._played = 0
        self._winners = []
        self.led_suit = None
        self.spades_broken = False
        self.trick_number = 1
        self._legal = None
        self._legal_bids = self._legal_bid_values = None
        self._trailing = None
        if record.stock is not None:
            self._start_draw(record)
            return record
        rules = self.rules.deal
        below, faceless = rules.redeal_spades_below, rules.redeal_no_face_card
        if (below is not None or faceless) and thrown_in(self.pack, record.hands, below, faceless):
            if rules.redeal_by is RedealBy.RULE:
                return record  # still DEALING: the same dealer deals again, nothing scored
            self._deficient = deficient_holders(self, below, faceless)
            self.phase = REDEALING
            self.to_act = self._deficient.pop(0)
            return record
        self._open_bidding()
        return record

    def _open_bidding(self) -> None:
        self.phase = BIDDING
        first_bidder = self.plan.first_bidder
        self.to_act = first_bidder(self.table, self.dealer)

    # --- a holder's call (`deal.redeal_by: holder`) ----------------------------------------

    def legal_calls(self) -> tuple[bool, ...]:
        """What the holder to choose may answer: call the redeal (true) or keep the hand
        (false); nothing outside the holders' choosing."""
        return (True, False) if self.phase is REDEALING else ()

    def _redeal_choices(self) -> tuple[Redeal, ...]:
        """The holder's answers as records, as `legal_actions()` offers them."""
        seat = self.to_act
        assert seat is not None  # a holder is always to choose while holders choose
        return tuple(redeal_record(seat, call) for call in self.legal_calls())

    def verify_redeal(self, seat: Seat | str, call: bool) -> None:
        """Only the holder whose turn it is to choose may call or decline a redeal."""
        seat = self._seat(seat)
        self._check_phase(REDEALING, seat, "redeal")
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to call or decline the redeal, not"
                f" {seat.name}'s",
                seat,
            )

    def can_redeal(self, seat: Seat | str, call: bool) -> bool:
        return self._allowed(self.verify_redeal, seat, call)

    def redeal(self, seat: Seat | str, call: bool) -> Redeal:
        """The holder of a deficient hand calls the redeal (`call` true: the deal is thrown in,
        the same dealer deals again and nothing is scored) or keeps the hand (the next
        deficient hand's holder chooses, or, after the last, the bidding opens)."""
        seat = self._seat(seat)
        self.verify_redeal(seat, call)
        record = redeal_record(seat, bool(call))
        self.log.append(record)
        if call:
            self._deficient = []
            self.phase = DEALING
            self.to_act = None
        elif self._deficient:
            self.to_act = self._deficient.pop(0)
        else:
            self._open_bidding()
        return record


def deficient_holders(game: GameState, below: int | None, faceless: bool) -> list[Seat]:
    """The seats whose hands would throw the deal in, in turn from the dealer's left."""
    table, hands = game.table, game.hands
    order = []
    seat = table.left[game.dealer]
    for _ in range(table.players):
        assert seat is not None
        if thrown_in(game.pack, [hands[seat]], below, faceless):
            order.append(seat)
        seat = table.left[seat]
    return order


def thrown_in(pack: Pack, hands: Sequence[int], below: int | None, faceless: bool) -> bool:
    """Whether a deal is thrown in, some hand in play holding fewer than `below` spades (a top
    trump counting as one; `deal.redeal_spades_below`, None: any number) or, where `faceless`
    (`deal.redeal_no_face_card`), no jack, queen or king. A seat out of play holds nothing."""
    least = below or 0
    return any(
        hand and (pack.spade_count(hand) < least or (faceless and not hand & FACE_CARDS))
        for hand in hands
    )
