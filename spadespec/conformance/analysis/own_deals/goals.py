"""What each game from an engine's own deals is aimed at: the checker, not chance, chooses the
bids and the starting position, so that the games reach the clauses the golden cases reach
though their deals are the engine's.

Game k of a variant plays goal k (in turn, GOALS over again), its bots made from the bots' seed
and the game's number: given the same deals, the same seed gives the same bids and plays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from spadespec.conformance.analysis.fuzz.games import TRAILING, GreedyBot, Steer
from spadespec.conformance.analysis.fuzz.witness.bots import bots_for
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of

YIELDING = "boston-yielded"
"""The bots of a goal where one side bids every trick and plays to take them (`TakingAll`)
and the other yields them (`Yielding`)."""


class Yielding(GreedyBot):
    """Bids as little as it may and plays its weakest card: it gives the other side every
    trick it can, so that a side bidding thirteen takes them all (the moon, a Boston)."""

    name = "yielding"

    def choose_play(self, game: Game, seat: Any) -> int:
        return pack_of(game.rules).lowest(game.legal_plays(seat))


class TakingAll:
    """Bids as `bidder` does and plays its strongest card, trumps first: it draws the trumps
    from the top and trumps in where it cannot follow, to take every trick."""

    name = "taking"

    def __init__(self, bidder: Any) -> None:
        self.bidder = bidder

    def choose_bid(self, game: Game, seat: Any) -> Any:
        return self.bidder.choose_bid(game, seat)

    def choose_play(self, game: Game, seat: Any) -> int:
        return pack_of(game.rules).highest(game.legal_plays(seat))


@dataclass(frozen=True, slots=True)
class Goal:
    """A kind of game: the bidding its bots play (`witness/bots.py`'s styles), the starting
    position it is played from (`fuzz/games.py starting_position`) and what it is for."""

    name: str
    bots: str
    position: str
    aims: str
    edge: bool = False
    """Whether its first hand ends on an edge of the game: level past the target, one side
    on it or a point short, or on the losing floor (`fuzz/games.py _aim`)."""

    def steer(self) -> Steer:
        def bots(rng: random.Random, width: int) -> list[Any]:
            if self.bots == YIELDING:
                # A side bidding every trick, the other giving it every trick it can.
                contract = bots_for("boston", rng, width)
                return [
                    TakingAll(b) if getattr(b, "name", "") == "contract" else Yielding()
                    for b in contract
                ]
            return bots_for(self.bots, rng, width)

        return Steer(self.name, self.position, bots, self.edge)


GOALS = (
    Goal("nil", "nil", "fresh", "nil bid, made and failed, by one partner or both"),
    Goal("blind-nil", "blind", TRAILING, "blind nil, offered to a side far enough behind"),
    Goal("thirteen", YIELDING, "middle", "a side bidding every trick and taking them all"),
    Goal("bags", "greedy", "bags", "a side's bags carried to the threshold and past it"),
    Goal("bonus-bid", "bonus", "near-target", "a big or bonus bid, near the target"),
    Goal("level", "default", "level", "totals level at the target: a tie, another hand", True),
    Goal("target", "default", "near-target", "a side on the target or a point short", True),
    Goal("floor", "greedy", "near-floor", "a side near the losing floor", True),
    Goal("played-out", "default", "fresh", "plain bidding and play, from a fresh game"),
)
"""The goals, in the order games take them."""


def goal_of(number: int) -> Goal:
    """The goal game `number` plays."""
    return GOALS[number % len(GOALS)]
