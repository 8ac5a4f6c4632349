"""What can be seen of a reference `Game` at its present position, in the protocol's canonical
forms: the one place the reference adapter, the served engine and the fuzzer read answers from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spadespec.reference_engine.actions import BLIND_NIL, NIL, BlindBid
from spadespec.reference_engine.cards import CARD_TEXT, cards_in
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.scoring.sides import seat_name, sheet_of_table
from spadespec.reference_engine.seats import Seat

# Words among the bids come after the numbers, in this order.
_WORD_BIDS = (NIL, BLIND_NIL)


def legal(game: Game) -> list[Any]:
    """The legal actions of the player to act: cards in deck order (clubs up to spades, 2 up to
    ace, then the little and big jokers), bids ascending with nil then blind nil, then the
    numbers bid blind ascending (`blind-6`, ...), or,
    during a blind nil exchange, every card the passer holds (any of them may be passed), or,
    while deficient hands' holders choose (`deal.redeal_by: holder`), `[true, false]`: call the
    redeal, or keep the hand, and while two players draw, `[true, false]`: keep the top card, or
    throw it out and keep the next."""
    return legal_shown(choices(game))


def choices(game: Game) -> int | tuple[Any, ...]:
    """The legal actions as the engine holds them: the cards that may be played (or passed)
    as a bitmask, or the bids in order; 0 when there are none. Two games' choices are equal
    exactly when their `legal` answers are, and cost far less to compare."""
    phase = game.phase
    if phase is Phase.PLAY:
        return game.legal_plays()
    if phase is Phase.BID:
        return tuple(game.legal_bids()) or 0
    if phase is Phase.PASS:
        assert game.to_act is not None
        return game.hands[game.to_act]
    if phase is Phase.REDEAL:
        return game.legal_calls()
    if phase is Phase.DRAW:
        return game.legal_draws()
    return 0


def legal_shown(held: int | tuple[Any, ...]) -> list[Any]:
    """`choices` in the protocol's canonical form: what `legal` answers."""
    if isinstance(held, int):
        return [CARD_TEXT[c] for c in cards_in(held)]
    if held and type(held[0]) is bool:  # a deficient hand's holder's calls, or a drawer's
        return list(held)
    numbers = sorted(b for b in held if isinstance(b, int))
    blind = [str(b) for b in sorted((b for b in held if isinstance(b, BlindBid)), key=int)]
    return numbers + [word for word in _WORD_BIDS if word in held] + blind


def to_act(game: Game) -> dict[str, Any]:
    """Whose turn it is and at what: the dealer to deal, a seat to bid, pass cards or play, or
    nobody."""
    return turn_shown(turn(game))


def turn(game: Game) -> tuple[Phase, Seat | None]:
    """Whose turn it is as the engine holds it: the phase and the seat (the dealer while the
    deal is due, nobody once the game is over). Equal for two games exactly when `to_act` is."""
    phase = game.phase
    if phase is Phase.OVER:
        return phase, None
    if phase is Phase.DEAL:
        return phase, game.dealer
    assert game.to_act is not None
    return phase, game.to_act


def turn_shown(held: tuple[Phase, Seat | None]) -> dict[str, Any]:
    """`turn` in the protocol's canonical form: what `to_act` answers."""
    phase, seat = held
    return {"phase": str(phase), "seat": None if seat is None else seat.name}


def hand_sheets(game: Game) -> list[dict[str, Any]]:
    """Every scored hand's itemised sheet, seats as letters whatever the scorer keyed them by."""
    sheet = sheet_of_table(game.table)
    out = []
    for result in game.hand_results:
        data = result.to_json()
        data["bids"] = {seat_name(k, sheet): v for k, v in data["bids"].items()}
        data["tricks"] = {seat_name(k, sheet): v for k, v in data["tricks"].items()}
        out.append(data)
    return out


def status(game: Game) -> dict[str, Any]:
    """Whether the game goes on, or who won, or a tie."""
    if game.outcome is None:
        return {"status": "continues", "winner": None}
    return game.outcome.status_json()


READERS: dict[str, Callable[[Game], Any]] = {
    "legal": legal,
    "to_act": to_act,
    "hands": hand_sheets,
    # Keyed by the table's sides: NS and EW, or each seat's letter where everyone plays alone.
    "totals": lambda game: dict(game.totals),
    "bags": lambda game: dict(game.bags),
    "status": status,
}
"""Observable name -> its reader; `trick_winners` and `illegal` need more than the game."""
