"""The fuzz run: fuzzed games put to the engine under test, its answers set beside the
reference engine's, game after game, until a difference is found or the budget is spent.

Each game is one request for its whole log (to act, trick winners, every hand's score sheet,
totals, bags, status), one score request for an engine that keeps score (feature `score`: each
completed hand's bids and tricks, the figures after them asked) and one request per chosen
point inside each hand (the legal actions
there), put from the start of that hand (its dealer, totals and bags as the setup), so a long
game costs no more per hand than a short one. Games are numbered; game `n` of a run is the
same whichever process plays it, and the run reports the lowest-numbered game that differs, so
`--jobs N` finds what `--jobs 1` finds. With one job a second process plays the games ahead
(`spadespec.conformance.analysis.fuzz.feed`); with several, each process plays and checks its own.

An engine that deals its own cards (feature `deals`) is asked for each hand's deal instead
(`deal` requests), in the process that checks the game: its deal is checked as the reference
checks one, and a game that differs is also written as a game record (`records`) with the
engine's own figures, for `spadespec audit`, since no other engine can be given its deals.
"""

from __future__ import annotations

import contextlib
import copy
import queue
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

import orjson

from spadespec.conformance.analysis.fuzz.feed import GameFeed, GameFeedStopped, start_context
from spadespec.conformance.analysis.fuzz.games import (
    DEFAULT_HANDS_PER_GAME,
    FuzzGame,
    Point,
    play_fuzz_game,
)
from spadespec.conformance.analysis.fuzz.observe import required_only
from spadespec.conformance.analysis.fuzz.records import RECORD_ASKS, game_record
from spadespec.conformance.contract.engines.kept_games import SERVED_KEEP, KeptGames, json_copy
from spadespec.conformance.contract.engines.named import EngineOpener, UnknownEngine, open_engine
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol import deal_requests, nil_as_zero
from spadespec.conformance.contract.protocol.features import figures_answered, keeps_score, plays
from spadespec.conformance.contract.protocol.messages import (
    NIL_AS_ZERO,
    PIPELINED,
    CaseRequest,
    CaseResponse,
    Engine,
    EngineInfo,
    ScoreRequest,
    VariantRef,
)
from spadespec.conformance.contract.protocol.score_requests import score_expect, score_request_for
from spadespec.conformance.contract.runner.checking import expected_for, plan_for
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.suite import variant_files
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.deal import Hands
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.scoring.inputs import zero_beside_nil
from spadespec.reference_engine.variant import ResolvedVariant, load_variant

CHUNK = 4
"""Games handed to a process at a time."""

_STDERR_LINES = 8


class FuzzSetupError(Exception):
    """The run cannot start: the engine does not start, or does not play the variant."""


class EngineDidNotStart(FuzzSetupError):
    """The engine under test did not answer `start` (it exited, hung, answered in a form or
    protocol it should not): a verdict on the engine, exit status 1, as `conform` gives it, not
    a usage mistake."""


