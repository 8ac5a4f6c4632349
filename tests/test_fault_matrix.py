"""The fault matrix holds: every named fault, and every shape of mistake no fault makes, is
given the right name or left unexplained in every mode that can show it (conform, fuzz
--keep-going, audit of its records, conform with own deals), never another rule, never a pass.

The cells known to break today are listed in `tests/data/fault_matrix_expected_to_break.txt`;
a listed cell that holds fails the test until it is taken off the list, so the list only
shrinks. CI runs every cell (a sweep); the test command runs a representative few, and checks
the stored matrix (`docs/results/fault-matrix.json`) against the list."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from _sweeps import sweep

from spadespec.conformance.machinery.faults import matrix_run
from spadespec.conformance.machinery.faults.matrix import (
    BREAKS,
    COLUMN_TITLES,
    COLUMNS,
    HOLDS,
    NOT_SHOWN,
    VERDICTS,
    Outcome,
    cells_of,
    judge,
    judged,
)
from spadespec.conformance.machinery.faults.matrix_modes import run_cell
from spadespec.conformance.machinery.faults.registry import FAULTS
from spadespec.docs_gen import fault_matrix
from spadespec.docs_gen.fault_matrix import counts, fault_matrix_page, read_matrix

EXPECTED_TO_BREAK_FILE = Path(__file__).parent / "data" / "fault_matrix_expected_to_break.txt"


def expected_to_break() -> dict[tuple[str, str], str]:
    """(row, column) -> why, from the list of cells known to break today."""
    out = {}
    for number, line in enumerate(EXPECTED_TO_BREAK_FILE.read_text("utf-8").splitlines(), 1):
        text, _, why = line.partition("#")
        if not text.strip():
            continue
        row, column = text.split()
        out[(row, column)] = why.strip() or f"line {number}"
    return out


ROWS = {row.name: row for row in matrix_run.rows()}
EVERY_CELL = [f"{name} {column}" for name in ROWS for column in COLUMNS]
CELLS = sweep(
    EVERY_CELL,
    [
        "set-penalty-per-trick-short conform",  # a rule named by conform (under a second)
        "penalty-at-eleven-bags audit",  # a rule named from records, the value the variant's
        "follow-suit-not-enforced conform",  # no rule is the mistake: unexplained is right
        "keeper:ones-digit conform",  # a score keeper over the protocol, unexplained
        "already-bid-read-as-out-of-turn fuzz",  # fuzzing cannot show it: said, not run
        "bonus-bid-ignored audit",  # one rule named from records, not a linked pair moved
        "keeper:no-game-end fuzz",  # no target, as conform names it, not a target passed
    ],
)


# The verdict on what a mode gave.


def test_the_right_rule_or_unexplained_holds() -> None:
    rule = "scoring.set_penalty=per-trick-short"
    assert judge(Outcome(names=(rule,)), rule) == (HOLDS, rule)
    assert judge(Outcome(unexplained=True), rule) == (HOLDS, "unexplained")
    assert judge(Outcome(names=(rule,), unexplained=True), rule) == (
        HOLDS,
        f"{rule}, unexplained",
    )
    # A fault whose value depends on the variant is named by its rule alone.
    assert judge(Outcome(names=("scoring.bag_threshold=11",)), "scoring.bag_threshold")[0] == HOLDS
    # Half of a two-rule change, where the games show only that half.
    pair = "scoring.bag_threshold=10 + scoring.bag_penalty=100"
    assert judge(Outcome(names=("scoring.bag_penalty=100",)), pair)[0] == HOLDS


def test_another_rule_a_pass_or_an_error_breaks() -> None:
    rule = "scoring.set_penalty=per-trick-short"
    assert judge(Outcome(names=("scoring.bag_penalty=50",)), rule)[0] == BREAKS
    assert judge(Outcome(names=(rule, "scoring.bag_penalty=50")), rule)[0] == BREAKS
    assert judge(Outcome(names=("scoring.set_penalty=nothing",)), rule)[0] == BREAKS
    # No rule change is the mistake: any rule named is wrong.
    assert judge(Outcome(names=("scoring.bag_carry=reset",)), None)[0] == BREAKS
    assert judge(Outcome(passed="no difference in 60 games"), rule) == (BREAKS, "pass")
    assert judge(Outcome(error="did not end within 100 s"), None) == (BREAKS, "error")
    why = "a score keeper deals no cards"
    cell = judged(Outcome(not_shown=why), rule, 0.04)
    assert (cell.verdict, cell.gave, cell.detail) == (NOT_SHOWN, "-", why)


# The rows.


def test_every_fault_is_a_row_and_every_shape_too() -> None:
    assert set(FAULTS) <= set(ROWS)
    shapes = {name for name, row in ROWS.items() if row.shape != "fault"}
    assert {"keeper:no-game-end", "keeper:score-refusing", "keeper:bag-penalty-paid-once",
            "keeper:ones-digit"} <= shapes  # fmt: skip
    assert any(name.startswith("records:end-totals:") for name in shapes)
    assert ROWS["keeper:no-game-end"].right == "game_end.target=none"
    for name, row in ROWS.items():
        assert set(row.plans) == set(COLUMNS), name


def test_a_fault_fuzzing_cannot_show_is_a_cell_saying_so() -> None:
    for name, fault in FAULTS.items():
        plan = ROWS[name].plans["fuzz"]
        if fault.expected.fuzzed is None:
            assert isinstance(plan, str) and plan, name
        else:
            assert not isinstance(plan, str), name


def test_the_expected_to_break_list_names_real_cells() -> None:
    for row, column in expected_to_break():
        assert row in ROWS and column in COLUMNS, (row, column)


# The cells, run.


@pytest.mark.sweep
@pytest.mark.parametrize("cell", CELLS)
def test_the_cell_holds(cell: str) -> None:
    name, column = cell.split()
    row = ROWS[name]
    started = time.perf_counter()
    got = judged(run_cell(row, column), row.right, time.perf_counter() - started)
    known = expected_to_break().get((name, column))
    if known is not None:
        assert got.verdict == BREAKS, (
            f"{cell} now {got.verdict} ({got.gave}): take it off {EXPECTED_TO_BREAK_FILE.name}"
        )
        return
    assert got.verdict != BREAKS, f"{cell}: {got.gave} ({got.detail}); right: {row.right}"


# The stored matrix and its page.


def test_the_stored_matrix_has_every_cell_and_holds_but_for_the_listed() -> None:
    data = read_matrix()
    assert data is not None, "run `python -m spadespec.regenerate fault-matrix`"
    stored = {(row, column): cell for row, column, cell in cells_of(data)}
    assert set(stored) == {(name, column) for name in ROWS for column in COLUMNS}
    breaking = {key for key, cell in stored.items() if cell["verdict"] == BREAKS}
    listed = set(expected_to_break())
    assert breaking - listed == set(), "cells that break and are not listed"
    assert listed - breaking == set(), "listed cells that hold: take them off the list"


def test_the_page_counts_from_the_stored_file() -> None:
    cell = {"gave": "-", "detail": "", "seconds": 0.1}
    data = {
        "format": 1, "jobs": 2, "seconds": 12.3,
        "columns": [{"key": c, "title": COLUMN_TITLES[c]} for c in COLUMNS],
        "verdicts": list(VERDICTS),
        "budget": {"fuzz_games": 7, "fuzz_seed": 1, "audit_games": 3, "audit_hands": 4,
                   "own_deals": 5, "timeout": 9},
        "rows": [
            {"row": "a", "shape": "fault", "right": "x.y=1", "cells": {
                "conform": dict(cell, verdict=HOLDS, gave="x.y=1"),
                "fuzz": dict(cell, verdict=BREAKS, gave="x.z=2", detail="named x.z=2"),
                "audit": dict(cell, verdict=NOT_SHOWN, detail="not recorded"),
                "own-deals": dict(cell, verdict=HOLDS, gave="unexplained"),
            }},
            {"row": "b", "shape": "fault", "right": None, "cells": {
                "conform": dict(cell, verdict=BREAKS, gave="pass", detail="passed"),
                "fuzz": dict(cell, verdict=BREAKS, gave="error", detail="exit 2"),
                "audit": dict(cell, verdict=HOLDS, gave="unexplained"),
                "own-deals": dict(cell, verdict=HOLDS, gave="unexplained"),
            }},
        ],
    }  # fmt: skip
    assert counts(data)["fuzz"] == {HOLDS: 0, BREAKS: 2, NOT_SHOWN: 0}
    page = fault_matrix_page(data)
    assert "2 rows, 8 cells, run in 12 s with 2 modes side by side" in page
    assert "fuzz plays 7 games from seed 1" in page
    assert "| fuzz --keep-going | 0 | 2 | 0 |" in page
    assert "| every mode | 4 | 3 | 1 |" in page
    row = "| `a` | `x.y=1` | holds: `x.y=1` | **breaks**: `x.z=2` | not shown | holds: `unexpl"
    assert row in page
    assert "- `b`, fuzz --keep-going: exit 2" in page


def test_the_page_reads_the_file_the_matrix_writes() -> None:
    # Two packages, one file: the page is made from a checkout, the matrix shipped in the wheel.
    assert fault_matrix.STORE == matrix_run.STORE
    assert (fault_matrix.HOLDS, fault_matrix.BREAKS, fault_matrix.NOT_SHOWN) == VERDICTS
