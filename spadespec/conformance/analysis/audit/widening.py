"""Whether a rule change found for refused actions only widens what the rules allow.

A record of actions shows what the engine allowed, never what it refused. Where the problems
of a group are all actions the rules refuse and the engine played, a rule change that allows
every action the variant allows, at every position the kept hands reach, and more, explains
them whatever the engine's rule really is: a first lead that is free explains a named card
not led as well as a house that frees the lead only without the next card up; spades led at
any time explain a promoted deuce led as its printed suit. No recorded game can tell the two
apart, since both allow every action the records hold. Such a change is said as only
consistent with the records, and the problem left unexplained. A change that moves a turn or
refuses an action the variant allows (the dealer leading first) is refuted by a record that
shows otherwise, and stays named.
"""

from __future__ import annotations

from collections.abc import Iterable

from spadespec.conformance.analysis.diagnosis.neighbours import Neighbour
from spadespec.conformance.contract.engines.observables import choices, turn
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.actions import action_from_json
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game


def only_widens(near: Neighbour, cases: Iterable[Case]) -> bool:
    """Whether, at every position of `cases` (each replayed from its setup, and its probe,
    where it has one), the neighbour gives the same seat the turn and allows every action the
    variant allows."""
    for case in cases:
        probe = case.expect.get("illegal", {}).get("action")
        log = [*case.actions, *([probe] if probe is not None else [])]
        try:
            base = Game.replay(near.base, case.setup, [])
            other = Game.replay(near.variant, case.setup, [])
        except (IllegalActionError, InvalidActionError):
            return False
        for entry in log:
            if not _wider(base, other):
                return False
            try:
                action = action_from_json(entry)
                base.apply(action)
            except (IllegalActionError, InvalidActionError):
                break  # the probe the variant refuses: nothing after it to compare
            try:
                other.apply(action)
            except IllegalActionError:
                return False
        else:
            if not _wider(base, other):
                return False
    return True


def _wider(base: Game, other: Game) -> bool:
    """Whether `other` gives the same seat the turn as `base`, and allows all it allows."""
    if turn(base) != turn(other):
        return False
    mine, theirs = choices(base), choices(other)
    if isinstance(mine, int) and isinstance(theirs, int):
        return mine & ~theirs == 0
    if isinstance(mine, tuple) and isinstance(theirs, tuple):
        return set(mine) <= set(theirs)
    return mine == 0
