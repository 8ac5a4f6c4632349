"""A run's JSON-lines report: written a line at a time as cases finish, and read back to resume.

    {"kind": "start", ...}   the engine's start answer, the suite's version, the command line
    {"kind": "case", ...}    one per case, flushed as soon as the case is judged
    {"kind": "diagnosis", ...}  the rule changes that explain the failures, when diagnosed
    {"kind": "end", ...}     the totals, when the run got to the end

A killed run leaves every finished case on disk; `--resume` reads them back, appends a new
`start` line for the resumed session and goes on with the cases not yet in the file. A session
whose engine never answered `start` is its start line alone, with the reason and the engine's
stderr: no case was put to the engine, so a `--resume` tries them all. The lines follow
`schema/report.schema.json`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, BinaryIO

from spadespec.command_kit.errors import OutputError
from spadespec.command_kit.input_files import (
    MAX_LINE_BYTES,
    MIB,
    FileProblem,
    parse_json,
    read_lines,
)
from spadespec.conformance.contract.protocol.messages import PROTOCOL_VERSION
from spadespec.conformance.contract.runner.run import RunReport
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine import __version__

REPORT_FORMAT = 1
"""Bumped when a report line changes shape."""


class ReportFileError(ValueError):
    """A report given to `--resume` cannot be read as one; the message names file and line."""


class ReportWriteError(OutputError):
    """The report could not be written (a full disk, say); the message names the file."""


def suite_info(cases: Iterable[Case]) -> dict[str, Any]:
    """The suite's version and a digest of every case, so two reports can be told apart."""
    digest = hashlib.sha256()
    count = 0
    for case in sorted(cases, key=lambda c: c.id):
        digest.update(json.dumps(case.data, sort_keys=True).encode())
        count += 1
    return {"version": __version__, "cases": count, "digest": digest.hexdigest()[:16]}


