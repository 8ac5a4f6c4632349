"""Whole games played by four sensible bots on the reference engine, written down as cases.

These are the one place in the suite where the engine's own output becomes the expectation.
Each game is cross-checked before it is written: every trick's winner is worked out again
here from the cards (highest spade, else highest card of the suit led), and every hand is
scored again by `hand_math`, which shares no code with the engine's scorer. A disagreement
stops the recording.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spadespec.conformance.contract.engines.observables import hand_sheets
from spadespec.conformance.machinery.authoring import hand_math
from spadespec.conformance.machinery.authoring.build import opts, variant
from spadespec.reference_engine import __version__
from spadespec.reference_engine.bots.table import play_hand, seat_bots
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.seats import SEATS

MAX_HANDS = 40
SUITS = "CDHS"
RANKS = "23456789TJQKA"


class RecordingMismatch(RuntimeError):
    """The engine and the independent check disagree about a recorded game."""


def _winner(trick: list[tuple[str, str]], top: tuple[str, ...] = ()) -> str:
    """Who takes the trick: the highest top trump (first listed highest), else the highest
    spade, else the highest card of the suit led; a top trump counts as a spade when led."""

    def suit(card: str) -> str:
        return "S" if card in top else card[1]

    def power(card: str) -> int:
        return 100 - top.index(card) if card in top else RANKS.index(card[0])

    led = suit(trick[0][1])
    spades = [(power(c), s) for s, c in trick if suit(c) == "S"]
    if spades:
        return max(spades)[1]
    return max((power(c), s) for s, c in trick if suit(c) == led)[1]


def trick_winners(
    log: list[dict[str, Any]], top: tuple[str, ...] = (), players: int = 4
) -> list[list[str]]:
    """The winners of every trick of every hand in the log, worked out from the cards alone:
    `top` the variant's top trumps (highest first), `players` the seats at the table."""
    hands: list[list[str]] = []
    trick: list[tuple[str, str]] = []
    for action in log:
        if action["action"] == "deal":
            hands.append([])
        elif action["action"] == "play":
            trick.append((action["seat"], action["card"]))
            if len(trick) == players:
                hands[-1].append(_winner(trick, top))
                trick = []
    return hands


def play(ident: str, seed: int, options: Mapping[str, Any] | None) -> Game:
    """Four sensible bots play the game out; the seed fixes the first dealer, the deals and the
    bots. The game starts from 0 to 0."""
    rules_variant = variant(ident, opts(options))
    rng = random.Random(seed)
    dealer = SEATS[rng.randrange(4)]
    bots = seat_bots("sensible", rng.getrandbits(64))
    game = Game.new(rules_variant, dealer=dealer.name)
    for _ in range(MAX_HANDS):
        if game.phase is Phase.OVER:
            return game
        play_hand(game, bots, rng.getrandbits(64))
    raise RecordingMismatch(f"{ident} seed {seed}: no result within {MAX_HANDS} hands")


def record(ident: str, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game four sensible bots play under the variant with `seed`, and every hand's outcome."""
    game = play(ident, seed, options)
    saved = game.to_json()
    log = saved["log"]
    winners = trick_winners(log)
    rules = game.rules
    hands: list[dict[str, Any]] = []
    score = dict(saved["setup"]["scores"])
    bags = dict(saved["setup"]["bags"])
    sheets = hand_sheets(game)
    for index, hand_winners in enumerate(winners):
        engine_hand = sheets[index]
        tricks = {seat: hand_winners.count(seat) for seat in "NESW"}
        if tricks != engine_hand["tricks"]:
            raise RecordingMismatch(f"{ident} seed {seed} hand {index + 1}: trick counts differ")
        mine = {
            side: hand_math.score_side(
                rules, side, engine_hand["bids"], tricks, score[side], bags[side]
            )
            for side in ("NS", "EW")
        }
        for side in ("NS", "EW"):
            theirs = engine_hand["sides"][side]
            wrong = {k: (v, theirs.get(k)) for k, v in mine[side].items() if theirs.get(k) != v}
            if wrong:
                raise RecordingMismatch(f"{ident} seed {seed} hand {index + 1} {side}: {wrong}")
            score[side] = mine[side]["score_after"]
            bags[side] = mine[side]["bags_after"]
        if str(rules.bidding.blind_nil) == "not-allowed":
            # Every nil is open where blind nil is no bid: the flag tells nothing, and leaving
            # it out keeps these games answerable by engines written before blind nil.
            for line in mine.values():
                line["nils"] = [{k: v for k, v in n.items() if k != "blind"} for n in line["nils"]]
        hands.append(
            {
                "bids": {s: engine_hand["bids"][s] for s in "NESW"},
                "tricks": {s: tricks[s] for s in "NESW"},
                "sides": {side: mine[side] for side in ("NS", "EW")},
            }
        )
    status = hand_math.status_after(rules, score)
    outcome = game.outcome
    if outcome is None or status != {"status": outcome.status, "winner": outcome.winner}:
        raise RecordingMismatch(f"{ident} seed {seed}: final status differs: {status} vs {outcome}")
    return {
        "setup": saved["setup"],
        "actions": log,
        "expect": {
            "trick_winners": winners,
            "hands": hands,
            "totals": score,
            "bags": bags,
            "status": status,
            "to_act": {"phase": "over", "seat": None},
        },
        "origin": {
            "kind": "recorded",
            "seed": seed,
            "bots": "sensible",
            "engine_version": __version__,
        },
        "hand_count": len(hands),
    }
