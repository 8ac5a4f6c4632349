"""Six and eight players in partnerships with Graham Spades' mega cards: the seats and who
partners whom, the packs of 65 to 104 cards, a mega card's rank against its twin's whichever is
played first, the deal written with mega cards, the refusals, a hand scored by both scorers, a
whole game from the command line, and a recorded game audited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _cli import run_cli
from _schema_defs import schema_def

from spadespec.conformance.analysis.audit.recording import record_game
from spadespec.conformance.analysis.audit.run import Auditor
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.cards import CARD_TEXT, cards_in, parse_card
from spadespec.reference_engine.deal import format_deal
from spadespec.reference_engine.pack import build_pack, pack_of
from spadespec.reference_engine.rules_of_play.tricks import trick_winner
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import make_table, table_of
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import DeckKind, Sides

SIX = load_variant("six-partnerships")
EIGHT = load_variant("eight-partnerships")


def _names(cards: int) -> set[str]:
    return {CARD_TEXT[c] for c in cards_in(cards)}


def test_six_sit_round_a_hexagon_with_east_and_west_empty() -> None:
    table = table_of(SIX.rules)
    clockwise = ["N", "NE", "SE", "S", "SW", "NW"]
    assert [seat.name for seat in table.seats] == clockwise
    left = [table.left[seat] for seat in table.seats]
    assert [s.name for s in left if s is not None] == clockwise[1:] + ["N"]
    assert table.left[Seat.E] is None and table.left[Seat.W] is None
    assert table.sides == ("N-S", "NE-SW", "SE-NW") and table.cards_per_hand == 13
    partner = {seat.name: table.partner[seat] for seat in table.seats}
    assert partner == {
        "N": Seat.S, "NE": Seat.SW, "SE": Seat.NW, "S": Seat.N, "SW": Seat.NE, "NW": Seat.SE,
    }  # fmt: skip


def test_eight_sit_at_every_point_of_the_compass_in_four_pairs() -> None:
    table = table_of(EIGHT.rules)
    assert [seat.name for seat in table.seats] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert table.sides == ("N-S", "NE-SW", "E-W", "SE-NW") and table.cards_per_hand == 13
    assert all(table.partner[table.partner[seat]] is seat for seat in table.seats)
    assert table.partner[Seat.E] is Seat.W and table.partner[Seat.SE] is Seat.NW


@pytest.mark.parametrize("players", [3, 5, 7])
def test_partnerships_are_four_six_or_eight(players: int) -> None:
    with pytest.raises(ValueError, match="partnerships need four, six or eight players"):
        make_table(players, Sides.PARTNERSHIPS, 13 * players)


def test_the_mega_cards_are_added_twos_first_spades_to_clubs() -> None:
    # Graham Spades adds what the table needs from the twos up, each rank spades, hearts,
    # diamonds, clubs: 13 are the twos to fours and 5S; 26 the twos to sevens, 8S and 8H.
    plain = {r + s for r in "23456789TJQKA" for s in "SHDC"}
    ranks = {13: "234", 26: "234567", 39: "23456789T", 52: "23456789TJQKA"}
    extra = {13: ["5S+"], 26: ["8S+", "8H+"], 39: ["JS+", "JH+", "JD+"], 52: []}
    for count, kind in [(13, DeckKind.MEGA_65), (26, DeckKind.MEGA_78),
                        (39, DeckKind.MEGA_91), (52, DeckKind.MEGA_104)]:  # fmt: skip
        megas = {r + s + "+" for r in ranks[count] for s in "SHDC"} | set(extra[count])
        assert len(megas) == count
        assert _names(build_pack(kind, (), ()).cards) == plain | megas


def test_a_mega_card_beats_its_twin_whichever_is_played_first() -> None:
    pack = pack_of(EIGHT.rules)
    seven, mega, eight = parse_card("7S"), parse_card("7S+"), parse_card("8S")
    assert trick_winner([seven, mega], pack) == 1
    assert trick_winner([mega, seven], pack) == 0
    # and loses to the next rank up, either way round
    assert trick_winner([mega, eight], pack) == 1 and trick_winner([eight, mega], pack) == 0
    # a mega heart is a heart: a plain spade trumps it, and it follows a heart lead
    heart, mega_heart = parse_card("AH"), parse_card("AH+")
    assert trick_winner([heart, mega_heart, parse_card("2S")], pack) == 2
    assert pack.suit_of[mega_heart] == pack.suit_of[heart]


def test_a_deal_with_mega_cards_is_written_each_just_above_its_twin() -> None:
    rules = SIX.rules
    table = table_of(rules)
    hands = [0] * table.width
    hands[Seat.N] = sum(1 << parse_card(c) for c in ("AS", "7S+", "7S", "8H+", "2C"))
    written = format_deal(hands)
    assert written == {"N": ["AS", "7S+", "7S", "8H+", "2C"]}


def _audit(records: list[Any]) -> list[Any]:
    auditor = Auditor()
    return list(auditor.audit(RawRecord("r.jsonl", n, r) for n, r in enumerate(records, 1)))


@pytest.mark.parametrize("variant", ["six-partnerships", "eight-partnerships"])
def test_a_recorded_game_is_audited_ok(variant: str) -> None:
    records = [record_game(load_variant(variant), seed, max_hands=3) for seed in range(2)]
    assert any("+" in json.dumps(r["actions"][0]) for r in records)
    assert [result.verdict for result in _audit(records)] == ["ok", "ok"]


def test_a_hand_is_scored_alike_by_both_scorers() -> None:
    # As the golden case works it: North and South bid 4 + 7 and take 13, 110 + 2; North-east's
    # nil is made (100) beside South-west's 1 set (-10); East-West -20; South-east-North-west -30.
    bids: dict[str, object] = {
        "N": 4, "NE": "nil", "E": 1, "SE": 2, "S": 7, "SW": 1, "W": 1, "NW": 1,
    }  # fmt: skip
    tricks = {"N": 1, "NE": 0, "E": 0, "SE": 0, "S": 12, "SW": 0, "W": 0, "NW": 0}
    sheet = score_hand(EIGHT.rules, bids, tricks).sides
    assert {side: sheet[side].hand_points for side in sheet} == {
        "N-S": 112, "NE-SW": 90, "E-W": -20, "SE-NW": -30,
    }  # fmt: skip
    for side in sheet:
        assert hand_math.score_side(EIGHT.rules, side, bids, tricks, 0, 0) == sheet[side].to_json()


@pytest.mark.parametrize("variant", ["six-partnerships", "eight-partnerships"])
def test_a_whole_game_is_played_from_the_command_line(variant: str) -> None:
    result = run_cli("play", "--variant", variant, "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "won by" in result.stdout and "NE-SW" in result.stdout


HOUSE = """\
extends: standard
id: six-in-threes
title: Six in threes
revision: 1
summary: Six players in two sides of three.
sources:
  - {key: home, title: Our table's own rules, url: "https://example.org/our-rules"}
rules:
  deck:
    cards: {value: mega-78, cite: [{source: home, section: pack}]}
  table:
    players: {value: 6, cite: [{source: home, section: table}]}
    sides: {value: individual, cite: [{source: home, section: table}]}
"""


def test_six_each_alone_is_refused_naming_the_rule(tmp_path: Path) -> None:
    house = tmp_path / "six-in-threes.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    result = run_cli("play", "--variant", str(house), "--seed", "1")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "six or eight players play in partnerships" in result.stderr
    assert "six-in-threes.yaml" in result.stderr


def test_a_mega_card_outside_the_pack_is_refused_by_name(tmp_path: Path) -> None:
    house = tmp_path / "six-in-threes.yaml"
    text = HOUSE.replace("individual", "partnerships").replace(
        "    cards: {value: mega-78, cite: [{source: home, section: pack}]}",
        "    cards: {value: mega-78, cite: [{source: home, section: pack}]}\n"
        "    removed: {value: [9S+, 2C], cite: [{source: home, section: pack}]}",
    )
    house.write_text(text, encoding="utf-8")
    result = run_cli("play", "--variant", str(house), "--seed", "1")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "'9S+'" in result.stderr and "mega-78" in result.stderr


@pytest.mark.parametrize("name", ["case.schema.json", "game-record.schema.json"])
def test_the_schemas_take_the_six_and_eight_seat_forms(name: str) -> None:
    sides = schema_def(name, "sideInts")
    six = {"N-S": 0, "NE-SW": 0, "SE-NW": 0}
    assert sides.is_valid(six) and sides.is_valid({**six, "E-W": 0})
    assert not sides.is_valid({**six, "N": 0})  # a spoiler beside pairs of six
    assert not sides.is_valid({"N-S": 0, "NE-SW": 0})  # SE-NW missing
    assert sides.is_valid({"N": 0, "NE-SW": 0, "SE-NW": 0})  # the spoiler's five, as before
    deal = schema_def(name, "dealHands")
    six_seats = ["N", "NE", "SE", "S", "SW", "NW"]
    assert deal.is_valid({seat: ["7S+"] for seat in six_seats})
    assert deal.is_valid({seat: ["2C"] for seat in [*six_seats, "E", "W"]})
    assert not deal.is_valid({seat: ["2C"] for seat in [*six_seats, "E"]})  # W missing at eight
    assert not deal.is_valid({seat: ["7S++"] for seat in six_seats})


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        ("six-partnerships", "Partners sit opposite, North with South, North-east with "
         "South-west and South-east with North-west."),
        ("eight-partnerships", "Partners sit opposite, North with South, North-east with "
         "South-west, East with West and South-east with North-west."),
        ("seven-with-spoiler", "North plays alone as the spoiler against three partnerships, "
         "North-east with South-west, East with West and South-east with North-west."),
        ("standard", "Partners sit opposite, North and South against East and West."),
    ],
)  # fmt: skip
def test_each_ruleset_page_names_the_pairs_its_table_seats(variant: str, said: str) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "rules" / f"{variant}.md").read_text(
        encoding="utf-8"
    )
    assert said in " ".join(page.split())
