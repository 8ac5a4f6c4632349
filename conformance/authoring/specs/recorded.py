# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""Whole games recorded from the reference engine with four sensible bots: the one place the
engine's own output becomes an expectation (cross-checked by `hand_math` and a trick-winner
count of our own). Level `should`: the hand-worked clause cases are the contract."""

from __future__ import annotations

from typing import Any

from conformance.authoring.build import case, value_tag
from conformance.authoring.recorder import record

# (variant, table options, from 0-0 or late, seeds): 54 whole games, each from 0 to 0. Every
# variant plays its default table; the ones with options also play their other choices.
GAMES: tuple[tuple[str, dict[str, Any], bool, tuple[int, ...]], ...] = (
    ("standard", {}, False, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("illustrated-table", {}, False, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("strategy-guide", {}, False, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("playingcardgames", {}, False, (1, 2, 3, 4)),
    ("playingcardgames", {"target": 200}, False, (5, 6, 7, 8, 9)),
    ("ellington", {}, False, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("porchlight", {}, False, (1, 2, 3)),
    ("porchlight", {"target": 200}, False, (4, 5)),
    ("porchlight", {"target": 500}, False, (6,)),
    ("porchlight", {"nil": "not-allowed"}, False, (7, 8)),
    ("porchlight", {"nil": "not-allowed", "target": 200}, False, (9,)),
)


def _id(v: str, options: dict[str, Any], late: bool, seed: int) -> str:
    extra = "".join(f".{k}-{val}" for k, val in sorted(options.items()))
    return f"{v}.recorded{extra}.{'late' if late else 'whole'}.seed-{seed}"


def _start(start: dict[str, Any]) -> str:
    s, b = start["scores"], start["bags"]
    if not any(s.values()) and not any(b.values()):
        return "0 to 0"
    return f"a late position, NS {s['NS']} ({b['NS']} bags) to EW {s['EW']} ({b['EW']} bags)"


def games(v: str) -> list[dict[str, Any]]:
    out = []
    for ident, options, late, seeds in GAMES:
        if ident != v:
            continue
        for seed in seeds:
            got = record(v, seed, options, late=late)
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
                    _id(v, options, late, seed),
                    variant_id=v,
                    options=options,
                    level="should",
                    description=(
                        f"A game played out to its end, {got['hand_count']} hands, by four sensible bots"
                        f" (seed {seed}, first dealer drawn at random from the seed), from"
                        f" {_start(got['setup'])}: {outcome}. Every hand's bids,"
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
    variants = dict.fromkeys(v for v, _, _, _ in GAMES)
    return {
        f"{v}/recorded.json": (
            f"Whole games of {v} recorded from the reference engine's sensible bots; the engine's"
            " own output is the expectation here, and nowhere else.",
            games(v),
        )
        for v in variants
    }
