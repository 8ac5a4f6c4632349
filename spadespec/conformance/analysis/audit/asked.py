"""The engine's answers a record holds at points inside its game (`asked`: its legal actions
there, or its refusal of the log up to there), each beside the rules' answer there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.conformance.analysis.audit.record import GameRecord
from spadespec.conformance.contract.engines.observables import choices, legal_shown
from spadespec.reference_engine.game import Game

REPLAYS = "a log the rules replay"
"""What the rules say of a log the engine refused up to a point: it replays."""


@dataclass(frozen=True, slots=True)
class Asked:
    """One answer the engine recorded at a point, and the rules' there."""

    figure: str
    """`legal` (its legal list) or `refused` (its refusal of the log up to the point)."""
    recorded: Any
    expected: Any

    @property
    def differs(self) -> bool:
        if self.figure == "legal":
            return set(self.recorded) != set(self.expected)
        return True  # the rules replay every log the audit reaches


def asked_at(game: Game, record: GameRecord, at: int) -> list[Asked]:
    """The record's points after `at` log actions (`game` is the log replayed to there), each
    with the rules' answer."""
    found = []
    for point in record.asked:
        if point["at"] != at:
            continue
        if "legal" in point:
            found.append(Asked("legal", point["legal"], legal_shown(choices(game))))
        else:
            found.append(Asked("refused", point["refused"], REPLAYS))
    return found
