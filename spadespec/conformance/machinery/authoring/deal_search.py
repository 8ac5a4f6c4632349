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

from spadespec.reference_engine.cards import CARD_TEXT, SPADES, cards_in, high_first
from spadespec.reference_engine.deal import format_pbn
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import Pack, pack_of
from spadespec.reference_engine.rules_of_play import beats
from spadespec.reference_engine.seats import SEATS, Seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.model import DeckKind, ResolvedVariant

MAX_ATTEMPTS = 4000

PlayFilter = Callable[[Game, list[int]], list[int]]
"""Narrows a seat's legal cards to those a case may play (it must leave at least one)."""


def no_spade_lead_from_mixed_hand(game: Game, legal: list[int]) -> list[int]:
    """A leader who holds any other suit leads it: spades are led only from an all-spade hand
    (so an engine that never lets spades be broken can replay the hand)."""
    if game.current_trick:
        return legal
    others = [card for card in legal if card // 13 != SPADES]
    return others or legal


KEEPS: dict[str, PlayFilter] = {"no-spade-lead-from-mixed-hand": no_spade_lead_from_mixed_hand}
"""The limits a sheet's searched hand may name (`keep:`)."""


class SearchFailed(RuntimeError):
    """No deal and play producing the trick counts was found within the attempts allowed."""


@dataclass(frozen=True, slots=True)
class Found:
    """A deal (PBN, or each seat's cards) and the whole log (deal, bids, any passes, plays)
    producing the wanted trick counts."""

    hands: Any
    actions: list[dict[str, Any]]
    attempt: int


def _power(card: int, pack: Pack | None = None) -> int:
    """How likely a card is to take a trick: any spade (top trumps included) above any other
    suit, then by strength within the suit."""
    if pack is None or pack.standard:
        return card % 13 + (20 if card // 13 == SPADES else 0)
    power = pack.power[card]  # two to a rank (the rank's card, its mega), the top trumps 26 up
    rank = power - 13 if power >= 26 else power // 2
    return rank + (20 if pack.suit_of[card] == SPADES else 0)


def _pack(variant: ResolvedVariant) -> Pack | None:
    """The variant's pack (cards in play, suits and strengths), or None for the plain 52."""
    rules = variant.rules
    if rules.deck.cards is DeckKind.STANDARD_52 and not rules.deck.removed:
        if not rules.deck.top_trumps:
            return None
    return pack_of(rules)


def _biased_deal(
    rng: random.Random,
    wanted: Mapping[Seat, int],
    seats: tuple[Seat, ...] = SEATS,
    pack: Pack | None = None,
    per_hand: int = 13,
    width: int = 4,
) -> list[int]:
    """A deal where each seat gets about as many of the strongest cards as tricks it must win;
    the result is indexed by seat number, `width` places (an empty seat gets 0)."""
    deck = range(52) if pack is None else list(cards_in(pack.cards))
    order = sorted(deck, key=lambda c: _power(c, pack) + rng.random() * 6, reverse=True)
    strong, rest = order[:per_hand], order[per_hand:]
    slots = [seat for seat in seats for _ in range(wanted[seat])]
    rng.shuffle(slots)
    hands = [0] * width
    counts = [0] * width
    for card, seat in zip(strong, slots, strict=True):
        hands[seat] |= 1 << card
        counts[seat] += 1
    rng.shuffle(rest)
    for card in rest:
        short = [s for s in seats if counts[s] < per_hand]
        if not short:  # every hand full: the cards left are out of play (a kitty, the draw)
            break
        seat = min(short, key=lambda s: (counts[s], rng.random()))
        hands[seat] |= 1 << card
        counts[seat] += 1
    return hands


def deal_json(hands: list[int], seats: tuple[Seat, ...]) -> Any:
    """A deal in the log's form: PBN for four seats and no joker, else each seat's cards."""
    if len(seats) == 4 and not any(h >> 52 for h in hands):
        return format_pbn(hands)
    return {s.name: [CARD_TEXT[c] for c in high_first(hands[s])] for s in seats}


def _beats(pack: Pack | None, card: int, best: int) -> bool:
    return beats(card, best) if pack is None else beats(card, best, pack)


def _choose(
    game: Game,
    seat: Seat,
    need: Mapping[Seat, int],
    rng: random.Random,
    keep: PlayFilter | None = None,
    pack: Pack | None = None,
    last: int = 3,
) -> int:
    legal = list(cards_in(game.legal_plays(seat)))
    if keep is not None:
        legal = keep(game, legal)
    if rng.random() < 0.1:
        return rng.choice(legal)
    by_power = sorted(legal, key=lambda c: _power(c, pack))
    wants = need[seat] > 0
    trick = game.current_trick
    if not trick:
        return by_power[-1] if wants else by_power[0]
    best_seat, best = trick[0]
    for s, card in trick[1:]:
        if _beats(pack, card, best):
            best_seat, best = s, card
    winners = [c for c in by_power if _beats(pack, c, best)]
    losers = [c for c in by_power if not _beats(pack, c, best)]
    if wants and winners:
        return winners[-1] if len(trick) < last else winners[0]
    if not wants and need[best_seat] > 0 and losers:
        return losers[-1]
    return losers[0] if losers else by_power[0]


def _exchange(game: Game, pack: Pack | None) -> None:
    """The passes after a blind nil: the blind nil bidder passes its strongest cards, the
    partner its weakest, as many as the variant's exchange sets."""
    count = game.rules.bidding.blind_nil_exchange
    seat = game.to_act
    assert seat is not None
    held = sorted(cards_in(game.hands[seat]), key=lambda c: _power(c, pack))
    chosen = held[-count:] if game.bids.get(seat) == "blind-nil" else held[:count]
    game.apply({"action": "pass", "seat": seat.name, "cards": [CARD_TEXT[c] for c in chosen]})


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
    table = table_of(variant.rules)
    seats, per_hand = table.seats, table.cards_per_hand
    pack = _pack(variant)
    wanted = {Seat[s]: n for s, n in tricks.items()}
    if sorted(wanted) != sorted(seats) or sum(wanted.values()) != per_hand:
        raise ValueError(
            f"trick counts must name every seat in play and add up to {per_hand}: {tricks}"
        )
    base_setup = dict(setup or {"dealer": dealer})
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"{seed}/{attempt}")
        game = Game.replay(variant, base_setup, prefix or [])
        if game.dealer.name != dealer:
            raise ValueError(f"the hand would be dealt by {game.dealer.name}, not {dealer}")
        start = len(game.log)
        dealt = _biased_deal(rng, wanted, seats, pack, per_hand, table.width)
        if pack is None:
            game.deal(dealt)
        else:
            game.apply({"action": "deal", "hands": deal_json(dealt, seats)})
        while game.phase is Phase.BID:
            seat = game.to_act
            assert seat is not None
            game.bid(seat, bids[seat.name])
        while str(game.phase) == "pass":
            _exchange(game, pack)
        ok = True
        while game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            need = {s: wanted[s] - game.tricks_won[s] for s in seats}
            if any(n < 0 for n in need.values()):
                ok = False
                break
            game.play(seat, _choose(game, seat, need, rng, keep, pack, len(seats) - 1))
        if ok and all(game.tricks_won[s] == wanted[s] for s in seats):
            log = [a.to_json() for a in game.log[start:]]
            return Found(log[0]["hands"], log, attempt)
    raise SearchFailed(f"no deal found for tricks {tricks} in {MAX_ATTEMPTS} attempts")


def pbn(hands: tuple[int, int, int, int]) -> str:
    return format_pbn(hands)
