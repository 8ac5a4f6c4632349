"""A broken reference engine behind the `Engine` protocol, and the cases that catch it."""

from __future__ import annotations

from collections.abc import Iterable

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import (
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite
from spadespec.conformance.machinery.faults.record import Fault


class FaultyEngine:
    """The reference engine with one fault: every request (a score request too) is answered
    by the reference engine made with the fault's rulebook and its reading of the variant."""

    def __init__(self, fault: Fault) -> None:
        self.fault = fault
        self._inner = ReferenceEngine(fault.rulebook, misread=fault.misread)

    def start(self) -> EngineInfo:
        info = self._inner.start()
        info["name"] = f"{info['name']}+{self.fault.name}"
        return info

    def run(self, request: CaseRequest) -> CaseResponse:
        return self._inner.run(request)

    def score(self, request: ScoreRequest) -> CaseResponse:
        return self._inner.score(request)

    def stop(self) -> None:
        self._inner.stop()


def catching_cases(fault: Fault, cases: Iterable[Case] | None = None) -> list[str]:
    """The ids of the cases the broken engine fails or errors on, in suite order."""
    suite = list(cases) if cases is not None else list(load_suite())
    report = run_cases(FaultyEngine(fault), suite, engine_spec=f"fault:{fault.name}")
    return [result.case.id for result in report.results if result.bad]
