"""An engine in another process, in any language, spoken to in JSON lines (docs/protocol.md).

The runner sees it as any other `Engine`. Whatever the process does, each `run` comes back
with a response: an answer that breaks the protocol, a line more than the answer, a hang past
the timeout or an exit while a case runs becomes `errored` for that case, with what the engine
wrote to stderr meanwhile; a hung or crashed process is replaced by a fresh one (a new
`start`) before the next case. `start` has its own, longer timeout: an engine may be slow to
load. However the runner is stopped (Ctrl-C, SIGTERM, an exception), the process is ended.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from spadespec.conformance.contract.protocol.features import unknown_features
from spadespec.conformance.contract.protocol.json_line import json_line
from spadespec.conformance.contract.protocol.messages import (
    PIPELINED,
    CaseRequest,
    CaseResponse,
    DealRequest,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.contract.protocol.wire import (
    SPOKEN_VERSIONS,
    deal_request,
    envelope_problem,
    problem,
    run_request,
    score_request,
    start_request,
    stop_request,
)

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one `run` request."""

DEFAULT_START_TIMEOUT = 60.0
"""Seconds an engine has to answer `start`: loading a runtime, a JIT or tables takes longer
than a case, more so with several engines starting at once (`spadespec fuzz --jobs`)."""

MAX_RESTARTS = 3
"""Failed restarts in a row after which the engine is not tried again in this run."""

STDERR_LIMIT = 8000
"""Characters of an engine's stderr kept per case: the end, where the trouble usually is."""

_STOP_GRACE = 2.0
_MAX_LINE = 64 * 1024 * 1024
# Seconds a line that is not the answer waits for the answer right behind it, to be named an
# extra line rather than a broken answer.
_LINE_GRACE = 0.5
_NOT_JSON: Any = object()
_CHUNK = 65536
"""Bytes written at a time."""

_MESSAGES: dict[str, Callable[[int, Any], dict[str, Any]]] = {
    "run": run_request, "score": score_request, "deal": deal_request,
}  # fmt: skip
_ASKED: dict[str, Callable[[Any], list[str]]] = {
    "run": lambda request: request["ask"],
    "score": lambda request: request["ask"],
    "deal": lambda request: ["dealer", "deal"],
}
"""What each kind of request asks: the keys its answer must hold."""


class EngineStartError(RuntimeError):
    """The engine process could not be started or did not complete the `start` handshake."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


class _Breach(Exception):
    """The engine broke the protocol; `restart` when its output can no longer be trusted."""

    def __init__(self, message: str, *, restart: bool) -> None:
        super().__init__(message)
        self.restart = restart


def _is_start_answer(reply: Any) -> bool:
    return problem("startResponse", reply) is None


def _answers(reply: Any, seq: int) -> bool:
    """Whether `reply` is a well-formed answer to request `seq`."""
    return isinstance(reply, dict) and reply.get("seq") == seq and not envelope_problem(reply)


def _first_line(data: bytes) -> bytes:
    return data.partition(b"\n")[0]


def _shown(line: bytes) -> str:
    """A line the engine wrote, quoted for a message: the start of it, when long."""
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= 200 else text[:200] + "...")


def command_problem(command: str) -> str | None:
    """Why `command` cannot name an engine to start (None if it can), for a usage error."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        return f"cannot read the engine command {command!r}: {exc}"
    if not argv:
        return "the engine command is empty"
    if shutil.which(argv[0]) is None and not os.path.isfile(argv[0]):
        return f"cannot start the engine: no program {argv[0]!r} on PATH or at that path"
    return None


