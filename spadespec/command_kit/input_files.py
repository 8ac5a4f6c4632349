"""Reading a file a user names: the one bounded reader every input goes through (variant files,
cases, reports, shards, game records, expect lists, `--from` deals).

A file is read only if it is a regular file (a folder, a device such as /dev/zero, a named pipe
or a socket is refused by name before a byte is read, since a pipe may never end and a device
never does), streamed line by line with a limit on each line's length and, where the caller
keeps what it reads, on the whole file's size; text must be UTF-8, and a byte that is not is
reported at its line. Standard input ("-") is read the same way, line by line, under the same
limits. Every refusal is a `FileProblem` naming the file (and line); the command decides what
status it is (a misuse, or a verdict on the file).
"""

from __future__ import annotations

import json
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

MIB = 1024 * 1024
MAX_LINE_BYTES = 16 * MIB
"""The longest line any input may have: far above the longest line the project writes (a
report's case result, a fuzz report's shrunk game), far below what would exhaust memory."""

STDIN = "-"

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


class FileProblem(Exception):
    """A file that cannot be read as the input it was given as: its path, the line where
    reading stopped (None for the whole file) and why."""

    def __init__(self, path: str, message: str, line: int | None = None) -> None:
        self.path = path
        self.message = message
        self.line = line
        where = path if line is None else f"{path}:{line}"
        super().__init__(f"{where}: {message}")


class Line(NamedTuple):
    """One line of a file: its number (from 1), its text without the line ending, and whether
    it ended with one (the last line of a file cut short does not)."""

    number: int
    text: str
    ended: bool


def size_text(size: int) -> str:
    """A limit in bytes as a reader says it: '16 MiB', or '300 bytes'."""
    if size >= MIB and size % MIB == 0:
        return f"{size // MIB} MiB"
    return f"{size} bytes"


def _mode(path: Path) -> int | str:
    """The mode of what `path` names, or why there is none to look at."""
    try:
        return path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "no such file or folder"
    except OSError as exc:
        return str(exc.strerror or exc)


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a file"
    return next((kind for test, kind in _KINDS if test(mode)), "a special file")


def _why_not_a_file(path: Path) -> str | None:
    """Why `path` cannot be read as a file, without the path ("a folder, not a file"); None
    when it is a regular file (or a link to one)."""
    mode = _mode(path)
    if isinstance(mode, str):
        return mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    return f"not a regular file: it is {_kind(mode)}"


def not_a_file(path: Path) -> str | None:
    """Why `path` cannot be read as a file, said as what it is ("/dev/null is not a regular
    file: it is a character device"); None when it is a regular file (or a link to one)."""
    why = _why_not_a_file(path)
    if why is None:
        return None
    if why.startswith(("a folder", "not a regular")):
        return f"{path} is {why}"
    return f"{why}: {path}"


def not_a_folder(path: Path) -> str | None:
    """Why `path` cannot be listed as a folder ("notes.txt is a file, not a folder"); None when
    it is a folder."""
    mode = _mode(path)
    if isinstance(mode, str):
        return f"{mode}: {path}"
    if stat.S_ISDIR(mode):
        return None
    return f"{path} is {_kind(mode)}, not a folder"


def check_file(path: Path | str, *, max_bytes: int | None = None, what: str = "file") -> None:
    """Refuse `path` unless it is a regular file (of at most `max_bytes`, when given): a
    FileProblem naming it and what it is instead. Standard input ("-") is taken as it is."""
    if str(path) == STDIN:
        return
    path = Path(path)
    wrong = _why_not_a_file(path)
    if wrong is not None:
        raise FileProblem(str(path), wrong)
    if max_bytes is not None:
        size = path.stat().st_size
        if size > max_bytes:
            raise FileProblem(
                str(path),
                f"the file is {size} bytes; a {what} may be at most {size_text(max_bytes)}",
            )


