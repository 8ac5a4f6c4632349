"""OpenSpiel's Spades against the suite: its failures are exactly its expected-failure lists.

The run goes through the protocol, as CI runs it (`python3 -m conformance.adapters.openspiel`),
once per declared variant. Skipped when `pyspiel` cannot be imported.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cases import load_suite
from conformance.expected import read_expected_failures
from conformance.reference_adapter import ReferenceEngine
from conformance.runner import run_cases
from conformance.subprocess_engine import SubprocessEngine
from reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ROOT / "conformance" / "expected"

try:
    import pyspiel  # noqa: F401

    HAVE_PYSPIEL = True
except ImportError:
    HAVE_PYSPIEL = False

needs_pyspiel = pytest.mark.skipif(
    not HAVE_PYSPIEL, reason="pyspiel is not importable: pip install 'spadespec[openspiel]'"
)


def _verdicts(variant: str) -> dict[str, str]:
    cases = load_suite().select(variant, None, None)
    engine = SubprocessEngine(
        [sys.executable, "-m", "conformance.adapters.openspiel"], cwd=str(ROOT), timeout=30
    )
    report = run_cases(engine, cases, engine_spec="openspiel")
    return {result.case.id: result.verdict for result in report.results}


@needs_pyspiel
@pytest.mark.parametrize("variant", ["standard", "openspiel"])
def test_openspiel_fails_exactly_its_expected_failures(variant: str) -> None:
    listed = set(read_expected_failures(EXPECTED / f"openspiel-{variant}.txt"))
    verdicts = _verdicts(variant)
    failing = {case_id for case_id, v in verdicts.items() if v in ("fail", "error")}
    assert failing == listed
    assert not [case_id for case_id, v in verdicts.items() if v == "skip"]


@needs_pyspiel
def test_cases_asking_the_itemised_sheet_are_not_applicable() -> None:
    verdicts = _verdicts("standard")
    asks_hands = {c.id for c in load_suite().select("standard", None, None) if "hands" in c.asks}
    assert asks_hands
    assert {case_id for case_id, v in verdicts.items() if v == "n/a"} == asks_hands


@needs_pyspiel
def test_seat_left_of_dealer_is_player_zero() -> None:
    from conformance.adapters.openspiel import OpenSpielEngine

    deal = "N:KQJT.KQJ.AKQ.AKQ 987.AT98.JT9.JT9 A65.765.8765.876 432.432.432.5432"
    request = {
        "id": "t",
        "variant": {"id": "standard", "options": {}},
        "setup": {"dealer": "W", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
        "actions": [{"action": "deal", "hands": deal}],
        "ask": ["to_act", "illegal"],
        "probe": {"action": "bid", "seat": "E", "bid": 3},
    }
    answers = OpenSpielEngine().run(request)["answers"]  # type: ignore[arg-type]
    assert answers["to_act"] == {"phase": "bid", "seat": "N"}
    assert answers["illegal"]["reason"] == "not-your-turn"


@needs_pyspiel
def test_a_start_whose_bags_are_not_the_scores_last_digit_is_skipped() -> None:
    from conformance.adapters.openspiel import OpenSpielEngine

    request = {
        "id": "t",
        "variant": {"id": "standard", "options": {}},
        "setup": {"dealer": "N", "scores": {"NS": 200, "EW": 0}, "bags": {"NS": 8, "EW": 0}},
        "actions": [],
        "ask": ["totals"],
    }
    response = OpenSpielEngine().run(request)  # type: ignore[arg-type]
    assert response["outcome"] == "skipped"
    assert "NS cannot start on 200 with 8 bags" in response["reason"]


def test_openspiel_variant_validates() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "reference_engine", "validate", "variants/openspiel.yaml"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    rules = load_variant("openspiel").rules
    assert rules.game_end.losing_floor == -350
    assert rules.play.spades_lead == "after-broken"


def test_reference_engine_passes_the_openspiel_cases() -> None:
    cases = load_suite().select("openspiel", None, None)
    assert len(cases) >= 10
    report = run_cases(ReferenceEngine(), cases, engine_spec="reference")
    assert [r.case.id for r in report.results if r.verdict != "pass"] == []
