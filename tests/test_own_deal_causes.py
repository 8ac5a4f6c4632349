"""Own-deal games that differ the same way are one cause: a rule names them all or none."""

from __future__ import annotations

from dataclasses import replace

from spadespec.conformance.analysis.diagnosis.findings import Diagnosis, Group
from spadespec.conformance.analysis.diagnosis.neighbours import from_label
from spadespec.conformance.analysis.own_deals.causes import one_name_a_cause
from spadespec.conformance.contract.runner.grade import Difference
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.reference_engine.variant import load_variant

_CASE = next(iter(load_suite(variants=["standard"])))


def _failed(number: int, path: str) -> CaseResult:
    case = replace(_CASE, id=f"own-deals.standard.{number}", variant="standard")
    return CaseResult(case, "fail", differences=[Difference(path, ["2C"], ["3C"])])


def _diagnosis(named: tuple[str, ...], unexplained: list[str]) -> Diagnosis:
    near = from_label(load_variant("standard"), "play.first_lead=any")
    assert near is not None
    return Diagnosis([Group("standard", {}, named, (near,))], unexplained)


def test_games_of_one_cause_named_and_unexplained_are_all_unexplained() -> None:
    # the legal cards at a first lead differ in both games (positions and sides merged)
    results = [_failed(0, "$.legal"), _failed(1, "$.legal")]
    found = one_name_a_cause(_diagnosis(("own-deals.standard.0",), ["own-deals.standard.1"]),
                             results)  # fmt: skip
    assert found.groups == []
    assert sorted(found.unexplained) == ["own-deals.standard.0", "own-deals.standard.1"]


def test_a_name_stands_where_it_names_every_game_of_its_cause() -> None:
    results = [_failed(0, "$.legal"), _failed(1, "$.totals.NS")]
    given = _diagnosis(("own-deals.standard.0",), ["own-deals.standard.1"])
    found = one_name_a_cause(given, results)
    assert found.rule_of("own-deals.standard.0") == "play.first_lead=any"
    assert found.unexplained == ["own-deals.standard.1"]
