"""An engine that fails every request after `start`: each request errored checks nothing, and
after three failed restarts in a row the engine is given up, the cases left counted as not run
and said so, at no further cost; an engine that answers between its failures is never given
up."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from spadespec.conformance.contract.protocol.subprocess_engine import (
    GIVEN_UP,
    MAX_RESTARTS,
    SubprocessEngine,
)
from spadespec.conformance.contract.report.jsonl import ReportWriter
from spadespec.conformance.contract.report.text import render
from spadespec.conformance.contract.runner.run import RunReport, run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "data" / "engines"
CASES = 8


def engine(name: str, *words: str, timeout: float = 10.0) -> SubprocessEngine:
    argv = [sys.executable, str(ENGINES / f"{name}.py"), *words]
    return SubprocessEngine(shlex.join(argv), timeout=timeout)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_suite().select("standard")[:CASES]


def test_an_engine_crashing_on_every_request_is_given_up_after_three_failed_restarts(
    cases: list[Case],
) -> None:
    report = run_cases(engine("crash"), cases)
    tried = [r for r in report.results if not r.not_run]
    # The first process's request, then one for each of the three restarts.
    assert len(tried) == 1 + MAX_RESTARTS
    assert all("exited (status 3)" in r.message for r in tried)
    left = report.results[len(tried) :]
    assert [r.not_run for r in left] == [True] * (CASES - len(tried))
    assert all(r.verdict == "error" and GIVEN_UP in r.message for r in left)
    assert report.not_run() == CASES - len(tried)
    assert report.checked_cases() == 0 and not report.ok
    text = render(report)
    assert f"{CASES - len(tried)} cases not run: {GIVEN_UP}" in text
    assert "not tried" not in text  # the cases not run are said once, not listed one by one
    assert f"{CASES} errored, {CASES - len(tried)} of them not run" in text


def test_a_hanging_engine_costs_four_timeouts_and_no_more(cases: list[Case]) -> None:
    started = time.perf_counter()
    report = run_cases(engine("hang", timeout=0.3), cases)
    seconds = time.perf_counter() - started
    assert report.not_run() == CASES - 1 - MAX_RESTARTS
    assert all("no answer" in r.message for r in report.results[: 1 + MAX_RESTARTS])
    assert seconds < (1 + MAX_RESTARTS) * 0.3 + 4  # restarts cost a Python start each


def test_an_engine_that_answers_between_failures_is_never_given_up(cases: list[Case]) -> None:
    # Each process answers its first request and dies on its second: every restart lives.
    report = run_cases(engine("crash", "--from-request", "2"), cases[:6])
    assert report.not_run() == 0  # three restarts, each answering before it fails
    assert [r.verdict for r in report.results] == ["pass", "error"] * 3


def test_an_errored_case_checks_nothing_not_even_what_it_asked(
    cases: list[Case], tmp_path: Path
) -> None:
    wrong = cases[0].id
    report = run_cases(engine("garbage", "--on", wrong), cases)
    errored = report.results[0]
    assert errored.verdict == "error" and errored.checked  # asked, but not graded
    assert errored.graded == () and "checked" not in errored.to_json()
    assert errored.line == "error"
    assert report.checked_cases() == CASES - 1
    asked = set(errored.checked)
    for feature, counts in report.summary()["observable"].items():
        assert counts["error"] == 0, feature
    passed = sum(1 for r in report.results[1:] if asked & set(r.checked))
    assert sum(sum(report.summary()["observable"][f].values()) for f in asked) >= passed
    assert report.not_run() == 0
    _schema_valid(report, tmp_path)


def _schema_valid(report: RunReport, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    writer = ReportWriter(path)
    for result in report.results:
        writer.case(result)
    writer.end(report, 1.0)
    writer.close()
    schema = json.loads((ROOT / "schema" / "report.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for line in path.read_text().splitlines():
        assert not list(validator.iter_errors(json.loads(line))), line
