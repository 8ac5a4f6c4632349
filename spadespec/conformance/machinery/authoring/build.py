"""Builders for case data: the case record, the itemised hand score typed by hand, and origins.

Every figure in `side(...)` is typed from the rules by the case author; the builder only checks
that the author's own items add up (hand points = contract + overtricks + bonus + nils - bag
penalty, score after = before + hand points), so a slip of the pen fails here instead of in a run.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from spadespec.conformance.machinery.authoring.deal_search import find_play
from spadespec.reference_engine.seats import SEAT_NAMES, Seat, side_members
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant, load_variant
from spadespec.reference_engine.variant.model import FirstBidder

ZERO = {"NS": 0, "EW": 0}


@cache
def variant(ident: str, options: tuple[tuple[str, Any], ...] = ()) -> ResolvedVariant:
    return load_variant(ident, dict(options))


def opts(options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((options or {}).items()))


def value_tag(ident: str, path: str, options: Mapping[str, Any] | None = None) -> str:
    """`path=value` for the rule as the variant (with options) plays it."""
    section, name = path.split(".")
    value = getattr(getattr(variant(ident, opts(options)).rules, section), name)
    return f"{path}={getattr(value, 'value', value)}"


def setup(
    dealer: str,
    scores: tuple[int, int] | Mapping[str, int] = (0, 0),
    bags: tuple[int, int] | Mapping[str, int] = (0, 0),
    hands_played: int | None = None,
) -> dict[str, Any]:
    """A setup: pairs are (NS, EW); a mapping keys the sides itself (N, E, S for three alone)."""
    out: dict[str, Any] = {
        "dealer": dealer,
        "scores": _by_side(scores),
        "bags": _by_side(bags),
    }
    if hands_played is not None:
        out["hands_played"] = hands_played
    return out


def _by_side(values: tuple[int, int] | Mapping[str, int]) -> dict[str, int]:
    if isinstance(values, Mapping):
        return dict(values)
    return {"NS": values[0], "EW": values[1]}


def origin_source(ident: str, key: str, section: str) -> dict[str, Any]:
    files = {s.key: s.file for s in variant(ident).sources}
    return {"kind": "source", "source": key, "file": files[key], "section": section}


def derived(clause: str) -> dict[str, Any]:
    return {"kind": "derived", "clause": clause}


def nil(seat: str, tricks: int, points: int, blind: bool | None = None) -> dict[str, Any]:
    """A nil's line; `blind` is written only when given (the house-rule cases give it)."""
    out: dict[str, Any] = {"seat": seat, "tricks": tricks, "made": tricks == 0, "points": points}
    if blind is not None:
        out["blind"] = blind
    return out


def side(
    name: str,
    *,
    contract: int,
    side_tricks: int,
    tricks: int,
    made: bool,
    contract_points: int,
    overtricks: int = 0,
    overtrick_points: int = 0,
    bonus_points: int | None = None,
    nils: tuple[dict[str, Any], ...] = (),
    spoiler_points: int | None = None,
    bags: tuple[int, int, int] = (0, 0, 0),
    bag_penalty: int = 0,
    bag_penalties: int | None = None,
    hand_points: int,
    score: tuple[int, int],
    moon: bool | None = None,
) -> dict[str, Any]:
    """One side's line, typed by hand: `bags` is (before, added, after), `score` (before, after);
    `bag_penalties` (how many penalties `bag_penalty` is), `moon` (where taking every trick
    wins the game) and `spoiler_points` (at a table with a spoiler) are written only when given."""
    items = contract_points + overtrick_points + (bonus_points or 0) + (spoiler_points or 0)
    items += sum(n["points"] for n in nils) - bag_penalty
    if items != hand_points:
        raise ValueError(f"{name}: the items add up to {items}, not {hand_points}")
    if score[0] + hand_points != score[1]:
        raise ValueError(f"{name}: {score[0]} + {hand_points} is not {score[1]}")
    return {
        "side": name,
        "contract": contract,
        "side_tricks": side_tricks,
        "tricks": tricks,
        "made": made,
        "contract_points": contract_points,
        "overtricks": overtricks,
        "overtrick_points": overtrick_points,
        **({} if bonus_points is None else {"bonus_points": bonus_points}),
        "nils": list(nils),
        **({} if spoiler_points is None else {"spoiler_points": spoiler_points}),
        "bags_before": bags[0],
        "bags_added": bags[1],
        **({} if bag_penalties is None else {"bag_penalties": bag_penalties}),
        "bag_penalty": bag_penalty,
        "bags_after": bags[2],
        "hand_points": hand_points,
        "score_before": score[0],
        "score_after": score[1],
        **({} if moon is None else {"moon": moon}),
    }


