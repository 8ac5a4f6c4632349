"""An engine in another process, in any language, spoken to in JSON lines (docs/protocol.md).

The runner sees it as any other `Engine`. Whatever the process does, each `run` comes back
with a response: an answer that breaks the protocol, a line more than the answer, a hang past
the timeout or an exit while a case runs becomes `errored` for that case, with what the engine
wrote to stderr meanwhile; a hung or crashed process is replaced by a fresh one (a new
`start`) before the next case. A restart fails when the process does not complete `start`, or
stops before it answers a single request; after MAX_RESTARTS failed restarts in a row the
engine is given up, and each request after is answered `errored` and `not_run` at once.
`start` has its own, longer timeout: an engine may be slow to load. However the runner is
stopped (Ctrl-C, SIGTERM, an exception), the process is ended.

Here is the engine's life: its command line, the handshake, restarts, the goodbye. The process
and its pipes are `engine_process`'s, each line and the checks on it `framing`'s, requests sent
together `batching`'s.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Sequence
from typing import Any

from spadespec.conformance.contract.protocol import batching
from spadespec.conformance.contract.protocol.engine_process import Breach, EngineProcess, StderrLog
from spadespec.conformance.contract.protocol.features import unknown_features
from spadespec.conformance.contract.protocol.framing import Framing
from spadespec.conformance.contract.protocol.json_line import json_line
from spadespec.conformance.contract.protocol.messages import (
    CaseRequest,
    CaseResponse,
    DealRequest,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.contract.protocol.wire import (
    SPOKEN_VERSIONS,
    start_request,
    stop_request,
)

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one `run` request."""

DEFAULT_START_TIMEOUT = 60.0
"""Seconds an engine has to answer `start`: loading a runtime, a JIT or tables takes longer
than a case, more so with several engines starting at once (`spadespec fuzz --jobs`)."""

MAX_RESTARTS = 3
"""Failed restarts in a row after which the engine is not tried again in this run: each a
process that did not complete `start`, or that stopped (exited, hung, wrote garbage) before it
answered a request."""

GIVEN_UP = (
    f"the engine was given up after {MAX_RESTARTS} failed restarts in a row (each did not "
    "start, or stopped before it answered a request)"
)


class EngineStartError(RuntimeError):
    """The engine process could not be started or did not complete the `start` handshake."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


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
        self._framing: Framing | None = None
        self._stderr = StderrLog()
        self._failed_restarts = 0
        """Restarts in a row that failed: the process did not start, or stopped unanswering."""
        self._on_trial = False
        """The process was started again and has not answered a request yet."""

    # -- the Engine protocol ------------------------------------------------------------------

    def start(self) -> EngineInfo:
        """Start the process and shake hands; raises EngineStartError if it cannot."""
        self.info = self._launch()
        return self.info

    def run(self, request: CaseRequest) -> CaseResponse:
        return self.answer("run", request)

    def score(self, request: ScoreRequest) -> CaseResponse:
        """Put a score request to the process (sent only when it declared `score`)."""
        return self.answer("score", request)

    def deal(self, request: DealRequest) -> CaseResponse:
        """Put a deal request to the process (sent only when it declared `deals`)."""
        return self.answer("deal", request)

    def answer_all(self, requests: Sequence[tuple[str, Any]]) -> list[CaseResponse]:
        """The responses to `requests` (each `("run" | "score" | "deal", request)`), in order,
        each what `run`, `score` or `deal` gives it alone; sent together to an engine that
        declares `pipelined` (`batching`)."""
        return batching.answer_all(self, requests)

    def stop(self) -> None:
        framing = self._framing
        if framing is None:
            return
        try:
            framing.process.finish(json_line(stop_request()))
        finally:  # an interrupted wait ends the process too
            self.kill()

    # -- one request --------------------------------------------------------------------------

    @property
    def framing(self) -> Framing | None:
        """The running process's lines; None when no process runs."""
        return self._framing

    def answer(self, kind: str, request: Any) -> CaseResponse:
        """Send one request of `kind` (`run`, `score`, `deal`) and read its answer, the
        process started again first if it was stopped."""
        if self._framing is None:
            if self.given_up:
                return {
                    "outcome": "errored",
                    "message": f"not tried: {GIVEN_UP}",
                    "failed": True,
                    "not_run": True,
                }
            try:
                self._launch()
                self.restarts += 1
                self._on_trial = True
            except EngineStartError as exc:
                self._failed_restarts += 1
                response: CaseResponse = {
                    "outcome": "errored",
                    "message": f"the engine could not be restarted: {exc}",
                    "failed": True,
                }
                if exc.stderr:
                    response["stderr"] = exc.stderr
                return response
        assert self._framing is not None
        taken: CaseResponse | Breach
        try:
            taken = self._framing.exchange(kind, request, self.timeout)
        except Breach as exc:
            taken = exc
        except BaseException:  # Ctrl-C, SIGTERM: the process must not outlive the runner
            self.kill()
            raise
        return self.answered(taken)

    def answered(self, taken: CaseResponse | Breach) -> CaseResponse:
        """The response to a request: the answer taken, or `errored` for an answer that broke
        the protocol (the engine stopped when its output can no longer be trusted, the next
        request starting it again); with what the engine wrote to stderr since the last."""
        if isinstance(taken, Breach):
            if taken.restart:
                self.kill()
            response: CaseResponse = {"outcome": "errored", "message": str(taken), "failed": True}
        else:
            response = taken
        if self._framing is None:
            self._failed_restarts += self._on_trial
        else:  # a line that left the process running: it lives
            self._failed_restarts = 0
        self._on_trial = False
        if self._framing is None:
            self._stderr.settle()
        stderr = self._stderr.take()
        if stderr:
            response["stderr"] = stderr
        return response

    @property
    def given_up(self) -> bool:
        """Whether the engine is not tried again in this run: MAX_RESTARTS failed restarts in
        a row."""
        return self._failed_restarts >= MAX_RESTARTS

    def kill(self) -> None:
        """End the process now, with no goodbye; the next request starts it again."""
        framing, self._framing = self._framing, None
        if framing is not None:
            framing.process.kill()

    # -- the process's start ------------------------------------------------------------------

    def _launch(self) -> EngineInfo:
        self.kill()
        try:
            process = EngineProcess(self.argv, cwd=self.cwd, env=self.env, stderr=self._stderr)
        except OSError as exc:
            raise EngineStartError(f"cannot run {shlex.join(self.argv)}: {exc.strerror}") from None
        self._framing = Framing(process)
        try:
            info = self._handshake(self._framing)
        except Breach as exc:
            self.kill()
            self._stderr.settle()
            raise EngineStartError(str(exc), self._stderr.take()) from None
        except BaseException:  # Ctrl-C, SIGTERM while the engine starts: it is ended too
            self.kill()
            raise
        return info

    def _handshake(self, framing: Framing) -> EngineInfo:
        offered = start_request()
        reply = framing.start(offered, self.start_timeout)
        unknown = unknown_features(reply["features"])
        if unknown:
            raise Breach(unknown, restart=True)
        spoken = reply["protocol"]
        if spoken > offered["protocol"] or spoken not in SPOKEN_VERSIONS:
            versions = ", ".join(map(str, sorted(SPOKEN_VERSIONS)))
            raise Breach(
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
