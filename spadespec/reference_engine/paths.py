"""Paths: where the shipped data lives, in a checkout and in an installed wheel alike, and what
a path given on a command line turns out to be."""

from __future__ import annotations

import stat
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def data_dir(name: str) -> Path:
    """The folder holding shipped `variants` or `schema` files.

    A wheel carries them inside the package (`_data/`); a checkout has them at the top of the
    repository, two folders up from this one (`spadespec/reference_engine/`).
    """
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parents[1] / name


def _mode(path: Path) -> int | str:
    """The mode of what `path` names, or why there is none to look at."""
    try:
        return path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "no such file or folder"
    except OSError as exc:
        return str(exc.strerror or exc)


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a file"
    return next((kind for test, kind in _KINDS if test(mode)), "a special file")


def not_a_file(path: Path) -> str | None:
    """Why `path` cannot be read as a file, said as what it is ("/dev/null is not a regular
    file: it is a character device"); None when it is a regular file (or a link to one)."""
    mode = _mode(path)
    if isinstance(mode, str):
        return f"{mode}: {path}"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return f"{path} is a folder, not a file"
    return f"{path} is not a regular file: it is {_kind(mode)}"


def not_a_folder(path: Path) -> str | None:
    """Why `path` cannot be listed as a folder ("notes.txt is a file, not a folder"); None when
    it is a folder."""
    mode = _mode(path)
    if isinstance(mode, str):
        return f"{mode}: {path}"
    if stat.S_ISDIR(mode):
        return None
    return f"{path} is {_kind(mode)}, not a folder"
