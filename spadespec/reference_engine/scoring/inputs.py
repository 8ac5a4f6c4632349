"""Checking what a hand is scored from: each seat's bid and tricks, each side's totals so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spadespec.reference_engine.actions import BlindBid
from spadespec.reference_engine.scoring.records import Bid, SideTotals
from spadespec.reference_engine.scoring.sides import Sheet, seat_name, sheet_of, side_name
from spadespec.reference_engine.variant.model import BlindNil, NilBid, Rules

_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


class ScoringInputError(ValueError):
    """The bids, tricks or prior totals handed to the scorer do not describe a finished hand."""


def _by_seat(values: Mapping[Any, Any], what: str, sheet: Sheet) -> Mapping[str, Any]:
    if type(values) is dict and tuple(values) == sheet.seats:
        return values  # every seat by its letter, in table order: as the game hands them over
    out: dict[str, Any] = {}
    for seat, value in values.items():
        try:
            name = seat_name(seat, sheet)
        except ValueError as exc:
            raise ScoringInputError(f"{what}: {exc}") from None
        if name in out:
            raise ScoringInputError(f"{what}: seat {name} is given twice")
        out[name] = value
    missing = [seat for seat in sheet.seats if seat not in out]
    if missing:
        raise ScoringInputError(f"{what}: no value for seat {', '.join(missing)}")
    return out


def _word(bid: Any) -> str | None:
    """A bid written as a word, in the one spelling the sheet uses ("nil", "blind-nil")."""
    if not isinstance(bid, str):
        return None
    return "-".join(bid.strip().lower().replace("_", " ").split())


def zero_is_nil(rules: Rules) -> bool:
    """Whether a bid of 0 stands for nil. Where the least numeric bid is 1, nobody bids 0 as a
    number, so 0 is how nil gets written; where 0 is a legal number (the "zero bid"), it is
    just that: no tricks promised and no nil bonus at stake."""
    return rules.bidding.nil is NilBid.ALLOWED and rules.bidding.min_bid >= 1


def normalise_bid(rules: Rules, seat: str, bid: Any, tricks: int = 13) -> Bid:
    """A bid as the scorer reads it: "nil", "blind-nil", a number of tricks 0..`tricks`, or
    such a number bid blind ("blind-7", where the variant has blind numeric bids)."""
    if type(bid) is int and 0 < bid <= tricks:
        return bid  # the usual bid, some tricks: nothing to read
    word = _word(bid)
    if word == "nil":
        if rules.bidding.nil is not NilBid.ALLOWED:
            raise ScoringInputError(f"seat {seat} bid nil, but this variant does not allow nil")
        return "nil"
    if word == "blind-nil":
        if rules.bidding.blind_nil is not BlindNil.ALLOWED:
            raise ScoringInputError(
                f"seat {seat} bid blind nil, but this variant does not allow blind nil"
            )
        return "blind-nil"
    blind = BlindBid.read(word) if word is not None else None
    if blind is not None:
        if rules.bidding.blind_bid_min is None:
            raise ScoringInputError(
                f"seat {seat} bid {blind}, but this variant does not allow blind numeric bids"
            )
        if not 0 <= int(blind) <= tricks:
            raise ScoringInputError(f"seat {seat}: bid {blind} is outside blind-0..{tricks}")
        return blind
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise ScoringInputError(
            f"seat {seat}: a bid is a number of tricks, 'nil' or 'blind-nil', not {bid!r}"
        )
    if bid == 0 and zero_is_nil(rules):
        return "nil"
    if not 0 <= bid <= tricks:
        raise ScoringInputError(f"seat {seat}: bid {bid} is outside 0..{tricks}")
    return bid


def zero_beside_nil(rules: Rules) -> bool:
    """Whether 0 is a bid of its own beside nil (the "zero bid"), so that a bid written as 0
    cannot stand for nil."""
    return rules.bidding.nil is NilBid.ALLOWED and not zero_is_nil(rules)


def read_zero_bid(rules: Rules, bid: Any) -> Any:
    """One bid, read as nil if it is 0 and 0 stands for nil; any other bid as it is."""
    if type(bid) is int and bid == 0 and zero_is_nil(rules):
        return "nil"
    return bid


def zeros_read_as_nil(bids: dict[str, Bid]) -> dict[str, Bid]:
    """Bids already read, with any bid of 0 read as nil (where 0 stands for nil)."""
    return {seat: "nil" if type(bid) is int and bid == 0 else bid for seat, bid in bids.items()}


def read_bids(rules: Rules, bids: Mapping[Any, Any], sheet: Sheet | None = None) -> dict[str, Bid]:
    """Every seat in play's bid, keyed by seat letter in table order. `sheet` is the
    variant's (`sheet_of(rules)`), for a caller that has it."""
    sheet = sheet or sheet_of(rules)
    by_seat = _by_seat(bids, "bids", sheet)
    return {seat: normalise_bid(rules, seat, by_seat[seat], sheet.tricks) for seat in sheet.seats}


def read_tricks(tricks: Mapping[Any, Any], sheet: Sheet) -> dict[str, int]:
    """Every seat in play's tricks, which must add up to the tricks in a hand."""
    by_seat = _by_seat(tricks, "tricks", sheet)
    total = 0
    for seat in sheet.seats:
        count = by_seat[seat]
        whole = type(count) is int or isinstance(count, int) and not isinstance(count, bool)
        if not whole or count < 0:
            raise ScoringInputError(
                f"tricks: seat {seat} took {count!r}; expected a count 0..{sheet.tricks}"
            )
        total += count
    if total != sheet.tricks:
        raise ScoringInputError(
            f"tricks: the {_COUNT_WORDS[len(sheet.seats)]} seats took {total} tricks; "
            f"a hand has {sheet.tricks}"
        )
    return {seat: by_seat[seat] for seat in sheet.seats}


def read_prior(prior: Mapping[Any, SideTotals] | None, sheet: Sheet) -> dict[str, SideTotals]:
    """The totals going into the hand; a side not given starts from 0 points and 0 bags."""
    if type(prior) is dict and tuple(prior) == sheet.sides:
        # every side by name, in table order: as the game hands them over
        if all(type(totals) is SideTotals and totals.bags >= 0 for totals in prior.values()):
            return prior
    out = {side: SideTotals(0, 0) for side in sheet.sides}
    for side, totals in (prior or {}).items():
        try:
            name = side_name(side, sheet)
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
