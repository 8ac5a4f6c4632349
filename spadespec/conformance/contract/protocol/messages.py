"""The protocol's messages, and what an engine under test implements: a handshake, one
answer per case, and a goodbye.

The messages are plain JSON-shaped dicts so that the same request and response can travel to
an engine in another language as one JSON line each; an in-process Python engine simply
implements `Engine`. The runner talks to engines only through this Protocol.

    engine.start()        -> EngineInfo: name, version, language, variants, features
    engine.run(request)   -> CaseResponse: answered (with answers), skipped, or errored
    engine.score(request) -> CaseResponse, only for an engine declaring the feature `score`
    engine.deal(request)  -> CaseResponse, only for an engine declaring the feature `deals`
    engine.stop()

What an engine can do beyond `Engine` is a capability Protocol of its own (`ScoreKeeper`,
`Dealer`, `AnswersAll`), each checked with `isinstance`; the features it declares say whether
it is asked.

A request carries the case's variant, setup and log, the list of observables asked
(`ask`), and for an `illegal` expectation the action to try (`probe`). It never carries the
expected values. Answers use the canonical forms of `schema/case.schema.json#/$defs/expect`.

A score request (`ScoreRequest`) carries only what a score keeper is told of a case: its
variant and setup, and each completed hand's bids and tricks by seat; no cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NotRequired, Protocol, TypedDict, runtime_checkable

# Bumped whenever a request or response changes shape; an engine states the version it speaks.
PROTOCOL_VERSION = 1

# Every observable a case can ask for, in the order a report lists them.
OBSERVABLES = ("legal", "illegal", "to_act", "trick_winners", "hands", "totals", "bags", "status")

# Every feature an engine may declare for its cases, in the order a report lists them: the
# observables, and two partial forms for engines that know less. `refusal` answers whether a
# probe is refused, in any words (for `illegal`); `next_deal` answers whose deal is next or
# that the game is over, between hands only (for `to_act`). SCORE, below, is the one more
# feature: it asks for score requests, not for anything of a case.
FEATURES = (
    "legal", "illegal", "refusal", "to_act", "next_deal", "trick_winners", "hands", "totals",
    "bags", "status",
)  # fmt: skip

SCORE = "score"
"""The feature an engine declares to be sent score requests (`ScoreKeeper.score`)."""

NIL_AS_ZERO = "nil_as_zero"
"""The feature an engine declares when it writes nil as the bid 0 (there is then no separate
zero bid): it is told nil as 0, its answers are read either way, a probe of a bid of 0 is not
sent to it, and a variant with a zero bid beside nil is refused for it
(`spadespec.conformance.contract.protocol.nil_as_zero`)."""

REPRESENTATION_FEATURES = (NIL_AS_ZERO,)
"""Features that say how an engine writes things, not what it answers: the runner tells the
engine in its terms and reads its answers back into the canonical forms before grading."""

# Every figure a score request can ask for, in the order a report lists them.
SCORE_FIGURES = ("hand_points", "totals", "bags", "status", "next_dealer")

SCORE_FIGURE_FEATURES = tuple(f"{SCORE}.{figure}" for figure in SCORE_FIGURES)
"""One feature a figure (`score.totals`, ...): a score keeper that declares some of these in
place of `score` is sent score requests asking only those figures, and graded on each of them
apart (a keeper with no end of game declares `score.totals` and `score.bags`). `score` alone
stands for all five."""

HOUSE_FILES = "house_files"
"""The feature an engine declares when it plays any variant file extending one of its declared
variants, configuring itself from each request's `extends` and `rules`: it is sent a house's
variant file without listing the file's id in `variants`."""

DEALS = "deals"
"""The feature an engine declares when it deals its own cards: it is sent `deal` requests (the
setup and the log so far, and a seed it may use or ignore) and answers the hands it dealt, which
the runner checks and plays on from. It may refuse a log holding a deal it did not deal, so the
cases that need a deal of their own are not applicable to it
(`spadespec.conformance.contract.protocol.deal_requests`)."""

PIPELINED = "pipelined"
"""The feature an engine declares when it reads its input while it works, answering requests
one by one in order: the runner may then send several requests before reading the first
answer (`spadespec fuzz` sends a game's requests together). `spadespec serve` declares it."""

BLIND_BIDS = "blind_bids"
"""The feature an engine declares when it plays numbers bid blind, written `blind-N`
(`"blind-7"`) wherever a bid goes; an engine that does not is sent no case holding one
(`spadespec.conformance.contract.protocol.blind_bids`)."""

REDEAL_CALLS = "redeal_calls"
"""The feature an engine declares when it plays a deficient hand's holder's choice of redeal
(`deal.redeal_by: holder`): the `redeal` action, phase and `[true, false]` legal list; an engine
that does not is sent no case holding one
(`spadespec.conformance.contract.protocol.redeal_calls`)."""

TABLES = "tables"
"""The feature an engine declares when it plays tables of other than three or four seats (two: N, S;
five: N, NE, SE, SW, NW; seven: N, NE, E, SE, SW, W, NW); an engine that does not is sent no case or
request at such a table (`spadespec.conformance.contract.protocol.tables`)."""

