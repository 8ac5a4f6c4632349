"""The fault matrix's rows (every named fault, then the shapes no fault makes) and its run:
each cell's mode run (`matrix_modes.py`) and judged (`matrix.py`), a few side by side; and the
matrix as its stored file holds it (`docs/results/fault-matrix.json`, which `python -m
spadespec.regenerate fault-matrix` writes through `generated_files`)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict
from pathlib import Path
from typing import Any

from spadespec.conformance.machinery.faults.matrix import (
    BREAKS,
    COLUMN_TITLES,
    COLUMNS,
    FORMAT,
    VERDICTS,
    Cell,
    Row,
    judged,
)
from spadespec.conformance.machinery.faults.matrix_modes import (
    BUDGET,
    ENGINES,
    fault_plans,
    run_cell,
    shape_rows,
)
from spadespec.conformance.machinery.faults.registry import FAULTS

ROOT = Path(__file__).resolve().parents[4]
STORE = ROOT / "docs" / "results" / "fault-matrix.json"
"""The stored matrix, in a checkout (the site's page is made from it)."""
JOBS = 2
"""Modes run side by side when the matrix is stored (what its time on the page is for)."""


def rows() -> list[Row]:
    """Every shipped fault, then the shapes no fault covers."""
    faults = [Row(f.name, "fault", f.rule, fault_plans(f)) for f in FAULTS.values()]
    return faults + shape_rows()


def run_matrix(
    chosen: Iterable[Row],
    columns: Iterable[str] = COLUMNS,
    *,
    jobs: int = 2,
    on_cell: Callable[[str, str, Cell], None] | None = None,
) -> dict[str, dict[str, Cell]]:
    """Every cell of the rows chosen, `jobs` modes running at once: row name -> column -> cell.
    `on_cell` hears of each cell as it is judged."""
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
    """The matrix as the stored file holds it: with its columns and verdicts named, so that
    what reads it (the site's page) needs nothing of this package."""
    return {
        "format": FORMAT,
        "columns": [{"key": c, "title": COLUMN_TITLES[c]} for c in COLUMNS],
        "verdicts": list(VERDICTS),
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


def generated_files() -> dict[Path, str]:
    """The stored matrix, every cell run again (the regenerate step `fault-matrix`)."""
    _read_what_the_modes_read()
    chosen = rows()
    started = time.perf_counter()
    cells = run_matrix(chosen, jobs=JOBS)
    seconds = time.perf_counter() - started
    data = stored(chosen, cells, seconds, JOBS)
    every = [cell for row in cells.values() for cell in row.values()]
    broken = sum(cell.verdict == BREAKS for cell in every)
    print(f"fault matrix: {len(every)} cells in {seconds:.0f} s, {broken} break", file=sys.stderr)
    return {STORE: json.dumps(data, indent=1) + "\n"}


def _read_what_the_modes_read() -> None:
    """Each mode runs in a process of its own, whose reads the regenerate command cannot see:
    the package's modules, the golden cases, the rulesets and the test engines are read here
    too, so that the step's fingerprints change when any of them does."""
    import spadespec
    from spadespec.conformance.contract.suite.cases import load_suite
    from spadespec.reference_engine.variant import load_variant
    from spadespec.reference_engine.variant.catalog import shipped_variant_ids

    skipped = ("spadespec.docs_gen", "spadespec.regenerate")
    for module in pkgutil.walk_packages(spadespec.__path__, "spadespec."):
        if module.name.startswith(skipped) or module.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(module.name)
        except ModuleNotFoundError:
            continue  # an extra's module (OpenSpiel), which no mode of the matrix runs
    list(load_suite())
    for name in shipped_variant_ids():
        load_variant(name)
    for path in sorted(ENGINES.glob("*.py")):
        path.read_bytes()
    (ROOT / "examples" / "score-keeper" / "score_keeper.py").read_bytes()