@dataclass(frozen=True, slots=True)
class FuzzConfig:
    """Everything that fixes a run; the same config finds the same thing."""

    engine: str
    variant: str
    options: dict[str, Any]
    seed: int
    games: int | None = 100
    hands: int | None = None
    hands_per_game: int = DEFAULT_HANDS_PER_GAME
    points_per_hand: int | None = 2
    timeout: float | None = None
    start_timeout: float | None = None
    jobs: int = 1
    ahead: bool = True
    """With one job, play the games in a second process while the first checks them."""
    first_game: int = 0
    """The number of the first game played: a run that keeps going after a difference goes
    on from there. `games` counts from game 0 all the same."""
    shard: tuple[int, int] | None = None
    """(I, N): play only the I-th of N disjoint runs of the `games` games."""
    known: tuple[str, ...] = ()
    """Rule changes the engine's answers are expected under (`scoring.bag_threshold=11`),
    the games still played under the variant: a shrinker's, for a difference found in a game
    once the differences before it in that game were named."""
    keep_going: bool = False
    """Go on past a difference (an engine's failure to answer is always gone on past)."""
    opener: EngineOpener = open_engine
    """What opens the engine `engine` names, in each process of the run: by default the
    built-in engine or a command; the `fuzz` command is given the hub's, which knows the
    named faults too (`fault:NAME`)."""

    def open(self) -> Engine:
        """A new engine under test, not started."""
        return self.opener(self.engine, timeout=self.timeout, start_timeout=self.start_timeout)


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where the engine first answered differently: game `number`, after `at` actions of its
    log (None: at the end of the whole log), and what differed; with the request put there
    (a score request when `score`) and the engine's answers to it, read back as the
    reference writes them, so that a rule change can be tried on them without the engine."""

    number: int
    at: int | None
    differences: tuple[str, ...]
    request: dict[str, Any] | None = None
    answers: dict[str, Any] | None = None
    score: bool = False
    record: dict[str, Any] | None = None
    """For an engine that deals its own cards: the game as a game record, with the engine's
    figures at its end (`spadespec.conformance.analysis.fuzz.records`)."""


@dataclass(slots=True)
class ChunkResult:
    first: int
    hands: list[int] = field(default_factory=list)
    requests: int = 0
    skipped: int = 0
    divergences: list[Divergence] = field(default_factory=list)


@dataclass(slots=True)
class FuzzOutcome:
    """What a run did: games and hands compared, requests sent, and the first difference."""

    games: int = 0
    hands: int = 0
    requests: int = 0
    seconds: float = 0.0
    skipped: int = 0
    """Requests the engine declined (`skipped`): asked, not compared."""
    divergence: Divergence | None = None
    """The difference the run stopped at, if it stopped at one."""
    engine: EngineInfo | None = None


def _did_not_start(exc: Exception) -> str:
    """Why the engine did not start, with the end of what it wrote to stderr."""
    message = f"the engine did not start: {exc}"
    tail = str(getattr(exc, "stderr", "")).rstrip("\n").splitlines()[-_STDERR_LINES:]
    if tail:
        message += "\n  the engine's stderr (last lines):\n" + "\n".join(f"    | {x}" for x in tail)
    return message


def variant_ref(variant: ResolvedVariant, options: dict[str, Any]) -> VariantRef:
    """The request's variant: for a house's file, with the rules it changes (`variant_files`)."""
    return cast(VariantRef, variant_files.variant_ref(variant.id, options))


NO_ANSWER = "the engine could not answer"
"""How a difference begins where the engine gave no answer at all (it exited, hung, wrote
what is not an answer)."""


REFUSED = "the engine refused the log"
"""How a difference begins where the engine answered that it cannot replay the log (an
`errored` answer of its own): a difference like any other, which a rule may explain."""


def engine_failed(found: Sequence[str]) -> bool:
    """Whether a difference is the engine giving no answer: a failure of the engine, which no
    rule of the game explains, so it is not diagnosed as one."""
    return bool(found) and found[0].startswith(NO_ANSWER)


def differences(expected: dict[str, Any], response: CaseResponse) -> list[str]:
    """How the engine's response differs from the reference's answers; [] when it agrees or
    declined (`skipped`: nothing to compare, counted by the asker)."""
    outcome = response["outcome"]
    if outcome == "skipped":
        return []
    if outcome == "errored" and response.get("failed"):
        return [f"{NO_ANSWER}: {response.get('message', '')}"]
    if outcome == "errored":
        return [f"{REFUSED}: {response.get('message', '')}"]
    answers = response.get("answers", {})
    if agrees(expected, answers):
        return []
    return [str(d) for d in compare(expected, answers)]


def _guarded(ask: Callable[[Any], CaseResponse], request: Any) -> CaseResponse:
    """The engine's response to `request`; an in-process engine that raises gave no answer, a
    failure of the engine, never of the run."""
    try:
        return ask(request)
    except Exception as exc:
        message = f"the engine raised {type(exc).__name__}: {exc}"
        return {"outcome": "errored", "message": message, "failed": True}


@dataclass(frozen=True, slots=True)
class _Asked:
    """One request a game is checked with (`run` at a position, or `score`), before the
    engine's terms are applied, and the answers expected; `at` as in `Divergence`."""

    kind: str
    request: Any
    wanted: dict[str, Any]
    at: int | None