def now() -> str:
    """The time now, UTC, ISO 8601 to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class ReportWriter:
    """Appends report lines to a file, flushing each so a killed run loses nothing done."""

    def __init__(self, path: Path, *, append: bool = False) -> None:
        self.path = path
        self._file: IO[str] = path.open("a" if append else "w", encoding="utf-8")
        self.started = False  # the session's start line is written
        self._failed = False

    def line(self, line: dict[str, Any]) -> None:
        """Write one line of any kind (a fuzz run's report uses this writer too)."""
        self._write(line)

    def _write(self, line: dict[str, Any]) -> None:
        if self._failed:  # said once; the run is stopping
            return
        try:
            self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
            self._file.flush()
        except OSError as exc:
            self._failed = True
            raise ReportWriteError(f"cannot write the report {self.path}: {exc.strerror}") from None

    def start(self, report: RunReport, **facts: Any) -> None:
        """The session's first line: `facts` holds the command line, selection and options."""
        line: dict[str, Any] = {
            "kind": "start",
            "report_format": REPORT_FORMAT,
            "protocol": PROTOCOL_VERSION,
            "started": now(),
            "engine_command": report.engine_spec,
            "engine": dict(report.engine),
        }
        if report.start_error:
            line["engine_error"] = report.start_error
        if report.start_stderr:
            line["engine_stderr"] = report.start_stderr
        line.update(facts)
        self.started = True
        self._write(line)

    def case(self, result: CaseResult) -> None:
        self._write({"kind": "case", **result.to_json()})

    def diagnosis(self, diagnosis: dict[str, Any]) -> None:
        """The rules the engine plays differently, after the last case line."""
        self._write({"kind": "diagnosis", **diagnosis})

    def end(self, report: RunReport, seconds: float) -> None:
        line: dict[str, Any] = {
            "kind": "end",
            "finished": now(),
            "seconds": round(seconds, 3),
            "ok": report.ok,
            "totals": report.totals(),
            "checked": report.checked_cases(),
            "observables": {
                feature: sum(counts.values())
                for feature, counts in report.summary()["observable"].items()
            },
        }
        if report.not_run():
            line["not_run"] = report.not_run()
        self._write(line)

    def close(self) -> None:
        try:
            self._file.close()
        except OSError as exc:  # what a failed write left in the buffer fails again
            if not self._failed:
                raise ReportWriteError(
                    f"cannot write the report {self.path}: {exc.strerror}"
                ) from None


MAX_REPORT_BYTES = 32 * MIB
"""The largest report `--resume` reads: a run of the whole suite writes about 300 KB, and each
resumed session adds less."""


@dataclass(frozen=True, slots=True)
class PriorRun:
    """What a report file already holds: its first start line and the last line of each case."""

    start: dict[str, Any]
    cases: dict[str, dict[str, Any]]


def read_report(path: Path) -> PriorRun:
    """Read a report to resume from. A last line cut short by a killed run is dropped from the
    file, once the lines before it are read as a report, so that appending carries on cleanly
    (a file that is no report is left as it is)."""
    prior, cut_short = _read(path)
    if cut_short:
        try:
            with path.open("r+b") as file:
                file.truncate(_last_line_start(file))
        except OSError as exc:
            raise ReportFileError(f"{path}: cannot drop its last line, cut short: "
                                  f"{exc.strerror or exc}") from None  # fmt: skip
    return prior


def parse_report(path: Path) -> PriorRun:
    """A report's lines, checked as a report: its first start line and the last line of each
    case. The file is left as it is, a last line cut short included."""
    return _read(path)[0]


def _read(path: Path) -> tuple[PriorRun, bool]:
    """The report at `path`, and whether its last line is cut short (not read)."""
    start: dict[str, Any] | None = None
    cases: dict[str, dict[str, Any]] = {}
    cut_short = read_any = False
    lines = read_lines(path, max_bytes=MAX_REPORT_BYTES, what="report")
    try:
        for number, raw, ended in lines:
            if not ended:  # the last line, which a killed run may have left half written
                cut_short = True
                break
            if not raw.strip():
                continue
            read_any = True
            try:
                line = parse_json(raw)
            except json.JSONDecodeError as exc:
                raise ReportFileError(f"{path}:{number}: not JSON ({exc.msg})") from None
            kind = line.get("kind") if isinstance(line, dict) else None
            if start is None and kind != "start":
                raise ReportFileError(
                    f"{path}:{number}: a report starts with a start line; this is not a report"
                )
            if kind == "start" and start is None:
                start = line
            elif kind == "case":
                if not isinstance(line.get("id"), str) or "verdict" not in line:
                    raise ReportFileError(f"{path}:{number}: a case line needs an id and a verdict")
                cases[line["id"]] = line
    except FileProblem as exc:
        # A line cut short in the middle of a character is not UTF-8: it is cut short still.
        if not (exc.message.startswith("not UTF-8") and _is_last_line_cut(path, exc.line)):
            raise ReportFileError(str(exc)) from None
        cut_short = read_any = True
    if start is None:
        if not read_any:
            raise ReportFileError(f"{path}: empty; nothing to resume")
        raise ReportFileError(f"{path}: no start line; not a report")
    return PriorRun(start, cases), cut_short


def _is_last_line_cut(path: Path, number: int | None) -> bool:
    """Whether line `number` of the file is its last and has no end of line."""
    if number is None:
        return False
    newlines = 0
    last = b""
    with path.open("rb") as file:
        while chunk := file.read(MIB):
            newlines += chunk.count(b"\n")
            last = chunk[-1:]
    return last != b"\n" and newlines == number - 1


def _last_line_start(file: BinaryIO) -> int:
    """Where the last line of an open file begins: just after its last end of line."""
    size = file.seek(0, os.SEEK_END)
    begin = max(0, size - MAX_LINE_BYTES - 1)  # no line read is longer
    file.seek(begin)
    return begin + file.read().rfind(b"\n") + 1
