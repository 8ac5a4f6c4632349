"""The sensible bot: bids the tricks its hand is likely to take (nil only with a safe hand),
and plays to cover partner's nil, set the opponents' nil, avoid bags once safe, and otherwise
win cheaply or throw low. It sees only what its seat would see at the table."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from reference_engine.bots import bidding, card_play
from reference_engine.bots.bidding import Bid
from reference_engine.bots.view import by_seat_name, legal_bids, seat_view
from reference_engine.seats import Seat, parse_seat

if TYPE_CHECKING:
    from reference_engine.game import Game


class SensibleBot:
    """Plays the way a careful club player would, without counting cards beyond the table."""

    name = "sensible"

    def __init__(self, seed: int | None = None) -> None:
        # The strategy is deterministic; the seed is kept so every bot is built the same way.
        self.rng = random.Random(seed)

    def choose_bid(self, game: Game, seat: Seat) -> Bid:
        me = parse_seat(seat)
        partner_bid = by_seat_name(game.bids).get(me.partner.name)
        return bidding.choose_bid(game.hands[me], legal_bids(game), partner_bid)

    def choose_play(self, game: Game, seat: Seat) -> int:
        return card_play.choose_card(seat_view(game, seat))
