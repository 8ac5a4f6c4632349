"""A score keeper's difference shrunk to the fewest hands that show it, as a case.

A score keeper is told each completed hand's bids and tricks (a score request), never a card,
so a shorter log is the only smaller position there is: the hands up to the first whose end
shows the difference, then from the latest hand start (its totals and bags as the setup) that
still shows it, then with totals and bags of zero where it survives. Each step keeps the same
first differing figure, so the case is filed under the difference it was found for. The case
expects the reference's figures at the end of its log; `conform` puts it to the keeper as a
score request, as every case that completes a hand is.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.analysis.fuzz.checker import Divergence, GameChecker, fuzz_case
from spadespec.conformance.analysis.fuzz.differences import differences
from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.analysis.fuzz.observe import required_only
from spadespec.conformance.analysis.fuzz.shrink import Verdict
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.features import figures_answered
from spadespec.conformance.contract.protocol.score_requests import score_expect, score_request_for
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant

FIGURES = ("hands", "totals", "bags", "status", "to_act")
"""What a score case expects: each figure a score request can be drawn from."""


class ScoreJudge:
    """Puts a log to the keeper as a score request and to the reference; a log differs only
    where the keeper's first differing figure is `figure` (None: wherever it differs)."""

    def __init__(self, checker: GameChecker, variant: ResolvedVariant, figure: str | None) -> None:
        self.checker = checker
        self.variant = variant
        self.figure = figure

    def differs(self, setup: dict[str, Any], actions: list[dict[str, Any]]) -> Verdict | None:
        from spadespec.conformance.analysis.fuzz.campaign import cause_key  # above this module

        request: Any = {"id": "fuzz", "variant": self.checker.ref, "setup": setup,
                        "actions": actions, "ask": list(FIGURES)}  # fmt: skip
        answer = ReferenceEngine().run_resolved(self.variant, request)
        if answer["outcome"] != "answered":
            return None
        reference = required_only(answer["answers"])
        game = FuzzGame(0, setup, actions, [], [], reference)
        case = fuzz_case(self.checker.ref, game)
        asked = score_request_for(case, figures_answered(self.checker.features))
        if asked is None:
            return None
        wanted = {k: v for k, v in score_expect(case).items() if k in asked["ask"]}
        response = self.checker.ask_score(asked)
        found = tuple(f"score request: {d}" for d in differences(wanted, response))
        if not found or (self.figure is not None and cause_key(found) != self.figure):
            return None
        return Verdict(setup, actions, reference, response, found)


def shrink_score(judge: ScoreJudge, game: FuzzGame) -> Verdict | None:
    """The fewest hands of `game` that show the keeper's difference, or None if it does not
    show again."""
    ends = [s.at for s in game.starts[1:]] + [len(game.actions)]
    best: Verdict | None = None
    last = 0
    for index, end in enumerate(ends):
        best = judge.differs(game.setup, game.actions[:end])
        if best is not None:
            last = index
            break
    if best is None:
        return None
    end = ends[last]
    for index in range(last, 0, -1):
        start = game.starts[index]
        verdict = judge.differs(start.setup, game.actions[start.at : end])
        if verdict is not None:
            best = verdict
            break
    zero = dict.fromkeys(table_of(judge.variant.rules).sides, 0)
    plain = judge.differs({**best.setup, "scores": zero, "bags": zero}, best.actions)
    return plain or best


def score_divergence(verdict: Verdict, found: Divergence) -> Verdict:
    """The verdict as the case builder reads it: the reference's figures, and the keeper's
    answer laid over them, so that the figure that differs is the one the case expects."""
    answers = dict(verdict.reference)
    first = verdict.differences[0].removeprefix("score request: ").split(": ", 1)[0]
    for key in FIGURES:
        if first.startswith(f"$.{key}") or (key == "hands" and "hand_points" in first):
            answers.pop(key, None)
    if "next_dealer" in first:
        answers.pop("to_act", None)
    response: Any = {"outcome": "answered", "answers": answers}
    if answers == verdict.reference:
        # No figure differs: the keeper gave none (it erred or skipped the request), and the
        # case expects every figure the reference gives.
        response = {"outcome": "no answer"}
    return Verdict(verdict.setup, verdict.actions, verdict.reference, response, found.differences)
