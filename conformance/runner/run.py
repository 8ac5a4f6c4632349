"""Running cases against an engine and tallying the verdicts.

The runner talks to the engine only through `conformance.protocol.messages.Engine`, so the built-in
engine in-process and an engine in another process are run the same way.

Each case gets one verdict:
  pass   every expected value came back;
  fail   the engine answered, and something differs;
  error  the engine could not answer (raised, or said `errored`);
  skip   the engine declined the case (said `skipped`, with a reason);
  n/a    the engine does not declare the case's variant or an observable it asks.
A case listed as an expected failure (`--expect-fail`) that fails or errors is `xfail`; one that
passes is `xpass`, "unexpectedly passing", and counts against the run as a failure would, so
that a list of known deviations cannot go stale (toml-test's choice).
A run is good when no `must` case fails, errors or passes unexpectedly.
"""

from __future__ import annotations

import shlex
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from conformance.protocol.messages import Engine, EngineInfo
from conformance.protocol.requests import request_for
from conformance.protocol.wire import result_problem
from conformance.runner.grade import MISSING, Difference, compare
from conformance.suite.cases import Case

VERDICTS = ("pass", "fail", "error", "skip", "n/a", "xfail", "xpass")
BAD_VERDICTS = ("fail", "error", "xpass")


@dataclass(frozen=True, slots=True)
class CaseResult:
    """What happened to one case. `verdict` is what the engine's answer earned; `listed` says
    the case is on the run's expected-failure list, which turns it into `xfail` or `xpass`."""

    case: Case
    verdict: str
    differences: tuple[Difference, ...] = ()
    message: str = ""
    answers: dict[str, Any] | None = None
    seconds: float = 0.0
    stderr: str = ""
    context: Any = None
    listed: bool = False

    @property
    def final(self) -> str:
        """The verdict the run counts: `xfail`/`xpass` for a listed case that failed/passed."""
        if self.listed and self.verdict in ("fail", "error"):
            return "xfail"
        if self.listed and self.verdict == "pass":
            return "xpass"
        return self.verdict

    @property
    def bad(self) -> bool:
        """A failure, an error or an unexpected pass: what a report lists and a run counts."""
        return self.final in BAD_VERDICTS

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.case.id,
            "variant": self.case.variant,
            "level": self.case.level,
            "tags": list(self.case.tags),
            "verdict": self.final,
            "seconds": round(self.seconds, 6),
        }
        if self.final != self.verdict:
            out["engine_verdict"] = self.verdict
        if self.differences:
            out["differences"] = [d.to_json() for d in self.differences]
        if self.message:
            out["message"] = self.message
        if self.verdict in ("fail", "error") and self.answers is not None:
            out["answers"] = self.answers
        if self.context is not None:
            out["context"] = self.context
        if self.stderr:
            out["stderr"] = self.stderr
        return out

    @classmethod
    def from_json(cls, case: Case, data: dict[str, Any]) -> CaseResult:
        """A result read back from a report line (to resume a run)."""
        differences = tuple(
            Difference(d["path"], d["expected"], d.get("actual", MISSING), d.get("detail", ""))
            for d in data.get("differences", ())
        )
        return cls(
            case,
            data.get("engine_verdict", data["verdict"]),
            differences,
            data.get("message", ""),
            data.get("answers"),
            data.get("seconds", 0.0),
            data.get("stderr", ""),
            data.get("context"),
        )


