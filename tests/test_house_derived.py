"""A house file that refuses its parent's bids keeps the parent's play checks: each parent case
whose log the file refuses is re-bid (or re-played) legally under the file by the reference
engine, keeping only the checks whose position, or kind of hand, is still the parent's."""

from __future__ import annotations

import shlex
import sys
from functools import cache
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.house.derived import reaches_play
from spadespec.conformance.analysis.house.generated import LEVEL
from spadespec.conformance.analysis.house.relog import relog
from spadespec.conformance.analysis.house.suite import HouseCases, house_cases
from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.runner.run import run_case, run_cases
from spadespec.conformance.contract.suite.cases import case_file_errors, load_suite, resolved
from spadespec.conformance.contract.suite.variant_files import open_variant_file
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine
from spadespec.reference_engine.game import Phase

ROOT = Path(__file__).resolve().parent.parent
KITCHEN = ROOT / "examples" / "house-rules" / "kitchen-five.yaml"
PLAY_FAULT = "follow-suit-not-enforced"


@cache
def _kitchen() -> HouseCases:
    return house_cases(open_variant_file(str(KITCHEN)))


def _served(variant_file: Path) -> str:
    return shlex.join([sys.executable, "-m", "spadespec", "serve", "--variant", str(variant_file)])


def test_a_file_fixing_each_sides_bid_keeps_half_its_parents_cases_that_reach_the_play() -> None:
    made = _kitchen()
    theirs = [c for c in made.parents if reaches_play(c, resolved(c.variant, ()))]
    report = run_cases(open_engine(_served(KITCHEN)), made.suite, engine_spec="served")
    checked = {r.case.id for r in report.results if r.checked and r.verdict == "pass"}
    assert report.ok and {case.id for case in made.suite} <= checked
    mine = [c for c in made.suite if c.id in checked and reaches_play(c, made.house.resolved({}))]
    print(f"standard: {len(theirs)} checked cases reach the play of the cards")
    print(f"kitchen-five: {len(mine)} ({len(made.inherited)} inherited, {len(made.derived)}"
          f" derived, {len(made.generated)} generated in all)")  # fmt: skip
    assert len(mine) / len(theirs) >= 0.5
    assert made.reaching_play() == (len(mine), len(theirs))  # every one of them checked


def test_derived_cases_fail_against_a_play_fault_where_their_parents_do() -> None:
    made = _kitchen()
    parents = load_suite(variants=["standard"])
    engine = FaultyEngine(FAULTS[PLAY_FAULT])
    info = engine.start()
    caught = 0
    for case in made.derived:
        parent = parents.by_id(case.origin["from"])
        theirs = run_case(engine, info, parent)
        kept = {d.path.removeprefix("$.").split(".")[0].split("[")[0] for d in theirs.differences}
        if theirs.bad and kept & set(case.expect):
            assert run_case(engine, info, case).bad, case.id
            caught += 1
    assert caught >= 3


def test_derived_cases_say_what_they_were_derived_from_and_how() -> None:
    made = _kitchen()
    assert made.derived
    cases = [case.to_json() for case in made.derived]
    assert not list(case_file_errors({"description": "derived", "cases": cases}))
    for case in made.derived:
        assert case.level == LEVEL
        assert case.origin["by"] == "re-bid" and case.id.endswith(".re-bid")
        assert case.id == f"kitchen-five.{case.origin['from']}.re-bid"
        assert f"Derived from {case.origin['from']}" in (case.note or "")
    assert all("derived" not in line or "re-bid" in line for line in made.summary())


def test_a_play_phase_check_is_kept_only_at_the_parents_position() -> None:
    made = {case.origin["from"]: case for case in _kitchen().derived}
    follow = made["standard.play.must-follow-suit"]
    assert follow.expect["illegal"]["reason"] == "must-follow-suit"
    assert follow.expect["legal"] == ["5C", "6C", "7C", "8C", "9C", "TC", "JC"]
    # A case about one seat bidding all thirteen cannot be re-bid to five and keep its point.
    assert "standard.scoring.one-seat-bids-all-thirteen.made" not in made
    # A hand whose side is set under one rule and made under the other keeps no score check.
    for case in made.values():
        assert not {"hands", "totals"} & set(case.expect) or "game.target-exact" not in case.tags


def test_a_refused_card_is_replaced_and_played_back_when_the_log_reaches_it() -> None:
    deal = "N:AKQ.AKQ.AKQJ.AKQ JT9.JT98.T98765. 8765.765.432.432 432.432..JT98765"
    bids = [{"action": "bid", "seat": s, "bid": 3} for s in "SWNE"]
    plays = [("S", "5S"), ("W", "2S"), ("N", "AS"), ("E", "9S")]
    log: list[dict[str, Any]] = [{"action": "deal", "hands": deal}, *bids]
    log += [{"action": "play", "seat": seat, "card": card} for seat, card in plays]
    setup = {"dealer": "E", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}}
    first = relog(resolved("standard", ()), setup, log)
    again = relog(resolved("standard", ()), setup, log)
    assert not isinstance(first, str) and not isinstance(again, str)
    assert first.actions == again.actions and first.kind == "re-played"
    # Spades are not broken: South's 5S becomes the first legal card, and the rest follow it.
    assert str(first.rewrites[0]) == "S plays 2C, not 5S"
    assert first.game.phase is Phase.PLAY and len(first.game.completed_tricks) == 1


def test_a_log_the_file_refuses_otherwise_is_not_derived() -> None:
    setup = {"dealer": "E", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}}
    log = [{"action": "bid", "seat": "S", "bid": 3}]  # no cards dealt yet
    assert isinstance(relog(resolved("standard", ()), setup, log), str)
