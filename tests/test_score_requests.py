"""Score requests: every case that completes a hand, told to a score keeper as bids and tricks
only, and graded on the figures its file gives. An engine that only keeps score is checked on
every scoring and game-end clause, and a scoring fault fails a named case through these alone."""

from __future__ import annotations

import ast
import json
import shlex
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import wire_answer
from spadespec.conformance.contract.protocol.messages import (
    BLIND_BIDS,
    SCORE,
    SCORE_FIGURES,
    TABLES,
    EngineInfo,
)
from spadespec.conformance.contract.protocol.score_requests import (
    score_expect,
    score_id,
    score_request_for,
)
from spadespec.conformance.contract.protocol.wire import problem, score_request
from spadespec.conformance.contract.runner.run import RunReport, run_cases
from spadespec.conformance.contract.runner.score import offered, score_case
from spadespec.conformance.contract.suite.cases import Case, load_suite, resolved
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine, scoring_faults
from spadespec.reference_engine.table import table_of

ROOT = Path(__file__).resolve().parents[1]
SUITE = list(load_suite())
SCORED = [case for case in SUITE if score_case(case) is not None]
KEEPER = shlex.join([sys.executable, str(ROOT / "examples" / "score-keeper" / "score_keeper.py")])
NODE = shutil.which("node")

# The clauses a score keeper answers for: how a hand scores, and when and how the game ends.
SCORING_CLAUSES = ("scoring.", "game_end.", "game.")


class ScoreOnly(ReferenceEngine):
    """The reference engine declaring nothing but the feature `score` (and `blind_bids`: it
    keeps the score of blind numeric bids too; and `tables`: of five players too)."""

    def start(self) -> EngineInfo:
        return {**super().start(), "features": [SCORE, BLIND_BIDS, TABLES]}


class FaultyScorer(FaultyEngine):
    """A broken reference engine asked nothing but score requests."""

    def start(self) -> EngineInfo:
        return {**super().start(), "features": [SCORE, BLIND_BIDS, TABLES]}


def test_every_case_that_completes_a_hand_offers_one_score_request() -> None:
    # A case whose file gives no score keeper's figure (only the next hand's bidder) asks none.
    assert len(SCORED) >= 190
    assert offered(SUITE) == [score_id(case.id) for case in SCORED]
    kinds = {case.origin["kind"] for case in SCORED}
    assert {"recorded", "source", "derived", "ruleset"} <= kinds
    assert any(case.status == "erratum" for case in SCORED)


def test_a_score_request_carries_no_expected_value() -> None:
    for number, case in enumerate(SCORED, start=1):
        request = score_request_for(case)
        assert request is not None
        assert set(request) == {"id", "variant", "setup", "hands", "ask"}
        assert request["id"] == f"{case.id}~score"
        assert request["setup"] == case.setup
        assert request["ask"] == [key for key in SCORE_FIGURES if key in score_expect(case)]
        assert all(set(hand) == {"bids", "tricks"} for hand in request["hands"])
        assert problem("request", score_request(number, request)) is None, case.id


def test_the_hands_are_the_logs_bids_and_tricks() -> None:
    for case in SCORED:
        request = score_request_for(case)
        assert request is not None
        variant = resolved(case.variant, tuple(sorted(case.options.items())))
        tricks = table_of(variant.rules).cards_per_hand
        for hand in request["hands"]:
            assert sum(hand["tricks"].values()) == tricks, case.id
        # Where the case itemises its hands, the sheet shows the same bids and tricks.
        sheets = case.expect.get("hands")
        if sheets is not None:
            told = [{"bids": s["bids"], "tricks": s["tricks"]} for s in sheets]
            assert request["hands"] == told, case.id


def test_only_the_figures_the_case_file_gives_are_asked() -> None:
    case = next(c for c in SCORED if c.id == "standard.hand.made-set-nil-bags.1")
    assert score_expect(case) == {
        "hand_points": [{"NS": 2, "EW": 80}],
        "totals": {"NS": 182, "EW": 175},
        "bags": {"NS": 0, "EW": 3},
        "status": {"status": "continues", "winner": None},
        "next_dealer": "E",
    }
    totals_only = replace(case, expect={"totals": case.expect["totals"]})
    assert score_expect(totals_only) == {"totals": {"NS": 182, "EW": 175}}
    over = replace(case, expect={"to_act": {"phase": "over", "seat": None}})
    assert score_expect(over) == {"next_dealer": None}
    # A to_act in the next hand's bidding names the bidder, not the dealer: nothing to ask.
    bidding = replace(case, expect={"to_act": {"phase": "bid", "seat": "S"}})
    assert score_expect(bidding) == {} and score_request_for(bidding) is None
    unfinished = replace(case, actions=case.actions[:-1])
    assert score_request_for(unfinished) is None


def test_an_erratum_is_graded_on_what_the_rules_give() -> None:
    erratum = next(case for case in SCORED if case.status == "erratum")
    expect = score_expect(erratum)
    assert erratum.source_expect is not None
    assert all(expect[key] == erratum.expect[key] for key in expect if key in erratum.expect)


def _run(engine: Any, cases: list[Case]) -> RunReport:
    return run_cases(engine, cases, engine_spec="score-only")


