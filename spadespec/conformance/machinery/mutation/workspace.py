"""One worker's copy of the package, and one change judged in it: the copy's module is changed,
the copy is served over the protocol (`spadespec serve`, as a third-party engine is run), and
`spadespec conform`, run from the unchanged package, judges it (`fuzzing.py` puts a survivor to
`spadespec fuzz` the same way).

The copy is compiled once with hash-checked-never bytecode, so that each change recompiles only
the module it changes; the module and its bytecode are put back after each judgement.
"""

from __future__ import annotations

import compileall
import contextlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from py_compile import PycInvalidationMode
from typing import Any

import spadespec
from spadespec.conformance.machinery.mutation.mutants import Mutant
from spadespec.reference_engine.paths import data_dir

PACKAGE = Path(spadespec.__file__).resolve().parent
"""The package as installed: the changes are made to copies of its modules."""

KILLED, SURVIVED, TIMED_OUT = "killed", "survived", "timed out"

REQUEST_TIMEOUT = 5
"""Seconds the broken engine has to answer each request (the reference answers in
milliseconds; a change that loops is given up well before the run's cap)."""

RUN_CAP = 180
"""Seconds one judgement may take in all before the change is counted as timed out."""

_SERVED_AND_RUN = """
import atexit, json, os, runpy, sys, threading
ran = set()
def lines(frame, event, arg):
    if event == "line":
        ran.add((frame.f_code.co_filename, frame.f_lineno))
    return lines
def calls(frame, event, arg):
    return lines if frame.f_code.co_filename.startswith({engine!r}) else None
sys.settrace(calls)
threading.settrace(calls)
def dump():
    sys.settrace(None)
    data = {{"modules": sorted(sys.modules), "ran": sorted(ran)}}
    with open({out!r}, "a") as out:  # one line per process served
        out.write(json.dumps(data) + os.linesep)
atexit.register(dump)
sys.argv = ["spadespec", "serve"]
runpy.run_module("spadespec", run_name="__main__")
"""
"""The unchanged copy served with every line of the reference engine it runs recorded, and the
modules it imported, added as a line to a file at its exit."""


@dataclass(frozen=True)
class Served:
    """What the served engine did on the whole suite: the modules of the reference engine it
    imported (paths inside the package) and, per module, the lines it ran."""

    modules: list[str]
    ran: dict[str, set[int]]
    checked: int
    """How many cases had something checked (the end line of conform's report): a change is
    judged with conform's `--min-checked` at this count, so one that makes the engine decline
    cases it played (answer `skipped`) fails the run, as it fails the run of any engine author
    who asks conform for every case the engine played before."""


@dataclass(frozen=True)
class Judgement:
    """What conform made of one change: its outcome, the first case it failed, its seconds."""

    outcome: str
    failed: str | None
    seconds: float
    failed_below_must: int = 0
    """How many cases below `must` (which never fail a run) the change failed."""


