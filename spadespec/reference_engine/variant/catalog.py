"""Finding variant files by id, and loading one with its parents into resolved rules.

Loading runs in stages, each collecting every problem it finds before the next starts: read
each file of the `extends` chain safely and check it against the schema; then check the rules
of the whole chain against each other; then apply the table's option choices.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any

from spadespec.command_kit.input_files import not_a_file
from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.variant.errors import (
    InvalidVariant,
    OptionError,
    Problem,
    VariantError,
    VariantNotFound,
)
from spadespec.reference_engine.variant.merge import merge
from spadespec.reference_engine.variant.model import ResolvedVariant
from spadespec.reference_engine.variant.resolve import resolve
from spadespec.reference_engine.variant.schema_check import schema_problems
from spadespec.reference_engine.variant.semantic import semantic_problems
from spadespec.reference_engine.variant.yaml_reader import Document, file_bytes, read_bytes

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


def known_variant_ids(search: list[Path] | None = None) -> list[str]:
    """The ids a variant can be named by: those in the `search` folders and the shipped ones.

    Only file names are listed; nothing is read."""
    folders = list(search or []) + [variants_dir()]
    return sorted({p.stem for f in folders if f.is_dir() for p in variant_files(f)})


def did_you_mean(word: str, known: list[str]) -> str | None:
    """The one of `known` that `word` was most likely meant to be, if any is close."""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_variant(ref: str, known: list[str]) -> str:
    """What to say when no variant has the id `ref`: the near one if there is one, else them
    all ("unknown variant 'porchlite'; did you mean 'porchlight'?")."""
    near = did_you_mean(ref, known)
    if near is not None:
        return f"unknown variant {ref!r}; did you mean {near!r}? (`spadespec list` shows them all)"
    return f"unknown variant {ref!r}; known: {', '.join(known) or 'none'}"


def _find(ident: str, folders: list[Path]) -> Path | None:
    for folder in folders:
        for suffix in SUFFIXES:
            path = folder / f"{ident}{suffix}"
            if path.is_file():
                return path
    return None


def is_path(ref: str) -> bool:
    """Whether a variant reference names a file (`house.yaml`, `./x`) rather than an id."""
    return ref.endswith(SUFFIXES) or "/" in ref or "\\" in ref


def locate(ref: str, search: list[Path] | None = None) -> Path:
    """The file for a variant given by path or by id (looked for in `search`, then shipped).

    Raises VariantNotFound saying what is wrong: no such id (with the near one), or a path
    that is missing, a folder, or not a regular file (`/dev/null`)."""
    if is_path(ref):
        path = Path(ref)
        wrong = not_a_file(path)
        if wrong is None:
            return path
        if not path.exists() and path.stem in known_variant_ids(search):
            wrong += f"; did you mean the variant id {path.stem!r}?"
        raise VariantNotFound([Problem(wrong)])
    found = _find(ref, list(search or []) + [variants_dir()])
    if found is None:
        raise VariantNotFound([Problem(unknown_variant(ref, known_variant_ids(search)))])
    return found


@lru_cache(maxsize=256)
def _checked(file: str, raw: bytes) -> tuple[Document | None, tuple[Problem, ...]]:
    """A file read and checked against the schema, once per content: `list` reaches the root
    variant through every child, and a file edited in between is read afresh."""
    try:
        doc = read_bytes(raw, file)
    except VariantError as exc:
        return None, tuple(exc.problems)
    problems = schema_problems(doc)
    path = Path(file)
    ident = doc.data.get("id")
    if isinstance(ident, str) and ident != path.stem and not any(p.path == "id" for p in problems):
        problems.append(
            doc.problem(
                f"the id {ident!r} differs from the file name {path.name!r}; name the file "
                f"{ident}{path.suffix} so that `extends: {ident}` can find it",
                ("id",),
            )
        )
    return doc, tuple(problems)


def _check_one(path: Path) -> tuple[Document | None, list[Problem]]:
    """Read one file and check it against the schema."""
    try:
        raw = file_bytes(path)
    except VariantError as exc:
        return None, exc.problems
    doc, problems = _checked(str(path), raw)
    return doc, list(problems)


def _shipped_id_taken(path: Path, doc: Document) -> Problem | None:
    """A file of one's own that takes a shipped variant's id, at its `id`: every command, and
    every case and report, would take it for the shipped variant.

    A file with the very bytes of the shipped file of its id is that variant, wherever it lies:
    a checkout's `variants/` beside an installed package, or a copy."""
    ident = doc.data.get("id")
    if not isinstance(ident, str) or path.resolve().parent == variants_dir().resolve():
        return None
    if ident not in shipped_variant_ids():
        return None
    shipped = _find(ident, [variants_dir()])
    if shipped is None or _same_bytes(path, shipped):
        return None
    return doc.problem(
        f"the id {ident!r} is a shipped variant's; give the file an id of its own (and name "
        f"the file after it), with `extends: {ident}` to build on it",
        ("id",),
    )


def _same_bytes(path: Path, shipped: Path) -> bool:
    """Whether the file at `path` holds the bytes of the shipped file `shipped`."""
    try:
        return file_bytes(path) == file_bytes(shipped)
    except VariantError:
        return False  # one that cannot be read again is not the shipped one


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
        taken = _shipped_id_taken(path, doc)
        if taken:
            problems.append(taken)
            break  # its `extends` would find the file itself, or the variant it shadows
        parent = doc.data.get("extends")
        if not isinstance(parent, str) or any(p.path == "extends" for p in found):
            break
        folders = [path.parent] + extra + [variants_dir()]
        parent_path = _find(parent, folders)
        if parent_path is None:
            known = [k for k in known_variant_ids(folders) if k != doc.data.get("id")]
            near = did_you_mean(parent, known)
            hint = f"; did you mean {near!r}?" if near else f"; known: {', '.join(known)}"
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


def load_for_command(ref: str, options: dict[str, Any] | None = None) -> ResolvedVariant:
    """The variant `ref` (an id or a file) with the table options chosen, for a command.

    A variant that does not exist, a path that is no file, or an option the variant does not
    offer raises `VariantNotFound` or `OptionError` as `load_variant` does (the command used
    wrongly: exit status 2); a variant file that breaks the rules raises `InvalidVariant`, its
    message naming the file and every problem (exit status 1)."""
    try:
        return load_variant(ref, options)
    except (VariantNotFound, OptionError):
        raise
    except VariantError as exc:
        lines = [f"{ref} is not a valid variant:"] + [f"  {p}" for p in exc.problems]
        raise InvalidVariant("\n".join(lines)) from None
