"""How fast the conformance suite runs through the engine protocol, and what the protocol costs.

    python3 benchmarks/conformance.py [--repeats R] [--json]

It prints:
  - loading the suite (reading and checking every case file), once;
  - the whole suite in-process (`ReferenceEngine` behind the `Engine` Protocol): cases/s, with
    the variants loaded afresh (as a new engine process must) and with them already loaded;
  - the whole suite through the protocol, the reference engine as a subprocess
    (`spadespec serve`): the handshake (process start and `start`), then cases/s;
  - the overhead per request: (subprocess time - fresh in-process time) / cases, and the part
    of it spent checking each answer's framing against the protocol schema;
  - the wall time of the command an author runs,
    `spadespec conform --engine "spadespec serve"`, against the 3 s target.

Timings are `time.perf_counter()` wall time after a warm-up, the best of a few repeats.
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

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import wire_answer
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.subprocess_engine import SubprocessEngine
from spadespec.conformance.contract.protocol.wire import envelope_problem
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite, resolved

ROOT = Path(__file__).resolve().parents[1]

SERVE = f"{shlex.quote(sys.executable)} -m spadespec serve"
TARGET_SECONDS = 3.0


def _best(run: Any, repeats: int) -> float:
    return min(_timed(run) for _ in range(repeats))


def _timed(run: Any) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def _run_all(engine: Any, cases: list[Case]) -> None:
    report = run_cases(engine, cases)
    bad = [r.case.id for r in report.results if r.final != "pass"]
    if bad:
        raise SystemExit(f"benchmark: the engine did not pass {len(bad)} cases, e.g. {bad[0]}")


def measure(repeats: int) -> dict[str, Any]:
    load = _timed(load_suite)
    cases = list(load_suite())
    n = len(cases)

    def fresh() -> None:
        resolved.cache_clear()  # a new engine process loads each variant once, as here
        _run_all(ReferenceEngine(), cases)

    in_process = _best(fresh, repeats)
    warm = _best(lambda: _run_all(ReferenceEngine(), cases), repeats)

    def handshake() -> None:
        engine = SubprocessEngine(SERVE, cwd=str(ROOT))
        engine.start()
        engine.stop()

    start = _best(handshake, repeats)

    def through_protocol() -> None:
        _run_all(SubprocessEngine(SERVE, cwd=str(ROOT)), cases)

    through_protocol()
    subprocess_total = _best(through_protocol, repeats)
    subprocess_cases = subprocess_total - start

    engine = ReferenceEngine()
    answers = [{"seq": 1, **wire_answer(engine.run(request_for(c)))} for c in cases]
    checking = _best(lambda: [envelope_problem(a) for a in answers], repeats)

    command = [sys.executable, "-m", "spadespec", "conform", "--engine", SERVE]
    cli = _best(lambda: subprocess.run(command, cwd=ROOT, capture_output=True, check=True), repeats)
    return {
        "cases": n,
        "load_suite_s": round(load, 3),
        "in_process_s": round(in_process, 3),
        "in_process_cases_per_s": round(n / in_process),
        "in_process_warm_s": round(warm, 3),
        "in_process_warm_cases_per_s": round(n / warm),
        "handshake_s": round(start, 3),
        "subprocess_s": round(subprocess_total, 3),
        "subprocess_cases_per_s": round(n / subprocess_cases),
        "overhead_per_request_ms": round((subprocess_cases - in_process) / n * 1000, 3),
        "schema_check_per_response_ms": round(checking / n * 1000, 3),
        "cli_wall_s": round(cli, 3),
        "target_s": TARGET_SECONDS,
    }


def render(figures: dict[str, Any]) -> str:
    f = figures
    verdict = "within" if f["cli_wall_s"] < f["target_s"] else "OVER"
    return "\n".join(
        [
            f"suite: {f['cases']} cases, loaded and checked in {f['load_suite_s']:.3f} s",
            f"in-process:   {f['in_process_s']:.3f} s  ({f['in_process_cases_per_s']} cases/s;"
            f" {f['in_process_warm_cases_per_s']} cases/s with the variants already loaded)",
            f"subprocess:   {f['subprocess_s']:.3f} s  ({f['subprocess_cases_per_s']} cases/s"
            f" after a {f['handshake_s'] * 1000:.0f} ms start)",
            f"overhead:     {f['overhead_per_request_ms']:.3f} ms per request"
            f" ({f['schema_check_per_response_ms']:.3f} ms of it checking the answer's framing)",
            f"command line: {f['cli_wall_s']:.3f} s for spadespec conform --engine {SERVE!r}"
            f" ({verdict} the {f['target_s']:g} s target)",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed runs; the best is kept")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(max(1, args.repeats))
    print(json.dumps(figures, indent=2) if args.json else render(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
