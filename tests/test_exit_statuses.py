"""One situation, one exit status, in every command: each row of docs/exit-statuses.md that
can arise in a command is checked here for that command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from spadespec.cli import main

ROOT = Path(__file__).resolve().parents[1]
FOLLOW = "standard.play.must-follow-suit.1"
BROKEN = str(ROOT / "tests" / "data" / "broken_variants" / "bad-enum.yaml")
NO_START = f"{sys.executable} {ROOT / 'tests' / 'data' / 'engines' / 'no_start.py'}"
CRASH = f"{sys.executable} {ROOT / 'tests' / 'data' / 'engines' / 'crash.py'} --from-request 2"
FUZZ = ["fuzz", "--variant", "standard", "--games", "1", "--seed", "3", "--quiet"]
HAND = "standard.scoring.made-and-set"


def _records(tmp_path: Path, **change: object) -> str:
    """A file of one game record: the golden case HAND as a whole hand, with its figures
    (North-South 72, East-West set for -50), and `change` made to the record's fields."""
    from spadespec.conformance.contract.suite.cases import load_suite

    case = load_suite().by_id(HAND)
    record = {"variant": {"id": "standard"}, "setup": case.setup, "actions": case.actions,
              "totals": {"NS": 72, "EW": -50}, **change}  # fmt: skip
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record) + "\n")
    return str(path)


SHUFFLE = ["shuffle-test", "--deals", "100", "--seed", "3"]


def _status(argv: list[str], capsys: pytest.CaptureFixture[str]) -> int:
    """The exit status of a command, a usage error argparse raises included."""
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    capsys.readouterr()
    return status


def _shard(tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int = 1) -> str:
    report = tmp_path / f"shard{index}.jsonl"
    argv = [*FUZZ, "--games", "2", "--shard", f"{index}/2", "--report", str(report)]
    assert _status(argv, capsys) == 0
    return str(report)


def test_everything_right_is_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["conform", "--case", FOLLOW], capsys) == 0
    assert _status(FUZZ, capsys) == 0
    shards = [_shard(tmp_path, capsys, 1), _shard(tmp_path, capsys, 2)]
    merged = str(tmp_path / "merged.jsonl")
    assert _status(["fuzz", "merge", *shards, "--report", merged], capsys) == 0
    assert _status(["diff", "standard", "no-nil"], capsys) == 0
    assert _status(["validate", str(ROOT / "variants" / "standard.yaml")], capsys) == 0
    assert _status(["show", "standard"], capsys) == 0
    assert _status(["audit", _records(tmp_path)], capsys) == 0
    assert _status(SHUFFLE, capsys) == 0


def test_something_checked_wrong_is_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    faulty = "spadespec faults run follow-suit-not-enforced"
    assert _status(["conform", "--engine", faulty, "--case", FOLLOW], capsys) == 1
    fuzz = [*FUZZ, "--engine", "fault:overtricks-not-scored", "--games", "20"]
    assert _status([*fuzz, "--out", str(tmp_path / "cases")], capsys) == 1
    one = _shard(tmp_path, capsys)
    merged = str(tmp_path / "merged.jsonl")
    assert _status(["fuzz", "merge", one, "--report", merged], capsys) == 1  # shard 2 missing
    wrong = _records(tmp_path, totals={"NS": 72, "EW": -10})
    assert _status(["audit", wrong, "--no-diagnose"], capsys) == 1
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert _status(["audit", str(empty)], capsys) == 1
    # every deal the same deal: flagged by the repeat test, among others
    same = tmp_path / "same.jsonl"
    same.write_text(
        '"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"\n' * 100
    )
    assert _status(["shuffle-test", "--from", str(same)], capsys) == 1


def test_deals_that_are_no_deal_or_too_few_are_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = tmp_path / "deals.jsonl"
    deals.write_text('"N:AKQ.T98.765.4322 - - -"\n')
    assert _status(["shuffle-test", "--from", str(deals)], capsys) == 1
    deals.write_text('"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"\n')
    assert _status(["shuffle-test", "--from", str(deals)], capsys) == 1


