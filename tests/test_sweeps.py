"""The exhaustive sweeps (tests/_sweeps.py): the test command runs a representative part of
each, and CI runs every parameter; neither can end up sweeping nothing."""

from __future__ import annotations

import re
from pathlib import Path

import _sweeps
import pytest
from _sweeps import PLAY_RULESETS, sweep

from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.model import rule_paths

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
        if re.search(r"^from _sweeps import .*\bsweep$", path.read_text(encoding="utf-8"), re.M)
    ]
    assert {p.name for p in sweeping} >= {
        "test_diff_witnesses.py", "test_fuzz_faults.py", "test_house_cases.py",
        "test_engine_properties.py", "test_scoring_properties.py", "test_fuzz_reference.py",
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


def test_the_play_rulesets_set_every_value_of_a_rule_of_play_that_a_shipped_ruleset_sets() -> None:
    # A new ruleset with a value of its own for a rule of play joins PLAY_RULESETS, so that the
    # test command still plays it.
    paths = [p for p in rule_paths() if p.split(".")[0] not in ("scoring", "game_end")]

    def values(ident: str) -> set[tuple[str, str]]:
        rules = load_variant(ident).rules
        return {(path, repr(rule_value(rules, path))) for path in paths}

    played = set().union(*(values(v) for v in PLAY_RULESETS))
    missing = {v: sorted(values(v) - played) for v in shipped_variant_ids()}
    assert {v: left for v, left in missing.items() if left} == {}
