"""A game is its log: saved, read back and replayed, it is the same game."""

import json

import pytest
from _engine_positions import STANDARD, cards, play_lowest, rules_with

from spadespec.reference_engine.actions import Bid, Deal, Pass, Play, action_from_json
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat


def first_hand(seed=11):
    game = Game.new(STANDARD, dealer="S", scores={"NS": 40, "EW": -20}, bags={"NS": 3, "EW": 9})
    game.deal(seed=seed)
    for _ in range(4):
        game.bid(game.to_act, 3)
    for _ in range(52):
        legal = game.legal_plays()
        game.play(game.to_act, legal.bit_length() - 1)  # highest legal card
    return game


def test_replay_reproduces_every_figure():
    game = first_hand()
    saved = json.loads(json.dumps(game.to_json()))
    again = Game.replay(STANDARD, saved["setup"], saved["log"])
    assert again.to_json() == saved
    assert (again.totals, again.bags, again.dealer, again.hand_number, again.phase) == (
        game.totals,
        game.bags,
        game.dealer,
        game.hand_number,
        game.phase,
    )
    assert again.hand_results == game.hand_results
    assert again.completed_tricks == game.completed_tricks


def test_log_is_in_canonical_form():
    saved = first_hand().to_json()
    assert saved["setup"] == {
        "dealer": "S",
        "scores": {"NS": 40, "EW": -20},
        "bags": {"NS": 3, "EW": 9},
    }
    kinds = [entry["action"] for entry in saved["log"]]
    assert kinds == ["deal"] + ["bid"] * 4 + ["play"] * 52
    assert saved["log"][0]["hands"].startswith("N:")
    assert saved["log"][1] == {"action": "bid", "seat": "W", "bid": 3}
    assert set(saved["log"][5]) == {"action", "seat", "card"}


def test_replay_names_the_index_of_a_refused_action():
    log = first_hand().to_json()["log"][:7]
    log[6] = dict(log[6], seat="S")  # W led, N is due to play: S plays out of turn
    with pytest.raises(IllegalActionError) as err:
        Game.replay(STANDARD, {"dealer": "S"}, log)
    assert err.value.index == 6 and err.value.reason is ReasonCode.NOT_YOUR_TURN
    assert "action 6" in str(err.value)


def test_replay_names_the_index_of_a_malformed_action():
    log = first_hand().to_json()["log"][:3] + [{"action": "bid", "seat": "E"}]
    with pytest.raises(InvalidActionError) as err:
        Game.replay(STANDARD, {"dealer": "S"}, log)
    assert err.value.index == 3 and "missing bid" in str(err.value)


def test_actions_read_back_from_json():
    assert action_from_json({"action": "play", "seat": "E", "card": "10D"}) == Play(1, 21)
    assert action_from_json({"action": "bid", "seat": "W", "bid": "nil"}) == Bid(3, "nil")
    deal = Game.new(STANDARD).deal(seed=2)
    assert action_from_json(deal.to_json()) == deal and isinstance(deal, Deal)


def test_apply_takes_records_or_json_and_returns_the_record():
    game = Game.new(STANDARD, dealer="N")
    record = game.apply(
        {"action": "deal", "hands": Game.new(STANDARD).deal(seed=5).to_json()["hands"]}
    )
    assert game.log == [record] and game.phase is Phase.BID
    bid = game.apply(Bid(game.to_act, 4))
    assert game.log[-1] is bid and game.bids == {bid.seat: 4}
    assert not game.can(Bid(bid.seat, 4))


# --- house-rule logs -------------------------------------------------------------------------

BLIND = rules_with(
    bidding__blind_nil="allowed",
    bidding__blind_nil_exchange=2,
    scoring__blind_nil_bonus=200,
    scoring__blind_nil_penalty=200,
)
THREE = rules_with(
    table__players=3, table__sides="individual", deck__removed=["2C"], bidding__max_bid=17
)


def exchanged_hand():
    """Dealer W; E bids blind nil; W passes two cards to E and E two back; play one trick."""
    game = Game.new(BLIND, dealer="W", scores={"NS": 10, "EW": -40}, hands_played=3)
    game.deal(seed=21)
    for bid in (4, "blind-nil", 3, 2):
        game.bid(game.to_act, bid)
    game.pass_cards("W", game.legal_passes()[0].cards)
    game.pass_cards("E", game.legal_passes()[-1].cards)
    play_lowest(game, 4)
    return game


def test_a_blind_nil_exchange_is_logged_and_replayed():
    game = exchanged_hand()
    saved = json.loads(json.dumps(game.to_json()))
    assert saved["setup"]["hands_played"] == 3
    kinds = [entry["action"] for entry in saved["log"]]
    assert kinds == ["deal"] + ["bid"] * 4 + ["pass"] * 2 + ["play"] * 4
    assert saved["log"][2] == {"action": "bid", "seat": "E", "bid": "blind-nil"}
    passed = saved["log"][5]
    assert set(passed) == {"action", "seat", "cards"} and passed["seat"] == "W"
    assert len(passed["cards"]) == 2
    again = Game.replay(BLIND, saved["setup"], saved["log"])
    assert again.to_json() == saved
    assert (again.hands, again.passes, again.hand_number) == (game.hands, game.passes, 4)


def test_pass_records_read_back_from_json():
    record = action_from_json({"action": "pass", "seat": "S", "cards": ["AS", "kd"]})
    assert record == Pass(Seat.S, cards("AS", "KD"))
    assert record.to_json() == {"action": "pass", "seat": "S", "cards": ["AS", "KD"]}
    with pytest.raises(InvalidActionError) as err:
        action_from_json({"action": "pass", "seat": "S", "cards": "AS KD"})
    assert err.value.reason is ReasonCode.MALFORMED_ACTION
    with pytest.raises(InvalidActionError) as err:
        action_from_json({"action": "pass", "seat": "S", "cards": ["AS", "ZZ"]})
    assert err.value.reason is ReasonCode.UNKNOWN_CARD


def test_a_three_player_deal_is_logged_as_each_seats_cards():
    game = Game.new(THREE, dealer="E")
    record = game.deal(seed=8)
    written = record.to_json()["hands"]
    assert set(written) == {"N", "E", "S"} and all(len(c) == 17 for c in written.values())
    # Cards high to low by card number: the first is the highest held.
    north = written["N"]
    numbers = [parse_card(text) for text in north]
    assert numbers == sorted(numbers, reverse=True)
    assert action_from_json(record.to_json()) == record
    again = Game.replay(THREE, game.to_json()["setup"], game.to_json()["log"])
    assert again.hands == game.hands and again.to_act is game.to_act


def test_a_pbn_deal_is_refused_at_a_three_player_table():
    pbn = Game.new(STANDARD).deal(seed=2).to_json()
    with pytest.raises(IllegalActionError) as err:
        Game.replay(THREE, {"dealer": "N"}, [pbn])
    assert err.value.reason is ReasonCode.BAD_DEAL and err.value.index == 0
