"""One hand's score for every side at the table, item by item."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.scoring.bags import apply_bag_penalty, bags_recorded
from reference_engine.scoring.contract import (
    contract_made,
    contract_points,
    overtrick_points,
    overtricks,
    side_contract,
)
from reference_engine.scoring.inputs import read_bids, read_prior, read_tricks
from reference_engine.scoring.nil import score_nil, share_nil_tricks
from reference_engine.scoring.records import NIL_BIDS, Bid, HandScore, SideScore, SideTotals
from reference_engine.scoring.sides import sheet_of
from reference_engine.variant.model import Rules


def score_side(
    rules: Rules, side: str, bids: Mapping[str, Bid], tricks: Mapping[str, int], prior: SideTotals
) -> SideScore:
    """A side's itemised score: contract, nils and bags, each by the variant's rule.

    `bids` and `tricks` are keyed by seat letter, as `read_bids` and `read_tricks` give them.
    """
    scoring = rules.scoring
    sheet = sheet_of(rules)
    seats = sheet.side_seats[side]
    contract = side_contract(bids[seat] for seat in seats)
    counted = 0
    nil_bags = 0
    nils = []
    for seat in seats:
        bid = bids[seat]
        if bid in NIL_BIDS:
            nils.append(score_nil(scoring, seat, tricks[seat], str(bid)))
            share = share_nil_tricks(scoring, tricks[seat])
            counted += share.toward_contract
            nil_bags += share.as_bags
        else:
            counted += tricks[seat]

    made = contract_made(contract, counted)
    value = contract_points(scoring, contract, counted, made, sheet.tricks)
    points = value.points
    extra = overtricks(contract, counted) if made else 0
    extra_points = overtrick_points(scoring, extra)

    added = bags_recorded(scoring, made, extra + nil_bags)
    penalty = apply_bag_penalty(scoring, prior.bags + added)
    hand_points = points + extra_points + sum(nil.points for nil in nils) - penalty.points
    return SideScore(
        side=side,
        contract=contract,
        tricks=counted,
        made=made,
        contract_points=points,
        overtricks=extra,
        overtrick_points=extra_points,
        nils=tuple(nils),
        bags_added=added,
        bag_penalty=penalty.points,
        bags_after=penalty.bags_after,
        hand_points=hand_points,
        score_before=prior.score,
        score_after=prior.score + hand_points,
        side_tricks=sum(tricks[seat] for seat in seats),
        bags_before=prior.bags,
        bag_penalties=penalty.times,
        boston=made and contract == sheet.tricks,
        contract_kind=value.kind,
    )


def score_hand(
    rules: Rules,
    bids: Mapping[Any, Any],
    tricks: Mapping[Any, int],
    prior: Mapping[Any, SideTotals] | None = None,
) -> HandScore:
    """Score a finished hand for every side at the table.

    `bids` maps each seat in play to a number of tricks, "nil" or "blind-nil" (0 is nil where
    nil is allowed and the least numeric bid is 1); `tricks` maps each seat in play to the
    tricks it took (all the hand's tricks between them: 13, or 17 for three players); `prior`
    holds each side's running score and bags going in (a side left out starts at 0 and 0).
    Raises `ScoringInputError` (a ValueError) naming the seat or side when these are not a
    hand.
    """
    sheet = sheet_of(rules)
    read = read_bids(rules, bids)
    taken = read_tricks(tricks, sheet)
    before = read_prior(prior, sheet)
    sides = {side: score_side(rules, side, read, taken, before[side]) for side in sheet.sides}
    return HandScore(sides=sides, bids=read, tricks=taken)
