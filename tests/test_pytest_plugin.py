"""The pytest plugin: the conformance cases collected as tests of a Python engine's own suite."""

from __future__ import annotations

from pathlib import Path

import pytest

# Imported here, before any in-process run, so that every run shares one copy of the engine's
# modules: pytester forgets modules first imported during a run, and a fault patched into a
# forgotten copy would never be seen.
import spadespec.conformance.machinery.faults  # noqa: F401
import spadespec.conformance.pytest_plugin  # noqa: F401
from spadespec.conformance.contract.runner.score import offered
from spadespec.conformance.contract.suite.cases import load_suite

pytest_plugins = ["pytester"]

# Whether or not the package is installed (and its pytest11 entry point with it), load the
# plugin from the checkout, once.
PLUGIN = ("-p", "no:spadespec", "-p", "spadespec.conformance.pytest_plugin")

BROKEN_ENGINE = """
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine


class Engine(FaultyEngine):
    def __init__(self):
        super().__init__(FAULTS["overtricks-not-scored"])


class NoStart:
    def start(self):
        raise RuntimeError("no licence key")

    def run(self, request):
        raise AssertionError("never asked")

    def stop(self):
        pass
"""

SUITE = list(load_suite())
STANDARD = [case for case in SUITE if case.variant == "standard"]
OTHER = [case for case in SUITE if case.variant != "standard"]
# An engine with `score()` also gets a test for each case's score request.
SCORED_STANDARD = offered(STANDARD)
SCORED_OTHER = offered(OTHER)
# The one whole hand of the standard seed cases with overtricks: overtricks-not-scored fails it.
OVERTRICKS = "standard.hand.made-set-nil-bags.1"


