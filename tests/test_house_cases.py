"""Cases for a variant nobody wrote cases for: each shipped house ruleset, loaded as a file of
its own (a new id, its own cases hidden), is run with its parents' cases that still hold and
the cases generated for the rules it changes; those must catch every named fault that its own
cases catch."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest
from _fault_catches import already_bad, whole_suite
from _sweeps import sweep

from spadespec.conformance.analysis.house.generated import LEVEL
from spadespec.conformance.analysis.house.suite import HouseCases, house_cases
from spadespec.conformance.contract.runner.run import run_case
from spadespec.conformance.contract.suite.cases import Case, Suite
from spadespec.conformance.contract.suite.variant_files import register
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.catalog import variants_dir

# A house ruleset is one taken from a ruleset published on the web (cited by address only),
# not from the project's own source documents.
HOUSE = [v for v in shipped_variant_ids() if any(not s.file for s in load_variant(v).sources)]

# Rulesets whose made cases cannot stand in for their own, and why.
NOT_COMPARED = {
    "cutthroat": "three players: no four-seat case of a parent replays at its table, and the"
    " generated cases show only the rules that make the table",
    "pagat-jokers": "a pack of 54 less two: no parent's deal is a deal of its pack, so only the"
    " generated cases for the pack reach its play",
    "joker-joker-deuce-deuce": "a pack of 54 less two, as pagat-jokers",
    "five-handed": "five players: as cutthroat, no four-seat case of a parent replays at its table",
    "five-with-spoiler": "two partnerships and a spoiler: its sides are not five-handed's, so no"
    " case of its parent replays at its table (their setups score five players alone), and the"
    " generated cases show only the rules that make the table",
    "seven-with-spoiler": "seven players: as five-with-spoiler, no case of its parent replays at"
    " its table (their deals and setups name five seats)",
    "two-handed": "two players: as cutthroat, no four-seat case of a parent replays at its table",
    "six-partnerships": "six players with mega cards: as cutthroat, no four-seat case of a parent"
    " replays at its table, and no parent's deal is a deal of its pack",
    "eight-partnerships": "eight players: as six-partnerships, no case of its parent replays at"
    " its table (their deals and setups name six seats and the pack of 78)",
}

# The cases the unbroken engine gets wrong are worked out once per process, with the
# suite-strength test (the two files share a worker: conftest.GROUPS).


@cache
def _made(variant: str, folder: str) -> HouseCases:
    """The ruleset's file copied under the id `my-<variant>`, registered, and its cases made."""
    text = (variants_dir() / f"{variant}.yaml").read_text(encoding="utf-8")
    path = Path(folder) / f"my-{variant}.yaml"
    path.write_text(re.sub(r"(?m)^id: .*$", f"id: my-{variant}", text), encoding="utf-8")
    return house_cases(register(load_variant(str(path))), Suite(whole_suite()))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("house-files"))


def _first_caught(engine: FaultyEngine, cases: Iterable[Case]) -> str | None:
    """The first case the broken engine gets wrong. Score requests are left out: they ask
    what the case's own answers already show, from the same scoring functions."""
    info = engine.start()
    for case in cases:
        if run_case(engine, info, case).bad:
            return case.id
    return None


# A sweep (tests/_sweeps.py): every fault against the made cases of every house ruleset in CI;
# the test command takes a ruleset of a bidding rule, one of a scoring rule and one of play,
# two of them with faults excused (`made_cases_miss` in the faults' records).
COMPARED = sweep(
    [v for v in HOUSE if v not in NOT_COMPARED],
    ["team-minimum-four", "minus-110", "spades-any-time"],
)


@pytest.mark.sweep
@pytest.mark.parametrize("variant", COMPARED)
def test_made_cases_catch_every_fault_the_rulesets_own_cases_catch(
    variant: str, folder: str
) -> None:
    made = _made(variant, folder)
    bad = already_bad()
    own = [c for c in whole_suite() if c.variant == variant and c.id not in bad]
    assert own, f"{variant} has no cases of its own to compare with"
    # The shortest logs first, so that the first case to catch a fault ends its search soon.
    own.sort(key=lambda case: len(case.actions))
    mine = sorted(made.suite, key=lambda case: len(case.actions))
    missed = {}
    for fault in FAULTS.values():
        caught = _first_caught(FaultyEngine(fault), own)
        if caught is not None and _first_caught(FaultyEngine(fault), mine) is None:
            missed[fault.name] = caught
    # Faults whose records excuse the ruleset's made cases, with why (`made_cases_miss`).
    excused = [f.name for f in FAULTS.values() if variant in f.expected.made_cases_miss]
    assert sorted(missed) == sorted(excused), missed


# A sweep too: CI makes the cases of every house ruleset; the test command those above and the
# rulesets whose made cases are not compared, whose generated cases are all they have.
@pytest.mark.sweep
@pytest.mark.parametrize("variant", sweep(HOUSE, [*COMPARED, *NOT_COMPARED]))
def test_every_rule_the_file_changes_has_a_generated_case_that_its_parent_answers_otherwise(
    variant: str, folder: str
) -> None:
    made = _made(variant, folder)
    assert made.generated, "no case was generated"
    assert all(case.level == LEVEL for case in made.generated)
    # Cutthroat's, five-handed's and two-handed's individual sides come only with their three,
    # five or two players: the witness for the table is the one for table.players.
    alone = variant in ("cutthroat", "five-handed", "two-handed")
    assert set(made.no_witness) <= ({"table.sides"} if alone else set())
