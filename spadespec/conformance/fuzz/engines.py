"""The engine a fuzz run checks: `reference` and `fault:<name>` in-process, or a command that
starts an engine speaking the JSON-lines protocol.

`spadespec faults run NAME` serves one broken engine over the protocol, so a fault can also be
fuzzed the way an engine in another language is.
"""

from __future__ import annotations

from spadespec.conformance.engines.named import UnknownEngine, open_engine
from spadespec.conformance.protocol.messages import Engine

FAULT_PREFIX = "fault:"


def open_fuzz_engine(
    spec: str, *, timeout: float | None = None, start_timeout: float | None = None
) -> Engine:
    """The engine `--engine` names. Raises UnknownEngine for a fault or command that is not
    there."""
    if spec.startswith(FAULT_PREFIX):
        from spadespec.conformance.faults import FAULTS, FaultyEngine

        name = spec[len(FAULT_PREFIX) :]
        if name not in FAULTS:
            raise UnknownEngine(f"no fault named {name!r}; the faults are: {', '.join(FAULTS)}")
        return FaultyEngine(FAULTS[name])
    return open_engine(spec, timeout=timeout, start_timeout=start_timeout)
