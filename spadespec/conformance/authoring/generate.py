"""Write (or check) every case file the authoring specs describe, byte for byte reproducibly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spadespec.conformance.authoring.specs import (
    clauses,
    found_by_faults,
    house_cases,
    house_defaults,
    probes,
    recorded,
    sources,
    totals_only,
)
from spadespec.conformance.suite.casefile import dumps
from spadespec.conformance.suite.cases import CASES_DIR

SPECS = (
    sources,
    clauses,
    recorded,
    totals_only,
    house_defaults,
    house_cases,
    found_by_faults,
    probes,
)


def rendered() -> dict[Path, str]:
    """Every generated case file's path and exact text."""
    out: dict[Path, str] = {}
    for module in SPECS:
        for rel, (description, cases) in module.files().items():
            data: dict[str, Any] = {
                "$schema": "../../../schema/case.schema.json",
                "description": description,
                "cases": cases,
            }
            out[CASES_DIR / rel] = dumps(data) + "\n"
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in rendered().items():
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            continue
        stale.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'out of date' if check else 'wrote'}: {path.relative_to(CASES_DIR.parent.parent)}")
    return 1 if check and stale else 0
