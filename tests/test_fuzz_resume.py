"""`spadespec fuzz --resume REPORT`: a stopped run goes on from its report's last progress line,
plays only the games not yet played, and ends with the counts of the run played whole; a
report that cannot be resumed, or settings given beside it, are refused with exit 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from spadespec.cli import main

ENGINES = Path(__file__).resolve().parent / "data" / "engines"
RUN = ["fuzz", "--engine", "reference", "--variant", "standard", "--games", "12", "--seed", "5",
       "--quiet"]  # fmt: skip


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in path.read_text().splitlines() if raw.strip()]


def _counts(line: dict[str, Any]) -> tuple[int, int, int]:
    return line["games"], line["hands"], line["requests"]


def test_a_resumed_run_plays_only_the_games_left_and_counts_as_the_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main([*RUN, "--report", str(whole), "--out", str(tmp_path / "cases")]) == 0
    lines = _lines(whole)
    first = next(line for line in lines if line["kind"] == "progress")
    assert 0 < first["next_game"] < 12  # the first chunk of games, said as it was taken
    # The run as if stopped just after that line.
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text("".join(json.dumps(x) + "\n" for x in lines[: lines.index(first) + 1]))
    capsys.readouterr()

    assert main(["fuzz", "--resume", str(stopped)]) == 0
    err = capsys.readouterr().err
    assert f"resuming {stopped} from game {first['next_game']}" in err
    after = _lines(stopped)[lines.index(first) + 1 :]
    assert after[0] == {**after[0], "kind": "resume", "next_game": first["next_game"]}
    # This session's progress goes on from there: no game before it is played again.
    assert all(x["next_game"] > first["next_game"] for x in after if x["kind"] == "progress")
    assert after[-1]["kind"] == "end" and after[-1]["ok"] is True
    assert _counts(after[-1]) == _counts(lines[-1])  # the whole run's games, hands, requests

    # A finished run is not resumed, and settings cannot be changed on the way.
    assert main(["fuzz", "--resume", str(stopped)]) == 2
    assert "got to its end: nothing to resume" in capsys.readouterr().err
    stopped.write_text(whole.read_text().splitlines()[0] + "\n")
    assert main(["fuzz", "--resume", str(stopped), "--games", "3"]) == 2
    assert "only --jobs and --quiet may be given with it, not --games" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "said"),
    [("[]\n", ":1: not a fuzz report"), ("", "empty, not a fuzz report"),
     ('{"kind": "start", "run": "fuzz"}\n', ":1: the start line, at $: ")],
)  # fmt: skip
def test_what_is_no_fuzz_report_is_refused_naming_file_and_line(
    text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.jsonl"
    report.write_text(text)
    assert main(["fuzz", "--resume", str(report)]) == 2
    err = capsys.readouterr().err
    assert f"--resume: {report}" in err and said in err and "Traceback" not in err


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as a terminal gives it, even run from `&`


def test_a_run_stopped_by_ctrl_c_is_resumed_to_the_same_end(tmp_path: Path) -> None:
    slow = f"{sys.executable} {ENGINES / 'slow.py'}"
    argv = ["fuzz", "--variant", "standard", "--games", "8", "--seed", "3", "--quiet"]
    stopped = tmp_path / "stopped.jsonl"
    run = subprocess.Popen(
        [sys.executable, "-m", "spadespec", *argv, "--engine", slow, "--report", str(stopped)],
        cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=_default_sigint,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (
        stopped.exists() and '"progress"' in stopped.read_text()
    ):
        time.sleep(0.1)
    os.killpg(run.pid, signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130 and "Traceback" not in err
    kinds = [line["kind"] for line in _lines(stopped)]
    assert "progress" in kinds and "end" not in kinds

    resumed = subprocess.run(
        [sys.executable, "-m", "spadespec", "fuzz", "--resume", str(stopped)], cwd=tmp_path,
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    whole = tmp_path / "whole.jsonl"
    played = subprocess.run(
        [sys.executable, "-m", "spadespec", *argv, "--engine", "reference", "--report",
         str(whole)], cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    # The slow engine answers as the reference does, but keeps no score: the same games and
    # hands, and the same requests but for the reference's one score request a game.
    games, hands, requests = _counts(_lines(whole)[-1])
    assert _counts(_lines(stopped)[-1]) == (games, hands, requests - games)
