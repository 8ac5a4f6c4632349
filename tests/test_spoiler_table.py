"""Five players as two partnerships and a spoiler: who partners whom, the spoiler's multiplier on
the sheet, the rules refused there, the bots' seating and the fuzzer's draws left as they were."""

from __future__ import annotations

import dataclasses
import random

import pytest
from _cli import run_cli

from spadespec.conformance.analysis.fuzz.games import side_styles
from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.bots.view import seat_view
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.seats import Seat, side_members
from spadespec.reference_engine.table import Table, make_table, table_of
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import Sides

SPOILER = load_variant("five-with-spoiler")


def test_north_plays_alone_and_each_pair_sits_opposite() -> None:
    table = make_table(5, Sides.PARTNERSHIPS_AND_SPOILER, 50)
    assert table.sides == ("N", "NE-SW", "SE-NW")
    assert table.partnerships and table.width == 8
    partner = {seat.name: table.partner[seat] for seat in table.seats}
    assert partner == {"N": None, "NE": Seat.SW, "SE": Seat.NW, "SW": Seat.NE, "NW": Seat.SE}
    assert [table.side_of[s] for s in table.seats] == ["N", "NE-SW", "SE-NW", "NE-SW", "SE-NW"]
    with pytest.raises(ValueError, match="partnerships and a spoiler need five or seven players"):
        make_table(4, Sides.PARTNERSHIPS_AND_SPOILER, 52)


def test_a_sides_name_stands_for_its_seats() -> None:
    assert side_members("NS") == ("N", "S")
    assert side_members("NE-SW") == ("NE", "SW")
    assert side_members("NE") == ("NE",)
    assert side_members("N") == ("N",)


def _sheet(bids: dict[str, object], tricks: dict[str, int]) -> dict[str, dict[str, int]]:
    scored = score_hand(SPOILER.rules, bids, tricks)
    return {side: line.to_json() for side, line in scored.sides.items()}


def test_the_spoilers_made_contract_and_made_nil_count_double_and_its_overtricks_once() -> None:
    # North bids 3 and takes 6: 30 at the usual rate, 3 overtricks once, and 30 more.
    lines = _sheet(
        {"N": 3, "NE": 1, "SE": 1, "SW": 1, "NW": 1}, {"N": 6, "NE": 1, "SE": 1, "SW": 1, "NW": 1}
    )
    assert lines["N"]["spoiler_points"] == 30 and lines["N"]["hand_points"] == 63
    assert lines["NE-SW"]["spoiler_points"] == 0 and lines["NE-SW"]["hand_points"] == 20
    # A made nil's 100 counts twice; a failed one costs 100, once.
    made = _sheet(
        {"N": "nil", "NE": 3, "SE": 3, "SW": 2, "NW": 2},
        {"N": 0, "NE": 3, "SE": 3, "SW": 2, "NW": 2},
    )
    assert made["N"]["spoiler_points"] == 100 and made["N"]["hand_points"] == 200
    failed = _sheet(
        {"N": "nil", "NE": 3, "SE": 3, "SW": 2, "NW": 1},
        {"N": 1, "NE": 3, "SE": 3, "SW": 2, "NW": 1},
    )
    assert failed["N"]["spoiler_points"] == 0 and failed["N"]["hand_points"] == -99


def test_the_independent_scorer_agrees_on_a_set_spoiler() -> None:
    bids: dict[str, object] = {"N": 4, "NE": 3, "SE": 2, "SW": 1, "NW": 2}
    tricks = {"N": 2, "NE": 3, "SE": 2, "SW": 2, "NW": 1}
    by_hand = hand_math.score_side(SPOILER.rules, "N", bids, tricks, 0, 0)
    assert by_hand["spoiler_points"] == -40 and by_hand["hand_points"] == -80
    assert _sheet(bids, tricks)["N"] == by_hand


