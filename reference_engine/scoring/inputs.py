"""Checking what a hand is scored from: four bids, four trick counts, the totals so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.scoring.records import Bid, SideTotals
from reference_engine.scoring.sides import SEATS, SIDES, seat_name, side_name
from reference_engine.variant.model import NilBid, Rules

TRICKS_PER_HAND = 13


class ScoringInputError(ValueError):
    """The bids, tricks or prior totals handed to the scorer do not describe a finished hand."""


def _by_seat(values: Mapping[Any, Any], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for seat, value in values.items():
        try:
            name = seat_name(seat)
        except ValueError as exc:
            raise ScoringInputError(f"{what}: {exc}") from None
        if name in out:
            raise ScoringInputError(f"{what}: seat {name} is given twice")
        out[name] = value
    missing = [seat for seat in SEATS if seat not in out]
    if missing:
        raise ScoringInputError(f"{what}: no value for seat {', '.join(missing)}")
    return out


def normalise_bid(rules: Rules, seat: str, bid: Any) -> Bid:
    """A bid as the scorer reads it: "nil", or a number of tricks.

    A bid of 0 is read as nil where the variant allows nil (the sources call a zero bid nil).
    """
    nil_allowed = rules.bidding.nil is NilBid.ALLOWED
    if isinstance(bid, str) and bid.strip().lower() == "nil":
        if not nil_allowed:
            raise ScoringInputError(f"seat {seat} bid nil, but this variant does not allow nil")
        return "nil"
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise ScoringInputError(f"seat {seat}: a bid is a number of tricks or 'nil', not {bid!r}")
    if bid == 0 and nil_allowed:
        return "nil"
    if not 0 <= bid <= TRICKS_PER_HAND:
        raise ScoringInputError(f"seat {seat}: bid {bid} is outside 0..{TRICKS_PER_HAND}")
    return bid


def read_bids(rules: Rules, bids: Mapping[Any, Any]) -> dict[str, Bid]:
    by_seat = _by_seat(bids, "bids")
    return {seat: normalise_bid(rules, seat, by_seat[seat]) for seat in SEATS}


def read_tricks(tricks: Mapping[Any, Any]) -> dict[str, int]:
    by_seat = _by_seat(tricks, "tricks")
    for seat in SEATS:
        count = by_seat[seat]
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ScoringInputError(f"tricks: seat {seat} took {count!r}; expected a count 0..13")
    total = sum(by_seat[seat] for seat in SEATS)
    if total != TRICKS_PER_HAND:
        raise ScoringInputError(f"tricks: the four seats took {total} tricks; a hand has 13")
    return {seat: by_seat[seat] for seat in SEATS}


def read_prior(prior: Mapping[Any, SideTotals] | None) -> dict[str, SideTotals]:
    """The totals going into the hand; a side not given starts from 0 points and 0 bags."""
    out = {side: SideTotals(0, 0) for side in SIDES}
    for side, totals in (prior or {}).items():
        try:
            name = side_name(side)
        except ValueError as exc:
            raise ScoringInputError(f"prior: {exc}") from None
        if not isinstance(totals, SideTotals):
            raise ScoringInputError(
                f"prior: {name} must be SideTotals(score, bags), not {totals!r}"
            )
        if totals.bags < 0:
            raise ScoringInputError(f"prior: {name} cannot carry {totals.bags} bags")
        out[name] = totals
    return out
