"""The fault matrix's page, made at build from its stored file (`docs/results/fault-matrix.json`,
which `python -m spadespec.regenerate fault-matrix` writes by running it): every figure on the
page is counted from the file, none typed. The file names its columns and verdicts, so the page
needs nothing of the faults' package."""

from __future__ import annotations

import sys
from typing import Any

from spadespec.docs_gen.checkout import REGENERATE, REPO, read_stored

STORE = REPO / "docs" / "results" / "fault-matrix.json"
PAGE = "fault-matrix.md"
FORMAT = 1
"""The stored file's format, as `faults/matrix_run.py` writes it."""
HOLDS, BREAKS, NOT_SHOWN = "holds", "breaks", "not shown"


def read_matrix() -> dict[str, Any] | None:
    """The stored matrix, or None where it has not been made."""
    return read_stored(STORE, FORMAT)


def counts(data: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Per column, how many cells hold, break and are not shown."""
    out = {c["key"]: dict.fromkeys(data["verdicts"], 0) for c in data["columns"]}
    for row in data["rows"]:
        for column, cell in row["cells"].items():
            out[column][cell["verdict"]] += 1
    return out


_MARK = {HOLDS: "holds", BREAKS: "**breaks**", NOT_SHOWN: "not shown"}


def _text(cell: dict[str, Any]) -> str:
    gave = "" if cell["verdict"] == NOT_SHOWN else f": `{cell['gave']}`"
    return f"{_MARK[cell['verdict']]}{gave}".replace("|", "\\|")


def fault_matrix_page(data: dict[str, Any]) -> str:
    """The page: what the matrix is, its counts per mode, then every row."""
    tally = counts(data)
    cells = [cell for row in data["rows"] for cell in row["cells"].values()]
    titles = {c["key"]: c["title"] for c in data["columns"]}
    columns = list(titles)
    verdicts = data["verdicts"]
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
        f"{budget['fuzz_seed']} (more for a fault its games show rarely: its cell says how many), "
        f"the audit reads {budget['audit_games']} recorded games of at "
        f"most {budget['audit_hands']} hands, own deals are {budget['own_deals']} games, and a "
        f"mode still running after {budget['timeout']} s breaks its cell. "
        f"`spadespec faults matrix` runs it; `{REGENERATE} fault-matrix` stores it.",
        "",
        "| mode | holds | breaks | not shown |",
        "|---|---:|---:|---:|",
    ]
    for column in columns:
        figures = " | ".join(str(tally[column][v]) for v in verdicts)
        out.append(f"| {titles[column]} | {figures} |")
    total = " | ".join(str(sum(tally[c][v] for c in columns)) for v in verdicts)
    out += [f"| every mode | {total} |", "", "## Every row", ""]
    out.append("| row | right name | " + " | ".join(titles[c] for c in columns) + " |")
    out.append("|---|---|" + "---|" * len(columns))
    for row in data["rows"]:
        right = f"`{row['right']}`" if row["right"] else "unexplained"
        texts = [_text(row["cells"][c]) if c in row["cells"] else "" for c in columns]
        out.append(f"| `{row['row']}` | {right} | " + " | ".join(texts) + " |")
    out += ["", "## Why a cell breaks or is not shown", ""]
    for row in data["rows"]:
        for column in columns:
            cell = row["cells"].get(column)
            if cell is not None and cell["verdict"] != HOLDS:
                why = str(cell["detail"]).replace("|", "\\|")
                out.append(f"- `{row['row']}`, {titles[column]}: {why}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(f"{__spec__.name} is not a command: run `{REGENERATE} fault-matrix`")
