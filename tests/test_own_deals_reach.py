"""conform --own-deals: the games are steered at the clauses the golden cases reach, their reach
counted honestly, and a run replayed by the bots' seed (`analysis/own_deals/`)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from _cli import run_cli
from _sweeps import FULL

from spadespec.conformance.analysis.audit.record import read_record
from spadespec.conformance.analysis.audit.replay import audit_game
from spadespec.conformance.analysis.fuzz.checker import variant_ref
from spadespec.conformance.analysis.fuzz.games import GreedyBot, Steer, play_fuzz_game
from spadespec.conformance.analysis.own_deals.goals import GOALS, goal_of
from spadespec.conformance.analysis.own_deals.reach import ClauseReach, golden_clauses, moot_gates
from spadespec.conformance.cli import _suite
from spadespec.reference_engine.deal import deal_from_seed
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.axes import AXES

ROOT = Path(__file__).resolve().parents[1]
DEALER = ROOT / "tests" / "data" / "engines" / "deal_for_itself.py"
FEATURES = {"legal", "to_act", "trick_winners", "hands", "totals", "bags", "status"}


class _NilNorth(GreedyBot):
    """Bids nil wherever it may; plays its highest card."""

    def choose_bid(self, game: Game, seat: Any) -> Any:
        return "nil"


def _steer(north: Any) -> Steer:
    return Steer("test", "fresh", lambda rng, width: [north, GreedyBot(), GreedyBot(), GreedyBot()])


def _reach() -> ClauseReach:
    variant = load_variant("standard")
    clauses = ["scoring.nil_bonus", "scoring.nil_penalty", "scoring.overtrick_points"]
    return ClauseReach(variant, variant_ref(variant, {}), clauses, FEATURES)


def test_the_clauses_counted_against_are_those_standard_cases_are_tagged_with() -> None:
    clauses = golden_clauses(_suite(), "standard")
    # standard sets every rule, and its cases are tagged with each (`conform coverage`)
    assert len(clauses) == len(AXES)
    assert {"scoring.nil_bonus", "deal.dealer_rotation", "game_end.tie"} <= set(clauses)


def test_a_game_where_nobody_bids_nil_does_not_reach_the_nil_clauses() -> None:
    game = play_fuzz_game(load_variant("standard"), 3, 0, hands=1, steer=_steer(GreedyBot()))
    assert not any(a.get("bid") == "nil" for a in game.actions)
    reach = _reach()
    assert reach.add(game) == ["scoring.overtrick_points"]  # greedy bidders always take bags
    assert reach.missing == ["scoring.nil_bonus", "scoring.nil_penalty"]


def test_a_game_with_a_nil_bid_reaches_the_nil_clauses() -> None:
    game = play_fuzz_game(load_variant("standard"), 3, 0, hands=1, steer=_steer(_NilNorth()))
    assert {"action": "bid", "seat": "N", "bid": "nil"} in game.actions
    reach = _reach()
    reached = reach.add(game)
    # the nil either made (its bonus shows) or failed (its penalty shows), never both
    assert "scoring.nil_bonus" in reached or "scoring.nil_penalty" in reached
    assert reach.line().startswith(f"clauses reached: {len(reached)} of 3 (")


def test_a_clause_standard_makes_moot_is_reached_with_the_rule_that_makes_it_so() -> None:
    standard = load_variant("standard")
    assert moot_gates(standard, "scoring.blind_nil_bonus") == ("bidding.blind_nil",)
    assert moot_gates(standard, "scoring.nil_bonus") == ()


def test_rules_moot_through_each_other_are_reached_with_the_rule_outside_the_circle() -> None:
    # Under standard the exchange's count is moot for want of blind nil and of a seen nil's
    # exchange, and a seen nil's exchange is moot for want of cards to pass: both, and who
    # passes first, are reached once blind nil is, and not before.
    variant = load_variant("standard")
    circle = ["bidding.blind_nil_exchange", "bidding.blind_nil_exchange_order"]
    circle.append("bidding.nil_exchange")
    assert moot_gates(variant, "bidding.nil_exchange") == ("bidding.blind_nil_exchange",)
    reach = ClauseReach(variant, variant_ref(variant, {}), ["bidding.blind_nil", *circle], FEATURES)
    assert not any(reach._opened(rule) for rule in circle)
    reach.reached = {"bidding.blind_nil": "game 0"}
    assert all(reach._opened(rule) for rule in circle)


def test_the_line_rounds_down_so_ninety_percent_is_never_less() -> None:
    reach = _reach()
    reach.reached = {"scoring.nil_bonus": "game 0", "scoring.nil_penalty": "game 0"}
    assert reach.line() == "clauses reached: 2 of 3 (66%)"


def test_game_k_plays_goal_k_and_the_goals_come_round_again() -> None:
    assert goal_of(0).name == "nil" and goal_of(1).name == "blind-nil"
    assert goal_of(len(GOALS)) == goal_of(0)


def test_the_same_deals_and_bots_seed_give_the_same_bids_and_plays() -> None:
    variant = load_variant("standard")

    def deals(game: Game, seed: int) -> Any:
        return deal_from_seed(len(game.log))  # the same cards each run

    played = [
        play_fuzz_game(variant, seed, 2, deals=deals, steer=goal_of(2).steer()).actions
        for seed in (11, 11, 12)
    ]
    assert played[0] == played[1]
    assert played[0] != played[2]


def _engine(*words: str) -> str:
    return shlex.join([sys.executable, str(DEALER), *words])


def test_conform_says_the_clauses_its_own_deals_reached_and_the_rerun_repeats_the_seed() -> None:
    done = run_cli("conform", "--engine", _engine("--fault", "overtricks-not-scored"),
                   "--variant", "standard", "--case", "standard.scoring.n*", "--own-deals", "2",
                   "--own-deals-seed", "5", "--no-diagnose", "--json")  # fmt: skip
    reached = rf"^clauses reached: \d+ of {len(AXES)} \(\d+%\) on standard"
    assert re.search(reached, done.stderr, re.M)
    assert "the bots' seed 5" in done.stderr
    rerun = json.loads(done.stdout)["rerun"]
    own = [line for key, line in rerun.items() if key.startswith("own-deals.")]
    assert own and all(line.endswith("--own-deals 2 --own-deals-seed 5") for line in own)


@pytest.mark.parametrize("given", ["-1", "9223372036854775808", "x"])
def test_a_bots_seed_out_of_range_is_refused_by_name(given: str) -> None:
    done = run_cli("conform", "--engine", _engine(), "--own-deals-seed", given)
    assert done.returncode == 2
    assert "--own-deals-seed" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.sweep
@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the JavaScript example")
@pytest.mark.skipif(not FULL, reason="two hundred games: SPADESPEC_FULL=1 (.ci/run) plays them")
@pytest.mark.parametrize("seed", [1, 2])
def test_two_hundred_own_deals_reach_nine_in_ten_of_the_clauses_the_golden_cases_reach(
    seed: int,
) -> None:
    engine = f"node {ROOT / 'examples' / 'js-engine' / 'spades.js'} --deal-for-itself"
    done = run_cli("conform", "--engine", engine, "--variant", "standard", "--own-deals", "200",
                   "--own-deals-seed", str(seed))  # fmt: skip
    found = re.search(r"^clauses reached: (\d+) of (\d+) \((\d+)%\)", done.stderr, re.M)
    assert found, done.stderr[-2000:]
    # the example engine takes every standard case, so its golden cases reach every rule
    assert int(found[2]) == len(AXES) and int(found[3]) >= 90


def test_an_own_deal_failure_is_diagnosed_and_its_record_carries_the_engines_legal_list(
    tmp_path: Path,
) -> None:
    records = tmp_path / "own.jsonl"
    done = run_cli("conform", "--engine", _engine("--fault", "spades-broken-from-the-start"),
                   "--variant", "standard", "--case", "standard.play.m*", "--own-deals", "3",
                   "--own-deals-seed", "3", "--own-deals-records", str(records),
                   "--json")  # fmt: skip
    report = json.loads(done.stdout)
    failed = [r["id"] for r in report["results"] if r["verdict"] == "fail"]
    assert failed and all(i.startswith("own-deals.standard.") for i in failed)
    named = {c: g["neighbours"][0]["label"] for g in report["diagnosis"]["groups"]
             for c in g["cases"]}  # fmt: skip
    assert {named.get(i) for i in failed} == {"play.spades_lead=any-time"}
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    differed = [point for record in lines for point in record["differed"]]
    assert len(differed) == len(failed)
    # the engine offers a spade to lead before spades are broken: the list it gave is written,
    # or the spade lead it said it would allow when asked to check it
    offered = [point["legal"] if "legal" in point else [point["allowed"]["action"]["card"]]
               for point in differed]  # fmt: skip
    assert all(any(card.endswith("S") for card in cards) for cards in offered)
    assert all(read_record(record).differed == record["differed"] for record in lines)
    # and auditing the records shows it: a wrong answer, never ok
    audited = [audit_game(read_record(r), load_variant("standard")) for r in lines]
    assert all(a.verdict != "ok" for a in audited)


def test_a_ten_trick_bonus_figure_standard_leaves_moot_is_reached_only_by_a_bid_of_ten() -> None:
    variant = load_variant("standard")
    clauses = ["scoring.bonus_bid_tricks", "scoring.bonus_bid_made", "scoring.bonus_bid_set"]
    reach = ClauseReach(variant, variant_ref(variant, {}), clauses, FEATURES)
    bonus = next(goal for goal in GOALS if goal.name == "bonus-bid")
    played = [play_fuzz_game(variant, 1, n, steer=bonus.steer()) for n in range(12)]
    for game in played:
        reach.add(game)
    assert "scoring.bonus_bid_made" in reach.reached
    first = int(reach.reached["scoring.bonus_bid_made"].removeprefix("game "))
    bids: dict[tuple[int, str], int] = {}
    hand = 0
    for action in played[first].actions:
        hand += action["action"] == "deal"
        if action["action"] == "bid" and isinstance(action["bid"], int):
            side = "NS" if action["seat"] in "NS" else "EW"
            bids[hand, side] = bids.get((hand, side), 0) + action["bid"]
    assert max(bids.values()) >= 10
