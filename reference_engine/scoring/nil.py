"""Nil bids: each one scored on its own, and what the nil bidder's tricks do for the side."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from reference_engine.scoring.records import NilResult
from reference_engine.variant.model import NilTricks, ScoringRules


def nil_made(tricks: int) -> bool:
    """A nil is made only if its bidder takes no trick at all."""
    return tricks == 0


def score_nil(scoring: ScoringRules, seat: str, tricks: int) -> NilResult:
    """One nil's result: the bonus if made, the penalty if a single trick was taken."""
    if scoring.nil_bonus is None or scoring.nil_penalty is None:
        raise ValueError(f"seat {seat} bid nil, but this variant gives nil no value")
    if nil_made(tricks):
        return NilResult(seat=seat, tricks=tricks, made=True, points=scoring.nil_bonus)
    return NilResult(seat=seat, tricks=tricks, made=False, points=-scoring.nil_penalty)


class NilTrickShare(NamedTuple):
    """Where a nil bidder's tricks go: toward the side's contract, and straight into bags."""

    toward_contract: int
    as_bags: int


def nil_tricks_count(tricks: int) -> NilTrickShare:
    """The nil bidder's tricks count toward the contract like the partner's (and so can be
    overtricks, hence bags)."""
    return NilTrickShare(toward_contract=tricks, as_bags=0)


def nil_tricks_bags_only(tricks: int) -> NilTrickShare:
    """The nil bidder's tricks do not help the contract, but each is a bag."""
    return NilTrickShare(toward_contract=0, as_bags=tricks)


def nil_tricks_ignored(tricks: int) -> NilTrickShare:
    """The nil bidder's tricks only fail the nil."""
    return NilTrickShare(toward_contract=0, as_bags=0)


NIL_TRICKS: dict[NilTricks, Callable[[int], NilTrickShare]] = {
    NilTricks.COUNT: nil_tricks_count,
    NilTricks.BAGS_ONLY: nil_tricks_bags_only,
    NilTricks.IGNORED: nil_tricks_ignored,
}


def share_nil_tricks(scoring: ScoringRules, tricks: int) -> NilTrickShare:
    return NIL_TRICKS[scoring.nil_tricks](tricks)
