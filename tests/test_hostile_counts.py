"""Counts and shards on hostile input: every number a command takes is read as ASCII digits
within a stated limit, and a number too large, in another script's digits, or past what Python
would read is one line naming the flag and the limit, with exit status 2, never a traceback or
memory spent on it. Both merges read each shard through the bounded reader and check its header
(an index below the count, games that add up to the shard's share), so a device, a folder, bytes
that are not text, or a shard that lies is one line and exit 2, with nothing written over.

The broad sweep runs in this process (`run_cli`); the cases where memory or a stream used to
be at stake run as processes limited to 1.5 GB (`_hostile.run_hostile`)."""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from _cli import run_cli
from _hostile import assert_ended_well, digests, run_hostile

from spadespec.cli import main
from spadespec.command_kit.arguments import (
    COUNT_LIMIT,
    JOBS_LIMIT,
    SECONDS_LIMIT,
    SEED_LIMIT,
    SHARDS_LIMIT,
)

HUGE = "9" * 23  # past any limit, and once an OverflowError
OVERFLOW = "9223372036854775807"  # 2**63 - 1: once a MemoryError as a number of games
ARABIC_THREE = "\u0663"  # Python's int() reads it as 3
SUPERSCRIPT_TWO = "\u00b2"  # str.isdigit() says yes, int() fails
BIDS = "N=3,E=3,S=3,W=3"
TRICKS = "N=4,E=3,S=3,W=3"

# (argv, the flag, what the line says of the limit)
REFUSED: list[tuple[list[str], str, str]] = [
    (["simulate", "standard", "--games", HUGE], "--games", f"at most {COUNT_LIMIT}"),
    (["simulate", "standard", "--games", OVERFLOW], "--games", f"at most {COUNT_LIMIT}"),
    (["simulate", "standard", "--games", ARABIC_THREE], "--games", f"to {COUNT_LIMIT}"),
    (["simulate", "standard", "--seed", str(SEED_LIMIT + 1)], "--seed", f"at most {SEED_LIMIT}"),
    (["simulate", "standard", "--max-hands", HUGE], "--max-hands", f"at most {COUNT_LIMIT}"),
    (["simulate", "standard", "--jobs", str(JOBS_LIMIT + 1)], "--jobs", f"at most {JOBS_LIMIT}"),
    (["simulate", "standard", "--shard", f"0/{SHARDS_LIMIT + 1}"], "--shard", str(SHARDS_LIMIT)),
    (["simulate", "standard", "--games", "3", "--shard", "3/4"], "--shard", "the 3 games"),
    (["fuzz", "--variant", "standard", "--games", HUGE], "--games", f"at most {COUNT_LIMIT}"),
    (["fuzz", "--variant", "standard", "--hands", OVERFLOW + "0"], "--hands", str(COUNT_LIMIT)),
    (["fuzz", "--variant", "standard", "--seed", ARABIC_THREE], "--seed", f"to {SEED_LIMIT}"),
    (["fuzz", "--variant", "standard", "--jobs", HUGE], "--jobs", f"at most {JOBS_LIMIT}"),
    (["fuzz", "--variant", "standard", "--hands-per-game", HUGE], "--hands-per-game", "at most"),
    (["fuzz", "--variant", "standard", "--max-differences", "-1"], "--max-differences", "least 0"),
    (["fuzz", "--variant", "standard", "--points", SUPERSCRIPT_TWO], "--points", "a number"),
    (["fuzz", "--variant", "standard", "--timeout", "inf"], "--timeout", f"most {SECONDS_LIMIT}"),
    (["fuzz", "--variant", "standard", "--timeout", "1e9"], "--timeout", f"most {SECONDS_LIMIT}"),
    (
        ["fuzz", "--variant", "standard", "--start-timeout", "100000"],
        "--start-timeout",
        f"at most {SECONDS_LIMIT}",
    ),  # fmt: skip
    (
        ["fuzz", "--variant", "standard", "--games", "4", "--seed", "1", "--shard", "9/4"],
        "--shard",
        "1 <= I <= N",
    ),  # fmt: skip
    (["diff", "standard", "no-nil", "--seed", ARABIC_THREE], "--seed", f"to {SEED_LIMIT}"),
    (["shuffle-test", "--deals", HUGE], "--deals", f"at most {COUNT_LIMIT}"),
    (["shuffle-test", "--seed", "\u0667"], "--seed", f"to {SEED_LIMIT}"),
    (["shuffle-test", "--alpha", "\u0660.\u0660\u0661"], "--alpha", "between 0 and 1"),
    (["conform", "--min-checked", HUGE], "--min-checked", f"at most {COUNT_LIMIT}"),
    (["conform", "--own-deals", ARABIC_THREE], "--own-deals", f"to {COUNT_LIMIT}"),
    (["conform", "--timeout", "\u0663"], "--timeout", f"most {SECONDS_LIMIT}"),
    (["audit", "-", "--show", HUGE], "--show", f"at most {COUNT_LIMIT}"),
    (
        ["score", "--variant", "standard", "--bids", "N=\u0663,E=3,S=3,W=3", "--tricks", TRICKS],
        "--bids",
        "expected a number 1..13",
    ),  # fmt: skip
    (
        ["score", "--variant", "standard", "--bids", BIDS, "--tricks", "N=\u00b2,E=3,S=3,W=8"],
        "--tricks",
        "a count 0..13",
    ),  # fmt: skip
    (
        [
            "score",
            "--variant",
            "standard",
            "--bids",
            BIDS,
            "--tricks",
            TRICKS,
            "--prior",
            "NS=\u0663/0,EW=0/0",
        ],
        "--prior",
        "score/bags",
    ),  # fmt: skip
    (
        [
            "score",
            "--variant",
            "standard",
            "--bids",
            BIDS,
            "--tricks",
            TRICKS,
            "--hands-played",
            HUGE,
        ],
        "--hands-played",
        f"at most {COUNT_LIMIT}",
    ),  # fmt: skip
    (["play", "--variant", "standard", "--seed", HUGE], "--seed", f"at most {SEED_LIMIT}"),
    (["show", "porchlight", "--option", f"target={SUPERSCRIPT_TWO}"], "target", "200, 300"),
    (["show", "porchlight", "--option", "target=\u0663\u0660\u0660"], "target", "200, 300"),
]


