"""Games played ahead: a second process deals and plays the fuzzed games, in order, while the
first puts the games already played to the engine under test.

Playing a game (bots and the reference) and checking it (the engine answering requests) take
about the same time; done one after the other in one process, half the machine sits idle. The
games are the same whichever process plays them (a game is fixed by the run's seed and its
number), so playing them ahead changes nothing a run finds.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import threading
from typing import Any

from spadespec.command_kit.errors import WorkerLost
from spadespec.command_kit.workers import end_workers, start_workers
from spadespec.conformance.analysis.fuzz.games import FuzzGame, play_fuzz_game
from spadespec.reference_engine.variant import ResolvedVariant

AHEAD = 64
"""Games the feed may have played and not yet handed over: far more than the pipe holds, so
that while the engine under test starts (a tenth of a second or more) the feed plays on."""


def _play_ahead(
    variant: ResolvedVariant, seed: int, first: int, last: int | None, hands: int,
    points: int | None, out: Any,
) -> None:  # fmt: skip
    played: queue.Queue[FuzzGame | None] = queue.Queue(AHEAD)

    def hand_over() -> None:
        # Waits while the pipe is full; the games played meanwhile wait in `played`.
        try:
            while (game := played.get()) is not None:
                out.send(game)
        except (BrokenPipeError, EOFError, OSError):
            pass  # the run is over
        os._exit(0)  # the main thread may be waiting to put a game: the process ends here

    threading.Thread(target=hand_over, daemon=True).start()
    number = first
    while last is None or number < last:
        played.put(play_fuzz_game(variant, seed, number, hands=hands, points_per_hand=points))
        number += 1
    played.put(None)  # the last game played: handed over, the process ends
    threading.Event().wait()


class GameFeed:
    """The games of a run from number `first` on (to before `last`, when the run has a
    number of games), played in another process."""

    def __init__(
        self, variant: ResolvedVariant, seed: int, *, first: int = 0, last: int | None = None,
        hands: int, points_per_hand: int | None,
    ) -> None:  # fmt: skip
        self._take, give = multiprocessing.Pipe(duplex=False)
        self._next = first
        self._process = start_workers(
            1, _play_ahead, variant, seed, first, last, hands, points_per_hand, give
        )[0]
        give.close()

    def game(self, number: int) -> FuzzGame:
        """Game `number`, which must be the next one: the feed plays them in order only."""
        if number != self._next:
            raise ValueError(f"the games are played in order: game {self._next} is next")
        try:
            game: FuzzGame = self._take.recv()
        except EOFError:  # killed from outside: it never stops before its last game
            raise WorkerLost(
                f"the process playing the games ended before game {number}; the run is stopped"
            ) from None
        self._next += 1
        return game

    def stop(self) -> None:
        self._take.close()
        end_workers([self._process])
