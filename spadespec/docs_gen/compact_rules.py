"""What keeps a ruleset page short: a feature the ruleset does not have is said in one line, so
is a rule it plays as its parent does with nothing of its own to add, and a note that only says
the rule again is left out.

A feature is not had when another rule makes it moot (no blind nil, so no blind-nil score), or
when it is set to nothing (no team minimum, no card set aside, no bonus for a Boston). A rule
whose value differs from the parent ruleset's is never shortened: it is what the page is about.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.docs_gen.rule_names import rule_anchor, rule_label
from spadespec.docs_gen.sentences import sentence
from spadespec.docs_gen.variant_data import VariantDoc
from spadespec.reference_engine.variant.axes import AXES

# Enum values that switch a feature off, as the variant files write them.
_OFF = frozenset({"not-allowed", "ordinary", "none"})
# Words too common to tell a note from the rule it is attached to.
_COMMON = frozenset(
    "that this with from their there each they them when which what only have been into than "
    "then ever also every other once more".split()
)
MOOT = "Moot under this ruleset's other rules, so no source is cited"
"""Where a rule's citation would be, for a rule its file writes `moot: true`."""
REPEATS = 0.5
"""A note that shares at least this share of its words with the rule's sentence repeats it."""


def _value(doc: VariantDoc, path: str) -> Any:
    section, name = path.split(".")
    return getattr(getattr(doc.resolved.rules, section), name)


def _as_parent(doc: VariantDoc, path: str) -> bool:
    if doc.parent is None:
        return True
    section, name = path.split(".")
    return bool(_value(doc, path) == getattr(getattr(doc.parent.rules, section), name))


def not_had(doc: VariantDoc, path: str) -> bool:
    """Whether the rule is a feature this ruleset does not have, as its parent does not."""
    if not _as_parent(doc, path):
        return False
    moot = AXES[path].moot
    if moot is not None and moot.holds(doc.resolved.rules):
        return True
    value = _value(doc, path)
    if isinstance(value, Enum):
        return str(value.value) in _OFF
    return value is None or value is False or value == ()


def _words(text: str) -> set[str]:
    found = re.findall(r"[a-z]+", text.lower())
    return {w.rstrip("s") for w in found if len(w) >= 4 and w not in _COMMON}


def repeats_rule(note: str, said: str) -> bool:
    """Whether the note says little the rule's sentence does not."""
    words = _words(note)
    return bool(words) and len(words & _words(said)) >= REPEATS * len(words)


def plain(doc: VariantDoc, path: str) -> bool:
    """Whether a rule the ruleset has needs no more than a line: its value is the parent's, and
    it carries no choice of its own and no note that adds to the rule."""
    prov = doc.resolved.provenance.get(path)
    if doc.parent is None or prov is None or not _as_parent(doc, path):
        return False
    own_choice = prov.interpretation is not None and prov.origin != "parent"
    said = sentence(doc.resolved.rules, path, _value(doc, path))
    return not own_choice and not (prov.note and not repeats_rule(prov.note, said))


def cited_section(doc: VariantDoc, source: str, section: str, says: str | None) -> str:
    """A cited section as the page writes it: quoted, linked to the document's address where it
    has one, and followed by what the passage states where the file says it."""
    found = doc.sources.get(source)
    url = found.url if found else None
    shown = f"[“{section}”]({url})" if url else f"“{section}”"
    return f"{shown} ({says.rstrip('.')})" if says else shown


def one_line(doc: VariantDoc, path: str) -> str:
    """A feature not had, as a list item: its name (with the rule's anchor), the sentence, its
    value, and a link to where it comes from."""
    value = _value(doc, path)
    said = sentence(doc.resolved.rules, path, value)
    prov = doc.resolved.provenance.get(path)
    whence = ""
    if prov is not None and prov.origin == "parent":
        whence = f" · as in [{prov.variant}]({prov.variant}.md#{rule_anchor(path)})"
    elif prov is not None and prov.citations:
        cited: dict[str, list[str]] = {}
        for cite in prov.citations:
            shown = cited_section(doc, cite.source, cite.section, cite.says)
            cited.setdefault(cite.source, []).append(shown)
        whence = " · " + "; ".join(
            f"[{k}](sources.md#{k}) {', '.join(sections)}" for k, sections in cited.items()
        )
    elif prov is not None and prov.interpretation is not None:
        whence = " · [interpretation](errata.md)"
    elif prov is not None and prov.moot:
        whence = f" · {MOOT}"
    shown = f"`{path}` = `{rule_value_text(value)}`"
    if not_had(doc, path):
        # Where it comes from is on the page that states the feature; the line names it only.
        whence = ""
    return f"- **{rule_label(path)}**{{#{rule_anchor(path)}}}: {said} {shown}{whence}"


def lines(items: list[str]) -> list[str]:
    """One-line rules as a list set closer than the page's other lists."""
    return ['<div class="sp-rule-lines" markdown="1">', "", *items, "", "</div>", ""]
