"""A rule's or an option's citations, in either of the two ways a file may write them.

The long way is a list of `{source, section}` items. The short way maps each source to the
section, or the list of sections, that state the rule: `cite: {ellington: bidding paragraphs}`.
Both read as the same citations, in the order written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.reference_engine.variant.yaml_reader import FieldPath


@dataclass(frozen=True, slots=True)
class Cited:
    """One citation as written: the source's key, its section, and where the key is written
    inside the entry (`("cite", 0, "source")` or `("cite", "ellington")`)."""

    source: str
    section: str
    at: FieldPath


def cited(entry: dict[str, Any]) -> list[Cited]:
    """Every citation of a checked rule entry or option, in the order written."""
    cite = entry.get("cite") or []
    if isinstance(cite, dict):
        found: list[Cited] = []
        for source, sections in cite.items():
            for section in [sections] if isinstance(sections, str) else sections:
                found.append(Cited(str(source), str(section), ("cite", str(source))))
        return found
    return [Cited(c["source"], c["section"], ("cite", i, "source")) for i, c in enumerate(cite)]
