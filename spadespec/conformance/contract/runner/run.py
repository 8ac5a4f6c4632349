"""Running cases against an engine and tallying the verdicts.

The runner talks to the engine only through
`spadespec.conformance.contract.protocol.messages.Engine`, so the built-in engine in-process and an
engine in another process are run the same way.

Each case gets one verdict (`pass`, `fail`, `error`, `skip`, `n/a`, and `xfail` or `xpass` for a
case listed as an expected failure; `spadespec.conformance.contract.runner.verdict` says what each
means). Each observable a case asks is checked on its own when the engine declares a feature that
can show it (`spadespec.conformance.contract.runner.checking`); a verdict covers what was checked,
and the result names what was not (`pass (totals, bags; hands not declared)`). A run is good when no
`must` case fails, errors or passes unexpectedly.

An engine that keeps score (feature `score`) is also sent, after each case whose log completes
a hand, that case's score request (`spadespec.conformance.contract.runner.score`); its result,
`<case id>~score`, follows the case's.
"""

from __future__ import annotations

import re
import shlex
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from spadespec.conformance.contract.protocol import (
    blind_bids,
    deal_requests,
    draws,
    nil_as_zero,
    redeal_calls,
    tables,
)
from spadespec.conformance.contract.protocol.features import plays, unknown_features
from spadespec.conformance.contract.protocol.messages import (
    FEATURES,
    SCORE,
    SCORE_FIGURE_FEATURES,
    Engine,
    EngineInfo,
)
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.wire import result_problem
from spadespec.conformance.contract.runner import checking
from spadespec.conformance.contract.runner.score import score_results
from spadespec.conformance.contract.runner.verdict import VERDICTS, CaseResult, form_check, judge
from spadespec.conformance.contract.suite.cases import FAILING_LEVELS, Case


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
    rerun_own_deals: tuple[str, ...] = ()
    """The options a rerun of a game from the engine's own deals repeats: how many games,
    and the bots' seed (`--own-deals-seed`), so that the same deals get the same play."""
    own_deal_probes: list[CaseResult] = field(default_factory=list)
    """The probes of the games from the engine's own deals that it answered right, each as a
    case at its position: what a rule change named by the diagnosis must keep right. Not
    results of the run (each game is one)."""
    min_checked: int = 1
    """The fewest cases a good run checks something of (`--min-checked`)."""
    diagnosis: dict[str, Any] | None = None
    """The rules the engine was found to play differently
    (`spadespec.conformance.analysis.diagnosis`), as its report line gives them; None when no
    diagnosis was made."""

    def diagnosed_as(self, result_id: str) -> str | None:
        """The rule change that explains a failure (`scoring.bag_threshold=11`), `unexplained
        (likely a bug)`, or None when the run has no diagnosis of it."""
        return diagnosed_as(self.diagnosis, result_id)

    @property
    def ok(self) -> bool:
        """No must-level or generated case failed, errored or passed unexpectedly, and enough
        cases had something checked: a run that checked nothing is never good."""
        if self.checked_cases() < self.min_checked:
            return False
        return not any(r.bad and r.case.level in FAILING_LEVELS for r in self.results)

    def too_few_checked(self) -> str:
        """Why the run checked too few cases, naming what the engine declared and what the
        cases ask; empty when enough were checked."""
        count = self.checked_cases()
        if count >= self.min_checked:
            return ""
        asked = sorted({key for r in self.results for key in r.case.asks})
        variants = sorted({r.case.variant for r in self.results})
        engine = self.engine
        need = "nothing" if self.min_checked == 1 else f"fewer than {self.min_checked} cases"
        errored = sum(1 for r in self.results if r.verdict == "error")
        if errored:  # the engine gave no answer to check: what it declares is beside the point
            not_run = self.not_run()
            unsent = f", {not_run} of them not run" if not_run else ""
            ran = f"{count} of {len(self.results)} cases"
            return f"checked {need} ({ran}): {errored} errored{unsent}"
        return (
            f"checked {need} ({count} of {len(self.results)} cases): the engine declares "
            f"variants [{', '.join(engine['variants'])}] and features "
            f"[{', '.join(engine['features'])}]; the cases run are of variants "
            f"[{', '.join(variants)}] and ask [{', '.join(asked)}]"
        )

    def failures(self) -> list[CaseResult]:
        return [r for r in self.results if r.bad]

    def rerun_command(self, case_id: str) -> str:
        """The command that runs just this one case again; for a game from the engine's own
        deals, the command that plays its variant's games again with the same bots' seed (the
        same bids and plays, given the same deals)."""
        if case_id.startswith(f"{OWN_DEALS}."):
            variant = case_id.split(".")[1]
            words = [
                "--engine", self.engine_spec, *self.rerun_options, "--variant", variant,
                *self.rerun_own_deals,
            ]  # fmt: skip
            return f"{self.rerun_prefix} {shlex.join(words)}"
        words = ["--engine", self.engine_spec, *self.rerun_options, "--case", case_id]
        return f"{self.rerun_prefix} {shlex.join(words)}"

    def summary(self) -> dict[str, dict[str, dict[str, int]]]:
        """Verdict counts by variant, by level, by feature checked and by clause (tag).

        A case counts under a feature only when the feature was checked, and under a clause
        only when a checked feature can show that clause: a run that checked only the totals
        says nothing of the follow-suit rule, passing or failing. A case the engine skipped
        counts under neither. Under a feature, a failing case counts as failed only where
        that feature's answer differs: each observable, and each score figure, is graded apart."""
        groups: dict[str, dict[str, Counter[str]]] = {
            "variant": defaultdict(Counter),
            "clause": defaultdict(Counter),
            "level": defaultdict(Counter),
            "observable": defaultdict(Counter),
        }
        for result in self.results:
            case = result.case
            groups["variant"][case.variant][result.final] += 1
            groups["level"][case.level][result.final] += 1
            # A declined or errored case (as an earlier report may hold it) checked nothing.
            graded = result.graded
            checked = set(graded)
            for feature in graded:
                groups["observable"][feature][_verdict_of(result, feature)] += 1
            for tag in case.tags:
                if checked & checking.shown_by(tag):
                    groups["clause"][tag][result.final] += 1
        listed = (*FEATURES, *SCORE_FIGURE_FEATURES)
        order = {feature: index for index, feature in enumerate(listed)}
        out = {
            name: {key: _counts(counter) for key, counter in sorted(table.items())}
            for name, table in groups.items()
        }
        out["observable"] = dict(
            sorted(out["observable"].items(), key=lambda i: order.get(i[0], 99))
        )
        return out

    def checked_cases(self) -> int:
        """How many cases had at least one observable checked against an answer."""
        return sum(1 for r in self.results if r.graded)

    def not_run(self) -> int:
        """How many checks were never put to the engine, it having been given up."""
        return sum(1 for r in self.results if r.not_run)

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
        out["checked"] = self.checked_cases()
        if self.too_few_checked():
            out["too_few_checked"] = self.too_few_checked()
        if self.start_stderr:
            out["start_stderr"] = self.start_stderr
        if self.diagnosis is not None:
            out["diagnosis"] = self.diagnosis
        return out


