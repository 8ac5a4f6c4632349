"""Suite strength: every deliberately broken engine is caught, and by the cases written for it.

Each fault in `spadespec.conformance.machinery.faults` breaks one rule of the reference engine. Its
record (`faults.yaml`) names the cases that must catch it: when one of those cases is deleted or
weakened, the fault's test says which. Other cases may catch a fault as well (whole recorded games
catch almost anything); those are not listed, so the suite can grow without touching a record.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from _fault_catches import already_bad as shared_already_bad
from _fault_catches import whole_suite

import spadespec.conformance.contract.engines.reference as adapter
import spadespec.reference_engine.deal as deal_module
import spadespec.reference_engine.pack as pack_module
import spadespec.reference_engine.scorer as scorer_module
import spadespec.reference_engine.table as table_module
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import Case
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine, catching_cases
from spadespec.conformance.machinery.faults.record import Asked
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.rules_of_play import bids, leads, turns
from spadespec.reference_engine.scoring import bags, contract, game_end, hand, inputs, nil


# Worked out once per process with the house-file tests, which ask the same (_fault_catches);
# the two files share a worker (conftest.GROUPS).
@pytest.fixture(scope="module")
def suite() -> list[Case]:
    return list(whole_suite())


@pytest.fixture(scope="module")
def already_bad(suite: list[Case]) -> set[str]:
    """Cases the unbroken engine gets wrong: these prove nothing about a fault."""
    return set(shared_already_bad())


def _asked(why: Asked) -> set[str]:
    return {name for name, fault in FAULTS.items() if fault.expected.asked is why}


def test_every_fault_the_suite_was_asked_to_catch_is_there() -> None:
    # The twelve faults the suite was first asked to catch (the rest came cheap), one for each
    # rule a house may add, as the house-rules work asked for, and those that got through the
    # suite before their cases were written, with three scoring and game-end mistakes it was
    # asked to show it catches, in every ruleset where they differ. Deleting one of them, or
    # its record, fails here.
    assert len(_asked(Asked.FIRST)) == 12
    assert len(_asked(Asked.HOUSE_RULE)) >= 35
    assert len(_asked(Asked.FOUND)) >= 13
    assert len(FAULTS) >= 12 + len(_asked(Asked.HOUSE_RULE))


@pytest.mark.parametrize("name", list(FAULTS))
def test_the_fault_is_caught_by_its_cases(
    name: str, suite: list[Case], already_bad: set[str]
) -> None:
    known = {case.id: case for case in suite}
    caught_by = FAULTS[name].expected.caught_by
    deleted = [case_id for case_id in caught_by if case_id not in known]
    assert not deleted, f"cases that caught {name} are gone from the suite: {deleted}"
    # Each case is its own request, so the named cases are judged as in a run of the whole
    # suite; the other cases could only add to what catches the fault.
    named = [known[case_id] for case_id in caught_by]
    caught = set(catching_cases(FAULTS[name], named)) - already_bad
    assert caught, f"no case catches {name}: {FAULTS[name].mistake}"
    missed = [case_id for case_id in caught_by if case_id not in caught]
    assert not missed, f"these cases no longer catch {name}: {missed}"


def test_a_fault_is_undone_when_its_request_ends(suite: list[Case], already_bad: set[str]) -> None:
    # A fault is a rulebook of its own: after every fault has answered requests, the standard
    # rulebook, the module tables and functions it is made of, and the reference engine's
    # answers are what they were.
    tables: list[dict[Any, Any]] = [
        contract.SET_PENALTY,
        nil.NIL_TRICKS,
        bags.BAG_CARRY,
        bags.BAGS_COUNT,
        game_end.TARGET_RULE,
        game_end.TIE_RULE,
        leads.SPADES_LEAD,
        leads.SPADES_BROKEN_BY,
        leads.FIRST_LEAD,
        turns.FIRST_LEADER,
        turns.FIRST_BIDDER,
        turns.DEALER_ROTATION,
        bids.BID_CONSTRAINT,
        bags.BAG_POINTS_CANCELLED,
        nil.NIL_VALUE,
        contract.BOSTON,
        game_end.BOSTON_WINS,
    ]
    # The module functions and the game class a fault once swapped for the length of a request.
    swapped = [
        (adapter, "Game"), (pack_module, "pack_of_deck"), (table_module, "make_table"),
        (deal_module, "check_deal"), (inputs, "zero_is_nil"), (contract, "bonus_bid_points"),
        (hand, "score_side"), (inputs, "normalise_bid"), (scorer_module, "score_hand"),
        (scorer_module, "game_outcome"), (bids, "team_minimum_check"),
        (bids, "blind_nil_check"),
    ]  # fmt: skip
    entries = [entry.name for entry in dataclasses.fields(Rulebook)]
    before = [dict(table) for table in tables]
    functions = [getattr(module, name) for module, name in swapped]
    standard = [getattr(STANDARD_RULEBOOK, entry) for entry in entries]
    some = [case for case in suite if case.variant == "standard"][:3]
    for fault in FAULTS.values():
        run_cases(FaultyEngine(fault), some)
    assert [dict(table) for table in tables] == before
    assert [getattr(module, name) for module, name in swapped] == functions
    assert [getattr(STANDARD_RULEBOOK, entry) for entry in entries] == standard
    report = run_cases(ReferenceEngine(), suite)
    assert {r.case.id for r in report.results if r.bad} == already_bad
