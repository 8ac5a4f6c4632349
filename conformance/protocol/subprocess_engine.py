"""An engine in another process, in any language, spoken to in JSON lines (docs/protocol.md).

The runner sees it as any other `Engine`. Whatever the process does, each `run` comes back
with a response: an answer that breaks the protocol, a hang past the timeout or an exit while
a case runs becomes `errored` for that case, with what the engine wrote to stderr meanwhile;
a hung or crashed process is replaced by a fresh one (a new `start`) before the next case.
"""

from __future__ import annotations

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

from conformance.protocol.messages import CaseRequest, CaseResponse, EngineInfo, ScoreRequest
from conformance.protocol.wire import (
    SPOKEN_VERSIONS,
    encode,
    envelope_problem,
    problem,
    run_request,
    score_request,
    start_request,
    stop_request,
)

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one request, `start` included."""

MAX_RESTARTS = 3
"""Failed restarts in a row after which the engine is not tried again in this run."""

STDERR_LIMIT = 8000
"""Characters of an engine's stderr kept per case: the end, where the trouble usually is."""

_STOP_GRACE = 2.0
_MAX_LINE = 64 * 1024 * 1024


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
    """An engine process started from a command line, e.g. `node examples/engine.js`."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
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
        self._failed_starts = 0

    # -- the Engine protocol ------------------------------------------------------------------

    def start(self) -> EngineInfo:
        """Start the process and shake hands; raises EngineStartError if it cannot."""
        self.info = self._launch()
        return self.info

    def run(self, request: CaseRequest) -> CaseResponse:
        return self._answer("run", lambda seq: run_request(seq, request), request["ask"])

    def score(self, request: ScoreRequest) -> CaseResponse:
        """Put a score request to the process (sent only when it declared `score`)."""
        return self._answer("score", lambda seq: score_request(seq, request), request["ask"])

    def _answer(
        self, command: str, message: Callable[[int], dict[str, Any]], ask: list[str]
    ) -> CaseResponse:
        """Send one request, `message` made with its seq, and read its answer to `ask`."""
        if self._proc is None:
            if self._failed_starts >= MAX_RESTARTS:
                return {
                    "outcome": "errored",
                    "message": f"not tried: the engine failed to start {MAX_RESTARTS} times"
                    " in a row",
                }
            try:
                self._launch()
                self.restarts += 1
            except EngineStartError as exc:
                response: CaseResponse = {
                    "outcome": "errored",
                    "message": f"the engine could not be restarted: {exc}",
                }
                if exc.stderr:
                    response["stderr"] = exc.stderr
                return response
        try:
            response = self._exchange(command, message, ask)
        except _Breach as exc:
            if exc.restart:
                self._kill()
            response = {"outcome": "errored", "message": str(exc)}
        if self._proc is None:
            self._collect_stderr_thread()
        stderr = self._take_stderr()
        if stderr:
            response["stderr"] = stderr
        return response

    def stop(self) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.write(encode(stop_request()))
            proc.stdin.flush()
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(_STOP_GRACE)
        except subprocess.TimeoutExpired:
            pass
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
        self._buffer = b""
        self._seq = 0
        assert proc.stdout is not None and proc.stderr is not None
        self._selector = selectors.DefaultSelector()
        self._selector.register(proc.stdout, selectors.EVENT_READ)
        self._stderr_thread = threading.Thread(
            target=self._drain_stderr, args=(proc.stderr,), daemon=True
        )
        self._stderr_thread.start()
        try:
            info = self._handshake()
        except _Breach as exc:
            self._kill()
            self._collect_stderr_thread()
            self._failed_starts += 1
            raise EngineStartError(f"start: {exc}", self._take_stderr()) from None
        self._failed_starts = 0
        return info

    def _handshake(self) -> EngineInfo:
        offered = start_request()
        reply = self._ask(offered, "start")
        trouble = problem("startResponse", reply)
        if trouble:
            raise _Breach(f"the answer to start breaks the protocol {trouble}", restart=True)
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

    def _exchange(
        self, command: str, message: Callable[[int], dict[str, Any]], ask: list[str]
    ) -> CaseResponse:
        self._seq += 1
        reply = self._ask(message(self._seq), command)
        trouble = envelope_problem(reply)
        if trouble:
            seq = reply.get("seq") if isinstance(reply, dict) else None
            in_step = seq == self._seq
            raise _Breach(f"the answer breaks the protocol {trouble}", restart=not in_step)
        if reply["seq"] != self._seq:
            raise _Breach(
                f"the answer is for request {reply['seq']}, not {self._seq}", restart=True
            )
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

    def _ask(self, message: dict[str, Any], what: str) -> Any:
        """Send one request and read one line back, as JSON."""
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(encode(message))
            proc.stdin.flush()
        except OSError:
            raise _Breach(self._exit_message(what), restart=True) from None
        line = self._readline(what)
        try:
            return json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            text = line.decode("utf-8", "replace")
            shown = text if len(text) <= 200 else text[:200] + "..."
            raise _Breach(f"the answer to {what} is not JSON: {shown!r}", restart=True) from None

    def _readline(self, what: str) -> bytes:
        deadline = time.monotonic() + self.timeout
        assert self._proc is not None and self._proc.stdout is not None
        assert self._selector is not None
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                raise _Breach(
                    f"no answer to {what} within {self.timeout:g} s; the engine was stopped",
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
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
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
