"""Replaying a game log through the reference engine, hand by hand, for pictures and examples."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TrickRecord:
    """One trick as played: who led, each card in order as (seat, card text), who won."""

    leader: str
    cards: tuple[tuple[str, str], ...]
    winner: str


@dataclass(frozen=True)
class HandRecord:
    """One hand: the dealer, the cards each seat was dealt, the bids, the tricks, the score."""

    number: int
    dealer: str
    seats: tuple[str, ...]
    """The seats in play, clockwise from North: N, E, S (and W at a four-player table); N, NE,
    SE, SW, NW at five."""
    dealt: dict[str, list[str]]
    """Seat -> the cards it was dealt, as text."""
    top_trumps: tuple[str, ...]
    """The cards above the ace of spades, highest first; they are held and played as spades."""
    bids: dict[str, Any]
    tricks: tuple[TrickRecord, ...]
    score: Any | None  # HandScore once the hand is finished


def _cards_of(mask: int) -> list[str]:
    from spadespec.reference_engine.cards import CARD_TEXT, cards_in

    return [CARD_TEXT[c] for c in cards_in(mask)]


def _snapshot(game: Any, number: int, dealer: str) -> HandRecord:
    table = game.table
    finished = len(game.completed_tricks) == table.cards_per_hand and game.hand_results
    return HandRecord(
        number=number,
        dealer=dealer,
        seats=tuple(seat.name for seat in table.seats),
        dealt={seat.name: _cards_of(game.dealt[seat]) for seat in table.seats},
        top_trumps=tuple(game.rules.deck.top_trumps),
        bids={
            str(seat.name if hasattr(seat, "name") else seat): bid
            for seat, bid in game.bids.items()
        },
        tricks=tuple(
            TrickRecord(
                leader=t.leader.name,
                cards=tuple((seat.name, _card_text(card)) for seat, card in t.cards),
                winner=t.winner.name,
            )
            for t in game.completed_tricks
        ),
        score=game.hand_results[-1] if finished else None,
    )


def _card_text(card: int) -> str:
    from spadespec.reference_engine.cards import CARD_TEXT

    return CARD_TEXT[card]


def replay_hands(
    variant: Any, setup: Mapping[str, Any] | None, log: Sequence[Mapping[str, Any]]
) -> list[HandRecord]:
    """Every hand the log deals, replayed by the engine, in order."""
    from spadespec.reference_engine.actions import action_from_json
    from spadespec.reference_engine.game import Game

    setup = dict(setup or {})
    game = Game.new(
        variant,
        dealer=setup.get("dealer", "N"),
        scores=setup.get("scores"),
        bags=setup.get("bags"),
        hands_played=setup.get("hands_played", 0),
    )
    hands: list[HandRecord] = []
    dealer = None
    for entry in log:
        action = action_from_json(entry)
        if entry.get("action") == "deal":
            if dealer is not None:
                hands.append(_snapshot(game, len(hands) + 1, dealer))
            dealer = game.dealer.name
        game.apply(action)
    if dealer is not None:
        hands.append(_snapshot(game, len(hands) + 1, dealer))
    return hands


def seeded_game(variant: Any, seed: int, kind: str = "sensible") -> tuple[Any, list[HandRecord]]:
    """A whole game between bots, fixed by its seed, and its hands replayed from the log."""
    from spadespec.reference_engine.bots.table import play_game

    result = play_game(variant, kind=kind, seed=seed)
    saved = result.game.to_json()
    return result, replay_hands(variant, saved["setup"], saved["log"])
