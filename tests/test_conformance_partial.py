"""Engines that answer part of what a case asks: each observable is checked on its own, a case
is not applicable only when it asks nothing the engine declares, the verdict says what it
covers, and a run that checked nothing fails."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from spadespec.cli import main
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest, CaseResponse, EngineInfo
from spadespec.conformance.contract.report.junit import to_xml
from spadespec.conformance.contract.report.text import render
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.runner.score import score_case
from spadespec.conformance.contract.suite.cases import load_suite

STANDARD = [case for case in load_suite() if case.variant == "standard"]


class Limited(ReferenceEngine):
    """The reference engine declaring only some features; `refuse` makes every probe refused
    in free text, `drop` leaves some answers out."""

    def __init__(self, features: Iterable[str], *, refuse_all: bool = False) -> None:
        self.features = list(features)
        self.refuse_all = refuse_all
        self.asked: list[list[str]] = []

    def start(self) -> EngineInfo:
        return {**super().start(), "features": self.features}

    def run(self, request: CaseRequest) -> CaseResponse:
        self.asked.append(list(request["ask"]))
        response = super().run(request)
        if self.refuse_all and response["outcome"] == "answered" and "refusal" in request["ask"]:
            response["answers"]["refusal"] = {"refused": True, "message": "Not your turn, mate"}
        return response


def _by_id(results: Any) -> dict[str, Any]:
    return {r.case.id: r for r in results}


def test_a_totals_engine_is_checked_on_every_case_that_asks_for_totals() -> None:
    engine = Limited(["totals", "bags", "status"])
    report = run_cases(engine, STANDARD)
    asking = [c for c in STANDARD if "totals" in c.expect]
    assert asking, "standard has cases with totals"
    results = _by_id(report.results)
    for case in asking:
        result = results[case.id]
        assert result.verdict == "pass", (case.id, result.message)
        assert "totals" in result.checked
    # Only what was declared is asked, and the rest is named as not declared.
    assert all(set(asked) <= {"totals", "bags", "status"} for asked in engine.asked)
    mixed = next(r for r in report.results if "hands" in r.case.expect and r.checked)
    assert "hands" in mixed.unchecked
    assert mixed.line.startswith("pass (totals, bags, status; ")
    assert mixed.line.endswith(" not declared)") and "hands" in mixed.line
    # A case asking none of them is not applicable.
    follow = results["standard.play.must-follow-suit.1"]
    assert follow.verdict == "n/a" and not follow.checked
    assert report.ok


def test_a_wrong_total_fails_although_the_sheet_is_not_asked() -> None:
    class WrongTotals(Limited):
        def run(self, request: CaseRequest) -> CaseResponse:
            response = super().run(request)
            if response["outcome"] == "answered" and "totals" in response["answers"]:
                response["answers"]["totals"]["NS"] += 10
            return response

    report = run_cases(WrongTotals(["totals"]), STANDARD)
    failed = [r for r in report.results if r.verdict == "fail"]
    assert failed and all(d.path.startswith("$.totals") for r in failed for d in r.differences)
    assert not report.ok


def test_the_clause_table_counts_only_clauses_a_checked_observable_can_show() -> None:
    summary = run_cases(Limited(["totals", "bags", "status"]), STANDARD).summary()
    assert "play.follow-suit" not in summary["clause"]
    assert any(tag.startswith("scoring.") for tag in summary["clause"])
    assert set(summary["observable"]) == {"totals", "bags", "status"}
    full = run_cases(ReferenceEngine(), STANDARD).summary()
    assert full["clause"]["play.follow-suit"]["pass"] >= 1


def test_refusal_checks_every_probe_whatever_words_the_engine_uses() -> None:
    engine = Limited(["refusal", "blind_bids"])  # it plays blind bids: every probe is sent
    report = run_cases(engine, STANDARD)
    probes = [c for c in STANDARD if "illegal" in c.expect]
    results = _by_id(report.results)
    assert probes and all(results[c.id].checked == ("refusal",) for c in probes)
    assert all(results[c.id].verdict == "pass" for c in probes)
    # The words are never checked; only whether the probe is refused.
    assert all(asked == ["refusal"] for asked in engine.asked)


def test_an_engine_that_refuses_every_probe_fails_the_allowed_ones() -> None:
    allowed = [
        c for c in STANDARD if "illegal" in c.expect and c.expect["illegal"]["reason"] is None
    ]
    if not allowed:
        pytest.skip("no allowed-action probe among the standard cases yet")
    report = run_cases(Limited(["refusal"], refuse_all=True), STANDARD)
    results = _by_id(report.results)
    assert all(results[c.id].verdict == "fail" for c in allowed)


def test_next_deal_checks_to_act_between_hands_only() -> None:
    report = run_cases(Limited(["next_deal"]), STANDARD)
    results = _by_id(report.results)
    between = [c for c in STANDARD if c.expect.get("to_act", {}).get("phase") in ("deal", "over")]
    inside = [c for c in STANDARD if c.expect.get("to_act", {}).get("phase") in ("bid", "play")]
    assert between and inside
    assert all(results[c.id].checked == ("next_deal",) for c in between)
    assert all(results[c.id].verdict == "pass" for c in between)
    assert all("next_deal" not in results[c.id].checked for c in inside)


def test_a_run_that_checked_nothing_fails_and_says_why() -> None:
    # A feature that says how the engine writes a bid, and asks nothing of its own.
    report = run_cases(Limited(["nil_as_zero"]), STANDARD)
    assert all(r.verdict == "n/a" for r in report.results)
    assert not report.ok
    text = render(report)
    assert "OK" not in text.splitlines()[-1]
    assert f"checked nothing (0 of {len(STANDARD)} cases)" in text
    assert "features [nil_as_zero]" in text and "ask [bags" in text


def test_the_reports_say_what_a_partly_checked_case_covered(tmp_path: Path) -> None:
    case = next(c for c in STANDARD if {"hands", "totals"} <= set(c.expect))
    report = run_cases(Limited(["totals"]), [case])
    (result,) = report.results
    line = result.to_json()
    assert line["checked"] == ["totals"] and "hands" in line["unchecked"]
    xml = to_xml(report)
    out = xml.find(".//testcase/system-out")
    assert out is not None and out.text and "hands" in out.text and "not declared" in out.text
    text = render(report)
    assert "checked 1 of 1 cases (1 in part" in text


def test_min_checked_fails_a_run_that_checked_too_few(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    assert main(["conform", "--variant", "standard", "--min-checked", "1000",
                 "--report", str(out)]) == 1  # fmt: skip
    end = json.loads(out.read_text().splitlines()[-1])
    # Every standard case, and those that complete a hand once more as score requests.
    every = len(STANDARD) + sum(1 for case in STANDARD if score_case(case) is not None)
    assert end["ok"] is False and end["checked"] == every
    assert main(["conform", "--variant", "standard", "--min-checked", str(every)]) == 0
    assert main(["conform", "--variant", "standard", "--min-checked", "-1"]) == 2
