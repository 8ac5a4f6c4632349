"""One case's verdict: the record of what happened to it (`CaseResult`), and an engine's
answer judged against the expected values (`judge`).

Each case gets one verdict:
  pass   every expected value came back;
  fail   the engine answered, and something differs;
  error  the engine could not answer (raised, or said `errored`); an errored case checked
         nothing, and one the engine was given up before (`not_run`) was never put to it;
  skip   the engine declined the case (said `skipped`, with a reason);
  n/a    the engine does not play the case's variant, declares nothing the case asks, or
         deals its own cards (feature `deals`) where the case needs a deal of its own.
A case listed as an expected failure (`--expect-fail`) that fails or errors is `xfail`; one that
passes is `xpass`, "unexpectedly passing", and counts against the run as a failure would, so
that a list of known deviations cannot go stale (toml-test's choice).

A case's answer (`run`) and its score request's (`score`) are judged here alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spadespec.conformance.contract.protocol.messages import CaseResponse
from spadespec.conformance.contract.runner.grade import MISSING, Difference, compare
from spadespec.conformance.contract.suite.cases import Case

VERDICTS = ("pass", "fail", "error", "skip", "n/a", "xfail", "xpass")
BAD_VERDICTS = ("fail", "error", "xpass")
UNGRADED = ("error", "skip", "n/a")
"""Verdicts that grade no observable, whatever the case asked."""


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
    checked: tuple[str, ...] = ()
    """The features the answer was graded on (`totals`, `refusal`, ...)."""
    unchecked: tuple[str, ...] = ()
    """The observables the case asks that the engine declared nothing to show."""
    not_run: bool = False
    """An `error` never put to the engine: it had been given up (failed restarts in a row)."""

    @property
    def graded(self) -> tuple[str, ...]:
        """The features the verdict really covers: none for a case the engine declined, does
        not apply to, or errored on (an answer that never came checked nothing, not even the
        figures it would have left out)."""
        return () if self.verdict in UNGRADED else self.checked

    @property
    def final(self) -> str:
        """The verdict the run counts: `xfail`/`xpass` for a listed case that failed/passed."""
        if self.listed and self.verdict in ("fail", "error"):
            return "xfail"
        if self.listed and self.verdict == "pass":
            return "xpass"
        return self.verdict

    @property
    def line(self) -> str:
        """The verdict with what it covers: `pass (totals, bags; hands not declared)`."""
        if not self.graded:
            return self.final
        covered = ", ".join(self.graded)
        if self.unchecked:
            covered += f"; {', '.join(self.unchecked)} not declared"
        return f"{self.final} ({covered})"

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
        if self.graded:
            out["checked"] = list(self.graded)
        if self.unchecked:
            out["unchecked"] = list(self.unchecked)
        if self.differences:
            out["differences"] = [d.to_json() for d in self.differences]
        if self.message:
            out["message"] = self.message
        if self.not_run:
            out["not_run"] = True
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
            checked=tuple(data.get("checked", ())),
            unchecked=tuple(data.get("unchecked", ())),
            not_run=bool(data.get("not_run", False)),
        )


def form_check(
    engine: Any, check: Callable[[dict[str, Any]], str | None]
) -> Callable[[dict[str, Any]], str | None]:
    """`check` on the form of an engine's differing answers, or none for an engine that says
    its answers are in the canonical forms by construction (`canonical_forms`: the reference
    engine's, read off its game): a schema walk for every difference a diagnosis meets costs
    more than the rest of its run."""
    return _no_problem if getattr(engine, "canonical_forms", False) else check


def _no_problem(_answers: dict[str, Any]) -> None:
    return None


def judge(
    case: Case,
    response: CaseResponse,
    seconds: float,
    expected: dict[str, Any],
    form_problem: Callable[[dict[str, Any]], str | None],
) -> CaseResult:
    """The verdict on an engine's response: its answers against `expected`. A difference in
    form (`"10D"`, `"3"`) is the engine breaking the protocol, not a wrong answer: an error
    that says which form (`form_problem`), checked only where the answers differ."""
    stderr = str(response.get("stderr", ""))
    outcome = response.get("outcome")
    answers = response.get("answers")
    if outcome == "skipped":
        reason = str(response.get("reason", ""))
        return CaseResult(case, "skip", message=reason, seconds=seconds, stderr=stderr)
    if outcome == "errored":
        return CaseResult(
            case,
            "error",
            message=str(response.get("message", "")),
            seconds=seconds,
            stderr=stderr,
            context=response.get("context"),
            not_run=bool(response.get("not_run", False)),
        )
    if outcome != "answered" or not isinstance(answers, dict):
        message = f"not a valid response: {response!r}"
        return CaseResult(case, "error", message=message, seconds=seconds, stderr=stderr)
    differences = tuple(compare(expected, answers))
    trouble = form_problem(answers) if differences else None
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
