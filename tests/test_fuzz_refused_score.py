"""A score keeper that refuses a score request, fuzzed: a difference found, shrunk and written
as a case that expects every figure the keeper left out; no traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from spadespec.cli import main

KEEPER = Path(__file__).resolve().parent / "data" / "engines" / "score_refusing.py"


def test_a_refused_score_request_is_a_difference_with_a_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cases"
    argv = ["fuzz", "--engine", f"{sys.executable} {KEEPER}", "--variant", "standard",
            "--games", "3", "--seed", "1", "--out", str(out), "--no-diagnose"]  # fmt: skip
    assert main(argv) == 1
    said = capsys.readouterr()
    assert "Traceback" not in said.err + said.out
    assert "score request: the engine refused the log" in said.out
    (written,) = out.rglob("*.json")
    (case,) = json.loads(written.read_text())["cases"]
    # The keeper gave no figure, so the case expects the reference's, totals among them.
    assert "totals" in case["expect"] and "bags" in case["expect"]