def _numbered(
    handle: BinaryIO, name: str, max_line_bytes: int, max_bytes: int | None, what: str
) -> Iterator[Line]:
    total = 0
    number = 0
    while True:
        raw = handle.readline(max_line_bytes + 1)
        if not raw:
            return
        number += 1
        total += len(raw)
        if max_bytes is not None and total > max_bytes:
            raise FileProblem(name, f"the {what} is larger than {size_text(max_bytes)}", number)
        ended = raw.endswith(b"\n")
        if len(raw) > max_line_bytes and not ended:
            raise FileProblem(name, f"the line is longer than {size_text(max_line_bytes)}", number)
        body = raw[:-1] if ended else raw
        if body.endswith(b"\r"):
            body = body[:-1]
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FileProblem(
                name,
                f"not UTF-8 text (byte {exc.start + 1} of the line cannot be read)",
                number,
            ) from None
        yield Line(number, text, ended)


def read_lines(
    path: Path | str,
    *,
    max_line_bytes: int = MAX_LINE_BYTES,
    max_bytes: int | None = None,
    what: str = "file",
) -> Iterator[Line]:
    """The lines of `path` (or of standard input, for "-"), one at a time, numbered from 1.

    Refused with a FileProblem: a path that is no regular file, a line longer than
    `max_line_bytes`, a file larger than `max_bytes` (when given; `what` names the input in
    that message, such as "report"), and bytes that are not UTF-8 (at their line). A file that
    cannot be opened is a FileProblem too."""
    name = str(path)
    check_file(path, max_bytes=max_bytes, what=what)
    if name == STDIN:
        yield from _numbered(sys.stdin.buffer, "<stdin>", max_line_bytes, max_bytes, what)
        return
    try:
        handle = Path(path).open("rb")
    except OSError as exc:
        raise FileProblem(name, f"cannot read the file: {exc.strerror or exc}") from None
    with handle:
        try:
            yield from _numbered(handle, name, max_line_bytes, max_bytes, what)
        except OSError as exc:
            raise FileProblem(name, f"cannot read the file: {exc.strerror or exc}") from None


def read_text(
    path: Path | str,
    *,
    max_bytes: int,
    max_line_bytes: int = MAX_LINE_BYTES,
    what: str = "file",
) -> str:
    """The whole of `path` as text, lines joined by "\\n", under the same refusals as
    `read_lines`; `max_bytes` is required, since the caller keeps it all. A regular file that
    cannot hold a line over the limit is read at once (the suite's case files, read by every
    run, are many lines each); any other is read line by line."""
    if str(path) != STDIN and max_bytes <= max_line_bytes:
        raw = whole_file(path, max_bytes=max_bytes, what=what)
        if b"\r" not in raw:
            return utf8_text(raw, str(path))
    lines = read_lines(path, max_line_bytes=max_line_bytes, max_bytes=max_bytes, what=what)
    parts: list[str] = []
    last_ended = True
    for line in lines:
        parts.append(line.text)
        last_ended = line.ended
    text = "\n".join(parts)
    return text + "\n" if parts and last_ended else text


def whole_file(path: Path | str, *, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the regular file `path`, of at most `max_bytes` (checked as it is read,
    too: a file may grow between the look and the read)."""
    check_file(path, max_bytes=max_bytes, what=what)
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise FileProblem(str(path), f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise FileProblem(str(path), f"the {what} is larger than {size_text(max_bytes)}")
    return raw


def utf8_text(raw: bytes, name: str) -> str:
    """`raw`, the bytes of the file `name`, as text; a byte that is not UTF-8 is a FileProblem
    at its line, as `read_lines` names it."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        raise FileProblem(
            name,
            f"not UTF-8 text (byte {exc.start - start + 1} of the line cannot be read)",
            raw.count(b"\n", 0, exc.start) + 1,
        ) from None


def parse_json(text: str | bytes) -> Any:
    """`text` read as JSON, as `json.loads` reads it, except that a value nested too deeply for
    the reader (arrays thousands deep) is a `json.JSONDecodeError` like any other text that is
    no JSON, not a RecursionError: one line of someone else's file cannot stop a command."""
    try:
        return json.loads(text)
    except RecursionError:
        shown = text if isinstance(text, str) else text.decode("utf-8", "replace")
        raise json.JSONDecodeError("nested too deeply", shown, 0) from None
