"""The mutation measure's fuzzer: a survivor served to `spadespec fuzz` is shown when it breaks a
rule, not shown when nothing an engine is asked depends on it, and not reached when no
ruleset's fuzzed games run its line; the run's figures counted from what the fuzzer said."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spadespec.conformance.machinery.mutation.fuzzing import (
    NOT_REACHED,
    NOT_SHOWN,
    RULESETS_PER_CHANGE,
    SHOWN,
    Fuzzed,
    fuzzed,
    picked,
    reach,
)
from spadespec.conformance.machinery.mutation.mutants import Mutant, made, places
from spadespec.conformance.machinery.mutation.report import (
    calibration,
    caught_of_shown,
    fuzzed_counts,
    module_rows,
    summary,
)
from spadespec.conformance.machinery.mutation.run import Plan, Result
from spadespec.conformance.machinery.mutation.workspace import PACKAGE, Judgement, Workspace

TRICKS = "reference_engine/rules_of_play/tricks.py"
ACTIONS = "reference_engine/actions.py"


def _change(module: str, operator: str, after: str) -> Mutant:
    """The change to `module` by `operator` whose changed line reads `after`."""
    source = (PACKAGE / module).read_text("utf-8")
    for place in places(module, source):
        if place.short_operator != operator:
            continue
        mutant = made(place, source)
        if mutant is not None and mutant.after == after:
            return mutant
    raise AssertionError(f"no {operator} change in {module} reads {after!r}")


FOLLOWING_OPTIONAL = _change(
    TRICKS, "ReplaceOrWithAnd", "return hand & pack.suit_masks[led_suit] and hand"
)
"""Following suit made optional: a change that breaks a rule."""

UNFROZEN = _change(ACTIONS, "ReplaceTrueWithFalse", "@dataclass(frozen=False, slots=True)")
"""An action's record left mutable: nothing the engine answers depends on it."""


@pytest.fixture(scope="module")
def workspace() -> Iterator[Workspace]:
    made_copy = Workspace()
    try:
        yield made_copy
    finally:
        made_copy.close()


def _line(mutant: Mutant) -> tuple[str, int]:
    return (mutant.place.module, mutant.place.line)


def test_a_change_that_breaks_a_rule_is_shown_with_the_fuzzers_case(workspace: Workspace) -> None:
    verdict = fuzzed(workspace, FOLLOWING_OPTIONAL, {_line(FOLLOWING_OPTIONAL): ["standard"]}, 1)
    assert verdict.outcome == SHOWN and verdict.shown_by == "standard"
    assert verdict.case is not None and '"variant"' in verdict.case
    # The copy is whole again.
    source = (PACKAGE / TRICKS).read_text("utf-8")
    assert (workspace.package / TRICKS).read_text("utf-8") == source


def test_a_change_nothing_depends_on_is_not_shown(workspace: Workspace) -> None:
    verdict = fuzzed(workspace, UNFROZEN, {_line(UNFROZEN): ["standard", "cutthroat"]}, 1)
    assert verdict == Fuzzed(NOT_SHOWN, verdict.rulesets)
    assert sorted(verdict.rulesets) == ["cutthroat", "standard"]


def test_a_line_no_fuzzed_game_runs_is_not_reached(workspace: Workspace) -> None:
    assert fuzzed(workspace, FOLLOWING_OPTIONAL, {}, 1) == Fuzzed(NOT_REACHED)


def test_the_reach_holds_the_lines_a_rulesets_fuzzed_games_run(workspace: Workspace) -> None:
    lines = reach(workspace, ["standard"])
    assert lines[_line(FOLLOWING_OPTIONAL)] == ["standard"]
    # A malformed deal's refusal: the fuzzer sends only well-formed deals.
    deal = (PACKAGE / "reference_engine/deal.py").read_text("utf-8").splitlines()
    refusal = next(n for n, text in enumerate(deal, 1) if "a deal has four hands" in text)
    assert ("reference_engine/deal.py", refusal) not in lines


def test_the_rulesets_picked_are_reaching_ones_seeded_and_few() -> None:
    reaching = [f"ruleset-{n}" for n in range(10)]
    lines = {_line(UNFROZEN): reaching}
    first = picked(UNFROZEN, lines, 1)
    assert first == picked(UNFROZEN, lines, 1)
    assert len(first) == RULESETS_PER_CHANGE and set(first) <= set(reaching)
    assert picked(UNFROZEN, {_line(UNFROZEN): ["standard"]}, 1) == ("standard",)


def _result(outcome: str, fuzz: str | None, mutant: Mutant = UNFROZEN) -> Result:
    return Result(
        mutant, Judgement(outcome, None, 1.0), None, True, None if fuzz is None else Fuzzed(fuzz)
    )


def test_the_figures_count_what_the_fuzzer_said() -> None:
    results = [
        _result("killed", None),
        _result("killed", SHOWN),
        _result("killed", NOT_SHOWN),
        _result("survived", SHOWN, FOLLOWING_OPTIONAL),
        _result("survived", NOT_SHOWN),
        _result("survived", NOT_REACHED),
    ]
    assert fuzzed_counts(results) == {SHOWN: 1, NOT_SHOWN: 1, NOT_REACHED: 1}
    # Three killed, one survivor shown: three of the four changes shown to break a rule.
    assert caught_of_shown(results) == 0.75
    assert calibration(results) == (2, 1)
    shown = {row["module"]: row["shown"] for row in module_rows(results)}
    assert shown == {TRICKS: 1, ACTIONS: 0}
    stored = summary(Plan([], [], [], {}, 1), results, 1, "2026-12-07")
    assert stored["fuzzed"] == {SHOWN: 1, NOT_SHOWN: 1, NOT_REACHED: 1}
    assert stored["calibration"] == {"fuzzed": 2, "shown": 1}
    assert [entry["fuzz"] for entry in stored["fuzzer_missed"]] == [NOT_SHOWN]


def test_a_run_that_did_not_fuzz_gives_no_such_figure() -> None:
    results = [_result("killed", None), _result("survived", None)]
    assert fuzzed_counts(results) is None
    assert caught_of_shown(results) is None
