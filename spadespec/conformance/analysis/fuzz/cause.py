"""Where a game that differs first goes wrong, for a difference no known rule change explains:
what a run knows such a difference by (`campaign.cause_key`).

A game is checked at its chosen points and at the end of its whole log, so the difference it
is found at may be a late symptom of what went wrong earlier: an engine that ends the game a
hand too soon refuses the next hand's actions, where one that ends it a hand too late names
the next dealer. Both go wrong first at the end of a hand, in the same figure. So the engine
is asked again at the end of each hand before the difference, from the start of the game,
for every figure that means something there; the first hand end that differs stands for the
game. Where the engine refuses the log there, the action it refuses is found (the shortest
log it refuses) and the engine is asked at the position before it: its `legal` list, or
whatever else differs, stands for the game. A score keeper is asked its score request on the
hands up to each hand end. Nothing is shrunk, diagnosed or written here.
"""

from __future__ import annotations

from spadespec.conformance.analysis.fuzz.checker import Divergence, GameChecker
from spadespec.conformance.analysis.fuzz.differences import REFUSED
from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.analysis.fuzz.score_shrink import ScoreJudge
from spadespec.conformance.analysis.fuzz.shrink import Judge
from spadespec.reference_engine.variant import ResolvedVariant


def earliest_differences(
    checker: GameChecker, variant: ResolvedVariant, game: FuzzGame, found: Divergence
) -> tuple[str, ...]:
    """What differs at the earliest position of `game` where the engine differs from the
    reference under `variant`: `found`'s differences when no earlier hand end differs."""
    end = found.at if found.at is not None else len(game.actions)
    stops = [s.at for s in game.starts[1:]] + [len(game.actions)]
    stops = [stop for stop in stops if stop <= end]
    if found.score:
        scorer = ScoreJudge(checker, variant, None)
        for stop in stops:
            verdict = scorer.differs(game.setup, game.actions[:stop])
            if verdict is not None:
                return verdict.differences
        return found.differences
    judge = Judge(checker, variant)
    agreed = 0
    for stop in stops:
        verdict = judge.verdict(game.setup, game.actions[:stop])
        if verdict is not None and verdict.differences:
            return _before_refusal(judge, game, agreed, stop, verdict.differences)
        agreed = stop
    return _before_refusal(judge, game, agreed, end, found.differences)


def _before_refusal(
    judge: Judge, game: FuzzGame, agreed: int, stop: int, found: tuple[str, ...]
) -> tuple[str, ...]:
    """`found`, the differences after `stop` actions; where they are the engine refusing the
    log, what differs at the position before the first action it refuses (after `agreed`
    actions it did not refuse it)."""
    if not found[0].startswith(REFUSED):
        return found
    low, high = agreed, stop  # the engine takes the log of `low` actions, refuses `high`'s
    while high - low > 1:
        middle = (low + high) // 2
        verdict = judge.verdict(game.setup, game.actions[:middle])
        if (
            verdict is not None
            and verdict.differences
            and verdict.differences[0].startswith(REFUSED)
        ):
            high = middle
        else:
            low = middle
    before = judge.verdict(game.setup, game.actions[:low])
    if before is not None and before.differences and not before.differences[0].startswith(REFUSED):
        return before.differences
    return found
