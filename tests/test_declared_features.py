"""What an engine declares at `start`, held to: a score keeper that answers only some figures is
asked and graded on those alone, each apart; an engine that configures itself from the request
plays a house's variant file it never named; an unknown feature is refused with the name likely
meant; a skipped answer is not counted as checked; and no run with errors claims no failure."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

from _cli import run_cli

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import (
    KNOWN_FEATURES,
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.contract.protocol.score_requests import score_expect
from spadespec.conformance.contract.report.text import render
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import load_suite

ROOT = Path(__file__).resolve().parents[1]
DECLARING = ROOT / "tests" / "data" / "engines" / "declaring.py"
KEEPER = ROOT / "examples" / "score-keeper" / "score_keeper.py"
HOUSE = ROOT / "examples" / "house-rules" / "porch-200.yaml"

# North-South carry 9 bags and make 12 overtricks: 21 bags, past ten twice.
TWICE = "standard.scoring.bag-penalty-twice-in-one-hand"


def _engine(*words: str) -> str:
    return shlex.join([sys.executable, str(DECLARING), *words])


def _conform(*args: str) -> tuple[int, dict[str, Any], str]:
    done = run_cli("conform", *args, "--json")
    return done.returncode, json.loads(done.stdout), done.stderr


def _results(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {line["id"]: line for line in report["results"]}


def test_score_keeping_no_end_of_game_is_graded_on_totals_and_bags_alone() -> None:
    # The engine errs when asked a figure it did not declare: a pass shows it was not asked.
    engine = _engine("--features", "score.totals,score.bags")
    status, report, _ = _conform("--engine", engine, "--variant", "standard", "--case", TWICE)
    assert status == 0
    scored = _results(report)[f"{TWICE}~score"]
    assert scored["verdict"] == "pass"
    assert scored["checked"] == ["score.totals", "score.bags"]
    assert scored["unchecked"] == ["score.hand_points", "score.status", "score.next_dealer"]
    assert set(report["summary"]["observable"]) == {"score.totals", "score.bags"}


def test_the_example_without_end_of_game_is_checked_on_every_total_and_bag() -> None:
    keeper = shlex.join([sys.executable, str(KEEPER), "--no-game-end"])
    status, report, _ = _conform("--engine", keeper, "--variant", "standard")
    assert status == 0
    # Every standard score request giving totals (bags), counted from the case files.
    standard = [c for c in load_suite() if c.variant == "standard"]
    totals = sum(1 for c in standard if "totals" in score_expect(c))
    bags = sum(1 for c in standard if "bags" in score_expect(c))
    assert totals > 20 and bags > 20
    observable = report["summary"]["observable"]
    assert observable["score.totals"]["pass"] == totals
    assert observable["score.bags"]["pass"] == bags
    assert "score.status" not in observable and "score.next_dealer" not in observable


def test_one_bag_penalty_a_hand_fails_the_totals_and_the_bags_not_the_status() -> None:
    engine = _engine(
        "--features", "score.totals,score.bags,score.status", "--fault", "bag-penalty-paid-once"
    )
    status, report, _ = _conform("--engine", engine, "--variant", "standard", "--case", TWICE)
    assert status == 1
    scored = _results(report)[f"{TWICE}~score"]
    assert scored["verdict"] == "fail"
    # Paid once: 250 + 10 + 12 + 100 - 100 = 272, and 21 - 10 = 11 bags carried.
    assert {(d["path"], d["expected"], d["actual"]) for d in scored["differences"]} == {
        ("$.totals.NS", 172, 272),
        ("$.bags.NS", 1, 11),
    }
    observable = report["summary"]["observable"]
    assert observable["score.totals"]["fail"] == 1 and observable["score.bags"]["fail"] == 1
    assert observable["score.status"]["pass"] == 1 and observable["score.status"]["fail"] == 0


def test_an_engine_configuring_itself_plays_a_house_file_it_never_declared() -> None:
    features = "to_act,totals,bags,status,score"
    case = "porch-200.porchlight.scoring.*"
    args = ("--variant", str(HOUSE), "--case", case)
    # It declares porchlight only, the variant the file extends, and errs on any other id.
    engine = _engine("--variants", "porchlight", "--features", features + ",house_files")
    status, report, _ = _conform("--engine", engine, *args)
    assert status == 0
    assert report["checked"] >= 4
    assert report["totals"]["pass"] == len(report["results"])
    # Without the feature, the file is a variant it does not play.
    engine = _engine("--variants", "porchlight", "--features", features)
    status, report, _ = _conform("--engine", engine, *args)
    assert status == 1
    assert {line["verdict"] for line in report["results"]} == {"n/a"}


def test_a_house_file_extending_another_variant_is_not_sent() -> None:
    engine = _engine("--variants", "standard", "--features", "totals,house_files")
    status, report, _ = _conform(
        "--engine", engine, "--variant", str(HOUSE), "--case", "porch-200.porchlight.scoring.*"
    )
    assert status == 1
    assert {line["verdict"] for line in report["results"]} == {"n/a"}


def test_the_served_reference_declares_it_configures_itself() -> None:
    assert "house_files" in ReferenceEngine().start()["features"]


def test_an_unknown_feature_is_refused_at_start_with_the_name_likely_meant() -> None:
    done = run_cli("conform", "--engine", _engine("--features", "legal,toatls"), "--case", TWICE)
    assert done.returncode == 1
    assert "unknown feature 'toatls' (did you mean 'totals'?)" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


class _Misnamed(ReferenceEngine):
    def start(self) -> EngineInfo:
        return {**super().start(), "features": ["scroe.totals"]}


def test_an_engine_in_process_is_refused_an_unknown_feature_too() -> None:
    case = next(c for c in load_suite() if c.id == TWICE)
    report = run_cases(_Misnamed(), [case])
    assert "did you mean 'score.totals'?" in report.start_error
    assert [r.verdict for r in report.results] == ["error"]


class _Always(ReferenceEngine):
    """Gives one response to every request, run or score: a skip, or an error."""

    def __init__(self, response: CaseResponse) -> None:
        super().__init__()
        self.response = response

    def run(self, request: CaseRequest) -> CaseResponse:
        return self.response

    def score(self, request: ScoreRequest) -> CaseResponse:
        return self.response


def test_a_skipped_answer_is_not_counted_as_checked() -> None:
    case = next(c for c in load_suite() if c.id == TWICE)
    report = run_cases(_Always({"outcome": "skipped", "reason": "not today"}), [case])
    assert [r.verdict for r in report.results] == ["skip", "skip"]
    assert all(r.checked == () for r in report.results)
    summary = report.summary()
    assert summary["observable"] == {} and summary["clause"] == {}
    assert report.checked_cases() == 0 and not report.ok


def test_no_failure_is_claimed_over_a_run_where_cases_errored() -> None:
    cases = [c for c in load_suite() if c.id.startswith("standard.scoring.bag-penalty")]
    errs = _Always({"outcome": "errored", "message": "out of cheese"})
    text = render(run_cases(errs, cases))
    assert "no failure" not in text
    assert "errored: no clause is said to be free of failures" in text
    # A clean run still says so.
    assert "clauses seen: no failure" in render(run_cases(ReferenceEngine(), cases))


def test_every_feature_the_runner_knows_has_its_row_in_the_protocol_page() -> None:
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if "| feature |" in line]
    named = {name for row in rows for name in re.findall(r"`([a-z_.]+)`", row.split("|")[1])}
    assert named == set(KNOWN_FEATURES)


def test_cases_of_blind_numeric_bids_are_not_applicable_without_the_feature() -> None:
    features = "legal,illegal,to_act,hands,totals,bags,status,score"
    args = ("--variant", "blind-six-double")
    engine = _engine("--variants", "blind-six-double", "--features", features)
    _, report, _ = _conform("--engine", engine, *args)
    verdicts = {line["id"]: line["verdict"] for line in report["results"]}
    # Every worked case holds a blind bid, in its log, its probe or its legal list: none is
    # sent; the ruleset's probes, where nobody trails and no blind bid is legal, all are.
    blind = {case for case in verdicts if ".blind-bid." in case}
    assert len(blind) == 12
    assert {verdicts[case] for case in blind} == {"n/a"}
    assert {v for case, v in verdicts.items() if case not in blind} == {"pass"}
    engine = _engine("--variants", "blind-six-double", "--features", features + ",blind_bids")
    status, report, _ = _conform("--engine", engine, *args)
    assert status == 0
    assert {line["verdict"] for line in report["results"]} == {"pass"}
