"""How many deals the shuffle test needs to flag each classic biased shuffle, and how often it
flags the reference engine's fair one.

    python3 benchmarks/shuffle_bias.py [--runs R] [--bias NAME] [--dealing hands|round]
                                       [--write] [--json]

The biased shuffles are those the tests use (tests/_biased_shuffles.py): a random comparator,
swapping with any place, a byte modulo the places left, a clock reseed in whole seconds. For
each, dealt a hand at a time and dealt round the table, the deal counts 25, 50, 100, ... are
tried in turn, each with R runs of their own seeds (default 10), until the shuffle test
(standard pack, alpha 0.01, Holm) flags at least 9 runs in 10; a count is left once it cannot
reach that. The reference engine's shuffle is then tested R times at the command's default
count. `--write` stores the figures in docs/results/shuffle-bias.json, which the docs page
"Checking an engine in production" reads when the site is built.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import math
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from spadespec.conformance.analysis.shuffle.cli import DEFAULT_DEALS
from spadespec.conformance.analysis.shuffle.deals import reference_deals
from spadespec.conformance.analysis.shuffle.tally import setting_of
from spadespec.conformance.analysis.shuffle.verdict import DEFAULT_ALPHA, check_shuffle
from spadespec.reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "shuffle-bias.json"
START = 25
MAX_DEALS = {"hands": 51_200, "round": 204_800}
"""The most deals tried for each way of dealing."""
SHARE = 0.9
"""The share of runs that must be flagged at a count for it to be the count needed."""


def _biased_shuffles() -> ModuleType:
    """tests/_biased_shuffles.py, loaded from its file: the tests' shuffles, not a copy."""
    path = ROOT / "tests" / "_biased_shuffles.py"
    spec = importlib.util.spec_from_file_location("_biased_shuffles", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def deals_needed(biased: ModuleType, bias: str, dealing: str, runs: int) -> int | None:
    """The fewest deals, doubling from START, at which SHARE of `runs` seeded runs are flagged;
    None if none up to MAX_DEALS."""
    setting = setting_of(load_variant("standard"))
    need = math.ceil(SHARE * runs)
    count = START
    while count <= MAX_DEALS[dealing]:
        flagged = missed = 0
        for seed in range(1, runs + 1):
            verdict = check_shuffle(biased.biased_deals(bias, seed, count, dealing), setting)
            if verdict.fair:
                missed += 1
            else:
                flagged += 1
            if flagged >= need or missed > runs - need:
                break
        if flagged >= need:
            return count
        count *= 2
    return None


def reference_flagged(runs: int) -> int:
    """Of `runs` seeded runs of the reference engine's shuffle at the default count, those
    flagged."""
    variant = load_variant("standard")
    setting = setting_of(variant)
    return sum(
        not check_shuffle(reference_deals(variant, seed, DEFAULT_DEALS), setting).fair
        for seed in range(1, runs + 1)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, metavar="R", help="runs per count")
    parser.add_argument("--bias", action="append", metavar="NAME", help="only these biases")
    parser.add_argument("--dealing", choices=("hands", "round"), action="append")
    parser.add_argument("--write", action="store_true", help=f"store the figures in {RESULTS}")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    biased = _biased_shuffles()
    biases = args.bias or list(biased.BIASES)
    dealings = args.dealing or list(biased.DEALING)
    needed: dict[str, dict[str, int | None]] = {}
    for bias in biases:
        for dealing in dealings:
            start = time.perf_counter()
            count = deals_needed(biased, bias, dealing, args.runs)
            needed.setdefault(bias, {})[dealing] = count
            shown = f"{count:,}" if count else f"not flagged up to {MAX_DEALS[dealing]:,}"
            if not args.json:
                print(f"{bias:<18} dealt {dealing:<5}  {shown:>28} deals"
                      f"  ({time.perf_counter() - start:.0f} s)", flush=True)  # fmt: skip
    flagged = reference_flagged(args.runs)
    if not args.json:
        print(f"reference shuffle: flagged in {flagged} of {args.runs} runs of "
              f"{DEFAULT_DEALS:,} deals")  # fmt: skip
    figures: dict[str, Any] = {
        "measured": datetime.date.today().isoformat(),
        "command": "python3 benchmarks/shuffle_bias.py --write",
        "alpha": DEFAULT_ALPHA,
        "runs": args.runs,
        "flagged_in": math.ceil(SHARE * args.runs),
        "start": START,
        "max_deals": MAX_DEALS,
        "needed": needed,
        "reference": {"deals": DEFAULT_DEALS, "runs": args.runs, "flagged": flagged},
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    if args.write:
        RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