def hand(
    bids: Mapping[str, Any], tricks: Mapping[str, int], ns: dict[str, Any], ew: dict[str, Any]
) -> dict[str, Any]:
    if sum(tricks.values()) != 13:
        raise ValueError(f"tricks {dict(tricks)} do not add up to 13")
    for line, seats in ((ns, "NS"), (ew, "EW")):
        if line["side_tricks"] != sum(tricks[s] for s in seats):
            raise ValueError(f"{seats}: side_tricks disagrees with the seats' tricks")
    return {
        "bids": {s: bids[s] for s in "NESW"},
        "tricks": {s: tricks[s] for s in "NESW"},
        "sides": {"NS": ns, "EW": ew},
    }


def sheet(
    bids: Mapping[str, Any], tricks: Mapping[str, int], *lines: dict[str, Any], total: int
) -> dict[str, Any]:
    """A hand's sheet for any table: seats in play are those `bids` names; one line per side,
    each line's side_tricks the tricks of the seats its side name stands for (NS, EW, a seat, or
    a pair such as NE-SW)."""
    if sum(tricks.values()) != total:
        raise ValueError(f"tricks {dict(tricks)} do not add up to {total}")
    for line in lines:
        name = line["side"]
        members = side_members(name)  # a seat alone (NE), NS, EW, or a pair (NE-SW)
        if line["side_tricks"] != sum(tricks[s] for s in members):
            raise ValueError(f"{name}: side_tricks disagrees with the seats' tricks")
    seats = [s for s in SEAT_NAMES if s in bids]
    return {
        "bids": {s: bids[s] for s in seats},
        "tricks": {s: tricks[s] for s in seats},
        "sides": {line["side"]: line for line in lines},
    }


def bid_order(ident: str, dealer: str, options: Mapping[str, Any] | None = None) -> list[str]:
    """The seats in bidding order for a hand dealt by `dealer`, round the variant's table."""
    rules = variant(ident, opts(options)).rules
    table = table_of(rules)
    first = Seat[dealer]
    if rules.bidding.first_bidder is FirstBidder.LEFT_OF_DEALER:
        first = table.next_seat(first)
    order = [first]
    while len(order) < table.players:
        order.append(table.next_seat(order[-1]))
    return [seat.name for seat in order]


def bids_log(
    ident: str, dealer: str, bids: Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    return [{"action": "bid", "seat": s, "bid": bids[s]} for s in bid_order(ident, dealer, options)]


def bids_until(ident: str, dealer: str, made: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The bids given, in the variant's bidding order from `dealer`, up to the first seat not
    named."""
    out = []
    for seat in bid_order(ident, dealer):
        if seat not in made:
            break
        out.append({"action": "bid", "seat": seat, "bid": made[seat]})
    return out


def plays_log(plays: str) -> list[dict[str, Any]]:
    """Plays written as `S:2C W:9C N:AC E:5C ...`."""
    out = []
    for item in plays.split():
        seat, card = item.split(":")
        out.append({"action": "play", "seat": seat, "card": card})
    return out


def searched_hand(
    ident: str,
    *,
    dealer: str,
    bids: Mapping[str, Any],
    tricks: Mapping[str, int],
    seed: int,
    options: Mapping[str, Any] | None = None,
    start: dict[str, Any] | None = None,
    prefix: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The log of one hand (deal, bids, plays) giving each seat exactly `tricks`."""
    found = find_play(
        variant(ident, opts(options)),
        dealer=dealer,
        bids=bids,
        tricks=tricks,
        seed=seed,
        setup=start,
        prefix=prefix,
    )
    return found.actions


def case(
    ident: str,
    *,
    variant_id: str,
    description: str,
    tags: list[str],
    origin: dict[str, Any],
    start: dict[str, Any],
    actions: list[dict[str, Any]],
    expect: dict[str, Any],
    options: Mapping[str, Any] | None = None,
    level: str = "must",
    note: str | None = None,
    source_expect: dict[str, Any] | None = None,
    erratum_reason: str | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": ident,
        "description": description,
        "tags": list(dict.fromkeys(tags)),
        "origin": origin,
        "level": level,
        "status": "erratum" if erratum_reason else "ok",
        "variant": {"id": variant_id, **({"options": dict(options)} if options else {})},
        "setup": start,
        "actions": actions,
        "expect": expect,
    }
    if source_expect is not None:
        out["source_expect"] = source_expect
    if erratum_reason is not None:
        out["erratum_reason"] = erratum_reason
    if note:
        out["note"] = note
    return out
