"""Schema passes kept between runs: a value that satisfied the schema once satisfies it again.

jsonschema takes about a tenth of a second to import and a few milliseconds a file, and
`spadespec list` checks every shipped file each time it runs (`spadespec conform` every case
file: two seconds). Whether a value passes depends on
nothing but the schema's text and the value, so once a value passes, a digest of the two is
written down; a later run that meets the same digest needs no jsonschema at all. Failures are
never kept: they are checked afresh, for their messages.

The digests are kept in $SPADESPEC_CACHE_DIR, else $XDG_CACHE_HOME/spadespec, else
~/.cache/spadespec. SPADESPEC_CACHE_DIR set to nothing keeps none. A folder that cannot be
written is not an error: the checks then run every time.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from spadespec.reference_engine.paths import data_dir

FILE_NAME = "schema-passes.txt"
MAX_KEPT = 5000
"""Digests kept at most; past this the file starts afresh (the shipped files need about 60)."""


def cache_dir() -> Path | None:
    """Where the digests are kept, or None when none are to be kept."""
    told = os.environ.get("SPADESPEC_CACHE_DIR")
    if told is not None:
        return Path(told) if told.strip() else None
    told = os.environ.get("XDG_CACHE_HOME")
    base = Path(told) if told else Path(os.path.expanduser("~")) / ".cache"
    # Without a home to put it in ("~" left as it is), nothing is kept.
    return base / "spadespec" if base.is_absolute() else None


@lru_cache(maxsize=4)
def _schema_digest(schema: str) -> bytes:
    return hashlib.sha256((data_dir("schema") / schema).read_bytes()).digest()


def digest(scope: str, value: Any, *, schema: str = "variant.schema.json") -> str:
    """The digest of `value` checked against the part of `schema` that `scope` names ("" for a
    whole variant file, `section.rule` for one rule's value, `case-file` for a case file's
    text under case.schema.json)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    hasher = hashlib.sha256(_schema_digest(schema))
    hasher.update(scope.encode() + b"\0" + text.encode())
    return hasher.hexdigest()


_kept: dict[Path | None, set[str]] = {}


def _known(folder: Path | None) -> set[str]:
    if folder not in _kept:
        lines: list[str] = []
        if folder is not None:
            try:
                lines = (folder / FILE_NAME).read_text(encoding="ascii").split()
            except (OSError, UnicodeDecodeError):
                lines = []
        _kept[folder] = {line for line in lines if len(line) == 64}
    return _kept[folder]


def passed(key: str) -> bool:
    """Whether the value with this digest has passed the schema before."""
    return key in _known(cache_dir())


def remember(key: str) -> None:
    """Write down that the value with this digest passed the schema."""
    folder = cache_dir()
    known = _known(folder)
    if key in known:
        return
    known.add(key)
    if folder is None:
        return
    mode = "w" if len(known) > MAX_KEPT else "a"
    if mode == "w":
        known.clear()
        known.add(key)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # One short line, appended in one write, so that runs side by side do not mix lines.
        with (folder / FILE_NAME).open(mode, encoding="ascii") as handle:
            handle.write(key + "\n")
    except OSError:
        pass
