"""Finding variant files by id and loading one, with its parents, into resolved rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from reference_engine.paths import data_dir
from reference_engine.variant.errors import Problem, VariantError
from reference_engine.variant.model import ResolvedVariant
from reference_engine.variant.resolve import resolve


def variants_dir() -> Path:
    return data_dir("variants")


def shipped_variant_ids() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise VariantError([Problem(str(exc), file=str(path))]) from None
    if not isinstance(data, dict):
        raise VariantError([Problem("a variant file must be a mapping", file=str(path))])
    return data


def _locate(ref: str, search: list[Path]) -> Path:
    candidate = Path(ref)
    if candidate.suffix in (".yaml", ".yml") and candidate.is_file():
        return candidate
    for folder in search:
        path = folder / f"{ref}.yaml"
        if path.is_file():
            return path
    known = sorted({p.stem for folder in search for p in folder.glob("*.yaml")})
    raise VariantError([Problem(f"unknown variant {ref!r}; known: {', '.join(known)}")])


def load_chain(ref: str, search: list[Path] | None = None) -> list[tuple[Path, dict[str, Any]]]:
    """The variant and its ancestors, the variant first."""
    folders = list(search or [])
    chain: list[tuple[Path, dict[str, Any]]] = []
    seen: list[str] = []
    path = _locate(ref, folders + [variants_dir()])
    while True:
        folders_here = [path.parent] + folders + [variants_dir()]
        doc = _read(path)
        ident = str(doc.get("id", path.stem))
        if ident in seen:
            cycle = " -> ".join(seen + [ident])
            raise VariantError([Problem(f"extends cycle: {cycle}", file=str(path), path="extends")])
        seen.append(ident)
        chain.append((path, doc))
        parent = doc.get("extends")
        if parent is None:
            return chain
        path = _locate(str(parent), folders_here)


def load_variant(
    ref: str,
    options: dict[str, str] | None = None,
    search: list[Path] | None = None,
) -> ResolvedVariant:
    """Load a variant by id or path, follow `extends`, apply table options."""
    return resolve(load_chain(ref, search), options or {})
