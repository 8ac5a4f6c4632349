"""How long `spadespec page` takes to write a house rule's page, as a host at a shell waits.

    python3 benchmarks/page.py [--games N] [--runs N] [--json]

Runs `spadespec page examples/house-rules/porch-200.yaml --out TMP --games N` (default 1,000
games) as a fresh process N times (default 3), into a scratch folder, and prints the median
wall time: the file loaded and checked, its cases made, its games played, its parent's stored
figures read, and the page written. The command runs as `python -m spadespec` in the checkout
this script belongs to. The target is under 15 s for 1,000 games on a 2-core machine; it takes
about 2 s on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOUSE_FILE = ROOT / "examples" / "house-rules" / "porch-200.yaml"


def wall_time(games: int) -> float:
    """Seconds from starting the command to its exit; a failed run stops the benchmark."""
    with tempfile.TemporaryDirectory(prefix="page-bench-") as out:
        argv = [sys.executable, "-m", "spadespec", "page", str(HOUSE_FILE), "--out", out,
                "--games", str(games)]  # fmt: skip
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        seconds = time.perf_counter() - start
        if done.returncode != 0 or not (Path(out) / "index.html").is_file():
            sys.exit(f"spadespec page failed ({done.returncode}): {done.stderr.strip()}")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games played")
    parser.add_argument("--runs", type=int, default=3, metavar="N", help="runs timed")
    parser.add_argument("--json", action="store_true", help="print the median as JSON")
    args = parser.parse_args()
    times = [wall_time(args.games) for _ in range(args.runs)]
    median = statistics.median(times)
    if args.json:
        print(json.dumps({"games": args.games, "runs": args.runs, "seconds": round(median, 3)}))
    else:
        print(f"spadespec page porch-200.yaml --games {args.games}  {median:.2f} s  "
              f"(median of {args.runs})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
