"""The reference engine's kept games, as a state machine: requests whose logs extend, go back,
branch, change a value's JSON type or cannot be replayed, under several setups and variants,
in whatever order Hypothesis finds. Every answer is a fresh replay's of the same request, every
answer given stays as it was, and a request is played on from exactly the kept game the
docstring of `kept_games` promises (its variant, its setup, the longest kept log its own log
begins with, value for value and type for type), or replayed when none is kept; a refused log
leaves no game behind, and the oldest game goes when one too many is kept."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from _sweeps import sweep
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    rule,
)

from spadespec.conformance.analysis.fuzz.games import play_fuzz_game
from spadespec.conformance.contract.engines.kept_games import KeptGames
from spadespec.conformance.contract.engines.observables import legal, turn
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest, CaseResponse
from spadespec.conformance.contract.suite.cases import resolved
from spadespec.reference_engine.actions import action_from_json
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.rulebook import Rulebook
from spadespec.reference_engine.variant import ResolvedVariant

ASK = ["legal", "to_act", "trick_winners", "hands", "totals", "bags", "status"]
VARIANTS = ("standard", "boston")

_GAMES = [play_fuzz_game(resolved("standard", ()), 5, number) for number in range(4)]
DEALS = [a for game in _GAMES for a in game.actions if a["action"] == "deal"]
"""Deals to play on with when a log's hand is over: any deal of a 52-card pack will do."""

