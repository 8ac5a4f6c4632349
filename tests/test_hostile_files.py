"""Hostile files given to the commands that read a file a user names (besides the merges and
variant files): a report to resume, an expect list, game records, a deal file, case files. Each
is given /dev/zero, a named pipe, a folder, random bytes, bytes that are not UTF-8 and a line
longer than the reader's limit, its memory capped at 1.5 GB: each ends with its documented exit
status (docs/exit-statuses.md), one line naming the file, no traceback, nothing written over.

Also here: where audit may read a record's variant file from, a table option given twice,
`conform coverage --variant` without `--verbose`, and `shuffle-test --from` an empty file."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest
from _hostile import assert_ended_well, digests, run_hostile
from _sweeps import sweep

from spadespec.cli import main
from spadespec.command_kit.input_files import MAX_LINE_BYTES
from spadespec.conformance.analysis.audit import run as audit_run
from spadespec.conformance.analysis.audit.run import Auditor
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.contract.suite.casefile import main as lay_out_case_files
from spadespec.conformance.contract.suite.cases import CaseError, load_suite

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "tests" / "data" / "house" / "standard-at-home.yaml"
SAMPLE_RECORD = json.loads(
    (ROOT / "examples/records/sample-games.jsonl").read_text().split("\n")[0]
)

KINDS = ("dev-zero", "pipe", "folder", "random-bytes", "not-utf8", "huge-line", "deep")


def _hostile(kind: str, folder: Path) -> str:
    """A path to a hostile input of `kind`, made under `folder` (but /dev/zero)."""
    path = folder / f"{kind}.jsonl"
    if kind == "dev-zero":
        return "/dev/zero"
    if kind == "pipe":
        os.mkfifo(path)  # no one writes to it: opened, it would wait for ever
    elif kind == "folder":
        path.mkdir()
    elif kind == "random-bytes":
        path.write_bytes(random.Random(38).randbytes(64 * 1024))
    elif kind == "not-utf8":
        path.write_bytes(b'{"caf\xe9": 1}\n')
    elif kind == "deep":  # JSON, but nested deeper than json's reader goes
        path.write_bytes(b"[" * 200_000 + b"]" * 200_000 + b"\n")
    else:  # a line one byte longer than the reader takes, and no end of line
        path.write_bytes(b"[" * (MAX_LINE_BYTES + 1))
    return str(path)


WHAT_IT_IS = {
    "dev-zero": "not a regular file: it is a character device",
    "pipe": "not a regular file: it is a named pipe",
    "folder": "a folder, not a file",
    "random-bytes": "not UTF-8 text",
    "not-utf8": ":1: not UTF-8 text",
    "huge-line": "16 MiB",  # the line's limit, or the file's where it is 16 MiB too
    "deep": "nested too deeply",
}
SAID_OF_A_LIST = {"deep": "characters is no"}
"""What an expect list says of the line that a report calls nested too deeply: a list is no
JSON, and its one line of 400,000 brackets is too long to be an entry."""


# Every one of these is a misuse, whatever the file: a report that is no report, a list that
# cannot be read (exit 2).
MISUSES = {
    "conform --resume": ["conform", "--resume"],
    "fuzz --resume": ["fuzz", "--resume"],
    "conform --expect-fail": ["conform", "--case", "standard.bid.*", "--expect-fail"],
    "fuzz --expect-differ": [
        "fuzz",
        "--variant",
        "standard",
        "--games",
        "1",
        "--seed",
        "3",
        "--expect-differ",
    ],  # fmt: skip
}


# A sweep (tests/_sweeps.py): the test command gives each command two kinds of file, and each
# kind to some command; CI gives every command every kind.
MISUSE_PAIRS = sweep(
    [(command, kind) for command in MISUSES for kind in KINDS],
    [(command, KINDS[(2 * i + j) % len(KINDS)]) for i, command in enumerate(MISUSES)
     for j in range(2)],
)  # fmt: skip


@pytest.mark.sweep
@pytest.mark.parametrize(("command", "kind"), MISUSE_PAIRS)
def test_a_report_or_list_that_is_no_such_file_is_a_misuse(
    command: str, kind: str, tmp_path: Path
) -> None:
    path = _hostile(kind, tmp_path)
    report = tmp_path / "kept.jsonl"
    report.write_text('{"kind": "start"}\n')
    extra = ["--report", str(report)] if command == "fuzz --expect-differ" else []
    before = digests(tmp_path)
    outcome = run_hostile([*MISUSES[command], path, *extra], tmp_path)
    assert_ended_well(outcome, 2)
    said = WHAT_IT_IS[kind]
    if command in ("conform --expect-fail", "fuzz --expect-differ"):
        said = SAID_OF_A_LIST.get(kind, said)
    assert path in outcome.err and said in outcome.err, outcome.err
    assert digests(tmp_path) == before  # the report kept; a file that is no report not cut


RECORD_STATUS = {"dev-zero": 2, "pipe": 2, "folder": 2}
"""audit: a path that is no file or folder is a misuse (2); a records file that cannot be read
is that record's verdict (1). A folder is read for its records: an empty one has none (2)."""


