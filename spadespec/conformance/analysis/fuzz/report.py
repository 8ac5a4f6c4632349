"""A fuzz run's JSON-lines report (`spadespec fuzz --report FILE`), written a line at a time:

    {"kind": "start", "run": "fuzz", ...}   the engine, the variant, the seed, the command
    {"kind": "difference", ...}             one per difference found, as soon as it is written
    {"kind": "progress", ...}               every few games: the games played so far, in order
    {"kind": "resume", ...}                 a session of `fuzz --resume` began
    {"kind": "end", "run": "fuzz", ...}     the counts, when the run got to the end

The lines follow `schema/fuzz-report.schema.json`; a run stopped early keeps every line
already written (the file is flushed line by line, as `conform`'s report is), and
`fuzz --resume FILE` goes on from its last `progress` line, appending to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema.exceptions import best_match

from spadespec.command_kit.input_files import FileProblem, parse_json, read_lines
from spadespec.conformance.contract.protocol.messages import PROTOCOL_VERSION, EngineInfo
from spadespec.conformance.contract.protocol.wire import definition_validator, json_path
from spadespec.conformance.contract.report.jsonl import REPORT_FORMAT, ReportWriter, now

RUN = "fuzz"

KINDS = ("start", "difference", "progress", "resume", "end")
"""The kinds of line a fuzz report holds, each a definition of its schema."""


class FuzzReportError(ValueError):
    """A file is not a fuzz report that can be read; the message names the file (and line)."""


def line_problem(line: Any) -> str | None:
    """What is wrong with one report line under the fuzz report's schema, or None."""
    if not isinstance(line, dict):
        return f"a report line is a JSON object, not {type(line).__name__}"
    kind = line.get("kind")
    if kind not in KINDS:
        return f"its kind is {kind!r}, not one of: {', '.join(KINDS)}"
    # Each kind against its own definition, so that what is wrong is said of the line it is,
    # not of the closest other kind.
    lines = definition_validator("fuzz-report.schema.json", kind)
    error = best_match(lines.iter_errors(line))
    if error is None:
        return None
    return f"the {kind} line, at {json_path(error)}: {error.message}"


def report_lines(
    path: Path, *, max_bytes: int | None = None, what: str = "fuzz report"
) -> Iterator[dict[str, Any]]:
    """The lines of a fuzz report, one at a time, each checked against the schema. Raises
    FuzzReportError, naming the file and line, for a file that cannot be read (no regular file,
    a line or the file over its limit, not UTF-8) or is not a fuzz report."""
    first = True
    try:
        for number, raw, _ in read_lines(path, max_bytes=max_bytes, what=what):
            if not raw.strip():
                continue
            try:
                line = parse_json(raw)
            except json.JSONDecodeError as exc:
                raise FuzzReportError(f"{path}:{number}: not JSON ({exc.msg})") from None
            if first and not (
                isinstance(line, dict) and line.get("kind") == "start" and line.get("run") == RUN
            ):
                raise FuzzReportError(f"{path}:{number}: not a fuzz report (its first line is "
                                      "no fuzz start line)")  # fmt: skip
            problem = line_problem(line)
            if problem:
                raise FuzzReportError(f"{path}:{number}: {problem}")
            first = False
            yield line
    except FileProblem as exc:
        raise FuzzReportError(str(exc)) from None
    if first:
        raise FuzzReportError(f"{path}: empty, not a fuzz report")


class FuzzReport:
    """The report file of one fuzz run (`append`: a resumed run's, written on after its
    lines)."""

    def __init__(self, path: Path, *, append: bool = False) -> None:
        self._writer = ReportWriter(path, append=append)
        self.path = path

    def start(self, *, engine_command: str, engine: EngineInfo | None, variant: str,
              options: dict[str, Any], seed: int, command: str, budget: dict[str, int],
              error: str = "", shard: dict[str, int] | None = None,
              folder: str = "") -> None:  # fmt: skip
        line: dict[str, Any] = {
            "kind": "start",
            "run": RUN,
            "report_format": REPORT_FORMAT,
            "protocol": PROTOCOL_VERSION,
            "started": now(),
            "engine_command": engine_command,
            "engine": dict(engine) if engine is not None else None,
            "variant": variant,
            "options": dict(options),
            "seed": seed,
            "budget": budget,
            "command": command,
        }
        if shard is not None:
            line["shard"] = shard
        if folder:
            line["folder"] = folder
        if error:
            line["engine_error"] = error
        self._writer.line(line)

    def line(self, line: dict[str, Any]) -> None:
        """A line as it is (a merged report's start line)."""
        self._writer.line(line)

    def difference(self, line: dict[str, Any]) -> None:
        self._writer.line({"kind": "difference", **line})

    def progress(self, *, next_game: int, games: int, hands: int, requests: int,
                 seconds: float, met: list[str], failures: int,
                 skipped: int = 0) -> None:  # fmt: skip
        """Where the run stands: every game before `next_game` played and recorded."""
        self._writer.line(
            {
                "kind": "progress",
                "next_game": next_game,
                "games": games,
                "hands": hands,
                "requests": requests,
                "seconds": round(seconds, 3),
                "met": met,
                "failures": failures,
                "skipped": skipped,
            }  # fmt: skip
        )

    def resumed(self, next_game: int) -> None:
        self._writer.line({"kind": "resume", "resumed": now(), "next_game": next_game})

    def end(self, *, seconds: float, games: int, hands: int, requests: int, differences: int,
            ok: bool, skipped: int = 0) -> None:  # fmt: skip
        self._writer.line(
            {
                "kind": "end",
                "run": RUN,
                "finished": now(),
                "seconds": round(seconds, 3),
                "ok": ok,
                "games": games,
                "hands": hands,
                "requests": requests,
                "differences": differences,
                "skipped": skipped,
            }
        )

    def close(self) -> None:
        self._writer.close()
