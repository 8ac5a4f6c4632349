"""Records read one at a time, so that a stream of any length is audited in bounded memory.

An input is a file of JSON lines (one record a line; blank lines are skipped), a `.json` file
holding one record (or a list of them), a folder (every `.jsonl` and `.json` file under it, in
name order), or `-` for stdin. Every file is read through the bounded reader
(`command_kit.input_files`). A line that is not JSON is that record's problem, not the run's;
a last line cut short (no newline at its end, and JSON that stops before it is whole) is
reported as truncated. A line the reader refuses (not UTF-8, or longer than its limit) is that
record's problem too, and the rest of that file is not read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.input_files import (
    MIB,
    STDIN,
    FileProblem,
    not_a_file,
    parse_json,
    read_lines,
    read_text,
)

SUFFIXES = (".jsonl", ".json")

MAX_JSON_BYTES = 16 * MIB
"""The largest `.json` records file, which is read whole: a game's record is some tens of
kilobytes, so this holds hundreds; JSON lines, read a record at a time, have no such limit."""


@dataclass(frozen=True, slots=True)
class RawRecord:
    """One record as read: where it is, and its parsed value or why it could not be read."""

    file: str
    line: int
    data: Any = None
    problem: str | None = None
    truncated: bool = False

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def folder(self) -> Path:
        """The folder a variant file the record names is read from by default: the records
        file's own, or the current folder for stdin."""
        return Path.cwd() if self.file == STDIN else Path(self.file).parent


def input_files(given: list[str]) -> list[str]:
    """The files to read, `-` for stdin; raises UsageError for a path that does not exist, is
    neither a file nor a folder (a device, a named pipe), or a folder with no record file."""
    out: list[str] = []
    for name in given:
        if name == STDIN:
            out.append(name)
            continue
        path = Path(name)
        if path.is_dir():
            found = sorted(str(p) for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            if not found:
                raise UsageError(f"{name}: a folder with no .jsonl or .json file in it")
            out += found
            continue
        wrong = not_a_file(path)
        if wrong is not None:
            raise UsageError(wrong)
        out.append(name)
    return out


def read_records(files: list[str]) -> Iterator[RawRecord]:
    """Every record of every file, in order, one at a time."""
    for name in files:
        if name != STDIN and name.endswith(".json"):
            yield from _whole(name)
        else:
            yield from _lines(name)


def _lines(name: str) -> Iterator[RawRecord]:
    try:
        for number, raw, ended in read_lines(name, what="records file"):
            if raw.strip():
                yield _record(name, number, raw, ended)
    except FileProblem as exc:
        after = "; the rest of the file is not read" if exc.line else ""
        yield RawRecord(name, exc.line or 0, problem=exc.message + after)


def _record(name: str, number: int, raw: str, ended: bool) -> RawRecord:
    try:
        return RawRecord(name, number, parse_json(raw))
    except json.JSONDecodeError as exc:
        if not ended and _stops_short(raw, exc):
            message = "the last record is cut short (no end of line, and its JSON stops early)"
            return RawRecord(name, number, problem=message, truncated=True)
        return RawRecord(name, number, problem=f"not JSON: {exc.msg} at column {exc.colno}")


def _stops_short(raw: str, exc: json.JSONDecodeError) -> bool:
    """Whether `raw` reads as the start of a record whose JSON ran out before it was whole,
    as a line a writer was stopped in the middle of does."""
    ran_out = exc.pos >= len(raw.rstrip()) or exc.msg.startswith("Unterminated string")
    return raw.lstrip().startswith("{") and ran_out


def _whole(name: str) -> Iterator[RawRecord]:
    try:
        text = read_text(name, max_bytes=MAX_JSON_BYTES, what=".json records file")
    except FileProblem as exc:
        yield RawRecord(name, exc.line or 0, problem=exc.message)
        return
    try:
        data = parse_json(text)
    except json.JSONDecodeError as exc:
        yield RawRecord(name, exc.lineno, problem=f"not JSON: {exc.msg} at column {exc.colno}")
        return
    for item in data if isinstance(data, list) else [data]:
        yield RawRecord(name, 1, item)
