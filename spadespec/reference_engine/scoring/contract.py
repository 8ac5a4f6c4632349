"""The contract: what the side bid, whether it made it, and what that is worth.

Most contracts score by the trick; three kinds have figures of their own where the variant
says so: a bonus bid (e.g. ten tricks for 200), a bid of every trick in the hand ("Boston"), and
the exact total partners must bid (e.g. four, plus or minus forty). A big contract made may
also earn a bonus on top (e.g. 50 for ten or more), a separate item of the sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from spadespec.reference_engine.variant.model import BostonRule, ScoringRules, SetPenalty


def made_contract_points(scoring: ScoringRules, contract: int) -> int:
    """What a made contract earns for the tricks bid, before overtricks."""
    return scoring.points_per_bid_trick * contract


def overtrick_points(scoring: ScoringRules, count: int) -> int:
    return scoring.overtrick_points * count


def set_per_trick_bid(scoring: ScoringRules, contract: int, tricks: int) -> int:
    """A set side loses the penalty for every trick it bid."""
    return -scoring.set_points_per_trick * contract


def set_per_trick_short(scoring: ScoringRules, contract: int, tricks: int) -> int:
    """A set side loses the penalty only for each trick it fell short (or, where only the exact
    bid makes a contract, each trick it went over)."""
    return -scoring.set_points_per_trick * abs(contract - tricks)


def set_costs_nothing(scoring: ScoringRules, contract: int, tricks: int) -> int:
    """A set side simply scores nothing for its contract."""
    return 0


SET_PENALTY: dict[SetPenalty, Callable[[ScoringRules, int, int], int]] = {
    SetPenalty.PER_TRICK_BID: set_per_trick_bid,
    SetPenalty.PER_TRICK_SHORT: set_per_trick_short,
    SetPenalty.NOTHING: set_costs_nothing,
}


def bonus_bid_points(scoring: ScoringRules, contract: int, made: bool) -> int | None:
    """A bonus bid ("ten for two hundred"): a contract of exactly the bonus number of tricks
    wins its own figure when made and loses its own figure when set; None for any other
    contract, or where the variant has no bonus bid."""
    if scoring.bonus_bid_tricks is None or contract != scoring.bonus_bid_tricks:
        return None
    if scoring.bonus_bid_made is None or scoring.bonus_bid_set is None:
        raise ValueError(
            f"a contract of {contract} is a bonus bid, but this variant gives it no value"
        )
    return scoring.bonus_bid_made if made else -scoring.bonus_bid_set


def boston_ordinary(scoring: ScoringRules, made: bool) -> int | None:
    """Bidding every trick scores like any contract."""
    return None


def boston_for_points(scoring: ScoringRules, made: bool) -> int | None:
    """Bidding every trick wins the Boston figure if they are all taken, loses it if not."""
    if scoring.boston_points is None:
        raise ValueError("a side bid every trick, but this variant gives Boston no value")
    return scoring.boston_points if made else -scoring.boston_points


def boston_wins_game(scoring: ScoringRules, made: bool) -> int | None:
    """Bidding every trick scores like any contract on the sheet; taking them all ends the
    game, which `game_outcome` decides."""
    return None


BOSTON: dict[BostonRule, Callable[[ScoringRules, bool], int | None]] = {
    BostonRule.ORDINARY: boston_ordinary,
    BostonRule.POINTS: boston_for_points,
    BostonRule.WINS_GAME: boston_wins_game,
}


def exact_total(scoring: ScoringRules, made: bool) -> int | None:
    """The exact total partners must bid (the variant's team minimum and maximum, which the
    loader holds equal) wins its figure when made and loses it when set; None where the
    variant prices it by the trick."""
    figure = scoring.exact_total_points
    if figure is None:
        return None
    return figure if made else -figure


def big_bid_bonus(scoring: ScoringRules, contract: int, made: bool) -> int | None:
    """The big-bid bonus: a side that bids at least the variant's number of tricks and makes it
    adds the bonus on top of whatever its contract scored (0 when the contract is smaller or
    set); None where the variant has no such bonus, so the sheet leaves the item out."""
    if scoring.big_bid_bonus is None or scoring.big_bid_tricks is None:
        return None
    return scoring.big_bid_bonus if made and contract >= scoring.big_bid_tricks else 0


def spoiler_points(scoring: ScoringRules, multiplied: int) -> int:
    """What the spoiler adds on top of its ordinary items: the multiplier's extra over the points
    it multiplies (its contract points, its made nils' bonus and any big-bid bonus)."""
    return (scoring.spoiler_multiplier - 1) * multiplied


ContractValue = tuple[int, str]
"""What a contract scored, and by which rule: (points, `tricks`) for so much a trick bid or
the set penalty, (points, `bonus-bid`), (points, `boston`) or (points, `exact-total`)."""


class ContractEntries(NamedTuple):
    """The rulebook's entries that price a contract, each the one for the variant's rule, closed
    over the variant's scoring rules, when the variant's scoring is bound
    (`spadespec.reference_engine.rulebook.scorer_of`)."""

    exact_total: Callable[[bool], int | None]
    """The exact total's figure, given whether it was made (None: by the trick)."""
    boston: Callable[[bool], int | None]
    """`scoring.boston`: what a bid of every trick scores, given whether it was made (None: as
    any contract)."""
    bonus_bid_points: Callable[[int, bool], int | None]
    """A bonus bid's figure, given the contract and whether it was made (None: not one)."""
    set_penalty: Callable[[int, int], int]
    """`scoring.set_penalty`: what going set costs (a negative number), given the contract and
    the tricks that count toward it."""


def contract_points(
    entries: ContractEntries, scoring: ScoringRules, contract: int, tricks: int, made: bool,
    tricks_in_hand: int,
) -> ContractValue:  # fmt: skip
    """What the contract is worth this hand: the exact total's figure, a Boston's, a bonus
    bid's, or so much a trick bid when made and the set penalty when not, each by the entry
    that scores it."""
    exact = entries.exact_total(made)
    if exact is not None:
        return exact, "exact-total"
    if contract == tricks_in_hand:
        boston = entries.boston(made)
        if boston is not None:
            return boston, "boston"
    bonus = entries.bonus_bid_points(contract, made)
    if bonus is not None:
        return bonus, "bonus-bid"
    if made:
        return made_contract_points(scoring, contract), "tricks"
    return entries.set_penalty(contract, tricks), "tricks"
