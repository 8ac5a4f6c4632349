"""Two players drawing their hands: the seats, the half of the pack out of play, a deal of the
two drawn hands taken and one of the whole pack refused, the reference engine's own deal, the
bots, the independent scorer, and a whole game from the command line."""

from __future__ import annotations

import pytest
from _cli import run_cli

from spadespec.conformance.machinery.authoring import hand_math
from spadespec.reference_engine.cards import CARD_TEXT, cards_in
from spadespec.reference_engine.deal import deal_from_seed
from spadespec.reference_engine.errors import InvalidActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant

TWO = load_variant("two-handed")
SPADES_AND_CLUBS = [r + s for s in "SC" for r in "AKQJT98"][:13]
HEARTS_AND_DIAMONDS = [r + s for s in "HD" for r in "AKQJT98"][:13]


def test_two_sit_north_and_south_each_the_others_left() -> None:
    table = table_of(TWO.rules)
    assert [seat.name for seat in table.seats] == ["N", "S"]
    assert table.left[Seat.N] is Seat.S and table.left[Seat.S] is Seat.N
    assert table.left[Seat.E] is None and table.left[Seat.W] is None
    assert table.sides == ("N", "S") and not table.partnerships
    # 13 each, 26 out of play
    assert table.cards_per_hand == 13 and table.set_aside == 26 and table.drawn
    assert hand_math.tricks_in_hand(TWO.rules) == 13


def test_the_two_drawn_hands_are_taken_and_the_rest_is_out_of_play() -> None:
    game = Game.new(TWO.rules, dealer="N")
    game.apply({"action": "deal", "hands": {"N": SPADES_AND_CLUBS, "S": HEARTS_AND_DIAMONDS}})
    assert game.to_act is Seat.S  # the player who did not deal bids first
    assert len(list(cards_in(game.hands[Seat.N]))) == 13


def test_a_deal_of_the_whole_pack_between_two_is_refused() -> None:
    game = Game.new(TWO.rules, dealer="N")
    whole = [CARD_TEXT[c] for c in range(52)]
    with pytest.raises(InvalidActionError) as refused:
        game.apply({"action": "deal", "hands": {"N": whole[:26], "S": whole[26:]}})
    assert refused.value.reason is ReasonCode.BAD_DEAL


def test_the_engines_own_deal_is_thirteen_each_and_changes_with_the_seed() -> None:
    pack, table = pack_of(TWO.rules), table_of(TWO.rules)
    seen = set()
    for seed in range(5):
        hands = deal_from_seed(seed, pack, table, Seat.N)
        north, south = hands[Seat.N], hands[Seat.S]
        assert north.bit_count() == south.bit_count() == 13 and not north & south
        assert hands[Seat.E] == hands[Seat.W] == 0
        seen.add(north)
    assert len(seen) == 5


def test_both_scorers_score_each_player_alone() -> None:
    bids: dict[str, object] = {"N": 6, "S": "nil"}
    tricks = {"N": 11, "S": 2}
    scored = {
        side: line.to_json() for side, line in score_hand(TWO.rules, bids, tricks).sides.items()
    }
    # North: 60 and 5 overtricks; South: the nil fails, -100, and its 2 tricks are overtricks
    assert scored["N"]["hand_points"] == 65 and scored["S"]["hand_points"] == -98
    for side in ("N", "S"):
        assert hand_math.score_side(TWO.rules, side, bids, tricks, 0, 0) == scored[side]


def test_a_whole_game_is_played_from_the_command_line() -> None:
    result = run_cli("play", "--variant", "two-handed", "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "won by" in result.stdout