def _position(point: Point) -> int:
    return point.at


def agrees(wanted: Any, got: Any) -> bool:
    """Whether the answers are the reference's to the letter: every key it gives (others may
    be added), lists in its order, and each value of the same JSON type (`true` is not `1`).
    Answers that agree this way are the same under `compare`, which is only needed, at many
    times the cost, to say what differs or to allow another order of the legal actions."""
    return _written_alike(wanted, got) or _agrees(wanted, got)


def _written_alike(wanted: Any, got: Any) -> bool:
    """The usual case at a fraction of `_agrees`' cost: equal, and written as the same JSON
    text, keys in the same order. Equal alone would let `1.0` or `true` stand for `1`; the
    same text alone would let a float that is not a number stand for `null`."""
    try:
        return bool(wanted == got) and orjson.dumps(wanted) == orjson.dumps(got)
    except TypeError:  # an integer beyond 64 bits: compared the long way
        return False


def _agrees(wanted: Any, got: Any) -> bool:
    kind = type(wanted)
    if kind is dict:
        if type(got) is not dict:
            return False
        for key, value in wanted.items():
            if key not in got or not _agrees(value, got[key]):
                return False
        return True
    if kind is list:
        return type(got) is list and len(got) == len(wanted) and all(map(_agrees, wanted, got))
    return type(got) is kind and got == wanted


