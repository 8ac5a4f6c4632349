#!/usr/bin/env python3
"""The npm package's runner and `spadespec conform` give each engine the same verdicts.

    python3 .ci/npm_verdicts.py RUNNER VARIANT ENGINE [ENGINE ...]

RUNNER is the package's command (`spadespec-conformance`, or `node npm/bin/...`); each ENGINE a
command that speaks the protocol. For each engine, both runners run the variant's cases and
score requests; the check ids, their count and each id's verdict must be the same. Prints one
line per engine; exits 1 on the first engine where they differ, naming the ids.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path


def python_verdicts(variant: str, engine: str) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.jsonl"
        subprocess.run(
            ["spadespec", "conform", "--engine", engine, "--variant", variant,
             "--no-diagnose", "--own-deals", "0", "--report", str(report)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
        )  # fmt: skip
        lines = [json.loads(line) for line in report.read_text("utf-8").splitlines() if line]
    return {line["id"]: line["verdict"] for line in lines if line.get("kind") == "case"}


def npm_verdicts(runner: str, variant: str, engine: str) -> dict[str, str]:
    argv = [*shlex.split(runner), "--engine", engine, "--variant", variant, "--jsonl"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"{runner} exited {done.returncode}: {done.stderr.strip()}")
    lines = [json.loads(line) for line in done.stdout.splitlines() if line]
    return {line["id"]: line["verdict"] for line in lines if line["kind"] == "case"}


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        sys.exit(__doc__)
    runner, variant, *engines = argv
    for engine in engines:
        ours, theirs = python_verdicts(variant, engine), npm_verdicts(runner, variant, engine)
        differ = sorted(i for i in ours.keys() | theirs.keys() if ours.get(i) != theirs.get(i))
        counts: dict[str, int] = {}
        for verdict in ours.values():
            counts[verdict] = counts.get(verdict, 0) + 1
        shown = ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
        if differ:
            print(f"{engine}: the runners differ on {len(differ)} of {len(ours)} checks:")
            for ident in differ[:10]:
                print(f"  {ident}: conform {ours.get(ident)}, npm {theirs.get(ident)}")
            return 1
        print(f"{engine}: the same {len(ours)} verdicts from both runners ({shown})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
