"""Diagnosis: the rule an engine plays differently is named by the neighbour of the variant
under which the reference engine answers as the engine did; a mistake that is no rule's value
is left unexplained. A sample of the named faults, each run on one variant it shows in, as its
record says (`benchmarks/diagnosis.py` runs every fault over the whole suite)."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from spadespec.cli import main
from spadespec.conformance.analysis.diagnosis.neighbours import (
    candidate_values,
    from_label,
    single_changes,
)
from spadespec.conformance.analysis.diagnosis.search import diagnose, matches_rule
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine
from spadespec.reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]

# (fault, a ruleset it shows in, the change it is, worked out from the fault's mistake), from
# each fault's record (`diagnosed_as`); a change of None: every failure is left unexplained.
DIAGNOSED = [
    (name, variant, change)
    for name, fault in FAULTS.items()
    for variant, change in fault.expected.diagnosed_as.items()
]
RULE_FAULTS = [(name, variant, change) for name, variant, change in DIAGNOSED if change]
OTHER_FAULTS = [(name, variant) for name, variant, change in DIAGNOSED if change is None]


def _diagnosed(
    fault: str, variant: str
) -> tuple[int, dict[str, list[str]], list[list[str]], list[str]]:
    """The failures of a fault on one variant's cases, the best neighbour of each group with
    the failures it explains, every group's explaining neighbours, and what is unexplained."""
    cases = load_suite().select(variant=variant)
    report = run_cases(FaultyEngine(FAULTS[fault]), cases, engine_spec=f"fault:{fault}")
    found = diagnose(report.results, cases, report.engine)
    labels: dict[str, list[str]] = {}
    for group in found.groups:
        labels.setdefault(group.best.label, []).extend(group.cases)
    explaining = [[n.label for n in group.neighbours] for group in found.groups]
    return len(report.failures()), labels, explaining, found.unexplained


def test_the_best_neighbour_is_the_one_rule_that_explains_everything() -> None:
    _, labels, explaining, _ = _diagnosed("penalty-at-eleven-bags", "standard")
    # Eleven bags, not twelve or twenty: the nearest figure that gives the engine's answers.
    assert list(labels) == ["scoring.bag_threshold=11"]
    assert all(every[0] == "scoring.bag_threshold=11" for every in explaining)


@pytest.mark.parametrize(("fault", "variant", "change"), RULE_FAULTS)
def test_a_fault_that_is_a_rule_change_is_diagnosed_as_that_rule(
    fault: str, variant: str, change: str
) -> None:
    failures, labels, explaining, unexplained = _diagnosed(fault, variant)
    assert failures > 0 and unexplained == []
    # Every failure is explained; the change is among the neighbours listed (a spade led from
    # a hand of spades: spades led any time answers those cases alike), and each group lists
    # the change the registry records (or part of it, where the cases show only that part).
    assert sum(len(ids) for ids in labels.values()) == failures
    assert any(change in every for every in explaining)
    record = FAULTS[fault].rule
    assert record is not None
    assert all(any(matches_rule(label, record) for label in every) for every in explaining)


@pytest.mark.parametrize(("fault", "variant"), OTHER_FAULTS)
def test_a_fault_that_is_no_rule_is_unexplained(fault: str, variant: str) -> None:
    failures, labels, _, unexplained = _diagnosed(fault, variant)
    assert failures > 0 and FAULTS[fault].rule is None
    assert labels == {} and len(unexplained) == failures


def test_every_value_the_format_offers_a_rule_is_a_neighbour() -> None:
    standard = load_variant("standard")
    labels = {n.label for n in single_changes(standard)}
    # Enumerated rules take each other value; numbers go either side within the schema's bounds.
    assert {"scoring.set_penalty=per-trick-short", "scoring.set_penalty=nothing"} <= labels
    assert {"scoring.bag_threshold=9", "scoring.bag_threshold=11"} <= labels
    assert "scoring.bag_points_cancelled=true" in labels
    # Values the format refuses are no neighbour: a table of two players, nil with no bonus.
    assert not any(label.startswith("table.players=") for label in labels)
    assert "scoring.nil_bonus=none" not in labels
    # Cards passed, 0 to 4: every one, nearest first.
    assert candidate_values("bidding.blind_nil_exchange", 0) == [1, 2, 3, 4]


def test_conform_reports_the_diagnosis_in_text_json_lines_and_junit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, junit = tmp_path / "run.jsonl", tmp_path / "run.xml"
    engine = f"{sys.executable} -m spadespec faults run penalty-at-eleven-bags"
    argv = ["conform", "--engine", engine, "--variant", "standard", "--case", "*bag*",
            "--report", str(report), "--junit", str(junit)]  # fmt: skip
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "  scoring.bag_threshold=11: explains" in out
    assert "scoring.bag_threshold: standard 10, engine 11" in out
    assert "  diagnosed: scoring.bag_threshold=11" in out
    lines = [json.loads(raw) for raw in report.read_text().splitlines()]
    schema = json.loads((ROOT / "schema" / "report.schema.json").read_text())
    for line in lines:
        jsonschema.validate(line, schema)
    (diagnosis,) = [line for line in lines if line["kind"] == "diagnosis"]
    assert lines[-1]["kind"] == "end" and lines[-2] is diagnosis
    best = diagnosis["groups"][0]["neighbours"][0]
    assert best["changes"] == [
        {"rule": "scoring.bag_threshold", "variant_value": 10, "engine_value": 11}
    ]
    failing = {line["id"] for line in lines if line.get("verdict") in ("fail", "error")}
    assert failing and set(diagnosis["groups"][0]["cases"]) == failing
    values = {p.get("value") for p in ET.parse(junit).iter("property")
              if p.get("name") == "spadespec.diagnosis"}  # fmt: skip
    assert values == {"scoring.bag_threshold=11"}

    assert main([*argv, "--no-diagnose"]) == 1
    assert "diagnos" not in capsys.readouterr().out


def test_a_label_names_its_neighbour_again() -> None:
    # A label is read back (`--expect-differ`, a fuzz report resumed) as the change it names;
    # a boolean as the variant file spells it, or as labels once spelt it.
    standard = load_variant("standard")
    for near in single_changes(standard):
        again = from_label(standard, near.label)
        assert again is not None and again.label == near.label
    for spelt in ("scoring.bag_points_cancelled=true", "scoring.bag_points_cancelled=True"):
        found = from_label(standard, spelt)
        assert found is not None and found.label == "scoring.bag_points_cancelled=true"
