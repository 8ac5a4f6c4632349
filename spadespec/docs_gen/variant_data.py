"""Everything a rulebook page shows about one variant, read from its file and its parents."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spadespec.reference_engine.variant.catalog import load_chain, load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.citations import cited as citations
from spadespec.reference_engine.variant.model import ResolvedVariant, SourceDocument


@dataclass(frozen=True)
class VariantDoc:
    """A resolved variant with what the page needs beyond the rules: its file, parent, notes."""

    id: str
    path: Path
    resolved: ResolvedVariant
    raw: dict[str, Any]
    parent: ResolvedVariant | None

    @property
    def notes(self) -> list[str]:
        return [str(n) for n in self.raw.get("notes") or []]

    @property
    def shown_path(self) -> str:
        """The file as the repository names it: `variants/porchlight.yaml`."""
        parts = self.path.resolve().parts
        for top in ("variants", "examples"):
            if top in parts:
                return "/".join(parts[len(parts) - parts[::-1].index(top) - 1 :])
        return self.path.name

    @property
    def sources(self) -> dict[str, SourceDocument]:
        return {src.key: src for src in self.resolved.sources}

    @property
    def kind(self) -> str:
        """`base` for a ruleset that extends none, `source` for one whose own file cites a seed
        document (or a program's source file), `house` for a house rule."""
        if not self.raw.get("extends"):
            return "base"
        sources = self.sources
        cited = {cite.source for entry in _entries(self.raw) for cite in citations(entry)}
        return "source" if any(sources[k].file for k in cited if k in sources) else "house"


KINDS = {"base": "The base ruleset", "source": "From the source documents", "house": "House rules"}
"""Each kind of ruleset, in the order the site lists them, with its heading."""


def _entries(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Every rule entry and option a variant file writes."""
    rules = [e for section in (raw.get("rules") or {}).values() for e in section.values()]
    return rules + list((raw.get("options") or {}).values())


def reading(src: SourceDocument | None) -> str:
    """Who publishes a source and where it is read: its address, or for a document with none
    its entry on the Sources page (a link from a page under `rules/`); never a file name."""
    if src is None:
        return ""
    parts = [src.publisher] if src.publisher else []
    if src.url:
        parts.append(f"<{src.url}>")
    else:
        parts.append(f"[about this source](sources.md#{src.key})")
    return "; ".join(parts)


def reading_after_title(src: SourceDocument | None) -> str:
    """` (publisher; <address>)`, to follow a source's title; empty when unknown."""
    shown = reading(src)
    return f" ({shown})" if shown else ""


def load_doc(ref: str) -> VariantDoc:
    """Load one variant (by id or path) for the documentation."""
    leaf = load_chain(ref)[0]
    path = Path(leaf.file)
    parent_id = leaf.data.get("extends")
    return VariantDoc(
        id=str(leaf.data.get("id", path.stem)),
        path=path,
        resolved=load_variant(ref),
        raw=leaf.data,
        parent=load_variant(str(parent_id), search=[path.parent]) if parent_id else None,
    )


def example_docs(folder: Path) -> list[VariantDoc]:
    """The example house rules kept under `examples/house-rules/`, by file name."""
    if not folder.is_dir():
        return []
    return [load_doc(str(p)) for p in sorted(folder.glob("*.yaml"))]


def shipped_docs() -> list[VariantDoc]:
    """Every shipped variant: the base first, then those from the sources, then the house
    rules, each group by id."""
    docs = [load_doc(i) for i in shipped_variant_ids()]
    order = list(KINDS)
    return sorted(docs, key=lambda d: (order.index(d.kind), d.id != "standard", d.id))
