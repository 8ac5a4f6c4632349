"""The engine's answers a record holds at points inside its game (`asked`: its legal actions
there, or its refusal of the log up to there), set beside the rules' as the log is replayed."""

from __future__ import annotations

from spadespec.conformance.analysis.audit.record import GameRecord
from spadespec.conformance.analysis.audit.replay import FigureDifference, GameAudit
from spadespec.conformance.contract.engines.observables import choices, legal_shown
from spadespec.reference_engine.game import Game

REPLAYS = "a log the rules replay"
"""What the rules say of a log the engine refused up to a point: it replays."""


def compare_asked(game: Game, record: GameRecord, at: int, hand: int, out: GameAudit) -> None:
    """The record's points after `at` log actions (`game` is the log replayed to there), each
    compared with the rules' answer, counted as a figure checked: a legal list the rules give
    otherwise, or a refusal of a log they replay, is a difference. `hand` is the hand the point
    is in (0 before the first deal)."""
    found = out.differences
    for point in record.asked:
        if point["at"] != at:
            continue
        out.figures += 1
        where = hand or None
        if "legal" in point:
            expected = legal_shown(choices(game))
            if set(point["legal"]) != set(expected):
                found.append(FigureDifference(where, "legal", None, point["legal"], expected))
        else:
            found.append(FigureDifference(where, "refused", None, point["refused"], REPLAYS))
