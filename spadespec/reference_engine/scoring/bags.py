"""Bags (sandbags): tricks a side took beyond what it needed, and the penalty they bring."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from spadespec.reference_engine.variant.model import BagCarry, BagsCount, ScoringRules


def bags_when_contract_made(made: bool, bags: int) -> int:
    """Bags go on the sheet only in a hand where the side made its contract."""
    return bags if made else 0


def bags_always(made: bool, bags: int) -> int:
    """Bags go on the sheet whether or not the contract was made."""
    return bags


def bags_never(made: bool, bags: int) -> int:
    """Bags are not kept at all: overtricks still score their points, but no count builds."""
    return 0


BAGS_COUNT: dict[BagsCount, Callable[[bool, int], int]] = {
    BagsCount.CONTRACT_MADE: bags_when_contract_made,
    BagsCount.ALWAYS: bags_always,
    BagsCount.NEVER: bags_never,
}


def carry_excess(bags: int, threshold: int) -> int:
    """Paying the penalty takes the threshold off the count; the rest carries on."""
    return bags - threshold


def reset_count(bags: int, threshold: int) -> int:
    """Paying the penalty wipes the count, excess and all."""
    return 0


BagCarrier = Callable[[int, int], int]
"""The count left after the penalty is paid once, given the count and the threshold."""

BAG_CARRY: dict[BagCarry, BagCarrier] = {
    BagCarry.EXCESS_CARRIES: carry_excess,
    BagCarry.RESET: reset_count,
}


def penalty_alone(scoring: ScoringRules) -> int:
    """Each time the count reaches the threshold, the side loses the bag penalty."""
    return scoring.bag_penalty


def penalty_and_bag_points(scoring: ScoringRules) -> int:
    """The penalty also takes back the points the cleared bags scored as overtricks (ten bags
    at a point each with a 100 penalty: 110 in all)."""
    return scoring.bag_penalty + scoring.bag_threshold * scoring.overtrick_points


PenaltyEachTime = Callable[[ScoringRules], int]
"""The points lost each time the bag penalty is paid."""

BAG_POINTS_CANCELLED: dict[bool, PenaltyEachTime] = {
    False: penalty_alone,
    True: penalty_and_bag_points,
}


class BagPenalty(NamedTuple):
    """How many times the bag penalty was paid, the points it cost (>= 0), the count after."""

    times: int
    points: int
    bags_after: int


# Most hands pay no penalty: the answer for each count below the threshold, made once.
_NOTHING_DUE = tuple(BagPenalty(0, 0, count) for count in range(64))


def apply_bag_penalty(
    carry: BagCarrier, each_time: PenaltyEachTime, scoring: ScoringRules, bags: int
) -> BagPenalty:
    """Pay the bag penalty each time the count is at or over the threshold, leaving the count
    `carry` says (`scoring.bag_carry`) and costing what `each_time` says
    (`scoring.bag_points_cancelled`).

    With the excess carried, one big hand can cost the penalty twice (9 bags + 13 = 22).
    """
    threshold = scoring.bag_threshold
    if threshold < 1:
        raise ValueError(f"bag threshold must be at least 1, not {threshold}")
    if bags < threshold:
        return _NOTHING_DUE[bags] if bags < len(_NOTHING_DUE) else BagPenalty(0, 0, bags)
    times = 0
    while bags >= threshold:
        times += 1
        bags = carry(bags, threshold)
    return BagPenalty(times, times * each_time(scoring), bags)