@pytest.fixture(autouse=True)
def one_schema_memo(
    pytester: pytest.Pytester,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pytester gives each run a home of its own, where the memo of case files that passed
    their schema (README) would start empty, so every run would check every case file against
    the schema again. The runs share one memo: each file is checked once per test process."""
    folder = tmp_path_factory.getbasetemp() / "schema-memo"
    folder.mkdir(exist_ok=True)
    monkeypatch.setenv("SPADESPEC_CACHE_DIR", str(folder))


def test_without_the_option_the_plugin_collects_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_own="def test_own():\n    assert True\n")
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*spadespec::*")


def test_every_case_of_the_variant_is_one_passing_test(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(
        *PLUGIN, "--spadespec-engine", "reference", "--spadespec-variant", "standard", "-v"
    )
    every = len(STANDARD) + len(SCORED_STANDARD)
    result.assert_outcomes(passed=every)
    result.stdout.fnmatch_lines([f"*spadespec::{STANDARD[0].id} PASSED*"])
    result.stdout.fnmatch_lines([f"*spadespec::{SCORED_STANDARD[0]} PASSED*"])
    result.stdout.fnmatch_lines([f"*collected {every} items*"])


def test_cases_an_engine_does_not_declare_are_skipped(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        standard_only="""
from spadespec.conformance.contract.engines.reference import ReferenceEngine

class Engine(ReferenceEngine):
    def start(self):
        info = super().start()
        info["variants"] = ["standard"]
        return info
"""
    )
    pytester.syspathinsert()
    result = pytester.runpytest(*PLUGIN, "--spadespec-engine", "standard_only:Engine", "-rs")
    result.assert_outcomes(
        passed=len(STANDARD) + len(SCORED_STANDARD), skipped=len(OTHER) + len(SCORED_OTHER)
    )
    if OTHER:
        result.stdout.fnmatch_lines(["*not applicable: the engine does not play variant*"])


def test_a_broken_engine_fails_with_the_difference_and_a_rerun(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(broken=BROKEN_ENGINE)
    pytester.syspathinsert()
    result = pytester.runpytest(
        *PLUGIN, "--spadespec-engine", "broken:Engine", "--spadespec-variant", "standard"
    )
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] >= 1
    # A should-level case that fails is an expected failure, reported apart.
    every = len(STANDARD) + len(SCORED_STANDARD)
    assert sum(outcomes.get(key, 0) for key in ("failed", "passed", "xfailed")) == every
    result.stdout.fnmatch_lines(
        [
            f"case {OVERTRICKS} (standard, must):*",
            "  $.hands[0].sides.NS.overtrick_points: expected 2, got 0",
            f"rerun: pytest --spadespec-engine broken:Engine --spadespec-case {OVERTRICKS}",
            f"FAILED spadespec::{OVERTRICKS} *",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            f"case {OVERTRICKS}~score (standard, must):*",
            "  $.hand_points[0].NS: expected 2, got 0",
            f"rerun: pytest --spadespec-engine broken:Engine --spadespec-case '{OVERTRICKS}~score'",
        ]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_k_selects_cases_by_id(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(*PLUGIN, "--spadespec-engine", "reference", "-k", OVERTRICKS)
    # The case and its score request, whose id holds the case's.
    every = len(SUITE) + len(offered(SUITE))
    result.assert_outcomes(passed=2, deselected=every - 2)


def test_the_case_option_picks_a_score_request_alone(pytester: pytest.Pytester) -> None:
    chosen = f"{OVERTRICKS}~score"
    result = pytester.runpytest(
        *PLUGIN, "--spadespec-engine", "reference", "--spadespec-case", chosen, "-v"
    )
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([f"*spadespec::{chosen} PASSED*"])


def test_an_engine_that_does_not_start_fails_every_case_in_plain_words(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(broken=BROKEN_ENGINE)
    pytester.syspathinsert()
    result = pytester.runpytest(
        *PLUGIN, "--spadespec-engine", "broken:NoStart", "--spadespec-variant", "standard"
    )
    result.assert_outcomes(failed=len(STANDARD))
    result.stdout.fnmatch_lines(
        ["*engine 'broken:NoStart' did not start: RuntimeError: no licence key*"]
    )
    result.stdout.no_fnmatch_line("*Traceback*")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuchmodule:Engine", "cannot import nosuchmodule"),
        (
            "spadespec.conformance.contract.protocol.messages:Nothing",
            "spadespec.conformance.contract.protocol.messages has no Nothing",
        ),
        ("justaname", "expected MODULE:NAME"),
    ],
)
def test_a_bad_engine_spec_is_a_usage_error(
    pytester: pytest.Pytester, spec: str, message: str
) -> None:
    result = pytester.runpytest(*PLUGIN, "--spadespec-engine", spec)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: --spadespec-engine {spec!r}: {message}*"])


def test_a_variant_file_runs_with_its_generated_and_inherited_cases(
    pytester: pytest.Pytester,
) -> None:
    # A copy beside the run, so that the path given is not taken for the project's root.
    example = Path(__file__).resolve().parents[1] / "examples/house-rules/porch-200.yaml"
    (pytester.path / "porch-200.yaml").write_text(example.read_text(encoding="utf-8"))
    result = pytester.runpytest(
        *PLUGIN, "--spadespec-engine", "reference", "--spadespec-variant", "porch-200.yaml", "-v",
        "-k", "generated or porchlight.play",
    )  # fmt: skip
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) >= 3 and "failed" not in outcomes
    result.stdout.fnmatch_lines(["*spadespec::porch-200.generated.scoring.bag_penalty PASSED*"])
    result.stdout.fnmatch_lines(["*spadespec::porch-200.porchlight.play.*PASSED*"])
    missing = pytester.runpytest(*PLUGIN, "--spadespec-engine", "reference",
                                 "--spadespec-variant", "no/such/table.yaml")  # fmt: skip
    assert missing.ret == pytest.ExitCode.USAGE_ERROR
    missing.stderr.fnmatch_lines(["*--spadespec-variant no/such/table.yaml: *no/such/table.yaml*"])
