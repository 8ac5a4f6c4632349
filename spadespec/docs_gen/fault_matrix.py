"""The fault matrix's stored file (`docs/results/fault-matrix.json`, which `python -m
spadespec.regenerate fault-matrix` writes by running it) and the site's page made from that
file at build: every figure on the page is counted from the file, none typed."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import time
from pathlib import Path
from typing import Any

from spadespec.conformance.machinery.faults.matrix import (
    BREAKS,
    COLUMN_TITLES,
    COLUMNS,
    FORMAT,
    HOLDS,
    NOT_SHOWN,
    VERDICTS,
    counts,
    rows,
    run_matrix,
    stored,
)
from spadespec.docs_gen.checkout import REGENERATE, REPO

STORE = REPO / "docs" / "results" / "fault-matrix.json"
PAGE = "fault-matrix.md"
JOBS = 2
"""Modes run side by side when the matrix is stored (what its time on the page is for)."""


def generated_files() -> dict[Path, str]:
    """The stored matrix, every cell run again."""
    _read_what_the_modes_read()
    chosen = rows()
    started = time.perf_counter()
    cells = run_matrix(chosen, jobs=JOBS)
    seconds = time.perf_counter() - started
    data = stored(chosen, cells, seconds, JOBS)
    broken = sum(c["verdict"] == BREAKS for c in _cells(data))
    print(f"fault matrix: {len(list(_cells(data)))} cells in {seconds:.0f} s, {broken} break",
          file=sys.stderr)  # fmt: skip
    return {STORE: json.dumps(data, indent=1) + "\n"}


def _read_what_the_modes_read() -> None:
    """Each mode runs in a process of its own, whose reads the regenerate command cannot see:
    the package's modules, the golden cases, the rulesets and the test engines are read here
    too, so that the step's fingerprints change when any of them does."""
    import spadespec
    from spadespec.conformance.contract.suite.cases import load_suite
    from spadespec.conformance.machinery.faults.matrix_modes import ENGINES
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
    (REPO / "examples" / "score-keeper" / "score_keeper.py").read_bytes()


def _cells(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [cell for row in data["rows"] for cell in row["cells"].values()]


def read_matrix() -> dict[str, Any] | None:
    """The stored matrix, or None where it has not been made."""
    if not STORE.is_file():
        return None
    data: dict[str, Any] = json.loads(STORE.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{STORE}: format {data.get('format')}, not {FORMAT}: run {REGENERATE}")
    return data


_MARK = {HOLDS: "holds", BREAKS: "**breaks**", NOT_SHOWN: "not shown"}


def _text(cell: dict[str, Any]) -> str:
    gave = "" if cell["verdict"] == NOT_SHOWN else f": `{cell['gave']}`"
    return f"{_MARK[cell['verdict']]}{gave}".replace("|", "\\|")


def fault_matrix_page(data: dict[str, Any]) -> str:
    """The page: what the matrix is, its counts per mode, then every row."""
    tally = counts(data)
    cells = _cells(data)
    budget = data["budget"]
    out = [
        "# The fault matrix: one verdict in every mode",
        "",
        "Every named fault (`spadespec faults`), and the shapes of mistake no fault of the "
        "reference engine makes (score keepers, records holding only end totals), checked in "
        "each mode that checks an engine: `conform --diagnose`, `fuzz --keep-going`, `audit` "
        "of the games it recorded, and `conform` with the engine dealing its own cards "
        "(`--own-deals`). A cell **holds** where the mode fails the engine and names the right "
        "rule change, or leaves the failure unexplained; it **breaks** where the mode names "
        "another rule, passes the engine or ends in an error; it is **not shown** where the "
        "mode cannot show that mistake, and the table says why.",
        "",
        f"{len(data['rows'])} rows, {len(cells)} cells, run in {data['seconds']:.0f} s with "
        f"{data['jobs']} modes side by side: fuzz plays {budget['fuzz_games']} games from seed "
        f"{budget['fuzz_seed']}, the audit reads {budget['audit_games']} recorded games of at "
        f"most {budget['audit_hands']} hands, own deals are {budget['own_deals']} games, and a "
        f"mode still running after {budget['timeout']} s breaks its cell. "
        f"`spadespec faults matrix` runs it; `{REGENERATE} fault-matrix` stores it.",
        "",
        "| mode | holds | breaks | not shown |",
        "|---|---:|---:|---:|",
    ]
    for column in COLUMNS:
        figures = " | ".join(str(tally[column][v]) for v in VERDICTS)
        out.append(f"| {COLUMN_TITLES[column]} | {figures} |")
    total = " | ".join(str(sum(tally[c][v] for c in COLUMNS)) for v in VERDICTS)
    out += [f"| every mode | {total} |", "", "## Every row", ""]
    out.append("| row | right name | " + " | ".join(COLUMN_TITLES[c] for c in COLUMNS) + " |")
    out.append("|---|---|" + "---|" * len(COLUMNS))
    for row in data["rows"]:
        right = f"`{row['right']}`" if row["right"] else "unexplained"
        texts = [_text(row["cells"][c]) if c in row["cells"] else "" for c in COLUMNS]
        out.append(f"| `{row['row']}` | {right} | " + " | ".join(texts) + " |")
    out += ["", "## Why a cell breaks or is not shown", ""]
    for row in data["rows"]:
        for column in COLUMNS:
            cell = row["cells"].get(column)
            if cell is not None and cell["verdict"] != HOLDS:
                why = str(cell["detail"]).replace("|", "\\|")
                out.append(f"- `{row['row']}`, {COLUMN_TITLES[column]}: {why}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(f"{__spec__.name} is not a command: run `{REGENERATE} fault-matrix`")