class GameChecker:
    """One engine under test, started, and the fuzzed games put to it."""

    def __init__(self, config: FuzzConfig, engine: Engine | None = None) -> None:
        self.config = config
        self.variant = load_variant(config.variant, dict(config.options))
        # The run's own variant, the very object, when no rule change is known: the answers
        # the game was played with are then what is expected, with no replay to ask for them.
        self.expected_variant = expected_variant(config) if config.known else self.variant
        """The variant the engine's answers are expected under: the run's, or with the
        known rule changes applied."""
        if variant_files.is_variant_file(config.variant):
            # In each worker process too: the engines declare the file's id, as `conform` has it.
            variant_files.register(load_variant(config.variant))
        self.ref = variant_ref(self.variant, config.options)
        try:
            self.engine = engine or config.open()
        except UnknownEngine as exc:  # no such command or fault: the command used wrongly
            raise FuzzSetupError(str(exc)) from None
        if type(self.engine) is ReferenceEngine and self.engine.kept is None:
            # The reference in this process walks through each game as the served one does.
            self.engine.kept = KeptGames(SERVED_KEEP)
        self.reference = ReferenceEngine(keep=SERVED_KEEP)
        """The reference, for the answers expected under rule changes (`known`)."""
        try:
            self.info = self.engine.start()
        except Exception as exc:  # any failure to start is the engine's, said plainly
            raise EngineDidNotStart(_did_not_start(exc)) from None
        if not plays(self.info, self.variant.id):
            self.engine.stop()
            raise FuzzSetupError(
                f"the engine does not play variant {self.variant.id!r} (it plays: "
                f"{', '.join(self.info['variants']) or 'none'})"
            )
        self.features = set(self.info["features"])
        self.zero = nil_as_zero.declared(self.info)
        if self.zero and zero_beside_nil(self.variant.rules):
            self.engine.stop()
            raise FuzzSetupError(
                f"the engine declares {NIL_AS_ZERO}, but {self.variant.id} has a bid of 0 beside "
                "nil, so a 0 cannot stand for nil there"
            )
        self.requests = 0
        self.skipped = 0
        self.deals = deal_requests.deals(self.info)
        """The engine deals its own cards: each hand's deal is asked of it."""
        self._dealt: dict[int, FuzzGame] = {}
        """The games played from the engine's deals, by number: played again, a game keeps
        the deals it had, which this engine knows as its own."""

    def deal(self, game: Game, seed: int) -> Hands:
        """The engine's deal of the hand due in `game`, checked as the reference checks one;
        raises `EngineDealError` naming what is wrong with it."""
        request = deal_requests.deal_request_for(
            copy.deepcopy(self.ref), game.setup, [a.to_json() for a in game.log], seed, "fuzz"
        )
        if self.zero:
            request = cast(Any, nil_as_zero.told(cast(Any, request)))
        self.requests += 1
        dealer = getattr(self.engine, "deal", None)
        try:
            response: CaseResponse = (
                dealer(request) if dealer is not None
                else {"outcome": "errored", "message": "the engine has no deal()"}
            )  # fmt: skip
        except Exception as exc:  # an in-process engine's crash is the engine's, not the run's
            response = {"outcome": "errored", "message": f"the engine raised {exc!r}"}
        return deal_requests.dealt_hands(game, response)

    def ask(self, setup: dict[str, Any], actions: list[dict[str, Any]], ask: Sequence[str],
            probe: dict[str, Any] | None = None) -> CaseResponse:  # fmt: skip
        """Put one position to the engine under test, asking `ask` (features it declares)."""
        request = self._request(setup, actions, ask, probe)
        self.requests += 1
        return self._read("run", _guarded(self.engine.run, self._told("run", request)))

    def _request(self, setup: dict[str, Any], actions: list[dict[str, Any]], ask: Sequence[str],
                 probe: dict[str, Any] | None = None) -> CaseRequest:  # fmt: skip
        request: CaseRequest = {
            "id": "fuzz",
            "variant": json_copy(self.ref),  # the run's own, whatever an engine does
            "setup": setup,
            "actions": actions,
            "ask": list(ask),
        }
        if probe is not None:
            request["probe"] = probe
        return request

    def _told(self, kind: str, request: Any) -> Any:
        """A request as the engine is told it: nil as 0 for an engine that writes it so."""
        if not self.zero:
            return request
        return nil_as_zero.told(request) if kind == "run" else nil_as_zero.told_score(request)

    def _read(self, kind: str, response: CaseResponse) -> CaseResponse:
        """A response counted (a request declined) and read back into the canonical forms."""
        if response["outcome"] == "skipped":
            self.skipped += 1
        elif kind == "run" and self.zero and isinstance(response.get("answers"), dict):
            answers = nil_as_zero.read_under(self.variant.rules, response["answers"])
            response = {**response, "answers": answers}
        return response

    def ask_score(self, request: ScoreRequest) -> CaseResponse:
        """Put a score request to the engine under test (a score keeper)."""
        scorer = getattr(self.engine, "score", None)
        if scorer is None:
            return {"outcome": "skipped", "reason": "the engine is not asked score requests"}
        self.requests += 1
        return self._read("score", _guarded(scorer, self._told("score", request)))

    def check(
        self, game: FuzzGame, *, only: Divergence | None = None,
        expected: ResolvedVariant | None = None,
    ) -> Divergence | None:  # fmt: skip
        """The first difference in one game: at its points in log order, then at its end,
        then on its score request (`only`: at the position of that difference alone, asked
        afresh), the engine's answers expected under `expected` (by default the run's
        variant, or with its known rule changes). An engine that declares `pipelined` is sent
        the game's requests together; any other, one at a time, none after a difference.
        Either way the same requests are counted and the same difference found."""
        asked = self._asked(game, only, expected or self.expected_variant)
        if self._pipelined():
            asks = list(asked)
            return self._judged(game, zip(asks, self._answer_all(asks), strict=True), only)
        return self._judged(game, ((a, self._asked_alone(a)) for a in asked), only)

    def _pipelined(self) -> bool:
        """Whether the engine is sent requests together (`answer_all`)."""
        return PIPELINED in self.features and hasattr(self.engine, "answer_all")

    def _answer_all(self, asks: list[_Asked]) -> list[CaseResponse]:
        if not asks:
            return []
        batch = self.engine.answer_all  # type: ignore[attr-defined]  # `_pipelined` checked it
        responses: list[CaseResponse] = batch(
            [(a.kind, self._told(a.kind, a.request)) for a in asks]
        )
        return responses

    def check_all(self, games: list[FuzzGame]) -> Iterator[Divergence | None]:
        """`check` of each game in turn, the requests of all of them sent together to an
        engine that declares `pipelined` (so it answers one game while the next is judged);
        the caller may stop at any difference, as the answers are all in."""
        if not self._pipelined():
            yield from map(self.check, games)
            return
        under = self.expected_variant
        asks = [list(self._asked(game, None, under)) for game in games]
        responses = self._answer_all([one for game_asks in asks for one in game_asks])
        start = 0
        for game, game_asks in zip(games, asks, strict=True):
            answered = zip(game_asks, responses[start : start + len(game_asks)], strict=True)
            start += len(game_asks)
            yield self._judged(game, answered, None)

    def _judged(
        self, game: FuzzGame, answered: Iterable[tuple[_Asked, CaseResponse]],
        only: Divergence | None,
    ) -> Divergence | None:  # fmt: skip
        """The first difference among a game's responses, read in order: each request is
        counted up to it, none after, as if the requests had gone one at a time."""
        for one, response in answered:
            self.requests += 1
            response = self._read(one.kind, response)
            found = differences(one.wanted, response)
            if not found:
                continue
            if one.kind == "score":
                found_score = Divergence(
                    game.number, None, tuple(f"score request: {d}" for d in found),
                    dict(one.request), response.get("answers"), score=True,
                )  # fmt: skip
                return self._recorded(game, found_score)
            request = {k: one.request[k] for k in ("setup", "actions", "ask")}
            return self._recorded(game, Divergence(game.number, one.at, tuple(found), request,
                                                   response.get("answers")))  # fmt: skip
        bad = game.bad_deal
        if bad is not None and (only is None or only.at == bad.at):
            return self._recorded(
                game, Divergence(game.number, bad.at, (f"the engine's deal: {bad.message}",))
            )
        return None

    def _asked_alone(self, one: _Asked) -> CaseResponse:
        if one.kind == "score":
            # `_score_asked` asks only an engine that has score().
            scorer = self.engine.score  # type: ignore[attr-defined]  # a ScoreKeeper, as checked
            return _guarded(scorer, self._told("score", one.request))
        return _guarded(self.engine.run, self._told("run", one.request))

    def _asked(
        self, game: FuzzGame, only: Divergence | None, under: ResolvedVariant
    ) -> Iterator[_Asked]:
        """The requests a game is checked with, in the order asked, each with the answers
        expected; made one by one, as they are asked."""
        # In log order, each request's log extends the one before it in its hand (and the
        # whole log extends the first hand's): an engine that keeps the game it last played
        # (the reference, `kept_games`) plays on with the new actions only.
        positions: list[tuple[Any, Any, dict[str, Any], int | None]] = [
            (p.start.setup, game.actions[p.start.at : p.at], p.answers, p.at)
            for p in sorted(game.points, key=_position)
        ]
        positions.append((game.setup, game.actions, game.final, None))
        for setup, actions, answers, at in positions:
            if only is not None and at != only.at:
                continue
            checked = plan_for(answers, answers, self.features).checked
            if not checked:
                continue
            wanted = self._expected(setup, actions, answers, checked, under)
            if wanted is not None:
                yield _Asked("run", self._request(setup, actions, checked), wanted, at)
        if keeps_score(self.features) and (only is None or only.score):
            score = self._score_asked(game, under)
            if score is not None:
                yield score

    def _recorded(self, game: FuzzGame, found: Divergence) -> Divergence:
        """The difference, with the game as a record when the engine dealt it: the engine is
        asked once more, at the end of the log, for the figures the record holds."""
        if not self.deals:
            return found
        asks = [key for key in RECORD_ASKS if key in self.features]
        answers = None
        if asks:
            response = self.ask(game.setup, game.actions, asks)
            answers = response.get("answers") if response["outcome"] == "answered" else None
        meta = {"source": "spadespec fuzz", "seed": self.config.seed, "game": game.number,
                "differences": list(found.differences)}  # fmt: skip
        return replace(found, record=game_record(self.ref, game, answers, meta))

    def _score_asked(self, game: FuzzGame, under: ResolvedVariant) -> _Asked | None:
        """A score keeper's request on the game (each completed hand's bids and tricks, then
        the figures after them) with the reference's answers; None when there is none."""
        case = fuzz_case(self.ref, game)
        expect = score_expect(case)
        request = score_request_for(case, figures_answered(self.features), expect)
        if request is None or getattr(self.engine, "score", None) is None:
            return None
        if under is self.variant:
            wanted = {k: v for k, v in expect.items() if k in request["ask"]}
        else:
            answer = self.reference.score_resolved(under, request)
            if answer["outcome"] != "answered":
                return None
            wanted = answer["answers"]
        return _Asked("score", request, wanted, None)

    def _expected(
        self, setup: Any, actions: Any, answers: dict[str, Any], checked: tuple[str, ...],
        under: ResolvedVariant,
    ) -> dict[str, Any] | None:  # fmt: skip
        """The answers expected at a position: those the game was played with, or, under
        rule changes, the reference's under them (None where it refuses the log, as an engine
        playing them would)."""
        if under is self.variant:
            return expected_for(answers, checked)
        request: CaseRequest = {
            "id": "fuzz", "variant": {"id": self.ref["id"], "options": self.ref["options"]},
            "setup": setup, "actions": actions, "ask": list(checked),
        }  # fmt: skip
        wanted = self.reference.run_resolved(under, request)
        if wanted["outcome"] != "answered":
            return None
        return required_only(wanted["answers"])

    def play(self, number: int) -> FuzzGame:
        if number in self._dealt:
            return self._dealt[number]
        game = play_fuzz_game(
            self.variant,
            self.config.seed,
            number,
            hands=self.config.hands_per_game,
            points_per_hand=self.config.points_per_hand,
            deals=self.deal if self.deals else None,
        )
        if self.deals:
            self._dealt = {number: game}  # the last one only: a difference plays it again
        return game

    def run_chunk(self, first: int, last: int, feed: GameFeed | None = None) -> ChunkResult:
        """Games first..last-1 in order (played here, or taken from `feed`), stopping at the
        first that differs unless the run keeps going (or the engine gave no answer, which
        is gone on past: the engine is restarted with the next request)."""
        result = ChunkResult(first)
        before, skipped = self.requests, self.skipped
        numbers = range(first, last)
        if self.deals:
            # Each game played from the engine's deals and checked before the next is dealt:
            # the game that differs is the one it keeps (`play`), to be played again.
            played: Iterable[tuple[FuzzGame, Divergence | None]] = (
                (game, self.check(game)) for game in map(self.play, numbers)
            )
        else:
            # The feed's games come from the seed's deals.
            games = [feed.game(n) if feed is not None else self.play(n) for n in numbers]
            played = zip(games, self.check_all(games), strict=False)
        for game, found in played:
            result.hands.append(len(game.starts))
            if found is not None:
                result.divergences.append(found)
                if not (self.config.keep_going or engine_failed(found.differences)):
                    break
        result.requests = self.requests - before
        result.skipped = self.skipped - skipped
        return result

    def stop(self) -> None:
        self.engine.stop()


