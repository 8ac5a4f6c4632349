"""Where the site's sources sit in the checkout the site is built from: the repository's root
and its `docs/` folder. The generators are read from the checkout (which `hook.py` imports by
its path), never from a wheel, which does not carry them."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS_DIR = REPO / "docs"
REGENERATE = "python -m spadespec.regenerate"
"""The command that makes every generated file of the checkout again (`spadespec.regenerate`);
followed by a step's name, that step alone."""
