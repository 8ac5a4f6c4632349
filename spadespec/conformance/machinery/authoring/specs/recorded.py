"""Whole games recorded from the reference engine with four sensible bots: the one place the
engine's own output becomes an expectation (cross-checked by `hand_math` and a trick-winner
count of our own). Level `should`: the hand-worked clause cases are the contract."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.machinery.authoring.build import case, value_tag
from spadespec.conformance.machinery.authoring.recorder import record

# (variant, table options, seeds): 54 whole games, each from 0 to 0. Every
# variant plays its default table; the ones with options also play their other choices.
GAMES: tuple[tuple[str, dict[str, Any], tuple[int, ...]], ...] = (
    ("standard", {}, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("illustrated-table", {}, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("strategy-guide", {}, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("playingcardgames", {}, (1, 2, 3, 4)),
    ("playingcardgames", {"target": 200}, (5, 6, 7, 8, 9)),
    ("ellington", {}, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("porchlight", {}, (1, 2, 3)),
    ("porchlight", {"target": 200}, (4, 5)),
    ("porchlight", {"target": 500}, (6,)),
    ("porchlight", {"nil": "not-allowed"}, (7, 8)),
    ("porchlight", {"nil": "not-allowed", "target": 200}, (9,)),
)


def _id(v: str, options: dict[str, Any], seed: int) -> str:
    extra = "".join(f".{k}-{val}" for k, val in sorted(options.items()))
    return f"{v}.recorded{extra}.whole.seed-{seed}"


def games(v: str) -> list[dict[str, Any]]:
    out = []
    for ident, options, seeds in GAMES:
        if ident != v:
            continue
        for seed in seeds:
            got = record(v, seed, options)
            ex = got["expect"]
            outcome = (
                f"{ex['status']['winner']} wins {ex['totals']['NS']} to {ex['totals']['EW']}"
                if ex["status"]["status"] == "won"
                else ex["status"]["status"]
            )
            tags = [
                "game.replay",
                value_tag(v, "deck.cards"),
                value_tag(v, "deal.first_dealer"),
                value_tag(v, "deal.dealer_rotation", options),
                value_tag(v, "bidding.first_bidder"),
                value_tag(v, "play.first_leader"),
                "game_end.target",
                value_tag(v, "game_end.target_rule"),
            ]
            if options.get("nil") == "not-allowed":
                tags.append(value_tag(v, "bidding.nil", options))
            out.append(
                case(
                    _id(v, options, seed),
                    variant_id=v,
                    options=options,
                    level="should",
                    description=(
                        f"A game played out to its end, {got['hand_count']} hands, by four"
                        " sensible bots"
                        f" (seed {seed}, first dealer drawn at random from the seed), from"
                        f" 0 to 0: {outcome}. Every hand's bids,"
                        " tricks and itemised score are the reference engine's own output, checked"
                        " against an independent scorer and trick count."
                    ),
                    tags=tags,
                    origin=got["origin"],
                    start=got["setup"],
                    actions=got["actions"],
                    expect=ex,
                )
            )
    return out


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    variants = dict.fromkeys(v for v, _, _ in GAMES)
    return {
        f"{v}/recorded.json": (
            f"Whole games of {v} recorded from the reference engine's sensible bots; the engine's"
            " own output is the expectation here, and nowhere else.",
            games(v),
        )
        for v in variants
    }
