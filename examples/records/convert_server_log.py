#!/usr/bin/env python3
"""Convert a web game server's event log into spadespec game records, one JSON line a game.

    python3 convert_server_log.py server-log.jsonl > games.jsonl
    spadespec audit games.jsonl

The log is the kind a game server writes as tables play (see server-log.jsonl): one JSON
event a line, each with a time `t`, a `type` and the `game` it belongs to, games interleaved:

    {"t": ..., "type": "table", "game": "g1", "table": "t4", "rules": "standard",
     "players": {"N": "ana", "E": "bo", "S": "cy", "W": "di"}, "dealer": "W"}
    {"t": ..., "type": "deal", "game": "g1", "hand": 1, "dealer": "W", "cards": {"ana": [...]}}
    {"t": ..., "type": "bid", "game": "g1", "player": "bo", "bid": 3}        ("nil" for nil)
    {"t": ..., "type": "card", "game": "g1", "player": "cy", "card": "10H"}
    {"t": ..., "type": "hand_end", "game": "g1", "hand": 1, "tricks": {"ana": 4, ...},
     "score": {"team1": {"points": 52, "total": 52, "bags": 2}, "team2": {...}}}
    {"t": ..., "type": "game_end", "game": "g1", "winner": "team1"}

team1 is North and South, team2 East and West. Anything else the server logs (chat, joins) is
passed over. A game is written when its `game_end` comes, or at the end of the log if it never
does (as a game still going). Only the standard library is used, so a server can run it as is.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

TEAMS = {"team1": "NS", "team2": "EW"}


def card(text: str) -> str:
    """The server writes a ten as 10; the record writes T."""
    return "T" + text[2:] if text.startswith("10") else text


class Game:
    """One game's events gathered into a record."""

    def __init__(self, event: dict[str, Any]) -> None:
        self.seat_of = {name: seat for seat, name in event["players"].items()}
        self.record: dict[str, Any] = {
            "format": 1,
            "variant": {"id": event.get("rules", "standard")},
            "setup": {"dealer": event["dealer"]},
            "actions": [],
            "hands": [],
            "meta": {
                "table": event.get("table"),
                "game": event["game"],
                "started": event["t"],
                "players": event["players"],
            },
        }

    def add(self, event: dict[str, Any]) -> None:
        kind, record = event["type"], self.record
        if kind == "deal":
            hands = {
                self.seat_of[name]: [card(c) for c in cards]
                for name, cards in event["cards"].items()
            }
            record["actions"].append({"action": "deal", "hands": hands})
            record["hands"].append({"dealer": event["dealer"]})
        elif kind == "bid":
            bid = event["bid"]
            record["actions"].append(
                {"action": "bid", "seat": self.seat_of[event["player"]], "bid": bid}
            )
        elif kind == "card":
            record["actions"].append(
                {
                    "action": "play",
                    "seat": self.seat_of[event["player"]],
                    "card": card(event["card"]),
                }
            )
        elif kind == "hand_end":
            hand = record["hands"][-1]
            hand["tricks"] = {self.seat_of[n]: k for n, k in event["tricks"].items()}
            for figure, key in (("points", "points"), ("totals", "total"), ("bags", "bags")):
                hand[figure] = {TEAMS[team]: line[key] for team, line in event["score"].items()}
            record["totals"] = dict(hand["totals"])
            record["bags"] = dict(hand["bags"])
        elif kind == "game_end":
            winner = event.get("winner")
            record["outcome"] = (
                {"status": "won", "winner": TEAMS[winner]}
                if winner
                else {"status": "tie", "winner": None}
            )
            record["meta"]["ended"] = event["t"]


def convert(lines: TextIO, out: TextIO) -> int:
    """Write a record for every game in the log; the number of games written."""
    games: dict[str, Game] = {}
    written = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            print(f"line {number}: not JSON ({exc.msg}); passed over", file=sys.stderr)
            continue
        kind, key = event.get("type"), event.get("game")
        if kind == "table":
            games[key] = Game(event)
        elif key in games:
            games[key].add(event)
            if kind == "game_end":
                out.write(json.dumps(games.pop(key).record) + "\n")
                written += 1
    for game in games.values():  # still going when the log ends
        game.record["outcome"] = {"status": "continues", "winner": None}
        out.write(json.dumps(game.record) + "\n")
        written += 1
    return written


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[0])
        print("usage: convert_server_log.py LOG... (- for stdin) > records.jsonl")
        return 0 if argv else 2
    for name in argv:
        if name == "-":
            convert(sys.stdin, sys.stdout)
            continue
        try:
            with open(name, encoding="utf-8") as lines:
                convert(lines, sys.stdout)
        except OSError as exc:
            print(f"{name}: cannot read: {exc.strerror}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
