"""Worker processes, for the commands that play in several (`simulate`, `fuzz`): how many to
run, how one is started, and how it ends, one way for every such command.

A worker ignores Ctrl-C, which a terminal sends to every process of the run: the command that
started it ends it. SIGTERM unwinds it quietly, its `finally` blocks run (an engine it started
is stopped), and once its work is done SIGTERM ends it at once. Ctrl-C and SIGTERM are held
back while a worker starts, until its own handlers are in place, so none ends it half-way
into a traceback. The command ends its workers with `end_workers`, however its run ends: the
work done, an engine that did not start, an error, Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from spadespec.command_kit.errors import WorkerLost

SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a run: Ctrl-C and SIGTERM."""

FINISH_GRACE = 5.0
"""Seconds workers told to finish are given to stop their engines and end on their own."""

STOP_GRACE = 0.6
"""Seconds a worker sent SIGTERM is given to end before it is sent it again (which cuts short
a wait for its engine to exit), and again before it is killed."""


class WorkerStopped(KeyboardInterrupt):
    """A worker was sent SIGTERM. Raised wherever it is, so that its `finally` blocks run; a
    KeyboardInterrupt, so that what cleans up after Ctrl-C cleans up after this too."""


def check_alive(processes: Sequence[BaseProcess], what: str, *, waited: bool) -> None:
    """Raise WorkerLost, saying how it ended, if a worker has ended before it was told to;
    `what` names the workers ("a process playing the games"). A worker that ended on its own
    (status 0) may have put its last word on the queue as it went, so it counts as lost only
    once the queue has been waited on in vain (`waited`); one killed, or ended by an error,
    counts at once."""
    for process in processes:
        code = process.exitcode
        if code is None or (code == 0 and not waited):
            continue
        how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
        raise WorkerLost(f"{what} ended before the run's end ({how}); the run is stopped")


def start_context() -> Any:
    """The way a new process is started: forked where the system can (it starts at once)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def usable_cpus() -> int:
    """The CPUs this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def jobs_to_run(command: str, jobs: int, games: int | None = None) -> int:
    """`--jobs`, lowered to the CPUs this process may run on and to the `games` there are to
    share (more workers than either only queue up), and said so on stderr when it is lowered."""
    cpus = usable_cpus()
    limits = [(cpus, f"{cpus} CPUs to run them on")]
    if games is not None:
        limits.append((max(games, 1), f"{games} games to share"))
    cap, why = min(limits)
    if jobs <= cap:
        return jobs
    print(f"{command}: --jobs {jobs} lowered to {cap} ({why})", file=sys.stderr)
    return cap


@contextmanager
def signals_held() -> Iterator[None]:
    """Within the block, Ctrl-C and SIGTERM wait: each arrives as the block ends, as it would
    have (a KeyboardInterrupt, `Terminated`). A process forked within it starts with them
    blocked, to be unblocked once its own handlers are in place. Only the main thread, where
    signals go, holds them; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[signal.Signals] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        arrived.append(signal.Signals(signum))

    previous = {signum: signal.signal(signum, hold) for signum in SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if arrived:
            _deliver(arrived[0], previous[arrived[0]])


def _deliver(signum: int, handler: Any) -> None:
    """What `signum` would have done under `handler`."""
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        os.kill(os.getpid(), signum)


def start_workers(
    count: int, target: Callable[..., None], *args: Any, context: Any = None
) -> list[BaseProcess]:
    """`count` workers, each running `target(*args)` (see the module's docstring); if the run
    is stopped while they start, those already started are ended."""
    context = context or start_context()
    processes: list[BaseProcess] = []
    try:
        for _ in range(count):
            with signals_held():
                process = context.Process(target=_run_quietly, args=(target, args), daemon=True)
                process.start()
                processes.append(process)
    except BaseException:
        end_workers(processes)
        raise
    return processes


def _run_quietly(target: Callable[..., None], args: Sequence[Any]) -> None:
    signal.signal(signal.SIGINT, _ignore)  # a handler, not SIG_IGN: what it starts gets Ctrl-C
    signal.signal(signal.SIGTERM, _stop)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
    try:
        try:
            target(*args)
        finally:
            # The work is over (done or stopped): SIGTERM now ends the process silently.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
    except WorkerStopped:
        pass


def _ignore(signum: int, frame: FrameType | None) -> None:
    pass


def _stop(signum: int, frame: FrameType | None) -> None:
    raise WorkerStopped


def end_workers(processes: Sequence[BaseProcess], *, wait: float = 0.0) -> None:
    """End the workers: those still running after `wait` seconds (given to them to end on
    their own once told to finish) are sent SIGTERM, again after STOP_GRACE, and killed after
    another. Ctrl-C and SIGTERM are held back meanwhile, so that no worker is left running."""
    try:
        _join(processes, wait)
    finally:
        with signals_held():
            for _ in range(2):
                for process in processes:
                    if process.is_alive():
                        process.terminate()
                _join(processes, STOP_GRACE)
            for process in processes:
                if process.is_alive():
                    process.kill()
                process.join()


def _join(processes: Sequence[BaseProcess], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    for process in processes:
        process.join(max(deadline - time.monotonic(), 0.0))
