"""The end of a hand: the hand is scored, the totals and bags carried on, and the scorer says
whether the game goes on (the next dealer deals) or is over (`outcome` says who won)."""

from __future__ import annotations

from spadespec.reference_engine.actions import BidValue
from spadespec.reference_engine.game_phases.state import DEALING, OVER, GameState
from spadespec.reference_engine.seats import SEAT_NAMES


class EndOfHand(GameState):
    __slots__ = ()

    def _end_hand(self) -> None:
        """Score the hand, carry the totals and bags, and see whether the game is over."""
        sheet = self.plan.sheet
        # The score sheet names seats and sides by letter, in table order.
        bids: dict[str, BidValue] = {}
        tricks: dict[str, int] = {}
        for seat in self.table.seats:
            name = SEAT_NAMES[seat]
            bids[name] = self.bids[seat]
            tricks[name] = self.tricks_won[seat]
        totals, bags = self.totals, self.bags
        prior = {}
        for side in sheet.sides:
            prior[side] = (totals[side], bags[side])  # a side's score and bags going in
        scorer = self.plan.scorer  # the game scores by the rulebook its plan was made with
        result = scorer.hand_score(sheet, bids, tricks, prior)
        self.hand_results.append(result)
        self.hands_played += 1
        self.totals = totals = {}
        self.bags = bags = {}
        boston = moon = None  # `result.boston` and `result.moon`, read in the same pass
        for side, line in result.sides.items():
            totals[side] = line.score_after
            bags[side] = line.bags_after
            if line.boston and boston is None:
                boston = side
            if line.moon and moon is None:
                moon = side
        self.outcome = scorer.outcome_after(sheet, totals, self.hands_played, boston, moon=moon)
        self.to_act = None
        if self.outcome.status == "continues":
            self.phase = DEALING
            self.dealer = self.plan.next_dealer(self.table, self.dealer)
            self.hand_number += 1
        else:
            self.phase = OVER
