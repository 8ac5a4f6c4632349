"""Thrown-in deals (`deal.redeal_spades_below`): a deal that leaves a hand in play with fewer
spades than the house asks for (a top trump counting as a spade) is thrown in before anyone
bids; nothing is scored and the same dealer deals again. Every deal below is counted by hand."""

from __future__ import annotations

import dataclasses

import pytest

from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.game_phases.state import Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import Rules

REDEAL = load_variant("redeal-no-spades").rules

# East and South hold no spade.
SPADELESS = "N:QJT98765432...AK .98765.9876.8765 .AKQJT.AKQJT.432 AK.432.5432.QJT9"
# North holds one spade, the others four each.
ONE_SPADE = "N:A.AKQJ.AKQJ.AKQJ KQJT.T98.T98.T98 9876.765.765.765 5432.432.432.432"
# Every hand holds three spades or more.
SPADES_EACH = "N:AKQ.AKQ.AKQJ.AKQ JT9.JT98.T98765. 8765.765.432.432 432.432..JT98765"


def below(count: int | None) -> Rules:
    return dataclasses.replace(
        REDEAL, deal=dataclasses.replace(REDEAL.deal, redeal_spades_below=count)
    )


def test_a_hand_without_spades_throws_the_deal_in() -> None:
    game = Game.new(REDEAL, dealer="W", scores={"NS": 40, "EW": -20}, bags={"NS": 2, "EW": 5})
    game.deal(SPADELESS)
    assert (game.phase, game.dealer, game.to_act) == (Phase.DEAL, Seat.W, None)
    assert (game.totals, game.bags) == ({"NS": 40, "EW": -20}, {"NS": 2, "EW": 5})
    assert (game.hands_played, game.hand_results) == (0, [])
    with pytest.raises(IllegalActionError) as refused:
        game.bid("N", 3)
    assert refused.value.reason is ReasonCode.WRONG_PHASE


def test_the_same_dealer_deals_again_and_the_left_hand_bids() -> None:
    game = Game.new(REDEAL, dealer="W")
    game.deal(SPADELESS)
    game.deal(SPADES_EACH)
    assert (game.phase, game.dealer, game.to_act) == (Phase.BID, Seat.W, Seat.N)


def test_one_spade_keeps_the_deal_unless_the_house_asks_for_two() -> None:
    game = Game.new(REDEAL, dealer="N")
    game.deal(ONE_SPADE)
    assert game.phase is Phase.BID
    game = Game.new(below(2), dealer="N")
    game.deal(ONE_SPADE)
    assert game.phase is Phase.DEAL


def test_without_the_rule_a_spadeless_hand_is_bid() -> None:
    game = Game.new(below(None), dealer="N")
    game.deal(SPADELESS)
    assert (game.phase, game.to_act) == (Phase.BID, Seat.E)


def test_a_thrown_in_deal_replays_from_the_log() -> None:
    game = Game.new(REDEAL, dealer="S")
    game.deal(SPADELESS)
    game.deal(SPADES_EACH)
    saved = game.to_json()
    again = Game.replay(REDEAL, saved["setup"], saved["log"])
    assert (again.phase, again.dealer, again.to_act) == (Phase.BID, Seat.S, Seat.W)


def test_bots_deal_again_until_the_deal_stands() -> None:
    """Seed 7 plays one thrown-in deal: one more deal in the log than hands scored."""
    game = play_game(load_variant("redeal-no-spades"), "sensible", 7).game
    deals = [a for a in game.to_json()["log"] if a["action"] == "deal"]
    assert len(deals) == len(game.hand_results) + 1
