"""One engine under test, started, and fuzzed games put to it (`GameChecker`): each game's
requests made, sent, and the answers set beside the reference engine's.

Each game is one request for its whole log (to act, trick winners, every hand's score sheet,
totals, bags, status), one score request for an engine that keeps score (feature `score`: each
completed hand's bids and tricks, the figures after them asked) and one request per chosen
point inside each hand (the legal actions there), put from the start of that hand (its dealer,
totals and bags as the setup), so a long game costs no more per hand than a short one. An
engine that declares `pipelined` is sent a game's requests together.

An engine that deals its own cards (feature `deals`) is asked for each hand's deal instead
(`deal` requests): its deal is checked as the reference checks one, and a game that differs is
also written as a game record (`records`) with the engine's own figures, for `spadespec
audit`, since no other engine can be given its deals.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from spadespec.conformance.analysis.diagnosis.replays import code_of
from spadespec.conformance.analysis.fuzz.config import EngineDidNotStart, FuzzConfig, FuzzSetupError
from spadespec.conformance.analysis.fuzz.differences import REFUSED, differences
from spadespec.conformance.analysis.fuzz.games import FuzzGame, Point, Steer, play_fuzz_game
from spadespec.conformance.analysis.fuzz.observe import required_only
from spadespec.conformance.analysis.fuzz.records import RECORD_ASKS, game_record
from spadespec.conformance.contract.engines.kept_games import SERVED_KEEP, KeptGames, json_copy
from spadespec.conformance.contract.engines.named import UnknownEngine
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol import deal_requests, nil_as_zero, redeal_calls, tables
from spadespec.conformance.contract.protocol.features import figures_answered, keeps_score, plays
from spadespec.conformance.contract.protocol.messages import (
    NIL_AS_ZERO,
    PIPELINED,
    REDEAL_CALLS,
    TABLES,
    AnswersAll,
    CaseRequest,
    CaseResponse,
    Dealer,
    Engine,
    ScoreKeeper,
    ScoreRequest,
    VariantRef,
)
from spadespec.conformance.contract.protocol.requests import probe_for
from spadespec.conformance.contract.protocol.score_requests import score_expect, score_request_for
from spadespec.conformance.contract.runner.checking import expected_for, plan_for
from spadespec.conformance.contract.suite import variant_files
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.deal import Hands
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.scoring.inputs import zero_beside_nil
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant, load_variant

_STDERR_LINES = 8


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
    game: FuzzGame | None = field(default=None, compare=False, repr=False)
    """The game it was found in, to judge on from it without playing it again."""


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


def _later(one: _Asked, found: Divergence) -> bool:
    """Whether a request is asked after the one `found` was at: points in log order, then
    the end of the log, then the score request."""
    if found.score:
        return False
    if found.at is None:
        return one.kind == "score"
    return one.kind == "score" or one.at is None or one.at > found.at


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
        if redeal_calls.needed(self.variant.rules) and not redeal_calls.declared(self.info):
            self.engine.stop()
            raise FuzzSetupError(
                f"{self.variant.id} lets the holder of a deficient hand call the redeal, and the "
                f"engine does not declare {REDEAL_CALLS}"
            )
        if tables.needed(self.variant.rules) and not tables.declared(self.info):
            self.engine.stop()
            raise FuzzSetupError(
                f"{self.variant.id} is played at a table of {table_of(self.variant.rules).players}"
                f" seats, and the engine does not declare {TABLES}"
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
        engine = self.engine
        self._scorer = engine if isinstance(engine, ScoreKeeper) else None
        self._dealer = engine if isinstance(engine, Dealer) else None
        self._batcher = engine if isinstance(engine, AnswersAll) else None
        self._alone: dict[str, Callable[[Any], CaseResponse]] = {"run": engine.run}
        """What a request of each kind is put to, sent alone."""
        if self._scorer is not None:
            self._alone["score"] = self._scorer.score
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
        try:
            response: CaseResponse = (
                self._dealer.deal(request) if self._dealer is not None
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
        if self._scorer is None:
            return {"outcome": "skipped", "reason": "the engine is not asked score requests"}
        self.requests += 1
        return self._read("score", _guarded(self._scorer.score, self._told("score", request)))

    def check(
        self, game: FuzzGame, *, only: Divergence | None = None,
        expected: ResolvedVariant | None = None, after: Divergence | None = None,
    ) -> Divergence | None:  # fmt: skip
        """The first difference in one game: at its points in log order, then at its end,
        then on its score request (`only`: at the position of that difference alone, asked
        afresh), the engine's answers expected under `expected` (by default the run's
        variant, or with its known rule changes); `after`: at the positions after that
        difference only (its game judged on from it). An engine that declares `pipelined` is sent
        the game's requests together; any other, one at a time, none after a difference.
        Either way the same requests are counted and the same difference found."""
        asked = self._asked(game, only, expected or self.expected_variant)
        if after is not None:
            asked = (one for one in asked if _later(one, after))
        batcher = self._pipelined()
        if batcher is not None:
            asks = list(asked)
            answered = zip(asks, self._answer_all(batcher, asks), strict=True)
            return self._judged(game, answered, only)
        return self._judged(game, ((a, self._asked_alone(a)) for a in asked), only)

    def _pipelined(self) -> AnswersAll | None:
        """The engine, when it is sent requests together (`answer_all`); None otherwise."""
        return self._batcher if PIPELINED in self.features else None

    def _answer_all(self, batcher: AnswersAll, asks: list[_Asked]) -> list[CaseResponse]:
        if not asks:
            return []
        return batcher.answer_all([(a.kind, self._told(a.kind, a.request)) for a in asks])

    def check_all(self, games: list[FuzzGame]) -> Iterator[Divergence | None]:
        """`check` of each game in turn, the requests of all of them sent together to an
        engine that declares `pipelined` (so it answers one game while the next is judged);
        the caller may stop at any difference, as the answers are all in."""
        batcher = self._pipelined()
        if batcher is None:
            yield from map(self.check, games)
            return
        under = self.expected_variant
        asks = [list(self._asked(game, None, under)) for game in games]
        responses = self._answer_all(batcher, [one for game_asks in asks for one in game_asks])
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
            request = {k: one.request[k] for k in ("setup", "actions", "ask", "probe")
                       if k in one.request}  # fmt: skip
            return self._recorded(game, Divergence(game.number, one.at, tuple(found), request,
                                                   response.get("answers")))  # fmt: skip
        bad = game.bad_deal
        if bad is not None and (only is None or only.at == bad.at):
            return self._recorded(
                game, Divergence(game.number, bad.at, (f"the engine's deal: {bad.message}",))
            )
        return None

    def _asked_alone(self, one: _Asked) -> CaseResponse:
        # A score request is made (`_score_asked`) only for an engine that has score().
        return _guarded(self._alone[one.kind], self._told(one.kind, one.request))

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
                request = self._request(setup, actions, checked, probe_for(answers, checked))
                yield _Asked("run", request, wanted, at)
        if keeps_score(self.features) and (only is None or only.score):
            score = self._score_asked(game, under)
            if score is not None:
                yield score

    def _recorded(self, game: FuzzGame, found: Divergence) -> Divergence:
        """The difference, with its game, and the game as a record when the engine dealt it:
        the engine is asked once more, at the end of the log, for the figures the record
        holds."""
        found = replace(found, game=game)
        if not self.deals:
            return found
        asks = [key for key in RECORD_ASKS if key in self.features]
        answers = None
        if asks:
            response = self.ask(game.setup, game.actions, asks)
            answers = response.get("answers") if response["outcome"] == "answered" else None
        meta = {"source": "spadespec fuzz", "seed": self.config.seed, "game": game.number,
                "differences": list(found.differences)}  # fmt: skip
        record = game_record(self.ref, game, answers, meta)
        differed = _differed_point(game, found)
        if differed is not None:
            record["differed"] = [differed]
        return replace(found, record=record)

    def _score_asked(self, game: FuzzGame, under: ResolvedVariant) -> _Asked | None:
        """A score keeper's request on the game (each completed hand's bids and tricks, then
        the figures after them) with the reference's answers; None when there is none."""
        case = fuzz_case(self.ref, game)
        expect = score_expect(case)
        request = score_request_for(case, figures_answered(self.features), expect)
        if request is None or self._scorer is None:
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
        probe = probe_for(answers, checked)
        if probe is not None:
            request["probe"] = probe
        wanted = self.reference.run_resolved(under, request)
        if wanted["outcome"] != "answered":
            return None
        return required_only(wanted["answers"])

    def play(self, number: int, steer: Steer | None = None) -> FuzzGame:
        """Game `number` of the run, aimed by `steer` when given (`play_fuzz_game`)."""
        if number in self._dealt:
            return self._dealt[number]
        game = play_fuzz_game(
            self.variant,
            self.config.seed,
            number,
            hands=self.config.hands_per_game,
            points_per_hand=self.config.points_per_hand,
            deals=self.deal if self.deals else None,
            steer=steer,
        )
        if self.deals:
            self._dealt = {number: game}  # the last one only: a difference plays it again
        return game

    def stop(self) -> None:
        self.engine.stop()


