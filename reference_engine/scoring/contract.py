"""The partnership contract: what the side bid, whether it made it, and what that is worth."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from reference_engine.scoring.records import Bid
from reference_engine.variant.model import ScoringRules, SetPenalty


def side_contract(bids: Iterable[Bid]) -> int:
    """The contract: the partners' bids added together, a nil adding nothing."""
    return sum(bid for bid in bids if bid != "nil")


def contract_made(contract: int, tricks: int) -> bool:
    """Made when the tricks that count reach the contract; a contract of 0 is always made."""
    return tricks >= contract


def made_contract_points(scoring: ScoringRules, contract: int) -> int:
    """What a made contract earns for the tricks bid, before overtricks."""
    return scoring.points_per_bid_trick * contract


def overtricks(contract: int, tricks: int) -> int:
    """Tricks taken beyond a made contract."""
    return max(0, tricks - contract)


def overtrick_points(scoring: ScoringRules, count: int) -> int:
    return scoring.overtrick_points * count


def set_per_trick_bid(scoring: ScoringRules, contract: int, tricks: int) -> int:
    """A set side loses the penalty for every trick it bid."""
    return -scoring.set_points_per_trick * contract


def set_per_trick_short(scoring: ScoringRules, contract: int, tricks: int) -> int:
    """A set side loses the penalty only for each trick it fell short."""
    return -scoring.set_points_per_trick * (contract - tricks)


SET_PENALTY: dict[SetPenalty, Callable[[ScoringRules, int, int], int]] = {
    SetPenalty.PER_TRICK_BID: set_per_trick_bid,
    SetPenalty.PER_TRICK_SHORT: set_per_trick_short,
}


def set_contract_points(scoring: ScoringRules, contract: int, tricks: int) -> int:
    """What going set costs (a negative number), as the variant's set penalty says."""
    return SET_PENALTY[scoring.set_penalty](scoring, contract, tricks)
