"""Fuzzing the reference engine against itself finds nothing; a seed fixes the run whatever
the number of processes; the command's exit statuses."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from _sweeps import PLAY_RULESETS, sweep

from spadespec.cli import main
from spadespec.cli.engines import open_engine
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.differences import agrees, differences
from spadespec.conformance.analysis.fuzz.feed import GameFeed
from spadespec.conformance.analysis.fuzz.games import play_fuzz_game
from spadespec.conformance.analysis.fuzz.pool import run_fuzz
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids


# A sweep (tests/_sweeps.py): CI fuzzes every shipped ruleset; the test command those that set
# every value of a rule of play, which is what shapes the games fuzzed.
@pytest.mark.sweep
@pytest.mark.parametrize("variant", sweep(shipped_variant_ids(), PLAY_RULESETS))
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
    # Every bid and card of every hand is a request, plus one for each game's whole log and,
    # the reference keeping score, one score request for each game's completed hands.
    assert outcome.requests == 3 + 3 + 56 * outcome.hands


def test_a_fuzzed_game_replays_and_is_the_same_for_the_same_seed() -> None:
    variant = load_variant("standard")
    one, two = play_fuzz_game(variant, 9, 5), play_fuzz_game(variant, 9, 5)
    assert one.actions == two.actions and one.setup == two.setup
    game = Game.replay(variant, one.setup, one.actions)
    assert dict(game.totals) == one.final["totals"]
    assert play_fuzz_game(variant, 9, 6).actions != one.actions


@pytest.mark.parametrize("engine", ["reference", "fault:spades-broken-by-a-spade-lead"])
def test_the_same_seed_finds_the_same_with_one_or_two_processes(engine: str) -> None:
    def run(jobs: int, ahead: bool = True) -> tuple[Any, ...]:
        outcome = run_fuzz(
            FuzzConfig(
                engine=engine,
                variant="illustrated-table",
                options={},
                seed=11,
                games=60,
                jobs=jobs,
                ahead=ahead,
                opener=open_engine,  # the hub's, which knows the faults
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
    fuzz = ["fuzz", "--engine", "reference", "--variant", "standard"]
    assert main([*fuzz, "--start-timeout", "0"]) == 2
    assert "--start-timeout must be a number of seconds above 0" in capsys.readouterr().err
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    assert main([*fuzz, "--out", str(a_file / "cases")]) == 2
    err = capsys.readouterr().err
    assert f"--out: cannot write files under {a_file / 'cases'}: {a_file} is not a folder" in err


def test_start_has_its_own_timeout(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    slow = Path(__file__).parent / "data" / "engines" / "slow_start.py"
    monkeypatch.setenv("SLOW_START_SECONDS", "5")
    args = ["fuzz", "--engine", shlex.join([sys.executable, str(slow)]), "--variant", "standard",
            "--games", "1", "--quiet", "--timeout", "9", "--start-timeout", "0.2"]  # fmt: skip
    assert main(args) == 1  # an engine that does not start: a verdict, as in conform
    err = capsys.readouterr().err
    assert "the engine did not start: no answer to start within 0.2 s (--start-timeout)" in err


def test_answers_agree_only_to_the_letter() -> None:
    # A quick agreement never hides what the full comparison would call a difference.
    sheet = {"made": True, "bags_after": 1}
    assert agrees({"hands": [sheet]}, {"hands": [{**sheet, "side_tricks": 4}]})
    assert not agrees({"made": True}, {"made": 1})
    assert not agrees({"bags_after": 1}, {"bags_after": 1.0})
    assert not agrees({"status": None}, {})
    assert not agrees({"winners": [["N", "E"]]}, {"winners": [["N"]]})
    # Equal in Python, or written alike, yet not the same JSON: each test alone would pass them.
    assert not agrees({"totals": {"NS": 10}}, {"totals": {"NS": 10.0}})
    assert not agrees({"status": None}, {"status": float("nan")})
    assert not agrees({"n": 2**70}, {"n": float(2**70)})
    assert agrees({"n": 2**70}, {"n": 2**70})
    # Another order of the legal cards is no quick agreement, and no difference either.
    response: Any = {"outcome": "answered", "answers": {"legal": ["3C", "2C"]}}
    assert not agrees({"legal": ["2C", "3C"]}, response["answers"])
    assert differences({"legal": ["2C", "3C"]}, response) == []
    assert differences({"legal": ["2C", "3C"]}, {**response, "answers": {"legal": ["2C"]}})


# --- the house tables: fuzzed games reach what each one changes -------------------------------


def _games(variant: str, count: int = 30) -> list[Any]:
    loaded = load_variant(variant)
    return [play_fuzz_game(loaded, 21, number) for number in range(count)]


def _deals(game: Any) -> list[Any]:
    return [a["hands"] for a in game.actions if a["action"] == "deal"]


def test_three_players_alone_are_dealt_seventeen_each_and_scored_by_seat() -> None:
    games = _games("cutthroat")
    for game in games:
        assert set(game.setup["scores"]) == {"N", "E", "S"}
        for deal in _deals(game):
            # The 2C is out of the pack; three hands of 17 make the other 51 cards.
            assert set(deal) == {"N", "E", "S"}
            assert all(len(cards) == 17 for cards in deal.values())
            assert "2C" not in sum(deal.values(), [])
        assert all(a["seat"] != "W" for a in game.actions if "seat" in a)
        assert all(len(hand) <= 17 for hand in game.final["trick_winners"])
    # Some hands are played to the end: 17 tricks, and a sheet with a line for each player.
    finished = [g for g in games if g.final["hands"]]
    assert finished and all(len(g.final["trick_winners"][0]) == 17 for g in finished)
    assert set(finished[0].final["hands"][0]["sides"]) == {"N", "E", "S"}


def test_jokers_are_dealt_and_the_cards_taken_out_are_not() -> None:
    deals = [deal for game in _games("joker-joker-deuce-deuce") for deal in _deals(game)]
    for deal in deals:
        assert isinstance(deal, dict)  # jokers are written as each seat's cards, never PBN
        cards: list[str] = sum(deal.values(), [])
        # The file takes out the 2C and 2H and adds both jokers: 52 cards, 13 each.
        assert {"BJ", "LJ"} <= set(cards) and not {"2C", "2H"} & set(cards)
        assert sorted(map(len, deal.values())) == [13, 13, 13, 13]


def test_the_blind_nil_exchange_is_played_and_asked_about() -> None:
    games = _games("blind-nil-pass-four", 60)
    passes = [a for game in games for a in game.actions if a["action"] == "pass"]
    assert passes and all(len(a["cards"]) == 4 for a in passes)
    points = [p for game in games for p in game.points if p.kind == "pass"]
    assert points
    for point in points:
        assert point.answers["to_act"]["phase"] == "pass"
        # Any card held may be passed: the first to pass holds 13, the second 13 + the 4 passed.
        assert len(point.answers["legal"]) in (13, 17)


def test_a_game_of_ten_hands_starts_near_its_end_and_ends_there() -> None:
    games = _games("fixed-ten-hands", 40)
    late = [g for g in games if g.setup.get("hands_played", 0) >= 8]
    assert late
    for game in late:
        tenth = 10 - game.setup["hands_played"]  # the tenth hand's place in this log
        sheets = game.final["hands"]
        if len(sheets) < tenth:
            continue
        # The game goes on past the tenth hand only where the top totals are level after it.
        goes_on = len(game.starts) > tenth or game.final["status"]["status"] == "continues"
        totals = sorted(line["score_after"] for line in sheets[tenth - 1]["sides"].values())
        assert goes_on == (totals[-1] == totals[-2])
