"""Bots that play a seat: random-legal for simulation, sensible for games that look real.

A bot answers three questions for the seat whose turn it is: `choose_bid(game, seat)`,
`choose_pass(game, seat)` (the cards handed over in a blind nil exchange) and
`choose_play(game, seat)`. `spadespec.reference_engine.bots.table.play_game` seats one per seat in
play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from spadespec.reference_engine.actions import Pass
from spadespec.reference_engine.bots.bidding import Bid
from spadespec.reference_engine.seats import Seat

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game


class Bot(Protocol):
    name: str

    def choose_bid(self, game: Game, seat: Seat) -> Bid:
        """The bid this seat makes now: a number of tricks, "nil" or "blind-nil"; always one
        of the game's legal bids."""
        ...

    def choose_redeal(self, game: Game, seat: Seat) -> bool:
        """Whether this seat, holding a deficient hand where its holder chooses
        (`deal.redeal_by: holder`), calls the redeal (true) or keeps the hand (false)."""
        ...

    def choose_pass(self, game: Game, seat: Seat) -> Pass:
        """The pass this seat makes in a blind nil exchange: exactly
        `rules.bidding.blind_nil_exchange` of its cards, handed to its partner."""
        ...

    def choose_play(self, game: Game, seat: Seat) -> int:
        """The card this seat plays now; always one of `game.legal_plays(seat)`."""
        ...


BOT_KINDS = ("sensible", "random")


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A bot by its name on the command line."""
    from spadespec.reference_engine.bots.random_legal import RandomLegalBot
    from spadespec.reference_engine.bots.sensible import SensibleBot

    if kind == "random":
        return RandomLegalBot(seed)
    if kind == "sensible":
        return SensibleBot(seed)
    raise ValueError(f"unknown bot {kind!r}; expected one of: {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "Bid", "Bot", "Pass", "make_bot"]
