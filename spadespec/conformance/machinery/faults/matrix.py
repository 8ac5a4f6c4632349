"""The fault matrix: every named fault, and the shapes of mistake no fault covers (score keepers,
records holding only end totals), each checked in every mode that checks an engine: `conform`
(with its diagnosis), `fuzz --keep-going`, `audit` of the games it recorded, and `conform` with
the engine dealing its own cards. Each cell is the name the mode gives, judged against the
row's right name (the fault's `rule`; None: no rule change is the mistake):

    holds      the mode fails the engine and names the right rule, or leaves it unexplained
    breaks     the mode names another rule, passes the engine, or ends in an error
    not shown  the mode cannot show the mistake, and why (a fault fuzzed games cannot show)

This module holds the verdicts and how a cell is judged; `matrix_modes.py` runs each mode as a
user runs it, a command each, and `matrix_run.py` holds the rows and runs them, a few side by
side. `spadespec faults matrix` runs it; `python -m spadespec.regenerate fault-matrix` stores it
(`docs/results/fault-matrix.json`), from which the site's page is made.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from spadespec.conformance.analysis.diagnosis.search import matches_rule

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


def cells_of(data: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each stored cell: row name, column, cell."""
    for row in data["rows"]:
        for column, cell in row["cells"].items():
            yield row["row"], column, cell
