"""Where a record's variant file may be read from: only under the one folder the user allows.

A record names its variant file (`{"file": "house.yaml"}`) by a path under that folder: by
default the folder of the records file it is in (the current folder for records read from
standard input), or the one `--variants-from DIR` gives. Records may come from anyone (an
engine's logs, a service auditing what others send), so a record does not choose what is read:
an absolute path, a path with `..`, or one that leads out of the folder through a link is
refused, and nothing is read for it.
"""

from __future__ import annotations

from pathlib import Path, PurePath


class OutsideFolder(ValueError):
    """A variant file named by a path the record may not use; the message says why."""


def allowed_path(name: str, folder: Path) -> Path:
    """The variant file `name` under `folder`, or OutsideFolder: for an absolute path, a `..`,
    or a link leading out of the folder."""
    path = PurePath(name)
    hint = (
        f"a record names its variant file by a path under {folder.resolve()}, the folder "
        "allowed (--variants-from DIR allows another)"
    )
    if "\0" in name:
        raise OutsideFolder(f"{name!r} is no path: it holds a NUL character")
    if path.is_absolute():
        raise OutsideFolder(f"{name!r} is an absolute path, not read: {hint}")
    if ".." in path.parts:
        raise OutsideFolder(f"{name!r} climbs out of the folder with '..', not read: {hint}")
    full = folder / path
    try:
        leads_out = not full.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links, say
        leads_out = True
    if leads_out:
        raise OutsideFolder(f"{name!r} leads out of {folder} through a link, not read: {hint}")
    return full