Progress = Callable[[FuzzOutcome], None]

Found = Callable[[Divergence, "GameChecker | None"], bool]
"""Told each difference in game order, as the games are counted (with the run's own checker
when it has one in this process, idle meanwhile); True stops the run there."""


def _stop_at_first(found: Divergence, checker: GameChecker | None) -> bool:
    return True


def run_fuzz(
    config: FuzzConfig, progress: Progress | None = None,
    started: Callable[[EngineInfo], None] | None = None, found: Found = _stop_at_first,
) -> FuzzOutcome:  # fmt: skip
    """Fuzz until `found` stops the run at a difference (by default the first: the lowest-
    numbered game that differs) or the budget (`games`, or `hands` counted game by game in
    order) is spent. `started` is told the engine's answer to `start` before any game is put
    to it; `progress`, the counts each time the games counted grow."""
    began = time.perf_counter()
    outcome = FuzzOutcome()
    if config.jobs <= 1:
        # The feed's process is started first, so that it holds nothing of the engine's.
        feed = _feed(config) if config.ahead else None
        try:
            checker = GameChecker(config)
        except BaseException:
            if feed is not None:
                feed.stop()
            raise
        outcome.engine = checker.info
        if checker.deals and feed is not None:  # its games would be of the seed's deals
            feed.stop()
            feed = None
        try:
            if started:
                started(checker.info)
            chunk = 0
            while not _spent(config, outcome, chunk):
                first, last = _bounds(config, chunk)
                _take(config, outcome, checker.run_chunk(first, last, feed), found, checker)
                outcome.seconds = time.perf_counter() - began
                if progress:
                    progress(outcome)
                chunk += 1
        except GameFeedStopped as exc:
            raise FuzzSetupError(str(exc)) from None
        finally:
            checker.stop()
            if feed is not None:
                feed.stop()
    else:
        _run_parallel(config, outcome, progress, began, started, found)
    outcome.seconds = time.perf_counter() - began
    return outcome


