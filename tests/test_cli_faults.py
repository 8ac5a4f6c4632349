"""`spadespec faults` and `spadespec serve ENGINE`: the commands that stand in for module paths
(`python3 -m spadespec.conformance.machinery.faults`, `python3 -m
spadespec.conformance.analysis.fuzz.engines NAME`, `python3 -m
spadespec.conformance.machinery.adapters.openspiel`)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from spadespec.cli import main
from spadespec.conformance.machinery.faults import FAULTS


def test_faults_lists_every_fault_under_a_header(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["faults"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["fault", "mistake"]
    assert set(lines[1]) <= {"-", " "}  # the rule under the header
    # Each fault's name starts a line; a mistake too long for the width wraps beneath it.
    assert [line.split()[0] for line in lines[2:] if not line.startswith(" ")] == list(FAULTS)


def test_an_unknown_fault_exits_2_with_the_near_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["faults", "run", "penalty-at-eleven-bag"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "spadespec faults: no fault named 'penalty-at-eleven-bag'; "
        "did you mean 'penalty-at-eleven-bags'?\n"
    )


def test_a_fault_is_served_over_the_protocol_by_name() -> None:
    # The fault's engine answers the protocol's `start` as the reference does, then stops.
    messages = [
        {"cmd": "start", "protocol": 1},
        {"cmd": "stop"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "faults", "run", "winner-does-not-lead"],
        input="".join(json.dumps(m) + "\n" for m in messages),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    ready = json.loads(done.stdout.splitlines()[0])
    assert ready["protocol"] == 1
    assert "standard" in ready["variants"]
