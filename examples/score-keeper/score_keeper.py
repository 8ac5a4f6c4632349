#!/usr/bin/env python3
"""A score keeper for the `standard` rules, speaking the spadespec engine protocol.

A score pad never sees a card: it is told each seat's bid and how many tricks each seat took,
hand by hand, and keeps the running totals, the bags and the end of the game. That is all this
program does. It declares the one feature `score`, so the conformance runner sends it a scoring
request for every case that completes a hand, and nothing else:

    spadespec conform --engine "python3 examples/score-keeper/score_keeper.py"

With `--no-game-end` it is the simplest score pad of all, one that adds up totals and bags and
never says when the game is over: it declares only the figures it answers (`score.totals` and
`score.bags` in place of `score`), so it is asked, and checked on, those alone:

    spadespec conform --engine "python3 examples/score-keeper/score_keeper.py --no-game-end"

Python's standard library only; it does not import spadespec. Read it in order: the rules,
scoring one side's hand, the game over a list of hands, and the protocol loop.
"""

from __future__ import annotations

import json
import sys
from typing import Any

# --- The standard rules (variants/standard.yaml) --------------------------------------------
POINTS_PER_BID_TRICK = 10  # a made contract scores ten a trick bid; a set loses as much
OVERTRICK_POINTS = 1  # each trick past the contract scores one, and is a bag
NIL_POINTS = 100  # a nil wins 100 if its bidder takes no trick, and loses 100 otherwise
BAG_LIMIT, BAG_PENALTY = 10, 100  # every tenth bag costs 100; the bags past ten carry on
TARGET = 500  # a side with 500 or more at the end of a hand wins, if it is ahead

SEATS = ("N", "E", "S", "W")  # clockwise; the deal passes to the dealer's left
SIDES = {"NS": ("N", "S"), "EW": ("E", "W")}


def score_side(seats: tuple[str, ...], bids: dict[str, Any], tricks: dict[str, int],
               bags: int) -> tuple[int, int]:  # fmt: skip
    """One partnership's points for the hand, and its bags after it."""
    points = 0
    contract = 0
    for seat in seats:
        if bids[seat] == "nil":  # scored alone; the nil bidder's tricks still count below
            points += NIL_POINTS if tricks[seat] == 0 else -NIL_POINTS
        else:
            contract += bids[seat]
    taken = sum(tricks[seat] for seat in seats)
    if taken < contract:  # set: lose ten a trick bid, and no bags
        return points - POINTS_PER_BID_TRICK * contract, bags
    overtricks = taken - contract
    points += POINTS_PER_BID_TRICK * contract + OVERTRICK_POINTS * overtricks
    bags += overtricks
    while bags >= BAG_LIMIT:
        points -= BAG_PENALTY
        bags -= BAG_LIMIT
    return points, bags


def keep_score(setup: dict[str, Any], hands: list[dict[str, Any]],
               game_end: bool = True) -> dict[str, Any]:  # fmt: skip
    """Score the hands in turn from the setup; every figure a score keeper can be asked.
    Without `game_end`, the pad only adds up: nobody ever wins."""
    totals = dict(setup["scores"])
    bags = dict(setup["bags"])
    dealer: str | None = setup["dealer"]
    status: dict[str, Any] = {"status": "continues", "winner": None}
    hand_points = []
    for hand in hands:
        if dealer is None:
            raise ValueError("a hand is told after the game was over")
        points = {}
        for side, seats in SIDES.items():
            points[side], bags[side] = score_side(seats, hand["bids"], hand["tricks"], bags[side])
            totals[side] += points[side]
        hand_points.append(points)
        ns, ew = totals["NS"], totals["EW"]
        if game_end and max(ns, ew) >= TARGET and ns != ew:  # level totals play on
            status = {"status": "won", "winner": "NS" if ns > ew else "EW"}
            dealer = None
        else:
            dealer = SEATS[(SEATS.index(dealer) + 1) % 4]
    return {
        "hand_points": hand_points,
        "totals": totals,
        "bags": bags,
        "status": status,
        "next_dealer": dealer,
    }


# --- The protocol (docs/protocol.md): one JSON object a line each way, flushed ----------------
HELLO = {
    "name": "score-keeper-example",
    "version": "1.0.0",
    "language": "python",
    "protocol": 1,
    "variants": ["standard"],
    "features": ["score"],
}


# A score pad that keeps no end of game declares, in place of `score` (every figure), the two
# figures it answers; it is asked those alone.
NO_GAME_END = {**HELLO, "features": ["score.totals", "score.bags"]}


def answer(request: dict[str, Any], game_end: bool = True) -> dict[str, Any]:
    """The answer to one `score` request: the figures asked, or why not."""
    case = request["case"]
    if not game_end and set(case["ask"]) - {"totals", "bags"}:  # never sent: not declared
        message = f"this score pad answers only totals and bags, not {case['ask']}"
        return {"errored": {"message": message}}
    if case["variant"]["id"] != "standard" or case["variant"].get("options"):
        return {"skipped": {"reason": "this score keeper keeps standard, with no table options"}}
    try:
        figures = keep_score(case["setup"], case["hands"], game_end)
    except (KeyError, TypeError, ValueError) as exc:
        return {"errored": {"message": f"cannot score these hands: {exc!r}"}}
    return {"result": {key: figures[key] for key in case["ask"]}}


def main() -> int:
    game_end = "--no-game-end" not in sys.argv[1:]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        command = request.get("cmd")
        if command == "stop":
            break
        if command == "start":
            reply = HELLO if game_end else NO_GAME_END
        elif command == "score":
            reply = {"seq": request["seq"], **answer(request, game_end)}
        else:  # never sent to an engine declaring only `score`; answer in step all the same
            reply = {"seq": request.get("seq"), "skipped": {"reason": f"no {command!r} here"}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
