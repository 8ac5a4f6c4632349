"""The authored part of the golden suite: source worked examples, clause cases and recorded
games. The checked-in JSON is exactly what `python -m spadespec.regenerate cases` writes, the
suite covers every rule, and the cases can fail."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.contract.suite.coverage import measure
from spadespec.conformance.machinery.authoring import hand_math
from spadespec.conformance.machinery.authoring.build import variant
from spadespec.conformance.machinery.authoring.deal_search import find_play
from spadespec.conformance.machinery.authoring.generate import rendered
from spadespec.conformance.machinery.authoring.recorder import trick_winners
from spadespec.conformance.machinery.authoring.sheet_loader import SHEETS_DIR
from spadespec.conformance.machinery.authoring.specs.clauses import VARIANTS
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import shipped_variant_ids

SUITE = load_suite()


def test_checked_in_case_files_are_what_the_generator_writes() -> None:
    for path, text in rendered().items():
        assert path.is_file(), f"{path} is missing: run python -m spadespec.regenerate cases"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is out of date: run python -m spadespec.regenerate cases"
        )


def test_coverage_has_no_gaps() -> None:
    coverage = measure(SUITE.cases)
    assert coverage.gaps == 0, coverage.to_json()


def test_every_source_variant_has_clause_cases_and_at_least_one_recorded_game() -> None:
    kinds = Counter((case.variant, case.origin["kind"]) for case in SUITE)
    assert set(VARIANTS) <= set(shipped_variant_ids())
    for ident in VARIANTS:
        assert kinds[(ident, "derived")] >= 20, ident
        assert kinds[(ident, "recorded")] >= 1, ident


def test_at_least_fifty_recorded_games_each_ending_in_a_result() -> None:
    games = [case for case in SUITE if case.origin["kind"] == "recorded"]
    assert len(games) >= 50
    for case in games:
        assert case.expect["status"]["status"] in ("won", "tie"), case.id
        assert len(case.expect["hands"]) == sum(a["action"] == "deal" for a in case.actions)


def test_every_house_rule_ruleset_has_clause_cases_for_each_rule_it_sets() -> None:
    house = set(shipped_variant_ids()) - set(VARIANTS) - {"openspiel"}
    sheets = {path.parent.name for path in SHEETS_DIR.glob("*/house-clauses.yaml")}
    assert house == sheets - {"openspiel"}, "a new house-rule ruleset needs a house-clauses sheet"
    coverage = measure(SUITE.cases, variant_ids=sorted(house))
    for report in coverage.variants:
        assert report.rules and not report.uncovered, report.variant
        assert len(SUITE.select(variant=report.variant)) >= 2, report.variant


def test_pagats_bag_example_is_a_ruleset_case_with_its_arithmetic() -> None:
    case = SUITE.by_id("pagat-blind-nil.ruleset.pagat-bag-example")
    assert case.origin["kind"] == "ruleset" and "pagat.com" in case.origin["url"]
    assert case.expect["totals"] == {"NS": 290, "EW": 120}
    assert case.expect["bags"]["NS"] == 0
    assert "337 + 50 + 3 - 100 = 290" in (case.note or "")
    at_110 = SUITE.by_id("minus-110.scoring.pagat-bag-example-at-110")
    assert at_110.expect["totals"]["NS"] == 280


def test_the_sources_worked_examples_are_all_there() -> None:
    sources = {case.id for case in SUITE if case.origin["kind"] == "source"}
    assert {
        "illustrated-table.scoring.made-overtrick.bid5-took6",
        "illustrated-table.scoring.set-per-trick-short.bid5-took4",
        "illustrated-table.scoring.ten-bags.bid2-took12",
        "strategy-guide.scoring.set-per-trick-bid.bid5-took4",
        "strategy-guide.scoring.contract-is-sum.bid3-plus-4",
        "playingcardgames.scoring.worked-example.made-contract-then-failed-nil",
    } <= sources


def test_the_playingcardgames_example_is_an_erratum_keeping_the_printed_130() -> None:
    case = SUITE.by_id("playingcardgames.scoring.worked-example.made-contract-then-failed-nil")
    assert case.status == "erratum"
    assert case.source_expect == {"totals": {"NS": 130, "EW": 0}, "bags": {"NS": 2}}
    assert case.expect["totals"] == {"NS": 32, "EW": 0}
    assert case.expect["bags"] == {"NS": 2, "EW": 0}
    assert "-100" in (case.erratum_reason or "")


def _score_cases() -> list[Any]:
    return [c for c in SUITE if c.origin["kind"] in ("source", "derived") and "hands" in c.expect]


@pytest.mark.parametrize("case", _score_cases(), ids=lambda c: c.id)
def test_hand_figures_agree_with_the_independent_scorer(case: Any) -> None:
    """The hand-typed figures, re-derived by `hand_math` from the variant's rule values."""
    rules = variant(case.variant, tuple(sorted(case.options.items()))).rules
    score = dict(case.setup["scores"])
    bags = dict(case.setup["bags"])
    played = case.setup.get("hands_played", 0)
    boston = moon = None
    winners = trick_winners(case.actions, rules.deck.top_trumps, rules.table.players)
    for hand, won in zip(case.expect["hands"], winners, strict=True):
        assert hand["tricks"] == {seat: won.count(seat) for seat in hand["tricks"]}
        for side in hand_math.sides_of(rules):
            mine = hand_math.score_side(
                rules, side, hand["bids"], hand["tricks"], score[side], bags[side]
            )
            assert _over_keys(mine, hand["sides"][side]) == hand["sides"][side], side
            score[side], bags[side] = mine["score_after"], mine["bags_after"]
        played += 1
        boston = hand_math.boston_side(rules, hand["bids"], hand["tricks"])
        moon = hand_math.moon_side(rules, hand["tricks"], hand["bids"])
    if "status" in case.expect:
        status = hand_math.status_after(rules, score, played, boston, moon)
        assert status == case.expect["status"]


