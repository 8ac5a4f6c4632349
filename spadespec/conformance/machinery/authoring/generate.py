"""Every case file the sheets and the generative specs describe, byte for byte reproducibly
(`python -m spadespec.regenerate cases` writes them). Where a spec and a sheet write the same
file, the sheet's cases follow the spec's."""

from __future__ import annotations

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
