# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""Clause cases for the house-rule rulesets: each case checks one rule a ruleset changes from
standard, written so that an engine ignoring that rule gives a different answer.

Positions come from deals laid out by hand below (the legal lists and trick winners are read
off them), or from searched deals where only trick counts matter. Every figure is worked in the
case's description or note; `expect_rules` checks, before anything is written, that the
ruleset still plays the values those figures rest on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from spadespec.conformance.authoring.build import (
    bid_order,
    case,
    derived,
    searched_hand,
    sheet,
    side,
    value_tag,
    variant,
)
from spadespec.reference_engine.table import table_of

CONTINUES = {"status": "continues", "winner": None}
OVER = {"phase": "over", "seat": None}


def expect_rules(v: str, values: Mapping[str, Any]) -> None:
    """Refuse to write cases for `v` if it plays any rule otherwise than the figures assume."""
    for path, wanted in values.items():
        section, name = path.split(".")
        got = getattr(getattr(variant(v).rules, section), name)
        got = getattr(got, "value", got)
        if isinstance(got, tuple):
            got = list(got)
        if got != wanted:
            raise ValueError(f"{v} plays {path}={got!r}; its house cases assume {wanted!r}")


def tag(v: str, path: str) -> str:
    return value_tag(v, path)


def deal(**hands: str) -> dict[str, Any]:
    """A deal as each seat's cards, written `N="AS KS ..."`."""
    return {"action": "deal", "hands": {seat: cards.split() for seat, cards in hands.items()}}


def bids(v: str, dealer: str, made: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The bids given, in the ruleset's bidding order from `dealer`, up to the first seat not
    named."""
    out = []
    for seat in bid_order(v, dealer):
        if seat not in made:
            break
        out.append({"action": "bid", "seat": seat, "bid": made[seat]})
    return out


def plays(text: str) -> list[dict[str, Any]]:
    """Plays written `N:AH E:6D ...`."""
    return [
        {"action": "play", "seat": s, "card": c}
        for s, c in (item.split(":") for item in text.split())
    ]


def passes(seat: str, cards: str) -> dict[str, Any]:
    return {"action": "pass", "seat": seat, "cards": cards.split()}


def refused(action: dict[str, Any], reason: str) -> dict[str, Any]:
    return {"action": action, "reason": reason}


def line(name: str, *, side_tricks: int, tricks: int | None = None, **items: Any) -> dict[str, Any]:
    """One side's line, typed by hand (`build.side`, which checks that the author's items add
    up), with the counted tricks defaulting to every trick the side took."""
    counted = side_tricks if tricks is None else tricks
    return side(name, side_tricks=side_tricks, tricks=counted, **items)


def nil_line(seat: str, tricks: int, points: int, blind: bool = False) -> dict[str, Any]:
    return {"seat": seat, "tricks": tricks, "made": tricks == 0, "points": points, "blind": blind}


def scored(
    v: str,
    ident: str,
    *,
    description: str,
    tags: list[str],
    clause: str,
    bid: Mapping[str, Any],
    took: Mapping[str, int],
    lines: list[dict[str, Any]],
    seed: int,
    start: dict[str, Any],
    status: dict[str, Any] | None = None,
    to_act: dict[str, Any] | None = None,
    note: str | None = None,
    origin: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A case of one whole hand found by search to give exactly `took`, scored as `lines`."""
    total = table_of(variant(v).rules).cards_per_hand
    expect: dict[str, Any] = {
        "hands": [sheet(bid, took, *lines, total=total)],
        "totals": {ln["side"]: ln["score_after"] for ln in lines},
        "bags": {ln["side"]: ln["bags_after"] for ln in lines},
        "status": status or CONTINUES,
    }
    if to_act is not None:
        expect["to_act"] = to_act
    searched = "The deal and play were searched to give exactly these trick counts."
    return case(
        f"{v}.{ident}",
        variant_id=v,
        description=description,
        tags=["hand.score-only", *tags],
        origin=origin or derived(clause),
        start=start,
        actions=searched_hand(
            v, dealer=start["dealer"], bids=bid, tricks=took, seed=seed, start=start
        ),
        expect=expect,
        note=f"{note} {searched}" if note else searched,
    )


Axis = Callable[[str, int], list[dict[str, Any]]]
