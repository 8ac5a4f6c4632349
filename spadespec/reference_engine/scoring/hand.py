"""One hand's score for every side at the table, item by item."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from spadespec.reference_engine.scoring.bags import bags_recorded
from spadespec.reference_engine.scoring.contract import contract_points
from spadespec.reference_engine.scoring.inputs import (
    zeros_read_as_nil,
)
from spadespec.reference_engine.scoring.nil import NilTrickSharer, share_nil_tricks
from spadespec.reference_engine.scoring.records import (
    NIL_BIDS,
    Bid,
    HandScore,
    NilResult,
    SideScore,
)
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.variant.model import ContractMade, Rules

if TYPE_CHECKING:
    from spadespec.reference_engine.rulebook import Rulebook


def score_side(
    book: Rulebook,
    rules: Rules,
    sheet: Sheet,
    side: str,
    bids: Mapping[str, Bid],
    tricks: Mapping[str, int],
    prior: tuple[int, int],
) -> SideScore:
    """A side's itemised score on the variant's sheet: contract, nils and bags, each by the
    variant's rule as `book` scores it.

    `bids` and `tricks` are keyed by seat letter, as `read_bids` and `read_tricks` give them;
    `prior` is the side's running score and bags going in (`SideTotals`, or the pair as it is).
    """
    scoring = rules.scoring
    contract = 0  # the side's bids added together, a nil or blind nil adding nothing
    counted = 0  # the tricks that count toward it
    side_tricks = 0
    seats = sheet.side_seats[side]
    nil_seats: tuple[str, ...] = ()
    for seat in seats:
        bid = bids[seat]
        taken = tricks[seat]
        side_tricks += taken
        if bid in NIL_BIDS:
            nil_seats += (seat,)
        else:
            contract += bid  # type: ignore[operator]
            counted += taken
    nils: tuple[NilResult, ...] = ()
    nil_points = nil_bags = nil_overtricks = 0
    if nil_seats:
        share: NilTrickSharer = share_nil_tricks
        if len(nil_seats) == len(seats) == 2:
            # Partners who both bid nil: their tricks go where the double nil rule says.
            share = book.double_nil_tricks[scoring.double_nil_tricks]
        for seat in nil_seats:
            taken = tricks[seat]
            nil = book.score_nil(book, scoring, seat, taken, str(bids[seat]))
            nils += (nil,)
            nil_points += nil.points
            toward_contract, as_bags, as_overtricks = share(book, scoring, taken)
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
    points, kind = contract_points(book, scoring, contract, counted, made, sheet.tricks)
    extra = counted - contract if made else 0
    added = bags_recorded(book, scoring, made, extra + nil_bags)
    if nil_overtricks:
        # A nil bidder's own overtricks (a nil contract of nothing is always made) join the
        # side's.
        added += bags_recorded(book, scoring, True, nil_overtricks)
        extra += nil_overtricks
    extra_points = book.overtrick_points(scoring, extra)

    bonus = book.big_bid_bonus(scoring, contract, made)

    score, bags = prior
    times, penalty, bags_after = book.apply_bag_penalty(book, scoring, bags + added)
    hand_points = points + extra_points + (bonus or 0) + nil_points - penalty
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
    )


def hand_score(
    book: Rulebook,
    rules: Rules,
    sheet: Sheet,
    bids: dict[str, Bid],
    tricks: dict[str, int],
    prior: Mapping[str, tuple[int, int]],
) -> HandScore:
    """A hand's score from what a finished hand gives: every seat's bid and tricks, keyed by
    letter in table order, and every side's (score, bags) going in, on the variant's sheet. A bid of
    0 is read as nil where it stands for nil (`zero_is_nil`). Where a side that takes every
    trick wins the game, such a hand is not scored (`HandScore.moon`). Every rule is scored by
    its entry in `book`."""
    if 0 in bids.values() and book.zero_is_nil(rules):
        bids = zeros_read_as_nil(bids)
    sides = {}
    score_side = book.score_side
    for side in sheet.sides:
        sides[side] = score_side(book, rules, sheet, side, bids, tricks, prior[side])
    # A side that took every trick may have shot the moon, and the hand go unscored.
    sides = book.moon[rules.scoring.moon](sheet, sides)
    return HandScore(sides, bids, tricks)
