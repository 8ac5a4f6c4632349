"""The work of one step done in a fresh Python, so that steps run side by side and what a
generator reads can be seen: `python -m spadespec.regenerate.child files MODULE:FUNCTION` runs a
generator of files (a function returning each file's path and text), writes the files whose
text changed and prints, as JSON, the files it read and wrote (`fingerprints.Record`); `python
-m spadespec.regenerate.child simulation VARIANT JOBS` plays and stores one stored simulation.

What a generator reads is seen as it happens: the audit hook (PEP 578) is told of every file
opened and every folder listed, and the modules of the package it imported are in
`sys.modules` when it is done. Listings made by the import system are its own business. Each
input's digest is taken when it is read (a module's before the generator runs), never when the
step ends: a file edited while a long step runs is then recorded as it was read, and the next
check finds the step stale."""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from spadespec.regenerate.fingerprints import ROOT, Record, fingerprint, hidden

_IMPORTS = "<frozen importlib._bootstrap"


class Reads:
    """The files of the checkout opened, and the folders listed, since `watch()`, each with its
    digest when first seen; and the digest of every module of the package when watching began
    (a module imported later is the file as it was then, give or take an edit during the run)."""

    def __init__(self) -> None:
        self.files: dict[Path, str] = {}
        self.folders: dict[Path, str] = {}
        self.modules: dict[str, str] = {}
        self._digesting = False  # taking a digest opens the file: not a read of the generator's

    def watch(self) -> None:
        package = ROOT / "spadespec"
        self.modules = {_name(p): fingerprint(_name(p)) for p in package.rglob("*.py")}
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            self._note(args[0], self.files, folder=False)
        elif event in ("os.listdir", "os.scandir"):
            self._note(args[0] if args else ".", self.folders, folder=True)

    def _note(self, path: Any, into: dict[Path, str], *, folder: bool) -> None:
        if self._digesting or not isinstance(path, str | os.PathLike) or _by_import_system():
            return
        found = Path(os.fsdecode(path)).resolve()
        if found.is_relative_to(ROOT) and found != ROOT and found not in into:
            self._digesting = True
            try:
                into[found] = fingerprint(_name(found, folder=folder))
            finally:
                self._digesting = False


def _by_import_system() -> bool:
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.startswith(_IMPORTS):
            return True
        frame = frame.f_back
    return False


def _name(path: Path, folder: bool = False) -> str:
    return path.resolve().relative_to(ROOT).as_posix() + ("/" if folder else "")


def _read_by(reads: Reads, written: set[str]) -> dict[str, str]:
    """Every input of the run, with its digest as it was read: the package's modules it
    imported, the files it opened (not its own outputs, nor compiled code) and the folders it
    listed."""
    found: dict[str, str] = {}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve().is_relative_to(ROOT):
            name = _name(Path(file))
            if not name.startswith("spadespec/regenerate/"):
                found[name] = reads.modules.get(name) or fingerprint(name)
    for path, seen in reads.files.items():
        if path.suffix not in (".py", ".pyc") and not any(
            hidden(p) for p in path.relative_to(ROOT).parts
        ):
            found[_name(path)] = seen
    for path, seen in reads.folders.items():
        if path.is_dir() and not any(hidden(p) for p in path.relative_to(ROOT).parts):
            found[_name(path, folder=True)] = seen
    return {name: found[name] for name in sorted(found.keys() - written)}


def write_files(target: str) -> Record:
    """Run the generator `MODULE:FUNCTION` and write each file whose text it changes."""
    reads = Reads()
    reads.watch()
    module, function = target.split(":")
    generate: Callable[[], dict[Path, str]] = getattr(importlib.import_module(module), function)
    texts = generate()
    for path, text in texts.items():
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {_name(path)}", file=sys.stderr)
    written = {_name(path) for path in texts}
    return Record(_read_by(reads, written), {name: fingerprint(name) for name in sorted(written)})


def main(argv: Sequence[str]) -> int:
    kind, *rest = argv
    if kind == "files":
        try:
            record = write_files(rest[0])
        except ValueError as exc:  # an error in the generator's data, which names its place
            print(exc, file=sys.stderr)
            return 1
        print(json.dumps({"inputs": record.inputs, "outputs": record.outputs}))
        return 0
    if kind == "simulation":
        from spadespec.docs_gen.refresh_simulations import store_simulation

        name, jobs = rest
        start = time.perf_counter()
        hands = store_simulation(name, jobs=int(jobs))
        print(f"{name}: {hands} hands in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        return 0
    print(f"no such work: {kind}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
