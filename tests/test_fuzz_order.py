"""A fuzzed game's requests come in log order: each point of a hand after the ones before it,
the whole log last, so an engine that keeps the game it last played plays on from there."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.analysis.fuzz.checker import GameChecker
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest, CaseResponse


class Recording(ReferenceEngine):
    """The reference engine, noting each request's setup and the length of its log."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[Any, int]] = []

    def run(self, request: CaseRequest) -> CaseResponse:
        self.seen.append((request["setup"], len(request["actions"])))
        return super().run(request)


def test_a_games_requests_are_asked_in_log_order() -> None:
    engine = Recording()
    config = FuzzConfig(engine="recording", variant="standard", options={}, seed=3)
    checker = GameChecker(config, engine)
    unordered = 0
    try:
        for number in range(12):
            game = checker.play(number)
            engine.seen.clear()
            assert checker.check(game) is None
            # Where each request stops in the game's log: a point's log runs from its hand's
            # start, whose setup names the hand.
            starts = {id(s.setup): s.at for s in game.starts}
            *points, whole = engine.seen
            assert whole == (game.setup, len(game.actions))
            ends = [starts[id(setup)] + length for setup, length in points]
            assert len(ends) == len(game.points)
            assert ends == sorted(ends)
            unordered += [p.at for p in game.points] != sorted(p.at for p in game.points)
    finally:
        checker.stop()
    # The games' points are chosen out of log order, so the order above is the checker's.
    assert unordered > 0
