"""Signals for the `spadespec` command: SIGTERM ends a command as Ctrl-C does."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(KeyboardInterrupt):
    """The process was sent SIGTERM. Raised wherever the program is, as Ctrl-C raises
    KeyboardInterrupt, so that the same `finally` blocks end engine processes and close
    reports; a KeyboardInterrupt so that what catches Ctrl-C catches it too."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block, SIGTERM raises `Terminated` (in the main thread, where signals go)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