def fuzz_case(ref: VariantRef, game: FuzzGame) -> Case:
    """A fuzzed game as a case whose expectation is the reference's answers at its end: what
    a score request is made from."""
    return Case(
        id="fuzz", description="a fuzzed game", tags=(), origin={}, level="must", status="ok",
        variant=ref["id"], options=dict(ref["options"]), setup=game.setup,
        actions=game.actions, expect=game.final, source_expect=None, erratum_reason=None,
        note=None, file="", data={},
    )  # fmt: skip


def expected_variant(config: FuzzConfig) -> ResolvedVariant:
    """The variant the engine's answers are expected under: the run's, with the known rule
    changes applied."""
    base = load_variant(config.variant, dict(config.options))
    if not config.known:
        return base
    from spadespec.conformance.analysis.diagnosis.neighbours import (
        from_label,  # only a campaign needs it
    )

    near = from_label(base, " + ".join(config.known))
    if near is None:
        raise FuzzSetupError(f"the known changes {' + '.join(config.known)} cannot stand together")
    return near.variant


def _feed(config: FuzzConfig) -> GameFeed:
    variant = load_variant(config.variant, dict(config.options))
    first, last = game_range(config)
    return GameFeed(
        variant, config.seed, first=first, last=last, hands=config.hands_per_game,
        points_per_hand=config.points_per_hand,
    )  # fmt: skip


