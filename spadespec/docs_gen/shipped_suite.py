"""The shipped golden cases, read and checked once a build: several pages count them, show
them or compare stored reports with them, and reading the suite is among the build's dearest
steps."""

from __future__ import annotations

from functools import cache

from spadespec.conformance.contract.suite.cases import Case, Suite, load_suite


@cache
def shipped_suite() -> Suite:
    """Every shipped case, as `load_suite()` gives it (raises `CaseError` as it does)."""
    return load_suite()


def variant_cases(variant: str | None) -> list[Case]:
    """The cases a run given `--variant VARIANT` selects (every case for None)."""
    suite = shipped_suite()
    return list(suite) if variant is None else suite.select(variant=variant)
