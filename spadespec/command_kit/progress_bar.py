"""A bar on stderr that shows how many of a run's games are played, for the commands that play
many (`simulate`, `page`): drawn only when stderr is a terminal, so a log or a pipe gets only
the line each command prints when a run is done."""

from __future__ import annotations

import sys


class ProgressBar:
    """Told each time more games are done; `close()` ends the bar's line."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, total, 0
        self.shown = sys.stderr.isatty()

    def __call__(self, games: int) -> None:
        self.done += games
        if self.shown:
            filled = round(30 * self.done / max(1, self.total))
            bar = "#" * filled + "." * (30 - filled)
            print(
                f"\r{self.label} [{bar}] {self.done}/{self.total}",
                end="",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        if self.shown:
            print("", file=sys.stderr, flush=True)
