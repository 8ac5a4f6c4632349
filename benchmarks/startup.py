"""How long the everyday commands take from start to exit, as a person at a shell waits.

    python3 benchmarks/startup.py [--runs N] [--json]

Runs each of `spadespec list`, `spadespec show standard` and `spadespec --help` as a fresh
process N times (default 5), output thrown away, and prints the median wall time of each. The
commands run as `python -m spadespec` in the checkout this script belongs to, so the
code measured is this checkout's whatever is installed. The target for `list` and
`show standard` is 0.3 s; times on a machine shared with other work vary by a tenth or more.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = (["list"], ["show", "standard"], ["--help"])
ROOT = Path(__file__).resolve().parents[1]


def wall_time(argv: list[str]) -> float:
    """Seconds from starting `argv` to its exit."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, metavar="N", help="runs of each command")
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    args = parser.parse_args()
    base = [sys.executable, "-m", "spadespec"]
    medians: dict[str, float] = {}
    for command in COMMANDS:
        # Each command's runs follow one another, after one untimed run to warm the disk cache.
        wall_time(base + command)
        times = [wall_time(base + command) for _ in range(args.runs)]
        medians["spadespec " + " ".join(command)] = statistics.median(times)
    if args.json:
        print(json.dumps({k: round(v, 3) for k, v in medians.items()}, indent=2))
    else:
        width = max(map(len, medians))
        for name, seconds in medians.items():
            print(f"{name:<{width}}  {seconds:.2f} s  (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
