"""The runner: verdicts, differences with JSON paths, rerun commands, and the CLI's exit status."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import spadespec.conformance.contract.suite.cases
from spadespec.cli import main
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest, CaseResponse, EngineInfo
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.report.text import render
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite

HAND = "standard.hand.made-set-nil-bags.1"
FOLLOW = "standard.play.must-follow-suit.1"


def shipped(case_id: str) -> Case:
    return load_suite().by_id(case_id)


def with_expect(case: Case, change: Any) -> Case:
    expect = copy.deepcopy(case.expect)
    change(expect)
    data = copy.deepcopy(case.data)
    data["expect"] = expect
    return dataclasses.replace(case, expect=expect, data=data)


def test_a_wrong_expectation_fails_with_the_difference_and_the_rerun_command() -> None:
    def wrong(expect: dict[str, Any]) -> None:
        expect["hands"][0]["sides"]["NS"]["hand_points"] = 102  # the bag penalty forgotten

    report = run_cases(ReferenceEngine(), [with_expect(shipped(HAND), wrong)])
    result, scored = report.results
    assert result.verdict == "fail"
    # Its score request is graded on the same figure, and fails with it.
    assert scored.case.id == f"{HAND}~score" and scored.verdict == "fail"
    (difference,) = result.differences
    assert difference.path == "$.hands[0].sides.NS.hand_points"
    assert (difference.expected, difference.actual) == (102, 2)
    assert not report.ok
    text = render(report)
    assert f"FAIL {HAND}" in text
    assert "$.hands[0].sides.NS.hand_points: expected 102, got 2" in text
    assert f"rerun: spadespec conform --engine reference --case {HAND}" in text
    assert "$.hand_points[0].NS: expected 102, got 2" in text


def test_a_should_level_failure_does_not_fail_the_run() -> None:
    case = with_expect(shipped(FOLLOW), lambda e: e.update(legal=["6C"]))
    case = dataclasses.replace(case, level="should")
    report = run_cases(ReferenceEngine(), [case])
    assert report.results[0].verdict == "fail"
    assert report.ok


def test_the_request_carries_no_expected_values() -> None:
    request = request_for(shipped(FOLLOW))
    assert request["ask"] == ["legal", "illegal", "to_act"]
    assert request["probe"] == {"action": "play", "seat": "S", "card": "5H"}
    assert "expect" not in request
    assert "must-follow-suit" not in json.dumps({k: v for k, v in request.items() if k != "id"})


class StubEngine:
    """An engine that plays only `standard` and answers every case the same way."""

    def __init__(
        self, response: CaseResponse | Exception, features: list[str] | None = None
    ) -> None:
        self.response = response
        self.features = features or ["legal", "illegal", "to_act", "trick_winners", "hands",
                                     "totals", "bags", "status"]  # fmt: skip
        self.stopped = False

    def start(self) -> EngineInfo:
        return {"name": "stub", "version": "0", "language": "python", "protocol": 1,
                "variants": ["standard"], "features": self.features}  # fmt: skip

    def run(self, request: CaseRequest) -> CaseResponse:
        if isinstance(self.response, Exception):
            raise self.response
        return self.response

    def stop(self) -> None:
        self.stopped = True


def test_an_engine_that_raises_is_an_error_for_that_case_only() -> None:
    engine = StubEngine(RuntimeError("boom"))
    report = run_cases(engine, [shipped(FOLLOW), shipped(HAND)])
    assert [r.verdict for r in report.results] == ["error", "error"]
    assert "RuntimeError: boom" in report.results[0].message
    assert engine.stopped and not report.ok


def test_skipped_and_errored_responses() -> None:
    skip = run_cases(StubEngine({"outcome": "skipped", "reason": "no nil"}), [shipped(FOLLOW)])
    assert (skip.results[0].verdict, skip.results[0].message) == ("skip", "no nil")
    err = run_cases(StubEngine({"outcome": "errored", "message": "bad log"}), [shipped(FOLLOW)])
    assert err.results[0].verdict == "error"
    garbage = run_cases(StubEngine({"outcome": "answered"}), [shipped(FOLLOW)])  # type: ignore[typeddict-item]
    assert garbage.results[0].verdict == "error"


def test_an_unsupported_variant_or_observable_is_not_applicable() -> None:
    other = dataclasses.replace(shipped(FOLLOW), variant="porchlight")
    report = run_cases(StubEngine({"outcome": "answered", "answers": {}}), [other])
    # Not applicable is no failure, but a run that checked nothing is not good either.
    assert report.results[0].verdict == "n/a" and not report.ok
    assert "checked nothing (0 of 1 cases)" in report.too_few_checked()
    report = run_cases(
        StubEngine({"outcome": "answered", "answers": {}}, ["hands"]), [shipped(FOLLOW)]
    )
    assert report.results[0].verdict == "n/a"
    assert "legal" in report.results[0].message


def test_the_summary_counts_by_variant_clause_and_level() -> None:
    report = run_cases(ReferenceEngine(), [shipped(FOLLOW), shipped(HAND)])
    summary = report.summary()
    # The hand's score request is counted as a case of its own, under the hand's clauses.
    assert summary["variant"]["standard"]["pass"] == 3
    assert summary["level"]["must"]["pass"] == 3
    assert summary["clause"]["play.follow-suit"]["pass"] == 1
    assert summary["clause"]["bags.exact-threshold"]["pass"] == 2


def test_compare_treats_legal_as_a_set_and_keeps_booleans_apart_from_numbers() -> None:
    assert compare({"legal": ["2C", "3C"]}, {"legal": ["3C", "2C"]}) == []
    (diff,) = compare({"legal": ["2C", "3C"]}, {"legal": ["3C", "AS"]})
    assert diff.detail == "missing 2C; not legal but given AS"
    (diff,) = compare({"status": {"made": True}}, {"status": {"made": 1}})
    assert diff.path == "$.status.made"
    (diff,) = compare({"totals": {"NS": 10}}, {})
    assert str(diff) == '$.totals: expected {"NS": 10}, got no answer'
    (diff,) = compare({"trick_winners": [["N", "E"]]}, {"trick_winners": [["N"]]})
    assert (diff.path, diff.expected, diff.actual) == ("$.trick_winners[0].length", 2, 1)


def _suite_dir(tmp_path: Path, change: Any) -> Path:
    """A copy of the shipped hand case with one expectation changed."""
    case = shipped(HAND).to_json()
    change(case["expect"])
    folder = tmp_path / "cases" / "standard"
    folder.mkdir(parents=True)
    (folder / "hands.json").write_text(json.dumps({"cases": [case]}), encoding="utf-8")
    return tmp_path / "cases"


def test_cli_exit_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", "--case", HAND]) == 0
    assert main(["conform", "--case", "no-such-*"]) == 2
    assert main(["conform", "--engine", "nonsense"]) == 2
    capsys.readouterr()
    wrong = _suite_dir(tmp_path, lambda e: e["totals"].update(NS=999))
    monkeypatch.setattr(spadespec.conformance.contract.suite.cases, "CASES_DIR", wrong)
    assert main(["conform"]) == 1
    out = capsys.readouterr().out
    assert "$.totals.NS: expected 999, got 182" in out
    assert main(["conform", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert data["results"][0]["differences"][0] == {
        "path": "$.totals.NS",
        "expected": 999,
        "actual": 182,
    }
    assert data["rerun"][HAND] == f"spadespec conform --engine reference --case {HAND}"


def test_cli_reports_invalid_cases_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = _suite_dir(tmp_path, lambda e: None)
    text = (
        (broken / "standard" / "hands.json")
        .read_text()
        .replace("play.trick-winner", "play.trick-winer")
    )
    (broken / "standard" / "hands.json").write_text(text)
    monkeypatch.setattr(spadespec.conformance.contract.suite.cases, "CASES_DIR", broken)
    assert main(["conform"]) == 1
    err = capsys.readouterr().err
    assert "unknown tag 'play.trick-winer'" in err and "did you mean 'play.trick-winner'" in err


def test_cli_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "list", "--case", "standard.play.*", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert FOLLOW in [row["id"] for row in rows]
    assert all(row["id"].startswith("standard.play.") for row in rows)
