"""The score sheet: running totals, one hand's itemised score, and the state of the game.

The records are named tuples, immutable like the game's frozen dataclasses: a game makes
several at every hand, and a tuple is built in one step where a frozen dataclass sets its
fields one at a time.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from spadespec.reference_engine.actions import BlindBid

Bid = int | Literal["nil", "blind-nil"] | BlindBid
NIL_BIDS = ("nil", "blind-nil")
"""The bids that promise no trick at all: scored on their own, adding nothing to a contract."""
GameStatus = Literal["continues", "won", "tie"]


class SideTotals(NamedTuple):
    """A side's running score and the bags it carries into the next hand."""

    score: int
    bags: int


class NilResult(NamedTuple):
    """One nil bid: the seat that bid it, the tricks it took, whether it was made, and whether
    it was bid blind (before the bidder looked at the cards)."""

    seat: str
    tricks: int
    made: bool
    points: int
    blind: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "tricks": self.tricks,
            "made": self.made,
            "points": self.points,
            "blind": self.blind,
        }


class SideScore(NamedTuple):
    """One side's line on the score sheet for one hand, item by item.

    `contract` is the sum of the side's numeric bids (nil and blind nil add nothing); `tricks`
    the tricks that count toward it under the variant; `side_tricks` every trick the side's
    players took. `hand_points` is `contract_points + overtrick_points + bonus_points + sum of
    the nils' points + spoiler_points - bag_penalty`; `bag_penalty` includes any points the
    cleared bags are made to give back. `boston` is true when the side bid every trick of the
    hand and took them all;
    `contract_kind` says which rule priced the contract: `tricks` (so much a trick, or the set
    penalty), `bonus-bid`, `boston` or `exact-total`. `bonus_points` is the big-bid bonus
    earned on top (0 when not earned), None where the variant has no such bonus. `moon` is true
    on the line of a side that took every trick where that wins the game (the hand is then not
    scored: every points and bags item is 0 and the totals stay), false on the other lines, and
    None where the variant has no such rule. `spoiler_points` is, at a table of two partnerships
    and a spoiler, the extra the spoiler's multiplier adds (0 on the partnerships' lines), None
    at every other table.
    """

    side: str
    contract: int
    tricks: int
    made: bool
    contract_points: int
    overtricks: int
    overtrick_points: int
    nils: tuple[NilResult, ...]
    bags_added: int
    bag_penalty: int
    bags_after: int
    hand_points: int
    score_before: int
    score_after: int
    side_tricks: int = 0
    bags_before: int = 0
    bag_penalties: int = 0
    boston: bool = False
    contract_kind: str = "tricks"
    bonus_points: int | None = None
    moon: bool | None = None
    spoiler_points: int | None = None

    @property
    def totals_after(self) -> SideTotals:
        return SideTotals(self.score_after, self.bags_after)

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "contract": self.contract,
            "side_tricks": self.side_tricks,
            "tricks": self.tricks,
            "made": self.made,
            "contract_points": self.contract_points,
            "overtricks": self.overtricks,
            "overtrick_points": self.overtrick_points,
            **({} if self.bonus_points is None else {"bonus_points": self.bonus_points}),
            "nils": [nil.to_json() for nil in self.nils],
            **({} if self.spoiler_points is None else {"spoiler_points": self.spoiler_points}),
            "bags_before": self.bags_before,
            "bags_added": self.bags_added,
            "bag_penalties": self.bag_penalties,
            "bag_penalty": self.bag_penalty,
            "bags_after": self.bags_after,
            "hand_points": self.hand_points,
            "score_before": self.score_before,
            "score_after": self.score_after,
            **({} if self.moon is None else {"moon": self.moon}),
        }


class HandScore(NamedTuple):
    """Every side's itemised score for one hand, with the bids and tricks behind them."""

    sides: dict[str, SideScore]
    bids: dict[str, Bid]
    tricks: dict[str, int]

    @property
    def boston(self) -> str | None:
        """The side that bid every trick of the hand and took them all ("Boston"), if any;
        pass it to `game_outcome` so a variant where Boston wins the game can end it."""
        return next((side for side, score in self.sides.items() if score.boston), None)

    @property
    def moon(self) -> str | None:
        """The side that took every trick where that wins the game (shooting the moon), if
        any; pass it to `game_outcome` to end the game."""
        return next((side for side, score in self.sides.items() if score.moon), None)

    def totals(self) -> dict[str, SideTotals]:
        """The running totals after this hand, ready to be the next hand's `prior`."""
        return {side: score.totals_after for side, score in self.sides.items()}

    def to_json(self) -> dict[str, Any]:
        return {
            # A number bid blind is written as its text, `blind-7`, as the protocol has it.
            "bids": {k: str(v) if isinstance(v, BlindBid) else v for k, v in self.bids.items()},
            "tricks": dict(self.tricks),
            "sides": {side: score.to_json() for side, score in self.sides.items()},
        }


class GameOutcome(NamedTuple):
    """Where the game stands after a hand: still going, won by one side, or drawn.

    `reached` lists the sides at or past the target (as the variant counts it) and `out` the
    sides at or below the losing floor.
    """

    status: GameStatus
    winner: str | None
    reason: str
    reached: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    code: str | None = None
    """A stable code for a game won outright rather than on the totals: `moon`; None else."""

    @property
    def over(self) -> bool:
        return self.status != "continues"

    def status_json(self) -> dict[str, Any]:
        """The protocol's `status`: won, tied or going on, the winner, and the reason code
        where the game was won outright by a moon shot."""
        out: dict[str, Any] = {"status": self.status, "winner": self.winner}
        if self.code is not None:
            out["reason"] = self.code
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "winner": self.winner,
            "reason": self.reason,
            "reached": list(self.reached),
            "out": list(self.out),
            **({} if self.code is None else {"code": self.code}),
        }
