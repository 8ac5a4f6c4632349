"""`spadespec fuzz --keep-going`: an engine with two rule differences has both found, each
shrunk, diagnosed and named by its rule; `--expect-differ` passes over a listed one, and a
listed one never met fails the run."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.reference_engine.rulebook import Rulebook

# The engine: the reference with two faults, each a rule change of `standard` worked out
# from its mistake: the penalty one bag past the threshold of ten, spades led before broken.
BAGS = "scoring.bag_threshold=11"
SPADES = "play.spades_lead=any-time"


def _both(book: Rulebook) -> Rulebook:
    for name in ("penalty-at-eleven-bags", "spades-broken-from-the-start"):
        change = FAULTS[name].change
        assert change is not None
        book = change(book)
    return book


@pytest.fixture
def two_rules(monkeypatch: pytest.MonkeyPatch) -> str:
    # The first fault's record with both changes: what it expects is not read here.
    both = replace(FAULTS["penalty-at-eleven-bags"], name="two-rules", mistake="two rules",
                   change=_both, rule=None)  # fmt: skip
    monkeypatch.setitem(FAULTS, "two-rules", both)
    return "fault:two-rules"


def _run(engine: str, tmp_path: Path, *extra: str) -> tuple[int, list[dict[str, object]]]:
    report = tmp_path / "fuzz.jsonl"
    argv = ["fuzz", "--engine", engine, "--variant", "standard", "--seed", "3",
            "--games", "2", "--out", str(tmp_path / "cases"), "--report", str(report),
            "--quiet", *extra]  # fmt: skip
    status = main(argv)
    lines = [json.loads(raw) for raw in report.read_text().splitlines()]
    return status, [line for line in lines if line["kind"] == "difference"]


def test_both_differences_are_found_shrunk_and_named_by_their_rule(
    two_rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, found = _run(two_rules, tmp_path, "--keep-going")
    assert status == 1
    assert sorted(line["rule"] for line in found) == sorted([BAGS, SPADES])
    for line in found:
        assert (line["reference_verdict"], line["engine_verdict"]) == ("pass", "fail")
        case = json.loads(Path(str(line["file"])).read_text())["cases"][0]
        rule = str(line["rule"]).split("=")[0]
        slug = str(line["rule"]).replace(".", "-").replace("_", "-").replace("=", "-")
        assert case["tags"][0] == rule and f".fuzz.{slug}." in case["id"]
        assert Path(str(line["file"])).name.startswith(f"fuzz-{slug}-")
    out = capsys.readouterr().out
    # Two games of at most six hands each, a game put again counted once.
    assert "2 differences in 2 games (" in out
    hands = int(out.split("2 differences in 2 games (")[1].split(" ")[0])
    assert 2 <= hands <= 12


def test_a_listed_difference_is_passed_over_and_one_never_met_is_stale(
    two_rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "known.txt"
    listed.write_text(
        f"{SPADES}   # our table lets spades be led at once\n"
        "scoring.bag_penalty=50   # never played by this engine\n"
    )
    status, found = _run(two_rules, tmp_path, "--expect-differ", str(listed))
    assert status == 1
    # Only the difference not listed is reported and written.
    assert [line["rule"] for line in found] == [BAGS]
    assert len(list((tmp_path / "cases" / "standard").iterdir())) == 1
    out = capsys.readouterr().out
    assert f"known (--expect-differ): {SPADES}: met in " in out
    assert "not met: scoring.bag_penalty=50" in out

    listed.write_text("scoring.no_such_rule=3\n")
    assert _run_status(two_rules, listed) == 2
    assert "--expect-differ: 'scoring.no_such_rule=3' is no rule change" in capsys.readouterr().err


def _run_status(engine: str, listed: Path) -> int:
    argv = ["fuzz", "--engine", engine, "--variant", "standard", "--games", "1",
            "--expect-differ", str(listed), "--quiet"]  # fmt: skip
    return main(argv)
