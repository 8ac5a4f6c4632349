"""One line in, one line out: the requests put to an engine process, numbered in order, each
one JSON line, and the checks on each line that comes back. An answer is the answer to its
request (its `seq`), all of it on one line, in the protocol's form, with every key the request
asks; a line written before it or after it is named as one line too many, and a breach says
whether the engine is still in step (`Breach.restart`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from typing import Any

from spadespec.command_kit.input_files import parse_json
from spadespec.conformance.contract.protocol.engine_process import Breach, EngineProcess
from spadespec.conformance.contract.protocol.json_line import json_line
from spadespec.conformance.contract.protocol.messages import CaseResponse
from spadespec.conformance.contract.protocol.wire import (
    deal_request,
    envelope_problem,
    problem,
    run_request,
    score_request,
)

# Seconds a line that is not the answer waits for the answer right behind it, to be named an
# extra line rather than a broken answer.
_LINE_GRACE = 0.5
_NOT_JSON: Any = object()

_MESSAGES: dict[str, Callable[[int, Any], dict[str, Any]]] = {
    "run": run_request, "score": score_request, "deal": deal_request,
}  # fmt: skip
_ASKED: dict[str, Callable[[Any], list[str]]] = {
    "run": lambda request: request["ask"],
    "score": lambda request: request["ask"],
    "deal": lambda request: ["dealer", "deal"],
}
"""What each kind of request asks: the keys its answer must hold."""


def _is_start_answer(reply: Any) -> bool:
    return problem("startResponse", reply) is None


def _answers(reply: Any, seq: int) -> bool:
    """Whether `reply` is a well-formed answer to request `seq`."""
    return isinstance(reply, dict) and reply.get("seq") == seq and not envelope_problem(reply)


def _shown(line: bytes) -> str:
    """A line the engine wrote, quoted for a message: the start of it, when long."""
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= 200 else text[:200] + "...")


class Framing:
    """The lines exchanged with one engine process, from its `start` on."""

    def __init__(self, process: EngineProcess) -> None:
        self.process = process
        self.seq = 0
        """The number of the last request sent."""
        self._answered = "start"
        """The last answer read, as a message names it."""

    def start(self, offered: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send the `start` request `offered` and read the answer, a start response in the
        protocol's form and one line, within `timeout` seconds."""
        self._send(offered, "start")
        line, reply = self._read_json("start", timeout)
        if reply is _NOT_JSON or not _is_start_answer(reply):
            self._refuse_line_before_answer(line, "start", _is_start_answer)
        if reply is _NOT_JSON:
            raise Breach(f"the answer to start is not JSON: {_shown(line)}", restart=True)
        trouble = problem("startResponse", reply)
        if trouble:
            raise Breach(f"the answer to start breaks the protocol {trouble}", restart=True)
        self._refuse_extra_line("start")
        answer: dict[str, Any] = reply
        return answer

    def exchange(self, kind: str, request: Any, timeout: float) -> CaseResponse:
        """Send one request of `kind` (`run`, `score`, `deal`) and read its answer."""
        seq = self.seq = self.seq + 1
        self.refuse_early_line(seq)
        self._send(_MESSAGES[kind](seq, request), kind)
        return self.take(kind, seq, request, timeout, last=True)

    def send_all(self, requests: Sequence[tuple[str, Any]]) -> threading.Thread:
        """Number `requests` (each `(kind, request)`) and start writing them all, in a thread
        of its own (`EngineProcess.write_in_background`), which is returned."""
        lines = []
        for kind, request in requests:
            self.seq += 1
            lines.append(json_line(_MESSAGES[kind](self.seq, request)))
        return self.process.write_in_background(b"".join(lines))

    def refuse_early_line(self, seq: int) -> None:
        """Before request `seq` is sent: nothing may be waiting from the engine."""
        if self.process.pending():  # written after the last answer, once that had been read
            raise Breach(
                f"the engine wrote an extra line after its answer to {self._answered},"
                f" before request {seq} was sent: {_shown(self.process.pending_line())}",
                restart=True,
            )

    def take(
        self, kind: str, seq: int, request: Any, timeout: float, *, last: bool
    ) -> CaseResponse:
        """Read and check the answer to request `seq` of `kind`, sent already; `last`: no
        request sent after it is still unanswered, so anything the engine writes after this
        answer is one line too many."""
        line, reply = self._read_json(kind, timeout)
        if reply is _NOT_JSON or not isinstance(reply, dict) or reply.get("seq") != seq:
            # Not this request's answer: a line written between two answers, when the answer
            # comes right behind it; otherwise a broken answer, reported below.
            self._refuse_line_before_answer(line, f"request {seq}", lambda r: _answers(r, seq))
        self._answered = f"request {seq} ({request['id']})"
        if reply is _NOT_JSON:
            raise Breach(f"the answer to {kind} is not JSON: {_shown(line)}", restart=True)
        trouble = envelope_problem(reply)
        if trouble:
            # Still in step with the engine only if the line was its answer and all of it.
            in_step = (
                isinstance(reply, dict) and reply.get("seq") == seq
                and (not last or not self.process.pending())
            )  # fmt: skip
            raise Breach(
                f"the answer breaks the protocol {trouble}; the line: {_shown(line)}",
                restart=not in_step,
            )
        if reply["seq"] != seq:
            raise Breach(
                f"the answer is for request {reply['seq']}, not {seq}: {_shown(line)}",
                restart=True,
            )
        if last:
            self._refuse_extra_line(self._answered)
        return _response(reply, _ASKED[kind](request))

    def _send(self, message: dict[str, Any], what: str) -> None:
        try:
            self.process.write(json_line(message))
        except OSError:
            raise Breach(self.process.exit_message(what), restart=True) from None

    def _read_json(self, what: str, timeout: float) -> tuple[bytes, Any]:
        """The next line the engine writes, and what it reads as (`_NOT_JSON` if nothing)."""
        line = self.process.readline(what, timeout)
        try:
            return line, parse_json(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return line, _NOT_JSON

    def _refuse_line_before_answer(
        self, line: bytes, what: str, is_answer: Callable[[Any], bool]
    ) -> None:
        """`line` is not the answer to `what`; if the answer follows at once, `line` was one
        too many (a banner, a debugging line, a line late after the last answer): say so."""
        try:
            _, following = self._read_json(what, _LINE_GRACE)
        except Breach:  # nothing more within the grace, or the engine exited
            return
        if following is not _NOT_JSON and is_answer(following):
            after = "" if what == "start" else f"after its answer to {self._answered} and "
            raise Breach(
                f"the engine wrote an extra line {after}before its answer to {what}:"
                f" {_shown(line)}",
                restart=True,
            )

    def _refuse_extra_line(self, what: str) -> None:
        """An answer is one line: anything written after it is a breach, named and shown."""
        if self.process.pending():
            raise Breach(
                f"the engine wrote an extra line after its answer to {what}:"
                f" {_shown(self.process.pending_line())}",
                restart=True,
            )


def _response(reply: dict[str, Any], ask: list[str]) -> CaseResponse:
    """The response an answer in the protocol's form gives, which holds every key in `ask`."""
    if "skipped" in reply:
        return {"outcome": "skipped", "reason": reply["skipped"]["reason"]}
    if "errored" in reply:
        errored = reply["errored"]
        response: CaseResponse = {"outcome": "errored", "message": errored["message"]}
        if "context" in errored:
            response["context"] = errored["context"]
        return response
    answers = reply["result"]
    missing = [key for key in ask if key not in answers]
    if missing:
        raise Breach(
            f"the result leaves out {', '.join(missing)}, which the case asks", restart=False
        )
    return {"outcome": "answered", "answers": answers}
