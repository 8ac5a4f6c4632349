"""Building a request: what the runner puts to an engine for one case, never the expected values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

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
    probe = probe_for(case.expect, asked)
    if probe is not None:
        request["probe"] = probe
    return request


def probe_for(expect: dict[str, Any], asked: Sequence[str]) -> dict[str, Any] | None:
    """The action a request asks the engine to check (`probe`), where `illegal` or `refusal` is
    asked: the one `expect`'s `illegal` names; None where neither is asked."""
    if "illegal" in asked or "refusal" in asked:
        return cast(dict[str, Any], expect["illegal"]["action"])
    return None
