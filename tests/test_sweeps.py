"""The exhaustive sweeps (tests/_sweeps.py): the test command runs a representative part of
each, and CI runs every parameter; neither can end up sweeping nothing."""

from __future__ import annotations

import re
from pathlib import Path

import _sweeps
import pytest
from _sweeps import sweep

TESTS = Path(__file__).resolve().parent
CI = TESTS.parent / ".ci" / "run"


def test_ci_runs_every_parameter_of_the_swept_tests() -> None:
    commands = [line.strip() for line in CI.read_text(encoding="utf-8").splitlines()]
    assert "SPADESPEC_FULL=1 pytest -m sweep" in commands
    # After the test command itself, under `set -e`, so that a failure (or pytest's exit 5,
    # no test selected) stops the run.
    assert commands.index("pytest") < commands.index("SPADESPEC_FULL=1 pytest -m sweep")
    assert "set -euo pipefail" in commands


def test_every_module_that_sweeps_marks_its_test() -> None:
    sweeping = [
        path
        for path in sorted(TESTS.glob("test_*.py"))
        if re.search(r"^from _sweeps import sweep$", path.read_text(encoding="utf-8"), re.M)
    ]
    assert {p.name for p in sweeping} >= {
        "test_diff_witnesses.py", "test_fuzz_faults.py", "test_house_cases.py",
    }  # fmt: skip
    for path in sweeping:
        if path.name == "test_sweeps.py":
            continue
        assert "@pytest.mark.sweep\n" in path.read_text(encoding="utf-8"), path.name


def test_the_test_command_takes_the_representative_part_in_the_sweeps_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_sweeps, "FULL", False)
    assert sweep(["a", "b", "c", "d"], ["c", "a"]) == ["a", "c"]
    monkeypatch.setattr(_sweeps, "FULL", True)
    assert sweep(["a", "b", "c", "d"], ["c", "a"]) == ["a", "b", "c", "d"]


def test_a_representative_the_sweep_no_longer_holds_is_an_error() -> None:
    with pytest.raises(ValueError, match="'renamed-fault'"):
        sweep(["a", "b"], ["a", "renamed-fault"])
    with pytest.raises(ValueError, match="none chosen"):
        sweep(["a", "b"], [])
