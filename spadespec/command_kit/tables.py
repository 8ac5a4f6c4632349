"""Printing that fits: tables and text no wider than the terminal, or 100 columns when the
output goes to a file or a pipe. The full text of a cut field is in each command's `--json`."""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Collection, Sequence

PIPED_WIDTH = 100
"""Columns when the output is not a terminal (a file, a pipe, a test)."""
MIN_WIDTH = 40
"""Narrowest output laid out; a narrower terminal wraps the lines itself."""
MIN_COLUMN = 8
"""Narrowest a column is made to fit the table; a row's name column is never narrowed."""
GAP = "  "
CUT = "..."
_PIECES = re.compile(r"[^-]+-?|-")
"""The pieces of a word a wrapped cell may break between: after each hyphen."""


def output_width() -> int:
    """The columns the output may use: the terminal's width, or 100 when not a terminal."""
    if not sys.stdout.isatty():
        return PIPED_WIDTH
    return max(MIN_WIDTH, shutil.get_terminal_size((PIPED_WIDTH, 24)).columns)


def cut(text: str, width: int) -> str:
    """`text` in at most `width` columns, ending in "..." where it was cut."""
    if len(text) <= width:
        return text
    if width <= len(CUT):
        return text[:width]
    return text[: width - len(CUT)].rstrip() + CUT


def _column_widths(
    table: list[list[str]], width: int, keep: Collection[int], wrap: Collection[int]
) -> list[int]:
    """Each column's width: as wide as its widest cell if the table fits, else narrowed a
    column at a time until it does. Columns in `keep` are never narrowed, nor any below its
    heading or MIN_COLUMN, nor a wrapped one below its longest word while others can; a
    column wider than most of its cells need (one long cell among short ones) is narrowed
    before the others, the widest first."""
    header, columns = table[0], range(len(table[0]))
    widths = [max(len(row[i]) for row in table) for i in columns]
    # What nine cells in ten fit in: narrowing down to it disturbs few rows.
    most = [sorted(len(row[i]) for row in table)[(len(table) - 1) * 9 // 10] for i in columns]
    floor = [max(len(header[i]), MIN_COLUMN) for i in columns]

    def longest(split: Callable[[str], list[str]]) -> list[int]:
        return [
            max([floor[i]] + [len(w) for row in table for w in split(row[i])])
            if i in wrap
            else floor[i]
            for i in columns
        ]

    # A wrapped column is narrowed below its longest word only when no other can give, and
    # below the longest piece of a hyphenated word only after that.
    floors = (longest(str.split), longest(_pieces), floor)
    room = width - len(GAP) * (len(widths) - 1)
    for least in floors:
        while sum(widths) > room:
            narrowable = [i for i in columns if i not in keep and widths[i] > least[i]]
            if not narrowable:
                break
            widths[max(narrowable, key=lambda i: (widths[i] > most[i], widths[i]))] -= 1
    return widths


def fit_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    width: int | None = None,
    keep: Collection[int] = (0,),
    wrap: Collection[int] = (),
) -> str:
    """`rows` under `header`, with a rule under the header, no line wider than `width`
    (the output's width unless told).

    Columns in `keep` (the first one, the row's name, unless told) are never narrowed; a cell
    too long for its column is wrapped onto further lines when its column is in `wrap`, else
    cut, ending in "..."."""
    width = output_width() if width is None else width
    table = [list(header)] + [list(r) for r in rows]
    widths = _column_widths(table, width, keep, wrap)
    lines = [_line(header, widths), GAP.join("-" * w for w in widths)]
    for row in table[1:]:
        cells = [
            _wrap_cell(cell, w) if i in wrap and len(cell) > w else [cut(cell, w)]
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        for depth in range(max(len(c) for c in cells)):
            lines.append(_line([c[depth] if depth < len(c) else "" for c in cells], widths))
    return "\n".join(lines)


def _pieces(text: str) -> list[str]:
    return [piece for word in text.split() for piece in _PIECES.findall(word)]


def _wrap_cell(text: str, width: int) -> list[str]:
    """A cell's text in lines of at most `width`, broken at spaces; a word longer than a line
    is broken after its hyphens, and a piece still too long where the line ends."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if len(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        line = ""
        for piece in [word] if len(word) <= width else _PIECES.findall(word):
            if len(line) + len(piece) <= width:
                line += piece
                continue
            if line:
                lines.append(line)
            line = piece
            while len(line) > width:
                lines.append(line[:width])
                line = line[width:]
    return lines + [line] if line else lines or [""]


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    return GAP.join(cell.ljust(w) for cell, w in zip(cells, widths, strict=True)).rstrip()


def fit_text(
    text: str, indent: str = "", *, width: int | None = None, hang: str = "  "
) -> list[str]:
    """One line of text as lines no wider than `width` (the output's width unless told),
    the first starting with `indent`, the rest with `indent + hang`."""
    width = output_width() if width is None else width
    line = indent + text
    if len(line) <= width:
        return [line]
    return textwrap.wrap(
        text,
        width=width,
        initial_indent=indent,
        subsequent_indent=indent + hang,
        break_on_hyphens=False,
    )