@dataclass(slots=True)
class RunReport:
    """Every result of one run, with the engine that produced them.

    `rerun_prefix` is how the run was invoked (`spadespec conform`), and `rerun_options` the
    options a rerun of one case must repeat (a `--timeout`), for the rerun commands.
    """

    engine_spec: str
    engine: EngineInfo
    results: list[CaseResult] = field(default_factory=list)
    start_error: str = ""
    start_stderr: str = ""
    rerun_prefix: str = "spadespec conform"
    rerun_options: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """No must-level case failed, errored or passed unexpectedly."""
        return not any(r.bad and r.case.level == "must" for r in self.results)

    def failures(self) -> list[CaseResult]:
        return [r for r in self.results if r.bad]

    def rerun_command(self, case_id: str) -> str:
        """The command that runs just this one case again."""
        words = ["--engine", self.engine_spec, *self.rerun_options, "--case", case_id]
        return f"{self.rerun_prefix} {shlex.join(words)}"

    def summary(self) -> dict[str, dict[str, dict[str, int]]]:
        """Verdict counts by variant, by clause (tag) and by level."""
        groups: dict[str, dict[str, Counter[str]]] = {
            "variant": defaultdict(Counter),
            "clause": defaultdict(Counter),
            "level": defaultdict(Counter),
        }
        for result in self.results:
            case = result.case
            groups["variant"][case.variant][result.final] += 1
            groups["level"][case.level][result.final] += 1
            for tag in case.tags:
                groups["clause"][tag][result.final] += 1
        return {
            name: {key: _counts(counter) for key, counter in sorted(table.items())}
            for name, table in groups.items()
        }

    def totals(self) -> dict[str, int]:
        return _counts(Counter(r.final for r in self.results))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "engine": dict(self.engine),
            "ok": self.ok,
            "totals": self.totals(),
            "summary": self.summary(),
            "results": [r.to_json() for r in self.results],
            "rerun": {r.case.id: self.rerun_command(r.case.id) for r in self.failures()},
        }
        if self.start_error:
            out["start_error"] = self.start_error
        if self.start_stderr:
            out["start_stderr"] = self.start_stderr
        return out


def _counts(counter: Counter[str]) -> dict[str, int]:
    return {verdict: counter.get(verdict, 0) for verdict in VERDICTS}


def unknown_engine(spec: str) -> EngineInfo:
    """What a report names an engine by when it never completed `start`."""
    return {
        "name": spec,
        "version": "unknown",
        "language": "unknown",
        "protocol": 0,
        "variants": [],
        "features": [],
    }


def run_cases(
    engine: Engine,
    cases: Iterable[Case],
    *,
    engine_spec: str = "reference",
    on_result: Callable[[CaseResult], None] | None = None,
    on_start: Callable[[RunReport], None] | None = None,
    expected_failures: Collection[str] = (),
    report: RunReport | None = None,
) -> RunReport:
    """Start the engine, put each case to it, stop it; the report of every verdict.

    An engine that cannot start still gets a report: every case is an `error` naming why, and
    `start_error` and `start_stderr` say it once.
    `on_start` sees the report once the engine has started (or failed to), `on_result` each
    result as it comes; results are added to `report` when one is given (a resumed run).
    """
    try:
        info = engine.start()
        start_error, start_stderr = "", ""
    except Exception as exc:  # an engine's failure to start is reported, never raised
        info, start_error = unknown_engine(engine_spec), f"the engine did not start: {exc}"
        start_stderr = str(getattr(exc, "stderr", ""))  # an engine process's last words
    if report is None:
        report = RunReport(engine_spec, info)
    else:
        report.engine = info
    report.start_error, report.start_stderr = start_error, start_stderr
    try:
        if on_start is not None:
            on_start(report)
        for case in cases:
            if start_error:
                result = CaseResult(case, "error", message=start_error)
            else:
                result = run_case(engine, info, case)
            if case.id in expected_failures:
                result = replace(result, listed=True)
            report.results.append(result)
            if on_result is not None:
                on_result(result)
    finally:
        if not start_error:
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
    stderr = str(response.get("stderr", ""))
    outcome = response.get("outcome")
    if outcome == "skipped":
        return CaseResult(
            case, "skip", message=str(response.get("reason", "")), seconds=seconds, stderr=stderr
        )
    if outcome == "errored":
        return CaseResult(
            case,
            "error",
            message=str(response.get("message", "")),
            seconds=seconds,
            stderr=stderr,
            context=response.get("context"),
        )
    if outcome != "answered" or not isinstance(response.get("answers"), dict):
        return CaseResult(
            case,
            "error",
            message=f"not a valid response: {response!r}",
            seconds=seconds,
            stderr=stderr,
        )
    answers = response["answers"]
    differences = tuple(compare(case.expect, answers))
    if differences:
        # A difference in form (`"10D"`, `"3"`) is the engine breaking the protocol, not a
        # wrong answer: it is an error, and says which form.
        trouble = result_problem(answers)
        if trouble:
            return CaseResult(
                case,
                "error",
                message=f"the answer is not in the protocol's canonical forms {trouble}",
                answers=answers,
                seconds=seconds,
                stderr=stderr,
            )
    verdict = "fail" if differences else "pass"
    return CaseResult(case, verdict, differences, answers=answers, seconds=seconds, stderr=stderr)
