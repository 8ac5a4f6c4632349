"""The `spadespec` command run inside the test process: what a subprocess would give (exit
status, stdout, stderr) without a Python start-up per call. Tests about the process itself
(a start-up, a signal) run it as a subprocess instead."""

from __future__ import annotations

import contextlib
import io
import subprocess

from spadespec.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`spadespec ARGS`; a usage error's SystemExit becomes its exit status, as in a process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1 if exc.code else 0
    return subprocess.CompletedProcess(["spadespec", *args], status, out.getvalue(), err.getvalue())