UNEXPLAINED = "unexplained (likely a bug)"

OWN_DEALS = "own-deals"
"""How the id of a game played from an engine's own deals begins (`own-deals.standard.0`):
`spadespec conform` plays some for an engine that deals its own cards
(`spadespec.conformance.analysis.own_deals`)."""


def precedence_line(given: str, expected: str) -> str:
    """What a diagnosis says of a probe refused for another reason that also holds."""
    return f"reason precedence: {given} where the case expects {expected} (both hold)"


def diagnosed_as(diagnosis: dict[str, Any] | None, result_id: str) -> str | None:
    """What a diagnosis (its JSON form) says of one failure: the best explaining neighbour's
    label, UNEXPLAINED, or None when it does not mention the failure."""
    if diagnosis is None:
        return None
    for group in diagnosis["groups"]:
        if result_id in group["cases"]:
            label: str = group["neighbours"][0]["label"]
            return label
    for order in diagnosis.get("precedence", ()):
        if result_id in order["cases"]:
            return precedence_line(order["given"], order["expected"])
    return UNEXPLAINED if result_id in diagnosis["unexplained"] else None


def _verdict_of(result: CaseResult, feature: str) -> str:
    """The verdict one checked feature earned: a failing answer fails only the features whose
    answer differs (`score.totals` when `$.totals.NS` does), and passes the others."""
    if result.final != "fail" or not result.differences:
        return result.final
    differing = {re.split(r"[.\[]", d.path.removeprefix("$."), maxsplit=1)[0]
                 for d in result.differences}  # fmt: skip
    return "fail" if feature.removeprefix(f"{SCORE}.") in differing else "pass"


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
    else:
        unknown = unknown_features(info["features"])
        if unknown:  # an engine in this process is held to the handshake's check too
            engine.stop()
            start_error = f"the engine did not start: {unknown}"
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
                results = [CaseResult(case, "error", message=start_error)]
            else:
                results = [run_case(engine, info, case), *score_results(engine, info, case)]
            for result in results:
                if result.case.id in expected_failures:
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
    if not plays(info, case.variant):
        return CaseResult(case, "n/a", message=f"the engine does not play variant {case.variant}")
    if deal_requests.deals(info) and deal_requests.needs_own_deal(case):
        return CaseResult(case, "n/a", message=deal_requests.NOT_APPLICABLE)
    blind = (
        blind_bids.not_applicable(info, case)
        or redeal_calls.not_applicable(info, case)
        or tables.not_applicable(info, case)
        or draws.not_applicable(info, case)
    )
    if blind:
        return CaseResult(case, "n/a", message=blind)
    zero = nil_as_zero.declared(info)
    refusal = nil_as_zero.refused(case) if zero else None
    if refusal:
        return CaseResult(case, "error", message=refusal)
    chosen = checking.plan(case, info["features"])
    if not chosen.applicable:
        return CaseResult(
            case,
            "n/a",
            message=f"the engine declares none of {', '.join(chosen.unchecked)}",
            unchecked=chosen.unchecked,
        )
    result = _answer(engine, case, chosen, zero)
    # A case the engine declines was asked, not checked: it counts under no observable.
    checked = chosen.checked if result.verdict != "skip" else ()
    return replace(result, checked=checked, unchecked=chosen.unchecked)


def _answer(engine: Engine, case: Case, chosen: checking.Plan, zero: bool = False) -> CaseResult:
    """Ask the engine what the plan checks, and grade the answer on that alone; `zero`: the
    engine writes nil as the bid 0, and is told and read so."""
    started = time.perf_counter()
    request = request_for(case, chosen.checked)
    try:
        response = engine.run(nil_as_zero.told(request) if zero else request)
    except Exception as exc:  # an engine's crash is that case's error, never the runner's
        return CaseResult(case, "error", message=f"the engine raised {type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - started
    if zero and isinstance(response.get("answers"), dict):
        response = {**response, "answers": nil_as_zero.read(case, response["answers"])}
    expected = checking.expected(case, chosen.checked)
    return judge(case, response, seconds, expected, form_check(engine, result_problem))
