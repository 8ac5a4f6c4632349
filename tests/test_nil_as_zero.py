"""An engine that writes nil as the bid 0 (feature `nil_as_zero`): told nil as 0, read either
way, never sent a probe of a bid of 0, and refused for a variant with a zero bid beside nil."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import (
    NIL_AS_ZERO,
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite
from spadespec.reference_engine.scoring.inputs import read_zero_bid, zero_beside_nil
from spadespec.reference_engine.variant import load_variant


def _zero(bid: Any) -> Any:
    return 0 if bid == "nil" else bid


def _nil(bid: Any) -> Any:
    return "nil" if type(bid) is int and bid == 0 else bid


class ZeroForNil:
    """The reference engine as an engine that has no word for nil: it reads and writes 0."""

    def __init__(self, declares: bool = True) -> None:
        self._inner = ReferenceEngine()
        self.declares = declares
        self.seen: list[Any] = []

    def start(self) -> EngineInfo:
        info = self._inner.start()
        if self.declares:
            info["features"] = [*info["features"], NIL_AS_ZERO]
        return info

    def run(self, request: CaseRequest) -> CaseResponse:
        self.seen.append(request)
        request = copy.deepcopy(request)
        for action in [*request["actions"], *([request["probe"]] if "probe" in request else [])]:
            if action.get("action") == "bid":
                assert action.get("bid") != "nil", "told nil as a word"
                action["bid"] = _nil(action.get("bid"))
        answer = self._inner.run(request)
        answers = answer.get("answers", {})
        if "legal" in answers:
            answers["legal"] = [_zero(bid) for bid in answers["legal"]]
        for hand in answers.get("hands", []):
            hand["bids"] = {seat: _zero(bid) for seat, bid in hand["bids"].items()}
        return answer

    def score(self, request: ScoreRequest) -> CaseResponse:
        request = copy.deepcopy(request)
        for hand in request["hands"]:
            assert "nil" not in hand["bids"].values(), "told nil as a word"
            hand["bids"] = {seat: _nil(bid) for seat, bid in hand["bids"].items()}
        return self._inner.score(request)

    def stop(self) -> None:
        pass


@pytest.fixture(scope="module")
def standard() -> list[Case]:
    return list(load_suite(variants=["standard"]))


def test_an_engine_writing_nil_as_zero_passes_standard_when_it_says_so(
    standard: list[Case],
) -> None:
    engine = ZeroForNil()
    report = run_cases(engine, standard)
    assert report.ok, [(r.case.id, r.message, r.differences) for r in report.results if r.bad]
    probes = [r for r in report.results if r.case.id == "standard.bidding.bid-out-of-range.zero"]
    assert probes[0].verdict == "n/a"  # its one question is whether 0 is refused: not sent
    assert not any(request.get("probe", {}).get("bid") == 0 for request in engine.seen)


def test_the_same_engine_fails_when_it_does_not_say_so(standard: list[Case]) -> None:
    report = run_cases(ZeroForNil(declares=False), standard)
    assert not report.ok
    assert any("told nil as a word" in r.message for r in report.results if r.verdict == "error")


def test_a_variant_with_a_zero_bid_beside_nil_is_refused() -> None:
    report = run_cases(ZeroForNil(), load_suite(variants=["zero-bid"]))
    assert report.results and all(r.verdict == "error" for r in report.results)
    assert "zero-bid has a bid of 0 beside nil" in report.results[0].message
    assert not report.ok


def test_zero_is_read_as_nil_only_where_it_cannot_be_a_bid_of_its_own() -> None:
    standard, zero_bid = load_variant("standard").rules, load_variant("zero-bid").rules
    assert (read_zero_bid(standard, 0), read_zero_bid(standard, 3)) == ("nil", 3)
    assert read_zero_bid(zero_bid, 0) == 0
    assert (zero_beside_nil(standard), zero_beside_nil(zero_bid)) == (False, True)
