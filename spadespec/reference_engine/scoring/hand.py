"""One hand's score for every side at the table, item by item."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from spadespec.reference_engine.actions import BlindBid
from spadespec.reference_engine.scoring.bags import BagPenalty
from spadespec.reference_engine.scoring.contract import ContractEntries, contract_points
from spadespec.reference_engine.scoring.inputs import (
    zeros_read_as_nil,
)
from spadespec.reference_engine.scoring.moon import Lines
from spadespec.reference_engine.scoring.nil import NilSharer
from spadespec.reference_engine.scoring.records import (
    NIL_BIDS,
    Bid,
    HandScore,
    NilResult,
    SideScore,
)
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.variant.model import ContractMade, Rules


class SideEntries(NamedTuple):
    """The rulebook's entries a side's score reads, each the one for the variant's rule, closed
    over the variant's scoring rules where it reads them, when the variant's scoring is bound
    (`spadespec.reference_engine.rulebook.scorer_of`)."""

    contract: ContractEntries
    overtrick_points: Callable[[int], int]
    """What the overtricks score, given how many."""
    big_bid_bonus: Callable[[int, bool], int | None]
    """The big-bid bonus, given the contract and whether it was made (None: no such bonus)."""
    spoiler_points: Callable[[int], int] | None
    """At a table with a spoiler, its extra on the points it multiplies (None elsewhere: the
    sheet has no such item)."""
    bags_count: Callable[[bool, int], int]
    """`scoring.bags_count`: the bags a hand adds to the side's count, given whether the
    contract was made and the tricks over it."""
    apply_bag_penalty: Callable[[int], BagPenalty]
    """The bag penalty paid on a count (`scoring.bag_carry`, `scoring.bag_points_cancelled`)."""
    score_nil: Callable[[str, int, str], NilResult]
    """One nil's result, given the seat, its tricks and the kind of nil."""
    nil_tricks: NilSharer
    """`scoring.nil_tricks`: where a nil bidder's tricks go."""
    double_nil_tricks: NilSharer
    """`scoring.double_nil_tricks`: where they go when both partners bid nil."""


def score_side(
    entries: SideEntries,
    rules: Rules,
    sheet: Sheet,
    side: str,
    bids: Mapping[str, Bid],
    tricks: Mapping[str, int],
    prior: tuple[int, int],
) -> SideScore:
    """A side's itemised score on the variant's sheet: contract, nils and bags, each by the
    variant's rule as its entry scores it.

    `bids` and `tricks` are keyed by seat letter, as `read_bids` and `read_tricks` give them;
    `prior` is the side's running score and bags going in (`SideTotals`, or the pair as it is).
    """
    scoring = rules.scoring
    contract = 0  # the side's bids added together, a nil or blind nil adding nothing
    counted = 0  # the tricks that count toward it
    side_tricks = 0
    seats = sheet.side_seats[side]
    nil_seats: tuple[str, ...] = ()
    blind = False  # a partner bid a number blind
    for seat in seats:
        bid = bids[seat]
        taken = tricks[seat]
        side_tricks += taken
        if bid in NIL_BIDS:
            nil_seats += (seat,)
        else:
            blind = blind or isinstance(bid, BlindBid)
            contract += int(bid)
            counted += taken
    nils: tuple[NilResult, ...] = ()
    nil_points = nil_bags = nil_overtricks = 0
    if nil_seats:
        share = entries.nil_tricks
        if len(nil_seats) == len(seats) == 2:
            # Partners who both bid nil: their tricks go where the double nil rule says.
            share = entries.double_nil_tricks
        for seat in nil_seats:
            taken = tricks[seat]
            nil = entries.score_nil(seat, taken, str(bids[seat]))
            nils += (nil,)
            nil_points += nil.points
            toward_contract, as_bags, as_overtricks = share(taken)
            counted += toward_contract
            nil_bags += as_bags
            nil_overtricks += as_overtricks

    # Made when the tricks that count reach the contract (a contract of 0 always is), or only
    # when they equal it where the exact bid alone makes it; the tricks beyond a made contract
    # are overtricks.
    if scoring.contract_made is ContractMade.EXACTLY:
        made = counted == contract
    else:
        made = counted >= contract
    points, kind = contract_points(entries.contract, scoring, contract, counted, made, sheet.tricks)
    if blind:
        points *= scoring.blind_bid_multiplier
    extra = counted - contract if made else 0
    added = entries.bags_count(made, extra + nil_bags)
    if nil_overtricks:
        # A nil bidder's own overtricks (a nil contract of nothing is always made) join the
        # side's.
        added += entries.bags_count(True, nil_overtricks)
        extra += nil_overtricks
    extra_points = entries.overtrick_points(extra)

    bonus = entries.big_bid_bonus(contract, made)

    score, bags = prior
    times, penalty, bags_after = entries.apply_bag_penalty(bags + added)
    spoiler = None
    if entries.spoiler_points is not None:
        # Only a side of one seat at a table of pairs is the spoiler; the pairs' lines show 0.
        made_nils = sum(nil.points for nil in nils if nil.made)
        alone = len(seats) == 1
        spoiler = entries.spoiler_points(points + (bonus or 0) + made_nils) if alone else 0
    hand_points = points + extra_points + (bonus or 0) + nil_points + (spoiler or 0) - penalty
    return SideScore(
        side,
        contract,
        counted,
        made,
        points,
        extra,
        extra_points,
        nils,
        added,
        penalty,
        bags_after,
        hand_points,
        score,
        score + hand_points,
        side_tricks,
        bags,
        times,
        made and contract == sheet.tricks,  # a Boston
        kind,
        bonus,
        None,
        spoiler,
    )


class HandEntries(NamedTuple):
    """The rulebook's entries a hand's score reads, each the one for the variant's rule, bound
    to the variant's rules, when the variant's scoring is bound
    (`spadespec.reference_engine.rulebook.scorer_of`)."""

    zero_is_nil: bool
    """Whether a bid of 0 stands for nil under the variant (`inputs.zero_is_nil`)."""
    score_side: Callable[
        [Sheet, str, Mapping[str, Bid], Mapping[str, int], tuple[int, int]], SideScore
    ]
    """`score_side` bound to its entries and the variant's rules: a side's score, given the
    sheet, the side, the bids, the tricks and the side's (score, bags) going in."""
    moon: Callable[[Sheet, Lines], Lines]
    """`scoring.moon`: what a hand in which one side took every trick comes to on the sheet."""


def hand_score(
    entries: HandEntries,
    sheet: Sheet,
    bids: dict[str, Bid],
    tricks: dict[str, int],
    prior: Mapping[str, tuple[int, int]],
) -> HandScore:
    """A hand's score from what a finished hand gives: every seat's bid and tricks, keyed by
    letter in table order, and every side's (score, bags) going in, on the variant's sheet. A bid of
    0 is read as nil where it stands for nil (`zero_is_nil`). Where a side that takes every
    trick wins the game, such a hand is not scored (`HandScore.moon`). Every rule is scored by
    its entry, bound to the variant's rules in `entries`."""
    if 0 in bids.values() and entries.zero_is_nil:
        bids = zeros_read_as_nil(bids)
    sides = {}
    score_side = entries.score_side
    for side in sheet.sides:
        sides[side] = score_side(sheet, side, bids, tricks, prior[side])
    # A side that took every trick may have shot the moon, and the hand go unscored.
    sides = entries.moon(sheet, sides)
    return HandScore(sides, bids, tricks)
