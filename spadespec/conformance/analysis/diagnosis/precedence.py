"""A refusal given for another reason that also holds: the engine checks its reasons in
another order than the reason codes' precedence (`reference_engine/reason_codes.py`).

An engine that checks the turn before the bid refuses a second bid out of turn with
`not-your-turn` where the case expects `already-bid`. Both are true of the probe; only their
order differs, which no rule of the variant changes. Such a failure is said apart, with how
to declare `refusal` (whether the probe is refused, never why) instead of `illegal`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.game_phases.state import Phase
from spadespec.reference_engine.variant import ResolvedVariant

_REASON = "$.illegal.reason"


def _not_your_turn(game: Game, probe: dict[str, Any]) -> bool:
    return game.to_act is None or game.to_act.name != probe.get("seat")


def _already_bid(game: Game, probe: dict[str, Any]) -> bool:
    seat = probe.get("seat")
    return probe.get("action") == "bid" and any(s.name == seat for s in game.bids)


def _game_over(game: Game, _probe: dict[str, Any]) -> bool:
    return game.phase is Phase.OVER


HOLDS: dict[str, Callable[[Game, dict[str, Any]], bool]] = {
    "not-your-turn": _not_your_turn,
    "already-bid": _already_bid,
    "game-over": _game_over,
}
"""The reasons that are plain facts of the position, each with its test: whether it holds of
a probe, whatever other reason comes first."""


def precedence(result: CaseResult, base: ResolvedVariant) -> tuple[str, str] | None:
    """(the reason the engine gave, the reason the case expects) when the engine's only
    difference is refusing the probe for another reason that also holds; else None."""
    if result.verdict != "fail" or [d.path for d in result.differences] != [_REASON]:
        return None
    given, expected = result.differences[0].actual, result.differences[0].expected
    holds = HOLDS.get(given) if isinstance(given, str) else None
    if holds is None or expected is None:
        return None
    case = result.case
    try:
        game = Game.replay(base, case.setup, case.actions)
    except IllegalActionError:
        return None
    return (given, str(expected)) if holds(game, case.expect["illegal"]["action"]) else None
