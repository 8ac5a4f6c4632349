"""Bags (sandbags): tricks a side took beyond what it needed, and the penalty they bring."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from reference_engine.variant.model import BagCarry, BagsCount, ScoringRules


def bags_when_contract_made(made: bool, bags: int) -> int:
    """Bags go on the sheet only in a hand where the side made its contract."""
    return bags if made else 0


def bags_always(made: bool, bags: int) -> int:
    """Bags go on the sheet whether or not the contract was made."""
    return bags


BAGS_COUNT: dict[BagsCount, Callable[[bool, int], int]] = {
    BagsCount.CONTRACT_MADE: bags_when_contract_made,
    BagsCount.ALWAYS: bags_always,
}


def bags_recorded(scoring: ScoringRules, made: bool, bags: int) -> int:
    """The bags this hand adds to the side's count."""
    return BAGS_COUNT[scoring.bags_count](made, bags)


def carry_excess(bags: int, threshold: int) -> int:
    """Paying the penalty takes the threshold off the count; the rest carries on."""
    return bags - threshold


def reset_count(bags: int, threshold: int) -> int:
    """Paying the penalty wipes the count, excess and all."""
    return 0


BAG_CARRY: dict[BagCarry, Callable[[int, int], int]] = {
    BagCarry.EXCESS_CARRIES: carry_excess,
    BagCarry.RESET: reset_count,
}


class BagPenalty(NamedTuple):
    """How many times the bag penalty was paid, the points it cost (>= 0), the count after."""

    times: int
    points: int
    bags_after: int


def apply_bag_penalty(scoring: ScoringRules, bags: int) -> BagPenalty:
    """Pay the bag penalty each time the count is at or over the threshold.

    With the excess carried, one big hand can cost the penalty twice (9 bags + 13 = 22).
    """
    if scoring.bag_threshold < 1:
        raise ValueError(f"bag threshold must be at least 1, not {scoring.bag_threshold}")
    carry = BAG_CARRY[scoring.bag_carry]
    times = 0
    while bags >= scoring.bag_threshold:
        times += 1
        bags = carry(bags, scoring.bag_threshold)
    return BagPenalty(times=times, points=times * scoring.bag_penalty, bags_after=bags)
