"""Where a command writes: every output path checked before anything runs, so that a run is
never lost to a report it could not write at the end.

A path is tried, not guessed at: a file that does not exist yet is created and removed again,
a folder gets a scratch file made and removed in it (or in the nearest folder that exists, if
it is still to be made), since permission bits say nothing of `/proc`, a read-only mount or a
full quota, and nothing of a user who may write anywhere.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from spadespec.command_kit.errors import UsageError


def unwritable(path: Path) -> str | None:
    """Why a file cannot be written at `path` (None if it can), leaving nothing behind."""
    if path.is_dir():
        return "it is a folder"
    folder = path.parent
    if not folder.is_dir():
        return f"no folder {folder}" if not folder.exists() else f"{folder} is not a folder"
    if path.exists():  # a file to write over, or a device such as /dev/stdout
        return None if os.access(path, os.W_OK) else "permission denied"
    try:
        path.open("x", encoding="utf-8").close()
    except OSError as exc:
        return str(exc.strerror or exc).lower()
    path.unlink(missing_ok=True)
    return None


def unwritable_folder(folder: Path) -> str | None:
    """Why files cannot be written under `folder`, made if need be (None if they can)."""
    if folder.exists() and not folder.is_dir():
        return "it is not a folder"
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        return f"{existing} is not a folder"
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        return str(exc.strerror or exc).lower()
    return None


def check_outputs(
    files: Mapping[str, str | None], folders: Mapping[str, str | None] | None = None
) -> None:
    """Refuse, before the run, an output that cannot be written or two that are one path:
    `files` and `folders` map each option (`--report`) to what it was given (None: not given).
    Raises UsageError naming the option and the path."""
    seen: dict[Path, str] = {}
    for kind, outputs in (("file", files), ("folder", folders or {})):
        for option, given in outputs.items():
            if given is None:
                continue
            if not given.strip():
                raise UsageError(f"{option}: an empty path names no {kind}")
            path = Path(given)
            trouble = unwritable(path) if kind == "file" else unwritable_folder(path)
            if trouble:
                where = "write" if kind == "file" else "write files under"
                raise UsageError(f"{option}: cannot {where} {given}: {trouble}")
            key = path.resolve()
            if key in seen:
                raise UsageError(
                    f"{seen[key]} and {option} both name {given}: the second would overwrite "
                    "the first; give each its own path"
                )
            seen[key] = option