def game_range(config: FuzzConfig) -> tuple[int, int | None]:
    """The numbers of the games a run plays, from the first to before the second (None: as
    many as the hand budget takes): its shard of the campaign, from `first_game` on."""
    if config.games is None:
        return config.first_game, None
    low, high = 0, config.games
    if config.shard is not None:
        index, count = config.shard
        low, high = (index - 1) * config.games // count, index * config.games // count
    return max(low, config.first_game), high


def _bounds(config: FuzzConfig, chunk: int) -> tuple[int, int]:
    start, end = game_range(config)
    first = start + chunk * CHUNK
    last = first + CHUNK
    if end is not None:
        last = min(last, end)
    return first, last


def _spent(config: FuzzConfig, outcome: FuzzOutcome, chunk: int) -> bool:
    """Whether the run is over before chunk `chunk` (every earlier chunk taken)."""
    if outcome.divergence is not None:
        return True
    if config.hands is not None and outcome.hands >= config.hands:
        return True
    start, end = game_range(config)
    return end is not None and start + chunk * CHUNK >= end


def _take(
    config: FuzzConfig, outcome: FuzzOutcome, result: ChunkResult, found: Found,
    checker: GameChecker | None = None,
) -> None:  # fmt: skip
    """Count a chunk's games in order, up to the hand budget or the difference `found` stops
    at, telling it each difference as its game is counted."""
    outcome.requests += result.requests
    outcome.skipped += result.skipped
    by_game = {d.number: d for d in result.divergences}
    for number, hands in enumerate(result.hands, start=result.first):
        if config.hands is not None and outcome.hands >= config.hands:
            return
        outcome.games += 1
        outcome.hands += hands
        divergence = by_game.get(number)
        if divergence is not None and found(divergence, checker):
            outcome.divergence = divergence
            return


