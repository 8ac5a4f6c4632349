"""A game from an engine's own deals written as a game record (`fuzz/records.py`) where the
rules threw a deal in: the thrown-in deal is no hand of the record, as the audit counts hands."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from spadespec.conformance.analysis.fuzz.games import BadDeal
from spadespec.conformance.analysis.fuzz.records import game_record

REF: Any = {"id": "redeal-no-spades", "options": {}}
DEAL = {"action": "deal", "hands": "N:... (the cards do not matter here)"}
BID = {"action": "bid", "seat": "E", "bid": 3}
PLAY = {"action": "play", "seat": "E", "card": "AS"}


def _record(actions: list[Any], answers: dict[str, Any], bad: BadDeal | None = None) -> Any:
    game: Any = SimpleNamespace(actions=actions, setup={"dealer": "N"}, bad_deal=bad)
    return game_record(REF, game, answers, meta={})


def test_the_trick_winners_of_a_thrown_in_deal_are_no_hand() -> None:
    # Hand 1 thrown in, dealt again and played (E took two tricks, N one, in a log cut short),
    # then hand 2 dealt, no trick taken yet.
    actions = [DEAL, DEAL, BID, PLAY, DEAL]
    winners = [[], ["E", "N", "E"], []]
    record = _record(actions, {"trick_winners": winners})
    assert record["hands"] == [{"tricks": {"E": 2, "N": 1}}, {"tricks": {}}]


def test_a_bad_deal_after_a_thrown_in_deal_is_the_same_hand() -> None:
    # Hand 1 played, hand 2 dealt and thrown in: the engine's next deal deals hand 2 again, so
    # the dealer it names is hand 2's.
    actions = [DEAL, BID, PLAY, DEAL]
    bad = BadDeal(len(actions), "a card twice", {"dealer": "W", "deal": "N:..."})
    record = _record(actions, {"trick_winners": [["E"], []]}, bad)
    assert [hand.get("dealer") for hand in record["hands"]] == [None, "W"]
    assert record["actions"][-1] == {"action": "deal", "hands": "N:..."}


def test_a_bad_deal_after_a_played_hand_is_the_next_hand() -> None:
    actions = [DEAL, BID, PLAY]
    bad = BadDeal(len(actions), "a card twice", {"dealer": "E", "deal": "N:..."})
    record = _record(actions, {"trick_winners": [["E"]]}, bad)
    assert [hand.get("dealer") for hand in record["hands"]] == [None, "E"]
