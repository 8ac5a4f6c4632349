"""The mutation measure: the changes it makes (and the places it leaves out), its seeded sample
and floors, the equivalence notes and their cap, and a change judged through the protocol."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from _sweeps import FULL, sweep

from spadespec.conformance.machinery.mutation.mutants import Place, made, module_places, places
from spadespec.conformance.machinery.mutation.notes import (
    FILE_CAP,
    NOTES,
    NotesError,
    note_for,
    read_notes,
)
from spadespec.conformance.machinery.mutation.run import changes_named
from spadespec.conformance.machinery.mutation.sample import FLOORS, drawn, floors
from spadespec.conformance.machinery.mutation.scope import CHECKS_A_HOUSE_FILE, judged
from spadespec.conformance.machinery.mutation.workspace import PACKAGE, Workspace

SOURCE = """\
def f(x: A | None = 1) -> B | C:
    y: D | E = 2
    message = f"{x + 3} cards"
    return x | y if x > 0 else -x
"""


def test_annotations_and_message_text_are_left_out() -> None:
    found = list(places("m.py", SOURCE))
    lines = Counter(place.line for place in found)
    # Line 1: the default 1 (two numbers replaced); no `|` of an annotation.
    assert not any(p.line == 1 and "BitOr" in p.operator for p in found)
    assert not any(p.line == 3 for p in found), "the f-string's text is never judged"
    line4 = {place.short_operator for place in found if place.line == 4}
    assert "ReplaceBinaryOperator_BitOr_BitAnd" in line4
    assert "ReplaceComparisonOperator_Gt_GtE" in line4
    assert "ReplaceUnaryOperator_USub_UAdd" in line4
    assert lines[2] == 2  # the value 2 moved up and down; not the annotation


def test_a_change_is_made_where_its_place_says() -> None:
    place = next(
        p for p in places("m.py", SOURCE) if p.short_operator == "ReplaceComparisonOperator_Gt_GtE"
    )
    mutant = made(place, SOURCE)
    assert mutant is not None
    assert mutant.before == "return x | y if x > 0 else -x"
    assert mutant.after == "return x | y if x >= 0 else -x"
    assert "-    return x | y if x > 0 else -x" in mutant.diff
    assert made(Place("m.py", place.operator, 99, 4), SOURCE) is None


TWICE = """\
def f(x):
    if x > 0:
        return 1
    if x > 0:
        return 2
