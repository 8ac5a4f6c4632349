"""How far a run has got, on stderr: a bar redrawn in place on a terminal, and otherwise (a CI
log, a pipe) a plain line every tenth of the run or every ten seconds, whichever comes first."""

from __future__ import annotations

import time
from typing import TextIO

from spadespec.conformance.contract.runner.verdict import CaseResult

_WIDTH = 100
_BAR = 24
_PLAIN_EVERY = 10.0


class Progress:
    """Called with each result as the run goes; `done()` clears the bar."""

    def __init__(self, total: int, stream: TextIO, *, tty: bool, already: int = 0) -> None:
        self.total = total
        self.stream = stream
        self.tty = tty
        self.count = already
        self.bad = 0
        self.noun = "cases"
        self._next_tenth = self._tenth_after(already)
        self._last_line = time.monotonic()

    def _tenth_after(self, count: int) -> int:
        step = max(1, self.total // 10)
        return (count // step + 1) * step

    def expect_more(self, count: int) -> None:
        """`count` more results are coming than the cases counted (an engine's scoring
        requests, known once it has started)."""
        self.total += count
        if count:
            self.noun = "checks"  # cases and score requests (docs/glossary.md)
        self._next_tenth = self._tenth_after(self.count)

    def __call__(self, result: CaseResult) -> None:
        self.count += 1
        self.bad += result.bad
        if self.tty:
            filled = _BAR * self.count // max(self.total, 1)
            bar = "#" * filled + "-" * (_BAR - filled)
            line = f"[{bar}] {self.count}/{self.total}  {self.bad} failing  {result.case.id}"
            self.stream.write("\r" + line[:_WIDTH].ljust(_WIDTH))
            self.stream.flush()
            return
        now = time.monotonic()
        if self.count >= self._next_tenth or now - self._last_line >= _PLAIN_EVERY:
            self._next_tenth = self._tenth_after(self.count)
            self._last_line = now
            self.stream.write(
                f"conform: {self.count} of {self.total} {self.noun}, {self.bad} failing\n"
            )
            self.stream.flush()

    def done(self) -> None:
        if self.tty:
            self.stream.write("\r" + " " * _WIDTH + "\r")
            self.stream.flush()
