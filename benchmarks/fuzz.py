"""How many fuzzed hands per second `spadespec fuzz` compares, the reference engine checked
against itself through the JSON-lines protocol.

    python3 benchmarks/fuzz.py [--hands N] [--jobs 1,2] [--points K] [--json]
    python3 benchmarks/fuzz.py --expected [--hands N]

For each job count it runs the fuzzer with `--engine "spadespec serve"` (the
reference engine in another process, every request a JSON line each way) and prints hands/s
and requests/s against the target of 1,000 hands/s, and hands/s counted from the engine's
answer to `start` (a new process's imports are paid once a run, a large part of a short one);
then the same with the reference engine in-process (no protocol, one process whatever --jobs
says), the CPU time each took per hand (steadier than the wall clock on a shared machine), and
the share of one process's time spent playing the games (bots and the reference) versus
answering requests, to say what holds the rate back.

`--expected` is the named run where (nearly) every game differs by an expected change: the
fault `overtricks-not-scored`, fuzzed with `--keep-going` and its rule
(`scoring.overtrick_points=0`) in `--expect-differ`, beside the reference with no
difference, the same hands in the same run, in-process and over the protocol; the target is
at least half the rate. It says
how many games differed and how many were shrunk (none should be: each is counted with the
expected change that explains it).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from spadespec.cli.engines import open_engine
from spadespec.conformance.analysis.fuzz import findings as findings_module
from spadespec.conformance.analysis.fuzz.campaign import Campaign
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.findings import Findings
from spadespec.conformance.analysis.fuzz.pool import run_fuzz

ROOT = Path(__file__).resolve().parents[1]

SERVE = f"{shlex.quote(sys.executable)} -m spadespec serve"
TARGET = 1000.0

EXPECTED_FAULT = "overtricks-not-scored"
EXPECTED_RULE = "scoring.overtrick_points=0"
"""A fault that shows in most games, and the rule change it is (faults.yaml's `rule`)."""
EXPECTED_SHARE = 0.5
"""The rate a run whose games differ by an expected change keeps, at least, of one with no
difference."""


def _cpu_seconds() -> float:
    """CPU time of this process and of every process it has waited for (the fuzzing processes
    and, through them, the engine processes): a figure the machine's other load moves less
    than the wall clock does."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(engine: str, hands: int, jobs: int, points: int | None) -> dict[str, Any]:
    config = FuzzConfig(engine=engine, variant="standard", options={}, seed=1, games=None,
                        hands=hands, jobs=jobs, points_per_hand=points)  # fmt: skip
    cpu = _cpu_seconds()
    began = time.perf_counter()
    up: list[float] = []
    outcome = run_fuzz(config, started=lambda info: up.append(time.perf_counter()))
    ended = time.perf_counter()
    cpu = _cpu_seconds() - cpu
    # The engine's start (a process and its imports, for one spoken to over the protocol) is
    # paid once a run: the rate after it is what a long run approaches.
    start = up[0] - began if up else 0.0
    if outcome.divergence is not None:
        raise SystemExit(f"benchmark: the reference differs from itself: {outcome.divergence}")
    return {
        "engine": "protocol" if engine != "reference" else "in-process",
        "jobs": jobs,
        "hands": outcome.hands,
        "seconds": round(outcome.seconds, 3),
        "hands_per_s": round(outcome.hands / outcome.seconds, 1),
        "start_s": round(start, 3),
        "hands_per_s_started": round(outcome.hands / (ended - began - start), 1),
        "requests_per_s": round(outcome.requests / outcome.seconds, 1),
        "cpu_ms_per_hand": round(1000 * cpu / outcome.hands, 3),
    }


def expected_run(engine: str, hands: int, points: int | None, out: Path) -> dict[str, Any]:
    """One in-process `--keep-going` run with `EXPECTED_RULE` listed as expected: hands/s,
    the games that differed (each counted with the change) and the differences shrunk."""
    config = FuzzConfig(engine=engine, variant="standard", options={}, seed=1, games=None,
                        hands=hands, points_per_hand=points, keep_going=True,
                        opener=open_engine)  # fmt: skip
    campaign = Campaign.with_expected(config, {EXPECTED_RULE: ""})
    findings = Findings(config, campaign, out=out, rerun="benchmark", diagnose=True,
                        keep_going=True, max_differences=0, report=None)  # fmt: skip
    shrunk = 0
    shrink_and_write = findings_module.shrink_and_write

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal shrunk
        shrunk += 1
        return shrink_and_write(*args, **kwargs)

    findings_module.shrink_and_write = counted  # counted, then put back
    cpu = _cpu_seconds()
    try:
        outcome = run_fuzz(config, found=findings)
    finally:
        findings_module.shrink_and_write = shrink_and_write
        findings.stop()
    cpu = _cpu_seconds() - cpu
    return {
        "engine": engine,
        "cpu_ms_per_hand": round(1000 * cpu / outcome.hands, 3),
        "hands": outcome.hands,
        "games": outcome.games,
        "seconds": round(outcome.seconds, 3),
        "hands_per_s": round(outcome.hands / outcome.seconds, 1),
        "differing_games": sum(k.seen for k in campaign.known),
        "shrunk": shrunk,
    }


def expected_runs(hands: int, points: int | None) -> dict[str, Any]:
    """In-process and over the protocol, the run with no difference and the run where the
    games differ by an expected change, measured one after the other in this process."""
    served = f"{shlex.quote(sys.executable)} -m spadespec faults run {EXPECTED_FAULT}"
    pairs = []
    with tempfile.TemporaryDirectory() as folder:
        for mode, plain_engine, fault_engine in (
            ("in-process", "reference", f"fault:{EXPECTED_FAULT}"),
            ("protocol", SERVE, served),
        ):
            plain = expected_run(plain_engine, hands, points, Path(folder))
            expected = expected_run(fault_engine, hands, points, Path(folder))
            share = round(expected["hands_per_s"] / plain["hands_per_s"], 3)
            # The CPU time per hand, steadier than the wall clock on a busy machine.
            cpu_share = round(plain["cpu_ms_per_hand"] / expected["cpu_ms_per_hand"], 3)
            pairs.append({"mode": mode, "no_difference": plain, "expected": expected,
                          "share": share, "cpu_share": cpu_share})  # fmt: skip
    return {"runs": pairs, "target_share": EXPECTED_SHARE}


def where_the_time_goes(hands: int, points: int | None) -> dict[str, float]:
    """Shares of one in-process run: playing the games, and the engine answering requests."""
    # The games played in this process, not ahead in another, so that the profile sees them.
    config = FuzzConfig(engine="reference", variant="standard", options={}, seed=1, games=None,
                        hands=hands, points_per_hand=points, ahead=False)  # fmt: skip
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.runcall(run_fuzz, config)
    total = time.perf_counter() - started
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]

    def cumulative(name: str) -> float:
        return float(sum(v[3] for (f, _, fn), v in stats.items() if fn == name and "fuzz" in f))

    play = cumulative("play_fuzz_game")
    answer = cumulative("_asked_alone")
    return {"playing": round(play / total, 3), "answering": round(answer / total, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--points", type=int, default=2, help="legal-action points per hand")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--expected", action="store_true",
        help="only the run whose games differ by an expected change, beside one with none",
    )  # fmt: skip
    args = parser.parse_args()
    if args.expected:
        return _print_expected(expected_runs(args.hands, args.points), as_json=args.json)
    rows = [measure(SERVE, args.hands, int(j), args.points) for j in args.jobs.split(",")]
    rows.append(measure("reference", args.hands, 1, args.points))
    shares = where_the_time_goes(min(args.hands, 1000), args.points)
    load = os.getloadavg()[0]
    if args.json:
        report = {"rows": rows, "shares": shares, "target": TARGET, "load": load}
        print(json.dumps(report, indent=2))
        return 0
    # Other work on the machine slows the wall clock: say how busy it was.
    print(f"load average (1 min) {load:.2f} on {os.cpu_count()} cores")
    for row in rows:
        mark = "meets" if row["hands_per_s"] >= TARGET else "below"
        print(
            f"{row['engine']:>10}  jobs {row['jobs']}: {row['hands']} hands in "
            f"{row['seconds']:.2f} s = {row['hands_per_s']:.0f} hands/s, "
            f"{row['requests_per_s']:.0f} requests/s, {row['cpu_ms_per_hand']:.2f} CPU ms/hand "
            f"({mark} the {TARGET:.0f} hands/s target); after the engine's start "
            f"({row['start_s']:.2f} s): {row['hands_per_s_started']:.0f} hands/s"
        )
    print(
        f"one in-process run: {shares['playing']:.0%} playing the games (bots and the "
        f"reference), {shares['answering']:.0%} the engine under test replaying each request"
    )
    return 0


def _print_expected(runs: dict[str, Any], *, as_json: bool) -> int:
    if as_json:
        print(json.dumps({**runs, "load": os.getloadavg()[0]}, indent=2))
        return 0
    print(f"load average (1 min) {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"games that differ by an expected change (fault:{EXPECTED_FAULT}, --keep-going "
          f"--expect-differ {EXPECTED_RULE}) beside games with none:")  # fmt: skip
    for pair in runs["runs"]:
        plain, expected = pair["no_difference"], pair["expected"]
        mark = "meets" if pair["share"] >= EXPECTED_SHARE else "below"
        print(
            f"{pair['mode']:>10}: no difference {plain['hands_per_s']:.0f} hands/s "
            f"({plain['hands']} hands in {plain['seconds']:.2f} s); expected difference "
            f"{expected['hands_per_s']:.0f} hands/s ({expected['hands']} hands in "
            f"{expected['seconds']:.2f} s, {expected['differing_games']} of "
            f"{expected['games']} games differed, {expected['shrunk']} shrunk): "
            f"{pair['share']:.0%} ({mark} the target of {EXPECTED_SHARE:.0%}); by CPU time "
            f"per hand ({plain['cpu_ms_per_hand']:.2f} and {expected['cpu_ms_per_hand']:.2f} "
            f"ms): {pair['cpu_share']:.0%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
