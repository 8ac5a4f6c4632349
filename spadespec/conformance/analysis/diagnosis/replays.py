"""The reference engine's answers on a variant's cases under its neighbours, and whether they
are the engine's answers.

Each case is put to the reference as it was put to the engine: asked what the engine was
checked on, in the canonical forms (an engine's answers in its own representation, nil as 0
say, were read back before they were graded), and graded as the engine was. A replay is made
once for each set of rules and case, and shared: two neighbours that play the same rules, and
every step of the search that puts a neighbour to a case again, read the one answer.

A neighbour gives the engine's answer on a failed case when its answer differs from the
case's in the same places, with the same answers there as grading reads them (`legal` as a
set). An `error` is given only when the reference refuses the log at the same step (the action,
or the hand told to a score keeper, that the engine's message names) and, where the engine's
message names a reason code, with that code; an error whose message names no step is never
given.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol import features
from spadespec.conformance.contract.protocol.messages import (
    REPRESENTATION_FEATURES,
    SCORE,
    EngineInfo,
)
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.score_requests import case_id_of, score_request_for
from spadespec.conformance.contract.runner import checking
from spadespec.conformance.contract.runner.grade import same_answer
from spadespec.conformance.contract.runner.score import score_case
from spadespec.conformance.contract.runner.verdict import CaseResult, judge
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.variant import ResolvedVariant

_STEP = re.compile(r"\b(action|hand) (\d+)\b")
_CODES = sorted((str(code) for code in ReasonCode), key=len, reverse=True)


def step_of(message: str) -> tuple[str, int] | None:
    """The step an error message names first (`action 5`, `hand 12`), or None."""
    found = _STEP.search(message)
    return None if found is None else (found.group(1), int(found.group(2)))


def code_of(message: str) -> str | None:
    """The first stable reason code an error message names, or None."""
    places = [(m.start(), code) for code in _CODES for m in _code_spots(code, message)]
    return min(places)[1] if places else None


def _code_spots(code: str, message: str) -> Iterable[re.Match[str]]:
    return re.finditer(rf"(?<![a-z-]){re.escape(code)}(?![a-z-])", message)


def explicable(result: CaseResult) -> bool:
    """Whether a neighbour could give the engine's answer at all: a wrong answer, or an error
    that names the step it stopped at."""
    if result.verdict == "fail":
        return True
    return result.verdict == "error" and step_of(result.message) is not None


def explains(engine: CaseResult, reference: CaseResult) -> bool:
    """Whether the reference's result on a case (under a neighbour) is the engine's answer."""
    if engine.verdict == "fail":
        return reference.verdict == "fail" and _same_differences(engine, reference)
    if engine.verdict == "error" and reference.verdict == "error":
        step = step_of(engine.message)
        code = code_of(engine.message)
        same_code = code is None or code == code_of(reference.message)
        return step is not None and step == step_of(reference.message) and same_code
    return False


def keeps_right(engine: CaseResult, reference: CaseResult) -> bool:
    """Whether the reference's result on a case (under a neighbour) is right wherever the
    engine's is: a pass where the engine passed; where the engine gave wrong answers, no
    refusal and no difference but at the figures the engine got wrong. An engine's error
    shows nothing it got right."""
    if engine.verdict == "pass":
        return reference.verdict == "pass"
    if engine.verdict != "fail":
        return True
    wrong = {d.path for d in engine.differences}
    return reference.verdict in ("pass", "fail") and all(
        d.path in wrong for d in reference.differences
    )


def _same_differences(engine: CaseResult, reference: CaseResult) -> bool:
    mine = {d.path: d.actual for d in engine.differences}
    theirs = {d.path: d.actual for d in reference.differences}
    return mine.keys() == theirs.keys() and all(
        same_answer(path, value, theirs[path]) for path, value in mine.items()
    )


def _canonical(_answers: dict[str, Any]) -> None:
    return None  # the reference's answers are in the canonical forms by construction


class Replays:
    """The reference's results on the cases of one variant (at one set of options), under the
    variant and its neighbours, for an engine that declared `info`."""

    def __init__(self, base: ResolvedVariant, info: EngineInfo, cases: dict[str, Case]) -> None:
        self.base = base
        self.cases = cases
        hidden = set(REPRESENTATION_FEATURES)
        self._features = [f for f in info["features"] if f not in hidden]
        self._engine = ReferenceEngine()
        self._memo: dict[tuple[Any, str], CaseResult] = {}
        self.replayed = 0

    def result(self, variant: ResolvedVariant, of: CaseResult) -> CaseResult:
        """The reference's result, under `variant`, on the case (or score request) `of` is a
        result of: asked and graded on what the engine was."""
        key = (variant.rules, of.case.id)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._replay(variant, of)
            self.replayed += 1
        return found

    def _figures(self, of: CaseResult) -> tuple[str, ...]:
        """The score figures a keeper was asked on a request: those it was checked on, or where
        the result does not say (an error), those it declares."""
        checked = tuple(f.removeprefix(f"{SCORE}.") for f in of.checked)
        return checked or features.figures_answered(self._features)

    def _replay(self, variant: ResolvedVariant, of: CaseResult) -> CaseResult:
        case = self.cases[case_id_of(of.case.id)]
        if of.case.id != case.id:  # a score request, `<case id>~score`
            graded = score_case(case)
            asked = self._figures(of)
            told = score_request_for(case, asked)
            assert graded is not None and told is not None  # the engine was asked it
            response = self._engine.score_resolved(variant, told)
            expected = {key: graded.expect[key] for key in told["ask"]}
            return judge(graded, response, 0.0, expected, _canonical)
        checked = of.checked or checking.plan(case, self._features).checked
        response = self._engine.run_resolved(variant, request_for(case, checked))
        return judge(case, response, 0.0, checking.expected(case, checked), _canonical)
