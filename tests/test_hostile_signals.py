"""Every command that can run for more than a second, sent SIGTERM after one (and Ctrl-C, for a
few) with its memory limited to 1.5 GB: each ends within 2 s with 143 (130), the one word
"terminated" ("interrupted"), no traceback, no process left, and nothing written over in its
folder but what it was asked to write."""

from __future__ import annotations

import shlex
import signal
import sys
from pathlib import Path

import pytest
from _hostile import Outcome, assert_ended_well, digests, run_hostile

BILLION = "1000000000"
ENGINES = Path(__file__).resolve().parent / "data" / "engines"

LONG_RUNS = {
    # 30 ms an answer: some 25 s for the suite
    "conform": ["conform", "--engine", shlex.join([sys.executable, str(ENGINES / "slow.py")])],
    "fuzz": ["fuzz", "--variant", "standard", "--games", BILLION, "--seed", "1", "--quiet"],
    "simulate": ["simulate", "standard", "--games", BILLION],
    "shuffle-test": ["shuffle-test", "--deals", BILLION, "--seed", "1"],
    "audit of stdin that never ends": ["audit", "-"],
}
"""A run of each command that lasts well over a second (audit waits for records that never
come: its stdin is a pipe no one writes to or closes)."""


def _ended_saying(outcome: Outcome, command: str, word: str) -> None:
    """The last line on stderr is `word`; any before it are the command's own lines of what
    it did before the signal (fuzz's seed, conform's progress), none from anything else."""
    lines = outcome.err.strip().splitlines()
    assert lines[-1] == word, outcome.err
    name = LONG_RUNS[command][0]
    assert all(line.startswith(f"{name}: ") for line in lines[:-1]), outcome.err


@pytest.mark.parametrize("command", LONG_RUNS)
def test_sigterm_after_a_second_ends_each_command_at_once(command: str, tmp_path: Path) -> None:
    (tmp_path / "kept.txt").write_text("a file of the user's\n")
    before = digests(tmp_path)
    stdin = b"" if command.startswith("audit") else None
    outcome = run_hostile(
        LONG_RUNS[command], tmp_path, signal_after=1.0, stdin=stdin, keep_stdin_open=True
    )
    assert_ended_well(outcome, 143, message_lines=100)
    _ended_saying(outcome, command, "terminated")
    assert digests(tmp_path) == before


@pytest.mark.parametrize("command", ["conform", "fuzz", "shuffle-test"])
def test_ctrl_c_after_a_second_ends_each_command_at_once(command: str, tmp_path: Path) -> None:
    outcome = run_hostile(
        LONG_RUNS[command], tmp_path, signal_after=1.0, signum=signal.SIGINT, group=True
    )
    assert_ended_well(outcome, 130, message_lines=100)
    _ended_saying(outcome, command, "interrupted")
