"""`fuzz --shard I/N` plays disjoint parts of one seeded campaign, and `fuzz merge` joins their
reports: counts added up, each difference once, missing shards and foreign reports named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spadespec.cli import main

CAMPAIGN = ["fuzz", "--engine", "reference", "--variant", "standard", "--games", "6",
            "--seed", "4", "--quiet"]  # fmt: skip


def _lines(path: Path) -> list[dict[str, Any]]:
    """The report's lines but for its progress lines."""
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    return [line for line in lines if line["kind"] != "progress"]


def test_the_shards_of_a_campaign_play_its_games_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main([*CAMPAIGN, "--report", str(whole)]) == 0
    parts = []
    for index in (1, 2):
        part = tmp_path / f"shard{index}.jsonl"
        assert main([*CAMPAIGN, "--shard", f"{index}/2", "--report", str(part)]) == 0
        start, end = _lines(part)
        assert start["shard"] == {"index": index, "count": 2}
        assert f"--shard {index}/2" in start["command"]
        assert end["games"] == 3  # games 0-2, then 3-5
        parts.append(str(part))
    merged = tmp_path / "merged.jsonl"
    assert main(["fuzz", "merge", *parts, "--report", str(merged)]) == 0
    start, end = _lines(merged)
    assert start["merged"] == [1, 2]
    # The same games as the campaign played whole: as many hands.
    assert (end["games"], end["hands"]) == (6, _lines(whole)[-1]["hands"])
    assert end["ok"] is True and end["differences"] == 0

    assert main(["fuzz", "merge", parts[0], "--report", str(merged)]) == 1
    assert "missing shards: 2" in capsys.readouterr().out


def _shard(path: Path, index: int, seed: int, differences: list[tuple[int, str]]) -> str:
    start = {"kind": "start", "run": "fuzz", "report_format": 1, "protocol": 1,
             "started": "2026-12-03T10:00:00Z", "engine_command": "e", "engine": None,
             "variant": "standard", "options": {}, "seed": seed, "budget": {"games": 10},
             "command": "c", "shard": {"index": index, "count": 2}}  # fmt: skip
    lines = [start]
    for game, rule in differences:
        lines.append({"kind": "difference", "game": game, "at": None, "differences": ["x"],
                      "observable": "hands", "rule": rule, "case": f"x.fuzz.{game}"})  # fmt: skip
    lines.append({"kind": "end", "run": "fuzz", "finished": "2026-12-03T10:00:01Z",
                  "seconds": 1.0, "ok": not differences,
                  "games": 5, "hands": 20, "requests": 40,
                  "differences": len(differences)})  # fmt: skip
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return str(path)


def test_a_difference_found_by_two_shards_is_kept_once_from_the_lower_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rule = "scoring.bag_threshold=11"
    one = _shard(tmp_path / "1.jsonl", 1, 4, [(3, rule)])
    two = _shard(tmp_path / "2.jsonl", 2, 4, [(7, rule), (8, "play.spades_lead=any-time")])
    merged = tmp_path / "merged.jsonl"
    assert main(["fuzz", "merge", one, two, "--report", str(merged)]) == 1
    lines = _lines(merged)
    kept = [(line["game"], line["rule"]) for line in lines if line["kind"] == "difference"]
    assert kept == [(3, rule), (8, "play.spades_lead=any-time")]
    assert (lines[-1]["games"], lines[-1]["hands"], lines[-1]["differences"]) == (10, 40, 2)

    other = _shard(tmp_path / "3.jsonl", 2, 5, [])
    assert main(["fuzz", "merge", one, other, "--report", str(merged)]) == 2
    assert "another campaign: its seed is 5" in capsys.readouterr().err


def test_a_shard_must_name_a_part_of_a_seeded_campaign(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*CAMPAIGN, "--shard", "3/2"]) == 2
    assert "--shard takes I/N with 1 <= I <= N" in capsys.readouterr().err
    argv = ["fuzz", "--engine", "reference", "--variant", "standard", "--shard", "1/2"]
    assert main(argv) == 2
    assert "--shard needs --seed" in capsys.readouterr().err


def test_merge_refuses_to_write_over_a_shard_or_to_take_a_merged_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _shard(tmp_path / "1.jsonl", 1, 4, [])
    two = _shard(tmp_path / "2.jsonl", 2, 4, [])
    before = Path(two).read_text()
    # The merged report named among the inputs (a glob over the shards' folder, run again).
    assert main(["fuzz", "merge", one, two, "--report", two]) == 2
    assert "is one of the reports to merge" in capsys.readouterr().err
    assert Path(two).read_text() == before
    merged = tmp_path / "merged.jsonl"
    assert main(["fuzz", "merge", one, two, "--report", str(merged)]) == 0
    capsys.readouterr()
    again = tmp_path / "again.jsonl"
    assert main(["fuzz", "merge", one, two, str(merged), "--report", str(again)]) == 2
    err = capsys.readouterr().err
    assert f"{merged}:1: a merged report (of shards 1, 2), not a shard" in err
    assert not again.exists()


@pytest.mark.parametrize(
    ("first", "said"),
    [
        ("[1, 2]", "not a fuzz report"),
        ("null", "not a fuzz report"),
        ('"start"', "not a fuzz report"),
    ],
)
def test_merge_names_a_report_whose_first_line_is_not_a_start_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: str, said: str
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(first + "\n")
    assert main(["fuzz", "merge", str(bad), "--report", str(tmp_path / "m.jsonl")]) == 2
    assert f"{bad}:1: {said}" in capsys.readouterr().err


def test_merge_checks_every_line_against_the_report_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _shard(tmp_path / "1.jsonl", 1, 4, [(3, "scoring.bag_threshold=11")])
    lines = _lines(Path(one))
    lines[-1]["games"] = "many"
    Path(one).write_text("".join(json.dumps(line) + "\n" for line in lines))
    merged = tmp_path / "m.jsonl"
    assert main(["fuzz", "merge", one, "--report", str(merged)]) == 2
    err = capsys.readouterr().err
    assert f"{one}:3: the end line, at $.games: 'many' is not of type 'integer'" in err
    lines[-1]["games"] = 5
    lines[1]["kind"] = "diference"
    Path(one).write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["fuzz", "merge", one, "--report", str(merged)]) == 2
    assert f"{one}:2: its kind is 'diference'" in capsys.readouterr().err


def test_merge_refuses_an_output_it_cannot_write_before_reading_the_shards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _shard(tmp_path / "1.jsonl", 1, 4, [])
    assert main(["fuzz", "merge", one, "--report", "/proc/merged.jsonl"]) == 2
    assert "--report: cannot write /proc/merged.jsonl" in capsys.readouterr().err
    assert main(["fuzz", "merge", one, "--report", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err
