"""A rule's value as text, spelt one way wherever a person reads one: in `spadespec show`, on
the docs site, in a diagnosis, a fuzz difference, an audit, a variant file's problems."""

from __future__ import annotations

from enum import Enum
from typing import Any


def rule_value_text(value: Any, *, none: str = "none", empty: str = "[]") -> str:
    """`value` as a variant file writes it: `true` and `false`, an option by its name in the
    file (`per-trick-bid`), a number as itself, a card list as `[2C, 2H]`.

    No value is `none` (`null` where a problem quotes a variant file, as YAML spells it);
    an empty list is `[]` (`none` in a table's cell)."""
    if value is None:
        return none
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple | list):
        if not value:
            return empty
        return "[" + ", ".join(rule_value_text(item, none=none) for item in value) + "]"
    return str(value)
