"""What can be seen of a reference `Game` at its present position, in the protocol's canonical
forms: the one place the reference adapter, the served engine and the fuzzer read answers from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reference_engine.actions import Bid
from reference_engine.cards import CARD_TEXT, cards_in
from reference_engine.game import Game, Phase
from reference_engine.scoring.sides import seat_name


def legal(game: Game) -> list[Any]:
    """The legal actions of the player to act: cards in deck order (clubs up to spades, 2 up to
    ace), or bids ascending with nil last."""
    if game.phase is Phase.PLAY:
        return [CARD_TEXT[c] for c in cards_in(game.legal_plays())]
    if game.phase is Phase.BID:
        bids = [a.bid for a in game.legal_actions() if isinstance(a, Bid)]
        numbers = sorted(b for b in bids if isinstance(b, int))
        return numbers + [b for b in bids if not isinstance(b, int)]
    return []


def to_act(game: Game) -> dict[str, Any]:
    """Whose turn it is and at what: the dealer to deal, a seat to bid or play, or nobody."""
    if game.phase is Phase.OVER:
        return {"phase": "over", "seat": None}
    if game.phase is Phase.DEAL:
        return {"phase": "deal", "seat": game.dealer.name}
    assert game.to_act is not None
    return {"phase": str(game.phase), "seat": game.to_act.name}


def hand_sheets(game: Game) -> list[dict[str, Any]]:
    """Every scored hand's itemised sheet, seats as letters whatever the scorer keyed them by."""
    out = []
    for result in game.hand_results:
        data = result.to_json()
        data["bids"] = {seat_name(k): v for k, v in data["bids"].items()}
        data["tricks"] = {seat_name(k): v for k, v in data["tricks"].items()}
        out.append(data)
    return out


def status(game: Game) -> dict[str, Any]:
    """Whether the game goes on, or who won, or a tie."""
    if game.outcome is None:
        return {"status": "continues", "winner": None}
    return {"status": game.outcome.status, "winner": game.outcome.winner}


READERS: dict[str, Callable[[Game], Any]] = {
    "legal": legal,
    "to_act": to_act,
    "hands": hand_sheets,
    "totals": lambda game: dict(game.totals),
    "bags": lambda game: dict(game.bags),
    "status": status,
}
"""Observable name -> its reader; `trick_winners` and `illegal` need more than the game."""
