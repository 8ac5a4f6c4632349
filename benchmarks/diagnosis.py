"""How well, and how fast, a conformance run's failures are diagnosed.

    python3 benchmarks/diagnosis.py [--repeats R]            what the diagnosis adds to a run
    python3 benchmarks/diagnosis.py --faults [--fault NAME ...] [--json]

By default it times `spadespec conform --variant standard` with the diagnosis and with
`--no-diagnose`, on three engines: the reference over the protocol playing a ten-for-fifty
bonus where standard is asked (two linked rules, `tests/data/engines/house_table.py`), a
single-rule fault (`fault:penalty-at-eleven-bags`), and an engine that errs on every request.
It prints each run's failures, the diagnosis's first line, both wall times (the best of a
few) and their ratio, against the target of at most 2. The diagnosis holds every name to the
consistency check (the reference under the rule change keeps what the engine got right).
Then two runs are timed and shown without a target: a fault no rule explains
(`fault:bag-penalty-paid-once`, each failure searched in full) and an engine with that fault
beside one a rule explains (`tests/data/engines/two_faults.py`); the latter is also run on a
subset of the cases (`--case 'standard.scoring.n*'`, its nil failures alone), and the rule
named there must be the one the full run names beside the unexplained failures.

With `--faults`, every named fault is run through the whole suite, then its failures put to
the diagnosis. It prints, per fault: the failures of the full-suite run, the rule changes the
diagnosis names
(with how many failures each explains), the failures it leaves unexplained, whether that is
what the fault registry records (a rule-change fault named as its rule by the change that
explains most failures; any other fault with most failures unexplained), and the diagnosis's
CPU and wall seconds. Then the totals, and the slowest diagnosis against the one-minute
target for a full-suite run.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.diagnosis.search import diagnose, matches_rule
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine

ROOT = Path(__file__).resolve().parents[1]

TARGET_SECONDS = 60.0
TARGET_RATIO = 2.0
_ENGINE = f"{shlex.quote(sys.executable)} {ROOT / 'tests/data/engines/house_table.py'}"
_TWO_FAULTS = (
    f"{shlex.quote(sys.executable)} {ROOT / 'tests/data/engines/two_faults.py'} "
    "nil-tricks-scored-as-nothing bag-penalty-paid-once"
)
ENGINES = {
    "ten-for-fifty where standard is asked": (
        f"{_ENGINE} --rule scoring.big_bid_tricks=10 --rule scoring.big_bid_bonus=50"
    ),
    "fault:penalty-at-eleven-bags": "fault:penalty-at-eleven-bags",
    "an engine that errs on every request": f"{_ENGINE} --err-all",
}
CONSISTENCY = {
    "fault:bag-penalty-paid-once (no rule)": "fault:bag-penalty-paid-once",
    "nil tricks for nothing beside one bag penalty per hand": _TWO_FAULTS,
}
"""Runs whose failures nothing explains, each searched in full: timed and shown, not held to
the target (a few unexplained failures cost about a second of search against a run of half
of one)."""
_SUBSET = "standard.scoring.n*"


def _conform(engine: str, diagnose: bool, case: str | None = None) -> tuple[float, str]:
    command = [sys.executable, "-m", "spadespec", "conform", "--engine", engine]
    command += ["--variant", "standard"] + ([] if diagnose else ["--no-diagnose"])
    command += ["--case", case] if case else []
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    seconds = time.perf_counter() - started
    lines = done.stdout.splitlines()
    said = [line for line in lines if line.startswith("diagnosis: ")][:1]
    said += [line for line in lines if " cases: " in line][-1:]
    return seconds, "; ".join(said)


def run_times(repeats: int) -> int:
    """What the diagnosis adds to a `conform` run, engine by engine."""
    worst = 0.0
    for name, engine in ENGINES.items():
        worst = max(worst, _timed(name, engine, repeats, f"target {TARGET_RATIO:.0f}x"))
    print(f"largest ratio: {worst:.2f}x (target at most {TARGET_RATIO:.0f}x)")
    for name, engine in CONSISTENCY.items():
        _timed(name, engine, repeats, "searched in full, no target")
    agree = _agreement()
    return 0 if worst <= TARGET_RATIO and agree else 1


def _named(engine: str, case: str | None) -> set[str]:
    """The rule changes a `conform --json` run's diagnosis names."""
    command = [sys.executable, "-m", "spadespec", "conform", "--engine", engine, "--json"]
    command += ["--variant", "standard"] + (["--case", case] if case else [])
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    groups = json.loads(done.stdout).get("diagnosis", {}).get("groups", [])
    return {group["neighbours"][0]["label"] for group in groups}