def _over_keys(found: Any, typed: Any) -> Any:
    """`found` cut down to the keys the typed figures give (nil lines included), as the runner
    compares objects."""
    if isinstance(typed, dict):
        return {k: _over_keys(found[k], v) for k, v in typed.items()}
    if isinstance(typed, list) and isinstance(found, list) and len(found) == len(typed):
        return [_over_keys(f, v) for f, v in zip(found, typed, strict=True)]
    return found


def _mutated(case: Any, change: Any) -> Any:
    data = copy.deepcopy(case.data)
    change(data["expect"])
    from spadespec.conformance.contract.suite.cases import case_from_json

    return case_from_json(data, case.file)


@pytest.mark.parametrize(
    ("case_id", "change"),
    [
        (
            "illustrated-table.scoring.set-per-trick-short.bid5-took4",
            lambda e: e["totals"].update(NS=-50),
        ),
        (
            "strategy-guide.scoring.set-per-trick-bid.bid5-took4",
            lambda e: e["hands"][0]["sides"]["NS"].update(contract_points=-10),
        ),
        (
            "illustrated-table.play.first-lead.lowest-club-held",
            lambda e: e.update(legal=["2C", "3C"]),
        ),
        (
            "strategy-guide.play.spade-led-from-all-spade-hand-does-not-break-spades",
            lambda e: e["illegal"].update(reason="must-follow-suit"),
        ),
        (
            "illustrated-table.game-end.equal-totals",
            lambda e: e.update(status={"status": "continues", "winner": None}),
        ),
        (
            "pagat-jokers.jokers.big-joker-beats-little-joker-beats-ace",
            lambda e: e.update(trick_winners=[["S", "S"]]),
        ),
        (
            "joker-joker-deuce-deuce.deuces.two-of-diamonds-is-not-a-diamond",
            lambda e: e.update(legal=["2D"]),
        ),
        (
            "pagat-blind-nil.exchange.partner-passes-first",
            lambda e: e.update(to_act={"phase": "pass", "seat": "N"}),
        ),
        (
            "pagat-blind-nil.exchange.one-card-is-the-wrong-count",
            lambda e: e["illegal"].update(reason="card-not-in-hand"),
        ),
        (
            "msn-suicide.suicide.second-partner-must-bid-nil",
            lambda e: e.update(legal=[*range(1, 14), "nil"]),
        ),
        (
            "cutthroat.three.seventeen-tricks-each-scored-alone",
            lambda e: e["totals"].update(E=50),
        ),
        (
            "fixed-ten-hands.game-end.last-hand-highest-total-wins",
            lambda e: e.update(status={"status": "continues", "winner": None}),
        ),
    ],
)
def test_a_wrong_expectation_fails(case_id: str, change: Any) -> None:
    case = _mutated(SUITE.by_id(case_id), change)
    result, *_score_request = run_cases(ReferenceEngine(), [case]).results
    assert result.verdict == "fail"


def test_deal_search_gives_exactly_the_trick_counts_asked() -> None:
    rules = variant("strategy-guide")
    bids: dict[str, int | str] = {"N": "nil", "E": 4, "S": 5, "W": 3}
    tricks = {"N": 0, "E": 4, "S": 6, "W": 3}
    found = find_play(rules, dealer="W", bids=bids, tricks=tricks, seed=7)
    again = find_play(rules, dealer="W", bids=bids, tricks=tricks, seed=7)
    assert found == again
    game = Game.replay(rules, {"dealer": "W"}, found.actions)
    assert {seat.name: n for seat, n in game.tricks_won.items()} == tricks
    assert len(found.actions) == 1 + 4 + 52
