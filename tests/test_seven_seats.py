"""Seven players as three partnerships and a spoiler: the seats round the table, who partners
whom, a hand scored with the spoiler's multiplier by the engine and by the independent scorer,
the bots' view of their partners, the fuzzer's styles, and a whole game from the command line."""

from __future__ import annotations

import random

import pytest
from _cli import run_cli

from spadespec.conformance.analysis.fuzz.games import side_styles
from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.bots.view import seat_view
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.seats import Seat, side_members
from spadespec.reference_engine.table import make_table, table_of
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import Sides

SEVEN = load_variant("seven-with-spoiler")
CLOCKWISE = ["N", "NE", "E", "SE", "SW", "W", "NW"]


def test_seven_sit_round_an_octagon_with_souths_place_empty() -> None:
    table = make_table(7, Sides.PARTNERSHIPS_AND_SPOILER, 49)
    assert [seat.name for seat in table.seats] == CLOCKWISE
    assert table.cards_per_hand == 7 and table.width == 8
    # each seat's left-hand player is the next clockwise; North-west's is North
    left = [table.left[seat] for seat in table.seats]
    assert [None if seat is None else seat.name for seat in left] == CLOCKWISE[1:] + ["N"]
    assert table.left[Seat.S] is None


def test_north_plays_alone_and_each_pair_sits_opposite() -> None:
    table = table_of(SEVEN.rules)
    assert table.sides == ("N", "NE-SW", "E-W", "SE-NW")
    partner = {seat.name: table.partner[seat] for seat in table.seats}
    assert partner == {
        "N": None, "NE": Seat.SW, "E": Seat.W, "SE": Seat.NW,
        "SW": Seat.NE, "W": Seat.E, "NW": Seat.SE,
    }  # fmt: skip
    assert side_members("E-W") == ("E", "W")


@pytest.mark.parametrize("players", [3, 4])
def test_a_spoilers_table_is_five_or_seven(players: int) -> None:
    with pytest.raises(ValueError, match="partnerships and a spoiler need five or seven players"):
        make_table(players, Sides.PARTNERSHIPS_AND_SPOILER, 12 * players)


def test_a_hand_is_scored_with_the_spoilers_multiplier_by_both_scorers() -> None:
    # North bids 2 and takes 3: 20, an overtrick, and 20 more. East bids nil and takes nothing,
    # West bids 2 and takes 2: 20 and 100 for the nil, not multiplied.
    bids: dict[str, object] = {"N": 2, "NE": 1, "E": "nil", "SE": 1, "SW": 1, "W": 2, "NW": 1}
    tricks = {"N": 3, "NE": 0, "E": 0, "SE": 1, "SW": 1, "W": 2, "NW": 0}
    scored = {
        side: line.to_json() for side, line in score_hand(SEVEN.rules, bids, tricks).sides.items()
    }
    assert scored["N"]["spoiler_points"] == 20 and scored["N"]["hand_points"] == 41
    assert scored["E-W"]["spoiler_points"] == 0 and scored["E-W"]["hand_points"] == 120
    # North-east and South-west bid 2 and take 1, as do South-east and North-west: set, -20
    assert scored["NE-SW"]["hand_points"] == -20 and scored["SE-NW"]["hand_points"] == -20
    for side in ("N", "NE-SW", "E-W", "SE-NW"):
        assert hand_math.score_side(SEVEN.rules, side, bids, tricks, 0, 0) == scored[side]


def test_a_bot_at_seven_sees_its_own_partner() -> None:
    game = Game.replay(SEVEN, {"dealer": "N"}, [])
    game.deal(seed=5)
    for seat in CLOCKWISE[1:] + ["N"]:
        game.apply({"action": "bid", "seat": seat, "bid": 1})
    assert seat_view(game, "E").partner == "W"
    assert seat_view(game, "NE").partner == "SW"
    assert seat_view(game, "N").partner is None
    assert sorted(seat_view(game, "E").opponents()) == ["N", "NE", "NW", "SE", "SW"]


def test_the_fuzzers_pairs_draw_one_style_each() -> None:
    table = table_of(SEVEN.rules)
    for seed in range(20):
        kinds = side_styles(random.Random(seed), table)
        assert kinds[Seat.NE] == kinds[Seat.SW] and kinds[Seat.E] == kinds[Seat.W]
        assert kinds[Seat.SE] == kinds[Seat.NW]


def test_a_whole_game_is_played_from_the_command_line() -> None:
    result = run_cli("play", "--variant", "seven-with-spoiler", "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "won by" in result.stdout and "E-W" in result.stdout


def test_a_hand_of_eight_tricks_is_refused_by_the_score_command() -> None:
    result = run_cli(
        "score", "--variant", "seven-with-spoiler", "--bids", "N=3,NE=1,E=1,SE=1,SW=1,W=1,NW=1",
        "--tricks", "N=2,NE=1,E=1,SE=1,SW=1,W=1,NW=1",
    )  # fmt: skip
    assert result.returncode == 2
    assert "7" in result.stderr and "Traceback" not in result.stderr