def test_a_variant_file_that_breaks_the_rules_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = _records(tmp_path, variant={"file": Path(BROKEN).name})
    broken_folder = str(Path(BROKEN).parent)
    assert _status(["audit", records, "--variants-from", broken_folder], capsys) == 1
    assert _status(["conform", "--variant", BROKEN], capsys) == 1
    assert _status(["fuzz", "--variant", BROKEN, "--games", "1"], capsys) == 1
    assert _status(["diff", "standard", BROKEN], capsys) == 1
    assert _status(["validate", BROKEN], capsys) == 1
    assert _status(["show", BROKEN], capsys) == 1
    assert _status([*SHUFFLE, "--variant", BROKEN], capsys) == 1


def test_a_variant_file_that_takes_a_shipped_id_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = tmp_path / "porchlight.yaml"
    own.write_text(
        "extends: porchlight\nid: porchlight\ntitle: Ours\nrevision: 1\nsummary: Ours.\n"
    )
    for argv in (
        ["conform", "--variant", str(own)],
        ["fuzz", "--variant", str(own), "--games", "1"],
        ["diff", "standard", str(own)],
        ["validate", str(own)],
        ["show", str(own)],
        [*SHUFFLE, "--variant", str(own)],
    ):
        assert _status(argv, capsys) == 1, argv


def test_an_engine_that_does_not_start_is_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["conform", "--engine", NO_START, "--case", FOLLOW], capsys) == 1
    assert _status([*FUZZ, "--engine", NO_START], capsys) == 1


def test_an_engine_that_gives_no_answer_part_of_the_way_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conform = ["conform", "--engine", CRASH, "--case", "standard.play.must-follow-suit*"]
    assert _status(conform, capsys) == 1
    fuzz = [*FUZZ, "--engine", CRASH, "--timeout", "5", "--out", str(tmp_path / "cases")]
    assert _status(fuzz, capsys) == 1


def test_a_recorded_game_with_no_figure_to_compare_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = _records(tmp_path)
    line = json.loads(Path(records).read_text())
    del line["totals"]
    Path(records).write_text(json.dumps(line) + "\n")
    assert _status(["audit", records, "--no-diagnose"], capsys) == 1


def test_an_engine_given_up_after_three_failed_restarts_is_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    always = CRASH.removesuffix(" --from-request 2")
    conform = ["conform", "--engine", always, "--case", "standard.play.*"]
    assert _status(conform, capsys) == 1  # fuzz stops at such a failure: the row above


def test_a_report_that_cannot_be_resumed_is_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text("[]\n")
    assert _status(["conform", "--resume", str(other)], capsys) == 2
    assert _status(["fuzz", "--resume", str(other)], capsys) == 2
    ended = tmp_path / "ended.jsonl"
    assert _status([*FUZZ, "--report", str(ended)], capsys) == 0
    assert _status(["fuzz", "--resume", str(ended)], capsys) == 2


def test_a_report_that_cannot_be_read_or_is_resumed_otherwise_is_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin1 = tmp_path / "latin1.jsonl"
    latin1.write_bytes(b'{"kind": "start", "engine_command": "caf\xe9"}\n')
    assert _status(["conform", "--resume", str(latin1)], capsys) == 2
    assert _status(["fuzz", "--resume", str(latin1)], capsys) == 2
    report = tmp_path / "run.jsonl"
    assert _status(["conform", "--case", FOLLOW, "--report", str(report)], capsys) == 0
    assert _status(["conform", "--case", "standard.*", "--resume", str(report)], capsys) == 2


def test_an_expect_list_that_cannot_be_read_is_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "known.txt"
    listed.write_bytes(b"standard.play.must-follow-suit.1  # caf\xe9\n")
    assert _status(["conform", "--case", FOLLOW, "--expect-fail", str(listed)], capsys) == 2
    assert _status([*FUZZ, "--expect-differ", str(listed)], capsys) == 2


