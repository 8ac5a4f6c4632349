"""The YAML front matter a generated page opens with, hiding parts of the theme's frame."""

from __future__ import annotations


def front_matter(*hidden: str) -> list[str]:
    """The page's first lines, hiding `hidden` (`navigation`, `toc`), then a blank line."""
    return ["---", "hide:", *(f"  - {part}" for part in hidden), "---", ""]
