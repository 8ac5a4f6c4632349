"""Write (or check) every case file the sheets and the generative specs describe, byte for byte
reproducibly. Where a spec and a sheet write the same file, the sheet's cases follow the spec's."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from spadespec.conformance.contract.suite.casefile import dumps
from spadespec.conformance.contract.suite.cases import CASES_DIR
from spadespec.conformance.machinery.authoring import sheet_loader
from spadespec.conformance.machinery.authoring.sheet_loader import SheetError
from spadespec.conformance.machinery.authoring.specs import (
    clauses,
    house_defaults,
    probes,
    recorded,
)

SPECS = (clauses, recorded, house_defaults, probes)
"""The generative specs: cases made for many rulesets, or recorded from the engine."""


def case_files() -> sheet_loader.Files:
    """Every case file's path under conformance/contract/cases/, description and cases."""
    out: sheet_loader.Files = {}
    for module in SPECS:
        out.update(module.files())
    for rel, (description, cases) in sheet_loader.files().items():
        if rel in out:
            if out[rel][0] != description:
                raise SheetError(f"{rel}: the sheet's description is not the spec's")
            cases = out[rel][1] + cases
        out[rel] = (description, cases)
    return out


def rendered() -> dict[Path, str]:
    """Every generated case file's path and exact text."""
    out: dict[Path, str] = {}
    for rel, (description, cases) in case_files().items():
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
    try:
        texts = rendered()
    except SheetError as exc:
        print(exc, file=sys.stderr)
        return 1
    for path, text in texts.items():
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
