"""What can be seen at a point of a game, read off the reference engine's `Game` in the protocol's
canonical forms: the same answers `spadespec.conformance.contract.engines.reference` gives, without
replaying the log again.

Hand sheets keep only the items the case schema requires, so an engine that leaves out the
optional ones (`side_tricks`, `bags_before`, `bag_penalties`, a nil's `blind`) is not called
different.
"""

from __future__ import annotations

import json
from typing import Any

from spadespec.conformance.contract.engines.observables import legal, status, to_act
from spadespec.conformance.contract.suite.cases import SCHEMA_NAME
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.paths import data_dir


def _case_schema_defs() -> dict[str, Any]:
    schema = json.loads((data_dir("schema") / SCHEMA_NAME).read_text("utf-8"))
    defs: dict[str, Any] = schema["$defs"]
    return defs


_SIDE_SCORE = _case_schema_defs()["sideScore"]
SHEET_ITEMS: tuple[str, ...] = tuple(_SIDE_SCORE["required"])
"""The items of a side's line that every engine must give (schema: sideScore.required)."""
NIL_ITEMS: tuple[str, ...] = tuple(_SIDE_SCORE["properties"]["nils"]["items"]["required"])
"""The items of a nil's line that every engine must give (`blind` may be left out)."""


def required_items(sheet: dict[str, Any]) -> dict[str, Any]:
    """One hand's sheet (seats as letters) with only the items every engine must give, so an
    engine that leaves out an optional one is not called different."""
    return {
        **sheet,
        "sides": {
            side: {
                **{item: line[item] for item in SHEET_ITEMS},
                "nils": [{item: nil[item] for item in NIL_ITEMS} for nil in line["nils"]],
            }
            for side, line in sheet["sides"].items()
        },
    }


def required_only(answers: dict[str, Any]) -> dict[str, Any]:
    """The reference's answers without the optional items of a hand's sheet."""
    if "hands" not in answers:
        return answers
    return {**answers, "hands": [required_items(sheet) for sheet in answers["hands"]]}


POSITION_ASKS = ("legal", "to_act", "trick_winners")
"""What is asked at a point inside a hand."""

END_ASKS = ("to_act", "trick_winners", "hands", "totals", "bags", "status")
"""What is asked at the end of a game's log."""


def hand_sheet(result: Any) -> dict[str, Any]:
    """One hand's score sheet with the required items only, seats by name (as the sheet
    keys them already)."""
    data = result.to_json()
    return required_items(
        {"bids": dict(data["bids"]), "tricks": dict(data["tricks"]), "sides": data["sides"]}
    )


def observe(game: Game, winners: list[list[str]], ask: tuple[str, ...]) -> dict[str, Any]:
    """The answers to `ask` at the game's present position; `winners` are the trick winners of
    every hand dealt in the log, kept by whoever played it (the game forgets them)."""
    out: dict[str, Any] = {}
    for key in ask:
        if key == "legal":
            out[key] = legal(game)
        elif key == "to_act":
            out[key] = to_act(game)
        elif key == "trick_winners":
            out[key] = [list(hand) for hand in winners]
        elif key == "hands":
            out[key] = [hand_sheet(r) for r in game.hand_results]
        elif key == "totals":
            out[key] = dict(game.totals)
        elif key == "bags":
            out[key] = dict(game.bags)
        elif key == "status":
            out[key] = status(game)
    return out


def asks_at(game: Game) -> tuple[str, ...]:
    """Every observable that means something at the game's present position."""
    if game.phase in (Phase.BID, Phase.PLAY):
        return POSITION_ASKS + ("hands", "totals", "bags", "status")
    return END_ASKS
