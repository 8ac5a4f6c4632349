"""`spadespec fuzz --resume REPORT`: a stopped run's settings and progress, read back from its
report, so that a new process goes on where it stopped.

The start line's `command` is the run's whole command line (`fuzz.cli.command_line`), read
again by the same parser; its `folder` is where relative paths in it are read from, so the
resumed run works there. The last `progress` line says which games were played and recorded,
and the counts so far; the difference lines say what was met. A report with an end line
finished; a merged one is no run's; neither is resumed.
"""

from __future__ import annotations

import argparse
import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spadespec.command_kit.errors import UsageError
from spadespec.conformance.analysis.fuzz.report import FuzzReportError, report_lines

MAY_CHANGE = ("jobs", "quiet")
"""What may be given with `--resume`: neither changes what a run finds or where it writes."""


@dataclass(frozen=True, slots=True)
class Resumed:
    """A stopped run, as its report has it."""

    lines: list[dict[str, Any]]
    """Its start line, its difference lines and its last progress line, in order."""

    @property
    def start(self) -> dict[str, Any]:
        return self.lines[0]

    @property
    def progress(self) -> dict[str, Any] | None:
        """The last progress line, if any was written."""
        return next((x for x in reversed(self.lines) if x["kind"] == "progress"), None)

    @property
    def next_game(self) -> int:
        """The first game the resumed run plays."""
        if self.progress is not None:
            return int(self.progress["next_game"])
        shard = self.start.get("shard")
        if shard is None:
            return 0
        games = int(self.start["budget"].get("games", 0))
        return (int(shard["index"]) - 1) * games // int(shard["count"])

    @property
    def met(self) -> list[str]:
        return list(self.progress["met"]) if self.progress is not None else []


def resume_args(args: argparse.Namespace) -> tuple[argparse.Namespace, Resumed]:
    """The arguments of the run `args.resume` reports, with `--jobs` and `--quiet` as now
    given, and what it had done. Raises UsageError for a report that cannot be resumed."""
    parser: argparse.ArgumentParser = args.fuzz_parser
    given = _given(args, parser)
    if given:
        raise UsageError(
            "--resume takes the run's settings from its report; only --jobs and --quiet may be "
            f"given with it, not {', '.join(given)}"
        )
    path = Path(args.resume).resolve()
    lines = _kept_lines(path)
    start = lines[0]
    argv = shlex.split(start["command"])
    if argv[:2] != ["spadespec", "fuzz"]:
        raise UsageError(f"--resume: {path}:1: its command is no fuzz run: {start['command']}")
    folder = start.get("folder")
    if folder:
        try:
            os.chdir(folder)
        except OSError as exc:
            raise UsageError(
                f"--resume: cannot work in {folder}, where the run was started: {exc.strerror}"
            ) from None
    try:
        resumed = parser.parse_args(argv[2:])
    except SystemExit:
        raise UsageError(f"--resume: {path}:1: its command cannot be read again") from None
    for name in ("open_engine", *MAY_CHANGE):
        setattr(resumed, name, getattr(args, name))
    resumed.report = str(path)
    resumed.resume = None
    return resumed, Resumed(lines)


def _kept_lines(path: Path) -> list[dict[str, Any]]:
    """What resuming needs of the report, read a line at a time: its start line, every
    difference line and the last progress line. Raises UsageError for a report that cannot be
    read, a merged one, or one whose run got to its end."""
    kept: list[dict[str, Any]] = []
    progress: dict[str, Any] | None = None
    try:
        for line in report_lines(path):
            if not kept and "merged" in line:
                raise UsageError(
                    f"--resume: {path} is a merged report: resume a shard's own report"
                )
            if line["kind"] == "end":
                raise UsageError(f"--resume: the run of {path} got to its end: nothing to resume")
            if line["kind"] == "progress":
                progress = line
            elif not kept or line["kind"] == "difference":
                kept.append(line)
    except FuzzReportError as exc:
        raise UsageError(f"--resume: {exc}") from None
    return kept if progress is None else [*kept, progress]


def _given(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[str]:
    """The options given besides `--resume` and those that may be."""
    defaults = vars(parser.parse_args([]))
    return sorted(
        "--" + name.replace("_", "-")
        for name, value in vars(args).items()
        if name in defaults and name not in ("resume", *MAY_CHANGE) and value != defaults[name]
    )