def test_a_four_seat_sheet_has_no_spoiler_item() -> None:
    rules = load_variant("standard").rules
    scored = score_hand(rules, {"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 3, "W": 3})
    assert all("spoiler_points" not in line.to_json() for line in scored.sides.values())


def test_the_spoilers_blind_nil_opens_no_exchange_and_a_pairs_does() -> None:
    bidding = dataclasses.replace(
        SPOILER.rules.bidding,
        blind_nil=type(SPOILER.rules.bidding.blind_nil)("allowed"),
        blind_nil_trailing_by=None,
        blind_nil_exchange=2,
    )
    rules = dataclasses.replace(SPOILER.rules, bidding=bidding)
    setup = {"dealer": "NW", "scores": {"N": 0, "NE-SW": 0, "SE-NW": 0}}
    game = Game.replay(rules, setup, [])
    game.deal(seed=3)
    assert game.to_act is Seat.N
    game.apply({"action": "bid", "seat": "N", "bid": "blind-nil"})
    for seat in ("NE", "SE", "SW", "NW"):
        game.apply({"action": "bid", "seat": seat, "bid": 2})
    assert str(game.phase) == "play"
    paired = Game.replay(rules, {**setup, "dealer": "N"}, [])
    paired.deal(seed=3)
    paired.apply({"action": "bid", "seat": "NE", "bid": "blind-nil"})
    for seat in ("SE", "SW", "NW", "N"):
        paired.apply({"action": "bid", "seat": seat, "bid": 2})
    assert str(paired.phase) == "pass"


def test_a_bot_at_the_spoiler_table_sees_its_own_partner() -> None:
    game = Game.replay(SPOILER, {"dealer": "N"}, [])
    game.deal(seed=5)
    for seat in ("NE", "SE", "SW", "NW", "N"):
        game.apply({"action": "bid", "seat": seat, "bid": 2})
    assert seat_view(game, "NE").partner == "SW"
    assert sorted(seat_view(game, "NE").opponents()) == ["N", "NW", "SE"]
    assert seat_view(game, "N").partner is None
    assert seat_view(game, "SE").partner == "NW"
    four = Game.replay(load_variant("standard"), {"dealer": "N"}, [])
    four.deal(seed=5)
    for seat in ("E", "S", "W", "N"):
        four.apply({"action": "bid", "seat": seat, "bid": 3})
    assert seat_view(four, "E").partner == "W"


def _styles_before(rng: random.Random, table: Table) -> list[str]:
    """The fuzzer's draw of bot styles as it was before sides of unequal size: two styles for
    partnerships (by seat parity), else one a seat in play."""
    styles = [
        rng.choice(("random", "sensible", "random", "sensible", "greedy"))
        for _ in ("NE" if table.partnerships else table.seats)
    ]
    place: dict[int, int] = {seat: i for i, seat in enumerate(table.seats)}
    return [
        styles[seat & 1] if table.partnerships else styles[place.get(seat, len(styles) - 1)]
        for seat in range(table.width)
    ]


@pytest.mark.parametrize("ruleset", ["standard", "cutthroat", "five-handed"])
def test_the_fuzzers_style_draws_are_as_they_were_at_every_earlier_table(ruleset: str) -> None:
    table = table_of(load_variant(ruleset).rules)
    for seed in range(50):
        now, before = random.Random(seed), random.Random(seed)
        assert side_styles(now, table) == _styles_before(before, table)
        assert now.random() == before.random()  # as many draws taken


def test_the_spoilers_pairs_draw_one_style_each() -> None:
    table = table_of(SPOILER.rules)
    for seed in range(20):
        kinds = side_styles(random.Random(seed), table)
        assert kinds[Seat.NE] == kinds[Seat.SW] and kinds[Seat.SE] == kinds[Seat.NW]


def test_a_whole_game_is_played_from_the_command_line() -> None:
    result = run_cli("play", "--variant", "five-with-spoiler", "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "won by" in result.stdout and "NE-SW" in result.stdout


def test_the_score_command_prints_the_spoilers_extra() -> None:
    result = run_cli(
        "score", "--variant", "five-with-spoiler", "--bids", "N=3,NE=2,SE=2,SW=2,NW=1",
        "--tricks", "N=10,NE=0,SE=0,SW=0,NW=0",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "spoiler x2      +30" in result.stdout
    assert "hand points     +67" in result.stdout
