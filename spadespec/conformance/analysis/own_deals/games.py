"""`spadespec conform --own-deals N`: an engine that deals its own cards (feature `deals`) cannot
be given a case's deal, so besides the cases that need none, it plays N games per variant from
its own deals, each checked step by step as `spadespec fuzz` checks one (its deals, the legal
actions at points inside each hand, whose turn it is, the tricks, every hand's score sheet, the
totals, bags and the end of the game).

Each game is one result of the run, `own-deals.<variant>.<n>`, at the level `must`: `pass`, or
`fail` with the differences, and then the game as a game record (the audit's format) with the
engine's own figures, which `spadespec audit` replays to name the rule.

The games are steered (`goals.py`: game k plays goal k, nil, blind nil, thirteen, bags near the
threshold, ...), their bots made from the bots' seed (`--own-deals-seed`), and the clauses they
reach counted against those the golden cases reach on the variant (`reach.py`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from spadespec.conformance.analysis.fuzz.checker import Divergence, GameChecker
from spadespec.conformance.analysis.fuzz.config import FuzzConfig, FuzzSetupError
from spadespec.conformance.analysis.fuzz.differences import REFUSED, engine_failed
from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.analysis.own_deals.goals import goal_of
from spadespec.conformance.analysis.own_deals.probes import PROBE_KIND, PROBED, probed
from spadespec.conformance.analysis.own_deals.reach import ClauseReach
from spadespec.conformance.contract.engines.named import EngineOpener, open_engine
from spadespec.conformance.contract.protocol.messages import FEATURES, SCORE, CaseResponse, Engine
from spadespec.conformance.contract.runner.checking import expected, plan_for
from spadespec.conformance.contract.runner.run import OWN_DEALS
from spadespec.conformance.contract.runner.verdict import CaseResult, judge
from spadespec.conformance.contract.suite.cases import Case

DEFAULT_GAMES = 3
"""Games per variant played from the engine's own deals when `--own-deals` is not given."""


@dataclass(frozen=True, slots=True)
class OwnDealsRun:
    """What fixes the games: the engine (as `--engine` names it, and its opener), the seed the
    bots play by, and the timeouts."""

    engine: str
    seed: int
    games: int = DEFAULT_GAMES
    opener: EngineOpener = open_engine
    timeout: float | None = None
    start_timeout: float | None = None
    clauses: tuple[str, ...] = ()
    """The clauses the golden cases reach on the variant, which the games' reach is counted
    against (`reach.golden_clauses`); none: not counted."""


def new_seed() -> int:
    """A seed for the bots' play; the engine deals from its own source whatever it is."""
    return random.SystemRandom().randrange(2**32)


def own_deal_results(
    run: OwnDealsRun, engine: Engine, variant: str, reach: list[ClauseReach] | None = None,
    probes: list[CaseResult] | None = None,
) -> Iterator[CaseResult]:  # fmt: skip
    """Play `run.games` games of `variant` (a shipped id or a variant file) from the engine's
    deals, each aimed at its goal (`goals.goal_of`) and judged as a result of the run; the
    engine is started again for them. The clauses the games reach of `run.clauses` are counted
    in a `ClauseReach` appended to `reach` when given; the probes the engine answered right
    (`probes.probed`) are appended to `probes` when given, each a passing case at its
    position."""
    config = FuzzConfig(
        engine=run.engine, variant=variant, options={}, seed=run.seed, games=run.games,
        ahead=False, opener=run.opener, timeout=run.timeout, start_timeout=run.start_timeout,
    )  # fmt: skip
    try:
        checker = GameChecker(config, engine)
    except FuzzSetupError as exc:
        yield CaseResult(_case(variant, 0, None), "error", message=str(exc))
        return
    counted = ClauseReach(checker.variant, checker.ref, list(run.clauses), checker.features)
    if reach is not None:
        reach.append(counted)
    try:
        for number in range(run.games):
            game = checker.play(number, goal_of(number).steer())
            if PROBED & checker.features:
                game = probed(checker.variant, game, run.seed)
            found = checker.check(game)
            case = _case(checker.variant.id, number, game)
            checked = _checked(game, checker.features)
            if probes is not None:
                probes += _probes_passed(case, game, found, checker.features)
            if found is None:
                counted.add(game)  # a game that differs was not checked through
                yield CaseResult(case, "pass", checked=checked)
                continue
            verdict = "error" if engine_failed(found.differences) else "fail"
            where = "at the end of its log" if found.at is None else f"after action {found.at}"
            message = f"game {number}, {where}: " + "; ".join(found.differences)
            context = {"record": found.record} if found.record is not None else None
            graded = None if verdict == "error" else _at_difference(case, game, found)
            if graded is not None:  # its differences follow the message, one a line
                yield replace(graded, message=f"game {number}, {where}", context=context)
                continue
            yield CaseResult(case, verdict, message=message, context=context, checked=checked)
    finally:
        checker.stop()


