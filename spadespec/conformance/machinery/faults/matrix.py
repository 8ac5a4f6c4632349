"""The fault matrix: every named fault, and the shapes of mistake no fault covers (score keepers,
records holding only end totals), each checked in every mode that checks an engine: `conform`
(with its diagnosis), `fuzz --keep-going`, `audit` of the games it recorded, and `conform` with
the engine dealing its own cards. Each cell is the name the mode gives, judged against the
row's right name (the fault's `rule`; None: no rule change is the mistake):

    holds      the mode fails the engine and names the right rule, or leaves it unexplained
    breaks     the mode names another rule, passes the engine, or ends in an error
    not shown  the mode cannot show the mistake, and why (a fault fuzzed games cannot show)

`spadespec faults matrix` runs it; `python -m spadespec.regenerate fault-matrix` stores it
(`docs/results/fault-matrix.json`), from which the site's page is made. The modes are run as a
user runs them, a command each (`matrix_modes.py`), a few side by side.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from spadespec.conformance.analysis.diagnosis.search import matches_rule
from spadespec.conformance.machinery.faults.registry import FAULTS

COLUMNS = ("conform", "fuzz", "audit", "own-deals")
"""The modes, in the order the table shows them."""
COLUMN_TITLES = {
    "conform": "conform --diagnose",
    "fuzz": "fuzz --keep-going",
    "audit": "audit of its records",
    "own-deals": "conform, own deals",
}

HOLDS, BREAKS, NOT_SHOWN = "holds", "breaks", "not shown"
VERDICTS = (HOLDS, BREAKS, NOT_SHOWN)
UNEXPLAINED = "unexplained"

FORMAT = 1
"""The stored matrix's format (`docs/results/fault-matrix.json`)."""


@dataclass(frozen=True)
class Outcome:
    """What one mode gave for one row, before it is judged: the rule changes it named and
    whether it left a failure unexplained (`shown`); or that it passed the engine, ended in an
    error, or could not show the mistake (`passed`, `error`, `not_shown`, each with why)."""

    names: tuple[str, ...] = ()
    unexplained: bool = False
    passed: str | None = None
    error: str | None = None
    not_shown: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Cell:
    """One judged cell: its verdict, the name the mode gave (`unexplained`, or `-` where it gave
    none) and a line saying what it saw."""

    verdict: str
    gave: str
    detail: str
    seconds: float


@dataclass(frozen=True)
class Row:
    """One mistake: its name, what it is, the right name (None: unexplained is right), and for
    each mode how it is run (`matrix_modes.Plan`), or why the mode cannot show it (a string)."""

    name: str
    shape: str
    right: str | None
    plans: dict[str, Any]


def judge(outcome: Outcome, right: str | None) -> tuple[str, str]:
    """The verdict on what a mode gave, and the name it gave, against the right name."""
    if outcome.not_shown is not None:
        return NOT_SHOWN, "-"
    if outcome.error is not None:
        return BREAKS, "error"
    if outcome.passed is not None:
        return BREAKS, "pass"
    gave = list(outcome.names) + ([UNEXPLAINED] if outcome.unexplained or not outcome.names else [])
    wrong = [n for n in outcome.names if right is None or not matches_rule(n, right)]
    return (BREAKS if wrong else HOLDS), ", ".join(gave)


def judged(outcome: Outcome, right: str | None, seconds: float) -> Cell:
    verdict, gave = judge(outcome, right)
    why = outcome.not_shown or outcome.error or outcome.passed or outcome.detail
    return Cell(verdict, gave, why, round(seconds, 1))


# The rows.


def _fault_rows() -> list[Row]:
    from spadespec.conformance.machinery.faults.matrix_modes import fault_plans

    return [Row(fault.name, "fault", fault.rule, fault_plans(fault)) for fault in FAULTS.values()]


def rows() -> list[Row]:
    """Every shipped fault, then the shapes no fault covers."""
    from spadespec.conformance.machinery.faults.matrix_modes import shape_rows

    return _fault_rows() + shape_rows()


# Running it.


def run_matrix(
    chosen: Iterable[Row],
    columns: Iterable[str] = COLUMNS,
    *,
    jobs: int = 2,
    on_cell: Callable[[str, str, Cell], None] | None = None,
) -> dict[str, dict[str, Cell]]:
    """Every cell of the rows chosen, `jobs` modes running at once: row name -> column -> cell.
    `on_cell` hears of each cell as it is judged."""
    from spadespec.conformance.machinery.faults.matrix_modes import run_cell

    chosen = list(chosen)
    wanted = [c for c in COLUMNS if c in set(columns)]
    out: dict[str, dict[str, Cell]] = {row.name: {} for row in chosen}
    work = [(row, column) for row in chosen for column in wanted]
    # The dearest first (fuzz, own deals), so the last to finish is a short one.
    work.sort(key=lambda rc: ("fuzz", "own-deals", "conform", "audit").index(rc[1]))

    def one(row: Row, column: str) -> tuple[str, str, Cell]:
        started = time.perf_counter()
        outcome = run_cell(row, column)
        return row.name, column, judged(outcome, row.right, time.perf_counter() - started)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(one, row, column) for row, column in work]
        for future in as_completed(futures):
            name, column, cell = future.result()
            out[name][column] = cell
            if on_cell is not None:
                on_cell(name, column, cell)
    return {name: {c: cells[c] for c in wanted if c in cells} for name, cells in out.items()}


def stored(
    chosen: list[Row], cells: dict[str, dict[str, Cell]], seconds: float, jobs: int
) -> dict[str, Any]:
    """The matrix as the stored file holds it."""
    from spadespec.conformance.machinery.faults.matrix_modes import BUDGET

    return {
        "format": FORMAT,
        "budget": BUDGET,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "rows": [
            {
                "row": row.name,
                "shape": row.shape,
                "right": row.right,
                "cells": {c: asdict(cell) for c, cell in cells[row.name].items()},
            }
            for row in chosen
        ],
    }


def counts(data: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Per column, how many cells hold, break and are not shown."""
    out = {c: dict.fromkeys(VERDICTS, 0) for c in COLUMNS}
    for row in data["rows"]:
        for column, cell in row["cells"].items():
            out[column][cell["verdict"]] += 1
    return out


def cells_of(data: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each stored cell: row name, column, cell."""
    for row in data["rows"]:
        for column, cell in row["cells"].items():
            yield row["row"], column, cell
