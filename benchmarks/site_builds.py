"""The site built by MkDocs and, where given, by Zensical, from a copy of the checkout as it is:

    python benchmarks/site_builds.py [--zensical COMMAND] [--write]

For each builder: the pages it built (`index.html` files), the warnings it gave, its seconds,
the hand-written figures it left as written (`{{ name }}`), and the command-output blocks it left
empty (a hand-written page's `<!-- output ... -->` block, filled by this project's mkdocs hook).
Zensical is run as COMMAND (for example `/tmp/zensical-venv/bin/zensical`, installed in a venv
of its own: it is not a dependency of the project) with `build` in the copy, reading the same
`mkdocs.yml`. `--write` stores the figures in docs/results/site-builds.json, which the theme page
(`docs/contributing/theme.md`) shows. Exit 0 when every build given ran, 1 when one failed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "site-builds.json"
PLACEHOLDER = re.compile(r"\{\{ [a-z0-9_.-]+ \}\}")
EMPTY_OUTPUT = re.compile(
    r"<!-- output [^>]*-->\s*<div class=\"[^\"]*highlight[^\"]*\"><pre><span></span><code[^>]*>"
    r"\s*</code>"
)
WARNING = {
    "mkdocs": re.compile(r"^WARNING\b", re.M),
    "zensical": re.compile(r"^(?:\x1b\[[0-9;]*m)*Warning:", re.M),
}


def _copy() -> Path:
    """The checkout's files (not its history, nor a built site) in a new folder."""
    top = Path(tempfile.mkdtemp(prefix="spadespec-site-"))
    tracked = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, tracked):
        source, target = ROOT / name, top / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():  # the top-level links to the package's folders, as links
            target.symlink_to(os.readlink(source))
        elif source.is_file():
            shutil.copy2(source, target)
    return top


def measure(builder: str, command: list[str]) -> dict[str, object]:
    """Build the site with `command` in a copy of the checkout, and count what it made."""
    top = _copy()
    try:
        began = time.perf_counter()
        done = subprocess.run(
            command, cwd=top, capture_output=True, text=True, check=False,
            env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        )  # fmt: skip
        seconds = time.perf_counter() - began
        site = top / "site"
        pages = list(site.rglob("index.html")) if site.is_dir() else []
        html = [page.read_text(encoding="utf-8") for page in pages]
        return {
            "built": done.returncode == 0,
            "pages": len(pages),
            "warnings": len(WARNING[builder].findall(done.stdout + done.stderr)),
            "seconds": round(seconds, 1),
            "figures-as-written": sum(len(PLACEHOLDER.findall(text)) for text in html),
            "outputs-empty": sum(len(EMPTY_OUTPUT.findall(text)) for text in html),
            "said": (done.stdout + done.stderr).strip().splitlines()[-1:] or [""],
        }
    finally:
        shutil.rmtree(top, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--zensical", metavar="COMMAND", help="the zensical command to run too")
    parser.add_argument("--write", action="store_true", help=f"store the figures in {RESULTS}")
    args = parser.parse_args()
    builds = {"mkdocs": [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"]}
    if args.zensical:
        builds["zensical"] = [*shlex.split(args.zensical), "build"]
    found: dict[str, object] = {"measured": datetime.date.today().isoformat()}
    for builder, command in builds.items():
        version = subprocess.run(
            [*command[: command.index("build")], "--version"],
            capture_output=True, text=True, check=False,
        ).stdout.strip()  # fmt: skip
        figures = measure(builder, command)
        named = re.search(r"(?:version )?(\d+(?:\.\d+)+)", version)
        figures["version"] = named.group(1) if named else "unknown"
        print(f"{builder}: {json.dumps(figures)}")
        found[builder] = figures
    if args.write:
        flat = {
            f"{builder}.{key}": value
            for builder, figures in found.items()
            if isinstance(figures, dict)
            for key, value in figures.items()
            if key != "said"
        }
        flat["measured"] = found["measured"]
        RESULTS.write_text(json.dumps(flat, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS.relative_to(ROOT)}")
    built = all(f["built"] for f in found.values() if isinstance(f, dict))
    return 0 if built else 1


if __name__ == "__main__":
    sys.exit(main())
