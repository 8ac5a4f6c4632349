"""`spadespec fuzz --keep-going` groups differences by cause: a difference a listed rule change
explains costs no shrink and no diagnosis; one nothing explains is known by the first figure
that differs where its game first goes wrong, sides and positions merged, so one bug is one
difference whichever side, hand or observable shows it; a score keeper whose game never ends
is one difference, written once, and the run ends."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from _sweeps import sweep

from spadespec.cli import main
from spadespec.conformance.analysis.fuzz import findings, naming
from spadespec.conformance.analysis.fuzz.campaign import cause_key
from spadespec.conformance.analysis.fuzz.merge import difference_key as merge_key
from spadespec.conformance.contract.runner.run import UNEXPLAINED

ENGINES = Path(__file__).resolve().parent / "data" / "engines"


def _fuzz(tmp_path: Path, engine: str, *extra: str) -> tuple[int, list[dict[str, Any]], str]:
    report = tmp_path / "fuzz.jsonl"
    argv = ["fuzz", "--engine", engine, "--variant", "standard", "--keep-going",
            "--out", str(tmp_path / "cases"), "--report", str(report), *extra]  # fmt: skip
    status = main(argv)
    lines = [json.loads(raw) for raw in report.read_text().splitlines()]
    return status, [line for line in lines if line["kind"] == "difference"], str(report)


def _games(out: str, key: str) -> int:
    """The games the summary counts with the difference known by `key`."""
    found = re.search(re.escape(key) + r": (\d+) games?", out)
    assert found is not None, out
    return int(found.group(1))


def _hashes(tmp_path: Path) -> list[str]:
    return [path.stem.rsplit("-", 1)[-1] for path in (tmp_path / "cases").rglob("*.json")]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("$.totals.NS: expected -567, got -573", "score request: $.totals.EW: expected 1, got 2"),
        ("$.hand_points[3].NS: expected 10, got 0", "$.hand_points[4].EW: expected 2, got 1"),
        ("$.hands[0].sides.NS.bags_after: expected 1", "$.hands[5].sides.EW.bags_after: x"),
        (
            "the engine refused the log: the game is over",
            "score request: the engine refused the log: one hand at a time",
        ),
    ],
)
def test_a_cause_is_one_whichever_side_or_position_or_request_shows_it(
    one: str, other: str
) -> None:
    assert cause_key([one]) == cause_key([other])


def test_figures_that_differ_are_different_causes() -> None:
    assert cause_key(["$.totals.NS: expected 1"]) == "$.totals.*"
    assert cause_key(["$.bags.NS: expected 1"]) == "$.bags.*"
    assert cause_key(["$.hands[].sides.NS.bag_penalty: x"]) != cause_key(["$.bags.NS: x"])


def test_a_cause_is_the_figure_the_others_are_worked_out_from() -> None:
    # Bags not carried (game 12 of seed 5): North-South's penalty is listed first, but the
    # bags each side holds after the hand differ too, and the penalty is scored from them.
    found = [
        '$.to_act.phase: expected "deal", got "over"',
        "$.hands[0].sides.NS.bag_penalty: expected 100, got 0",
        "$.hands[0].sides.NS.hand_points: expected -38, got 62",
        "$.hands[0].sides.EW.bags_after: expected 2, got 0",
        "$.hands[1].sides.NS.bags_after: expected 4, got 3",
        "$.totals.NS: expected 102, got 202",
    ]
    assert cause_key(found) == "$.hands[].sides.*.bags_after"
    # The end of the game is worked out from the totals, the totals from the hands' sheets.
    assert cause_key([found[0], found[-1]]) == "$.totals.*"


def test_a_listed_change_costs_no_shrink_and_no_diagnosis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[str] = []

    def counted(name: str, real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(findings, "shrink_and_write", counted("shrink", findings.shrink_and_write))
    monkeypatch.setattr(naming, "diagnose", counted("diagnose", naming.diagnose))
    listed = tmp_path / "known.txt"
    listed.write_text("scoring.overtrick_points=0\n")
    status, found, _ = _fuzz(tmp_path, "fault:overtricks-not-scored", "--seed", "1",
                             "--games", "12", "--expect-differ", str(listed))  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0 and found == []
    # Overtricks score in nearly every game: each such game differs, and is counted with the
    # listed change without a search.
    met = re.search(r"scoring\.overtrick_points=0: met in (\d+) games", out)
    assert met is not None and int(met.group(1)) >= 10
    assert calls == []


def test_a_win_test_bug_is_one_difference_whichever_way_the_game_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 5: in game 1 the engine plays on past a target reached through bag points; in game
    # 27 it ends a game the reference plays on in (its next hand refused): one bug.
    status, found, _ = _fuzz(tmp_path, "fault:win-test-ignores-bag-points", "--seed", "5",
                             "--games", "28", "--no-diagnose")  # fmt: skip
    assert status == 1
    (line,) = found
    assert line["cause"] == "$.status" and line["rule"] == UNEXPLAINED
    assert _games(capsys.readouterr().out, "observable:$.status") >= 2
    assert len(_hashes(tmp_path)) == 1


def test_totals_off_on_either_side_are_one_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 1: game 2 differs first in North-South's total, game 6 in East-West's.
    engine = f"{sys.executable} {ENGINES / 'ones_digit_keeper.py'}"
    status, found, _ = _fuzz(tmp_path, engine, "--seed", "1", "--games", "7", "--no-diagnose")
    assert status == 1
    (line,) = found
    assert line["cause"] == "$.totals.*" and line["game"] == 2
    assert _games(capsys.readouterr().out, "observable:$.totals.*") >= 2


def test_a_keeper_whose_game_never_ends_is_one_difference_written_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = f"{sys.executable} {ENGINES / 'no_game_end_keeper.py'}"
    status, found, _ = _fuzz(tmp_path, engine, "--seed", "1", "--games", "8", "--no-diagnose")
    assert status == 1
    (line,) = found
    assert line["game"] == 1
    out = capsys.readouterr().out
    assert out.count("difference in game") == 1
    assert "1 difference in 8 games" in out
    assert len(_hashes(tmp_path)) == 1


def test_a_keeper_whose_game_never_ends_is_named_as_conform_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The game found first reaches the target exactly (479 + 21): a target that must be
    # passed explains it as well as no target at all, and only the golden cases beside it
    # (a side past 500 that plays on) tell them apart, as conform's diagnosis does.
    engine = f"{sys.executable} {ENGINES / 'no_game_end_keeper.py'}"
    status, found, _ = _fuzz(tmp_path, engine, "--seed", "1", "--games", "4")
    capsys.readouterr()
    assert status == 1
    assert [line["rule"] for line in found] == ["game_end.target=none"]


KEEPER_RUNS = [
    (keeper, seed)
    for keeper in ("no_game_end_keeper.py", "ones_digit_keeper.py", "score_refusing.py")
    for seed in range(1, 7)
]


@pytest.mark.sweep
@pytest.mark.parametrize(("keeper", "seed"), sweep(KEEPER_RUNS, [("score_refusing.py", 1)]))
def test_a_keeper_with_one_bug_is_one_difference_on_every_seed(
    keeper: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = f"{sys.executable} {ENGINES / keeper}"
    status, found, _ = _fuzz(tmp_path, engine, "--seed", str(seed), "--games", "40",
                             "--no-diagnose")  # fmt: skip
    said = capsys.readouterr()
    assert status == 1 and "Traceback" not in said.out + said.err
    assert len(found) == 1, [line["cause"] for line in found]
    assert said.out.count("difference in game") == 1
    assert len(_hashes(tmp_path)) == 1
    assert "1 difference in 40 games" in said.out


def test_shards_keep_a_cause_once() -> None:
    lines = [
        {"game": 4, "rule": UNEXPLAINED, "cause": "$.totals.*", "case": "a",
         "differences": ["score request: $.totals.NS: expected 1, got 2"]},
        {"game": 90, "rule": UNEXPLAINED, "cause": "$.totals.*", "case": "b",
         "differences": ["score request: $.totals.EW: expected 1, got 2"]},
    ]  # fmt: skip
    assert merge_key(lines[0]) == merge_key(lines[1])
    # A report written before causes were keeps its lines apart, by their cases.
    old = [{k: v for k, v in line.items() if k != "cause"} for line in lines]
    assert merge_key(old[0]) != merge_key(old[1])
