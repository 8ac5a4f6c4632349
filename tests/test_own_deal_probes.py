"""conform --own-deals probes the engine's refusals at points of its games, as the golden cases'
probes do (`analysis/own_deals/probes.py`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from spadespec.cli.engines import open_engine
from spadespec.conformance.analysis.fuzz.games import GreedyBot, Steer, play_fuzz_game
from spadespec.conformance.analysis.own_deals.games import OwnDealsRun, own_deal_results
from spadespec.conformance.analysis.own_deals.probes import PROBE_KIND, probed
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.reference_engine.actions import action_from_json
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import load_variant


def _steer() -> Steer:
    return Steer("test", "fresh", lambda rng, width: [GreedyBot() for _ in range(width)])


def _refused_with(game: Game, action: dict[str, Any]) -> str | None:
    try:
        game.verify(action_from_json(action))
    except IllegalActionError as exc:
        return str(exc.reason)
    return None


def test_each_hand_is_probed_once_for_each_reason_the_rules_refuse_an_action_there() -> None:
    variant = load_variant("standard")
    game = probed(variant, play_fuzz_game(variant, 3, 0, hands=2, steer=_steer()), 1)
    probes = [p for p in game.points if p.kind == PROBE_KIND]
    by_hand = Counter((p.start.at, p.answers["illegal"]["reason"]) for p in probes)
    assert set(by_hand.values()) == {1}  # one probe of each reason in each hand
    reasons = {reason for _, reason in by_hand}
    # out of turn, a second bid, a card not held, a card off suit, a spade led too soon, and an
    # action the rules allow (an engine that refuses everything fails there)
    assert {"not-your-turn", "already-bid", "card-not-in-hand", "must-follow-suit",
            "spades-not-broken", None} <= reasons  # fmt: skip
    for point in probes:  # each is what the rules say of the action at its position
        at = Game.replay(variant, point.start.setup, game.actions[point.start.at : point.at])
        answer = point.answers["illegal"]
        assert _refused_with(at, answer["action"]) == answer["reason"]


def test_the_same_seed_probes_the_same_actions() -> None:
    variant = load_variant("standard")
    played = play_fuzz_game(variant, 3, 0, hands=1, steer=_steer())
    assert probed(variant, played, 5).points == probed(variant, played, 5).points
    assert played.points == play_fuzz_game(variant, 3, 0, hands=1, steer=_steer()).points


def test_a_refusal_with_the_wrong_reason_fails_the_game_where_the_probe_was_put() -> None:
    spec = "fault:already-bid-read-as-out-of-turn"
    kept: list[CaseResult] = []
    run = OwnDealsRun(spec, seed=1, games=1, opener=open_engine)
    [result] = own_deal_results(run, open_engine(spec), "standard", probes=kept)
    assert result.verdict == "fail"
    assert result.case.expect["illegal"]["reason"] == "already-bid"
    assert [d.path for d in result.differences] == ["$.illegal.reason"]
    assert result.answers is not None
    assert result.answers["illegal"]["reason"] == "not-your-turn"
    # it is the first probe of the game: none answered right before it is kept for the diagnosis
    assert kept == []


def test_the_probes_an_engine_answers_right_are_kept_for_the_diagnosis() -> None:
    kept: list[CaseResult] = []
    run = OwnDealsRun("reference", seed=1, games=1, opener=open_engine)
    [result] = own_deal_results(run, open_engine("reference"), "standard", probes=kept)
    assert result.verdict == "pass"
    assert "illegal" in result.checked
    # one an allowed action, the others refused, each a passing case at its own position
    assert len(kept) > 5 and all(r.verdict == "pass" and r.checked == ("illegal",) for r in kept)
    assert sum(r.case.expect["illegal"]["reason"] is None for r in kept) >= 1
    assert all(r.case.actions[0]["action"] == "deal" for r in kept)