class SubprocessEngine:
    """An engine process started from a command line, e.g. `node examples/js-engine/spades.js`."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.cwd = cwd
        self.env = env
        self.info: EngineInfo | None = None
        self.restarts = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._selector: selectors.BaseSelector | None = None
        self._stderr: list[bytes] = []
        self._stderr_lock = threading.Lock()
        self._stderr_thread: threading.Thread | None = None
        self._seq = 0
        self._answered = "start"
        self._failed_starts = 0

    # -- the Engine protocol ------------------------------------------------------------------

    def start(self) -> EngineInfo:
        """Start the process and shake hands; raises EngineStartError if it cannot."""
        self.info = self._launch()
        return self.info

    def run(self, request: CaseRequest) -> CaseResponse:
        return self._answer("run", request)

    def score(self, request: ScoreRequest) -> CaseResponse:
        """Put a score request to the process (sent only when it declared `score`)."""
        return self._answer("score", request)

    def deal(self, request: DealRequest) -> CaseResponse:
        """Put a deal request to the process (sent only when it declared `deals`)."""
        return self._answer("deal", request)

    def _answer(self, kind: str, request: Any) -> CaseResponse:
        """Send one request of `kind` (`run`, `score`, `deal`) and read its answer."""
        if self._proc is None:
            if self._failed_starts >= MAX_RESTARTS:
                return {
                    "outcome": "errored",
                    "message": f"not tried: the engine failed to start {MAX_RESTARTS} times"
                    " in a row",
                    "failed": True,
                }
            try:
                self._launch()
                self.restarts += 1
            except EngineStartError as exc:
                response: CaseResponse = {
                    "outcome": "errored",
                    "message": f"the engine could not be restarted: {exc}",
                    "failed": True,
                }
                if exc.stderr:
                    response["stderr"] = exc.stderr
                return response
        try:
            response = self._exchange(kind, request)
        except _Breach as exc:
            response = self._breached(exc)
        except BaseException:  # Ctrl-C, SIGTERM: the process must not outlive the runner
            self._kill()
            raise
        return self._with_stderr(response)

    def _breached(self, exc: _Breach) -> CaseResponse:
        """The response to a request whose answer broke the protocol; the engine is stopped
        when its output can no longer be trusted (the next request starts it again)."""
        if exc.restart:
            self._kill()
        return {"outcome": "errored", "message": str(exc), "failed": True}

    def _with_stderr(self, response: CaseResponse) -> CaseResponse:
        """The response, with what the engine wrote to stderr since the last one."""
        if self._proc is None:
            self._collect_stderr_thread()
        stderr = self._take_stderr()
        if stderr:
            response["stderr"] = stderr
        return response

    def answer_all(self, requests: Sequence[tuple[str, Any]]) -> list[CaseResponse]:
        """The responses to `requests` (each `("run" | "score" | "deal", request)`), in order,
        each what `run`, `score` or `deal` gives it alone. An engine that declares `pipelined`
        is sent them all before the first answer is read, the runner reading answers while it
        writes, so the engine is at work while the runner checks; any other, one at a time.
        When an answer stops the engine (a breach, a hang, an exit), the requests after it
        go one at a time, to the engine started again. What the engine writes to stderr
        meanwhile is given with the next response read."""
        proc = self._proc
        if len(requests) < 2 or proc is None or not self._pipelined():
            return [self._answer(kind, request) for kind, request in requests]
        first = self._seq + 1
        try:
            self._refuse_early_line(first)
        except _Breach as exc:  # before anything was sent: as it would be alone
            failed = self._with_stderr(self._breached(exc))
            return [failed, *(self._answer(kind, request) for kind, request in requests[1:])]
        lines = []
        for kind, request in requests:
            self._seq += 1
            lines.append(json_line(_MESSAGES[kind](self._seq, request)))
        writer = self._send_all(b"".join(lines))
        responses: list[CaseResponse] = []
        try:
            for index, (kind, request) in enumerate(requests):
                ask = _ASKED[kind](request)
                last = index == len(requests) - 1
                try:
                    response = self._take(kind, first + index, ask, request["id"], last=last)
                except _Breach as exc:
                    response = self._breached(exc)
                responses.append(self._with_stderr(response))
                if self._proc is None:  # stopped: the rest one at a time, to it started again
                    writer.join()
                    rest = requests[index + 1 :]
                    return responses + [self._answer(kind, request) for kind, request in rest]
        except BaseException:
            self._kill()
            raise
        writer.join(self.timeout)
        if writer.is_alive():  # every answer read, and the engine still not reading: stopped
            self._kill()
            writer.join()
        return responses

    def _pipelined(self) -> bool:
        return self.info is not None and PIPELINED in self.info["features"]

    def stop(self) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.write(json_line(stop_request()))
            proc.stdin.flush()
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(_STOP_GRACE)
        except subprocess.TimeoutExpired:
            pass
        finally:  # an interrupted wait ends the process too
            self._kill()

    # -- the process --------------------------------------------------------------------------

    def _launch(self) -> EngineInfo:
        self._kill()
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                env=self.env,
                # Its own process group, so that a hung engine's children are ended with it.
                start_new_session=True,
            )
        except OSError as exc:
            self._failed_starts += 1
            raise EngineStartError(f"cannot run {shlex.join(self.argv)}: {exc.strerror}") from None
        self._proc = proc
        try:
            info = self._open(proc)
        except _Breach as exc:
            self._kill()
            self._collect_stderr_thread()
            self._failed_starts += 1
            raise EngineStartError(str(exc), self._take_stderr()) from None
        except BaseException:  # Ctrl-C, SIGTERM while the engine starts: it is ended too
            self._kill()
            raise
        self._failed_starts = 0
        return info

    def _open(self, proc: subprocess.Popen[bytes]) -> EngineInfo:
        """Watch the new process's output and shake hands with it."""
        self._buffer = b""
        self._seq = 0
        self._answered = "start"
        assert proc.stdout is not None and proc.stderr is not None
        self._selector = selectors.DefaultSelector()
        self._selector.register(proc.stdout, selectors.EVENT_READ)
        self._stderr_thread = threading.Thread(
            target=self._drain_stderr, args=(proc.stderr,), daemon=True
        )
        self._stderr_thread.start()
        return self._handshake()

    def _handshake(self) -> EngineInfo:
        offered = start_request()
        self._send(offered, "start")
        line, reply = self._read_json("start", self.start_timeout)
        if reply is _NOT_JSON or not _is_start_answer(reply):
            self._refuse_line_before_answer(line, "start", _is_start_answer)
        if reply is _NOT_JSON:
            raise _Breach(f"the answer to start is not JSON: {_shown(line)}", restart=True)
        trouble = problem("startResponse", reply)
        if trouble:
            raise _Breach(f"the answer to start breaks the protocol {trouble}", restart=True)
        self._refuse_extra_line("start")
        unknown = unknown_features(reply["features"])
        if unknown:
            raise _Breach(unknown, restart=True)
        spoken = reply["protocol"]
        if spoken > offered["protocol"] or spoken not in SPOKEN_VERSIONS:
            versions = ", ".join(map(str, sorted(SPOKEN_VERSIONS)))
            raise _Breach(
                f"the engine speaks protocol {spoken}; this runner speaks {versions}",
                restart=True,
            )
        info: EngineInfo = {
            "name": reply["name"],
            "version": reply["version"],
            "language": reply["language"],
            "protocol": spoken,
            "variants": list(reply["variants"]),
            "features": list(reply["features"]),
        }
        return info

    def _exchange(self, kind: str, request: Any) -> CaseResponse:
        seq = self._seq = self._seq + 1
        self._refuse_early_line(seq)
        self._send(_MESSAGES[kind](seq, request), kind)
        return self._take(kind, seq, _ASKED[kind](request), request["id"], last=True)

    def _refuse_early_line(self, seq: int) -> None:
        """Before request `seq` is sent: nothing may be waiting from the engine."""
        if self._pending():  # written after the last answer, once that had been read
            raise _Breach(
                f"the engine wrote an extra line after its answer to {self._answered},"
                f" before request {seq} was sent: {_shown(_first_line(self._buffer))}",
                restart=True,
            )

    def _take(
        self, command: str, seq: int, ask: list[str], ident: str, *, last: bool
    ) -> CaseResponse:
        """Read and check the answer to request `seq`, sent already; `last`: no request sent
        after it is still unanswered, so anything the engine writes after this answer is one
        line too many."""
        line, reply = self._read_json(command, self.timeout)
        if reply is _NOT_JSON or not isinstance(reply, dict) or reply.get("seq") != seq:
            # Not this request's answer: a line written between two answers, when the answer
            # comes right behind it; otherwise a broken answer, reported below.
            self._refuse_line_before_answer(line, f"request {seq}", lambda r: _answers(r, seq))
        self._answered = f"request {seq} ({ident})"
        if reply is _NOT_JSON:
            raise _Breach(f"the answer to {command} is not JSON: {_shown(line)}", restart=True)
        trouble = envelope_problem(reply)
        if trouble:
            # Still in step with the engine only if the line was its answer and all of it.
            in_step = (
                isinstance(reply, dict) and reply.get("seq") == seq
                and (not last or not self._pending())
            )  # fmt: skip
            raise _Breach(
                f"the answer breaks the protocol {trouble}; the line: {_shown(line)}",
                restart=not in_step,
            )
        if reply["seq"] != seq:
            raise _Breach(
                f"the answer is for request {reply['seq']}, not {seq}: {_shown(line)}",
                restart=True,
            )
        if last:
            self._refuse_extra_line(self._answered)
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
            raise _Breach(
                f"the result leaves out {', '.join(missing)}, which the case asks", restart=False
            )
        return {"outcome": "answered", "answers": answers}

    def _send(self, message: dict[str, Any], what: str) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(json_line(message))
            proc.stdin.flush()
        except OSError:
            raise _Breach(self._exit_message(what), restart=True) from None

    def _send_all(self, data: bytes) -> threading.Thread:
        """Start writing `data` (several requests) in a thread of its own, while this one reads
        the answers: an engine answering while the runner still writes would otherwise fill
        both pipes, each process waiting on the other. A closed pipe (the engine gone) ends
        the writing; the reading reports it, at the request the engine was answering."""
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        fd = proc.stdin.fileno()

        def write() -> None:
            view = memoryview(data)
            with contextlib.suppress(OSError):
                while view:
                    view = view[os.write(fd, view[:_CHUNK]) :]

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        return writer

    def _read_json(self, what: str, timeout: float) -> tuple[bytes, Any]:
        """The next line the engine writes, and what it reads as (`_NOT_JSON` if nothing)."""
        line = self._readline(what, timeout)
        try:
            return line, json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return line, _NOT_JSON

    def _refuse_line_before_answer(
        self, line: bytes, what: str, is_answer: Callable[[Any], bool]
    ) -> None:
        """`line` is not the answer to `what`; if the answer follows at once, `line` was one
        too many (a banner, a debugging line, a line late after the last answer): say so."""
        try:
            _, following = self._read_json(what, _LINE_GRACE)
        except _Breach:  # nothing more within the grace, or the engine exited
            return
        if following is not _NOT_JSON and is_answer(following):
            after = "" if what == "start" else f"after its answer to {self._answered} and "
            raise _Breach(
                f"the engine wrote an extra line {after}before its answer to {what}:"
                f" {_shown(line)}",
                restart=True,
            )

    def _refuse_extra_line(self, what: str) -> None:
        """An answer is one line: anything written after it is a breach, named and shown."""
        if self._pending():
            raise _Breach(
                f"the engine wrote an extra line after its answer to {what}:"
                f" {_shown(_first_line(self._buffer))}",
                restart=True,
            )

    def _pending(self) -> bool:
        """Whether the engine has written more than was asked: read without waiting."""
        if self._buffer:
            return True
        assert self._proc is not None and self._proc.stdout is not None
        assert self._selector is not None
        if not self._selector.select(0):
            return False
        self._buffer = os.read(self._proc.stdout.fileno(), 65536)
        return bool(self._buffer)  # nothing: the output closed, which the next read reports

    def _readline(self, what: str, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        assert self._proc is not None and self._proc.stdout is not None
        assert self._selector is not None
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                option = "--start-timeout" if what == "start" else "--timeout"
                raise _Breach(
                    f"no answer to {what} within {timeout:g} s ({option}); the engine was stopped",
                    restart=True,
                )
            chunk = os.read(fd, 65536)
            if not chunk:
                raise _Breach(self._exit_message(what), restart=True)
            self._buffer += chunk
            if len(self._buffer) > _MAX_LINE:
                raise _Breach(f"the answer to {what} is longer than 64 MB", restart=True)
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _exit_message(self, what: str) -> str:
        assert self._proc is not None
        try:
            status = self._proc.wait(_STOP_GRACE)
        except subprocess.TimeoutExpired:
            return f"the engine closed its output while answering {what}"
        how = f"signal {-status}" if status < 0 else f"status {status}"
        return f"the engine exited ({how}) while answering {what}"

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        if proc is None:
            return
        # The whole group, even when the engine itself has exited: a process it started (a
        # solver, a shell's child) is in its group and would outlive the run. A group whose
        # members are all gone is no more: its id is not handed out again while any is alive.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        except OSError:
            if proc.poll() is None:
                proc.kill()
        proc.wait()
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass

    # -- stderr, kept per case ----------------------------------------------------------------

    def _drain_stderr(self, pipe: Any) -> None:
        fd = pipe.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            with self._stderr_lock:
                self._stderr.append(chunk)
        pipe.close()

    def _collect_stderr_thread(self) -> None:
        """After the process is gone: wait for the last of its stderr."""
        if self._stderr_thread is not None:
            self._stderr_thread.join(1.0)
            self._stderr_thread = None

    def _take_stderr(self) -> str:
        with self._stderr_lock:
            data, self._stderr = b"".join(self._stderr), []
        text = data.decode("utf-8", "replace")
        if len(text) > STDERR_LIMIT:
            text = "[...]" + text[-STDERR_LIMIT:]
        return text
