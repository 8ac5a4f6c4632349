"""Requests sent together (`SubprocessEngine.answer_all`): an engine that declares `pipelined`
is sent a batch of requests before the first answer is read, the runner reading answers while
it writes, so the engine is at work while the runner checks; any other is sent one at a time.

Each request gets what it would alone: the answers are checked one by one as `framing` checks
one, and when an answer stops the engine (a breach, a hang, an exit), the requests after it
go one at a time, to the engine started again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from spadespec.conformance.contract.protocol.engine_process import Breach
from spadespec.conformance.contract.protocol.framing import Framing
from spadespec.conformance.contract.protocol.messages import PIPELINED, CaseResponse, EngineInfo


class Batched(Protocol):
    """What a batch needs of the engine it is sent to."""

    timeout: float
    info: EngineInfo | None

    @property
    def framing(self) -> Framing | None:
        """The running process's lines; None when no process runs."""
        ...

    def answer(self, kind: str, request: Any) -> CaseResponse:
        """One request of `kind` sent alone, to the process started again if need be."""
        ...

    def answered(self, taken: CaseResponse | Breach) -> CaseResponse:
        """The response to give for an answer taken, or for the breach met taking it."""
        ...

    def kill(self) -> None:
        """End the process now."""
        ...


def answer_all(engine: Batched, requests: Sequence[tuple[str, Any]]) -> list[CaseResponse]:
    """The responses to `requests` (each `("run" | "score" | "deal", request)`), in order,
    each what `engine.answer` gives it alone: sent together to an engine that declares
    `pipelined`, one at a time to any other. What the engine writes to stderr meanwhile is
    given with the next response read."""
    framing = engine.framing
    if len(requests) < 2 or framing is None or not _pipelined(engine.info):
        return [engine.answer(kind, request) for kind, request in requests]
    first = framing.seq + 1
    try:
        framing.refuse_early_line(first)
    except Breach as exc:  # before anything was sent: as it would be alone
        failed = engine.answered(exc)
        return [failed, *(engine.answer(kind, request) for kind, request in requests[1:])]
    writer = framing.send_all(requests)
    responses: list[CaseResponse] = []
    try:
        for index, (kind, request) in enumerate(requests):
            last = index == len(requests) - 1
            taken: CaseResponse | Breach
            try:
                taken = framing.take(kind, first + index, request, engine.timeout, last=last)
            except Breach as exc:
                taken = exc
            responses.append(engine.answered(taken))
            if engine.framing is None:  # stopped: the rest one at a time, to it started again
                writer.join()
                rest = requests[index + 1 :]
                return responses + [engine.answer(kind, request) for kind, request in rest]
    except BaseException:
        engine.kill()
        raise
    writer.join(engine.timeout)
    if writer.is_alive():  # every answer read, and the engine still not reading: stopped
        engine.kill()
        writer.join()
    return responses


def _pipelined(info: EngineInfo | None) -> bool:
    return info is not None and PIPELINED in info["features"]
