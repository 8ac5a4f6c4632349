"""A pipelined engine that misbehaves, as a state machine: batches (`answer_all`) and single
requests of every kind, each one answered, late, out of turn, with garbage, a line too many, a
broken or partial answer, or not at all (the engine dies, closes its output, hangs, or leaves
the next processes unable to start), and the engine stopped between them, in whatever order
Hypothesis finds (the engine, `tests/data/engines/scripted.py`, does what each request's id
tells it).

Every request gets exactly one response, in order: its own answer (the answer names the
request), or an error or a skip where the model says; the engine is started again before the
next request exactly when the last one stopped it (a breach that leaves its output untrusted, a
hang past the timeout, an exit) and given up after `MAX_RESTARTS` failed restarts in a row (a
start that fails, or a process started again that stops before it answers a request), the
requests after a stop in a batch go one at a time to the engine started again, and no process
outlives its replacement or the run."""

from __future__ import annotations

import os
import shlex
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from _sweeps import sweep
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from spadespec.conformance.contract.protocol.messages import PIPELINED, CaseResponse
from spadespec.conformance.contract.protocol.subprocess_engine import MAX_RESTARTS, SubprocessEngine

ENGINE = Path(__file__).resolve().parent / "data" / "engines" / "scripted.py"
TIMEOUT = 1.0
"""Seconds an answer may take: a hang costs this much."""

KINDS = ("run", "score", "deal")
ANSWERED = ("answer", "late")
KEPT = ("errored", "skipped", "broken", "partial")
"""Deeds after which the engine is still trusted: it answers the next request."""
STOPPED = ("garbage", "other-seq", "crash", "close", "hang")
"""Deeds that stop the engine: its output can no longer be trusted, or it is gone."""
DEEDS = ("answer",) * 6 + ANSWERED + KEPT + ("extra",) + STOPPED[:-1]
"""What a request may ask for, mostly an answer so that a batch has a few to read before and
after a misdeed (a hang is put in a batch by a rule of its own: it costs the timeout)."""
SAID = {
    "garbage": "extra line", "extra": "extra line", "other-seq": "is for request",
    "broken": "breaks the protocol", "partial": "leaves out", "crash": "exited (status 3)",
    "close": "exited (status 0)", "hang": "no answer to", "errored": "went wrong",
    "skipped": "is not played here",
}  # fmt: skip
"""What the error (or skip) of each misdeed says."""


@dataclass(frozen=True)
class Expected:
    outcome: str
    failed: bool = False
    stops: bool = False


def expected(deed: str, *, last: bool, after_extra: bool) -> Expected:
    """What a request gets, by its deed: `last`, no request sent after it waits unanswered;
    `after_extra`, the answer before it in the batch came with a line too many (which the
    runner, reading on, takes for a line before this request's answer)."""
    if after_extra or deed in STOPPED or (deed == "extra" and last) or deed.startswith("spoil"):
        return Expected("errored", failed=True, stops=True)
    if deed in ("answer", "late", "extra"):
        return Expected("answered")
    if deed in ("broken", "partial"):
        return Expected("errored", failed=True)
    return Expected(deed)  # errored or skipped, by the engine itself


def request(kind: str, name: str, deed: str) -> dict[str, Any]:
    ident = f"{name}:{deed}"
    variant = {"id": "standard", "options": {}}
    if kind == "deal":
        return {"id": ident, "variant": variant, "setup": {"dealer": "N"}, "seed": 1}
    if kind == "score":
        return {"id": ident, "variant": variant, "setup": {}, "hands": [], "ask": ["totals"]}
    return {"id": ident, "variant": variant, "setup": {}, "actions": [], "ask": ["to_act", "bags"]}