# --- several processes ----------------------------------------------------------------------


def _worker(config: FuzzConfig, tasks: Any, results: Any) -> None:
    # Ctrl-C reaches every process of the run, and the run ends its processes with SIGTERM,
    # which here raises KeyboardInterrupt as Ctrl-C does: either way this one stops its engine
    # (the `finally` blocks run) and goes quietly.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with contextlib.suppress(KeyboardInterrupt):
        _check_chunks(config, tasks, results)


def _check_chunks(config: FuzzConfig, tasks: Any, results: Any) -> None:
    try:
        checker = GameChecker(config)
    except FuzzSetupError as exc:
        results.put(("setup", str(exc), isinstance(exc, EngineDidNotStart)))
        return
    results.put(("ready", checker.info))
    try:
        while True:
            chunk = tasks.get()
            if chunk is None:
                break
            results.put(("chunk", chunk, checker.run_chunk(*_bounds(config, chunk))))
    finally:
        checker.stop()


def _run_parallel(
    config: FuzzConfig, outcome: FuzzOutcome, progress: Progress | None, began: float,
    started: Callable[[EngineInfo], None] | None, found: Found,
) -> None:  # fmt: skip
    context = start_context()
    tasks = context.Queue()
    results = context.Queue()
    workers = [
        context.Process(target=_worker, args=(config, tasks, results), daemon=True)
        for _ in range(config.jobs)
    ]
    for worker in workers:
        worker.start()
    try:
        for _ in workers:
            message = results.get()
            if message[0] == "setup":
                raise (EngineDidNotStart if message[2] else FuzzSetupError)(message[1])
            outcome.engine = message[1]
        if started and outcome.engine is not None:
            started(outcome.engine)
        done: dict[int, ChunkResult] = {}
        next_to_take = 0
        submitted = 0
        # Keep each process busy with a chunk in hand and one queued.
        while True:
            while (
                submitted - next_to_take < 2 * config.jobs
                and not _spent(config, outcome, submitted)
                and not _known_end(config, outcome, done, next_to_take, submitted)
            ):
                tasks.put(submitted)
                submitted += 1
            if next_to_take >= submitted:
                break
            _, chunk, result = _get(results, workers)
            done[chunk] = result
            while next_to_take in done and not _spent(config, outcome, next_to_take):
                _take(config, outcome, done.pop(next_to_take), found)
                next_to_take += 1
                outcome.seconds = time.perf_counter() - began
                if progress:
                    progress(outcome)
            if _spent(config, outcome, next_to_take):
                break
    except BaseException:  # Ctrl-C, SIGTERM, an engine that failed: no chunk is waited for
        for worker in workers:
            worker.terminate()  # which, in the worker, stops its engine
        raise
    finally:
        for _ in workers:
            tasks.put(None)
        for worker in workers:
            worker.join(5.0)
            if worker.is_alive():
                worker.terminate()


def _known_end(
    config: FuzzConfig, outcome: FuzzOutcome, done: dict[int, ChunkResult], taken: int,
    submitted: int,
) -> bool:  # fmt: skip
    """Whether a chunk already back (not yet taken) stopped at a difference: nothing after it
    is needed."""
    return any(
        r.divergences and not (config.keep_going or engine_failed(r.divergences[-1].differences))
        for c, r in done.items() if taken <= c < submitted
    )  # fmt: skip


def _get(results: Any, workers: list[Any]) -> Any:
    while True:
        try:
            return results.get(timeout=1.0)
        except queue.Empty:
            if not any(w.is_alive() for w in workers):
                raise FuzzSetupError("every fuzzing process has stopped") from None
