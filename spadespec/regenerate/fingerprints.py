"""The fingerprints of the steps whose generators play games (the cases, the witnesses): what
each read and wrote when it last ran, kept in `fingerprints.json` beside this file, one digest
per file, so that `--check` compares digests instead of playing the games again.

A step's inputs are found by running it, not listed by hand: every module of the package it
imported, every file of the checkout it opened, and every folder it listed (by the names in
it, so a new sheet or ruleset shows). One digest a line keeps the file readable and lets two
changes to different inputs merge."""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from pathlib import Path

from spadespec.docs_gen.checkout import REPO

ROOT = REPO
"""The root of the checkout."""
MANIFEST = Path(__file__).with_name("fingerprints.json")
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Record:
    """What one run of a step read and wrote: each file (a folder: its path with a trailing
    `/`) as the checkout names it, with its digest."""

    inputs: dict[str, str]
    outputs: dict[str, str]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def fingerprint(name: str) -> str:
    """The digest of a file of the checkout, or of the names in a folder (`name/`); `missing`
    when there is none."""
    path = ROOT / name
    if name.endswith("/"):
        if not path.is_dir():
            return "missing"
        names = sorted(p.name for p in path.iterdir() if not hidden(p.name))
        return digest("\n".join(names).encode())
    return digest(path.read_bytes()) if path.is_file() else "missing"


def hidden(name: str) -> bool:
    """A name no generator's output depends on: caches and dot files."""
    return name == "__pycache__" or name.startswith(".")


def changed(files: dict[str, str]) -> list[str]:
    """The files whose fingerprint is no longer the one given."""
    return [name for name, known in files.items() if fingerprint(name) != known]


def read_manifest() -> dict[str, Record]:
    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {step: Record(entry["inputs"], entry["outputs"]) for step, entry in data.items()}


def write_record(step: str, record: Record) -> None:
    """Keep what a step's run read and wrote (steps finishing at once take turns)."""
    with _LOCK:
        records = read_manifest()
        records[step] = record
        data = {
            name: {
                "inputs": dict(sorted(r.inputs.items())),
                "outputs": dict(sorted(r.outputs.items())),
            }
            for name, r in sorted(records.items())
        }
        MANIFEST.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
