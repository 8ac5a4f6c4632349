"""Faults in hand scoring and game end: each swaps one entry of a scoring table, or replaces one
function the hand scorer calls, for as long as the context is open."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from unittest import mock

from spadespec.reference_engine.scoring import bags, contract, game_end, hand, inputs, nil
from spadespec.reference_engine.scoring.records import (
    GameOutcome,
    HandScore,
    NilResult,
    SideScore,
    SideTotals,
)
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.variant.model import (
    BagCarry,
    NilTricks,
    Rules,
    ScoringRules,
    SetPenalty,
    TargetRule,
    TieRule,
)


@contextmanager
def set_penalty_per_trick_short() -> Iterator[None]:
    with mock.patch.dict(
        contract.SET_PENALTY, {SetPenalty.PER_TRICK_BID: contract.set_per_trick_short}
    ):
        yield


@contextmanager
def set_penalty_per_trick_bid() -> Iterator[None]:
    with mock.patch.dict(
        contract.SET_PENALTY, {SetPenalty.PER_TRICK_SHORT: contract.set_per_trick_bid}
    ):
        yield


@contextmanager
def nil_tricks_counted_wrong_way() -> Iterator[None]:
    wrong = {
        NilTricks.COUNT: nil.nil_tricks_bags_only,
        NilTricks.BAGS_ONLY: nil.nil_tricks_count,
        NilTricks.IGNORED: nil.nil_tricks_count,
    }
    with mock.patch.dict(nil.NIL_TRICKS, wrong):
        yield


@contextmanager
def nil_tricks_scored_as_nothing() -> Iterator[None]:
    nothing = dict.fromkeys(NilTricks, nil.nil_tricks_ignored)
    with mock.patch.dict(nil.NIL_TRICKS, nothing):
        yield


@contextmanager
def bid_of_every_trick_not_scored() -> Iterator[None]:
    real = hand.hand_score

    def one_short(
        rules: Rules, sheet: Sheet, bids: dict[str, Any], tricks: dict[str, int],
        prior: Mapping[str, SideTotals],
    ) -> HandScore:  # fmt: skip
        # The range of a bid read as 0 up to one less than the tricks in the hand.
        for seat, bid in bids.items():
            if bid == sheet.tricks:
                raise inputs.ScoringInputError(
                    f"seat {seat}: bid {bid} is outside 0..{sheet.tricks - 1}"
                )
        return real(rules, sheet, bids, tricks, prior)

    # The game and a score request both score a hand through `hand_score`.
    with mock.patch.object(hand, "hand_score", one_short):
        yield


@contextmanager
def overtricks_not_scored() -> Iterator[None]:
    with mock.patch.object(hand, "overtrick_points", lambda scoring, count: 0):
        yield


@contextmanager
def bags_not_carried() -> Iterator[None]:
    real = hand.hand_score

    def forgetful(
        rules: Rules, sheet: Any, bids: Any, tricks: Any, prior: Mapping[str, SideTotals]
    ) -> HandScore:
        # The running score carries; the bag count is dropped at every new hand.
        fresh = {side: SideTotals(score, 0) for side, (score, _) in prior.items()}
        return real(rules, sheet, bids, tricks, fresh)

    with mock.patch.object(hand, "hand_score", forgetful):
        yield


@contextmanager
def excess_bags_reset() -> Iterator[None]:
    with mock.patch.dict(bags.BAG_CARRY, {BagCarry.EXCESS_CARRIES: bags.reset_count}):
        yield


@contextmanager
def penalty_one_bag_late() -> Iterator[None]:
    real = bags.apply_bag_penalty

    def late(scoring: ScoringRules, count: int) -> bags.BagPenalty:
        later = dataclasses.replace(scoring, bag_threshold=scoring.bag_threshold + 1)
        return real(later, count)

    with mock.patch.object(hand, "apply_bag_penalty", late):
        yield


@contextmanager
def bag_penalty_paid_once() -> Iterator[None]:
    def once(scoring: ScoringRules, count: int) -> bags.BagPenalty:
        if count < scoring.bag_threshold:
            return bags.BagPenalty(0, 0, count)
        after = bags.BAG_CARRY[scoring.bag_carry](count, scoring.bag_threshold)
        return bags.BagPenalty(1, bags.penalty_each_time(scoring), after)

    with mock.patch.object(hand, "apply_bag_penalty", once):
        yield


@contextmanager
def failed_nil_costs_the_bonus() -> Iterator[None]:
    real = nil.score_nil

    def as_bonus(scoring: ScoringRules, seat: str, tricks: int, *kind: Any) -> NilResult:
        wrong = dataclasses.replace(scoring, nil_penalty=scoring.nil_bonus)
        return real(wrong, seat, tricks, *kind)

    with mock.patch.object(hand, "score_nil", as_bonus):
        yield


@contextmanager
def double_nil_scored_as_one() -> Iterator[None]:
    real = hand.score_side

    def as_one(
        rules: Rules, sheet: Any, side: str, bids: Mapping[str, Any], tricks: Mapping[str, int],
        prior: SideTotals,
    ) -> SideScore:  # fmt: skip
        score = real(rules, sheet, side, bids, tricks, prior)
        if len(score.nils) < 2:
            return score
        # One nil for the pair: the first seat carries it, made only if neither took a trick.
        first = score.nils[0]
        taken = sum(n.tricks for n in score.nils)
        points = rules.scoring.nil_bonus if taken == 0 else -(rules.scoring.nil_penalty or 0)
        joint = NilResult(first.seat, taken, taken == 0, points or 0)
        change = joint.points - sum(n.points for n in score.nils)
        return score._replace(
            nils=(joint,),
            hand_points=score.hand_points + change,
            score_after=score.score_after + change,
        )

    with mock.patch.object(hand, "score_side", as_one):
        yield


@contextmanager
def target_rule_swapped() -> Iterator[None]:
    wrong = {TargetRule.REACH: game_end.exceeds_target, TargetRule.EXCEED: game_end.reaches_target}
    with mock.patch.dict(game_end.TARGET_RULE, wrong):
        yield


@contextmanager
def ties_settled_wrong_way() -> Iterator[None]:
    wrong = {
        TieRule.TIE: game_end.play_another_hand,
        TieRule.PLAY_ANOTHER_HAND: game_end.drawn_game,
    }
    with mock.patch.dict(game_end.TIE_RULE, wrong):
        yield


def _first_side_wins(leaders: Mapping[str, int], why: str, sides: int = 2) -> GameOutcome:
    winner = next(iter(leaders))
    return GameOutcome("won", winner, f"{why}; {winner}, first on the sheet, wins")


@contextmanager
def tie_given_to_the_first_side() -> Iterator[None]:
    with mock.patch.dict(game_end.TIE_RULE, dict.fromkeys(TieRule, _first_side_wins)):
        yield


@contextmanager
def win_test_ignores_bag_points() -> Iterator[None]:
    real_score, real_outcome = hand.hand_score, game_end.outcome_after
    held: dict[str, int] = {}

    def score(*args: Any) -> HandScore:
        result = real_score(*args)
        held.clear()
        held.update({side: line.bags_after for side, line in result.sides.items()})
        return result

    def outcome(
        rules: Rules, sheet: Sheet, scores: Mapping[str, int], hands_played: int,
        boston_made: str | None, *, moon: str | None = None,
    ) -> GameOutcome:  # fmt: skip
        # The score kept as tens and bags apart, and only the tens held up to the target.
        tens = {side: int(total) - held.get(side, 0) for side, total in scores.items()}
        return real_outcome(rules, sheet, tens, hands_played, boston_made, moon=moon)

    # The game and a score request both score a hand through `hand_score` and see where the
    # game stands through `outcome_after`.
    with (
        mock.patch.object(hand, "hand_score", score),
        mock.patch.object(game_end, "outcome_after", outcome),
    ):
        yield


@contextmanager
def losing_floor_ignored() -> Iterator[None]:
    with mock.patch.object(game_end, "is_out", lambda rules, total: False):
        yield
