"""The engine a `--engine` argument names: the built-in one, or a command speaking the protocol."""

from __future__ import annotations

from typing import Protocol

from spadespec.conformance.contract.protocol.messages import Engine


class UnknownEngine(ValueError):
    """`--engine` names no engine this runner can start."""


class EngineOpener(Protocol):
    """What opens the engine an `--engine` argument names: `open_engine` below, or the hub's,
    which knows the named faults too (`spadespec.cli.engines`)."""

    def __call__(
        self, spec: str, *, timeout: float | None = None, start_timeout: float | None = None
    ) -> Engine: ...


def open_engine(
    spec: str, *, timeout: float | None = None, start_timeout: float | None = None
) -> Engine:
    """The engine a `--engine` argument names.

    `reference` is the built-in engine, run in-process. Any other value is the command that
    starts an engine speaking the JSON-lines protocol (docs/protocol.md), e.g.
    `node examples/js-engine/spades.js`; `timeout` is the seconds it has to answer each request, and
    `start_timeout` the seconds it has to answer `start` (None: the defaults).
    """
    if spec == "reference":
        from spadespec.conformance.contract.engines.reference import ReferenceEngine

        return ReferenceEngine()
    from spadespec.conformance.contract.protocol.subprocess_engine import (
        DEFAULT_START_TIMEOUT,
        DEFAULT_TIMEOUT,
        SubprocessEngine,
        command_problem,
    )

    trouble = command_problem(spec)
    if trouble:
        raise UnknownEngine(
            f"{trouble} (--engine takes 'reference' or the command that starts an engine)"
        )
    return SubprocessEngine(
        spec,
        timeout=timeout if timeout is not None else DEFAULT_TIMEOUT,
        start_timeout=start_timeout if start_timeout is not None else DEFAULT_START_TIMEOUT,
    )
