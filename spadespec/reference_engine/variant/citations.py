"""A rule's or an option's citations, in either of the two ways a file may write them.

The long way is a list of `{source, section}` items, each of which may say in the project's own
words what the passage states (`says`). The short way maps each source to the section, or the
list of sections, that state the rule: `cite: {ellington: bidding paragraphs}`, with nothing
said. Both read as the same citations, in the order written.
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
    says: str | None = None
    """What the passage states of the rule, in the project's words; None where not written."""


def cited(entry: dict[str, Any]) -> list[Cited]:
    """Every citation of a checked rule entry or option, in the order written."""
    cite = entry.get("cite") or []
    if isinstance(cite, dict):
        found: list[Cited] = []
        for source, sections in cite.items():
            for section in [sections] if isinstance(sections, str) else sections:
                found.append(Cited(str(source), str(section), ("cite", str(source))))
        return found
    return [
        Cited(c["source"], c["section"], ("cite", i, "source"), c.get("says"))
        for i, c in enumerate(cite)
    ]
