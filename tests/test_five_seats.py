"""A table of five: its seats, deals, games and schema forms, and the protocol feature `tables`
that keeps such a table from an engine that does not declare it."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from _cli import run_cli
from _schema_defs import schema_def

from spadespec.conformance.analysis.fuzz.shrink import _swapped
from spadespec.conformance.analysis.fuzz.witness.bots import bots_for
from spadespec.conformance.contract.protocol import tables
from spadespec.conformance.contract.protocol.messages import TABLES, EngineInfo
from spadespec.conformance.contract.suite.cases import deal_problem, load_suite
from spadespec.reference_engine.bots.table import play_game, seat_bots
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.deal import (
    check_deal,
    deal_from_seed,
    format_pbn,
    parse_deal,
    parse_pbn,
)
from spadespec.reference_engine.errors import DealError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import make_table, table_of
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import Sides

ROOT = Path(__file__).resolve().parents[1]
FIVE = ("N", "NE", "SE", "SW", "NW")


def test_five_sit_round_a_hexagon_less_south_each_left_of_the_last() -> None:
    table = make_table(5, Sides.INDIVIDUAL, 50)
    assert [seat.name for seat in table.seats] == list(FIVE)
    # play goes clockwise: each seat's left is the next, and North-west's left is North
    for seat, following in zip(FIVE, (*FIVE[1:], FIVE[0]), strict=True):
        assert table.next_seat(Seat[seat]).name == following
    assert table.cards_per_hand == 10
    assert table.sides == FIVE and not table.partnerships
    assert table.width == 8 and make_table(4, Sides.PARTNERSHIPS, 52).width == 4
    with pytest.raises(ValueError, match="partnerships need four, six or eight players"):
        make_table(5, Sides.PARTNERSHIPS, 50)
    with pytest.raises(ValueError, match="a table seats 2, 3, 4, 5, 6, 7 or 8 players, not 9"):
        make_table(9, Sides.INDIVIDUAL, 54)


def test_a_seeded_five_seat_deal_gives_ten_each_and_leaves_the_red_twos_out() -> None:
    rules = load_variant("five-handed").rules
    pack, table = pack_of(rules), table_of(rules)
    hands = deal_from_seed(7, pack, table)
    assert len(hands) == 8
    assert [hands[Seat[s]].bit_count() for s in FIVE] == [10] * 5
    assert hands[Seat.E] == hands[Seat.S] == hands[Seat.W] == 0
    dealt = 0
    for hand in hands:
        dealt |= hand
    assert dealt.bit_count() == 50
    assert not dealt >> parse_card("2H") & 1 and not dealt >> parse_card("2D") & 1
    check_deal(hands, pack, table)


def _five_deal() -> dict[str, list[str]]:
    suit_of = {"N": "S", "NE": "H", "SE": "D", "SW": "C"}
    deal = {seat: [r + suit for r in "AKQJT98765"] for seat, suit in suit_of.items()}
    deal["NW"] = ["4S", "3S", "2S", "4H", "3H", "4D", "3D", "4C", "3C", "2C"]
    return deal


def test_a_five_seat_deal_is_read_eight_wide_and_a_four_seat_one_four_wide() -> None:
    rules = load_variant("five-handed").rules
    hands = parse_deal(_five_deal())
    assert len(hands) == 8
    check_deal(hands, pack_of(rules), table_of(rules))
    assert len(parse_deal({"N": ["AS"], "E": ["KS"]})) == 4


def test_a_seat_a_table_lacks_is_refused_even_empty() -> None:
    four = load_variant("standard").rules
    dealt = deal_from_seed(1)
    hands = {seat.name: _cards(dealt[seat]) for seat in (Seat.N, Seat.E, Seat.S, Seat.W)}
    check_deal(parse_deal(hands), pack_of(four), table_of(four))
    with pytest.raises(DealError, match="NE has no place at a 4-player table"):
        check_deal(parse_deal({**hands, "NE": []}), pack_of(four), table_of(four))
    five = load_variant("five-handed").rules
    with pytest.raises(DealError, match="E is not at a 5-player table"):
        check_deal(parse_deal({**_five_deal(), "E": ["2D"]}), pack_of(five), table_of(five))
    pbn = format_pbn(dealt)
    assert parse_pbn(pbn) == dealt
    with pytest.raises(DealError, match="must start with the first seat"):
        parse_pbn("NE:" + pbn[2:])


def _cards(mask: int) -> list[str]:
    from spadespec.reference_engine.cards import CARD_TEXT, cards_in

    return [CARD_TEXT[c] for c in cards_in(mask)]


def test_bots_play_a_whole_five_seat_game_scored_seat_by_seat() -> None:
    result = play_game(load_variant("five-handed"), "sensible", seed=7)
    game = result.game
    assert not result.capped and game.phase == "over"
    assert tuple(game.totals) == FIVE
    for sheet in game.hand_results:
        assert tuple(sheet.bids) == FIVE and sum(sheet.tricks.values()) == 10
    assert game.outcome is not None and game.outcome.winner in FIVE


def test_a_wider_table_keeps_the_four_seat_tables_bots_and_draws() -> None:
    four, eight = seat_bots("random", 11), seat_bots("random", 11, 8)
    assert len(eight) == 8
    game = Game.new(load_variant("standard"), dealer="N")
    game.deal(seed=3)
    for seat in (Seat.N, Seat.E):
        assert four[seat].choose_bid(game, seat) == eight[seat].choose_bid(game, seat)
    import random

    narrow, wide = random.Random(5), random.Random(5)
    assert [type(b).__name__ for b in bots_for("mixed", narrow)] == [
        type(b).__name__ for b in bots_for("mixed", wide, 8)[:4]
    ]


def _info(*features: str) -> EngineInfo:
    return {
        "name": "t",
        "version": "1",
        "language": "python",
        "protocol": 1,
        "variants": ["standard", "five-handed"],
        "features": list(features),
    }


def test_a_case_at_five_is_not_applicable_without_the_feature_tables() -> None:
    suite = load_suite()
    five = next(case for case in suite if case.variant == "five-handed")
    four = next(case for case in suite if case.variant == "standard")
    assert tables.not_applicable(_info("legal"), five) == tables.NOT_APPLICABLE
    assert tables.not_applicable(_info("legal", TABLES), five) is None
    assert tables.not_applicable(_info("legal"), four) is None
    assert tables.needed(load_variant("five-handed").rules)
    assert not tables.needed(load_variant("cutthroat").rules)


@pytest.mark.parametrize("name", ["case.schema.json", "game-record.schema.json"])
def test_the_schemas_take_the_five_seat_forms_and_no_mix_of_the_two(name: str) -> None:
    sides = schema_def(name, "sideInts")
    assert sides.is_valid(dict.fromkeys(FIVE, 0))
    assert sides.is_valid({"N": 0, "E": 0, "S": 0}) and sides.is_valid({"NS": 0, "EW": 0})
    assert not sides.is_valid({"N": 0, "NE": 0, "SE": 0, "SW": 0})  # NW missing
    assert not sides.is_valid({**dict.fromkeys(FIVE, 0), "E": 0})  # a four-seat name beside
    deal = schema_def(name, "dealHands")
    assert deal.is_valid(_five_deal())
    assert not deal.is_valid({**_five_deal(), "W": ["2H"]})


HOUSE_OF_FIVE = """\
extends: standard
id: five-at-home
title: Five at home
revision: 1
summary: Standard Spades for five players each alone, the red twos out.
sources:
  - {key: home, title: Our table's own rules, url: "https://example.org/our-rules"}
rules:
  deck:
    removed: {value: [2H, 2D], cite: [{source: home, section: pack}]}
  table:
    players: {value: 5, cite: [{source: home, section: table}]}
    sides: {value: individual, cite: [{source: home, section: table}]}
  bidding:
    max_bid: {value: 10, cite: [{source: home, section: bids}]}
"""


def test_a_house_file_seating_five_goes_only_to_an_engine_declaring_tables(
    tmp_path: Path,
) -> None:
    house = tmp_path / "five-at-home.yaml"
    house.write_text(HOUSE_OF_FIVE, encoding="utf-8")
    engine = shlex.join(
        [sys.executable, str(ROOT / "tests" / "data" / "engines" / "declaring.py"),
         "--variants", "standard", "--features", "legal,illegal,to_act,house_files"]
    )  # fmt: skip
    done = run_cli("conform", "--engine", engine, "--variant", str(house), "--json")
    results = json.loads(done.stdout)["results"]
    assert done.returncode == 1 and results
    assert {(r["verdict"], r["message"]) for r in results} == {("n/a", tables.NOT_APPLICABLE)}
    done = run_cli("conform", "--engine", engine + ",tables", "--variant", str(house), "--json")
    results = json.loads(done.stdout)["results"]
    assert done.returncode == 0
    assert {r["verdict"] for r in results} == {"pass"}


def test_a_five_seat_side_in_a_path_is_one_figure_whichever_seat_it_is() -> None:
    from spadespec.conformance.analysis.audit.clusters import fingerprint
    from spadespec.conformance.analysis.fuzz.campaign import cause_key
    from spadespec.conformance.contract.runner.grade import Difference

    keys = {
        cause_key([f"$.hands[0].sides.{side}.bags_after: expected 1, got 2"])
        for side in (*FIVE, "NS")
    }
    assert keys == {"$.hands[].sides.*.bags_after"}
    prints = {
        fingerprint("five-handed", [Difference(f"$.totals.{side}", 37, 47)], frozenset())[0]
        for side in FIVE
    }
    assert len(prints) == 1


def test_a_five_seat_deal_is_shrunk_card_for_card_and_a_wrong_seat_is_named() -> None:
    deal = _five_deal()
    actions: list[dict[str, Any]] = [{"action": "deal", "hands": deal}]
    actions.append({"action": "play", "seat": "NE", "card": "AH"})
    swapped = _swapped(actions, 0, parse_card("AH"), parse_card("2C"))
    hands = swapped[0]["hands"]
    assert "2C" in hands["NE"] and "AH" in hands["NW"] and "AH" not in hands["NE"]
    assert swapped[1]["card"] == "2C"
    rules = load_variant("five-handed").rules
    assert deal_problem(hands, rules) is None
    assert deal_problem({"N": [], "NE": [], "X": []}, rules) == (
        "the deal names seats N, NE, X, but N, NE, SE, SW, NW are in play"
    )
