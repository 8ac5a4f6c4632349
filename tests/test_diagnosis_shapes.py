"""Diagnosis of the engine shapes met in the wild: a neighbour is named only where the
reference under it gives the engine's answers (`tests/data/engines/house_table.py` plays each
shape). Each test runs `conform` over a few cases and reads the named rule, the reason
precedence line, or "unexplained"."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from spadespec.cli import main
from spadespec.conformance.contract.runner.run import UNEXPLAINED, diagnosed_as

ROOT = Path(__file__).resolve().parents[1]
ENGINE = f"{shlex.quote(sys.executable)} {ROOT / 'tests/data/engines/house_table.py'}"
HOUSE = ROOT / "tests/data/house/standard-at-home.yaml"


def _run(
    capsys: pytest.CaptureFixture[str], flags: str, case: str, variant: str = "standard"
) -> dict[str, Any]:
    code = main(
        ["conform", "--engine", f"{ENGINE} {flags}", "--variant", variant, "--case", case, "--json"]
    )
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == (0 if report["totals"]["fail"] + report["totals"]["error"] == 0 else 1)
    return report


def _named(report: dict[str, Any]) -> set[str | None]:
    """What the diagnosis says of each failure."""
    bad = [r["id"] for r in report["results"] if r["verdict"] in ("fail", "error")]
    return {diagnosed_as(report.get("diagnosis"), ident) for ident in bad}


def test_a_ten_for_fifty_bonus_is_named_as_the_two_linked_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    flags = "--rule scoring.big_bid_tricks=10 --rule scoring.big_bid_bonus=50"
    report = _run(capsys, flags, "standard.scoring.*")
    assert report["totals"]["fail"] > 0
    assert _named(report) == {"scoring.big_bid_tricks=10 + scoring.big_bid_bonus=50"}


def test_legal_actions_in_another_order_are_no_failure_and_do_not_change_the_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    alone = _run(capsys, "--legal-reversed", "*legal*")
    assert alone["totals"]["fail"] == 0 and alone["totals"]["pass"] == 2
    capped = _run(capsys, "--rule bidding.max_bid=6", "*legal*")
    reversed_capped = _run(capsys, "--legal-reversed --rule bidding.max_bid=6", "*legal*")
    assert _named(capped) == _named(reversed_capped) == {"bidding.max_bid=6"}


def test_a_turn_checked_before_the_bid_is_a_reason_precedence_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = _run(capsys, "--turn-first", "standard.bidding.already-bid")
    assert _named(report) == {
        "reason precedence: not-your-turn where the case expects already-bid (both hold)"
    }
    assert report["diagnosis"]["unexplained"] == [] and report["diagnosis"]["groups"] == []


@pytest.mark.parametrize("variant", ["standard", str(HOUSE)])
def test_nil_as_zero_with_double_nil_tricks_ignored_is_named_under_an_id_and_a_house_file(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    flags = "--nil-as-zero --declare standard-at-home --rule scoring.double_nil_tricks=ignored"
    report = _run(capsys, flags, "*nil*", variant)
    assert report["totals"]["fail"] == 3
    assert _named(report) == {"scoring.double_nil_tricks=ignored"}


def test_a_run_of_nothing_but_errors_explains_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(capsys, "--err-all", "standard.scoring.*")
    assert report["totals"]["error"] == len(report["results"]) > 0
    assert report["diagnosis"]["groups"] == [] and _named(report) == {UNEXPLAINED}


DECLARING = ROOT / "tests/data/engines/declaring.py"
# The fault's mistake, worked out by hand: the bag penalty is charged at eleven bags, not ten.
ELEVEN_BAGS = "scoring.bag_threshold=11"


def _keeper(fault: str) -> str:
    """A score keeper answering totals, bags and the end of the game (no hand points, no next
    dealer), scoring as the named fault does."""
    figures = "score.totals,score.bags,score.status"
    words = [sys.executable, str(DECLARING), "--features", figures, "--fault", fault]
    return shlex.join(words)


def test_a_score_keeper_asked_some_figures_is_named_as_a_full_engine_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["conform", "--engine", _keeper("penalty-at-eleven-bags"), "--variant",
                 "standard", "--case", "standard.*bags*", "--json"])  # fmt: skip
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 1
    bad = [r for r in report["results"] if r["verdict"] in ("fail", "error")]
    assert bad and all(r["id"].endswith("~score") for r in bad)
    assert all(r["checked"] == ["score.totals", "score.bags", "score.status"] for r in bad)
    assert _named(report) == {ELEVEN_BAGS}


def test_fuzz_names_a_score_keepers_difference_by_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "fuzz.jsonl"
    code = main(["fuzz", "--engine", _keeper("penalty-at-eleven-bags"), "--variant", "standard",
                 "--games", "1", "--seed", "3", "--keep-going", "--quiet",
                 "--out", str(tmp_path / "cases"), "--report", str(report)])  # fmt: skip
    capsys.readouterr()
    lines = [json.loads(raw) for raw in report.read_text().splitlines()]
    found = [line for line in lines if line["kind"] == "difference"]
    assert code == 1 and found
    assert {line["rule"] for line in found} == {ELEVEN_BAGS}