def _agreement() -> bool:
    """Whether the two-fault engine's subset run names what its full run names."""
    full, subset = _named(_TWO_FAULTS, None), _named(_TWO_FAULTS, _SUBSET)
    same = bool(subset) and subset == full
    print(
        f"subset run ({_SUBSET}) names {', '.join(sorted(subset)) or 'nothing'}; full run "
        f"{', '.join(sorted(full)) or 'nothing'}: {'agree' if same else 'DISAGREE'}"
    )
    return same


def _timed(name: str, engine: str, repeats: int, note: str) -> float:
    """Time one engine's run with the diagnosis and without; print both; the ratio."""
    with_it = min(_conform(engine, True) for _ in range(repeats))
    without = min(_conform(engine, False)[0] for _ in range(repeats))
    ratio = with_it[0] / without
    print(f"{name}: {with_it[1]}")
    print(
        f"  conform {with_it[0]:.2f} s with the diagnosis, {without:.2f} s without: "
        f"{ratio:.2f}x ({note})",
        flush=True,
    )
    return ratio


def measure(name: str, suite: list[Any]) -> dict[str, Any]:
    fault = FAULTS[name]
    report = run_cases(FaultyEngine(fault), suite, engine_spec=f"fault:{name}")
    wall, cpu = time.perf_counter(), time.process_time()
    found = diagnose(report.results, suite, report.engine)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    labels: dict[str, int] = {}
    for group in found.groups:
        labels[group.best.label] = labels.get(group.best.label, 0) + len(group.cases)
    failures = len(report.failures())
    top = max(labels, key=lambda label: labels[label]) if labels else None
    if fault.rule is not None:
        right = top is not None and matches_rule(top, fault.rule)
    else:
        right = len(found.unexplained) * 2 > failures
    return {
        "fault": name, "record": fault.rule, "failures": failures, "labels": labels,
        "unexplained": len(found.unexplained), "as_recorded": right,
        "cpu": round(cpu, 2), "wall": round(wall, 2),
    }  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--faults", action="store_true", help="every named fault through the whole suite"
    )
    parser.add_argument("--fault", action="append", metavar="NAME", help="only these faults")
    parser.add_argument("--json", action="store_true", help="one JSON line per fault")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, the best kept")
    args = parser.parse_args()
    if not (args.faults or args.fault):
        if args.repeats < 1:
            parser.error("--repeats must be 1 or more")
        return run_times(args.repeats)
    names = args.fault or list(FAULTS)
    unknown = [n for n in names if n not in FAULTS]
    if unknown:
        parser.error(f"no fault named {', '.join(unknown)}")
    suite = list(load_suite())
    rows = []
    for number, name in enumerate(names, start=1):
        row = measure(name, suite)
        rows.append(row)
        if args.json:
            print(json.dumps(row), flush=True)
            continue
        named = ", ".join(f"{label} ({count})" for label, count in row["labels"].items())
        mark = "ok" if row["as_recorded"] else "NOT AS RECORDED"
        print(
            f"[{number}/{len(names)}] {name}: {row['failures']} failures; "
            f"{named or 'no rule'}; {row['unexplained']} unexplained; record "
            f"{row['record'] or 'none'}: {mark}; {row['cpu']:.1f} s CPU, {row['wall']:.1f} s",
            flush=True,
        )
    rule_rows = [r for r in rows if r["record"] is not None]
    other_rows = [r for r in rows if r["record"] is None]
    slowest = max(rows, key=lambda r: r["wall"])
    print(
        f"rule-change faults named as their rule: {sum(r['as_recorded'] for r in rule_rows)} "
        f"of {len(rule_rows)}; other faults mostly unexplained: "
        f"{sum(r['as_recorded'] for r in other_rows)} of {len(other_rows)}"
    )
    print(
        f"slowest diagnosis: {slowest['fault']}, {slowest['wall']:.1f} s wall, "
        f"{slowest['cpu']:.1f} s CPU (target {TARGET_SECONDS:.0f} s)"
    )
    return 0 if all(r["as_recorded"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