"""


def test_lines_that_read_alike_name_one_change_each() -> None:
    # Both `if x > 0:` lines change the same way; a stored run that killed the first must ask
    # for the first alone (the second may survive), wherever the lines move.
    found = [
        mutant
        for place in places("m.py", TWICE)
        if place.short_operator == "ReplaceComparisonOperator_Gt_GtE"
        for mutant in [made(place, TWICE)]
        if mutant is not None
    ]
    assert [(m.place.line, m.alike) for m in found] == [(2, 0), (4, 1)]
    first = found[0].wanted
    assert first[:4] == found[1].wanted[:4] and first != found[1].wanted
    moved = "# a new first line\n" + TWICE
    again = changes_named(list(places("m.py", moved)), {"m.py": moved}, {first})
    assert [(m.place.line, m.after) for m in again] == [(3, "if x >= 0:")]


def _population() -> list[Place]:
    modules = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted((PACKAGE / "reference_engine").rglob("*.py"))
    ]
    return module_places(PACKAGE, judged(modules))


def test_the_standard_sample_meets_every_floor_and_is_seeded() -> None:
    population = _population()
    sample = drawn(population, 800, seed=1)
    assert len(sample) == len(set(sample)) == 800
    for part, floor in FLOORS.items():
        inside = [
            p
            for p in sample
            if p.module == part or (part.endswith("/") and p.module.startswith(part))
        ]
        assert len(inside) >= floor, part
    assert {p.module for p in sample} == {p.module for p in population}, "every module drawn from"
    assert drawn(population, 800, seed=1) == sample
    assert drawn(population, 800, seed=2) != sample
    assert floors(80) == {part: floor // 10 for part, floor in FLOORS.items()}


def test_modules_that_check_a_house_file_are_left_out_by_name() -> None:
    for module in CHECKS_A_HOUSE_FILE:
        assert (PACKAGE / module).is_file(), module
    assert judged(["reference_engine/deal.py", "reference_engine/variant/schema_check.py"]) == [
        "reference_engine/deal.py"
    ]


def test_the_notes_file_is_read_within_its_cap() -> None:
    notes = read_notes(NOTES)
    assert 0 < len(notes) <= FILE_CAP


NOTED = sorted({note.module for note in read_notes(NOTES)})


@pytest.mark.sweep
@pytest.mark.parametrize(
    "module", sweep(NOTED, ["reference_engine/rules_of_play/bids.py", "reference_engine/deal.py"])
)
def test_each_note_names_a_change_there_is(module: str) -> None:
    notes = [note for note in read_notes(NOTES) if note.module == module]
    source = (PACKAGE / module).read_text("utf-8")
    lines = source.splitlines()
    operators = sorted({f"core/{note.operator}" for note in notes})
    for note in notes:
        named = (
            mutant
            for place in module_places(PACKAGE, [module], operators)
            if place.short_operator == note.operator
            and lines[place.line - 1].strip() == note.before
            for mutant in [made(place, source)]
            if mutant is not None
        )
        assert any(note_for(mutant, [note]) for mutant in named), (
            f"the note on {module} ({note.before} -> {note.after}) names no change there now"
        )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("- module: a\n", "exactly the fields"),
        ("{}\n", "a list"),
        (
            "- {module: a, operator: b, before: c, after: d, reason: lazy, why: e}\n",
            "reason must be one of",
        ),
    ],
)
def test_a_bad_notes_file_is_refused_by_its_place(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "notes.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(NotesError, match=says):
        read_notes(path)


def test_notes_past_their_cap_are_refused(tmp_path: Path) -> None:
    entry = "- {module: a, operator: b, before: c, after: d, reason: equivalent, why: e}\n"
    path = tmp_path / "notes.yaml"
    path.write_text(entry * (FILE_CAP + 1), "utf-8")
    with pytest.raises(NotesError, match="over the cap"):
        read_notes(path)


def test_a_change_that_breaks_a_rule_is_killed_through_the_protocol() -> None:
    """Following suit made optional (`hand & led or hand` read as `and`): served over the
    protocol, the standard cases fail it."""
    module = "reference_engine/rules_of_play/tricks.py"
    source = (PACKAGE / module).read_text("utf-8")
    place = next(p for p in places(module, source) if p.short_operator == "ReplaceOrWithAnd")
    mutant = made(place, source)
    assert mutant is not None and mutant.after == "return hand & pack.suit_masks[led_suit] and hand"
    workspace = Workspace()
    try:
        judgement = workspace.judge(mutant, cases="standard.*")
        assert judgement.outcome == "killed"
        assert judgement.failed is not None and judgement.failed.startswith("standard.")
        # The copy is whole again: its module is the unchanged one.
        assert (workspace.package / module).read_text("utf-8") == source
    finally:
        workspace.close()
    assert not workspace.top.exists()


def test_a_change_that_makes_the_engine_decline_cases_it_played_is_killed(tmp_path: Path) -> None:
    """A table option's exact choice no longer matched (`return True, choice` read as False):
    the served engine answers `skipped` to the cases that choose a target as a number. Conform
    alone passes that run (a declined case is a skip), so each change is held to the count of
    cases the unchanged engine had checked (`--min-checked`), and fails it."""
    import subprocess
    import sys

    from spadespec.conformance.machinery.mutation.workspace import _checked

    module = "reference_engine/variant/resolve.py"
    source = (PACKAGE / module).read_text("utf-8")
    mutant = next(
        m
        for p in places(module, source)
        if p.short_operator == "ReplaceTrueWithFalse"
        for m in [made(p, source)]
        if m is not None and m.after == "return False, choice"
    )
    cases = "*.table-options.*"
    workspace = Workspace()
    try:
        report = tmp_path / "unchanged.jsonl"
        subprocess.run(
            [sys.executable, "-m", "spadespec", "conform", "--engine", workspace.engine(),
             "--case", cases, "--no-diagnose", "--report", str(report)],
            check=True, capture_output=True, cwd=tmp_path,
        )  # fmt: skip
        checked = _checked(report)
        assert workspace.judge(mutant, cases).outcome == "survived"
        judgement = workspace.judge(mutant, cases, min_checked=checked)
        assert judgement.outcome == "killed"
        assert judgement.failed is not None and judgement.failed.startswith("declined: ")
        assert ".table-options." in judgement.failed
    finally:
        workspace.close()


# The command.


def test_the_command_refuses_a_bad_share_and_a_missing_report(tmp_path: Path) -> None:
    from spadespec.conformance.machinery.mutation.cli import main

    assert main(["--min-caught", "2"]) == 2
    assert main(["--again", str(tmp_path / "missing.jsonl")]) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "case"}\n', "utf-8")
    assert main(["--again", str(bad)]) == 2


@pytest.mark.sweep
@pytest.mark.skipif(not FULL, reason="a whole run of the command: CI runs it (SPADESPEC_FULL=1)")
def test_the_command_judges_again_what_a_report_says_survived(tmp_path: Path) -> None:
    import json

    from spadespec.conformance.machinery.mutation.cli import main

    module = "reference_engine/rules_of_play/tricks.py"
    line = {
        "kind": "mutant", "module": module, "operator": "ReplaceOrWithAnd",
        "before": "return hand & pack.suit_masks[led_suit] or hand",
        "after": "return hand & pack.suit_masks[led_suit] and hand", "alike": 0,
        "outcome": "survived",
    }  # fmt: skip
    earlier = tmp_path / "earlier.jsonl"
    earlier.write_text(json.dumps(line) + "\n", "utf-8")
    report = tmp_path / "again.jsonl"
    status = main(
        ["--again", str(earlier), "--jobs", "1", "--no-fuzz", "--quiet", "--report", str(report)]
    )
    lines = [json.loads(text) for text in report.read_text("utf-8").splitlines()]
    assert [(entry["module"], entry["outcome"]) for entry in lines] == [(module, "killed")]
    assert status == 0


def test_the_page_counts_from_the_stored_run() -> None:
    from spadespec.docs_gen.mutation_page import mutation_page

    row = {"module": "reference_engine/deal.py", "drawn": 3, "killed": 1, "timed out": 1,
           "survived": 1, "marked": 0, "never run": 1, "shown": 1}  # fmt: skip
    data = {
        "format": 3, "date": "2026-12-06", "seed": 1, "sample": 3, "places": 10,
        "caught_where_run": 1.0, "caught_of_shown": 0.6667,
        "fuzzed": {"shown": 1, "not shown": 0, "not reached": 0},
        "calibration": {"fuzzed": 2, "shown": 1},
        "fuzzer_missed": [{"name": "reference_engine/deal.py:5 AddNot#1", "after": "if x | y:",
                           "caught_by": "standard.deal.x", "fuzz": "not reached"}],
        "modules": ["reference_engine/deal.py"], "seconds": 120, "workers": 2,
        "counts": {"killed": 1, "timed out": 1, "survived": 1, "marked": 0, "never run": 1},
        "rows": [row],
        "survivors": [{"name": "reference_engine/deal.py:1 AddNot#0", "outcome": "survived",
                       "diff": "-a\n+b", "reason": None,
                       "fuzz": {"outcome": "shown", "rulesets": ["standard"],
                                "shown_by": "standard", "case": "{}"}}],
    }  # fmt: skip
    page = mutation_page(data)
    assert "caught 2 of the 3 not marked (**66.7%**)" in page
    assert "| `reference_engine/deal.py` | 3 | 1 | 1 | 1 | 1 | 1 | 0 | 66.7% |" in page
    assert "It showed **1** of them differing (each a hole" in page
    assert "the cases caught 66.7%.**" in page
    assert "of 2 changes the cases killed, drawn by the seed" in page
    assert "the fuzzer showed 1 (50.0%)" in page
    assert (
        "| `reference_engine/deal.py:5 AddNot#1` | <code>if x &#124; y:</code> | "
        "`standard.deal.x` | not reached |"
    ) in page
    assert "`reference_engine/deal.py:1 AddNot#0`: **shown** by the fuzzer under `standard`" in page
    assert "1 survived (1 of them on a line no case makes the engine run)" in page
    assert "makes the engine run, it caught 100.0%" in page
    assert "```diff\n-a\n+b\n```" in page