@pytest.mark.parametrize("kind", KINDS)
def test_audit_says_what_a_hostile_records_file_is(kind: str, tmp_path: Path) -> None:
    path = _hostile(kind, tmp_path)
    outcome = run_hostile(["audit", path, "--no-diagnose"], tmp_path)
    status = RECORD_STATUS.get(kind, 1)
    assert_ended_well(outcome, status)
    if status == 2:
        expected = "a folder with no .jsonl or .json file" if kind == "folder" else WHAT_IT_IS[kind]
        assert path in outcome.err and expected in outcome.err, outcome.err
        return
    assert f"{path}:1  UNREADABLE" in outcome.out, outcome.out
    assert WHAT_IT_IS[kind].split(": ", 1)[-1].lstrip(":12 ") in outcome.out
    assert "cut short" not in outcome.out and "no such file" not in outcome.out


@pytest.mark.parametrize(
    ("stdin", "said"),
    [
        (random.Random(38).randbytes(64 * 1024), "-:1  UNREADABLE\n  not UTF-8 text"),
        (b"\0" * (MAX_LINE_BYTES + 1), "-:1  UNREADABLE\n  the line is longer than 16 MiB"),
    ],
    ids=["random-bytes", "a-line-too-long"],
)
def test_audit_of_stdin_reads_it_through_the_same_limits(
    stdin: bytes, said: str, tmp_path: Path
) -> None:
    outcome = run_hostile(["audit", "-", "--no-diagnose"], tmp_path, stdin=stdin)
    assert_ended_well(outcome, 1)
    assert said in outcome.out, outcome.out


