"""Outputs are checked before a run, and lists before they are trusted: an output that cannot
be written, two outputs on one path, an export into nowhere or into the current folder, and an
expected-failures list naming cases no suite has are refused at once (exit status 2), naming
the option and the path or the id."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.conformance.contract.report.outputs import unwritable, unwritable_folder

FOLLOW = "standard.play.must-follow-suit.1"


def test_an_unwritable_junit_file_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    argv = ["conform", "--case", FOLLOW, "--report", str(report), "--junit", "/proc/r.xml"]
    assert main(argv) == 2
    assert "--junit: cannot write /proc/r.xml" in capsys.readouterr().err
    assert not report.exists()  # refused before anything ran or was written


def test_the_report_and_the_junit_file_may_not_be_one_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = tmp_path / "out"
    assert main(["conform", "--case", FOLLOW, "--report", str(same), "--junit", str(same)]) == 2
    assert "--report and --junit both name" in capsys.readouterr().err
    assert not same.exists()


def test_an_export_into_nowhere_or_the_current_folder_is_refused_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["conform", "export", "--case", FOLLOW, ""]) == 2
    assert "DIR: an empty path names no folder" in capsys.readouterr().err
    assert main(["conform", "export", "--case", FOLLOW, "."]) == 2
    assert "is the current folder" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []
    assert main(["conform", "export", "--case", FOLLOW, ".", "--here"]) == 0
    capsys.readouterr()
    assert (tmp_path / f"{FOLLOW}.json").is_file()


def test_an_export_that_cannot_be_written_is_an_output_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "export", "--case", FOLLOW, "/proc/cases"]) == 2
    assert "DIR: cannot write files under /proc/cases" in capsys.readouterr().err


def test_a_path_is_tried_and_nothing_is_left_behind(tmp_path: Path) -> None:
    assert unwritable(tmp_path / "new.jsonl") is None
    assert not (tmp_path / "new.jsonl").exists()
    assert unwritable(tmp_path) == "it is a folder"
    assert unwritable(tmp_path / "no" / "such.jsonl") == f"no folder {tmp_path / 'no'}"
    assert unwritable(Path("/proc/x.jsonl")) is not None
    assert unwritable_folder(tmp_path / "to" / "be" / "made") is None
    assert list(tmp_path.iterdir()) == []
    assert unwritable_folder(Path("/proc/x")) is not None


def test_an_expected_failure_list_naming_no_case_is_refused_with_the_likely_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "known.txt"
    listed.write_text(
        f"standrad.play.must-follow-suit.1   # a typo in the variant part\nno.such.case\n{FOLLOW}\n"
    )
    assert main(["conform", "--case", FOLLOW, "--expect-fail", str(listed)]) == 2
    err = capsys.readouterr().err
    assert f"--expect-fail {listed} lists 2 ids that are not a case of the suite" in err
    assert f"standrad.play.must-follow-suit.1 (did you mean {FOLLOW}?)" in err
    assert "  no.such.case\n" in err


def test_ids_of_cases_of_another_variant_may_stay_in_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "known.txt"
    listed.write_text("porchlight.play.card-not-held\n")
    assert main(["conform", "--case", FOLLOW, "--expect-fail", str(listed)]) == 0
    capsys.readouterr()
    listed.write_text("porchlight.play.no-such-case\n")
    assert main(["conform", "--case", FOLLOW, "--expect-fail", str(listed)]) == 2
    assert "porchlight.play.no-such-case" in capsys.readouterr().err
