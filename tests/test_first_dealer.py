"""`deal.first_dealer`: at random, or by the highest card drawn (a tie of rank going to the
higher suit, spades first), with the draw shown in `spadespec play`'s sheet and game and in
a game record; a ruleset that chooses at random plays exactly as it did."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.conformance.analysis.audit.recording import record_game
from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.rules_of_play.turns import dealer_by_high_card
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import FirstDealer, Rules

HIGH_CARD_FILE = """\
extends: standard
id: drawn-for-deal
title: Drawn for the deal
revision: 1
summary: Standard Spades with the first dealer drawn by high card.
rules:
  deal:
    first_dealer:
      value: high-card
      interpretation:
        question: Who deals first?
        choice: Whoever draws the highest card.
        why: The household draws for the deal.
        alternative: A dealer chosen at random.
"""


class StackedPack(random.Random):
    """A shuffle that puts the given cards on top, in order, for the players to draw."""

    def __init__(self, *top: str) -> None:
        super().__init__(0)
        self.top = [parse_card(card) for card in top]

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]  # a list of cards only
        x[:] = self.top + [card for card in x if card not in self.top]


def high_card_rules(players: int = 4) -> Rules:
    rules = load_variant("standard" if players == 4 else "cutthroat").rules
    return replace(rules, deal=replace(rules.deal, first_dealer=FirstDealer.HIGH_CARD))


def highest(drawn: dict[str, str]) -> str:
    """The seat holding the highest of `drawn`, worked from the card texts alone."""
    order = "23456789TJQKA"
    return max(drawn, key=lambda seat: (order.index(drawn[seat][0]), "CDHS".index(drawn[seat][1])))


def test_high_card_the_highest_card_drawn_deals() -> None:
    first = dealer_by_high_card(table_of(high_card_rules()), StackedPack("7H", "KD", "2S", "AC"))
    assert first.dealer is Seat.W
    assert first.drawn_json() == {"N": "7H", "E": "KD", "S": "2S", "W": "AC"}


def test_high_card_a_tie_of_rank_goes_to_the_higher_suit() -> None:
    table = table_of(high_card_rules())
    assert dealer_by_high_card(table, StackedPack("KH", "KD", "KS", "KC")).dealer is Seat.S
    assert dealer_by_high_card(table, StackedPack("QC", "QD", "3S", "QH")).dealer is Seat.W


def test_high_card_at_a_table_of_three_only_the_seats_in_play_draw() -> None:
    first = dealer_by_high_card(table_of(high_card_rules(3)), StackedPack("4D", "9C", "8S", "AS"))
    assert first.dealer is Seat.E and first.drawn_json() == {"N": "4D", "E": "9C", "S": "8S"}


@pytest.mark.parametrize("seed", range(8))
def test_high_card_a_game_is_first_dealt_by_the_highest_card_drawn(seed: int) -> None:
    dealers: list[str] = []
    result = play_game(high_card_rules(), seed=seed, max_hands=1, on_deal=dealers.append)
    drawn = result.first_deal.drawn_json()
    assert sorted(drawn) == ["E", "N", "S", "W"] and len(set(drawn.values())) == 4
    assert dealers == [highest(drawn)] == [result.game.setup["dealer"]]
    again = play_game(high_card_rules(), seed=seed, max_hands=1)
    assert again.first_deal == result.first_deal  # the game's seed fixes the draw


def test_high_card_play_shows_the_draw_in_the_sheet_and_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "drawn-for-deal.yaml"
    path.write_text(HIGH_CARD_FILE)
    assert main(["play", "--variant", str(path), "--seed", "7", "--max-hands", "2", "--json"]) == 0
    game = json.loads(capsys.readouterr().out)
    drawn = game["first_deal_drawn"]
    assert game["setup"]["dealer"] == highest(drawn)
    assert main(["play", "--variant", str(path), "--seed", "7", "--max-hands", "2"]) == 0
    sheet = capsys.readouterr().out.splitlines()
    cards = ", ".join(f"{seat} {card}" for seat, card in drawn.items())
    line = f"drawn for the first deal: {cards}; {highest(drawn)} holds the highest and deals"
    assert sheet[1] == line
    first_hand = sheet[5].split()
    assert first_hand[:2] == ["1", highest(drawn)]


def test_high_card_a_game_record_keeps_the_draw() -> None:
    variant = load_variant("standard")
    drawn_variant = replace(variant, rules=high_card_rules())
    record = record_game(drawn_variant, 5, max_hands=1)
    drawn = record["meta"]["first_deal_drawn"]
    assert record["setup"]["dealer"] == highest(drawn) == record["hands"][0]["dealer"]


def test_random_the_game_shows_no_draw(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--variant", "standard", "--seed", "7", "--max-hands", "1", "--json"]) == 0
    assert "first_deal_drawn" not in json.loads(capsys.readouterr().out)
    record = record_game(load_variant("standard"), 5, max_hands=1)
    assert record["meta"] == {"seed": 5, "bots": "sensible"}
