"""Dealing: the cards of the next hand go out, and the bidding opens.

A deal is an action in the log like any other: the hands given (checked to fit the variant's
pack and table), or a shuffle of the pack from a seed (which always fits).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from spadespec.reference_engine.actions import Deal, deal_record, dealt
from spadespec.reference_engine.cards import FACE_CARDS
from spadespec.reference_engine.deal import deal_from_seed, parse_deal
from spadespec.reference_engine.game_phases.state import BIDDING, DEALING, GameState
from spadespec.reference_engine.pack import Pack


class Dealing(GameState):
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
    ) -> Deal:
        """Deal the next hand: the hands given (PBN text, an object from seat to its cards,
        or four bitmasks N, E, S, W), or shuffled from `seed` (a fresh random shuffle when
        neither is given)."""
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
        """`apply()` for a deal record: its hands as a tuple, checked, then dealt."""
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
        rules = self.rules.deal
        below, faceless = rules.redeal_spades_below, rules.redeal_no_face_card
        if (below is not None or faceless) and thrown_in(self.pack, record.hands, below, faceless):
            return record  # still DEALING: the same dealer deals again, and nothing is scored
        self.phase = BIDDING
        first_bidder = self.plan.first_bidder
        self.to_act = first_bidder(self.table, self.dealer)
        return record


def thrown_in(pack: Pack, hands: Sequence[int], below: int | None, faceless: bool) -> bool:
    """Whether a deal is thrown in, some hand in play holding fewer than `below` spades (a top
    trump counting as one; `deal.redeal_spades_below`, None: any number) or, where `faceless`
    (`deal.redeal_no_face_card`), no jack, queen or king. A seat out of play holds nothing."""
    least = below or 0
    return any(
        hand and (pack.spade_count(hand) < least or (faceless and not hand & FACE_CARDS))
        for hand in hands
    )
