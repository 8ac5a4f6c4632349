"""Turning a variant and its ancestors into one resolved, typed rules object."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from pathlib import Path
from typing import Any

from reference_engine.variant.errors import Problem, VariantError
from reference_engine.variant.model import (
    SECTIONS,
    Citation,
    Interpretation,
    Provenance,
    ResolvedVariant,
    Rules,
    TableOption,
)


def _provenance(entry: dict[str, Any], variant: str, sources: dict[str, str], origin: str) -> Provenance:
    cites = tuple(
        Citation(source=c["source"], section=c["section"], file=sources.get(c["source"], ""))
        for c in entry.get("cite", [])
    )
    interp = entry.get("interpretation")
    return Provenance(
        origin=origin,
        variant=variant,
        citations=cites,
        interpretation=Interpretation(**interp) if interp else None,
        note=entry.get("note"),
    )


def _coerce(cls: type[Any], name: str, raw: Any) -> Any:
    """The YAML value as the dataclass field's type: enum fields take their enum member."""
    kind = {f.name: f.type for f in fields(cls)}[name]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(raw)
    return raw


def resolve(chain: list[tuple[Path, dict[str, Any]]], chosen: dict[str, Any]) -> ResolvedVariant:
    """`chain` is the variant first, then its parent, and so on up to the root."""
    values: dict[str, Any] = {}
    provenance: dict[str, Provenance] = {}
    options: dict[str, TableOption] = {}
    sources: dict[str, str] = {}
    # Walk from the root down so that each child overrides its parent.
    for depth, (_path, doc) in enumerate(reversed(chain)):
        ident = doc["id"]
        is_leaf = depth == len(chain) - 1
        for src in doc.get("sources", []):
            sources[src["key"]] = src["file"]
        for section, entries in (doc.get("rules") or {}).items():
            for name, entry in entries.items():
                key = f"{section}.{name}"
                values[key] = entry["value"]
                provenance[key] = _provenance(entry, ident, sources, "file" if is_leaf else "parent")
        for name, spec in (doc.get("options") or {}).items():
            options[name] = TableOption(
                name=name,
                rule=spec["rule"],
                choices=tuple(spec["choices"]),
                default=spec["default"],
                description=spec.get("description", ""),
            )
    leaf_path, leaf = chain[0]
    applied: dict[str, Any] = {}
    for name, value in chosen.items():
        if name not in options:
            known = ", ".join(options) or "none"
            raise VariantError(
                [Problem(f"unknown option {name!r}; this variant's options: {known}", file=str(leaf_path))]
            )
        applied[name] = value
    for name, opt in options.items():
        value = applied.get(name, opt.default)
        value = _match_choice(opt, value, leaf_path)
        applied[name] = value
        values[opt.rule] = value
        origin = "option" if name in chosen else "option-default"
        base = provenance.get(opt.rule)
        provenance[opt.rule] = Provenance(
            origin=origin,
            variant=leaf["id"],
            citations=base.citations if base else (),
            interpretation=base.interpretation if base else None,
            option=name,
        )
    sections = {}
    missing: list[Problem] = []
    for section, cls in SECTIONS.items():
        kwargs = {}
        for f in fields(cls):
            key = f"{section}.{f.name}"
            if key not in values:
                missing.append(Problem(f"rule {key} is not set here or in any parent", file=str(leaf_path), path=f"rules.{key}"))
                continue
            kwargs[f.name] = _coerce(cls, f.name, values[key])
        if not missing:
            sections[section] = cls(**kwargs)
    if missing:
        raise VariantError(missing)
    return ResolvedVariant(
        id=leaf["id"],
        title=leaf.get("title", leaf["id"]),
        revision=int(leaf.get("revision", 1)),
        summary=leaf.get("summary", ""),
        lineage=tuple(doc["id"] for _p, doc in chain),
        rules=Rules(**sections),
        provenance=provenance,
        options=tuple(options.values()),
        chosen=applied,
    )


def _match_choice(opt: TableOption, value: Any, path: Path) -> Any:
    """Accept an option given on a command line as text (`target=500`) as well as typed."""
    for choice in opt.choices:
        if value == choice or str(value) == str(choice):
            return choice
    allowed = ", ".join(str(c) for c in opt.choices)
    raise VariantError(
        [Problem(f"option {opt.name}={value!r} is not allowed; choose one of: {allowed}", file=str(path), path=f"options.{opt.name}")]
    )
