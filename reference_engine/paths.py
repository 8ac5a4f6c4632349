"""Where the shipped data lives, in a checkout and in an installed wheel alike."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder holding shipped `variants` or `schema` files.

    A wheel carries them inside the package (`_data/`); a checkout has them at the top.
    """
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
