"""Chaos: engines that die, hang, write garbage, ignore Ctrl-C or start processes of their own,
driven by `conform` and `fuzz` (alone and with --jobs), and runs stopped by Ctrl-C and SIGTERM.
Each run must end with its documented exit status, a report that keeps what was done, no
traceback, and no process left behind (the engines' and their helpers' ids are written to a
folder, and each must be gone within 30 s)."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parent / "data" / "engines"
FOLLOW = "standard.play.must-follow-suit*"
FUZZ = ["fuzz", "--variant", "standard", "--games", "3", "--seed", "5", "--timeout", "1",
        "--start-timeout", "20", "--quiet"]  # fmt: skip


def _engine(name: str, pids: Path, *extra: str) -> str:
    return shlex.join([sys.executable, str(ENGINES / f"{name}.py"), "--pid-dir", str(pids),
                       *extra])  # fmt: skip


def _default_sigint() -> None:
    # A run started in the background of a shell (as the test command may be) inherits Ctrl-C
    # ignored, and Python keeps it ignored: the run gets Ctrl-C as a terminal would give it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _spadespec(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "spadespec", *argv], cwd=cwd, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=_default_sigint,
    )  # fmt: skip


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")  # a zombie has ended; only its parent's bookkeeping is left


def _no_process_left(pids: Path) -> None:
    started = [int(p.name) for p in pids.iterdir()]
    assert started, "the engine never started"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not all(_gone(pid) for pid in started):
        time.sleep(0.2)
    left = [pid for pid in started if not _gone(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], "processes left running after the run"


def _lines(report: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in report.read_text().splitlines() if line.strip()]


def _finish(run: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = run.communicate(timeout=120)
    return run.returncode, out, err


@pytest.fixture
def pids(tmp_path: Path) -> Path:
    folder = tmp_path / "pids"
    folder.mkdir()
    return folder


FuzzRun = tuple[int, str, str, list[dict[str, object]], Path]
"""A fuzz run's exit status, output, errors, report lines, and the folder of its engines' ids."""


@pytest.fixture(scope="module")
def fuzz_run(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], FuzzRun]:
    """`fuzz` against an engine that misbehaves from its third request on, with --jobs N: each
    run once per test process, for every test that asks about it."""
    runs: dict[tuple[str, str], FuzzRun] = {}

    def run(name: str, jobs: str) -> FuzzRun:
        if (name, jobs) not in runs:
            folder = tmp_path_factory.mktemp(f"fuzz-{name}-{jobs}")
            pids = folder / "pids"
            pids.mkdir()
            report = folder / "fuzz.jsonl"
            engine = _engine(name, pids, "--from-request", "3")
            argv = [*FUZZ, "--engine", engine, "--jobs", jobs, "--report", str(report),
                    "--out", str(folder / "cases")]  # fmt: skip
            status, out, err = _finish(_spadespec(argv, folder))
            runs[name, jobs] = (status, out, err, _lines(report), pids)
        return runs[name, jobs]

    return run


@pytest.mark.parametrize("name", ["crash", "hang", "garbage", "ignore_sigint", "spawn_child"])
def test_conform_survives_an_engine_that_misbehaves_on_a_case(
    name: str, tmp_path: Path, pids: Path
) -> None:
    report = tmp_path / "run.jsonl"
    engine = _engine(
        name, pids, "--on", "standard.play.must-follow-suit.ace-of-clubs-on-a-diamond-lead"
    )
    argv = ["conform", "--engine", engine, "--case", FOLLOW, "--timeout", "1",
            "--report", str(report)]  # fmt: skip
    status, _, err = _finish(_spadespec(argv, tmp_path))
    assert status == 1, err
    assert "Traceback" not in err
    lines = _lines(report)
    assert lines[0]["kind"] == "start" and lines[-1]["kind"] == "end"
    verdicts = {line["id"]: line["verdict"] for line in lines if line["kind"] == "case"}
    assert verdicts["standard.play.must-follow-suit.ace-of-clubs-on-a-diamond-lead"] == "error"
    assert "pass" in verdicts.values()  # the other cases were put to a restarted engine
    _no_process_left(pids)


# Each engine alone and with --jobs where it matters: the dying and the helper-starting engine
# (whose processes must be ended in every worker), the others alone, to keep the test quick.
@pytest.mark.parametrize(
    ("name", "jobs"),
    [("crash", "1"), ("crash", "2"), ("hang", "1"), ("garbage", "1"), ("spawn_child", "2")],
)
def test_fuzz_names_what_a_misbehaving_engine_did_and_where(
    name: str, jobs: str, fuzz_run: Callable[[str, str], FuzzRun]
) -> None:
    status, out, err, lines, pids = fuzz_run(name, jobs)
    assert status == 1, err
    assert "Traceback" not in err
    assert lines[0]["kind"] == "start" and lines[-1]["kind"] == "end"
    found = [line for line in lines if line["kind"] == "difference"]
    assert found and isinstance(found[0]["game"], int)
    said = " ".join(str(d) for d in found[0]["differences"])
    assert "the engine" in said  # what it did: exited, did not answer in time, wrote garbage
    assert f"game {found[0]['game']}" in out
    # Each failure is a finding of its own; the engine was restarted and the run went on
    # (every new engine fails again at its third request: in a later game).
    assert all(line["engine_failed"] for line in found)
    games = [line["game"] for line in found]
    assert len(games) >= 2 and games == sorted(set(games))
    assert "the engine was restarted (1 of 3 restarts)" in out
    _no_process_left(pids)


def test_an_engine_that_gives_no_answer_is_not_diagnosed_as_a_rule(
    fuzz_run: Callable[[str, str], FuzzRun],
) -> None:
    # The run of the test above with the crashing engine alone (--jobs 1 is the default).
    status, out, err, lines, pids = fuzz_run("crash", "1")
    assert status == 1, err
    assert "not diagnosed: the engine gave no answer" in out
    found = [line for line in lines if line["kind"] == "difference"]
    assert found[0]["rule"] == "unexplained (likely a bug)" and "diagnosis" not in found[0]
    _no_process_left(pids)


def test_fuzz_stops_after_so_many_restarts(tmp_path: Path, pids: Path) -> None:
    report = tmp_path / "fuzz.jsonl"
    argv = [*FUZZ, "--games", "8", "--engine", _engine("crash", pids, "--from-request", "3"),
            "--report", str(report)]  # fmt: skip
    status, out, err = _finish(_spadespec(argv, tmp_path))
    assert status == 1 and "Traceback" not in err
    found = [line for line in _lines(report) if line["kind"] == "difference"]
    assert len(found) == 4  # three restarts, then the fourth failure ends the run
    assert "the engine failed to answer 4 times: the run stops here" in out
    end = _lines(report)[-1]
    assert end["kind"] == "end" and end["games"] < 8 and end["differences"] == 4
    _no_process_left(pids)


def test_fuzz_survives_an_engine_that_dies_as_it_starts(tmp_path: Path, pids: Path) -> None:
    report = tmp_path / "fuzz.jsonl"
    argv = [*FUZZ, "--engine", _engine("die_in_start", pids), "--report", str(report)]
    status, _, err = _finish(_spadespec(argv, tmp_path))
    assert status == 1, err
    assert "the engine did not start" in err and "Traceback" not in err
    start = _lines(report)[0]
    assert start["kind"] == "start" and "engine_error" in start
    _no_process_left(pids)


@pytest.mark.parametrize(("how", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stopped_fuzz_run_leaves_no_process_and_no_traceback(
    how: signal.Signals, status: int, jobs: str, tmp_path: Path, pids: Path
) -> None:
    report = tmp_path / "fuzz.jsonl"
    engine = _engine("ignore_sigint", pids, "--from-request", "2")
    argv = [*FUZZ, "--engine", engine, "--jobs", jobs, "--timeout", "60",
            "--report", str(report)]  # fmt: skip
    run = _spadespec(argv, tmp_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(pids.iterdir())) < int(jobs):
        time.sleep(0.2)  # every engine under test has started
    time.sleep(1)
    if how is signal.SIGINT:
        os.killpg(run.pid, signal.SIGINT)  # Ctrl-C reaches the terminal's whole process group
    else:
        run.send_signal(signal.SIGTERM)  # SIGTERM reaches the runner alone
    code, _, err = _finish(run)
    assert code == status, err
    assert "Traceback" not in err
    assert _lines(report)[0]["kind"] == "start"
    _no_process_left(pids)
