"""`spadespec fuzz --keep-going` on the shapes of engine that exist (issue: right about real
engines): each gets the right verdict and the right name, on a shipped id and on a house file
that sets the same rules. The engines are the reference behind the protocol with one thing
changed (tests/data/engines/house_table.py, declaring.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from spadespec.cli import main

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "data" / "engines"
HOUSE = str(ROOT / "tests" / "data" / "house" / "standard-at-home.yaml")
TABLE = f"{sys.executable} {ENGINES / 'house_table.py'}"
KEEPER = f"{sys.executable} {ENGINES / 'declaring.py'} --variants standard"
TEN_FOR_FIFTY = "scoring.big_bid_tricks=10 + scoring.big_bid_bonus=50"


def _fuzz(engine: str, tmp_path: Path, *extra: str, variant: str = "standard",
          games: int = 3, seed: int = 2) -> tuple[int, list[dict[str, Any]]]:  # fmt: skip
    report = tmp_path / "fuzz.jsonl"
    argv = ["fuzz", "--engine", engine, "--variant", variant, "--games", str(games),
            "--seed", str(seed), "--keep-going", "--quiet", "--out", str(tmp_path / "cases"),
            "--report", str(report), *extra]  # fmt: skip
    status = main(argv)
    lines = [json.loads(raw) for raw in report.read_text().splitlines()]
    return status, lines


def _differences(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in lines if line["kind"] == "difference"]


@pytest.mark.parametrize("variant", ["standard", HOUSE])
def test_a_ten_for_fifty_bonus_is_named_by_its_two_linked_rules(
    variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = "--rule scoring.big_bid_tricks=10 --rule scoring.big_bid_bonus=50"
    engine = f"{TABLE} {rules} --declare standard-at-home"
    status, lines = _fuzz(engine, tmp_path, variant=variant)
    assert status == 1
    found = _differences(lines)
    assert [line["rule"] for line in found] == [TEN_FOR_FIFTY]
    assert found[0]["engine_verdict"] == "fail"  # the written case shows what it is filed under
    assert not any(line.get("engine_failed") for line in found)


def test_legal_actions_in_another_order_and_nil_written_as_zero_are_no_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines = _fuzz(f"{TABLE} --legal-reversed --nil-as-zero", tmp_path)
    assert status == 0, capsys.readouterr().out
    assert _differences(lines) == [] and lines[-1]["ok"] is True


def test_a_score_keeper_with_no_end_of_game_is_checked_on_its_totals_and_bags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines = _fuzz(f"{KEEPER} --features score.totals,score.bags", tmp_path)
    assert status == 0, capsys.readouterr().out
    end = lines[-1]
    assert end["ok"] is True and end["requests"] == end["games"] == 3  # one score request a game


def test_an_engine_that_skips_games_already_under_way_is_fuzzed_on_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines = _fuzz(f"{TABLE} --skip-started", tmp_path, games=6)
    out = capsys.readouterr().out
    assert status == 0, out
    end = lines[-1]
    assert 0 < end["skipped"] < end["requests"]
    assert f"the engine declined {end['skipped']} of {end['requests']} requests" in out


def test_an_engine_that_refuses_every_log_is_unexplained_not_a_failure_to_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines = _fuzz(f"{TABLE} --err-all", tmp_path, games=2)
    assert status == 1
    found = _differences(lines)
    assert found and all(line["rule"] == "unexplained (likely a bug)" for line in found)
    assert not any(line.get("engine_failed") for line in found)
    assert "the engine refused the log" in found[0]["differences"][0]
