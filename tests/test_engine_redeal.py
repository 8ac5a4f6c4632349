"""Thrown-in deals (`deal.redeal_spades_below`, `deal.redeal_no_face_card`): a deal that leaves
a hand in play with fewer spades than the house asks for (a top trump counting as a spade), or
where the house says so without a jack, queen or king, is thrown in before anyone bids; nothing
is scored and the same dealer deals again. Every deal below is counted by hand."""

from __future__ import annotations

import dataclasses

import pytest

from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.cards import CARD_TEXT, cards_in
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.game_phases.state import Phase
from spadespec.reference_engine.pack import pack_of
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


# Face cards (`deal.redeal_no_face_card`). East holds four aces and no jack, queen or king.
FACELESS = "N:K87.K87.K876.K76 AT9.AT9.AT9.AT98 Q65.Q654.Q54.Q54 J432.J32.J32.J32"
# East holds one face card, the king of clubs, and two spades.
ONE_KING = "N:K87.K87.K876.876 AT.AT9.AT9.AKT92 Q65.Q654.Q54.Q54 J9432.J32.J32.J3"


def faceless_rules(on: bool) -> Rules:
    deficient = load_variant("redeal-deficient").rules
    return dataclasses.replace(
        deficient, deal=dataclasses.replace(deficient.deal, redeal_no_face_card=on)
    )


def test_a_hand_of_aces_without_a_face_card_throws_the_deal_in() -> None:
    game = Game.new(faceless_rules(True), dealer="N", scores={"NS": 60, "EW": 150})
    game.deal(FACELESS)
    assert (game.phase, game.dealer, game.totals) == (Phase.DEAL, Seat.N, {"NS": 60, "EW": 150})
    game.deal(ONE_KING)
    assert (game.phase, game.dealer, game.to_act) == (Phase.BID, Seat.N, Seat.E)


def test_without_the_rule_a_faceless_hand_is_bid() -> None:
    game = Game.new(faceless_rules(False), dealer="N")
    game.deal(FACELESS)
    assert (game.phase, game.to_act) == (Phase.BID, Seat.E)


def test_a_joker_is_no_face_card() -> None:
    jokers = load_variant("pagat-jokers").rules
    rules = dataclasses.replace(
        jokers, deal=dataclasses.replace(jokers.deal, redeal_no_face_card=True)
    )
    # West holds both jokers, the ace of spades and ten low cards, but no jack, queen or king.
    west = ["BJ", "LJ", "AS", "AH", "TH", "9H", "AD", "TD", "9D", "AC", "TC", "9C", "8C"]
    pack = [CARD_TEXT[card] for card in cards_in(pack_of(rules).cards)]
    rest = [card for card in pack if card not in west]
    hands = {"N": rest[0::3], "E": rest[1::3], "S": rest[2::3], "W": west}
    assert all(len(cards) == 13 for cards in hands.values())
    assert all(any(c[0] in "JQK" for c in hands[s]) for s in "NES")  # the others hold faces
    game = Game.new(rules, dealer="N")
    game.deal(hands)
    assert game.phase is Phase.DEAL
