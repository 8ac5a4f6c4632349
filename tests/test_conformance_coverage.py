"""`spadespec conform coverage`: which rules and values have cases, and which have none."""

from __future__ import annotations

import dataclasses
import json

import pytest

from spadespec.cli import main
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.contract.suite.coverage import measure, render

FOLLOW = "standard.play.must-follow-suit.1"
FIRST_LEAD = "standard.play.first-lead.any-but-spades.1"


def test_a_tag_no_case_carries_is_reported_missing() -> None:
    case = load_suite().by_id(FIRST_LEAD)
    coverage = measure([case], variant_ids=["standard"])
    (standard,) = coverage.variants
    assert standard.rules["play.first_lead"] == [FIRST_LEAD]
    assert standard.rules["scoring.set_penalty"] == []
    assert "scoring.set_penalty" in standard.uncovered
    assert coverage.values["play.first_lead=any"] == [FIRST_LEAD]
    assert "scoring.set_penalty=per-trick-bid" in coverage.uncovered_values
    assert "play.follow-suit" in coverage.uncovered_mechanics
    assert coverage.gaps > 0
    text = render(coverage)
    assert "no case: scoring.set_penalty" in text
    assert "no case: play.follow-suit" in text


def test_a_value_no_measured_variant_plays_is_not_a_gap() -> None:
    coverage = measure(load_suite().cases, variant_ids=["standard"])
    assert "game_end.target_rule=exceed" in coverage.unused_values
    assert "game_end.target_rule=exceed" not in coverage.values


def test_tagging_a_rule_covers_it_for_that_variant_only() -> None:
    case = load_suite().by_id(FOLLOW)
    tagged = dataclasses.replace(case, tags=("play.follow-suit", "scoring.set_penalty"))
    coverage = measure([tagged], variant_ids=["standard", "porchlight"])
    standard, porchlight = coverage.variants
    assert standard.rules["scoring.set_penalty"] == [FOLLOW]
    assert porchlight.rules.get("scoring.set_penalty", []) == []
    assert coverage.mechanics["play.follow-suit"] == [FOLLOW]


def test_coverage_exits_0_now_that_every_rule_has_a_case(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["gaps"] == 0
    assert FOLLOW in data["mechanics"]["play.follow-suit"]
    assert data["uncovered_mechanics"] == []


def test_coverage_exits_1_while_anything_is_uncovered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds_only = load_suite().select(variant="standard", pattern="standard.play.*")
    monkeypatch.setattr(
        "spadespec.conformance.cli.load_suite",
        lambda *a, **k: type(load_suite())(tuple(seeds_only)),
    )
    assert main(["conform", "coverage", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["gaps"] > 0
    assert "game.replay" in data["uncovered_mechanics"]


def test_every_reason_code_a_probe_can_reach_has_a_case() -> None:
    from spadespec.conformance.contract.suite.reason_codes import NOT_PROBED
    from spadespec.reference_engine.reason_codes import ReasonCode

    coverage = measure(load_suite().cases)
    assert coverage.uncovered_reasons == []
    assert set(coverage.reasons) | set(NOT_PROBED) == {code.value for code in ReasonCode}
    text = render(coverage)
    for code in ("game-over", "wrong-phase", "blind-nil-not-allowed", "already-bid"):
        assert f"  {code}: " in text
    assert "no probe can reach" in text and "malformed-action" in text


def test_a_reason_code_with_no_case_is_a_gap() -> None:
    coverage = measure([load_suite().by_id(FOLLOW)], variant_ids=["standard"])
    assert coverage.reasons["must-follow-suit"] == [FOLLOW]
    assert "wrong-phase" in coverage.uncovered_reasons
    assert "malformed-action" not in coverage.reasons
    assert "  no case: wrong-phase" in render(coverage)
