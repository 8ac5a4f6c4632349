"""The engine an `--engine` argument names, a named fault included: `reference`, `fault:NAME` (the
reference engine with one named mistake, `spadespec.conformance.machinery.faults`), or the command
that starts an engine speaking the JSON-lines protocol.

The faults sit above every tool that drives an engine, so a tool does not open one itself: the
hub hands the commands that take a fault this opener (`args.open_engine`), and they pass it
down. `spadespec faults run NAME` serves one broken engine over the protocol, so a fault can
also be driven the way an engine in another language is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spadespec.conformance.contract.protocol.messages import Engine

FAULT_PREFIX = "fault:"


def open_engine(
    spec: str, *, timeout: float | None = None, start_timeout: float | None = None
) -> Engine:
    """The engine `spec` names (not started); `timeout` and `start_timeout` as for an engine
    process. Raises UnknownEngine for a fault or a command that is not there."""
    # Imported here, as the command that asks needs them: `spadespec show` loads neither.
    from spadespec.conformance.contract.engines import named

    if not spec.startswith(FAULT_PREFIX):
        return named.open_engine(spec, timeout=timeout, start_timeout=start_timeout)
    from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine

    name = spec[len(FAULT_PREFIX) :]
    if name not in FAULTS:
        from spadespec.reference_engine.variant.catalog import did_you_mean

        near = did_you_mean(name, list(FAULTS))
        hint = f"; did you mean {near!r}?" if near else ""
        raise named.UnknownEngine(
            f"no fault named {name!r}{hint} (`spadespec faults` lists the {len(FAULTS)})"
        )
    return FaultyEngine(FAULTS[name])
