"""Finding variant files by id, and loading one with its parents into resolved rules.

Loading runs in stages, each collecting every problem it finds before the next starts: read
each file of the `extends` chain safely and check it against the schema; then check the rules
of the whole chain against each other; then apply the table's option choices.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from reference_engine.paths import data_dir
from reference_engine.variant.errors import Problem, VariantError, VariantNotFound
from reference_engine.variant.merge import merge
from reference_engine.variant.model import ResolvedVariant
from reference_engine.variant.resolve import resolve
from reference_engine.variant.schema_check import schema_problems
from reference_engine.variant.semantic import semantic_problems
from reference_engine.variant.yaml_reader import Document, read_document

MAX_CHAIN = 16
"""Most files an `extends` chain may hold; real ones have two or three."""

SUFFIXES = (".yaml", ".yml")


def variants_dir() -> Path:
    """The folder of shipped variant files."""
    return data_dir("variants")


def variant_files(folder: Path) -> list[Path]:
    """The variant files in a folder, sorted by name."""
    return sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and p.is_file())


def shipped_variant_ids() -> list[str]:
    """The ids of the shipped variants."""
    return sorted(p.stem for p in variant_files(variants_dir()))


def _find(ident: str, folders: list[Path]) -> Path | None:
    for folder in folders:
        for suffix in SUFFIXES:
            path = folder / f"{ident}{suffix}"
            if path.is_file():
                return path
    return None


def _known_ids(folders: list[Path]) -> list[str]:
    return sorted({p.stem for f in folders if f.is_dir() for p in variant_files(f)})


def locate(ref: str, search: list[Path] | None = None) -> Path:
    """The file for a variant given by path or by id (looked for in `search`, then shipped)."""
    if ref.endswith(SUFFIXES) or "/" in ref or "\\" in ref:
        path = Path(ref)
        if path.is_file():
            return path
        raise VariantNotFound([Problem(f"no variant file at {ref}", file=ref)])
    folders = list(search or []) + [variants_dir()]
    found = _find(ref, folders)
    if found is None:
        known = _known_ids(folders)
        close = difflib.get_close_matches(ref, known, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise VariantNotFound(
            [Problem(f"unknown variant {ref!r}; {hint}known: {', '.join(known)}")]
        )
    return found


def _check_one(path: Path) -> tuple[Document | None, list[Problem]]:
    """Read one file and check it against the schema."""
    try:
        doc = read_document(path)
    except VariantError as exc:
        return None, exc.problems
    problems = schema_problems(doc)
    ident = doc.data.get("id")
    if isinstance(ident, str) and ident != path.stem and not any(p.path == "id" for p in problems):
        problems.append(
            doc.problem(
                f"the id {ident!r} differs from the file name {path.name!r}; name the file "
                f"{ident}{path.suffix} so that `extends: {ident}` can find it",
                ("id",),
            )
        )
    return doc, problems


def load_chain(ref: str, search: list[Path] | None = None) -> list[Document]:
    """The variant and its ancestors, the variant first, each read and checked by the schema.

    Raises VariantError listing the problems of every file in the chain.
    """
    extra = list(search or [])
    path = locate(ref, extra)
    chain: list[Document] = []
    seen: dict[Path, str] = {}
    problems: list[Problem] = []
    while True:
        doc, found = _check_one(path)
        problems += found
        if doc is None:
            break
        chain.append(doc)
        seen[path.resolve()] = str(doc.data.get("id", path.stem))
        parent = doc.data.get("extends")
        if not isinstance(parent, str) or any(p.path == "extends" for p in found):
            break
        folders = [path.parent] + extra + [variants_dir()]
        parent_path = _find(parent, folders)
        if parent_path is None:
            known = [k for k in _known_ids(folders) if k != doc.data.get("id")]
            close = difflib.get_close_matches(parent, known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(known)}"
            problems.append(doc.problem(f"extends unknown variant {parent!r}{hint}", ("extends",)))
            break
        if parent_path.resolve() in seen:
            cycle = " -> ".join(list(seen.values()) + [seen[parent_path.resolve()]])
            problems.append(doc.problem(f"extends cycle: {cycle}", ("extends",)))
            break
        if len(chain) >= MAX_CHAIN:
            problems.append(
                doc.problem(f"extends chain longer than {MAX_CHAIN} files", ("extends",))
            )
            break
        path = parent_path
    if problems:
        raise VariantError(problems)
    return chain


def load_variant(
    ref: str,
    options: dict[str, Any] | None = None,
    search: list[Path] | None = None,
) -> ResolvedVariant:
    """Load a variant by id or path, follow `extends`, check it, and apply table options.

    `options` maps option names to values, typed or as text (`{"target": "500"}`). Raises
    VariantError (VariantNotFound, OptionError for those cases) and nothing else.
    """
    merged = merge(load_chain(ref, search))
    problems = semantic_problems(merged)
    if problems:
        raise VariantError(problems)
    return resolve(merged, dict(options or {}))
