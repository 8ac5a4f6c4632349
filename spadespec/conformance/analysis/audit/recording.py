"""Game records written from games bots play on the reference engine, or on the reference
engine made with another rulebook (a broken one, to show the audit catches it): the record an
engine in production would keep, with every figure the engine worked out itself."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from spadespec.reference_engine.bots.table import play_hand, seat_bots
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.rules_of_play.turns import FIRST_DEALER
from spadespec.reference_engine.scoring.inputs import ScoringInputError
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.model import Rules

MAX_HANDS = 60
"""Hands played at most in a recorded game (some rules let a game run on and on)."""


def record_game(
    variant: ResolvedVariant,
    seed: int,
    *,
    bots: str = "sensible",
    rulebook: Rulebook = STANDARD_RULEBOOK,
    misread: Callable[[Rules], Rules] | None = None,
    max_hands: int = MAX_HANDS,
) -> dict[str, Any]:
    """A whole game between bots under `variant`, played by `rulebook` (and the rules as
    `misread`, where given), as a game record: the seed fixes the first dealer (with the cards
    drawn for it under `meta`, where the rules draw), the deals and the bots' choices."""
    rng = random.Random(seed)
    played = variant if misread is None else replace(variant, rules=misread(variant.rules))
    seating = table_of(played.rules)
    first = FIRST_DEALER[played.rules.deal.first_dealer](seating, rng)
    game = Game.new(played, dealer=first.dealer, rulebook=rulebook)
    table = seat_bots(bots, rng.getrandbits(64), seating.width)
    dealers: list[str] = []
    while game.phase != "over" and len(dealers) < max_hands:
        dealers.append(game.dealer.name)
        try:
            play_hand(game, table, rng.getrandbits(64))
        except ScoringInputError:
            break  # a broken scorer that cannot score the hand: the record stops there
    meta: dict[str, Any] = {"seed": seed, "bots": bots}
    if first.drawn:
        meta["first_deal_drawn"] = first.drawn_json()
    return record_of(game, variant, dealers, meta=meta)


def record_of(
    game: Game, variant: ResolvedVariant, dealers: list[str], meta: Any = None
) -> dict[str, Any]:
    """The record of `game` (played under `variant`, each hand dealt by `dealers` in turn)."""
    sides = game.table.sides
    hands = []
    for hand, dealer in zip(game.hand_results, dealers, strict=False):
        hands.append(
            {
                "dealer": dealer,
                "tricks": dict(hand.tricks),
                "points": {s: hand.sides[s].hand_points for s in sides},
                "totals": {s: hand.sides[s].score_after for s in sides},
                "bags": {s: hand.sides[s].bags_after for s in sides},
            }
        )
    saved = game.to_json()
    ref: dict[str, Any] = {"id": variant.id}
    if variant.chosen:
        ref["options"] = dict(variant.chosen)
    outcome = {"status": "continues", "winner": None}
    if game.outcome is not None:
        outcome = {"status": game.outcome.status, "winner": game.outcome.winner}
    record: dict[str, Any] = {
        "format": 1,
        "variant": ref,
        "setup": saved["setup"],
        "actions": saved["log"],
        "hands": hands,
        "totals": {s: game.totals[s] for s in sides},
        "bags": {s: game.bags[s] for s in sides},
        "outcome": outcome,
    }
    if meta is not None:
        record["meta"] = meta
    return record


def differs_from_rules(variant: ResolvedVariant, record: dict[str, Any]) -> bool:
    """Whether a record shows something other than the rules give, checked by a plain replay
    (no audit): an action the rules refuse, or a hand's tricks, totals or bags, the end totals
    or the outcome other than the replay's, each where the record holds it."""
    try:
        game = Game.replay(variant, record["setup"], record["actions"])
    except IllegalActionError:
        return True
    for hand, wanted in zip(game.hand_results, record.get("hands", ()), strict=False):
        sides = hand.sides
        given = {
            "tricks": dict(hand.tricks),
            "totals": {s: sides[s].score_after for s in sides},
            "bags": {s: sides[s].bags_after for s in sides},
        }
        if any(key in wanted and wanted[key] != value for key, value in given.items()):
            return True
    if "totals" in record and {s: game.totals[s] for s in game.table.sides} != record["totals"]:
        return True
    outcome = {"status": "continues", "winner": None}
    if game.outcome is not None:
        outcome = {"status": game.outcome.status, "winner": game.outcome.winner}
    return "outcome" in record and record["outcome"] != outcome
