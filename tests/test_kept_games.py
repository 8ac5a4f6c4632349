"""The served reference engine keeps the games it last replayed and plays one on when the next
request's log extends it: its answers are those of a replay from the setup for every request,
in whatever order they come, whatever log they carry (one that goes back, branches, changes a
value's JSON type or cannot be replayed)."""

from __future__ import annotations

import io
import json
import shlex
import sys
from typing import Any

import pytest

from spadespec.conformance.engines.kept_games import SERVED_KEEP, KeptGames, same_json
from spadespec.conformance.engines.reference import ReferenceEngine
from spadespec.conformance.engines.serve import serve
from spadespec.conformance.fuzz.games import FuzzGame, play_fuzz_game
from spadespec.conformance.protocol.messages import CaseRequest
from spadespec.conformance.protocol.subprocess_engine import SubprocessEngine
from spadespec.conformance.suite.cases import resolved
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK

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


def test_every_answer_is_a_fresh_replays(game: FuzzGame) -> None:
    actions = game.actions
    second = game.starts[1].at
    asked = [
        request(game.setup, actions[:10]),
        request(game.setup, actions[:40]),  # extends the last
        request(game.setup, actions[:25]),  # goes back
        request(game.setup, actions[:25] + actions[30:31]),  # branches: refused
        request(game.setup, actions[:26]),  # the branch forgotten, the kept log played on
        request(game.starts[1].setup, actions[second : second + 20]),  # another setup
        request(game.setup, actions[: second + 5]),  # back to the first, past its hand
        request(game.setup, actions[: second + 5], variant="boston"),
        request(game.setup, actions),  # the whole log, on from the first setup's longest
        request({**game.setup, "dealer": "W" if game.setup["dealer"] != "W" else "N"}, []),
        request(game.setup, actions),  # again, as it was
    ]
    kept, fresh = ReferenceEngine(keep=SERVED_KEEP), ReferenceEngine()
    outcomes = [kept.run(r) for r in asked]
    assert outcomes == [fresh.run(r) for r in asked]
    assert [o["outcome"] for o in outcomes].count("errored") == 1  # the branch, no other
    assert outcomes[3]["outcome"] == "errored" and "does not replay" in outcomes[3]["message"]


def test_a_log_that_extends_a_kept_one_is_played_on(game: FuzzGame) -> None:
    variant = resolved("standard", ())
    kept = KeptGames(2)
    first, _ = kept.replay(variant, variant, game.setup, game.actions[:30], STANDARD_RULEBOOK)
    again, _ = kept.replay(variant, variant, game.setup, game.actions[:50], STANDARD_RULEBOOK)
    assert again is first  # played on, not replayed
    assert len(again.log) == 50
    back, _ = kept.replay(variant, variant, game.setup, game.actions[:20], STANDARD_RULEBOOK)
    assert back is not first and len(back.log) == 20
    # Both kept: the longer log still plays on from its own game.
    on, _ = kept.replay(variant, variant, game.setup, game.actions[:60], STANDARD_RULEBOOK)
    assert on is first and len(on.log) == 60


def test_a_value_of_another_json_type_is_another_log(game: FuzzGame) -> None:
    # `2` and `2.0` are equal in Python; as a bid, the second is refused.
    at = next(i for i, a in enumerate(game.actions) if a["action"] == "bid")
    actions = game.actions[: at + 3]
    changed = [dict(a) for a in actions]
    changed[at]["bid"] = float(changed[at]["bid"])
    assert changed == actions
    kept = ReferenceEngine(keep=SERVED_KEEP)
    assert kept.run(request(game.setup, actions))["outcome"] == "answered"
    refused = kept.run(request(game.setup, changed + game.actions[at + 3 : at + 5]))
    assert refused == ReferenceEngine().run(request(game.setup, changed))
    assert refused["outcome"] == "errored" and "unknown bid" in refused["message"]
    # A setup's number likewise: a score of `true` is not a score of 1.
    setup = {**game.setup, "scores": {"NS": 1, "EW": 0}}
    odd = {**setup, "scores": {"NS": True, "EW": 0}}
    assert kept.run(request(setup, actions))["outcome"] == "answered"
    assert kept.run(request(odd, actions)) == ReferenceEngine().run(request(odd, actions))


def test_a_refused_log_leaves_no_game_behind(game: FuzzGame) -> None:
    kept = ReferenceEngine(keep=SERVED_KEEP)
    good = game.actions[:12]
    bad = good + [dict(game.actions[12], card="2C" if game.actions[12]["card"] != "2C" else "3C")]
    assert kept.run(request(game.setup, good))["outcome"] == "answered"
    first = kept.run(request(game.setup, bad))
    assert first == ReferenceEngine().run(request(game.setup, bad))
    after = request(game.setup, game.actions[:20])
    assert kept.run(after) == ReferenceEngine().run(after)


def test_the_answers_given_are_not_changed_by_later_requests(game: FuzzGame) -> None:
    kept = ReferenceEngine(keep=SERVED_KEEP)
    early = kept.run(request(game.setup, game.actions[:30]))
    shown = json.dumps(early)
    kept.run(request(game.setup, game.actions))
    assert json.dumps(early) == shown


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
