"""A deficient hand's holder's choice (`deal.redeal_by: holder`): where a deal would be thrown
in, each holder of a deficient hand, in turn from the dealer's left and before anyone bids,
calls the redeal or keeps the hand; the first call throws the deal in, unscored, and the same
dealer deals again. The deals are those of test_engine_redeal.py, counted by hand there."""

from __future__ import annotations

import dataclasses

import pytest

from spadespec.conformance.analysis.fuzz.records import _thrown_in
from spadespec.conformance.contract.engines.observables import legal, to_act
from spadespec.reference_engine.actions import Redeal, action_from_json
from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.game_phases.state import Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import RedealBy

CHOICE = load_variant("redeal-by-choice").rules
# Under redeal-no-spades, with the holders choosing: a hand without a spade is deficient.
SPADELESS_CHOICE = dataclasses.replace(
    load_variant("redeal-no-spades").rules,
    deal=dataclasses.replace(
        load_variant("redeal-no-spades").rules.deal, redeal_by=RedealBy.HOLDER
    ),
)

# East and South hold no spade; North and West hold four and three.
SPADELESS = "N:QJT98765432...AK .98765.9876.8765 .AKQJT.AKQJT.432 AK.432.5432.QJT9"
# Every hand holds three spades or more.
SPADES_EACH = "N:AKQ.AKQ.AKQJ.AKQ JT9.JT98.T98765. 8765.765.432.432 432.432..JT98765"


def spadeless_game() -> Game:
    game = Game.new(
        SPADELESS_CHOICE, dealer="W", scores={"NS": 40, "EW": -20}, bags={"NS": 2, "EW": 5}
    )
    game.deal(SPADELESS)
    return game


def test_the_first_deficient_hand_from_the_dealers_left_chooses_before_any_bid() -> None:
    game = spadeless_game()
    # West deals: North, on West's left, holds spades; East is the first deficient hand.
    assert (game.phase, game.to_act) == (Phase.REDEAL, Seat.E)
    assert game.legal_actions() == (Redeal(Seat.E, True), Redeal(Seat.E, False))
    assert legal(game) == [True, False]
    assert to_act(game) == {"phase": "redeal", "seat": "E"}
    with pytest.raises(IllegalActionError) as refused:
        game.bid("E", 3)
    assert refused.value.reason is ReasonCode.WRONG_PHASE
    with pytest.raises(IllegalActionError) as refused:
        game.redeal("S", True)  # South's hand is deficient too, but East answers first
    assert refused.value.reason is ReasonCode.NOT_YOUR_TURN


def test_when_every_holder_keeps_the_hand_the_bidding_opens() -> None:
    game = spadeless_game()
    game.redeal("E", False)
    assert (game.phase, game.to_act) == (Phase.REDEAL, Seat.S)
    game.redeal("S", False)
    assert (game.phase, game.to_act) == (Phase.BID, Seat.N)
    assert (game.totals, game.bags) == ({"NS": 40, "EW": -20}, {"NS": 2, "EW": 5})


def test_the_first_call_throws_the_deal_in_and_nobody_after_is_asked() -> None:
    game = spadeless_game()
    game.redeal("E", True)
    assert (game.phase, game.dealer, game.to_act) == (Phase.DEAL, Seat.W, None)
    assert (game.totals, game.hands_played, game.hand_results) == (
        {"NS": 40, "EW": -20}, 0, [],
    )  # fmt: skip
    with pytest.raises(IllegalActionError) as refused:
        game.redeal("S", True)
    assert refused.value.reason is ReasonCode.WRONG_PHASE
    game.deal(SPADES_EACH)  # no hand is deficient: nobody is asked
    assert (game.phase, game.dealer, game.to_act) == (Phase.BID, Seat.W, Seat.N)


def test_a_deal_that_leaves_no_deficient_hand_asks_nobody() -> None:
    # Each hand holds two spades or more and a face card (East exactly two, and one king).
    game = Game.new(CHOICE, dealer="N")
    game.deal("N:K87.K87.K876.876 AT.AT9.AT9.AKT92 Q65.Q654.Q54.Q54 J9432.J32.J32.J3")
    assert (game.phase, game.to_act) == (Phase.BID, Seat.E)


def test_the_calls_are_written_in_the_log_and_replay() -> None:
    game = spadeless_game()
    game.redeal("E", False)
    game.redeal("S", True)
    game.deal(SPADES_EACH)
    saved = game.to_json()
    assert [entry["action"] for entry in saved["log"]] == ["deal", "redeal", "redeal", "deal"]
    assert saved["log"][1:3] == [
        {"action": "redeal", "seat": "E", "call": False},
        {"action": "redeal", "seat": "S", "call": True},
    ]
    again = Game.replay(SPADELESS_CHOICE, saved["setup"], saved["log"])
    assert (again.phase, again.to_act, again.totals) == (Phase.BID, Seat.N, game.totals)


@pytest.mark.parametrize("call", ["yes", 1, None])
def test_a_call_that_is_not_true_or_false_is_malformed(call: object) -> None:
    with pytest.raises(InvalidActionError) as refused:
        action_from_json({"action": "redeal", "seat": "E", "call": call})
    assert refused.value.reason is ReasonCode.MALFORMED_ACTION


def test_a_record_counts_a_deal_a_holder_threw_in_as_no_hand() -> None:
    log = [
        {"action": "deal", "hands": SPADELESS},
        {"action": "redeal", "seat": "E", "call": False},
        {"action": "redeal", "seat": "S", "call": True},
        {"action": "deal", "hands": SPADELESS},
        {"action": "redeal", "seat": "E", "call": False},
        {"action": "redeal", "seat": "S", "call": False},
        {"action": "bid", "seat": "N", "bid": 3},
    ]
    assert _thrown_in(log) == {0}
    assert _thrown_in(log[:3], ended=True) == {0}  # a deal is asked for next
    assert _thrown_in(log[:2], ended=True) == set()  # South has still to choose


def test_bots_choose_both_ways_and_every_game_replays() -> None:
    calls: set[bool] = set()
    for seed in range(4):
        result = play_game(CHOICE, kind="random", seed=seed, max_hands=6)
        game = result.game
        saved = game.to_json()
        calls |= {entry["call"] for entry in saved["log"] if entry["action"] == "redeal"}
        again = Game.replay(CHOICE, saved["setup"], saved["log"])
        assert (again.totals, again.hands_played) == (game.totals, game.hands_played)
    assert calls == {True, False}
