"""Building a request: what the runner puts to an engine for one case, never the expected values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from spadespec.conformance.contract.protocol.messages import OBSERVABLES, CaseRequest, VariantRef
from spadespec.conformance.contract.suite.cases import Case
from spadespec.conformance.contract.suite.variant_files import variant_ref


def request_for(case: Case, ask: Sequence[str] | None = None) -> CaseRequest:
    """The request that puts a case to an engine, without its expected values.

    `ask` is what to ask (see spadespec.conformance.contract.runner.checking: only what the
    engine declared); by default every observable the case asks."""
    asked = list(ask) if ask is not None else [k for k in OBSERVABLES if k in case.expect]
    request: CaseRequest = {
        "id": case.id,
        "variant": cast(VariantRef, variant_ref(case.variant, case.options)),
        "setup": case.setup,
        "actions": case.actions,
        "ask": asked,
    }
    if "illegal" in asked or "refusal" in asked:
        request["probe"] = case.expect["illegal"]["action"]
    return request
