"""The clauses that `spadespec conform --own-deals` reaches with the JavaScript example engine
dealing for itself, against those the golden cases reach on standard:

    python benchmarks/own_deals_reach.py [--games N] [--seed N] [--write]

Runs `spadespec conform --engine "node examples/js-engine/spades.js --deal-for-itself"
--variant standard --own-deals N --own-deals-seed SEED` and reads its `clauses reached: X of Y
(Z%)` line. `--write` stores the figures in docs/results/own-deals-reach.json, which the
docs page on checking engines in production shows (`spadespec/docs_gen/figures.py`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "own-deals-reach.json"
ENGINE = "node examples/js-engine/spades.js --deal-for-itself"
LINE = re.compile(r"^clauses reached: (\d+) of (\d+) \((\d+)%\)", re.M)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    command = [
        sys.executable, "-m", "spadespec", "conform", "--engine", ENGINE, "--variant",
        "standard", "--own-deals", str(args.games), "--own-deals-seed", str(args.seed),
    ]  # fmt: skip
    began = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - began
    found = LINE.search(done.stderr)
    if found is None:
        print(f"no `clauses reached` line; stderr ends:\n{done.stderr[-2000:]}", file=sys.stderr)
        return 1
    figures = {
        "games": args.games, "seed": args.seed, "reached": int(found[1]),
        "clauses": int(found[2]), "percent": int(found[3]), "seconds": round(seconds, 1),
        "measured": datetime.date.today().isoformat(),
    }  # fmt: skip
    print(json.dumps(figures))
    if args.write:
        RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