def test_an_engine_that_only_keeps_score_is_checked_on_every_scoring_clause() -> None:
    report = _run(ScoreOnly(), SUITE)
    scored = [r for r in report.results if r.case.id.endswith("~score")]
    assert len(scored) == len(SCORED)
    assert {r.verdict for r in scored} == {"pass"}
    assert {r.verdict for r in report.results if r not in scored} == {"n/a"}
    assert report.ok
    assert {r.case.variant for r in scored} == {case.variant for case in SCORED}
    checked = {tag for r in scored for tag in r.case.tags}
    carried = {tag for case in SUITE for tag in case.tags if tag.startswith(SCORING_CLAUSES)}
    assert carried - checked == set()


# The faults whose records name score requests that catch them, the engine asked nothing else.
SCORE_FAULTS = [name for name, fault in FAULTS.items() if fault.expected.score_caught_by]


def test_every_scoring_fault_has_score_requests_named_to_catch_it() -> None:
    in_scoring = {
        n for n, f in FAULTS.items()
        if f.change is not None and f.change.__module__ == scoring_faults.__name__
    }  # fmt: skip
    assert in_scoring <= set(SCORE_FAULTS)
    assert len(SCORE_FAULTS) >= 37


@pytest.mark.parametrize("name", SCORE_FAULTS)
def test_the_scoring_fault_fails_its_cases_through_score_requests_alone(name: str) -> None:
    named = FAULTS[name].expected.score_caught_by
    cases = [case for case in SCORED if case.id in named]
    assert len(cases) == len(named)
    report = _run(FaultyScorer(FAULTS[name]), cases)
    failed = {r.case.id for r in report.results if r.bad}
    assert failed == {score_id(case.id) for case in cases}
    assert {r.verdict for r in _run(ScoreOnly(), cases).results} == {"n/a", "pass"}


def test_the_reference_answers_within_the_schema_and_through_serve() -> None:
    engine = ReferenceEngine()
    assert SCORE in engine.start()["features"]
    case = next(c for c in SCORED if c.variant == "cutthroat")
    request = score_request_for(case)
    assert request is not None
    answer = {"seq": 1, **wire_answer(engine.score(request))}
    assert problem("scoreResponse", answer) is None
    assert set(answer["result"]["totals"]) == {"N", "E", "S"}
    lines = [{"cmd": "start", "protocol": 1}, score_request(1, request), {"cmd": "stop"}]
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "serve"],
        input="".join(json.dumps(m) + "\n" for m in lines),
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[1]) == answer


def test_a_setup_the_reference_cannot_score_from_is_an_error_not_a_crash() -> None:
    request = score_request_for(SCORED[0])
    assert request is not None
    request["setup"] = {**request["setup"], "dealer": "X"}
    response = ReferenceEngine().score(request)
    assert response["outcome"] == "errored"
    assert "cannot be scored" in response.get("message", "")


@pytest.mark.parametrize("bid", [14, 17])
def test_a_bid_of_more_tricks_than_a_hand_holds_is_an_error_not_a_score(bid: int) -> None:
    request = score_request_for(SCORED[0])
    assert request is not None
    hand = request["hands"][0]
    request["hands"] = [{**hand, "bids": {**hand["bids"], "N": bid}}]
    response = ReferenceEngine().score(request)
    assert response["outcome"] == "errored"
    assert f"bid {bid}" in response.get("message", "")


@pytest.mark.parametrize(
    "scores", [{"NS": 0.5, "EW": 0}, {"NS": 0, "EW": 0, "W": 0}, {"NS": 0}], ids=str
)
def test_setup_scores_that_are_not_a_whole_number_for_each_side_are_an_error(
    scores: dict[str, float],
) -> None:
    request = score_request_for(SCORED[0])
    assert request is not None  # a four-seat table of two sides, NS and EW
    request["setup"] = {**request["setup"], "scores": scores}
    response = ReferenceEngine().score(request)
    assert response["outcome"] == "errored"
    assert "setup: scores must be" in response.get("message", "")


def test_the_score_keeper_example_passes_every_standard_case_it_is_offered() -> None:
    standard = [case for case in SUITE if case.variant == "standard"]
    others = [case for case in SCORED if case.variant != "standard"][:3]
    report = run_cases(open_engine(KEEPER, timeout=30), standard + others, engine_spec=KEEPER)
    assert report.engine["features"] == [SCORE] and report.engine["variants"] == ["standard"]
    for result in report.results:
        # It answers no observable of a case, and keeps score only for standard.
        scoring = result.case.id.endswith("~score") and result.case.variant == "standard"
        assert result.verdict == ("pass" if scoring else "n/a"), result.case.id
    passed = [r for r in report.results if r.verdict == "pass"]
    assert len(passed) == len([case for case in SCORED if case.variant == "standard"])
    assert report.ok


def test_the_score_keeper_example_needs_only_the_standard_library() -> None:
    tree = ast.parse((ROOT / "examples" / "score-keeper" / "score_keeper.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}  # fmt: skip
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}  # fmt: skip
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


@pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed")
def test_the_javascript_example_keeps_score() -> None:
    command = shlex.join([NODE or "node", str(ROOT / "examples" / "js-engine" / "spades.js")])
    cases = [case for case in SCORED if case.variant == "standard"]
    report = run_cases(open_engine(command, timeout=30), cases, engine_spec=command)
    scored = [r for r in report.results if r.case.id.endswith("~score")]
    assert len(scored) == len(cases)
    assert {r.verdict for r in report.results} == {"pass"}
