"""A game is its log: saved, read back and replayed, it is the same game."""

import json

import pytest
from _engine_positions import STANDARD

from reference_engine.actions import Bid, Deal, Play, action_from_json
from reference_engine.errors import IllegalActionError, InvalidActionError
from reference_engine.game import Game, Phase
from reference_engine.reason_codes import ReasonCode


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
