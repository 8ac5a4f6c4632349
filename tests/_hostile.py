"""Running a `spadespec` command on hostile input, as the hostile-input tests do: its address
space limited to 1.5 GB (set on the command's own process with `prlimit` once it has started,
so an engine it had started before is not limited; its workers, forked later, share the
limit), optionally sent SIGTERM after a delay, and judged as every command must end: the
documented exit status, a message of one line, no traceback, and no process of its session
left behind.

`run_hostile` returns what happened; `assert_ended_well` checks the common part. Whether
nothing was written over is the test's own check (`digests` before and after)."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MEMORY_LIMIT = 1536 * 1024 * 1024
"""The address space the command under test may have: 1.5 GB."""

SIGNAL_GRACE = 2.0
"""Seconds a command has to end after SIGTERM or Ctrl-C."""


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str
    seconds_after_signal: float | None
    """Seconds from the signal to the end, when one was sent."""
    left: list[int]
    """Processes of the command's session still running after it ended (killed since)."""


def process_table() -> list[tuple[int, list[str]]]:
    """Every running process as (pid, the fields of /proc/PID/stat after its name: state,
    ppid, pgrp, session, ...); a zombie, which has ended already, is left out."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if fields[0] not in ("Z", "X"):
            found.append((int(entry.name), fields))
    return found


def _session_members(sid: int) -> list[int]:
    return [pid for pid, fields in process_table() if int(fields[3]) == sid]


def _default_sigint() -> None:
    # A background shell starts its jobs with Ctrl-C ignored; give the command the default.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_hostile(
    argv: list[str],
    cwd: Path,
    *,
    stdin: bytes | None = None,
    signal_after: float | None = None,
    signum: int = signal.SIGTERM,
    group: bool = False,
    keep_stdin_open: bool = False,
    memory: int | None = MEMORY_LIMIT,
    timeout: float = 120,
) -> Outcome:
    """Run `spadespec ARGV` in `cwd` as described above and return how it ended. With `group`,
    the signal goes to the command's whole process group, as Ctrl-C from a terminal does. With
    `keep_stdin_open`, `stdin` is written but not closed before the signal: the command waits
    for more."""
    run = subprocess.Popen(
        [sys.executable, "-m", "spadespec", *argv],
        cwd=cwd,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )
    if memory is not None:
        subprocess.run(
            ["prlimit", f"--pid={run.pid}", f"--as={memory}"], check=True, capture_output=True
        )
    sent: float | None = None
    try:
        if signal_after is not None:
            if stdin is not None:
                assert run.stdin is not None
                run.stdin.write(stdin)
                run.stdin.flush()
                if not keep_stdin_open:
                    run.stdin.close()
            time.sleep(signal_after)
            sent = time.monotonic()
            if group:
                os.killpg(run.pid, signum)
            else:
                run.send_signal(signum)
            out, err = run.communicate(timeout=timeout)
        else:
            out, err = run.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        run.communicate()
        raise AssertionError(f"spadespec {' '.join(argv)} did not end within {timeout} s") from None
    ended = time.monotonic()
    left = _session_members(run.pid)
    deadline = time.monotonic() + 5
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = _session_members(run.pid)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return Outcome(
        status=run.returncode,
        out=out.decode("utf-8", "replace"),
        err=err.decode("utf-8", "replace"),
        seconds_after_signal=None if sent is None else ended - sent,
        left=left,
    )


def assert_ended_well(outcome: Outcome, status: int, *, message_lines: int = 1) -> None:
    """The command ended with `status`, no traceback, at most `message_lines` lines on stderr,
    within SIGNAL_GRACE of a signal, and no process of its session left."""
    assert "Traceback" not in outcome.err + outcome.out, outcome.err[-3000:]
    assert outcome.status == status, (outcome.status, outcome.err[-2000:])
    lines = [line for line in outcome.err.splitlines() if line.strip()]
    assert len(lines) <= message_lines, outcome.err[-2000:]
    if outcome.seconds_after_signal is not None:
        assert outcome.seconds_after_signal < SIGNAL_GRACE, outcome.seconds_after_signal
    assert outcome.left == [], "processes left running after the command"


def digests(folder: Path) -> dict[str, str]:
    """The digest of every file under `folder`, to show that a run wrote nothing over."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
