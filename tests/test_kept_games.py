"""The served reference engine keeps the games it last replayed and plays one on when the next
request's log extends it: its answers are those of a replay from the setup for every request,
in whatever order they come, whatever log they carry (one that goes back, branches, changes a
value's JSON type or cannot be replayed). The state machine of `test_kept_games_machine.py`
puts such requests in every order; here, the command over the protocol and `same_json`."""

from __future__ import annotations

import io
import json
import shlex
import sys
from typing import Any

import pytest

from spadespec.conformance.analysis.fuzz.games import FuzzGame, play_fuzz_game
from spadespec.conformance.contract.engines.kept_games import SERVED_KEEP, same_json
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import serve
from spadespec.conformance.contract.protocol.messages import CaseRequest
from spadespec.conformance.contract.protocol.subprocess_engine import SubprocessEngine
from spadespec.conformance.contract.suite.cases import resolved

SERVE = f"{shlex.quote(sys.executable)} -m spadespec serve"
ASK = ["legal", "to_act", "trick_winners", "hands", "totals", "bags", "status"]


@pytest.fixture(scope="module")
def game() -> FuzzGame:
    # Three hands or more, so that a log can go back a hand and on into another.
    for number in range(50):
        played = play_fuzz_game(resolved("standard", ()), 5, number)
        if len(played.starts) >= 3:
            return played
    raise AssertionError("no fuzzed game of three hands among the first 50")


def request(setup: Any, actions: list[Any], variant: str = "standard") -> CaseRequest:
    return {
        "id": "kept", "variant": {"id": variant, "options": {}}, "setup": setup,
        "actions": actions, "ask": list(ASK),
    }  # fmt: skip


def test_the_served_reference_answers_requests_out_of_order(game: FuzzGame) -> None:
    ends = [40, 20, 57, 57 + 10, 5, len(game.actions), 30]
    lines = [
        json.dumps({"cmd": "run", "seq": seq, "case": request(game.setup, game.actions[:end])})
        for seq, end in enumerate(ends, start=1)
    ]
    out = io.StringIO()
    serve(ReferenceEngine(keep=SERVED_KEEP), io.StringIO("\n".join(lines) + "\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    fresh = [ReferenceEngine().run(request(game.setup, game.actions[:end])) for end in ends]
    assert [r["result"] for r in replies] == [f["answers"] for f in fresh]
    # Worked by hand: five actions in, the deal and four bids, the first lead is due.
    assert replies[4]["result"]["to_act"]["phase"] == "play"
    assert replies[4]["result"]["trick_winners"] == [[]]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (1, 1, True),
        (1, 1.0, False),
        (1, True, False),
        ({"a": [1, "x"]}, {"a": [1, "x"]}, True),
        ({"a": [1, "x"]}, {"a": [True, "x"]}, False),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        ([1, 2], [1, 2, 3], False),
        (None, None, True),
    ],
)
def test_same_json(a: Any, b: Any, same: bool) -> None:
    assert same_json(a, b) is same


def test_spadespec_serve_keeps_games_and_answers_every_request_as_replayed(game: FuzzGame) -> None:
    # The command itself, over the protocol: requests that extend, go back, branch into a log
    # that is refused, and come back, each answered as a replay from its setup would be.
    second = game.starts[1].at
    asked = [
        request(game.setup, game.actions[: second + 9]),
        request(game.starts[1].setup, game.actions[second : second + 9]),
        request(game.setup, game.actions[:12]),
        request(game.setup, game.actions[:12] + game.actions[14:15]),
        request(game.setup, game.actions),
        request(game.starts[1].setup, game.actions[second : second + 30]),
    ]
    engine = SubprocessEngine(SERVE)
    engine.start()
    try:
        served = [engine.run(r) for r in asked]
    finally:
        engine.stop()
    fresh = [ReferenceEngine().run(r) for r in asked]
    assert [s["outcome"] for s in served] == [f["outcome"] for f in fresh]
    assert [s.get("answers") for s in served] == [f.get("answers") for f in fresh]
    assert [s["outcome"] for s in served].count("errored") == 1


def test_a_log_the_caller_changes_in_place_is_another_log(game: FuzzGame) -> None:
    # The first trick's lead changed in the request the caller sent before: the engine kept a
    # copy of the log, so the changed one is replayed, not played on from the old lead.
    lead = next(i for i, a in enumerate(game.actions) if a["action"] == "play")
    sent = request(game.setup, [dict(a) for a in game.actions[: lead + 1]])
    kept = ReferenceEngine(keep=SERVED_KEEP)
    kept.run(sent)
    legal = ReferenceEngine().run(request(game.setup, game.actions[:lead]))["answers"]["legal"]
    sent["actions"][lead]["card"] = next(c for c in legal if c != game.actions[lead]["card"])
    assert kept.run(sent) == ReferenceEngine().run(sent)
