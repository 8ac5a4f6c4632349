"""Fuzzing asks an engine only what it declared, graded observable by observable as `conform`
grades a case; an optional item an engine leaves out of a score sheet is not a difference."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest

from spadespec.cli import main
from spadespec.conformance.analysis.fuzz.checker import GameChecker
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.games import play_fuzz_game
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import (
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine
from spadespec.reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")


class Declaring:
    """The reference engine declaring only `features`, recording what it is asked, and leaving
    out the optional items of a nil's line (`blind`) and of a side's (`side_tricks`)."""

    def __init__(self, features: list[str]) -> None:
        self.features = features
        self.asked: list[list[str]] = []
        self._inner = ReferenceEngine()

    def start(self) -> EngineInfo:
        return {**self._inner.start(), "features": list(self.features)}

    def run(self, request: CaseRequest) -> CaseResponse:
        self.asked.append(list(request["ask"]))
        response = self._inner.run(request)
        for sheet in response.get("answers", {}).get("hands", []):
            for line in sheet["sides"].values():
                line.pop("side_tricks", None)
                for nil in line["nils"]:
                    nil.pop("blind", None)
        return response

    def stop(self) -> None:
        self._inner.stop()


def _check_games(engine: Declaring, variant: str, games: int, seed: int) -> list[Any]:
    config = FuzzConfig(engine="declaring", variant=variant, options={}, seed=seed)
    checker = GameChecker(config, engine)
    rules = load_variant(variant)
    try:
        return [checker.check(play_fuzz_game(rules, seed, n)) for n in range(games)]
    finally:
        checker.stop()


def test_only_declared_observables_are_asked_and_a_left_out_blind_is_no_difference() -> None:
    engine = Declaring(["hands", "totals"])
    # Nils are bid in most fuzzed games: a sheet with a nil line but no `blind` comes back.
    assert _check_games(engine, "standard", games=6, seed=5) == [None] * 6
    assert engine.asked and all(set(ask) <= {"hands", "totals"} for ask in engine.asked)
    assert any("hands" in ask for ask in engine.asked)


def test_whose_turn_between_hands_is_asked_as_next_deal() -> None:
    engine = Declaring(["next_deal"])
    assert _check_games(engine, "standard", games=3, seed=2) == [None] * 3
    # Asked at each game's end (a deal is due or the game is over), never inside a hand.
    assert engine.asked and all(ask == ["next_deal"] for ask in engine.asked)


@pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed")
def test_the_readme_fuzz_example_finds_no_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = shlex.join([NODE or "node", str(ROOT / "examples" / "js-engine" / "spades.js")])
    argv = ["fuzz", "--engine", command, "--variant", "standard", "--games", "200",
            "--seed", "1", "--out", str(tmp_path / "cases"), "--quiet"]  # fmt: skip
    assert main(argv) == 0, capsys.readouterr().out
    assert "no difference in 200 games" in capsys.readouterr().out
    assert not (tmp_path / "cases").exists()


class ScoreKeeper(Declaring):
    """A score keeper: the reference engine (with a fault, if given) declaring only `score`."""

    def __init__(self, fault: str | None = None) -> None:
        super().__init__(["score"])
        if fault is not None:
            self._inner = FaultyEngine(FAULTS[fault])  # type: ignore[assignment]
        self.scored = 0

    def score(self, request: ScoreRequest) -> CaseResponse:
        self.scored += 1
        return self._inner.score(request)


def test_a_score_keeper_is_fuzzed_with_score_requests() -> None:
    keeper = ScoreKeeper()
    assert _check_games(keeper, "standard", games=3, seed=2) == [None] * 3
    assert keeper.scored == 3 and keeper.asked == []
    # A set side charged only for the tricks it fell short: caught by a score request.
    broken = ScoreKeeper("set-penalty-per-trick-short")
    found = [d for d in _check_games(broken, "standard", games=6, seed=2) if d is not None]
    assert found and all(text.startswith("score request: $.") for text in found[0].differences)
