"""Fuzzing each deliberately broken engine finds its fault and writes a minimal case that the
broken engine fails and the reference engine passes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest
from _sweeps import sweep

from spadespec.cli.engines import open_engine
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.findings import shrink_and_write
from spadespec.conformance.analysis.fuzz.pool import run_fuzz
from spadespec.conformance.contract.suite.cases import case_schema
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.conformance.machinery.faults.record import Fuzzed
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant

# A sweep (tests/_sweeps.py): CI fuzzes every fault; the test command fuzzes a fault of play, of
# scoring, of the end of a game, of a blind nil exchange, of a three-player table, of jokers and
# of a kitty (a deal refused, whose case is tagged with the rule of the deal).
# Each fault's record (faults.yaml) says the ruleset whose games show it, the clause its case is
# tagged with, how long the case may be, and why fuzzed games cannot show it where they cannot.
FUZZED = sweep(
    [name for name, fault in FAULTS.items() if fault.expected.fuzzed is not None],
    [
        "follow-suit-not-enforced", "overtricks-not-scored", "losing-floor-ignored",
        "blind-nil-exchange-skipped", "three-player-order-reversed", "top-trumps-order-reversed",
        "kitty-ignored",
    ],
)  # fmt: skip


@pytest.mark.sweep
@pytest.mark.parametrize("name", FUZZED)
def test_fuzzing_finds_the_fault_and_writes_a_case(name: str, tmp_path: Path) -> None:
    expected = FAULTS[name].expected
    assert expected.shown_under is not None
    config = FuzzConfig(
        engine=f"fault:{name}", variant=expected.shown_under, options={},
        seed=1, games=300, opener=open_engine,
    )  # fmt: skip
    outcome = run_fuzz(config)
    assert outcome.divergence is not None, f"{name} not found in {outcome.games} games"
    found = shrink_and_write(config, outcome.divergence, tmp_path, "spadespec fuzz ...")
    assert found.reference_verdict == "pass"
    assert found.engine_verdict in ("fail", "error")
    data = json.loads(found.path.read_text())
    jsonschema.Draft202012Validator(case_schema()).validate(data)
    case = data["cases"][0]
    assert case["origin"] == {"kind": "derived", "clause": case["tags"][0]}
    assert found.path.parent.name == config.variant
    if expected.clause is not None:
        assert case["tags"][0] == expected.clause
    actions = case["actions"]
    table = table_of(load_variant(config.variant).rules)
    if expected.fuzzed is Fuzzed.PLAY:
        assert len(actions) <= 10, actions
    else:
        # One hand: its deal, a bid a seat, the two passes of an exchange, every card.
        assert len(actions) <= 1 + table.players + 2 + table.players * table.cards_per_hand
    assert sum(a["action"] == "deal" for a in actions) <= 2


def test_a_fault_served_over_the_protocol_is_found_the_same_way(tmp_path: Path) -> None:
    command = f"{sys.executable} -m spadespec faults run follow-suit-not-enforced"
    config = FuzzConfig(engine=command, variant="standard", options={}, seed=1, games=20)
    outcome = run_fuzz(config)
    assert outcome.divergence is not None
    found = shrink_and_write(config, outcome.divergence, tmp_path, "spadespec fuzz ...")
    assert (found.reference_verdict, found.engine_verdict) == ("pass", "fail")
    case = json.loads(found.path.read_text())["cases"][0]
    # Hand-checked shape: the position is a follow, and the engine let a card off suit through.
    assert case["tags"] == ["play.follow-suit"]
    assert case["expect"]["illegal"]["reason"] == "must-follow-suit"
    led = next(a for a in reversed(case["actions"]) if a["action"] == "play")["card"][1]
    assert all(card[1] == led for card in case["expect"]["legal"])
