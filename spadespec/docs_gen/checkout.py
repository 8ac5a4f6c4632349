"""Where the site's sources sit in the checkout the site is built from: the repository's root
and its `docs/` folder. The generators are read from the checkout (which `hook.py` imports by
its path), never from a wheel, which does not carry them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DOCS_DIR = REPO / "docs"
REGENERATE = "python -m spadespec.regenerate"
"""The command that makes every generated file of the checkout again (`spadespec.regenerate`);
followed by a step's name, that step alone."""


def read_stored(path: Path, form: int) -> dict[str, Any] | None:
    """A stored run a regenerate step writes (as JSON, its `format` field `form`), or None where
    it has not been made; a file of another format is refused, naming the command to run."""
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != form:
        raise ValueError(f"{path}: format {data.get('format')}, not {form}: run {REGENERATE}")
    return data
