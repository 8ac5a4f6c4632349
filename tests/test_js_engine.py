"""The JavaScript example engine (examples/js-engine/spades.js) passes the standard cases, and
their score requests, through the JSON-lines protocol, as the engine author's example must."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.protocol import blind_bids
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.runner.score import offered
from spadespec.conformance.contract.suite.cases import load_suite

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "examples" / "js-engine" / "spades.js"
NODE = shutil.which("node")
COMMAND = shlex.join([NODE or "node", str(SCRIPT)])

needs_node = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed")


def test_the_example_is_about_430_lines() -> None:
    assert len(SCRIPT.read_text(encoding="utf-8").splitlines()) < 440


@needs_node
def test_every_standard_case_passes_through_the_protocol() -> None:
    cases = load_suite().select(variant="standard")
    assert cases
    report = run_cases(open_engine(COMMAND), cases, engine_spec=COMMAND)
    bad = {r.case.id: [str(d) for d in r.differences] or r.message for r in report.failures()}
    assert not bad
    # It keeps score too: each case that completes a hand comes back as a score request. It
    # reads a blind numeric bid (it declares blind_bids) and refuses it as standard does, so no
    # case is left out, the one holding a blind bid included.
    assert [c for c in cases if blind_bids.holds_blind_bid(c)]
    assert "blind_bids" in report.engine["features"]
    assert report.totals()["n/a"] == 0
    assert report.totals()["pass"] == len(cases) + len(offered(cases))
    assert report.engine["name"] == "spades-js-example"
    assert report.engine["variants"] == ["standard"]


@needs_node
def test_cases_of_other_variants_are_not_applicable() -> None:
    others = [case for case in load_suite() if case.variant != "standard"][:5]
    report = run_cases(open_engine(COMMAND), others, engine_spec=COMMAND)
    assert [r.verdict for r in report.results] == ["n/a"] * (len(others) + len(offered(others)))


@needs_node
def test_spadespec_conform_passes_it_for_standard() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "conform", "--engine", COMMAND,
         "--variant", "standard"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "spades-js-example" in done.stdout


@needs_node
def test_a_malformed_request_line_is_answered_and_the_engine_goes_on() -> None:
    # The loop reads one line at a time; a probe it cannot read is a refusal, not a crash.
    request = {
        "cmd": "run",
        "seq": 1,
        "case": {
            "id": "x",
            "variant": {"id": "standard", "options": {}},
            "setup": {"dealer": "N", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
            "actions": [],
            "ask": ["illegal", "to_act"],
            "probe": {"action": "bid", "seat": "E"},
        },
    }

    lines = [{"cmd": "start", "protocol": 1}, request, {"cmd": "stop"}]
    done = subprocess.run(
        [NODE or "node", str(SCRIPT)],
        input="".join(json.dumps(m) + "\n" for m in lines),
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 0
    start, answer = (json.loads(line) for line in done.stdout.splitlines())
    assert start["protocol"] == 1
    assert answer == {
        "seq": 1,
        "result": {
            "illegal": {"action": {"action": "bid", "seat": "E"}, "reason": "malformed-action"},
            "to_act": {"phase": "deal", "seat": "N"},
        },
    }
