"""Paths: where the shipped data lives, in a checkout and in an installed wheel alike. (What a
path given on a command line turns out to be is `command_kit.input_files`'.)"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder holding shipped `variants` or `schema` files.

    A wheel carries them inside the package (`_data/`); a checkout has them at the top of the
    repository, two folders up from this one (`spadespec/reference_engine/`).
    """
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parents[1] / name
