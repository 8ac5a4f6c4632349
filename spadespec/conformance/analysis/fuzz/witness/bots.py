"""The bots a witness hand is played by, by the builder's style: nil bidders, blind-nil
bidders and contract bidders beside the engine's own random and sensible bots, and the greedy bot
of the fuzzer (`bots_for`)."""

from __future__ import annotations

import random
from typing import Any

from spadespec.conformance.analysis.fuzz.games import GreedyBot
from spadespec.reference_engine.bots import make_bot
from spadespec.reference_engine.bots.view import legal_bids
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.table import table_of


class _NilBot:
    """Bids nil half the time and otherwise plays at random."""

    name = "nil"

    def __init__(self, seed: int) -> None:
        self.inner = make_bot("random", seed)
        self.rng = random.Random(seed)

    def choose_bid(self, game: Game, seat: Any) -> Any:
        bids = legal_bids(game)
        if "nil" in bids and self.rng.random() < 0.5:
            return "nil"
        return self.inner.choose_bid(game, seat)

    def choose_play(self, game: Game, seat: Any) -> int:
        return self.inner.choose_play(game, seat)


class _BlindBot(_NilBot):
    """Bids blind nil whenever it may, and otherwise as the nil bot does."""

    name = "blind"

    def choose_bid(self, game: Game, seat: Any) -> Any:
        if "blind-nil" in legal_bids(game) and self.rng.random() < 0.8:
            return "blind-nil"
        return super().choose_bid(game, seat)

    def choose_pass(self, game: Game, seat: Any) -> Any:
        return self.rng.choice(game.legal_passes())


class _ContractBot(GreedyBot):
    """Bids so that its side's contract comes to a set number of tricks (the bonus bid, the
    least big bid, or every trick for a Boston), and plays its highest card."""

    name = "contract"

    def __init__(self, style: str) -> None:
        self.style = style

    def choose_bid(self, game: Game, seat: Any) -> Any:
        rules = game.rules
        table = table_of(rules)
        wanted = (
            table.cards_per_hand
            if self.style == "boston"
            else rules.scoring.bonus_bid_tricks
            or rules.scoring.big_bid_tricks
            or table.cards_per_hand - 3
        )
        partner = table.partner[seat]
        bid = game.bids.get(partner) if partner is not None else None
        choice = wanted - bid if isinstance(bid, int) else (wanted + 1) // 2
        if partner is None:
            choice = wanted
        allowed = legal_bids(game)
        return choice if choice in allowed else super().choose_bid(game, seat)


def bots_for(style: str, rng: random.Random, width: int = 4) -> list[Any]:
    """A bot for each of `width` seat numbers (four; eight at a table with seats beyond W),
    made in seat-number order from `rng`, so a four-seat table's bots and draws are the same
    whatever the width."""
    if style == "nil":
        return [_NilBot(rng.getrandbits(32)) for _ in range(width)]
    if style == "blind":
        return [_BlindBot(rng.getrandbits(32)) for _ in range(width)]
    if style in ("bonus", "boston"):
        strong = rng.randrange(2)
        return [
            _ContractBot(style) if seat & 1 == strong else make_bot("random", rng.getrandbits(32))
            for seat in range(width)
        ]
    if style == "greedy":
        strong = rng.randrange(2)
        return [
            GreedyBot() if seat & 1 == strong else make_bot("random", rng.getrandbits(32))
            for seat in range(width)
        ]
    return [make_bot(rng.choice(("random", "sensible")), rng.getrandbits(32)) for _ in range(width)]
