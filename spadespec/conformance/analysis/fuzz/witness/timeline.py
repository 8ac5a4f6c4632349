"""What is seen along a log under one ruleset (a timeline): whose turn it is and the legal
actions before each action, the trick winners after each trick, the score sheet, totals, bags
and status after each hand; and the first point where two timelines part.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from spadespec.conformance.analysis.fuzz.observe import hand_sheet
from spadespec.conformance.contract.engines.observables import (
    choices,
    legal_shown,
    status,
    turn,
    turn_shown,
)
from spadespec.reference_engine.actions import Action, action_from_json
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.variant.model import Rules

Seen = dict[tuple[int, str], Any]
"""A timeline: what is seen along a log, keyed (actions before it, observable)."""


def timeline(
    rules: Rules,
    setup: dict[str, Any],
    log: list[dict[str, Any]],
    actions: list[Action] | None = None,
) -> dict[tuple[int, str], Any]:
    """Everything seen along the log under `rules`, keyed (actions before it, observable):
    whose turn and the legal actions before each action, the trick winners after each trick,
    the score sheet, totals, bags and status after each hand. It stops where `rules` refuse
    an action of the log. `actions` are the log's entries as the engine holds them; whose turn
    it is and the legal actions are kept in the engine's form too (`turn`, `choices`), which
    compares as the protocol's does: `seen_at` gives a point's value as the protocol shows it.
    Without `actions`, the log's entries are read."""
    if actions is None:
        actions = [action_from_json(entry) for entry in log]
    game = Game.replay(rules, setup, [])
    seen: Seen = {}
    for index, entry in enumerate(log):
        passed = entry if entry["action"] == "pass" else None
        if observed(seen, index, game, partial(game.apply, actions[index]), passed):
            return seen
    observed_end(seen, len(log), game)
    return seen


def observed(
    seen: Seen,
    index: int,
    game: Game,
    act: Callable[[], Any],
    passed: dict[str, Any] | None = None,
) -> IllegalActionError | None:
    """The log's action number `index` done to `game` (`act`), with what is seen before and
    after it noted in `seen`; the game's refusal, if it refuses the action. `passed`: the
    action as the log writes it, when it is a pass, whose refusal is seen too."""
    seen[(index, "to_act")] = turn(game)
    seen[(index, "legal")] = choices(game)
    # The trick count, not the trick records: those are built afresh each time asked for.
    tricks, hands = game.trick_number, len(game.hand_results)
    try:
        if passed is not None:
            # Every hand may be passed from, so what tells is how many cards may go.
            seen[(index, "illegal")] = {"action": passed, "reason": None}
        act()
    except IllegalActionError as exc:
        if passed is not None:
            seen[(index, "illegal")] = {"action": passed, "reason": str(exc.reason)}
        return exc
    if game.trick_number > tricks or len(game.hand_results) > hands:
        seen[(index + 1, "trick_winners")] = [[seat.name for seat in game.trick_winners]]
    if len(game.hand_results) > hands:
        for name, read in _END_READERS:
            seen[(index + 1, name)] = read(game)
    return None


def observed_end(seen: Seen, index: int, game: Game) -> None:
    """At the end of a log the game took whole: whose turn and the legal actions, if the
    game goes on (a deal due again after one the rules threw in included)."""
    if game.phase is not Phase.OVER:
        seen[(index, "to_act")] = turn(game)
        seen[(index, "legal")] = choices(game)


def seen_at(seen: dict[tuple[int, str], Any], point: tuple[int, str]) -> Any:
    """The value a timeline holds at `point`, as the protocol shows it."""
    value = seen[point]
    if point[1] == "to_act":
        return turn_shown(value)
    if point[1] == "legal":
        return legal_shown(value)
    return value


_END_READERS: tuple[tuple[str, Callable[[Game], Any]], ...] = (
    ("hands", lambda g: [hand_sheet(r) for r in g.hand_results]),
    ("totals", lambda g: dict(g.totals)),
    ("bags", lambda g: dict(g.bags)),
    ("status", status),
    ("to_act", turn),
)


def parting(
    one: dict[tuple[int, str], Any], other: dict[tuple[int, str], Any]
) -> tuple[int, str] | None:
    """The first point where two timelines differ."""
    for point, value in one.items():
        if point not in other:
            return None
        if value != other[point]:
            return point
    return None
