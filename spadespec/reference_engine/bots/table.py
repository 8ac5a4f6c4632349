"""Bots at one table, one per seat in play: deal, bid, exchange cards after a blind nil and
play whole hands until the game ends (or a cap on the number of hands is reached, since some
rules never let a side reach the target)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spadespec.reference_engine.actions import play_record
from spadespec.reference_engine.bots import Bot, make_bot
from spadespec.reference_engine.rules_of_play.turns import FIRST_DEALER, FirstDeal
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.model import Rules

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game
    from spadespec.reference_engine.variant import ResolvedVariant

DEFAULT_MAX_HANDS = 200


@dataclass(slots=True)
class TableResult:
    """A finished (or capped) game, and whether the cap stopped it."""

    game: Game
    capped: bool
    first_deal: FirstDeal
    """Who dealt first, and the cards drawn for it where the rules draw."""


def seat_bots(kind: str, seed: int | None, width: int = 4) -> list[Bot]:
    """Bots of one kind by seat number, N, E, S, W (and NE, SE, SW, NW when `width` is the
    eight places of a wider table), each with its own seed drawn from `seed` in that order, so
    the four-seat table's bots are the same at any width (at a table of three, West's is never
    asked)."""
    rng = random.Random(seed)
    return [make_bot(kind, rng.getrandbits(64)) for _ in range(width)]


def play_hand(game: Game, bots: list[Bot], deal_seed: int | None) -> None:
    """Deal one hand and play it out: bids, the blind nil exchange if any, then every trick;
    the game scores it. A deal thrown in (`deal.redeal_*`, by the rules or by a deficient hand's
    holder, whom its bot answers for) is dealt again, each new shuffle's seed drawn from
    `deal_seed`."""
    finished = game.hands_played
    game.deal(None, seed=deal_seed)
    again = random.Random(deal_seed)
    while True:
        phase, seat = game.phase, game.to_act
        if phase == "deal" and game.hands_played == finished:  # thrown in: never bid
            game.deal(None, seed=again.getrandbits(64))
            continue
        if seat is None:
            return  # the hand is over: waiting for the next deal, or the game has ended
        bot = bots[seat]
        if phase == "play":
            game.apply(play_record(seat, bot.choose_play(game, seat)))
        elif phase == "bid":
            game.bid(seat, bot.choose_bid(game, seat))
        elif phase == "pass":
            game.apply(bot.choose_pass(game, seat))
        elif phase == "redeal":
            game.redeal(seat, bot.choose_redeal(game, seat))
        else:
            return


def play_game(
    variant: ResolvedVariant | Rules,
    kind: str = "sensible",
    seed: int | None = None,
    max_hands: int = DEFAULT_MAX_HANDS,
    bots: list[Bot] | None = None,
    on_deal: Callable[[str], None] | None = None,
    scores: Mapping[str, int] | None = None,
) -> TableResult:
    """A whole game between bots, one per seat in play. The seed fixes the first dealer (at
    random, or by the cards drawn, as `deal.first_dealer` says), every deal and every bot's
    choices, so the same seed plays the same game. `scores`, by side, starts the game
    part-way (a side far behind may bid blind nil)."""
    from spadespec.reference_engine.game import Game

    rng = random.Random(seed)
    rules = variant if isinstance(variant, Rules) else variant.rules
    seating = table_of(rules)
    first = FIRST_DEALER[rules.deal.first_dealer](seating, rng)
    table = bots if bots is not None else seat_bots(kind, rng.getrandbits(64), seating.width)
    game = Game.new(variant, dealer=first.dealer.name, scores=scores)
    hands = 0
    while game.phase != "over":
        if hands >= max_hands:
            return TableResult(game, capped=True, first_deal=first)
        if on_deal is not None:
            on_deal(str(game.dealer))
        play_hand(game, table, rng.getrandbits(64))
        hands += 1
    return TableResult(game, capped=False, first_deal=first)
