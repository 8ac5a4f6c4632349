"""An engine that declares `pipelined` is sent several requests before the first answer is
read (`SubprocessEngine.answer_all`): each response is what the request gets alone, however
much is in the pipes and however the engine misbehaves, and a fuzz run finds and counts the
same with the requests sent together as one at a time. The state machine of
`test_pipelined_machine.py` has an engine misbehave in every way, in any order; here, the
served reference, a batch beyond the pipes, a hang at a chosen place and the fuzzer."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from spadespec.conformance.analysis.fuzz.checker import GameChecker
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.games import play_fuzz_game
from spadespec.conformance.analysis.fuzz.pool import run_fuzz
from spadespec.conformance.contract.protocol.messages import PIPELINED, CaseResponse
from spadespec.conformance.contract.protocol.subprocess_engine import SubprocessEngine
from spadespec.reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "data" / "engines"
SERVE = f"{shlex.quote(sys.executable)} -m spadespec serve"
STANDARD = load_variant("standard", {})


def misbehaving(name: str, *args: str, pipelined: bool = True) -> str:
    words = [sys.executable, str(ENGINES / f"{name}.py"), *args]
    return shlex.join([*words, "--pipelined"] if pipelined else words)


def requests_of(games: range, *, hands: int = 6) -> list[tuple[str, dict[str, Any]]]:
    """Run requests of fuzzed games: each point, then each whole log, by seq."""
    out: list[tuple[str, dict[str, Any]]] = []
    for number in games:
        game = play_fuzz_game(STANDARD, 7, number, hands=hands)
        positions = [(p.start.setup, game.actions[p.start.at : p.at], list(p.answers))
                     for p in game.points]  # fmt: skip
        positions.append((game.setup, game.actions, ["to_act", "totals", "bags", "hands"]))
        for setup, actions, ask in positions:
            case = {"id": f"g{number}", "variant": {"id": "standard", "options": {}},
                    "setup": setup, "actions": actions, "ask": ask}  # fmt: skip
            out.append(("run", case))
    return out


def outcomes(responses: list[CaseResponse]) -> list[tuple[str, bool, Any]]:
    return [(r["outcome"], bool(r.get("failed")), r.get("answers")) for r in responses]


def one_at_a_time(
    command: str, requests: list[tuple[str, Any]], timeout: float = 20
) -> list[CaseResponse]:
    engine = SubprocessEngine(command, timeout=timeout)
    engine.start()
    try:
        return [engine.run(request) for _, request in requests]
    finally:
        engine.stop()


def together(
    command: str, requests: list[tuple[str, Any]], timeout: float = 20
) -> list[CaseResponse]:
    engine = SubprocessEngine(command, timeout=timeout)
    info = engine.start()
    assert PIPELINED in info["features"]
    try:
        return engine.answer_all(requests)
    finally:
        engine.stop()


def test_the_served_reference_declares_it_and_answers_a_batch_as_one_at_a_time() -> None:
    requests = requests_of(range(4))
    assert outcomes(together(SERVE, requests)) == outcomes(one_at_a_time(SERVE, requests))


def test_a_batch_larger_than_both_pipes_is_written_while_the_answers_are_read() -> None:
    # About 60 whole logs of 12 hands and their score sheets: a megabyte of requests and a
    # quarter of one of answers, far beyond a pipe's 64 KB each way. Written before reading,
    # both processes would wait on each other for ever (the timeout would end it).
    requests = [r for r in requests_of(range(30), hands=12) if r[1]["ask"][0] == "to_act"] * 2
    sent = sum(len(str(r[1]["actions"])) for r in requests)
    assert sent > 1_000_000
    responses = together(SERVE, requests)
    assert [r["outcome"] for r in responses] == ["answered"] * len(requests)
    assert responses == one_at_a_time(SERVE, requests)


def test_an_engine_hanging_mid_batch_times_out_there_and_the_rest_go_to_it_started_again() -> None:
    requests = requests_of(range(1))[:6]
    args = ("--on", "g0", "--from-request", "4")
    alone = one_at_a_time(misbehaving("hang", *args, pipelined=False), requests, timeout=1)
    batch = together(misbehaving("hang", *args), requests, timeout=1)
    assert [r["outcome"] for r in alone][:4] == ["answered"] * 3 + ["errored"]
    assert outcomes(batch) == outcomes(alone)
    assert "no answer to run within 1 s" in batch[3]["message"]


def _lock_step(config: FuzzConfig) -> Any:
    """The checker's engine as if it had not declared `pipelined`."""
    checker = GameChecker(config)
    checker.features.discard(PIPELINED)
    return checker


@pytest.mark.parametrize("fault", [None, "g2"])
def test_fuzz_finds_and_counts_the_same_sent_together_or_one_at_a_time(
    fault: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = (
        SERVE if fault is None else misbehaving("garbage", "--on", "fuzz", "--from-request", "40")
    )
    config = FuzzConfig(engine=command, variant="standard", options={}, seed=3, games=12,
                        ahead=False, keep_going=True)  # fmt: skip
    together_run = run_fuzz(config)
    monkeypatch.setattr("spadespec.conformance.analysis.fuzz.pool.GameChecker", _lock_step)
    alone_run = run_fuzz(config)
    assert (together_run.games, together_run.hands, together_run.requests) == (
        alone_run.games, alone_run.hands, alone_run.requests,
    )  # fmt: skip
    assert together_run.divergence == alone_run.divergence
    if fault is not None:
        assert together_run.divergence is not None