def test_a_path_that_is_no_regular_file_is_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    zero = "/dev/zero"
    assert _status(["conform", "--resume", zero], capsys) == 2
    assert _status(["conform", "--case", FOLLOW, "--expect-fail", zero], capsys) == 2
    assert _status(["fuzz", "--resume", zero], capsys) == 2
    assert _status(["fuzz", "merge", zero, "--report", str(tmp_path / "m.jsonl")], capsys) == 2
    assert _status(["diff", "standard", zero], capsys) == 2
    assert _status(["validate", zero], capsys) == 2
    assert _status(["show", zero], capsys) == 2
    assert _status(["audit", zero], capsys) == 2
    assert _status(["audit", _records(tmp_path), "--variants-from", zero], capsys) == 2
    assert _status(["shuffle-test", "--from", zero], capsys) == 2
    assert _status(["simulate", zero], capsys) == 2


def test_a_record_naming_a_variant_file_outside_the_folder_allowed_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for outside in (BROKEN, "../../etc/passwd"):
        records = _records(tmp_path, variant={"file": outside})
        assert _status(["audit", records, "--no-diagnose"], capsys) == 1


@pytest.mark.parametrize(
    "argv",
    [
        FUZZ,
        ["diff", "standard", "no-nil"],
        ["show", "standard"],
        SHUFFLE,
        ["simulate", "standard", "--games", "1"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_table_option_given_twice_is_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status([*argv, "--option", "target=300", "--option", "target=300"], capsys) == 2


def test_an_output_that_cannot_be_written_is_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nowhere = "/proc/spadespec-out"
    assert _status(["conform", "--case", FOLLOW, "--report", nowhere], capsys) == 2
    assert _status(["conform", "--case", FOLLOW, "--junit", nowhere], capsys) == 2
    assert _status(["conform", "export", "--case", FOLLOW, nowhere], capsys) == 2
    assert _status([*FUZZ, "--report", nowhere], capsys) == 2
    assert _status([*FUZZ, "--out", nowhere], capsys) == 2
    one = _shard(tmp_path, capsys)
    assert _status(["fuzz", "merge", one, "--report", nowhere], capsys) == 2
    assert _status(["audit", _records(tmp_path), "--report", nowhere], capsys) == 2
    assert _status(["audit", _records(tmp_path), "--junit", nowhere], capsys) == 2


def test_two_outputs_on_one_path_are_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    same = str(tmp_path / "out")
    conform = ["conform", "--case", FOLLOW, "--report", same, "--junit", same]
    assert _status(conform, capsys) == 2
    assert _status([*FUZZ, "--report", same, "--out", same], capsys) == 2
    one = _shard(tmp_path, capsys)
    assert _status(["fuzz", "merge", one, "--report", same, "--out", same], capsys) == 2
    audit = ["audit", _records(tmp_path), "--report", same, "--junit", same]
    assert _status(audit, capsys) == 2


def test_a_report_that_is_no_shard_is_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"kind": "start", "run": "conform"}) + "\n")
    merged = str(tmp_path / "merged.jsonl")
    assert _status(["fuzz", "merge", str(other), "--report", merged], capsys) == 2
    one = _shard(tmp_path, capsys)
    assert _status(["fuzz", "merge", one, "--report", one], capsys) == 2
    # A file that is no report at all, or a shard whose header does not add up.
    assert _status(["fuzz", "merge", one, "/dev/zero", "--report", merged], capsys) == 2
    lines = [json.loads(raw) for raw in Path(one).read_text().splitlines()]
    lines[0]["shard"] = {"index": 9, "count": 4}
    nine = tmp_path / "nine.jsonl"
    nine.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert _status(["fuzz", "merge", one, str(nine), "--report", merged], capsys) == 2


