"""`spadespec fuzz --report FILE`: a start line naming the engine, variant, seed and rerun
command, a line per difference, an end line with the counts, every line valid under
schema/fuzz-report.schema.json; a run that checked nothing fails."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from spadespec.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _validator() -> jsonschema.Draft202012Validator:
    schemas = [json.loads((ROOT / "schema" / n).read_text()) for n in
               ("fuzz-report.schema.json", "report.schema.json")]  # fmt: skip
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    return jsonschema.Draft202012Validator(schemas[0], registry=registry)


def _lines(path: Path) -> list[dict[str, Any]]:
    """The report's lines, each valid under the schema, but for its progress lines."""
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    validator = _validator()
    for line in lines:
        validator.validate(line)
    return [line for line in lines if line["kind"] != "progress"]


def _progress(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    return [line for line in lines if line["kind"] == "progress"]


def test_a_difference_is_a_line_between_the_start_and_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "fuzz.jsonl"
    argv = ["fuzz", "--engine", "fault:penalty-at-eleven-bags", "--variant", "standard",
            "--seed", "7", "--out", str(tmp_path / "cases"), "--report", str(report), "--quiet",
            "--no-diagnose"]  # fmt: skip
    assert main(argv) == 1
    start, difference, end = _lines(report)
    assert (start["kind"], start["run"], start["variant"], start["seed"]) == (
        "start", "fuzz", "standard", 7,
    )  # fmt: skip
    assert start["engine_command"] == "fault:penalty-at-eleven-bags"
    assert start["command"].startswith("spadespec fuzz --engine fault:penalty-at-eleven-bags")
    assert "--seed 7" in start["command"]
    assert difference["kind"] == "difference" and difference["game"] == 0
    # The fault pays the bag penalty at eleven bags, not ten: a bag count is what differs.
    assert any("bags" in text for text in difference["differences"])
    assert Path(difference["file"]).is_file()
    assert difference["engine_verdict"] == "fail" and difference["reference_verdict"] == "pass"
    assert (end["kind"], end["ok"], end["differences"], end["games"]) == ("end", False, 1, 1)
    assert end["requests"] > 0
    # Once the difference was recorded, the report said where the run stood: game 0 done.
    assert _progress(report)[-1]["next_game"] == 1


def test_no_difference_ends_ok_and_an_engine_that_never_starts_is_a_start_line_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "fuzz.jsonl"
    argv = ["fuzz", "--engine", "reference", "--variant", "standard", "--games", "3",
            "--seed", "1", "--report", str(report), "--quiet"]  # fmt: skip
    assert main(argv) == 0
    start, end = _lines(report)
    assert start["budget"] == {"games": 3}
    assert (end["ok"], end["differences"], end["games"]) == (True, 0, 3)
    last = _progress(report)[-1]
    assert (last["next_game"], last["games"], last["requests"]) == (3, 3, end["requests"])

    argv = ["fuzz", "--engine", "python3 -c 'import sys; sys.exit(3)'", "--variant",
            "standard", "--games", "3", "--report", str(report), "--quiet"]  # fmt: skip
    assert main(argv) == 1  # an engine that never starts: a verdict, as in conform
    (start,) = _lines(report)
    assert start["engine"] is None and "did not start" in start["engine_error"]


def test_a_report_that_cannot_be_written_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["fuzz", "--engine", "reference", "--variant", "standard", "--games", "1",
            "--report", str(tmp_path / "missing" / "fuzz.jsonl")]  # fmt: skip
    assert main(argv) == 2
    assert "--report: cannot write" in capsys.readouterr().err
