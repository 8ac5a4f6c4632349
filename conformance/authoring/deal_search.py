"""Find a deal and a legal play that give each seat exactly the tricks a worked example names.

Sources score hands from bids and trick counts alone. An engine that only takes whole games
needs cards, so for each such example we search, with the reference engine judging every card:
deal the strongest cards mostly to the seats that must win tricks, then steer the play (win
while a seat still needs tricks, duck once it has them), restarting from the next attempt's
seed until the counts come out exactly. Everything is drawn from `random.Random(seed, attempt)`,
so the same request always finds the same deal and play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.cards import SPADES, cards_in
from reference_engine.deal import format_pbn
from reference_engine.game import Game, Phase
from reference_engine.rules_of_play import beats
from reference_engine.seats import SEATS, Seat
from reference_engine.variant.model import ResolvedVariant

MAX_ATTEMPTS = 4000

PlayFilter = Callable[[Game, list[int]], list[int]]
"""Narrows a seat's legal cards to those a case may play (it must leave at least one)."""


class SearchFailed(RuntimeError):
    """No deal and play producing the trick counts was found within the attempts allowed."""


@dataclass(frozen=True, slots=True)
class Found:
    """A deal (PBN) and the whole log (deal, bids, plays) producing the wanted trick counts."""

    hands: str
    actions: list[dict[str, Any]]
    attempt: int


def _power(card: int) -> int:
    """How likely a card is to take a trick: any spade above any other suit, then by rank."""
    return card % 13 + (20 if card // 13 == SPADES else 0)


def _biased_deal(rng: random.Random, wanted: Mapping[Seat, int]) -> tuple[int, int, int, int]:
    """A deal where each seat gets about as many of the strongest cards as tricks it must win."""
    order = sorted(range(52), key=lambda c: _power(c) + rng.random() * 6, reverse=True)
    strong, rest = order[:13], order[13:]
    slots = [seat for seat in SEATS for _ in range(wanted[seat])]
    rng.shuffle(slots)
    hands = [0, 0, 0, 0]
    counts = [0, 0, 0, 0]
    for card, seat in zip(strong, slots, strict=True):
        hands[seat] |= 1 << card
        counts[seat] += 1
    rng.shuffle(rest)
    for card in rest:
        seat = min((s for s in SEATS if counts[s] < 13), key=lambda s: (counts[s], rng.random()))
        hands[seat] |= 1 << card
        counts[seat] += 1
    return hands[0], hands[1], hands[2], hands[3]


def _choose(
    game: Game,
    seat: Seat,
    need: Mapping[Seat, int],
    rng: random.Random,
    keep: PlayFilter | None = None,
) -> int:
    legal = list(cards_in(game.legal_plays(seat)))
    if keep is not None:
        legal = keep(game, legal)
    if rng.random() < 0.1:
        return rng.choice(legal)
    by_power = sorted(legal, key=_power)
    wants = need[seat] > 0
    trick = game.current_trick
    if not trick:
        return by_power[-1] if wants else by_power[0]
    best_seat, best = trick[0]
    for s, card in trick[1:]:
        if beats(card, best):
            best_seat, best = s, card
    winners = [c for c in by_power if beats(c, best)]
    losers = [c for c in by_power if not beats(c, best)]
    if wants and winners:
        return winners[-1] if len(trick) < 3 else winners[0]
    if not wants and need[best_seat] > 0 and losers:
        return losers[-1]
    return losers[0] if losers else by_power[0]


def find_play(
    variant: ResolvedVariant,
    *,
    dealer: str,
    bids: Mapping[str, int | str],
    tricks: Mapping[str, int],
    seed: int = 0,
    setup: Mapping[str, Any] | None = None,
    prefix: list[dict[str, Any]] | None = None,
    keep: PlayFilter | None = None,
) -> Found:
    """A deal and play, dealt by `dealer`, in which seat X bids `bids[X]` and takes exactly
    `tricks[X]`. `prefix` is a log already played (earlier hands) that this hand follows;
    `keep`, if given, narrows every choice of card (e.g. no spade led from a mixed hand)."""
    wanted = {Seat[s]: n for s, n in tricks.items()}
    if sorted(wanted) != list(SEATS) or sum(wanted.values()) != 13:
        raise ValueError(f"trick counts must name all four seats and add up to 13: {tricks}")
    base_setup = dict(setup or {"dealer": dealer})
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"{seed}/{attempt}")
        game = Game.replay(variant, base_setup, prefix or [])
        if game.dealer.name != dealer:
            raise ValueError(f"the hand would be dealt by {game.dealer.name}, not {dealer}")
        start = len(game.log)
        game.deal(list(_biased_deal(rng, wanted)))
        while game.phase is Phase.BID:
            seat = game.to_act
            assert seat is not None
            game.bid(seat, bids[seat.name])
        ok = True
        while game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            need = {s: wanted[s] - game.tricks_won[s] for s in SEATS}
            if any(n < 0 for n in need.values()):
                ok = False
                break
            game.play(seat, _choose(game, seat, need, rng, keep))
        if ok and all(game.tricks_won[s] == wanted[s] for s in SEATS):
            log = [a.to_json() for a in game.log[start:]]
            return Found(log[0]["hands"], log, attempt)
    raise SearchFailed(f"no deal found for tricks {tricks} in {MAX_ATTEMPTS} attempts")


def pbn(hands: tuple[int, int, int, int]) -> str:
    return format_pbn(hands)
