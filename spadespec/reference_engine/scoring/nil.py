"""Nil and blind nil bids: each one scored on its own, and what the nil bidder's tricks do
for the side."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from spadespec.reference_engine.scoring.records import NilResult
from spadespec.reference_engine.variant.model import DoubleNilTricks, NilTricks, ScoringRules


def nil_made(tricks: int) -> bool:
    """A nil is made only if its bidder takes no trick at all."""
    return tricks == 0


class NilValue(NamedTuple):
    """What a nil is worth: won if made, lost if not (both >= 0)."""

    bonus: int | None
    penalty: int | None


def nil_value(scoring: ScoringRules) -> NilValue:
    """A nil bid after looking at the cards."""
    return NilValue(scoring.nil_bonus, scoring.nil_penalty)


def blind_nil_value(scoring: ScoringRules) -> NilValue:
    """A nil bid before looking at the cards: worth more either way."""
    return NilValue(scoring.blind_nil_bonus, scoring.blind_nil_penalty)


NilValuer = Callable[[ScoringRules], NilValue]
"""What a kind of nil is worth under the scoring rules."""

NIL_VALUE: dict[str, NilValuer] = {
    "nil": nil_value,
    "blind-nil": blind_nil_value,
}


def score_nil(
    values: Mapping[str, NilValuer], scoring: ScoringRules, seat: str, tricks: int,
    bid: str = "nil",
) -> NilResult:  # fmt: skip
    """One nil's result (blind or not): the bonus if made, the penalty if a single trick was
    taken. `values` says what each kind of nil is worth (the rulebook's `nil_value`)."""
    value = values[bid](scoring)
    blind = bid == "blind-nil"
    if value.bonus is None or value.penalty is None:
        kind = "blind nil" if blind else "nil"
        raise ValueError(f"seat {seat} bid {kind}, but this variant gives {kind} no value")
    if nil_made(tricks):
        return NilResult(seat, tricks, True, value.bonus, blind)
    return NilResult(seat, tricks, False, -value.penalty, blind)


class NilTrickShare(NamedTuple):
    """Where a nil bidder's tricks go: toward the side's contract, straight into bags, and as
    overtricks of the nil bidder's own (a point and a bag each)."""

    toward_contract: int
    as_bags: int
    as_overtricks: int = 0


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


def nil_tricks_overtricks(tricks: int) -> NilTrickShare:
    """The nil bidder's tricks do not help the contract; each is the nil bidder's own
    overtrick, a point and a bag."""
    return NilTrickShare(toward_contract=0, as_bags=0, as_overtricks=tricks)


NilSharer = Callable[[int], NilTrickShare]
"""Where a nil bidder's tricks go, given the tricks."""

NIL_TRICKS: dict[NilTricks, NilSharer] = {
    NilTricks.COUNT: nil_tricks_count,
    NilTricks.BAGS_ONLY: nil_tricks_bags_only,
    NilTricks.IGNORED: nil_tricks_ignored,
    NilTricks.OVERTRICKS: nil_tricks_overtricks,
}


def double_nil_as_single(single: NilSharer, tricks: int) -> NilTrickShare:
    """Both partners bid nil: each one's tricks count as a single nil's do (`single`)."""
    return single(tricks)


def double_nil_ignored(single: NilSharer, tricks: int) -> NilTrickShare:
    """Both partners bid nil: their tricks count for nothing beyond failing the nils."""
    return NilTrickShare(toward_contract=0, as_bags=0)


DoubleNilSharer = Callable[[NilSharer, int], NilTrickShare]
"""Where a nil bidder's tricks go when both partners bid nil, given where a single nil's go
(`scoring.nil_tricks`) and the tricks."""

DOUBLE_NIL_TRICKS: dict[DoubleNilTricks, DoubleNilSharer] = {
    DoubleNilTricks.AS_SINGLE_NIL: double_nil_as_single,
    DoubleNilTricks.IGNORED: double_nil_ignored,
}
"""`scoring.double_nil_tricks` -> where the tricks of a side whose partners both bid nil go."""
