"""What fixes a fuzz run (`FuzzConfig`: the engine, the variant, the seed, the budget, the
jobs), and why a run cannot start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.conformance.analysis.fuzz.games import DEFAULT_HANDS_PER_GAME
from spadespec.conformance.contract.engines.named import EngineOpener, open_engine
from spadespec.conformance.contract.protocol.messages import Engine


class FuzzSetupError(Exception):
    """The run cannot start: the engine does not start, or does not play the variant."""


class EngineDidNotStart(FuzzSetupError):
    """The engine under test did not answer `start` (it exited, hung, answered in a form or
    protocol it should not): a verdict on the engine, exit status 1, as `conform` gives it, not
    a usage mistake."""


@dataclass(frozen=True, slots=True)
class FuzzConfig:
    """Everything that fixes a run; the same config finds the same thing."""

    engine: str
    variant: str
    options: dict[str, Any]
    seed: int
    games: int | None = 100
    hands: int | None = None
    hands_per_game: int = DEFAULT_HANDS_PER_GAME
    points_per_hand: int | None = 2
    timeout: float | None = None
    start_timeout: float | None = None
    jobs: int = 1
    ahead: bool = True
    """With one job, play the games in a second process while the first checks them."""
    first_game: int = 0
    """The number of the first game played: a run that keeps going after a difference goes
    on from there. `games` counts from game 0 all the same."""
    shard: tuple[int, int] | None = None
    """(I, N): play only the I-th of N disjoint runs of the `games` games."""
    known: tuple[str, ...] = ()
    """Rule changes the engine's answers are expected under (`scoring.bag_threshold=11`),
    the games still played under the variant: a shrinker's, for a difference found in a game
    once the differences before it in that game were named."""
    keep_going: bool = False
    """Go on past a difference (an engine's failure to answer is always gone on past)."""
    opener: EngineOpener = open_engine
    """What opens the engine `engine` names, in each process of the run: by default the
    built-in engine or a command; the `fuzz` command is given the hub's, which knows the
    named faults too (`fault:NAME`)."""

    def open(self) -> Engine:
        """A new engine under test, not started."""
        return self.opener(self.engine, timeout=self.timeout, start_timeout=self.start_timeout)
