"""A second, independent reading of the scoring rules, used to cross-check recorded games.

The recorder takes each hand's score from the reference engine; before it writes a game down
it scores every hand again here, from the variant's rule values alone, and refuses to write
anything the two disagree on. This module shares no code with `reference_engine.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.variant.model import Rules

PARTNERS = {"NS": ("N", "S"), "EW": ("E", "W")}


def score_side(
    rules: Rules,
    side: str,
    bids: Mapping[str, Any],
    tricks: Mapping[str, int],
    score: int,
    bags: int,
) -> dict[str, Any]:
    """One partnership's itemised line for a hand, in the case format's `sideScore` shape."""
    s = rules.scoring
    seats = PARTNERS[side]
    contract = sum(bids[x] for x in seats if bids[x] != "nil")
    counted = 0
    nil_bags = 0
    nils: list[dict[str, Any]] = []
    if s.nil_bonus is None or s.nil_penalty is None:
        nil_bids = [x for x in seats if bids[x] == "nil"]
        if nil_bids:
            raise ValueError(f"{nil_bids[0]} bid nil, but the variant gives nil no value")
    for x in seats:
        if bids[x] == "nil":
            took = tricks[x]
            nils.append(
                {
                    "seat": x,
                    "tricks": took,
                    "made": took == 0,
                    "points": (s.nil_bonus or 0) if took == 0 else -(s.nil_penalty or 0),
                }
            )
            if str(s.nil_tricks) == "count":
                counted += took
            elif str(s.nil_tricks) == "bags-only":
                nil_bags += took
        else:
            counted += tricks[x]
    made = counted >= contract
    if made:
        contract_points = s.points_per_bid_trick * contract
        over = counted - contract
    else:
        short = contract - counted
        per = contract if str(s.set_penalty) == "per-trick-bid" else short
        contract_points = -s.set_points_per_trick * per
        over = 0
    added = over + nil_bags if (made or str(s.bags_count) == "always") else 0
    count = bags + added
    times = 0
    while count >= s.bag_threshold:
        times += 1
        count = count - s.bag_threshold if str(s.bag_carry) == "excess-carries" else 0
    hand = contract_points + over * s.overtrick_points + sum(n["points"] for n in nils)
    hand -= times * s.bag_penalty
    return {
        "side": side,
        "contract": contract,
        "side_tricks": sum(tricks[x] for x in seats),
        "tricks": counted,
        "made": made,
        "contract_points": contract_points,
        "overtricks": over,
        "overtrick_points": over * s.overtrick_points,
        "nils": nils,
        "bags_before": bags,
        "bags_added": added,
        "bag_penalties": times,
        "bag_penalty": times * s.bag_penalty,
        "bags_after": count,
        "hand_points": hand,
        "score_before": score,
        "score_after": score + hand,
    }


def status_after(rules: Rules, totals: Mapping[str, int]) -> dict[str, Any]:
    """The game's status after a hand, from the two totals and the game-end rules."""
    g = rules.game_end
    ns, ew = totals["NS"], totals["EW"]

    def there(total: int) -> bool:
        return total >= g.target if str(g.target_rule) == "reach" else total > g.target

    ended = there(ns) or there(ew)
    if g.losing_floor is not None:
        ended = ended or ns <= g.losing_floor or ew <= g.losing_floor
    if not ended:
        return {"status": "continues", "winner": None}
    if ns == ew:
        if str(g.tie) == "tie":
            return {"status": "tie", "winner": None}
        return {"status": "continues", "winner": None}
    return {"status": "won", "winner": "NS" if ns > ew else "EW"}
