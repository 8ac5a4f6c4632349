"""An engine's process and its three pipes: started in a process group of its own, written to
(a line, or many lines from a thread of its own), its output read a line at a time within a
timeout, what it writes to stderr gathered meanwhile, and the whole group ended however the
run stops. Nothing here reads JSON: what the lines say is `framing`'s to check.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO

STDERR_LIMIT = 8000
"""Characters of an engine's stderr kept per case: the end, where the trouble usually is."""

STOP_GRACE = 2.0
"""Seconds an engine is given to exit once its input is closed, or to say how it exited."""

_MAX_LINE = 64 * 1024 * 1024
_CHUNK = 65536
"""Bytes written, or read, at a time."""


class Breach(Exception):
    """The engine broke the protocol; `restart` when its output can no longer be trusted."""

    def __init__(self, message: str, *, restart: bool) -> None:
        super().__init__(message)
        self.restart = restart


class StderrLog:
    """What an engine's processes write to stderr, read by a thread while each runs and taken
    with each response: kept across restarts, so nothing a process wrote is lost with it."""

    def __init__(self) -> None:
        self._chunks: list[bytes] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def follow(self, pipe: IO[bytes]) -> None:
        """Read a new process's stderr until it closes."""
        self._thread = threading.Thread(target=self._drain, args=(pipe,), daemon=True)
        self._thread.start()

    def settle(self) -> None:
        """After the process is gone: wait for the last of its stderr."""
        if self._thread is not None:
            self._thread.join(1.0)
            self._thread = None

    def take(self) -> str:
        """What was written since the last take, its end only when long."""
        with self._lock:
            data, self._chunks = b"".join(self._chunks), []
        text = data.decode("utf-8", "replace")
        if len(text) > STDERR_LIMIT:
            text = "[...]" + text[-STDERR_LIMIT:]
        return text

    def _drain(self, pipe: IO[bytes]) -> None:
        fd = pipe.fileno()
        while True:
            try:
                chunk = os.read(fd, _CHUNK)
            except OSError:
                break
            if not chunk:
                break
            with self._lock:
                self._chunks.append(chunk)
        pipe.close()


class EngineProcess:
    """One engine process started from `argv`; raises OSError when it cannot be run."""

    def __init__(
        self, argv: Sequence[str], *, cwd: str | None, env: dict[str, str] | None,
        stderr: StderrLog,
    ) -> None:  # fmt: skip
        self._proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
            # Its own process group, so that a hung engine's children are ended with it.
            start_new_session=True,
        )
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._stdin = proc.stdin
        self._stdout = proc.stdout.fileno()
        self._buffer = b""
        self._selector = selectors.DefaultSelector()
        self._selector.register(proc.stdout, selectors.EVENT_READ)
        stderr.follow(proc.stderr)

    # -- its input ----------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        """Write `data` and flush it; raises OSError when the engine no longer reads."""
        self._stdin.write(data)
        self._stdin.flush()

    def write_in_background(self, data: bytes) -> threading.Thread:
        """Start writing `data` in a thread of its own, while the caller reads the answers: an
        engine answering while the runner still writes would otherwise fill both pipes, each
        process waiting on the other. A closed pipe (the engine gone) ends the writing; the
        reading reports it."""
        fd = self._stdin.fileno()

        def write() -> None:
            view = memoryview(data)
            with contextlib.suppress(OSError):
                while view:
                    view = view[os.write(fd, view[:_CHUNK]) :]

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        return writer

    def finish(self, last: bytes) -> None:
        """Write `last` (a goodbye), close the engine's input and give it STOP_GRACE to exit;
        `kill` ends it after, whether it did or not."""
        try:
            self.write(last)
            self._stdin.close()
        except OSError:
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(STOP_GRACE)

    # -- its output ---------------------------------------------------------------------------

    def readline(self, what: str, timeout: float) -> bytes:
        """The next line the engine writes, without its newline; a breach when none comes
        within `timeout` seconds (given for `what`, an answer to start or to a request), the
        engine exits or the line passes 64 MB."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                option = "--start-timeout" if what == "start" else "--timeout"
                raise Breach(
                    f"no answer to {what} within {timeout:g} s ({option}); the engine was stopped",
                    restart=True,
                )
            chunk = os.read(self._stdout, _CHUNK)
            if not chunk:
                raise Breach(self.exit_message(what), restart=True)
            self._buffer += chunk
            if len(self._buffer) > _MAX_LINE:
                raise Breach(f"the answer to {what} is longer than 64 MB", restart=True)
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def pending(self) -> bool:
        """Whether the engine has written more than was read: looked at without waiting."""
        if self._buffer:
            return True
        if not self._selector.select(0):
            return False
        self._buffer = os.read(self._stdout, _CHUNK)
        return bool(self._buffer)  # nothing: the output closed, which the next read reports

    def pending_line(self) -> bytes:
        """The first line of what `pending` found, or as much of it as has come."""
        return self._buffer.partition(b"\n")[0]

    def exit_message(self, what: str) -> str:
        """What to say of an engine whose output closed while it answered `what`."""
        try:
            status = self._proc.wait(STOP_GRACE)
        except subprocess.TimeoutExpired:
            return f"the engine closed its output while answering {what}"
        how = f"signal {-status}" if status < 0 else f"status {status}"
        return f"the engine exited ({how}) while answering {what}"

    # -- its end ------------------------------------------------------------------------------

    def kill(self) -> None:
        """End the engine and whatever it started, and close the pipes."""
        self._selector.close()
        proc = self._proc
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
