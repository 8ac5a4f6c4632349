"""Clause tests for `bidding.nil_exchange`: where a seen nil opens the exchange a blind nil
opens (`seen-too`), a side with exactly one nil bidder, seen or blind, trades cards, the nil
bidder passing first or second as the exchange order says; a side whose two players both bid
nil trades nothing; where only a blind nil opens it (`blind-only`), a seen nil never does.

The sides that trade are worked out here from the bids alone, not read off the engine.
"""

from __future__ import annotations

from typing import Any

import pytest
from _engine_positions import rules_with
from hypothesis import given, settings
from hypothesis import strategies as st

from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.seats import Seat

NILS = ("nil", "blind-nil")
_EXCHANGE = dict(
    bidding__blind_nil="allowed",
    bidding__blind_nil_exchange=3,
    scoring__blind_nil_bonus=200,
    scoring__blind_nil_penalty=200,
)
SEEN_TOO = {
    order: rules_with(
        **_EXCHANGE, bidding__nil_exchange="seen-too", bidding__blind_nil_exchange_order=order
    )
    for order in ("bidder-first", "partner-first")
}
BLIND_ONLY = rules_with(**_EXCHANGE, bidding__nil_exchange="blind-only")
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
BID = st.sampled_from([2, 3, 4, "nil", "blind-nil"])


def _bid_round(rules: Any, seed: int, bids: list[Any]) -> Game:
    """West deals; North, East, South and West bid `bids` in turn."""
    game = Game.new(rules, dealer="W")
    game.deal(seed=seed)
    for seat, bid in zip("NESW", bids, strict=True):
        game.bid(seat, bid)
    return game


def _passes_due(bids: dict[str, Any], opening: tuple[str, ...], bidder_first: bool) -> list[str]:
    """The passers in order, from the bids: each side in the order its first opening bid was
    made; under `seen-too` (both kinds open) a side of two nils trades nothing."""
    passers: list[str] = []
    done: set[frozenset[str]] = set()
    for seat in "NESW":
        side = frozenset((seat, PARTNER[seat]))
        if bids[seat] not in opening or side in done:
            continue
        done.add(side)
        if opening == NILS and bids[PARTNER[seat]] in NILS:
            continue
        pair = [seat, PARTNER[seat]]
        passers += pair if bidder_first else pair[::-1]
    return passers


def _passers_played(game: Game) -> list[str]:
    """Make every pass the exchange asks for (the first legal one), noting who passed."""
    passers = []
    while game.phase is Phase.PASS:
        seat = game.to_act
        assert seat is not None
        passers.append(seat.name)
        game.apply(game.legal_passes()[0])
    assert game.phase is Phase.PLAY
    return passers


@settings(max_examples=30, deadline=None, database=None)
@given(
    st.integers(0, 2**16),
    st.lists(BID, min_size=4, max_size=4),
    st.sampled_from(sorted(SEEN_TOO)),
)
def test_seen_too_trades_for_each_side_with_one_nil(seed: int, bids: list[Any], order: str):
    game = _bid_round(SEEN_TOO[order], seed, bids)
    expected = _passes_due(dict(zip("NESW", bids, strict=True)), NILS, order == "bidder-first")
    assert _passers_played(game) == expected


@settings(max_examples=30, deadline=None, database=None)
@given(st.integers(0, 2**16), st.lists(BID, min_size=4, max_size=4))
def test_blind_only_never_trades_after_a_seen_nil(seed: int, bids: list[Any]):
    game = _bid_round(BLIND_ONLY, seed, bids)
    by_seat = dict(zip("NESW", bids, strict=True))
    # Blind-only: a side with a blind nil trades, whatever the partner bid (two blind nils
    # too, the first of them passing as the bidder); a seen nil alone opens nothing.
    passers: list[str] = []
    done: set[str] = set()
    for seat in "NESW":
        if by_seat[seat] != "blind-nil" or seat in done:
            continue
        done |= {seat, PARTNER[seat]}
        passers += [PARTNER[seat], seat]  # partner first, standard's order
    assert _passers_played(game) == passers


@pytest.mark.parametrize("order", sorted(SEEN_TOO))
def test_a_seen_nil_hands_over_the_cards_passed(order: str):
    # North 4, East 3, South nil, West 3: South and North trade three cards each way.
    game = _bid_round(SEEN_TOO[order], 3, [4, 3, "nil", 3])
    before = {seat: game.hands[seat] for seat in (Seat.N, Seat.S)}
    sent = {}
    while game.phase is Phase.PASS:
        made = game.apply(game.legal_passes()[-1])
        sent[made.seat] = made.cards
    first, second = (Seat.S, Seat.N) if order == "bidder-first" else (Seat.N, Seat.S)
    assert list(sent) == [first, second]
    assert all(cards.bit_count() == 3 for cards in sent.values())
    # The first passer sends from its own thirteen; the second may send back cards just
    # received. Each ends with thirteen: what it kept, and what it was sent and kept.
    assert game.hands[first] == (before[first] & ~sent[first]) | sent[second]
    assert game.hands[second] == (before[second] | sent[first]) & ~sent[second]
    assert game.hands[first].bit_count() == game.hands[second].bit_count() == 13
