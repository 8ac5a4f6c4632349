"""Faults in hand scoring and game end: each is the standard rulebook with one scoring table's
rows, or one function the hand scorer calls, replaced. Each takes the rulebook it breaks and
gives the broken one."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from spadespec.conformance.machinery.faults.sheet_lines import lines_changed
from spadespec.reference_engine.rulebook import Rulebook
from spadespec.reference_engine.scoring import bags, contract, game_end, inputs, nil
from spadespec.reference_engine.scoring.bags import BagCarrier, BagPenalty, PenaltyEachTime
from spadespec.reference_engine.scoring.game_end import OutcomeEntries
from spadespec.reference_engine.scoring.hand import HandEntries
from spadespec.reference_engine.scoring.nil import NilValuer
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


def set_penalty_per_trick_short(book: Rulebook) -> Rulebook:
    return book.with_rows("set_penalty", {SetPenalty.PER_TRICK_BID: contract.set_per_trick_short})


def set_penalty_per_trick_bid(book: Rulebook) -> Rulebook:
    return book.with_rows("set_penalty", {SetPenalty.PER_TRICK_SHORT: contract.set_per_trick_bid})


def nil_tricks_counted_wrong_way(book: Rulebook) -> Rulebook:
    wrong = {
        NilTricks.COUNT: nil.nil_tricks_bags_only,
        NilTricks.BAGS_ONLY: nil.nil_tricks_count,
        NilTricks.IGNORED: nil.nil_tricks_count,
    }
    return book.with_rows("nil_tricks", wrong)


def nil_tricks_scored_as_nothing(book: Rulebook) -> Rulebook:
    return book.with_rows("nil_tricks", dict.fromkeys(NilTricks, nil.nil_tricks_ignored))


def bid_of_every_trick_not_scored(book: Rulebook) -> Rulebook:
    real = book.hand_score

    def one_short(
        entries: HandEntries, sheet: Sheet, bids: dict[str, Any], tricks: dict[str, int],
        prior: Mapping[str, tuple[int, int]],
    ) -> HandScore:  # fmt: skip
        # The range of a bid read as 0 up to one less than the tricks in the hand.
        for seat, bid in bids.items():
            if bid == sheet.tricks:
                raise inputs.ScoringInputError(
                    f"seat {seat}: bid {bid} is outside 0..{sheet.tricks - 1}"
                )
        return real(entries, sheet, bids, tricks, prior)

    # The game and a score request both score a hand through the rulebook's `hand_score`.
    return dataclasses.replace(book, hand_score=one_short)


def overtricks_not_scored(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, overtrick_points=lambda scoring, count: 0)


def bags_not_carried(book: Rulebook) -> Rulebook:
    real = book.hand_score

    def forgetful(
        entries: HandEntries, sheet: Sheet, bids: dict[str, Any], tricks: dict[str, int],
        prior: Mapping[str, tuple[int, int]],
    ) -> HandScore:  # fmt: skip
        # The running score carries; the bag count is dropped at every new hand.
        fresh = {side: SideTotals(score, 0) for side, (score, _) in prior.items()}
        return real(entries, sheet, bids, tricks, fresh)

    return dataclasses.replace(book, hand_score=forgetful)


def excess_bags_reset(book: Rulebook) -> Rulebook:
    return book.with_rows("bag_carry", {BagCarry.EXCESS_CARRIES: bags.reset_count})


def penalty_one_bag_late(book: Rulebook) -> Rulebook:
    real = book.apply_bag_penalty

    def late(
        carry: BagCarrier, each_time: PenaltyEachTime, scoring: ScoringRules, count: int
    ) -> BagPenalty:
        later = dataclasses.replace(scoring, bag_threshold=scoring.bag_threshold + 1)
        return real(carry, each_time, later, count)

    return dataclasses.replace(book, apply_bag_penalty=late)


def bag_penalty_paid_once(book: Rulebook) -> Rulebook:
    def once(
        carry: BagCarrier, each_time: PenaltyEachTime, scoring: ScoringRules, count: int
    ) -> BagPenalty:
        if count < scoring.bag_threshold:
            return BagPenalty(0, 0, count)
        return BagPenalty(1, each_time(scoring), carry(count, scoring.bag_threshold))

    return dataclasses.replace(book, apply_bag_penalty=once)


def failed_nil_costs_the_bonus(book: Rulebook) -> Rulebook:
    real = book.score_nil

    def as_bonus(
        values: Mapping[str, NilValuer], scoring: ScoringRules, seat: str, tricks: int,
        kind: str = "nil",
    ) -> NilResult:  # fmt: skip
        wrong = dataclasses.replace(scoring, nil_penalty=scoring.nil_bonus)
        return real(values, wrong, seat, tricks, kind)

    return dataclasses.replace(book, score_nil=as_bonus)


def double_nil_scored_as_one(book: Rulebook) -> Rulebook:
    def as_one(score: SideScore, rules: Rules, sheet: Sheet, side: str) -> SideScore:
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

    return lines_changed(book, as_one)


def target_rule_swapped(book: Rulebook) -> Rulebook:
    wrong = {TargetRule.REACH: game_end.exceeds_target, TargetRule.EXCEED: game_end.reaches_target}
    return book.with_rows("target_rule", wrong)


def ties_settled_wrong_way(book: Rulebook) -> Rulebook:
    wrong = {
        TieRule.TIE: game_end.play_another_hand,
        TieRule.PLAY_ANOTHER_HAND: game_end.drawn_game,
    }
    return book.with_rows("tie_rule", wrong)


def _first_side_wins(leaders: Mapping[str, int], why: str, sides: int = 2) -> GameOutcome:
    winner = next(iter(leaders))
    return GameOutcome("won", winner, f"{why}; {winner}, first on the sheet, wins")


def tie_given_to_the_first_side(book: Rulebook) -> Rulebook:
    return book.with_rows("tie_rule", dict.fromkeys(TieRule, _first_side_wins))


def win_test_ignores_bag_points(book: Rulebook) -> Rulebook:
    real_score, real_outcome = book.hand_score, book.outcome_after
    # The bags each side holds after the hand last scored, as the broken scorer keeps them.
    held: dict[str, int] = {}

    def score(
        entries: HandEntries, sheet: Sheet, bids: dict[str, Any], tricks: dict[str, int],
        prior: Mapping[str, tuple[int, int]],
    ) -> HandScore:  # fmt: skip
        result = real_score(entries, sheet, bids, tricks, prior)
        held.clear()
        held.update({side: line.bags_after for side, line in result.sides.items()})
        return result

    def outcome(
        entries: OutcomeEntries, rules: Rules, sheet: Sheet, scores: Mapping[str, int],
        hands_played: int, boston_made: str | None, /, *, moon: str | None = None,
    ) -> GameOutcome:  # fmt: skip
        # The score kept as tens and bags apart, and only the tens held up to the target.
        tens = {side: int(total) - held.get(side, 0) for side, total in scores.items()}
        return real_outcome(entries, rules, sheet, tens, hands_played, boston_made, moon=moon)

    # The game and a score request both score a hand through the rulebook's `hand_score`,
    # then see where the game stands through its `outcome_after`.
    return dataclasses.replace(book, hand_score=score, outcome_after=outcome)


def losing_floor_ignored(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, is_out=lambda rules, total: False)