def _differed_point(game: FuzzGame, found: Divergence) -> dict[str, Any] | None:
    """What the engine answered where it differed, as a record's `differed` holds it: the last
    action of the log it refused (with the reason code its message names, if any), an action
    it was asked to check and refused (`_refused_probe`), or its `legal` list where that
    differed; None for anything else."""
    if found.score or found.request is None:
        return None
    at = len(game.actions) if found.at is None else found.at
    if found.answers is None and found.differences[0].startswith(REFUSED):
        if at == 0:
            return None
        reason = code_of(found.differences[0].removeprefix(f"{REFUSED}: "))
        return {"at": at - 1, "refused": {"action": game.actions[at - 1], "reason": reason}}
    probe = found.request.get("probe")
    if probe is not None:  # an action probed: the engine's refusal of it, where it refused it
        return _refused_probe(at, probe, found.answers or {})
    legal = (found.answers or {}).get("legal")
    if isinstance(legal, list) and any(d.startswith("$.legal") for d in found.differences):
        return {"at": at, "legal": legal}
    return None


def _refused_probe(
    at: int, probe: dict[str, Any], answers: dict[str, Any]
) -> dict[str, Any] | None:
    """A probe the engine answered otherwise than the rules, as a record's `differed` holds it:
    refused (with its reason code, or none where it gave its refusal in words) or allowed; None
    where it gave neither answer."""
    illegal, refusal = answers.get("illegal"), answers.get("refusal")
    if isinstance(illegal, dict) and isinstance(illegal.get("reason"), str):
        return {"at": at, "refused": {"action": probe, "reason": illegal["reason"]}}
    if illegal is None and isinstance(refusal, dict) and refusal.get("refused") is True:
        return {"at": at, "refused": {"action": probe, "reason": None}}
    if isinstance(illegal, dict) or isinstance(refusal, dict):
        return {"at": at, "allowed": {"action": probe}}
    return None


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
