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


def test_a_faults_file_that_does_not_read_is_one_line_not_a_traceback() -> None:
    # The faults file is read as its module loads, before any command runs: a record missing a
    # field is said in one line naming the file and the record, exit status 2.
    script = (
        "import pathlib, sys\n"
        "read = pathlib.Path.read_text\n"
        "def broken(self, *args, **kwargs):\n"
        "    text = read(self, *args, **kwargs)\n"
        "    if self.name == 'faults.yaml':\n"
        "        return text.replace('  clause:', '  clauses:', 1)\n"
        "    return text\n"
        "pathlib.Path.read_text = broken\n"
        "from spadespec.cli import main\n"
        "sys.exit(main(['faults', 'check']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("spadespec: faults.yaml: ")
    assert len(done.stderr.splitlines()) == 1