_TWINS = [
    # Equal in Python, three different setups in JSON: `1`, `1.0` and `true`.
    {"dealer": "E", "scores": {"NS": 1, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
    {"dealer": "E", "scores": {"NS": 1.0, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
    {"dealer": "E", "scores": {"NS": True, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
]
SETUPS = [start.setup for game in _GAMES for start in game.starts][:5] + _TWINS
SETUP = st.integers(0, len(SETUPS) - 1)


def strict(value: Any) -> str:
    """A JSON value written out so that two are the same exactly when they are the same log
    (types and all; the order of an object's keys aside): the model's own comparison, apart
    from `same_json`'s."""
    return json.dumps(value, sort_keys=True)


@dataclass(frozen=True)
class Log:
    """A request's variant, setup (by its place in `SETUPS`) and actions, never changed."""

    variant: str
    setup: int
    actions: tuple[dict[str, Any], ...]

    def request(self, **extra: Any) -> CaseRequest:
        request: CaseRequest = {
            "id": "kept", "variant": {"id": self.variant, "options": {}},
            "setup": SETUPS[self.setup], "actions": [dict(a) for a in self.actions],
            "ask": list(ASK),
        }  # fmt: skip
        request.update(extra)  # type: ignore[typeddict-item]  # probe and ask, from the rules
        return request

    def game(self) -> Game | None:
        """The game after this log, replayed from scratch; None if it cannot be replayed."""
        try:
            return Game.replay(resolved(self.variant, ()), SETUPS[self.setup], list(self.actions))
        except IllegalActionError:
            return None

    def then(self, *actions: dict[str, Any]) -> Log:
        return Log(self.variant, self.setup, self.actions + actions)


def next_action(game: Game, pick: int) -> dict[str, Any] | None:
    """A legal action at the game's position, the `pick`-th (wrapping round); None when the game
    is over or waits on something this machine does not play (a blind nil exchange)."""
    phase, seat = turn(game)
    if phase is Phase.DEAL:
        return dict(DEALS[pick % len(DEALS)])
    if phase not in (Phase.BID, Phase.PLAY) or seat is None:
        return None
    choices = legal(game)
    chosen = choices[pick % len(choices)]
    if phase is Phase.BID:
        return {"action": "bid", "seat": seat.name, "bid": chosen}
    return {"action": "play", "seat": seat.name, "card": chosen}


class Recording(KeptGames):
    """Kept games that note which game answered the last request (None: it was refused)."""

    last: Game | None = None

    def replay(
        self, variant: ResolvedVariant, played: ResolvedVariant, setup: Any, actions: list[Any],
        rulebook: Rulebook,
    ) -> tuple[Game, list[list[str]]]:  # fmt: skip
        self.last = None
        game, winners = super().replay(variant, played, setup, actions, rulebook)
        self.last = game
        return game, winners


@dataclass
class Kept:
    """The model's kept game: whose log it is (variant and setup, strictly written) and the
    log's actions, each strictly written."""

    key: tuple[str, str]
    actions: list[str]
    game: Game


class KeptGamesMachine(RuleBasedStateMachine):
    logs = Bundle("logs")

    def __init__(self) -> None:
        super().__init__()
        self.fresh = ReferenceEngine()
        self.kept = Recording(1)
        self.engine = ReferenceEngine()
        self.engine.kept = self.kept
        self.model: list[Kept] = []
        """The kept games, the last used first."""
        self.given: list[tuple[CaseResponse, str]] = []
        self.seen: list[Game] = []
        """Every game that answered a request."""

    @initialize(size=st.integers(min_value=1, max_value=4))
    def keep(self, size: int) -> None:
        self.kept.size = size

    def ask(self, log: Log, request: CaseRequest | None = None) -> CaseResponse:
        """Put the log to the engine that keeps games (as `request` when given, which the
        caller holds) and to one that replays afresh: the same answer, from the kept game the
        model expects."""
        request = request or log.request()
        key = (log.variant, strict(request["setup"]))
        asked = [strict(a) for a in request["actions"]]
        begun = [k for k in self.model if k.key == key and asked[: len(k.actions)] == k.actions]
        expected = max(begun, key=lambda k: len(k.actions), default=None)
        got = self.engine.run(request)
        assert strict(got) == strict(self.fresh.run(log.request()))
        self.given.append((got, strict(got)))
        game = self.kept.last
        if expected is not None:
            self.model.remove(expected)
            assert game is expected.game or (game is None and got["outcome"] == "errored")
        else:  # replayed: a game never seen, not one dropped or refused before
            assert all(game is not seen for seen in self.seen)
        if got["outcome"] == "answered":
            assert game is not None
            self.seen.append(game)
            self.model.insert(0, Kept(key, asked, game))
            del self.model[self.kept.size :]
        else:  # a refused log leaves no game behind
            assert game is None and "does not replay" in got["message"]
        return got

    def answered(self, log: Log, request: CaseRequest | None = None) -> Any:
        """Ask the log; it joins the bundle when it replays."""
        return log if self.ask(log, request)["outcome"] == "answered" else multiple()

    @rule(target=logs, variant=st.sampled_from(VARIANTS), setup=SETUP)
    def new_game(self, variant: str, setup: int) -> Any:
        return self.answered(Log(variant, setup, ()))

    @rule(target=logs, log=logs, picks=st.lists(st.integers(0, 60), min_size=1, max_size=40))
    def extend(self, log: Log, picks: list[int]) -> Any:
        game = log.game()
        assert game is not None  # the bundle holds logs that replay
        added = []
        for pick in picks:
            action = next_action(game, pick)
            if action is None:
                break
            game.apply(action_from_json(action))
            added.append(action)
        return self.answered(log.then(*added))

    @rule(target=logs, log=logs, back=st.integers(1, 60))
    def go_back(self, log: Log, back: int) -> Any:
        return self.answered(
            Log(log.variant, log.setup, log.actions[: max(0, len(log.actions) - back)])
        )

    @rule(target=logs, log=logs, at=st.integers(0, 200), pick=st.integers(0, 60))
    def branch(self, log: Log, at: int, pick: int) -> Any:
        """Another legal action at one of the log's places, the rest of the log left out."""
        if not log.actions:
            return multiple()
        at %= len(log.actions)
        stem = Log(log.variant, log.setup, log.actions[:at])
        game = stem.game()
        assert game is not None
        other = next_action(game, pick)
        if other is None or other == log.actions[at]:
            return multiple()
        return self.answered(stem.then(other))

    @rule(log=logs, at=st.integers(0, 200), to=st.sampled_from((float, bool, str)))
    def retype(self, log: Log, at: int, to: type) -> None:
        """A bid of another JSON type, equal in Python (or not), with the log after it: refused
        where the kept log, equal to it, was played on."""
        bids = [i for i, a in enumerate(log.actions) if type(a.get("bid")) is int]
        if not bids:
            return
        i = bids[at % len(bids)]
        changed = dict(log.actions[i], bid=to(log.actions[i]["bid"]))
        self.ask(Log(log.variant, log.setup, (*log.actions[:i], changed, *log.actions[i + 1 :])))

    @rule(log=logs, card=st.sampled_from(("2C", "AS", "XX", 7)), seat=st.sampled_from("NESW"))
    def refused(self, log: Log, card: Any, seat: str) -> None:
        """A play that may not be made (or is not a play at all), after the log."""
        self.ask(log.then({"action": "play", "seat": seat, "card": card}))

    @rule(target=logs, log=logs, pick=st.integers(0, 60))
    def reuse(self, log: Log, pick: int) -> Any:
        """The caller changes the last action of a request it sent, in place, and sends the
        request again: the engine kept its own copy of the log, not the caller's."""
        if not log.actions:
            return multiple()
        request = log.request()
        self.ask(log, request)
        stem = Log(log.variant, log.setup, log.actions[:-1])
        game = stem.game()
        assert game is not None
        other = next_action(game, pick)
        if other is None or other == log.actions[-1]:
            return multiple()
        last = request["actions"][-1]
        last.clear()
        last.update(other)
        return self.answered(stem.then(other), request)

    @rule(target=logs, log=logs, variant=st.sampled_from(VARIANTS), setup=SETUP)
    def elsewhere(self, log: Log, variant: str, setup: int) -> Any:
        """The same actions under another variant or from another setup."""
        return self.answered(Log(variant, setup, log.actions))

    @rule(log=logs, pick=st.integers(0, 60))
    def probe(self, log: Log, pick: int) -> None:
        """A request with a probe is replayed from its setup: no kept game is used or kept."""
        game = log.game()
        assert game is not None
        probe = next_action(game, pick) or {"action": "play", "seat": "N", "card": "2C"}
        request = log.request(probe=probe, ask=["illegal", "refusal", "to_act"])
        self.kept.last = None
        got = self.engine.run(request)
        assert self.kept.last is None
        assert strict(got) == strict(self.fresh.run(log.request(probe=probe, ask=request["ask"])))
        self.given.append((got, strict(got)))

    @invariant()
    def the_answers_given_stay_as_they_were(self) -> None:
        assert all(strict(answer) == shown for answer, shown in self.given)


BUDGETS = {
    # The test command: a few seconds.
    "test command": settings(max_examples=60, stateful_step_count=30),
    # CI (`SPADESPEC_FULL=1 pytest -m sweep`).
    "CI": settings(max_examples=500, stateful_step_count=50),
}


@pytest.mark.sweep
@pytest.mark.parametrize("budget", sweep(list(BUDGETS), ["test command"]))
def test_kept_games_answer_as_a_fresh_replay(budget: str) -> None:
    run = type("KeptGames", (KeptGamesMachine,), {})
    run.TestCase.settings = settings(
        BUDGETS[budget], deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    run.TestCase("runTest").runTest()
