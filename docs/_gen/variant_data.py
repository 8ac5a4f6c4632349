"""Everything a rulebook page shows about one variant, read from its file and its parents."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reference_engine.variant.catalog import load_chain, load_variant, shipped_variant_ids
from reference_engine.variant.model import ResolvedVariant


@dataclass(frozen=True)
class Source:
    """A rule document as the variant files declare it."""

    key: str
    title: str
    file: str


@dataclass(frozen=True)
class VariantDoc:
    """A resolved variant with what the page needs beyond the rules: file, sources, notes."""

    id: str
    path: Path
    resolved: ResolvedVariant
    raw: dict[str, Any]
    sources: dict[str, Source]
    parent: ResolvedVariant | None
    option_cites: dict[str, list[dict[str, str]]] = field(default_factory=dict)

    @property
    def notes(self) -> list[str]:
        return [str(n) for n in self.raw.get("notes") or []]


def load_doc(ref: str) -> VariantDoc:
    """Load one variant (by id or path) for the documentation."""
    chain = load_chain(ref)
    path, raw = chain[0]
    sources: dict[str, Source] = {}
    for _p, doc in reversed(chain):
        for src in doc.get("sources") or []:
            sources[src["key"]] = Source(src["key"], src.get("title", src["key"]), src.get("file", ""))
    parent_id = raw.get("extends")
    parent = load_variant(str(parent_id), search=[path.parent]) if parent_id else None
    option_cites = {
        name: list(spec.get("cite") or []) for name, spec in (raw.get("options") or {}).items()
    }
    return VariantDoc(
        id=str(raw.get("id", path.stem)),
        path=path,
        resolved=load_variant(str(path)),
        raw=raw,
        sources=sources,
        parent=parent,
        option_cites=option_cites,
    )


def shipped_docs() -> list[VariantDoc]:
    """Every shipped variant, `standard` first, the rest by id."""
    ids = shipped_variant_ids()
    ordered = (["standard"] if "standard" in ids else []) + [i for i in ids if i != "standard"]
    return [load_doc(i) for i in ordered]
