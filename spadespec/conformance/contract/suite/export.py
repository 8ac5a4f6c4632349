"""Writing the suite out as plain JSON, one file per case, for people writing their own runner.

DIR/index.json           every case's id, file, variant, level, status, tags and what it asks
DIR/<case id>.json       one case, valid against case.schema.json#/$defs/case
DIR/case.schema.json     the schema, so the export can be checked offline
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spadespec.command_kit.input_files import FileProblem, parse_json, read_text
from spadespec.conformance.contract.suite.cases import (
    MAX_CASE_FILE_BYTES,
    SCHEMA_NAME,
    Case,
    case_schema,
)

INDEX = "index.json"


def exported_case(case: Case) -> dict[str, Any]:
    """The case with nothing left to defaults: the variant's options always present."""
    data = case.to_json()
    data["variant"] = {"id": case.variant, "options": dict(case.options)}
    return data


def export_cases(cases: Sequence[Case], dest: Path) -> list[Path]:
    """Write the cases, the index and the schema into `dest`; the files written."""
    dest.mkdir(parents=True, exist_ok=True)
    _remove_previous(dest)
    written: list[Path] = []
    entries = []
    for case in cases:
        name = f"{case.id}.json"
        path = dest / name
        _write(path, exported_case(case))
        written.append(path)
        entries.append(
            {
                "id": case.id,
                "file": name,
                "variant": case.variant,
                "options": dict(case.options),
                "level": case.level,
                "status": case.status,
                "tags": list(case.tags),
                "asks": list(case.asks),
            }
        )
    schema = case_schema()
    _write(dest / SCHEMA_NAME, schema)
    index = {
        "schema": f"{schema['$id']}#/$defs/case",
        "count": len(entries),
        "cases": entries,
    }
    _write(dest / INDEX, index)
    return [*written, dest / SCHEMA_NAME, dest / INDEX]


def _remove_previous(dest: Path) -> None:
    """Remove the case files an earlier export listed, so a withdrawn case does not linger."""
    index = dest / INDEX
    if not index.is_file():
        return
    try:
        previous = parse_json(read_text(index, max_bytes=MAX_CASE_FILE_BYTES, what="index"))
        names = [entry["file"] for entry in previous["cases"]]
    except (FileProblem, ValueError, KeyError, TypeError):
        return
    for name in names:
        path = dest / Path(name).name
        if path.suffix == ".json" and path.is_file():
            path.unlink()


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