def _at_difference(game_case: Case, game: FuzzGame, found: Divergence) -> CaseResult | None:
    """The difference as a case result the diagnosis can replay, as it replays a golden case's:
    the position where the engine answered otherwise (its setup and log from the start of its
    hand), the reference's answers there as the case's expectation, and the engine's answers
    (or its refusal) graded against them. None where the difference is at no such position (a
    score request, a deal the game would not take)."""
    request = found.request
    if request is None or found.score:
        return None
    probe = request.get("probe")  # a point with a probe is told apart by it
    at = [p.answers for p in game.points
          if p.at == found.at and p.answers.get("illegal", {}).get("action") == probe]  # fmt: skip
    expect = game.final if found.at is None else at[0] if at else None
    if expect is None:
        return None
    case = replace(game_case, setup=request["setup"], actions=request["actions"], expect=expect)
    checked = tuple(request["ask"])
    response: CaseResponse
    if found.answers is not None:
        response = {"outcome": "answered", "answers": found.answers}
    else:
        message = found.differences[0].removeprefix(f"{REFUSED}: ")
        response = {"outcome": "errored", "message": message}
    result = judge(case, response, 0.0, expected(case, checked), lambda _answers: None)
    if result.verdict not in ("fail", "error"):
        return None
    return replace(result, checked=checked)


def _probes_passed(
    game_case: Case, game: FuzzGame, found: Divergence | None, features: set[str]
) -> list[CaseResult]:
    """The game's probes asked before its first difference (every one where it has none), each
    as a passing case at its position: its hand's setup and log, the probe's answer expected."""
    out = []
    for number, point in enumerate(p for p in game.points if p.kind == PROBE_KIND):
        if found is not None and found.at is not None and point.at >= found.at:
            continue
        checked = plan_for(point.answers, point.answers, features).checked
        if not checked:
            continue
        case = replace(
            game_case, id=f"{game_case.id}.probe.{number}", setup=point.start.setup,
            actions=game.actions[point.start.at : point.at], expect=point.answers,
        )  # fmt: skip
        out.append(CaseResult(case, "pass", checked=checked))
    return out


def _case(variant: str, number: int, game: FuzzGame | None) -> Case:
    """A game as the run reports it: a case of the variant whose log is the game's."""
    return Case(
        id=f"{OWN_DEALS}.{variant}.{number}", description="a game from the engine's own deals",
        tags=(), origin={}, level="must", status="ok", variant=variant, options={},
        setup=game.setup if game else {}, actions=game.actions if game else [],
        expect=game.final if game else {}, source_expect=None, erratum_reason=None, note=None,
        file="", data={},
    )  # fmt: skip


def _checked(game: FuzzGame, features: set[str]) -> tuple[str, ...]:
    """The features the game's requests checked, in the order a report lists them."""
    asked: set[str] = set()
    for answers in [game.final, *(point.answers for point in game.points)]:
        asked.update(plan_for(answers, answers, features).checked)
    order = [*FEATURES, SCORE]
    extra = {SCORE} if SCORE in features else set()
    return tuple(f for f in order if f in asked | extra)


def records_of(results: list[CaseResult]) -> list[dict[str, Any]]:
    """The game records of the games that differed."""
    return [r.context["record"] for r in results
            if isinstance(r.context, dict) and "record" in r.context]  # fmt: skip