def test_a_selection_or_list_naming_nothing_is_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(["conform", "--case", "standard.no-such-case*"], capsys) == 2
    assert _status(["conform", "--variant", "standrad"], capsys) == 2
    listed = tmp_path / "known.txt"
    listed.write_text("standrad.play.must-follow-suit.1\n")
    assert _status(["conform", "--case", FOLLOW, "--expect-fail", str(listed)], capsys) == 2
    assert _status(["fuzz", "--variant", "standrad", "--games", "1"], capsys) == 2
    assert _status(["diff", "standard", "standrad"], capsys) == 2
    assert _status(["validate", str(tmp_path / "no-such.yaml")], capsys) == 2
    assert _status(["show", "standrad"], capsys) == 2
    assert _status(["audit", str(tmp_path / "no-such.jsonl")], capsys) == 2
    assert _status([*SHUFFLE, "--variant", "standrad"], capsys) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["conform", "--no-such-flag"],
        ["conform", "--timeout", "0"],
        ["fuzz", "--variant", "standard", "--jobs", "0"],
        ["fuzz", "merge", "--no-such-flag"],
        ["diff", "standard"],
        ["validate", "--no-such-flag"],
        ["show"],
        ["audit"],
        ["audit", "-", "--show", "-1"],
        ["shuffle-test", "--no-such-flag"],
        ["shuffle-test", "--deals", "10"],
        # A count over its limit, or in other digits than 0-9.
        ["conform", "--own-deals", "9" * 23],
        ["fuzz", "--variant", "standard", "--games", "10000000000000"],
        ["diff", "standard", "no-nil", "--seed", "\u0663"],
        ["show", "porchlight", "--option", "target=\u0663\u0660\u0660"],
        ["audit", "-", "--show", "10000000000000"],
        ["shuffle-test", "--deals", "10000000000000"],
    ],
)
def test_a_misused_command_is_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(argv, capsys) == 2


SIMULATE = ["simulate", "standard", "--games", "2", "--seed", "3", "--json"]


def _sim_shard(tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int) -> str:
    status = main([*SIMULATE, "--shard", f"{index}/2"])
    path = tmp_path / f"sim{index}.json"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert status == 0
    return str(path)


def test_simulate_follows_the_same_statuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Everything right: 0, a whole run and two shards merged.
    assert _status(SIMULATE, capsys) == 0
    one, two = _sim_shard(tmp_path, capsys, 0), _sim_shard(tmp_path, capsys, 1)
    assert _status(["simulate", "merge", one, two], capsys) == 0
    # A shard missing, a variant file that breaks the rules: 1.
    assert _status(["simulate", "merge", one], capsys) == 1
    assert _status(["simulate", BROKEN, "--games", "1"], capsys) == 1
    # Not a shard, a name that is no variant, a value out of range, an unknown flag: 2.
    whole = tmp_path / "whole.json"
    main(SIMULATE)
    whole.write_text(capsys.readouterr().out, encoding="utf-8")
    assert _status(["simulate", "merge", str(whole)], capsys) == 2
    assert _status(["simulate", "standrad"], capsys) == 2
    assert _status(["simulate", "standard", "--jobs", "0"], capsys) == 2
    assert _status(["simulate", "standard", "--games", "10000000000000"], capsys) == 2
    assert _status(["simulate", "standard", "--games", "3", "--shard", "3/4"], capsys) == 2
    assert _status(["simulate", "merge", "--no-such-flag"], capsys) == 2
    assert _status(["simulate", "merge", one, "/dev/zero"], capsys) == 2
    nine = json.loads(Path(two).read_text(encoding="utf-8"))
    nine["shard"] = {"index": 9, "count": 4}
    (tmp_path / "nine.json").write_text(json.dumps(nine), encoding="utf-8")
    assert _status(["simulate", "merge", one, str(tmp_path / "nine.json")], capsys) == 2


def test_page_follows_the_same_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    porch = str(ROOT / "examples" / "house-rules" / "porch-200.yaml")
    out = ["--out", str(tmp_path / "page")]
    # Everything right: 0.
    assert _status(["page", porch, *out, "--games", "2"], capsys) == 0
    # A variant file that breaks the rules, or takes a shipped variant's id: 1.
    assert _status(["page", BROKEN, *out], capsys) == 1
    own = tmp_path / "porchlight.yaml"
    own.write_text("extends: porchlight\nid: porchlight\ntitle: O\nrevision: 1\nsummary: O.\n")
    assert _status(["page", str(own), *out], capsys) == 1
    # No regular file, no such variant, an --out that cannot be written, a value out of range,
    # an unknown flag: 2.
    assert _status(["page", "/dev/zero", *out], capsys) == 2
    assert _status(["page", "standrad", *out], capsys) == 2
    assert _status(["page", porch, "--out", "/proc/spadespec-out"], capsys) == 2
    assert _status(["page", porch, *out, "--games", "10000000000000"], capsys) == 2
    assert _status(["page", porch, *out, "--seed", "\u0663"], capsys) == 2
    assert _status(["page", porch, *out, "--no-such-flag"], capsys) == 2
