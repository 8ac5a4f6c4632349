"""Variant files that are not shipped (a house's own rules), run by the suite as shipped ids are.

A file given to `conform`, `fuzz` or the pytest plugin is loaded and checked as `show` loads it,
then registered here under its id, so that its cases are played under it by id like any case.
It must extend a shipped variant (directly, or through other files of its own) and must not
take a shipped id. An engine is told the file's rules in the request itself (`variant_ref`):
its id, the shipped variant it extends and the resolved value of every rule it changes, so an
engine that plays the shipped variant can configure itself without reading the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from spadespec.reference_engine.variant import (
    InvalidVariant,
    ResolvedVariant,
    load_for_command,
    load_variant,
    shipped_variant_ids,
)
from spadespec.reference_engine.variant.catalog import is_path, load_chain
from spadespec.reference_engine.variant.model import Rules, rule_paths


class VariantFileRefused(ValueError):
    """A variant file the suite cannot run: it extends nothing shipped."""


@dataclass(frozen=True, slots=True)
class VariantFile:
    """A house's variant file, loaded: its id, where it is, and the shipped variant it builds on
    (`base`, the nearest shipped one up its `extends` chain)."""

    id: str
    path: Path
    base: str
    parents: tuple[str, ...]
    """The shipped variants up its chain, nearest first: whose cases it inherits."""
    variant: ResolvedVariant
    """The file at its options' defaults."""

    def resolved(self, options: dict[str, Any]) -> ResolvedVariant:
        """The file with table options chosen."""
        if not options:
            return self.variant
        return _with_options(self.path, tuple(sorted(options.items())))

    @property
    def parent(self) -> str:
        """The variant the file says it extends (a shipped one, or another file)."""
        return self.variant.lineage[1]


@cache
def _with_options(path: Path, options: tuple[tuple[str, Any], ...]) -> ResolvedVariant:
    return load_variant(str(path), dict(options))


_FILES: dict[str, VariantFile] = {}


def is_variant_file(ref: str) -> bool:
    """Whether a `--variant` names a file (`my-table.yaml`, `./x`) rather than a shipped id."""
    return is_path(ref)


def register(variant: ResolvedVariant) -> VariantFile:
    """Take a loaded variant file into the suite under its id. Raises VariantFileRefused, at
    the file's line, when the file extends no shipped variant (one that takes a shipped id
    does not load: `variant.catalog`)."""
    shipped = set(shipped_variant_ids())  # a file taking one of their ids does not load
    parents = tuple(ident for ident in variant.lineage[1:] if ident in shipped)
    if not parents:
        if len(variant.lineage) == 1:
            raise _refused(
                variant,
                ("id",),
                "the file extends nothing; a file the suite runs extends a shipped variant"
                " (`spadespec list`), e.g. `extends: standard`",
            )
        raise _refused(
            variant,
            ("extends",),
            f"{variant.lineage[1]!r} reaches no shipped variant; a file the suite runs extends"
            " a shipped one (`spadespec list`), e.g. `extends: standard`",
        )
    # A file registered again under the same id (edited, or another copy) replaces the first.
    path = Path(variant.file or variant.id).resolve()
    entry = VariantFile(variant.id, path, parents[0], parents, variant)
    _FILES[variant.id] = entry
    return entry


def _refused(variant: ResolvedVariant, field: tuple[str, ...], message: str) -> VariantFileRefused:
    doc = load_chain(variant.file or variant.id)[0]
    return VariantFileRefused(str(doc.problem(message, field)))


def open_variant_file(ref: str) -> VariantFile:
    """Load, check and register the variant file at path `ref`, for a command: a missing file
    is a usage error (exit 2); a file that is not valid, takes a shipped id or extends nothing
    shipped is refused at its line (InvalidVariant, exit 1)."""
    variant = load_for_command(ref, {})
    try:
        return register(variant)
    except VariantFileRefused as exc:
        raise InvalidVariant(f"{ref} cannot be run by the suite:\n  {exc}") from None


def variant_file(ident: str) -> VariantFile | None:
    """The registered file with this id, if any."""
    return _FILES.get(ident)


def registered_ids() -> list[str]:
    """The ids of the variant files registered in this run."""
    return sorted(_FILES)


def forget(ident: str) -> None:
    """Drop a registered file (a test's own, when it is done)."""
    _FILES.pop(ident, None)


def changed_rules(rules: Rules, base: Rules) -> dict[str, Any]:
    """Every rule whose value differs from `base`'s, as a file writes it (enums as text,
    cards as a list), in rulebook order."""
    out: dict[str, Any] = {}
    for path in rule_paths():
        mine, theirs = _written(rules, path), _written(base, path)
        if mine != theirs:
            out[path] = mine
    return out


def _written(rules: Rules, path: str) -> Any:
    section, name = path.split(".", 1)
    value = getattr(getattr(rules, section), name)
    if isinstance(value, Enum):
        return value.value
    return list(value) if isinstance(value, tuple) else value


@cache
def _base_rules(base: str) -> Rules:
    return load_variant(base).rules


def variant_ref(ident: str, options: dict[str, Any]) -> dict[str, Any]:
    """What a request says of the variant a case is played under: its id and table options,
    and for a registered file also the shipped variant it `extends` and, under `rules`, the
    value of every rule the file (with these options) plays otherwise than that variant at its
    defaults."""
    ref: dict[str, Any] = {"id": ident, "options": dict(options)}
    entry = _FILES.get(ident)
    if entry is not None:
        ref["extends"] = entry.base
        ref["rules"] = changed_rules(entry.resolved(options).rules, _base_rules(entry.base))
    return ref


@cache
def resolved(variant: str, options: tuple[tuple[str, Any], ...]) -> ResolvedVariant:
    """A variant with options applied, loaded once per suite run: a shipped id, or the id of
    a variant file registered for the run."""
    entry = variant_file(variant)
    if entry is not None:
        return entry.resolved(dict(options))
    return load_variant(variant, dict(options))