@pytest.mark.parametrize(("argv", "flag", "limit"), REFUSED, ids=lambda x: str(x)[:40])
def test_a_count_out_of_its_limit_is_one_line_naming_it(
    argv: list[str], flag: str, limit: str
) -> None:
    result = run_cli(*argv)
    lines = result.stderr.splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1 and lines[0].startswith(f"spadespec {argv[0]}: "), result.stderr
    assert flag in lines[0] and limit in lines[0], lines[0]


def test_a_count_at_its_limit_is_not_refused_for_it() -> None:
    # The limit is a bound, not a cut below it: these fail later, for another reason.
    result = run_cli("simulate", "standrad", "--games", str(COUNT_LIMIT), "--jobs", "1024")
    assert result.returncode == 2 and "standrad" in result.stderr


def test_the_regenerate_command_bounds_its_jobs() -> None:
    from spadespec.regenerate import command

    err = io.StringIO()
    with redirect_stderr(err), pytest.raises(SystemExit) as exited:
        command.main(["--check", "--jobs", str(JOBS_LIMIT + 1)])
    assert exited.value.code == 2 and f"at most {JOBS_LIMIT}" in err.getvalue()


@pytest.mark.parametrize("games", [OVERFLOW, HUGE])
def test_simulate_refuses_a_number_of_games_past_its_limit_at_once(
    games: str, tmp_path: Path
) -> None:
    outcome = run_hostile(["simulate", "standard", "--games", games], tmp_path)
    assert_ended_well(outcome, 2)
    assert f"at most {COUNT_LIMIT}" in outcome.err and outcome.out == ""


# --- the merges ------------------------------------------------------------------------------

SIMULATE = ["simulate", "standard", "--games", "4", "--seed", "3", "--json"]
FUZZ = ["fuzz", "--variant", "standard", "--games", "4", "--seed", "3", "--quiet"]


