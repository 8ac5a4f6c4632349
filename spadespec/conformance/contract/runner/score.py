"""Putting a case's score request to a score keeper, and judging the answer.

An engine that declares the feature `score` is sent, after each case whose log completes a hand,
that case as a score keeper is told it (`protocol/score_requests.py`). Its verdict is reported
as a case of its own, `<case id>~score`, with the case's variant, level and tags, and graded as
a case is: against the figures the case file gives, compared over the expected keys. A keeper
declares the figures it answers (`score`: all of them; `score.totals`, `score.bags`, ...: those),
and each is asked and checked as an observable of its own.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from spadespec.conformance.contract.protocol import blind_bids, features, nil_as_zero, tables
from spadespec.conformance.contract.protocol.messages import (
    CaseResponse,
    Engine,
    EngineInfo,
    ScoreKeeper,
)
from spadespec.conformance.contract.protocol.score_requests import (
    score_expect,
    score_id,
    score_request_for,
)
from spadespec.conformance.contract.protocol.wire import score_result_problem
from spadespec.conformance.contract.runner.verdict import CaseResult, form_check
from spadespec.conformance.contract.runner.verdict import judge as judge_answer
from spadespec.conformance.contract.suite.cases import Case


def keeps_score(info: EngineInfo) -> bool:
    """Whether the engine asks to be sent score requests: it declares `score`, or the feature
    of one figure at least (`score.totals`, ...)."""
    return features.keeps_score(info["features"])


def score_case(case: Case) -> Case | None:
    """The case as its score request is graded: its id `<case id>~score`, and as `expect` the
    figures a score keeper is asked; None when the case offers no score request."""
    expect = score_expect(case)
    if not expect:
        return None
    return replace(case, id=score_id(case.id), expect=expect)


def score_results(engine: Engine, info: EngineInfo, case: Case) -> list[CaseResult]:
    """The verdict on the case's score request, for an engine that keeps score; nothing when
    the engine does not, or the case offers none. Each figure the engine answers is checked on
    its own (`score.totals`, ...); one it does not declare is neither asked nor checked."""
    graded = score_case(case) if keeps_score(info) else None
    if graded is None:
        return []
    if not features.plays(info, case.variant):
        message = f"the engine does not play variant {case.variant}"
        return [CaseResult(graded, "n/a", message=message)]
    blind = blind_bids.not_applicable(info, case) or tables.not_applicable(info, case)
    if blind:
        return [CaseResult(graded, "n/a", message=blind)]
    answered = features.figures_answered(info["features"])
    asked = tuple(key for key in graded.expect if key in answered)
    unchecked = tuple(features.figure_feature(k) for k in graded.expect if k not in answered)
    if not asked:
        message = f"the engine declares none of {', '.join(unchecked)}"
        return [CaseResult(graded, "n/a", message=message, unchecked=unchecked)]
    checked = tuple(features.figure_feature(key) for key in asked)
    results = _score(engine, info, case, graded, list(asked))
    return [replace(r, checked=checked if r.verdict != "skip" else (), unchecked=unchecked)
            for r in results]  # fmt: skip


def _score(
    engine: Engine, info: EngineInfo, case: Case, graded: Case, asked: list[str]
) -> list[CaseResult]:
    """Put the score request, asking the figures `asked`, and judge the answer on those."""
    if not isinstance(engine, ScoreKeeper):
        message = "the engine declares the feature score but has no score()"
        return [CaseResult(graded, "error", message=message)]
    refusal = nil_as_zero.refused(case) if nil_as_zero.declared(info) else None
    if refusal:
        return [CaseResult(graded, "error", message=refusal)]
    request = score_request_for(case, asked)
    assert request is not None  # the case gives figures to ask, as `graded` shows
    if nil_as_zero.declared(info):
        request = nil_as_zero.told_score(request)
    started = time.perf_counter()
    try:
        response: CaseResponse = engine.score(request)
    except Exception as exc:  # an engine's crash is that request's error, never the runner's
        message = f"the engine raised {type(exc).__name__}: {exc}"
        return [CaseResult(graded, "error", message=message)]
    expected = {key: graded.expect[key] for key in asked}
    return [judge(graded, response, time.perf_counter() - started, engine, expected)]


def judge(
    graded: Case,
    response: CaseResponse,
    seconds: float,
    engine: Any = None,
    expected: dict[str, Any] | None = None,
) -> CaseResult:
    """The verdict on a score keeper's response, reached as a case's is: on the figures
    `expected` (by default every figure the case gives)."""
    form = form_check(engine, score_result_problem)
    wanted = graded.expect if expected is None else expected
    return judge_answer(graded, response, seconds, wanted, form)


def offered(cases: Iterable[Case]) -> list[str]:
    """The ids of the score requests the cases offer an engine that keeps score."""
    return [score_id(case.id) for case in cases if score_expect(case)]


def resumed_results(
    case: Case, lines: Mapping[str, dict[str, Any]], engine: Mapping[str, Any]
) -> list[CaseResult] | None:
    """What an earlier report holds for a case (`lines` by id, from a run of `engine`): its
    result, and its score request's where that engine keeps score; None when any of these is
    missing, so the case runs again."""
    if case.id not in lines:
        return None
    results = [CaseResult.from_json(case, lines[case.id])]
    graded = score_case(case) if features.keeps_score(engine.get("features", ())) else None
    if graded is not None:
        if graded.id not in lines:
            return None
        results.append(CaseResult.from_json(graded, lines[graded.id]))
    return results
