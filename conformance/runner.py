"""Running cases against an engine and tallying the verdicts.

The runner talks to the engine only through `conformance.engine.Engine`, so the built-in
engine in-process and an engine in another process are run the same way.

Each case gets one verdict:
  pass   every expected value came back;
  fail   the engine answered, and something differs;
  error  the engine could not answer (raised, or said `errored`);
  skip   the engine declined the case (said `skipped`, with a reason);
  n/a    the engine does not declare the case's variant or an observable it asks.
A run is good when no `must` case fails or errors.
"""

from __future__ import annotations

import shlex
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from conformance.cases import Case
from conformance.compare import Difference, compare
from conformance.engine import Engine, EngineInfo, request_for

VERDICTS = ("pass", "fail", "error", "skip", "n/a")


@dataclass(frozen=True, slots=True)
class CaseResult:
    """What happened to one case."""

    case: Case
    verdict: str
    differences: tuple[Difference, ...] = ()
    message: str = ""
    answers: dict[str, Any] | None = None
    seconds: float = 0.0

    @property
    def bad(self) -> bool:
        """A failure or an error: the engine did not do what the case requires."""
        return self.verdict in ("fail", "error")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.case.id,
            "variant": self.case.variant,
            "level": self.case.level,
            "tags": list(self.case.tags),
            "verdict": self.verdict,
            "seconds": round(self.seconds, 6),
        }
        if self.differences:
            out["differences"] = [d.to_json() for d in self.differences]
        if self.message:
            out["message"] = self.message
        if self.bad and self.answers is not None:
            out["answers"] = self.answers
        return out


@dataclass(slots=True)
class RunReport:
    """Every result of one run, with the engine that produced them."""

    engine_spec: str
    engine: EngineInfo
    results: list[CaseResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No must-level case failed or errored."""
        return not any(r.bad and r.case.level == "must" for r in self.results)

    def failures(self) -> list[CaseResult]:
        return [r for r in self.results if r.bad]

    def rerun_command(self, case_id: str) -> str:
        """The command that runs just this one case again."""
        engine, case = shlex.quote(self.engine_spec), shlex.quote(case_id)
        return f"spadespec conform --engine {engine} --case {case}"

    def summary(self) -> dict[str, dict[str, dict[str, int]]]:
        """Verdict counts by variant, by clause (tag) and by level."""
        groups: dict[str, dict[str, Counter[str]]] = {
            "variant": defaultdict(Counter),
            "clause": defaultdict(Counter),
            "level": defaultdict(Counter),
        }
        for result in self.results:
            case = result.case
            groups["variant"][case.variant][result.verdict] += 1
            groups["level"][case.level][result.verdict] += 1
            for tag in case.tags:
                groups["clause"][tag][result.verdict] += 1
        return {
            name: {key: _counts(counter) for key, counter in sorted(table.items())}
            for name, table in groups.items()
        }

    def totals(self) -> dict[str, int]:
        return _counts(Counter(r.verdict for r in self.results))

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": dict(self.engine),
            "ok": self.ok,
            "totals": self.totals(),
            "summary": self.summary(),
            "results": [r.to_json() for r in self.results],
            "rerun": {r.case.id: self.rerun_command(r.case.id) for r in self.failures()},
        }


def _counts(counter: Counter[str]) -> dict[str, int]:
    return {verdict: counter.get(verdict, 0) for verdict in VERDICTS}


def run_cases(
    engine: Engine,
    cases: Iterable[Case],
    *,
    engine_spec: str = "reference",
    on_result: Callable[[CaseResult], None] | None = None,
) -> RunReport:
    """Start the engine, put each case to it, stop it; the report of every verdict."""
    info = engine.start()
    report = RunReport(engine_spec, info)
    try:
        for case in cases:
            result = run_case(engine, info, case)
            report.results.append(result)
            if on_result is not None:
                on_result(result)
    finally:
        engine.stop()
    return report


def run_case(engine: Engine, info: EngineInfo, case: Case) -> CaseResult:
    """Put one case to a started engine and judge the answer."""
    if case.variant not in info["variants"]:
        return CaseResult(case, "n/a", message=f"the engine does not play variant {case.variant}")
    unsupported = [key for key in case.asks if key not in info["features"]]
    if unsupported:
        return CaseResult(
            case, "n/a", message=f"the engine does not answer {', '.join(unsupported)}"
        )
    started = time.perf_counter()
    try:
        response = engine.run(request_for(case))
    except Exception as exc:  # an engine's crash is that case's error, never the runner's
        return CaseResult(case, "error", message=f"the engine raised {type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - started
    outcome = response.get("outcome")
    if outcome == "skipped":
        return CaseResult(case, "skip", message=str(response.get("reason", "")), seconds=seconds)
    if outcome == "errored":
        return CaseResult(case, "error", message=str(response.get("message", "")), seconds=seconds)
    if outcome != "answered" or not isinstance(response.get("answers"), dict):
        return CaseResult(
            case, "error", message=f"not a valid response: {response!r}", seconds=seconds
        )
    answers = response["answers"]
    differences = tuple(compare(case.expect, answers))
    verdict = "fail" if differences else "pass"
    return CaseResult(case, verdict, differences, answers=answers, seconds=seconds)
