"""Four bots at one table: deal, bid and play whole hands until the game ends (or a cap on
the number of hands is reached, since some rules never let a side reach the target)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reference_engine.bots import Bot, make_bot
from reference_engine.seats import SEATS

if TYPE_CHECKING:
    from reference_engine.game import Game
    from reference_engine.variant import ResolvedVariant

DEFAULT_MAX_HANDS = 200


@dataclass(slots=True)
class TableResult:
    """A finished (or capped) game, and whether the cap stopped it."""

    game: Game
    capped: bool


def seat_bots(kind: str, seed: int | None) -> list[Bot]:
    """Four bots of one kind, N, E, S, W, each with its own seed drawn from `seed`."""
    rng = random.Random(seed)
    return [make_bot(kind, rng.getrandbits(64)) for _ in SEATS]


def play_hand(game: Game, bots: list[Bot], deal_seed: int | None) -> None:
    """Deal one hand and play it out: bids, then thirteen tricks; the game scores it."""
    game.deal(None, seed=deal_seed)
    while game.phase == "bid":
        seat = game.to_act
        assert seat is not None  # someone is always to act while bidding
        game.bid(seat, bots[seat].choose_bid(game, seat))
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.play(seat, bots[seat].choose_play(game, seat))


def play_game(
    variant: ResolvedVariant,
    kind: str = "sensible",
    seed: int | None = None,
    max_hands: int = DEFAULT_MAX_HANDS,
    bots: list[Bot] | None = None,
    on_deal: Callable[[str], None] | None = None,
) -> TableResult:
    """A whole game between four bots. The seed fixes the first dealer, every deal and every
    bot's choices, so the same seed plays the same game."""
    from reference_engine.game import Game

    rng = random.Random(seed)
    dealer = SEATS[rng.randrange(4)]
    table = bots if bots is not None else seat_bots(kind, rng.getrandbits(64))
    game = Game.new(variant, dealer=dealer.name)
    hands = 0
    while game.phase != "over":
        if hands >= max_hands:
            return TableResult(game, capped=True)
        if on_deal is not None:
            on_deal(str(game.dealer))
        play_hand(game, table, rng.getrandbits(64))
        hands += 1
    return TableResult(game, capped=False)
