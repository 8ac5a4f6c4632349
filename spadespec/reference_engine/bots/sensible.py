"""The sensible bot: bids the tricks its hand is likely to take (nil only with a safe hand,
blind nil only when its side is far behind), and plays to cover partner's nil, set the
opponents' nil, avoid bags once safe, and otherwise win cheaply or throw low. It sees only
what its seat would see at the table, and every bid or card it picks is one the rules allow."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from spadespec.reference_engine.actions import Pass
from spadespec.reference_engine.bots import bidding, card_play
from spadespec.reference_engine.bots.bidding import Bid
from spadespec.reference_engine.bots.view import bid_values, order_of, partner_bid, play_view
from spadespec.reference_engine.seats import Seat, parse_seat
from spadespec.reference_engine.variant.model import BidConstraint, NilBid

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game


class SensibleBot:
    """Plays the way a careful club player would, without counting cards beyond the table."""

    name = "sensible"

    def __init__(self, seed: int | None = None) -> None:
        # The strategy is deterministic; the seed is kept so every bot is built the same way.
        self.rng = random.Random(seed)

    def choose_bid(self, game: Game, seat: Seat) -> Bid:
        me = parse_seat(seat)
        table = game.table
        return bidding.choose_bid(
            game.hands[me],
            bid_values(game),
            partner_bid(game, me),
            order=order_of(game),
            tricks=table.cards_per_hand,
            players=table.players,
            behind=game.trailing_by(me),
            one_nil_a_side=game.rules.bidding.constraint == BidConstraint.SUICIDE,
        )

    def choose_redeal(self, game: Game, seat: Seat) -> bool:
        """Keeps a deficient hand only when it is a safe nil and nil may be bid; else calls."""
        me = parse_seat(seat)
        nil_allowed = game.rules.bidding.nil is NilBid.ALLOWED
        return not (nil_allowed and bidding.nil_is_safe(game.hands[me], order_of(game)))

    def choose_pass(self, game: Game, seat: Seat) -> Pass:
        me = parse_seat(seat)
        count = game.rules.bidding.blind_nil_exchange
        return Pass(
            me, bidding.choose_pass(game.hands[me], count, game.bids.get(me), order_of(game))
        )

    def choose_play(self, game: Game, seat: Seat) -> int:
        me = seat if type(seat) is Seat else parse_seat(seat)
        legal = game.legal_plays(me)
        if legal and not legal & (legal - 1):
            # One card allowed: it is the card any strategy plays, so nothing is weighed.
            return legal.bit_length() - 1
        return card_play.choose_card(play_view(game, me, legal))
