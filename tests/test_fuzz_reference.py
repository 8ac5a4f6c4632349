"""Fuzzing the reference engine against itself finds nothing; a seed fixes the run whatever
the number of processes; the command's exit statuses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.fuzz.driver import FuzzConfig, agrees, differences, run_fuzz
from conformance.fuzz.feed import GameFeed
from conformance.fuzz.games import play_fuzz_game
from reference_engine.cli import main
from reference_engine.game import Game
from reference_engine.variant import load_variant, shipped_variant_ids


@pytest.mark.parametrize("variant", shipped_variant_ids())
def test_the_reference_agrees_with_itself(variant: str) -> None:
    outcome = run_fuzz(
        FuzzConfig(engine="reference", variant=variant, options={}, seed=3, hands=120)
    )
    assert outcome.divergence is None
    assert outcome.hands >= 120


def test_every_point_of_a_hand_can_be_asked() -> None:
    outcome = run_fuzz(
        FuzzConfig(
            engine="reference",
            variant="standard",
            options={},
            seed=4,
            games=3,
            points_per_hand=None,
        )  # fmt: skip
    )
    assert outcome.divergence is None
    # Every bid and card of every hand is a request, plus one for each game's whole log.
    assert outcome.requests == 3 + 56 * outcome.hands


def test_a_fuzzed_game_replays_and_is_the_same_for_the_same_seed() -> None:
    variant = load_variant("standard")
    one, two = play_fuzz_game(variant, 9, 5), play_fuzz_game(variant, 9, 5)
    assert one.actions == two.actions and one.setup == two.setup
    game = Game.replay(variant, one.setup, one.actions)
    assert dict(game.totals) == one.final["totals"]
    assert play_fuzz_game(variant, 9, 6).actions != one.actions


@pytest.mark.parametrize("engine", ["reference", "fault:spades-broken-by-a-spade-lead"])
def test_the_same_seed_finds_the_same_with_one_or_two_processes(engine: str) -> None:
    def run(jobs: int, ahead: bool = True) -> tuple:
        outcome = run_fuzz(
            FuzzConfig(
                engine=engine,
                variant="illustrated-table",
                options={},
                seed=11,
                games=60,
                jobs=jobs,
                ahead=ahead,
            )  # fmt: skip
        )
        return outcome.games, outcome.hands, outcome.requests, outcome.divergence

    # One process playing and checking, one playing ahead of it, two of each: all alike.
    assert run(1, ahead=False) == run(1) == run(2)


def test_games_played_ahead_are_the_games_of_the_run() -> None:
    variant = load_variant("standard")
    feed = GameFeed(variant, 9, first=4, hands=6, points_per_hand=2)
    try:
        with pytest.raises(ValueError, match="game 4 is next"):
            feed.game(5)
        for number in (4, 5, 6):
            game, here = feed.game(number), play_fuzz_game(variant, 9, number)
            assert (game.number, game.actions, game.final) == (number, here.actions, here.final)
    finally:
        feed.stop()


def test_exit_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path)
    assert main(["fuzz", "--engine", "reference", "--variant", "standard", "--games", "4",
                 "--seed", "1", "--out", out, "--quiet"]) == 0  # fmt: skip
    assert main(["fuzz", "--engine", "fault:overtricks-not-scored", "--variant", "standard",
                 "--games", "20", "--seed", "1", "--out", out, "--quiet"]) == 1  # fmt: skip
    assert list((tmp_path / "standard").glob("fuzz-*.json"))
    assert main(["fuzz", "--engine", "fault:no-such-fault", "--variant", "standard"]) == 2
    assert main(["fuzz", "--engine", "reference", "--variant", "no-such-variant"]) == 2
    assert main(["fuzz", "--engine", "reference", "--variant", "standard", "--jobs", "0"]) == 2
    err = capsys.readouterr().err
    assert "no fault named 'no-such-fault'" in err
    assert "Traceback" not in err


def test_answers_agree_only_to_the_letter() -> None:
    # A quick agreement never hides what the full comparison would call a difference.
    sheet = {"made": True, "bags_after": 1}
    assert agrees({"hands": [sheet]}, {"hands": [{**sheet, "side_tricks": 4}]})
    assert not agrees({"made": True}, {"made": 1})
    assert not agrees({"bags_after": 1}, {"bags_after": 1.0})
    assert not agrees({"status": None}, {})
    assert not agrees({"winners": [["N", "E"]]}, {"winners": [["N"]]})
    # Another order of the legal cards is no quick agreement, and no difference either.
    response: Any = {"outcome": "answered", "answers": {"legal": ["3C", "2C"]}}
    assert not agrees({"legal": ["2C", "3C"]}, response["answers"])
    assert differences({"legal": ["2C", "3C"]}, response) == []
    assert differences({"legal": ["2C", "3C"]}, {**response, "answers": {"legal": ["2C"]}})
