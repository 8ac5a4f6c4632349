"""How long the npm package's runner takes over every standard check of the JavaScript example.

    python3 benchmarks/npm_runner.py [--runs N] [--json]

Runs, N times each (default 5), every standard case and score request of
examples/js-engine/spades.js through the npm package's `runSuite` (npm/index.cjs): the engine
in the same process (`createEngine()`), and the engine as a process over the JSON-lines
protocol (`node spades.js`). Each run is a fresh `node`; the time is `runSuite`'s own, measured
inside it, from the start of the engine to the last verdict (node's start and the reading of the
package are printed apart, as "load"). Prints the median of each, and the number of checks. The
target for the engine in-process is under 2 s; ajv (`npm ci` in npm/) must be installed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """
const started = process.hrtime.bigint();
const { runSuite } = require(%(package)s);
const { createEngine } = require(%(engine)s);
const loaded = process.hrtime.bigint();
const engine = %(how)s === 'in-process' ? createEngine() : 'node ' + %(engine)s;
runSuite(engine, { variant: 'standard' }).then((report) => {
  const done = process.hrtime.bigint();
  console.log(JSON.stringify({ ok: report.ok, checks: report.results.length,
    load: Number(loaded - started) / 1e9, run: Number(done - loaded) / 1e9 }));
});
"""


def one_run(how: str) -> dict[str, float]:
    script = SCRIPT % {
        "package": json.dumps(str(ROOT / "npm" / "index.cjs")),
        "engine": json.dumps(str(ROOT / "examples" / "js-engine" / "spades.js")),
        "how": json.dumps(how),
    }
    started = time.perf_counter()
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    out: dict[str, float] = json.loads(done.stdout)
    out["wall"] = time.perf_counter() - started
    if not out["ok"]:
        sys.exit(f"the example did not pass standard {how}: the figures would mean nothing")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, metavar="N", help="runs of each way")
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    args = parser.parse_args()
    if shutil.which("node") is None:
        sys.exit("node (Node.js 20 or later) is needed")
    medians: dict[str, dict[str, float]] = {}
    for how in ("in-process", "over the protocol"):
        runs = [one_run(how) for _ in range(args.runs)]
        medians[how] = {
            key: round(statistics.median(r[key] for r in runs), 4)
            for key in ("checks", "load", "run", "wall")
        }
    if args.json:
        print(json.dumps(medians))
        return 0
    head = f"{'engine':<18} {'checks':>6} {'load s':>7} {'run s':>7} {'wall s':>7}"
    print(f"{head}  (median of {args.runs})")
    for how, m in medians.items():
        print(f"{how:<18} {m['checks']:>6.0f} {m['load']:>7.3f} {m['run']:>7.3f} {m['wall']:>7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