def _quietly(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, out.getvalue()


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with two shards of a simulation (`sim0.json`, `sim1.json`) and two of a fuzz
    campaign of four (`fuzz1.jsonl`, `fuzz2.jsonl`)."""
    folder = tmp_path_factory.mktemp("shards")
    for index in (0, 1):
        status, out = _quietly([*SIMULATE, "--shard", f"{index}/2"])
        assert status == 0
        (folder / f"sim{index}.json").write_text(out, encoding="utf-8")
    for index in (1, 2):
        report = folder / f"fuzz{index}.jsonl"
        assert _quietly([*FUZZ, "--shard", f"{index}/4", "--report", str(report)])[0] == 0
    return folder


def _edited(source: Path, target: Path, change: Callable[[list[dict[str, object]]], None]) -> str:
    """`source`'s JSON (a document, or the lines of a report) with `change` made, at `target`."""
    text = source.read_text(encoding="utf-8")
    if source.suffix == ".json":
        docs = [json.loads(text)]
        change(docs)
        target.write_text(json.dumps(docs[0]), encoding="utf-8")
    else:
        lines = [json.loads(raw) for raw in text.splitlines()]
        change(lines)
        target.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(target)


def _set_shard(index: int, count: int) -> Callable[[list[dict[str, object]]], None]:
    def change(lines: list[dict[str, object]]) -> None:
        lines[0]["shard"] = {"index": index, "count": count}

    return change


def _claim_games(games: int) -> Callable[[list[dict[str, object]]], None]:
    def change(lines: list[dict[str, object]]) -> None:
        if "variants" in lines[0]:
            variants = lines[0]["variants"]
            assert isinstance(variants, list)
            variants[0]["tally"]["games"] = games
        else:
            lines[-1]["games"] = games

    return change


def _bad_input(bad: str, folder: Path, good: Path) -> tuple[str, str]:
    """An input that is no shard, made in `folder` (from the shard `good` where it is one that
    lies): its path, and what its error line names."""
    if bad == "/dev/zero":
        return "/dev/zero", "/dev/zero"
    if bad == "a folder":
        return str(folder), str(folder)
    made = {
        "a named pipe": "pipe",
        "random bytes": "random.bin",
        "not UTF-8": "latin1.json",
        "an 18 MB line": "long-line.json",
        "nested 200,000 deep": "deep.json",
    }
    if bad in made:
        path = folder / made[bad]
        if bad == "a named pipe":
            os.mkfifo(path)
        elif bad == "random bytes":
            path.write_bytes(random.Random(38).randbytes(4096))
        elif bad == "not UTF-8":
            path.write_bytes(b'{"format": "caf\xe9"}\n')
        elif bad == "nested 200,000 deep":
            path.write_bytes(b"[" * 200_000 + b"\n")
        else:
            path.write_bytes(b"a" * (18 * 1024 * 1024) + b"\n")
        return str(path), made[bad]
    if bad == "shard 9 of 4":
        return _edited(good, folder / f"nine{good.suffix}", _set_shard(9, 4)), "9/4"
    claims = _edited(good, folder / f"claims{good.suffix}", _claim_games(10**30))
    return claims, str(10**30)


BAD = ["/dev/zero", "a folder", "a named pipe", "random bytes", "not UTF-8", "an 18 MB line",
       "nested 200,000 deep", "shard 9 of 4", "10^30 games"]  # fmt: skip


@pytest.mark.parametrize("bad", BAD)
def test_simulate_merge_refuses_what_is_no_shard_in_one_line(
    bad: str, shards: Path, tmp_path: Path
) -> None:
    path, named = _bad_input(bad, tmp_path, shards / "sim1.json")
    outcome = run_hostile(["simulate", "merge", str(shards / "sim0.json"), path], tmp_path)
    assert_ended_well(outcome, 2)
    assert outcome.err.startswith("spadespec simulate merge: ") and named in outcome.err
    assert outcome.out == ""  # nothing merged, nothing written


@pytest.mark.parametrize("bad", BAD)
def test_fuzz_merge_refuses_what_is_no_shard_in_one_line_writing_nothing_over(
    bad: str, shards: Path, tmp_path: Path
) -> None:
    path, named = _bad_input(bad, tmp_path, shards / "fuzz2.jsonl")
    out = tmp_path / "out"
    out.mkdir()
    merged = out / "merged.jsonl"
    merged.write_text("a merged report from before\n", encoding="utf-8")
    before = digests(out)
    argv = ["fuzz", "merge", str(shards / "fuzz1.jsonl"), path, "--report", str(merged),
            "--out", str(out / "cases")]  # fmt: skip
    outcome = run_hostile(argv, tmp_path)
    assert_ended_well(outcome, 2)
    assert outcome.err.startswith("spadespec fuzz merge: ") and named in outcome.err
    assert digests(out) == before and not (out / "cases").exists()


def test_the_shards_merge_when_they_are_what_they_say(shards: Path, tmp_path: Path) -> None:
    status, merged = _quietly(["simulate", "merge", str(shards / "sim0.json"),
                               str(shards / "sim1.json")])  # fmt: skip
    assert status == 0 and json.loads(merged)["variants"][0]["tally"]["games"] == 4
    report = tmp_path / "merged.jsonl"
    argv = ["fuzz", "merge", str(shards / "fuzz1.jsonl"), str(shards / "fuzz2.jsonl"),
            "--report", str(report)]  # fmt: skip
    assert _quietly(argv)[0] == 1  # shards 3 and 4 missing: a finding, not a misuse
    end = json.loads(report.read_text(encoding="utf-8").splitlines()[-1])
    assert end["games"] == 2


def test_a_fuzz_difference_outside_its_shards_games_is_refused(
    shards: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def elsewhere(lines: list[dict[str, object]]) -> None:
        lines.insert(1, {"kind": "difference", "game": 3, "at": None, "differences": ["x"],
                         "observable": "hands", "rule": "x", "case": "x.fuzz.3"})  # fmt: skip

    other = _edited(shards / "fuzz1.jsonl", tmp_path / "other.jsonl", elsewhere)
    merged = str(tmp_path / "merged.jsonl")
    assert main(["fuzz", "merge", other, "--report", merged]) == 2
    assert "a difference in game 3, where shard 1/4 plays games 0 to 0" in capsys.readouterr().err


# --- fuzz's closing lines -----------------------------------------------------------------------


def test_fuzz_says_its_closing_summary_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--variant", "standard", "--games", "3", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("no difference in 3 games") == 1
    assert captured.err.count("fuzz: 3 games,") == 1, captured.err