DRAWS = "draws"
"""The feature an engine declares when it plays two players drawing their hands card by card: a
deal laying down the stock (`{"action": "deal", "stock": [...]}`), the `draw` action and phase and
the `[true, false]` legal list; an engine that does not is sent no case holding one
(`spadespec.conformance.contract.protocol.draws`)."""

KNOWN_FEATURES = (
    *FEATURES, SCORE, *SCORE_FIGURE_FEATURES, NIL_AS_ZERO, HOUSE_FILES, DEALS, PIPELINED,
    BLIND_BIDS, REDEAL_CALLS, TABLES, DRAWS,
)  # fmt: skip
"""Every feature an engine may declare at `start`; any other name is refused
(`spadespec.conformance.contract.protocol.features`)."""


class VariantRef(TypedDict):
    """The variant a request is played under: a shipped id and the table options chosen; for a
    house's variant file, also the shipped variant it extends and the value of every rule it
    plays otherwise (`spadespec.conformance.contract.suite.variant_files.variant_ref`)."""

    id: str
    options: dict[str, Any]
    extends: NotRequired[str]
    rules: NotRequired[dict[str, Any]]


class EngineInfo(TypedDict):
    """The engine's answer to `start`: who it is and what it can be asked."""

    name: str
    version: str
    language: str
    protocol: int
    variants: list[str]
    """Variant ids the engine plays; cases of any other variant are not applicable."""
    features: list[str]
    """Features (from FEATURES) the engine answers; only what they can show is asked. With
    `score` (SCORE) it is also sent score requests (`ScoreKeeper.score`)."""


class CaseRequest(TypedDict):
    """One case to answer: replay `actions` from `setup` under `variant`, answer `ask`."""

    id: str
    variant: VariantRef
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    ask: list[str]
    probe: NotRequired[dict[str, Any]]
    """The action to try after the log, when `illegal` or `refusal` is asked."""


class CaseResponse(TypedDict):
    """The engine's answer: `answered` with `answers` keyed by observable, `skipped` with a
    `reason`, or `errored` with a `message` (the log could not be replayed, the engine failed)."""

    outcome: Literal["answered", "skipped", "errored"]
    answers: NotRequired[dict[str, Any]]
    reason: NotRequired[str]
    message: NotRequired[str]
    context: NotRequired[Any]
    """With `errored`: anything else the engine offers (a stack trace), kept as is."""
    stderr: NotRequired[str]
    """What an engine process wrote to stderr while the case ran."""
    failed: NotRequired[bool]
    """Set by the runner, never by an engine: with `errored`, the engine gave no answer at
    all (it exited, hung, broke the protocol), as against answering that it refuses the log."""
    not_run: NotRequired[bool]
    """Set by the runner, never by an engine: with `errored`, the request was never sent, the
    engine having been given up (`subprocess_engine.MAX_RESTARTS` failed restarts in a row)."""


class ScoredHand(TypedDict):
    """One completed hand as a score keeper hears of it: each seat's bid (a number of tricks,
    `nil` or `blind-nil`) and the tricks each seat took."""

    bids: dict[str, int | str]
    tricks: dict[str, int]


class ScoreRequest(TypedDict):
    """A case as a score keeper is told it: from `setup`, under `variant`, score each of
    `hands` in order, and answer the figures in `ask` (from SCORE_FIGURES)."""

    id: str
    """`<case id>~score`."""
    variant: VariantRef
    setup: dict[str, Any]
    hands: list[ScoredHand]
    ask: list[str]


class DealRequest(TypedDict):
    """A hand to start: from `setup` under `variant`, after the log `actions` (which ends
    between hands), deal the next hand; `seed` may be used or ignored."""

    id: str
    variant: VariantRef
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    seed: int


class Engine(Protocol):
    """A Spades engine the suite can be run against."""

    def start(self) -> EngineInfo:
        """Get ready and say what the engine supports."""
        ...

    def run(self, request: CaseRequest) -> CaseResponse:
        """Replay the request's log and answer what it asks."""
        ...

    def stop(self) -> None:
        """Release whatever the engine holds (a process, files)."""
        ...


@runtime_checkable
class ScoreKeeper(Protocol):
    """What an engine declaring the feature `score` also implements (a score keeper may
    implement only this, with `start` and `stop`, and declare no observable)."""

    def score(self, request: ScoreRequest) -> CaseResponse:
        """Score the request's hands from its setup and answer the figures it asks:
        `hand_points` (each hand's points by side), `totals`, `bags`, `status` after the last
        hand, and `next_dealer` (the seat to deal next, None once the game is over)."""
        ...


@runtime_checkable
class Dealer(Protocol):
    """What an engine declaring the feature `deals` also implements."""

    def deal(self, request: DealRequest) -> CaseResponse:
        """Deal the next hand after the request's log and answer, as `answers`, the seat that
        dealt it (`dealer`) and the hands dealt (`deal`, in the case notation)."""
        ...


@runtime_checkable
class AnswersAll(Protocol):
    """What an engine implements that can be sent several requests at once (an engine in
    another process); one that declares `pipelined` is then sent them together."""

    def answer_all(self, requests: Sequence[tuple[str, Any]]) -> list[CaseResponse]:
        """The responses to `requests` (each `("run" | "score" | "deal", request)`), in
        order, each what `run`, `score` or `deal` gives it alone."""
        ...
