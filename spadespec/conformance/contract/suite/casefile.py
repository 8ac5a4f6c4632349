"""Writing case files the way the suite keeps them: JSON a person can read and a diff can show.

Anything that fits on one line stays on one line (a log entry, a tag list, a score line);
anything longer opens up, one item a line. So a log reads one action a line.

    write_case_file(path, {"cases": [...]})
    # lay out every case file:
    python3 -m spadespec.conformance.contract.suite.casefile conformance/contract/cases
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

WIDTH = 100


def dumps(data: Any, indent: int = 0, prefix: int = 0) -> str:
    """`data` as JSON; a value stays on one line when the line, `prefix` characters of key
    included, fits in WIDTH."""
    flat = json.dumps(data, ensure_ascii=False)
    fits = indent + prefix + len(flat) + 1 <= WIDTH
    if fits or not isinstance(data, dict | list) or not data:
        return flat
    pad = " " * (indent + 2)
    if isinstance(data, list):
        items = [pad + dumps(item, indent + 2) for item in data]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    entries = []
    for key, value in data.items():
        head = f"{json.dumps(key, ensure_ascii=False)}: "
        entries.append(pad + head + dumps(value, indent + 2, len(head)))
    return "{\n" + ",\n".join(entries) + "\n" + " " * indent + "}"


def write_case_file(path: Path, data: dict[str, Any]) -> None:
    """Write a case file (`{"cases": [...]}`) in the suite's layout."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(data) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Rewrite case files (or every case file under the folders given) in the suite's layout."""
    import sys

    from spadespec.command_kit.input_files import FileProblem, parse_json, read_text
    from spadespec.conformance.contract.suite.cases import MAX_CASE_FILE_BYTES

    paths = [Path(arg) for arg in (argv if argv is not None else sys.argv[1:])]
    files = [f for p in paths for f in (sorted(p.rglob("*.json")) if p.is_dir() else [p])]
    for path in files:
        try:
            data = parse_json(read_text(path, max_bytes=MAX_CASE_FILE_BYTES, what="case file"))
        except FileProblem as exc:
            print(exc, file=sys.stderr)
            return 1
        except ValueError as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            return 1
        write_case_file(path, data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
