"""The random-legal bot: every bid, every pass and every card chosen uniformly among the legal
ones, from its own seeded random source, so a seed replays the same game."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from spadespec.reference_engine.actions import Pass
from spadespec.reference_engine.bots.bidding import Bid
from spadespec.reference_engine.bots.view import legal_bids
from spadespec.reference_engine.cards import cards_in
from spadespec.reference_engine.seats import Seat

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game


def random_card(rng: random.Random, mask: int) -> int:
    """A card drawn uniformly from the set bits of `mask` (which must not be empty)."""
    # random() is one C call where randrange() is several Python ones; the bias of scaling a
    # 53-bit float to at most 17 choices is far below anything a game could show.
    skip = int(rng.random() * mask.bit_count())
    for _ in range(skip):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_cards(rng: random.Random, mask: int, count: int) -> int:
    """`count` different cards drawn uniformly from `mask`, as a mask."""
    chosen = 0
    for card in rng.sample(list(cards_in(mask)), count):
        chosen |= 1 << card
    return chosen


class RandomLegalBot:
    """Bids, passes and plays at random among the legal choices."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_bid(self, game: Game, seat: Seat) -> Bid:
        return self.rng.choice(legal_bids(game))

    def choose_redeal(self, game: Game, seat: Seat) -> bool:
        return self.rng.random() < 0.5

    def choose_pass(self, game: Game, seat: Seat) -> Pass:
        count = game.rules.bidding.blind_nil_exchange
        return Pass(seat, random_cards(self.rng, game.hands[seat], count))

    def choose_play(self, game: Game, seat: Seat) -> int:
        return random_card(self.rng, game.legal_plays(seat))
