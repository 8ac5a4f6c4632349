"""Records read one at a time, so that a stream of any length is audited in bounded memory.

An input is a file of JSON lines (one record a line; blank lines are skipped), a `.json` file
holding one record (or a list of them), a folder (every `.jsonl` and `.json` file under it, in
name order), or `-` for stdin. A line that is not JSON is that record's problem, not the run's;
a last line cut short (no newline at its end, and not JSON) is reported as truncated.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from spadespec.command_kit.errors import UsageError

SUFFIXES = (".jsonl", ".json")


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
        """Where a variant file the record names is looked for: beside the record."""
        return Path.cwd() if self.file == "-" else Path(self.file).parent


def input_files(given: list[str]) -> list[str]:
    """The files to read, `-` for stdin; raises UsageError for a path that does not exist or
    a folder with no record file in it."""
    out: list[str] = []
    for name in given:
        if name == "-":
            out.append(name)
            continue
        path = Path(name)
        if path.is_dir():
            found = sorted(str(p) for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            if not found:
                raise UsageError(f"{name}: a folder with no .jsonl or .json file in it")
            out += found
        elif path.is_file():
            out.append(name)
        else:
            raise UsageError(f"{name}: no such file or folder")
    return out


def read_records(files: list[str]) -> Iterator[RawRecord]:
    """Every record of every file, in order, one at a time."""
    for name in files:
        if name == "-":
            yield from _lines(name, sys.stdin)
        elif name.endswith(".json"):
            yield from _whole(name)
        else:
            try:
                with open(name, encoding="utf-8", errors="replace", newline="") as file:
                    yield from _lines(name, file)
            except OSError as exc:
                yield RawRecord(name, 0, problem=f"cannot read: {exc.strerror}")


def _lines(name: str, file: IO[str]) -> Iterator[RawRecord]:
    number = 0
    for raw in file:
        number += 1
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            if not raw.endswith("\n"):
                message = "the last record is cut short (no end of line, and not whole JSON)"
                yield RawRecord(name, number, problem=message, truncated=True)
            else:
                yield RawRecord(name, number, problem=f"not JSON: {exc.msg} at column {exc.colno}")
            continue
        yield RawRecord(name, number, data)


def _whole(name: str) -> Iterator[RawRecord]:
    try:
        text = Path(name).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        yield RawRecord(name, 0, problem=f"cannot read: {exc.strerror}")
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        yield RawRecord(name, exc.lineno, problem=f"not JSON: {exc.msg} at column {exc.colno}")
        return
    for item in data if isinstance(data, list) else [data]:
        yield RawRecord(name, 1, item)
