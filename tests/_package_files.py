"""The package's modules as files, and the file a dotted module name is at: what the layout
tests read, without importing anything."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "spadespec"


def modules() -> list[Path]:
    """Every module of the package."""
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def file_of(module: str) -> Path | None:
    """The file of a dotted module name (a package's `__init__.py`); None if there is none."""
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None