class PipelinedMachine(RuleBasedStateMachine):
    HANGS = 0
    """Batches with a hang in each example: each costs the timeout."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.pids = Path(self.folder.name)
        # -I -S: no site packages, which the engine needs not (it starts again many times).
        argv = [sys.executable, "-I", "-S", str(ENGINE), "--pid-dir", str(self.pids)]
        command = shlex.join(argv)
        self.engine = SubprocessEngine(command, timeout=TIMEOUT)
        self.running = False
        """Whether the model has the engine running (else the next request starts it)."""
        self.restarts = 0
        self.launched = 0
        """Processes started, whether or not they answered `start`."""
        self.refusals = 0
        """Processes to come that are to fail at `start`."""
        self.failed_starts = 0
        """Restarts failed in a row: at `MAX_RESTARTS`, the engine is not tried again."""
        self.on_trial = False
        """The engine was started again and has not answered a request since."""
        self.count = 0
        self.hangs = 0

    @initialize()
    def start(self) -> None:
        assert PIPELINED in self.engine.start()["features"]
        self.running = True
        self.launched = 1

    def deeds(self) -> st.SearchStrategy[tuple[str, str]]:
        return st.tuples(st.sampled_from(KINDS), st.sampled_from(DEEDS))

    def put(self, asked: list[tuple[str, str]], together: bool) -> None:
        """Send the requests (all together, or one at a time) and check every response."""
        names = [f"r{self.count + i}" for i in range(len(asked))]
        self.count += len(asked)
        requests = [(k, request(k, n, deed)) for n, (k, deed) in zip(names, asked, strict=True)]
        if together:
            responses = self.engine.answer_all(requests)
        else:
            responses = [getattr(self.engine, kind)(r) for kind, r in requests]
        assert len(responses) == len(requests)
        # Sent together only to an engine running (one stopped is started again for the first
        # request, and the rest go one at a time, as they do after a stop mid-batch).
        batch = together and self.running and len(requests) > 1
        after_extra = False
        for index, response in enumerate(responses):
            (kind, deed), name = asked[index], names[index]
            if not self.running and not self.started_again(response):
                continue  # not sent: the engine could not be started again
            last = not batch or index == len(asked) - 1
            want = expected(deed, last=last, after_extra=batch and after_extra)
            if not (batch and after_extra) and deed in SAID and want.outcome != "answered":
                assert SAID[deed] in (response.get("message") or response.get("reason", ""))
            after_extra = deed == "extra" and not last
            self.check(response, want, name, kind, deed)
            if deed == "crash":
                # What the engine writes to stderr comes with the next response read: in a
                # batch, that of a request before, when the engine ran ahead of the runner
                # (and a process stopped there may have crashed on it too).
                told = [i for i, r in enumerate(responses) if name in r.get("stderr", "")]
                assert told and max(told) <= index
                assert batch or index in told
            if deed.startswith("spoil-"):
                assert "exited (status 3)" in response["message"]
                self.refusals = int(deed.removeprefix("spoil-"))
            # A restart fails when the process stops before its first answer; a process
            # still running after a request lives, and the count starts again.
            self.failed_starts = self.failed_starts + self.on_trial if want.stops else 0
            self.on_trial = False
            if want.stops:
                self.running = False
                batch = False  # the rest one at a time
        assert self.engine.restarts == self.restarts

    def started_again(self, response: CaseResponse) -> bool:
        """Whether the engine, stopped, is started again for the next request, as the model
        has it: not when it failed to start `MAX_RESTARTS` times in a row, nor when this start
        fails too, either of which is the request's response."""
        if self.failed_starts >= MAX_RESTARTS:
            assert "not tried" in response["message"] and response.get("failed")
            assert response.get("not_run")
            return False
        self.launched += 1
        if self.refusals:
            self.refusals -= 1
            self.failed_starts += 1
            assert "could not be restarted" in response["message"] and response.get("failed")
            return False
        self.on_trial = True
        self.restarts += 1
        self.running = True
        return True

    def check(
        self, response: CaseResponse, want: Expected, name: str, kind: str, deed: str
    ) -> None:
        """The response is the one the model expects; an answer is this request's own, from
        the process the model has running."""
        assert response["outcome"] == want.outcome, (name, deed, response)
        assert bool(response.get("failed")) is want.failed, (name, deed, response)
        if want.outcome == "answered":
            asked = ["dealer", "deal"] if kind == "deal" else request(kind, name, deed)["ask"]
            answers = response["answers"]
            pid = self.started()[self.launched - 1]
            assert sorted(answers) == sorted(asked)
            assert all(value == [name, pid] for value in answers.values())

    def started(self) -> list[int]:
        """The engine's processes, in the order they started."""
        files = [p for p in self.pids.iterdir() if p.name.isdigit()]
        files.sort(key=lambda p: int(p.read_text() or 0))
        return [int(p.name) for p in files]

    @rule(asked=st.data())
    def together(self, asked: st.DataObject) -> None:
        deeds = asked.draw(st.lists(self.deeds(), max_size=6))
        self.put(deeds, together=True)

    @precondition(lambda self: self.hangs < self.HANGS)
    @rule(asked=st.data())
    def together_with_a_hang(self, asked: st.DataObject) -> None:
        deeds = asked.draw(st.lists(self.deeds(), max_size=5))
        deeds.insert(
            asked.draw(st.integers(0, len(deeds))), (asked.draw(st.sampled_from(KINDS)), "hang")
        )
        self.hangs += 1
        self.put(deeds, together=True)

    @rule(asked=st.data(), refusals=st.integers(1, MAX_RESTARTS))
    def spoiled(self, asked: st.DataObject, refusals: int) -> None:
        """A request on which the engine exits, and leaves the next processes started unable
        to start (as many as `MAX_RESTARTS`: the engine is given up for the run)."""
        # Alone: in a batch, an engine stopped before it might have run ahead to it, or not.
        self.put([(asked.draw(st.sampled_from(KINDS)), f"spoil-{refusals}")], together=False)

    @rule(asked=st.data())
    def alone(self, asked: st.DataObject) -> None:
        self.put([asked.draw(self.deeds())], together=False)

    @rule()
    def stop(self) -> None:
        self.engine.stop()
        self.running = False

    @invariant()
    def one_process_at_most_and_each_started_again_as_counted(self) -> None:
        started = self.started()
        assert len(started) == self.launched
        alive = [pid for pid in started if self.alive(pid)]
        assert alive == (started[-1:] if self.running else [])

    def teardown(self) -> None:
        self.engine.stop()
        try:
            assert not [pid for pid in self.started() if self.alive(pid)]
        finally:
            self.folder.cleanup()

    def alive(self, pid: int) -> bool:
        """Whether the engine process `pid` still runs (where /proc shows it, a process the
        same number was handed to since is not taken for it)."""
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        try:
            return str(self.pids).encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            return not Path("/proc/self").exists()


BUDGETS = {
    # The test command: a few seconds, no hang (test_pipelined.py has one, at a chosen place).
    "test command": (settings(max_examples=10, stateful_step_count=6), 0),
    # CI (`SPADESPEC_FULL=1 pytest -m sweep`): a batch with a hang in most examples.
    "CI": (settings(max_examples=60, stateful_step_count=12), 1),
}


@pytest.mark.sweep
@pytest.mark.parametrize("budget", sweep(list(BUDGETS), ["test command"]))
def test_every_request_gets_one_response_in_order_however_the_engine_misbehaves(
    budget: str,
) -> None:
    budget_settings, hangs = BUDGETS[budget]
    run = type("Pipelined", (PipelinedMachine,), {"HANGS": hangs})
    run.TestCase.settings = settings(
        budget_settings, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    run.TestCase("runTest").runTest()
