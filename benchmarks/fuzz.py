"""How many fuzzed hands per second `spadespec fuzz` compares, the reference engine checked
against itself through the JSON-lines protocol.

    python3 benchmarks/fuzz.py [--hands N] [--jobs 1,2] [--points K] [--json]

For each job count it runs the fuzzer with `--engine "spadespec serve"` (the
reference engine in another process, every request a JSON line each way) and prints hands/s
and requests/s against the target of 1,000 hands/s, and hands/s counted from the engine's
answer to `start` (a new process's imports are paid once a run, a large part of a short one);
then the same with the reference engine in-process (no protocol, one process whatever --jobs
says), the CPU time each took per hand (steadier than the wall clock on a shared machine), and
the share of one process's time spent playing the games (bots and the reference) versus
answering requests, to say what holds the rate back.
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
import time
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.pool import run_fuzz

ROOT = Path(__file__).resolve().parents[1]

SERVE = f"{shlex.quote(sys.executable)} -m spadespec serve"
TARGET = 1000.0


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
    args = parser.parse_args()
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


if __name__ == "__main__":
    sys.exit(main())
