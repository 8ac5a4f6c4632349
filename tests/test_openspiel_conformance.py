"""OpenSpiel's Spades against the suite: its failures are exactly its expected-failure lists.

The run goes through the protocol, as CI runs it (`spadespec serve openspiel`),
once per declared variant. Skipped when `pyspiel` cannot be imported.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.subprocess_engine import SubprocessEngine
from spadespec.conformance.contract.runner.expected import read_expected_failures
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.deal import parse_pbn
from spadespec.reference_engine.seats import SEATS
from spadespec.reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ROOT / "conformance" / "machinery" / "expected"

try:
    import pyspiel  # noqa: F401

    HAVE_PYSPIEL = True
except ImportError:
    HAVE_PYSPIEL = False

needs_pyspiel = pytest.mark.skipif(
    not HAVE_PYSPIEL, reason="pyspiel is not importable: pip install 'spadespec[openspiel]'"
)


@cache
def _results(variant: str) -> dict[str, CaseResult]:
    cases = load_suite().select(variant, None, None)
    engine = SubprocessEngine(
        [sys.executable, "-m", "spadespec", "serve", "openspiel"], cwd=str(ROOT), timeout=30
    )
    report = run_cases(engine, cases, engine_spec="openspiel")
    return {result.case.id: result for result in report.results}


def _verdicts(variant: str) -> dict[str, str]:
    return {case_id: result.verdict for case_id, result in _results(variant).items()}


@needs_pyspiel
@pytest.mark.parametrize("variant", ["standard", "openspiel"])
def test_openspiel_fails_exactly_its_expected_failures(variant: str) -> None:
    listed = set(read_expected_failures(EXPECTED / f"openspiel-{variant}.txt"))
    verdicts = _verdicts(variant)
    failing = {case_id for case_id, v in verdicts.items() if v in ("fail", "error")}
    assert failing == listed
    # The adapter declines only a setup OpenSpiel cannot hold: bags apart from the score.
    skipped = [r for r in _results(variant).values() if r.verdict == "skip"]
    assert all("bags as the last digit of the score" in r.message for r in skipped)


@needs_pyspiel
def test_cases_asking_the_itemised_sheet_are_checked_on_the_rest() -> None:
    # OpenSpiel keeps no itemised sheet; a case asking for one is checked on what else it asks.
    verdicts = _verdicts("standard")
    asks_hands = {c.id for c in load_suite().select("standard", None, None) if "hands" in c.asks}
    assert asks_hands
    assert not [case_id for case_id in asks_hands if verdicts[case_id] == "n/a"]


@needs_pyspiel
def test_seat_left_of_dealer_is_player_zero() -> None:
    from spadespec.conformance.machinery.adapters.openspiel import OpenSpielEngine

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
    from spadespec.conformance.machinery.adapters.openspiel import OpenSpielEngine

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


CAPPED = "openspiel.team-maximum.second-partner-capped"


@needs_pyspiel
def test_openspiel_passes_the_case_of_its_thirteen_cap() -> None:
    assert _verdicts("openspiel")[CAPPED] == "pass"


def test_the_standard_rules_fail_the_case_of_the_thirteen_cap() -> None:
    # The same log under standard's rules: no cap, so South's 5 is allowed and 5 to 13 are legal.
    case = next(c for c in load_suite().cases if c.id == CAPPED)
    request = {**request_for(case), "variant": {"id": "standard", "options": {}}}
    answers = ReferenceEngine().run(request)["answers"]  # type: ignore[arg-type]
    assert answers["illegal"]["reason"] is None
    assert compare(case.expect, answers)


def test_openspiel_variant_validates() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "validate", "variants/openspiel.yaml"],
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


def _totals_only_cases() -> list[Any]:
    return [c for c in load_suite().cases if ".totals." in c.id]


def test_totals_only_logs_never_lead_a_spade_from_a_mixed_hand() -> None:
    """The one constraint that lets OpenSpiel replay these logs, checked card by card."""
    cases = _totals_only_cases()
    assert len(cases) >= 18
    for case in cases:
        held: dict[str, set[int]] = {}
        in_trick = 0
        for number, action in enumerate(case.actions, start=1):
            if action["action"] == "deal":
                hands = parse_pbn(action["hands"])
                held = {seat.name: set(_cards(hands[seat])) for seat in SEATS}
                in_trick = 0
            elif action["action"] == "play":
                card = parse_card(action["card"])
                hand = held[action["seat"]]
                if in_trick == 0 and card // 13 == 3:
                    mixed = any(c // 13 != 3 for c in hand)
                    assert not mixed, f"{case.id}: action {number} leads a spade from a mixed hand"
                hand.discard(card)
                in_trick = (in_trick + 1) % 4


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@needs_pyspiel
def test_openspiel_replays_every_totals_only_case_to_the_end() -> None:
    from spadespec.conformance.machinery.adapters.openspiel import OpenSpielEngine

    engine = OpenSpielEngine()
    for case in _totals_only_cases():
        request = {
            "id": case.id,
            "variant": {"id": case.variant, "options": dict(case.options)},
            "setup": case.setup,
            "actions": case.actions,
            "ask": sorted(case.asks),
        }
        response = engine.run(request)  # type: ignore[arg-type]
        assert response["outcome"] == "answered", (case.id, response)


# What OpenSpiel answers in each reproduction: the deviation the report names, and only it.
REPRODUCED = {
    # the win test reads the hand's 61 points, not the total of 521
    "openspiel.totals.target-passed-from-prior-total": (
        {"NS": 521, "EW": 360}, {"status": "continues", "winner": None}),
    "standard.totals.target-passed-from-prior-total": (
        {"NS": 521, "EW": 360}, {"status": "continues", "winner": None}),
    # the mercy test reads the hand's -60, not the total of -350
    "openspiel.totals.losing-floor-exact": (
        {"NS": 162, "EW": -350}, {"status": "continues", "winner": None}),
    # use_mercy_rule=false is ignored: a hand of -387 ends a game with no floor
    "standard.totals.double-nil-failed-with-two-bag-penalties": (
        {"NS": -378, "EW": -20}, {"status": "won", "winner": "EW"}),
    # -65 holds -5 bags, so 5 more bags reach no penalty: -20, not -120
    "openspiel.totals.bag-penalty-below-zero": (
        {"NS": 90, "EW": -20}, {"status": "continues", "winner": None}),
    "standard.totals.bag-penalty-below-zero": (
        {"NS": 90, "EW": -20}, {"status": "continues", "winner": None}),
}  # fmt: skip


@needs_pyspiel
@pytest.mark.parametrize("case_id", sorted(REPRODUCED))
def test_openspiel_answers_what_the_report_says(case_id: str) -> None:
    from spadespec.conformance.machinery.adapters.openspiel import OpenSpielEngine

    (case,) = [c for c in _totals_only_cases() if c.id == case_id]
    request = {
        "id": case.id,
        "variant": {"id": case.variant, "options": dict(case.options)},
        "setup": case.setup,
        "actions": case.actions,
        "ask": ["totals", "status"],
    }
    answers = OpenSpielEngine().run(request)["answers"]  # type: ignore[arg-type,index]
    totals, status = REPRODUCED[case_id]
    assert (answers["totals"], answers["status"]) == (totals, status)
    assert (answers["totals"], answers["status"]) != (case.expect["totals"], case.expect["status"])


@needs_pyspiel
def test_negative_score_bags_read_as_a_negative_remainder() -> None:
    from spadespec.conformance.machinery.adapters.openspiel import OpenSpielEngine

    (case,) = [c for c in _totals_only_cases() if c.id == "openspiel.totals.bags-kept-below-zero"]
    request = {
        "id": case.id,
        "variant": {"id": "openspiel", "options": {}},
        "setup": case.setup,
        "actions": case.actions,
        "ask": ["totals", "bags"],
    }
    answers = OpenSpielEngine().run(request)["answers"]  # type: ignore[arg-type,index]
    assert answers == {"totals": {"NS": 50, "EW": -65}, "bags": {"NS": 0, "EW": -5}}
    assert case.expect["bags"] == {"NS": 0, "EW": 5}
