"""The npm package's size, for the page that shows a JavaScript author the package: counted when
the site is built, from the files the package's `files` field names, as `npm pack` would pack
them. With npm on the machine its own dry run gives the tarball's size; without it the files are
packed here the way npm packs them (a gzipped tar under `package/`), which comes within a few
per cent of npm's, so the page says "about"."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

from spadespec.conformance.machinery.npm.package import PACKAGE

NPM_EPOCH = 499162500
"""The time npm gives every file it packs (1985-10-26), so a tarball depends on content only."""


def npm_figures() -> dict[str, int]:
    """`npm.tarball-kb` (the packed tarball), `npm.unpacked-kb` and `npm.files`."""
    files = packed_files()
    unpacked = sum(path.stat().st_size for path in files)
    return {
        "npm.tarball-kb": round(_tarball_bytes(files) / 1000),
        "npm.unpacked-kb": round(unpacked / 1000),
        "npm.files": len(files),
    }


def packed_files() -> list[Path]:
    """The files `npm pack` puts in the tarball: those `files` names, and package.json."""
    manifest = json.loads((PACKAGE / "package.json").read_text("utf-8"))
    found = {PACKAGE / "package.json"}
    for entry in manifest["files"]:
        path = PACKAGE / entry.rstrip("/")
        if path.is_dir():
            found |= {p for p in path.rglob("*") if p.is_file()}
        elif path.is_file():
            found.add(path)
    return sorted(found)


def _tarball_bytes(files: list[Path]) -> int:
    npm = shutil.which("npm")
    if npm is not None:
        done = subprocess.run(
            [npm, "pack", "--dry-run", "--json", "--ignore-scripts"],
            cwd=PACKAGE, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode == 0:
            size: int = json.loads(done.stdout)[0]["size"]
            return size
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for path in files:
            info = tarfile.TarInfo(f"package/{path.relative_to(PACKAGE).as_posix()}")
            info.size, info.mtime, info.mode = path.stat().st_size, NPM_EPOCH, 0o644
            with path.open("rb") as handle:
                tar.addfile(info, handle)
    return len(gzip.compress(buffer.getvalue(), 9, mtime=0))
