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
    return [json.loads(raw) for raw in path.read_text().splitlines()]


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
    start = {"kind": "start", "run": "fuzz", "engine_command": "e", "variant": "standard",
             "options": {}, "seed": seed, "budget": {"games": 10}, "command": "c",
             "shard": {"index": index, "count": 2}}  # fmt: skip
    lines = [start]
    for game, rule in differences:
        lines.append({"kind": "difference", "game": game, "at": None, "differences": ["x"],
                      "observable": "hands", "rule": rule, "case": f"x.fuzz.{game}"})  # fmt: skip
    lines.append({"kind": "end", "run": "fuzz", "seconds": 1.0, "ok": not differences,
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