def test_a_record_cut_short_is_told_from_one_that_is_no_json(tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_text(json.dumps(SAMPLE_RECORD) + "\n" + json.dumps(SAMPLE_RECORD)[:60])
    text = tmp_path / "text.jsonl"
    text.write_text("these are no records")
    outcome = run_hostile(["audit", str(cut), str(text), "--no-diagnose"], tmp_path)
    assert_ended_well(outcome, 1)
    assert f"{cut}:2  UNREADABLE\n  the last record is cut short" in outcome.out
    assert f"{text}:1  UNREADABLE\n  not JSON: Expecting value at column 1" in outcome.out


DEAL_STATUS = {"dev-zero": 2, "pipe": 2, "folder": 2}
"""shuffle-test --from: a path that is no file is a misuse (2); lines that are no deals are a
verdict on the deals (1)."""


# A sweep: shuffle-test loads SciPy in each run (a second); the test command gives it a device,
# bytes that are not UTF-8 and JSON nested too deeply, CI every kind.
@pytest.mark.sweep
@pytest.mark.parametrize("kind", sweep(KINDS, ["dev-zero", "not-utf8", "deep"]))
def test_shuffle_test_from_a_hostile_file(kind: str, tmp_path: Path) -> None:
    path = _hostile(kind, tmp_path)
    outcome = run_hostile(["shuffle-test", "--from", path], tmp_path)
    assert_ended_well(outcome, DEAL_STATUS.get(kind, 1))
    assert path in outcome.err and WHAT_IT_IS[kind].lstrip(":12 ") in outcome.err, outcome.err


def test_shuffle_test_from_an_empty_file_says_so_in_one_line(tmp_path: Path) -> None:
    empty = tmp_path / "deals.jsonl"
    empty.touch()
    outcome = run_hostile(["shuffle-test", "--from", str(empty)], tmp_path)
    assert_ended_well(outcome, 1)
    assert "Warning" not in outcome.err
    assert outcome.err == (
        f"spadespec shuffle-test: {empty} holds 0 deal(s); the tests need at least 100: nothing "
        "was tested\n"
    )


def test_case_files_that_are_no_case_files_are_each_named(tmp_path: Path) -> None:
    cases = tmp_path / "cases" / "standard"
    cases.mkdir(parents=True)
    for kind in KINDS:
        _hostile(kind, cases)
    for made in cases.iterdir():
        made.rename(made.with_suffix(".json"))
    (cases / "dev-zero.json").symlink_to("/dev/zero")
    with pytest.raises(CaseError) as caught:
        load_suite(tmp_path / "cases", retired=())
    said = {Path(p.file).stem: p.message for p in caught.value.problems}
    assert set(said) == set(KINDS)
    assert said["dev-zero"] == WHAT_IT_IS["dev-zero"]
    assert said["pipe"] == WHAT_IT_IS["pipe"]
    assert said["huge-line"] == "the file is 16777217 bytes; a case file may be at most 16 MiB"
    assert said["not-utf8"].startswith("not UTF-8 text") and said["not-utf8"].endswith("(line 1)")


def test_laying_out_a_case_file_that_is_a_device_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert lay_out_case_files(["/dev/zero"]) == 1
    assert capsys.readouterr().err == f"/dev/zero: {WHAT_IT_IS['dev-zero']}\n"


# Where audit reads a record's variant file from.


def _record_under(variant_file: str) -> str:
    return json.dumps({**SAMPLE_RECORD, "variant": {"file": variant_file}}) + "\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A valid variant file beside the records' folder, and the records' folder."""
    shutil.copy(HOUSE, tmp_path / HOUSE.name)
    records = tmp_path / "records"
    records.mkdir()
    (records / "inside").symlink_to(tmp_path)  # a link leading out of the folder
    return records


@pytest.mark.parametrize(
    ("named", "why"),
    [
        (f"../{HOUSE.name}", "climbs out of the folder with '..', not read"),
        ("../../../../../../../../etc/passwd", "climbs out of the folder with '..', not read"),
        ("/etc/passwd", "is an absolute path, not read"),
        (str(HOUSE), "is an absolute path, not read"),
        (f"inside/{HOUSE.name}", "leads out of"),
    ],
)
def test_a_record_naming_a_file_outside_the_folder_gets_nothing_read(
    named: str, why: str, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = outside / "games.jsonl"
    records.write_text(_record_under(named))
    outcome = run_hostile(["audit", str(records), "--no-diagnose"], outside)
    assert_ended_well(outcome, 1)  # that game's verdict, as for a file that is not there
    assert f"{records}:1  UNREADABLE" in outcome.out
    assert f"$.variant.file: {named!r} {why}" in outcome.out, outcome.out
    assert f"under {outside.resolve()}, the folder allowed" in outcome.out
    # Nothing is read for it: the loader is never asked.
    asked: list[str] = []
    monkeypatch.setattr(audit_run, "load_variant", lambda path, options: asked.append(path))
    result = next(Auditor(diagnose=False).audit([RawRecord(str(records), 1, json.loads(
        _record_under(named)))]))  # fmt: skip
    assert result.verdict == "unreadable" and asked == []


def test_a_record_naming_a_file_under_the_folder_allowed_is_audited(outside: Path) -> None:
    inside = outside / "games.jsonl"
    inside.write_text(_record_under(HOUSE.name))
    # By default the records file's own folder: the file is not there.
    outcome = run_hostile(["audit", str(inside), "--no-diagnose"], outside)
    assert "no such file or folder" in outcome.out or "does not exist" in outcome.out
    # With --variants-from the folder that holds it, it is read; for stdin, the current folder.
    folder = str(outside.parent)
    allowed = run_hostile(["audit", str(inside), "--variants-from", folder], outside)
    assert "UNREADABLE" not in allowed.out and "1 games:" in allowed.out, allowed.out
    piped = run_hostile(["audit", "-", "--no-diagnose"], outside.parent, stdin=inside.read_bytes())
    assert "UNREADABLE" not in piped.out and "1 games:" in piped.out, piped.out


@pytest.mark.parametrize("kind", ["dev-zero", "missing", "a-file"])
def test_variants_from_that_is_no_folder_is_a_misuse(kind: str, outside: Path) -> None:
    records = outside / "games.jsonl"
    records.write_text(_record_under(HOUSE.name))
    given = {"dev-zero": "/dev/zero", "missing": str(outside / "none"), "a-file": str(records)}
    outcome = run_hostile(["audit", str(records), "--variants-from", given[kind]], outside)
    assert_ended_well(outcome, 2)
    assert (
        outcome.err.startswith("spadespec audit: --variants-from: ") and given[kind] in outcome.err
    )


# A table option given twice.


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "standard", "--games", "1"],
        ["fuzz", "--variant", "standard", "--games", "1"],
        ["shuffle-test", "--deals", "100"],
        ["show", "standard"],
        ["diff", "standard", "no-nil"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_table_option_given_twice_is_refused_naming_it(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--option", "target=300", "--option", "target=500"]) == 2
    err = capsys.readouterr().err
    assert err.endswith(
        "--option: target is given twice (target=300 and target=500); give each option once\n"
    ), err


def test_a_table_option_given_twice_ends_well_under_the_cap(tmp_path: Path) -> None:
    argv = ["simulate", "standard", "--option", "target=300", "--option", " target = 500"]
    assert_ended_well(run_hostile(argv, tmp_path), 2)


# conform coverage --variant FILE, quiet as conform is.


def test_coverage_of_a_file_lists_dropped_cases_only_with_verbose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    house = str(ROOT / "examples" / "house-rules" / "porch-200.yaml")
    main(["conform", "coverage", "--variant", house])
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "  (--verbose lists each dropped case and why)"
    assert len(out) <= 4, out
    main(["conform", "coverage", "--variant", house, "--verbose"])
    verbose = capsys.readouterr().out.splitlines()
    assert len(verbose) > len(out) + 10
    assert verbose[-1] == out[-1]


def test_a_report_cut_short_in_the_middle_of_a_character_is_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    assert main(["conform", "--case", "standard.bid.*", "--report", str(report)]) == 0
    start, first, *_ = report.read_bytes().splitlines(keepends=True)
    half = '{"kind": "case", "id": "standard.bid.caf\u00e9'.encode()[:-1]  # é cut in two
    report.write_bytes(start + first + half)
    assert main(["conform", "--resume", str(report)]) == 0
    capsys.readouterr()
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert [line["kind"] for line in lines[:3]] == ["start", "case", "start"]
    assert lines[-1]["kind"] == "end" and "caf" not in report.read_text(encoding="utf-8")
