"""The commands that play in worker processes (`simulate`, `fuzz`) on hostile input: a billion
games in 1.5 GB, stopped by SIGTERM or Ctrl-C while they start and while they play, an engine
that does not start, more jobs than CPUs. Each ends with its status from
docs/exit-statuses.md, its message, no traceback (from the command or a worker), and no
process left, its engines' included."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _hostile import assert_ended_well, process_table, run_hostile

from spadespec.command_kit.workers import usable_cpus

ENGINES = Path(__file__).resolve().parent / "data" / "engines"
BILLION = ["simulate", "standard", "--games", "1000000000"]


def _engine(name: str, pids: Path, *extra: str) -> str:
    """A test engine that leaves a file named by its process id in `pids`."""
    return shlex.join([sys.executable, str(ENGINES / f"{name}.py"), "--pid-dir", str(pids),
                       *extra])  # fmt: skip


def _engines_gone(pids: Path) -> None:
    """Every engine that left its id in `pids` has ended."""
    started = [int(p.name) for p in pids.iterdir()]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_running(pid) for pid in started):
        time.sleep(0.1)
    left = [pid for pid in started if _running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], "engines left running after the command"


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_simulate_a_billion_games_in_flat_memory_stops_at_a_signal(
    signum: int, status: int, tmp_path: Path
) -> None:
    # A list of a billion game numbers would not fit in the 1.5 GB the command is given.
    outcome = run_hostile(BILLION, tmp_path, signal_after=1.0, signum=signum)
    assert_ended_well(outcome, status)
    assert outcome.err.strip() == ("terminated" if status == 143 else "interrupted")


# Early, while the workers start; later, while they play.
@pytest.mark.parametrize("after", [0.3, 1.0])
def test_simulate_with_workers_stops_at_sigterm_quietly(after: float, tmp_path: Path) -> None:
    outcome = run_hostile([*BILLION, "--jobs", "2"], tmp_path, signal_after=after)
    assert_ended_well(outcome, 143)


def test_simulate_with_workers_stops_at_ctrl_c_to_every_process(tmp_path: Path) -> None:
    # Ctrl-C reaches the workers too: they leave the ending to the command, and say nothing.
    outcome = run_hostile(
        [*BILLION, "--jobs", "2"], tmp_path, signal_after=1.0, signum=signal.SIGINT, group=True
    )
    assert_ended_well(outcome, 130)


def test_simulate_with_workers_ends_without_a_word_from_them(tmp_path: Path) -> None:
    # The workers are ended as the run ends: none prints a traceback as it goes.
    outcome = run_hostile(["simulate", "standard", "--games", "150", "--jobs", "2"], tmp_path)
    assert_ended_well(outcome, 0)
    assert "150 games" in outcome.err


def test_simulate_lowers_jobs_to_the_cpus(tmp_path: Path) -> None:
    games = 2 * usable_cpus() + 2
    outcome = run_hostile(
        ["simulate", "standard", "--games", str(games), "--jobs", "50", "--json"], tmp_path
    )
    assert_ended_well(outcome, 0, message_lines=2)
    cpus = usable_cpus()
    assert f"simulate: --jobs 50 lowered to {cpus} ({cpus} CPUs to run them on)" in outcome.err
    assert f"{games} games" in outcome.err and f"{cpus} job" in outcome.err


# One that exits as it starts, one that hangs in `start` past --start-timeout.
@pytest.mark.parametrize("engine", ["die_in_start", "slow_start"])
def test_fuzz_with_workers_whose_engine_does_not_start(
    engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLOW_START_SECONDS", "30")
    pids = tmp_path / "pids"
    pids.mkdir()
    argv = ["fuzz", "--engine", _engine(engine, pids), "--variant", "standard", "--games", "6",
            "--seed", "5", "--jobs", "2", "--start-timeout", "1", "--quiet"]  # fmt: skip
    outcome = run_hostile(argv, tmp_path)
    # The seed line, why the engine did not start, and the last lines of its stderr.
    assert_ended_well(outcome, 1, message_lines=5)
    assert "spadespec fuzz: the engine did not start" in outcome.err
    assert list(pids.iterdir()), "no engine started"
    _engines_gone(pids)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_fuzz_with_workers_stops_at_a_signal_to_every_process(
    signum: int, status: int, tmp_path: Path
) -> None:
    pids = tmp_path / "pids"
    pids.mkdir()
    argv = ["fuzz", "--engine", _engine("slow", pids), "--variant", "standard", "--games",
            "1000000", "--seed", "5", "--jobs", "4", "--quiet"]  # fmt: skip
    outcome = run_hostile(argv, tmp_path, signal_after=1.0, signum=signum, group=True)
    # The jobs lowered to the CPUs (on a machine with fewer than 4), the seed line, and the end.
    assert_ended_well(outcome, status, message_lines=3)
    assert outcome.err.splitlines()[-1] == ("terminated" if status == 143 else "interrupted")
    _engines_gone(pids)  # those that had started by then, or were starting


def _children(pid: int) -> list[int]:
    return [child for child, fields in process_table() if int(fields[1]) == pid]


@pytest.mark.skipif(usable_cpus() < 2, reason="--jobs 2 runs in one process on one CPU")
def test_simulate_whose_worker_is_killed_from_outside_stops_saying_so(tmp_path: Path) -> None:
    # As the out-of-memory killer would: the run cannot be finished, and says so in one line.
    run = subprocess.Popen(
        [sys.executable, "-m", "spadespec", *BILLION, "--jobs", "2"], cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while len(workers := _children(run.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(0.5)
        os.kill(workers[0], signal.SIGKILL)
        _, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.communicate()
    assert "Traceback" not in err, err
    assert run.returncode == 2, err
    assert err.strip().splitlines() == [
        "spadespec simulate: a process playing the games ended before the run's end (killed "
        "by signal 9); the run is stopped"
    ]
    deadline = time.monotonic() + 5
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in workers)
