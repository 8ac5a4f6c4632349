"""The whole suite, and the cases of it the unbroken engine gets wrong, worked out once per test
process and shared by the tests that ask (conftest.GROUPS keeps them on one worker)."""

from __future__ import annotations

from functools import cache

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite


@cache
def whole_suite() -> tuple[Case, ...]:
    return tuple(load_suite())


@cache
def already_bad() -> frozenset[str]:
    """Cases the unbroken engine gets wrong: these prove nothing about a fault."""
    report = run_cases(ReferenceEngine(), whole_suite())
    return frozenset(r.case.id for r in report.results if r.bad)
