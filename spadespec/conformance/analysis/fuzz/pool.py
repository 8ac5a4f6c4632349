"""The fuzz run: fuzzed games put to the engine under test, game after game, until a
difference is found or the budget is spent, by one process or several.

Games are numbered and handed out in chunks; game `n` of a run is the same whichever process plays
it, and the run reports the lowest-numbered game that differs, so `--jobs N` finds what `--jobs 1`
finds. With one job a second process plays the games ahead
(`spadespec.conformance.analysis.fuzz.feed`) while this one checks them (`checker`); with several,
each process plays and checks its own. An engine that deals its own cards has each game played and
checked in the process that asks it for the deals.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from spadespec.command_kit.workers import (
    FINISH_GRACE,
    check_alive,
    end_workers,
    start_context,
    start_workers,
)
from spadespec.conformance.analysis.fuzz.checker import Divergence, GameChecker
from spadespec.conformance.analysis.fuzz.config import EngineDidNotStart, FuzzConfig, FuzzSetupError
from spadespec.conformance.analysis.fuzz.differences import engine_failed
from spadespec.conformance.analysis.fuzz.feed import GameFeed
from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.contract.protocol.messages import EngineInfo
from spadespec.reference_engine.variant import load_variant

CHUNK = 4
"""Games handed to a process at a time."""


@dataclass(slots=True)
class ChunkResult:
    """What a chunk of games gave, from game `first` on: each game's hands, in order, up to
    the one that stopped it; the requests sent and declined; the differences found."""

    first: int
    hands: list[int] = field(default_factory=list)
    requests: int = 0
    skipped: int = 0
    divergences: list[Divergence] = field(default_factory=list)


@dataclass(slots=True)
class FuzzOutcome:
    """What a run did: games and hands compared, requests sent, and the first difference."""

    games: int = 0
    hands: int = 0
    requests: int = 0
    seconds: float = 0.0
    skipped: int = 0
    """Requests the engine declined (`skipped`): asked, not compared."""
    divergence: Divergence | None = None
    """The difference the run stopped at, if it stopped at one."""
    engine: EngineInfo | None = None


def _check_chunk(
    checker: GameChecker, first: int, last: int, feed: GameFeed | None = None
) -> ChunkResult:
    """Games first..last-1 put to `checker` in order (played there, or taken from `feed`),
    stopping at the first that differs unless the run keeps going (or the engine gave no
    answer, which is gone on past: the engine is restarted with the next request)."""
    result = ChunkResult(first)
    before, skipped = checker.requests, checker.skipped
    numbers = range(first, last)
    if checker.deals:
        # Each game played from the engine's deals and checked before the next is dealt:
        # the game that differs is the one it keeps (`play`), to be played again.
        played: Iterable[tuple[FuzzGame, Divergence | None]] = (
            (game, checker.check(game)) for game in map(checker.play, numbers)
        )
    else:
        # The feed's games come from the seed's deals.
        games = [feed.game(n) if feed is not None else checker.play(n) for n in numbers]
        played = zip(games, checker.check_all(games), strict=False)
    for game, found in played:
        result.hands.append(len(game.starts))
        if found is not None:
            result.divergences.append(found)
            if not (checker.config.keep_going or engine_failed(found.differences)):
                break
    result.requests = checker.requests - before
    result.skipped = checker.skipped - skipped
    return result


Progress = Callable[[FuzzOutcome], None]

Found = Callable[[Divergence, "GameChecker | None"], bool]
"""Told each difference in game order, as the games are counted (with the run's own checker
when it has one in this process, idle meanwhile); True stops the run there."""


def _stop_at_first(found: Divergence, checker: GameChecker | None) -> bool:
    return True


def run_fuzz(
    config: FuzzConfig, progress: Progress | None = None,
    started: Callable[[EngineInfo], None] | None = None, found: Found = _stop_at_first,
) -> FuzzOutcome:  # fmt: skip
    """Fuzz until `found` stops the run at a difference (by default the first: the lowest-
    numbered game that differs) or the budget (`games`, or `hands` counted game by game in
    order) is spent. `started` is told the engine's answer to `start` before any game is put
    to it; `progress`, the counts each time the games counted grow."""
    began = time.perf_counter()
    outcome = FuzzOutcome()
    if config.jobs <= 1:
        # The feed's process is started first, so that it holds nothing of the engine's.
        feed = _feed(config) if config.ahead else None
        try:
            checker = GameChecker(config)
        except BaseException:
            if feed is not None:
                feed.stop()
            raise
        outcome.engine = checker.info
        if checker.deals and feed is not None:  # its games would be of the seed's deals
            feed.stop()
            feed = None
        try:
            if started:
                started(checker.info)
            chunk = 0
            while not _spent(config, outcome, chunk):
                first, last = _bounds(config, chunk)
                _take(config, outcome, _check_chunk(checker, first, last, feed), found, checker)
                outcome.seconds = time.perf_counter() - began
                if progress:
                    progress(outcome)
                chunk += 1
        finally:
            checker.stop()
            if feed is not None:
                feed.stop()
    else:
        _run_parallel(config, outcome, progress, began, started, found)
    outcome.seconds = time.perf_counter() - began
    return outcome


def _feed(config: FuzzConfig) -> GameFeed:
    variant = load_variant(config.variant, dict(config.options))
    first, last = game_range(config)
    return GameFeed(
        variant, config.seed, first=first, last=last, hands=config.hands_per_game,
        points_per_hand=config.points_per_hand,
    )  # fmt: skip


def game_range(config: FuzzConfig) -> tuple[int, int | None]:
    """The numbers of the games a run plays, from the first to before the second (None: as
    many as the hand budget takes): its shard of the campaign, from `first_game` on."""
    if config.games is None:
        return config.first_game, None
    low, high = 0, config.games
    if config.shard is not None:
        index, count = config.shard
        low, high = (index - 1) * config.games // count, index * config.games // count
    return max(low, config.first_game), high


def _bounds(config: FuzzConfig, chunk: int) -> tuple[int, int]:
    start, end = game_range(config)
    first = start + chunk * CHUNK
    last = first + CHUNK
    if end is not None:
        last = min(last, end)
    return first, last


def _spent(config: FuzzConfig, outcome: FuzzOutcome, chunk: int) -> bool:
    """Whether the run is over before chunk `chunk` (every earlier chunk taken)."""
    if outcome.divergence is not None:
        return True
    if config.hands is not None and outcome.hands >= config.hands:
        return True
    start, end = game_range(config)
    return end is not None and start + chunk * CHUNK >= end


def _take(
    config: FuzzConfig, outcome: FuzzOutcome, result: ChunkResult, found: Found,
    checker: GameChecker | None = None,
) -> None:  # fmt: skip
    """Count a chunk's games in order, up to the hand budget or the difference `found` stops
    at, telling it each difference as its game is counted."""
    outcome.requests += result.requests
    outcome.skipped += result.skipped
    by_game = {d.number: d for d in result.divergences}
    for number, hands in enumerate(result.hands, start=result.first):
        if config.hands is not None and outcome.hands >= config.hands:
            return
        outcome.games += 1
        outcome.hands += hands
        divergence = by_game.get(number)
        if divergence is not None and found(divergence, checker):
            outcome.divergence = divergence
            return


# --- several processes ----------------------------------------------------------------------


def _check_chunks(config: FuzzConfig, tasks: Any, results: Any) -> None:
    try:
        checker = GameChecker(config)
    except FuzzSetupError as exc:
        results.put(("setup", str(exc), isinstance(exc, EngineDidNotStart)))
        return
    results.put(("ready", checker.info))
    try:
        while True:
            chunk = tasks.get()
            if chunk is None:
                break
            results.put(("chunk", chunk, _check_chunk(checker, *_bounds(config, chunk))))
    finally:
        checker.stop()


def _run_parallel(
    config: FuzzConfig, outcome: FuzzOutcome, progress: Progress | None, began: float,
    started: Callable[[EngineInfo], None] | None, found: Found,
) -> None:  # fmt: skip
    context = start_context()
    tasks = context.Queue()
    results = context.Queue()
    workers = start_workers(config.jobs, _check_chunks, config, tasks, results, context=context)
    try:
        for _ in workers:
            message = _get(results, workers)
            if message[0] == "setup":
                raise (EngineDidNotStart if message[2] else FuzzSetupError)(message[1])
            outcome.engine = message[1]
        if started and outcome.engine is not None:
            started(outcome.engine)
        done: dict[int, ChunkResult] = {}
        next_to_take = 0
        submitted = 0
        # Keep each process busy with a chunk in hand and one queued.
        while True:
            while (
                submitted - next_to_take < 2 * config.jobs
                and not _spent(config, outcome, submitted)
                and not _known_end(config, outcome, done, next_to_take, submitted)
            ):
                tasks.put(submitted)
                submitted += 1
            if next_to_take >= submitted:
                break
            _, chunk, result = _get(results, workers)
            done[chunk] = result
            while next_to_take in done and not _spent(config, outcome, next_to_take):
                _take(config, outcome, done.pop(next_to_take), found)
                next_to_take += 1
                outcome.seconds = time.perf_counter() - began
                if progress:
                    progress(outcome)
            if _spent(config, outcome, next_to_take):
                break
    except BaseException:  # Ctrl-C, SIGTERM, an engine that failed: no chunk is waited for
        end_workers(workers)  # each stops its engine
        raise
    for _ in workers:
        tasks.put(None)
    end_workers(workers, wait=FINISH_GRACE)


def _known_end(
    config: FuzzConfig, outcome: FuzzOutcome, done: dict[int, ChunkResult], taken: int,
    submitted: int,
) -> bool:  # fmt: skip
    """Whether a chunk already back (not yet taken) stopped at a difference: nothing after it
    is needed."""
    return any(
        r.divergences and not (config.keep_going or engine_failed(r.divergences[-1].differences))
        for c, r in done.items() if taken <= c < submitted
    )  # fmt: skip


def _get(results: Any, workers: list[Any]) -> Any:
    while True:
        # None stops before it is told to; checked before each wait, since the others may
        # keep answering while one that was killed is missed.
        check_alive(workers, "a fuzzing process", waited=False)
        try:
            return results.get(timeout=1.0)
        except queue.Empty:
            check_alive(workers, "a fuzzing process", waited=True)