class Workspace:
    """A private copy of the package (and the shipped data it reads) in a temporary folder."""

    def __init__(self, parent: Path | None = None) -> None:
        self.top = Path(tempfile.mkdtemp(prefix="spadespec-mutation-", dir=parent))
        self.root = self.top / "copy"
        self.package = self.root / "spadespec"
        # The served engine needs neither the docs generators nor the regenerate command (the
        # wheel ships neither), whose stored fingerprints change as a regenerate step ends.
        skipped = shutil.ignore_patterns("__pycache__", "docs_gen", "regenerate")
        shutil.copytree(PACKAGE, self.package, ignore=skipped)
        if not (self.package / "reference_engine" / "_data").is_dir():
            for name in ("variants", "schema"):
                shutil.copytree(data_dir(name), self.root / name)
        compileall.compile_dir(
            self.package, quiet=2, invalidation_mode=PycInvalidationMode.UNCHECKED_HASH
        )

    def close(self) -> None:
        """Remove the copy."""
        shutil.rmtree(self.top, ignore_errors=True)

    def _engine(self, *command: str) -> str:
        """The engine command: Python serving the copy, never the installed package."""
        env = [
            "env",
            f"PYTHONPATH={self.root}",
            "PYTHONSAFEPATH=1",
            "PYTHONDONTWRITEBYTECODE=1",
        ]
        return shlex.join([*env, sys.executable, *command])

    def engine(self) -> str:
        """The command that serves the copy over the protocol."""
        return self._engine("-m", "spadespec", "serve")

    def traced_engine(self, record: Path) -> str:
        """The command that serves the copy with every line of the reference engine it runs,
        and the modules it imports, recorded in `record` at its exit (`lines_run` reads it)."""
        engine_dir = str(self.package / "reference_engine")
        return self._engine("-c", _SERVED_AND_RUN.format(out=str(record), engine=engine_dir))

    def lines_run(self, record: Path) -> dict[str, set[int]]:
        """Per module (its path inside the package), the lines a traced engine ran."""
        ran: dict[str, set[int]] = {}
        for data in _records(record):
            for filename, line in data["ran"]:
                module = Path(filename).relative_to(self.package).as_posix()
                ran.setdefault(module, set()).add(int(line))
        return ran

    def command(self, *args: str, cap: float | None = None) -> tuple[int | None, str]:
        """Run `spadespec ARGS` from the unchanged package, in this copy's folder and a session
        of its own: its exit status (None where it outran `cap` seconds and was killed, with
        everything it started) and what it wrote to stderr."""
        process = subprocess.Popen(
            [sys.executable, "-m", "spadespec", *args],
            cwd=self.top,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            _, err = process.communicate(timeout=cap)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.communicate()
            return None, ""
        return process.returncode, err

    def _conform(
        self,
        engine: str,
        report: Path,
        cases: str | None,
        min_checked: int | None = None,
        cap: float | None = None,
    ) -> int | None:
        argv = [
            "conform", "--engine", engine, "--no-diagnose", "--timeout", str(REQUEST_TIMEOUT),
            "--start-timeout", "30", "--report", str(report),
        ]  # fmt: skip
        if cases:
            argv += ["--case", cases]
        if min_checked is not None:
            argv += ["--min-checked", str(min_checked)]
        return self.command(*argv, cap=cap)[0]

    def served(self) -> Served:
        """Run the whole suite against the unchanged copy, recording what the served engine
        imported and ran. Raises RuntimeError when the unchanged copy does not pass, since no
        change could then be judged."""
        seen = self.top / "served.jsonl"
        seen.unlink(missing_ok=True)
        report = self.top / "baseline.jsonl"
        if self._conform(self.traced_engine(seen), report, None) != 0:
            raise RuntimeError(f"the unchanged engine fails the suite (its report: {report})")
        modules = []
        for name in sorted({name for data in _records(seen) for name in data["modules"]}):
            if name == "spadespec.reference_engine" or name.startswith(
                "spadespec.reference_engine."
            ):
                spec = importlib.util.find_spec(name)
                if spec is not None and spec.origin and spec.origin.endswith(".py"):
                    modules.append(Path(spec.origin).resolve().relative_to(PACKAGE).as_posix())
        ran = self.lines_run(seen)
        return Served(sorted(modules), ran, _checked(report))

    @contextlib.contextmanager
    def changed(self, mutant: Mutant) -> Iterator[None]:
        """The copy with this change made (its module recompiled when next imported); the
        module and its bytecode are put back on leaving."""
        path = self.package / mutant.place.module
        pyc = Path(importlib.util.cache_from_source(str(path)))
        original, compiled = path.read_bytes(), pyc.read_bytes()
        try:
            path.write_text(mutant.source, "utf-8")
            pyc.unlink()
            yield
        finally:
            path.write_bytes(original)
            pyc.write_bytes(compiled)

    def judge(
        self, mutant: Mutant, cases: str | None = None, min_checked: int | None = None
    ) -> Judgement:
        """Serve the copy with this change and run the suite (or the cases matching `cases`),
        failing it (with `min_checked`) when fewer cases had something checked."""
        report = self.top / "judgement.jsonl"
        report.unlink(missing_ok=True)
        start = time.monotonic()
        with self.changed(mutant):
            status = self._conform(self.engine(), report, cases, min_checked, RUN_CAP)
        if status is None:
            return Judgement(TIMED_OUT, None, time.monotonic() - start)
        seconds = time.monotonic() - start
        first, below = _failures(report)
        if status == 0:
            return Judgement(SURVIVED, first, seconds, below)
        if status != 1:
            raise RuntimeError(f"conform exited {status} judging {mutant.place.name}")
        return Judgement(KILLED, first, seconds, below)


def _records(record: Path) -> list[dict[str, Any]]:
    """The lines a traced engine's processes added to `record`, one each."""
    lines = record.read_text("utf-8").splitlines() if record.is_file() else []
    return [json.loads(line) for line in lines if line.strip()]


def _report_lines(report: Path) -> list[dict[str, Any]]:
    """The lines of a conform report that are JSON objects (none where there is no report)."""
    entries = []
    for line in report.read_text("utf-8").splitlines() if report.is_file() else []:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries


def _checked(report: Path) -> int:
    """How many cases a finished conform report says had something checked."""
    ends = [entry for entry in _report_lines(report) if entry.get("kind") == "end"]
    if not ends or not isinstance(ends[-1].get("checked"), int):
        raise RuntimeError(f"the unchanged engine's report has no count of cases checked: {report}")
    return int(ends[-1]["checked"])


def _failures(report: Path) -> tuple[str | None, int]:
    """The id of the first must-level case the report says failed (else the first it says the
    engine declined, which fails a run held to the cases checked before; None: neither), and
    how many cases of a lower level failed."""
    first, declined, below = None, None, 0
    for entry in _report_lines(report):
        verdict = entry.get("verdict")
        if verdict == "skip" and entry.get("level") == "must":
            declined = declined or f"declined: {entry.get('id')}"
        if verdict not in ("fail", "error"):
            continue
        if entry.get("level") == "must":
            first = first or str(entry.get("id"))
        else:
            below += 1
    return first or declined, below
