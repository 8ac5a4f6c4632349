"""The runner's records: a report that survives a killed run and resumes, expected failures
(an unexpected pass fails the run), JUnit XML a CI system can parse, and usage errors."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from spadespec.cli import main
from spadespec.conformance.contract.protocol.score_requests import score_expect
from spadespec.conformance.contract.report.jsonl import read_report
from spadespec.conformance.contract.runner.score import offered
from spadespec.conformance.contract.suite.cases import Case, Suite, load_suite

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "data" / "engines"


def engine(name: str, *on: str) -> str:
    words = [sys.executable, str(ENGINES / f"{name}.py")]
    for glob in on:
        words += ["--on", glob]
    return shlex.join(words)


@pytest.fixture(scope="module")
def standard(suite: Suite) -> list[Case]:
    return suite.select("standard")


def lines_of(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    schema = json.loads((ROOT / "schema" / "report.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for line in lines:
        assert not list(validator.iter_errors(line)), line
    return lines


def case_lines(path: Path) -> list[dict[str, Any]]:
    return [line for line in lines_of(path) if line["kind"] == "case"]


def test_a_killed_run_keeps_every_finished_case_and_resume_carries_on(
    standard: list[Case], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    stuck = standard[5].id
    command = engine("hang", stuck)
    runner = subprocess.Popen(
        [sys.executable, "-m", "spadespec", "conform", "--engine", command,
         "--variant", "standard", "--timeout", "60", "--report", str(report)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if report.exists() and len(report.read_text().splitlines()) >= 6:
            break
        time.sleep(0.05)
    os.kill(runner.pid, signal.SIGKILL)  # the run dies while the engine hangs on case 6
    runner.wait()
    before = case_lines(report)
    assert [line["id"] for line in before] == [c.id for c in standard[:5]]
    assert lines_of(report)[-1]["kind"] == "case"  # no end line: the run never finished
    # A line half written when the run died is dropped, not misread.
    with report.open("a") as file:
        file.write('{"kind": "case", "id": "standard.half-writ')

    status = main(["conform", "--engine", command, "--variant", "standard", "--timeout", "1",
                   "--resume", str(report)])  # fmt: skip
    capsys.readouterr()
    assert status == 1  # the hanging case is an error
    lines = lines_of(report)
    starts = [line for line in lines if line["kind"] == "start"]
    assert [s["resumed"] for s in starts] == [False, True]
    after = case_lines(report)
    assert [line["id"] for line in after] == [c.id for c in standard]  # each case once
    assert after[:5] == before
    assert {line["verdict"] for line in after if line["id"] != stuck} == {"pass"}
    assert next(line for line in after if line["id"] == stuck)["verdict"] == "error"
    assert lines[-1]["kind"] == "end"
    assert lines[-1]["totals"]["pass"] == len(standard) - 1  # the whole run, both sessions


def test_resume_refuses_a_report_of_another_engine_or_no_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    assert main(["conform", "--case", "standard.bid.*", "--report", str(report)]) == 0
    assert main(["conform", "--engine", engine("crash", "x"), "--resume", str(report)]) == 2
    assert "is a run of engine 'reference'" in capsys.readouterr().err
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"kind": "case"}\n')
    assert main(["conform", "--resume", str(junk)]) == 2
    assert f"{junk}:1: a report starts with a start line" in capsys.readouterr().err
    assert main(["conform", "--resume", str(tmp_path / "none.jsonl")]) == 2
    other = tmp_path / "other.jsonl"
    assert main(["conform", "--resume", str(report), "--report", str(other)]) == 2


def test_resuming_a_finished_run_runs_nothing_and_reports_it_all(
    standard: list[Case], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    assert main(["conform", "--variant", "standard", "--report", str(report)]) == 0
    first = case_lines(report)
    assert main(["conform", "--variant", "standard", "--resume", str(report)]) == 0
    out = capsys.readouterr().out
    assert case_lines(report) == first
    scoring = len(offered(standard))
    every = len(standard) + scoring
    what = f"{every} checks ({len(standard)} cases, {scoring} score requests)"
    assert f"{what}: {every} pass. OK" in out
    # Each score figure is counted apart, over the requests that ask it.
    totals = sum(1 for case in standard if "totals" in score_expect(case))
    assert f", score.totals {totals}," in out
    assert read_report(report).start["command"].endswith(f"--report {report}")


def test_a_case_whose_score_request_was_not_reached_runs_again_on_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = "standard.hand.made-set-nil-bags.1"
    report = tmp_path / "run.jsonl"
    assert main(["conform", "--case", hand, "--report", str(report)]) == 0
    assert [line["id"] for line in case_lines(report)] == [hand, f"{hand}~score"]
    # The run dies after the case's line, before its score request's.
    kept = [line for line in report.read_text().splitlines() if "~score" not in line]
    report.write_text("\n".join(kept[:-1]) + "\n")
    assert main(["conform", "--case", hand, "--resume", str(report)]) == 0
    capsys.readouterr()
    assert [line["id"] for line in case_lines(report)] == [hand, hand, f"{hand}~score"]
    assert lines_of(report)[-1]["kind"] == "end"


def test_expected_failures_and_an_unexpected_pass(
    standard: list[Case], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken, also_listed = standard[1].id, standard[2].id
    command = engine("schema_breaking", broken)
    listed = tmp_path / "known.txt"
    listed.write_text(f"# deviations of the schema-breaking engine\n{broken}  # both answers\n")
    report = tmp_path / "run.jsonl"
    args = ["conform", "--engine", command, "--variant", "standard", "--report", str(report)]

    assert main([*args, "--expect-fail", str(listed)]) == 0
    out = capsys.readouterr().out
    verdicts = {line["id"]: line for line in case_lines(report)}
    assert verdicts[broken]["verdict"] == "xfail"
    assert verdicts[broken]["engine_verdict"] == "error"
    assert f"ERROR {broken}" not in out and "1 xfail" in out

    listed.write_text(f"{broken}\n{also_listed}   # fixed since, but still listed\n")
    assert main([*args, "--expect-fail", str(listed)]) == 1
    out = capsys.readouterr().out
    verdicts = {line["id"]: line for line in case_lines(report)}
    assert verdicts[also_listed]["verdict"] == "xpass"
    assert verdicts[also_listed]["engine_verdict"] == "pass"
    assert f"XPASS {also_listed}" in out
    assert "listed as an expected failure, but it passes" in out

    assert main(args) == 1  # without the list, the deviation is an error again
    capsys.readouterr()


def test_an_expected_failure_list_that_cannot_be_read_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "known.txt"
    listed.write_text("standard.a standard.b\n")
    assert main(["conform", "--expect-fail", str(listed)]) == 2
    assert f"{listed}:1: one case id a line" in capsys.readouterr().err
    assert main(["conform", "--expect-fail", str(tmp_path / "missing.txt")]) == 2


def test_junit_xml_is_well_formed_and_counts_what_the_report_counts(
    standard: list[Case], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbled, listed_id = standard[0].id, standard[4].id
    listed = tmp_path / "known.txt"
    listed.write_text(f"{listed_id}\n")
    junit = tmp_path / "run.xml"
    status = main(
        ["conform", "--engine", engine("garbage", garbled, listed_id), "--variant", "standard",
         "--junit", str(junit), "--expect-fail", str(listed)]
    )  # fmt: skip
    capsys.readouterr()
    assert status == 1
    root = ET.parse(junit).getroot()  # the garbage's control characters did not break it
    assert root.tag == "testsuites"
    assert root.get("tests") == str(len(standard)) and root.get("errors") == "1"
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "spadespec.standard"
    cases = {case.get("name"): case for case in suite.findall("testcase")}
    assert list(cases) == [c.id for c in standard]
    error = cases[garbled].find("error")
    assert error is not None and "extra line" in (error.get("message") or "")
    assert "rerun: " in (error.text or "")
    skipped = cases[listed_id].find("skipped")
    assert skipped is not None and skipped.get("message", "").startswith("expected failure")
    passed = cases[standard[1].id]
    assert list(passed) == []


def test_each_failure_shows_expected_actual_and_the_command_that_reruns_it(
    standard: list[Case], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = standard[1].id
    command = engine("crash", target)
    assert main(["conform", "--engine", command, "--variant", "standard", "--timeout", "3"]) == 1
    out = capsys.readouterr().out
    assert f"ERROR {target}" in out
    assert "the engine exited (status 3) while answering run" in out
    assert "    | crash: request 2: out of cheese" in out
    rerun = f"--engine {shlex.quote(command)} --timeout 3 --case {target}"
    assert f"rerun: spadespec conform {rerun}" in out
    # The rerun command given does rerun exactly that case.
    assert main(["conform", *shlex.split(rerun)]) == 1
    assert "1 case: 1 error." in capsys.readouterr().out


@pytest.fixture(scope="module")
def suite() -> Suite:
    return load_suite()


@pytest.fixture(autouse=True)
def _suite_loaded_once(monkeypatch: pytest.MonkeyPatch, suite: Suite) -> None:
    # Loading checks every case file against its schema, seconds a time; the runner is what
    # these tests are about, so each `main()` call reuses one loaded suite.
    monkeypatch.setattr("spadespec.conformance.cli.load_suite", lambda **_: suite)


# --- an engine that fails its start, a run stopped by a signal, output that cannot be written


def test_an_engine_that_dies_in_start_is_one_error_with_its_stderr(
    standard: list[Case], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, junit = tmp_path / "run.jsonl", tmp_path / "run.xml"
    status = main(["conform", "--engine", engine("die_in_start"), "--variant", "standard",
                   "--report", str(report), "--junit", str(junit)])  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 1
    assert out == ""  # no case blocks, no clause table
    assert err.splitlines() == [
        "spadespec conform: the engine did not start: the engine exited (status 3) while"
        " answering start",
        f"  {len(standard)} cases were not run",
        "  the engine's stderr (last lines):",
        "    | die_in_start: loading the rules",
        "    | die_in_start: cannot open tables.db: no such file",
    ]
    (start,) = lines_of(report)  # no case was put to the engine, so no case line, no end
    assert start["engine_error"].endswith("the engine exited (status 3) while answering start")
    assert "cannot open tables.db" in start["engine_stderr"]
    (case,) = ET.parse(junit).getroot().iter("testcase")
    assert case.get("name") == "start" and case.find("error") is not None
    assert "cannot open tables.db" in (case.findtext("system-err") or "")


def test_a_start_timeout_ends_a_slow_engine_with_one_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLOW_START_SECONDS", "5")
    status = main(["conform", "--engine", engine("slow_start"), "--case", "standard.bid.*",
                   "--timeout", "9", "--start-timeout", "0.2"])  # fmt: skip
    err = capsys.readouterr().err
    assert status == 1
    assert "no answer to start within 0.2 s (--start-timeout)" in err
    assert "the engine wrote nothing to stderr" in err


SMALL_SUITE = ROOT / "conformance" / "contract" / "cases" / "standard" / "clause-bidding.json"
BIDDING = "standard.bidding.*"  # the cases of that file


def _conform_in_a_process(
    folder: Path, *args: str, env: dict[str, str] | None = None, **popen: Any
) -> subprocess.Popen[bytes]:
    """`spadespec conform` over the case files in `folder`, in a process of its own, with
    Ctrl-C as a terminal would send it (a process started in the background may ignore it)."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "data" / "conform_over.py"), str(folder), *args],
        cwd=ROOT, env={**os.environ, **(env or {})},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **popen,
    )  # fmt: skip


def _wait_for(ready: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize(
    ("signum", "moment", "status"),
    [
        (signal.SIGTERM, "start", 143),
        (signal.SIGINT, "start", 130),
        (signal.SIGTERM, "case", 143),
    ],
)
def test_a_signal_at_any_moment_ends_the_engine_and_leaves_a_report_to_resume(
    signum: int, moment: str, status: int, tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(SMALL_SUITE, folder)
    report, pid_file = tmp_path / "run.jsonl", tmp_path / "engine.pid"
    # At `start` an engine that takes its time to answer it; in a case, one that hangs in it.
    command = f"{engine('slow_start' if moment == 'start' else 'hang')} --pid-file {pid_file}"
    runner = _conform_in_a_process(
        folder, "--engine", command, "--case", BIDDING, "--report", str(report),
        env={"SLOW_START_SECONDS": "60"}, stderr=subprocess.PIPE,
    )  # fmt: skip
    pid = 0
    try:
        _wait_for(lambda: pid_file.exists() and pid_file.read_text())
        pid = int(pid_file.read_text())
        if moment == "case":
            _wait_for(lambda: report.exists() and report.read_text())  # it answered start
        runner.send_signal(signum)
        _, err = runner.communicate(timeout=30)
        assert runner.returncode == status, err
        assert b"Traceback" not in err
        _wait_for(lambda: _gone(pid), 5.0)
    finally:
        runner.kill()
        if pid and not _gone(pid):
            os.kill(pid, signal.SIGKILL)
    first = lines_of(report)
    assert [line["kind"] for line in first] == ["start"]
    if moment == "start":
        assert first[0]["engine_error"] == "the run was stopped before the engine answered start"
        monkeypatch.setenv("SLOW_START_SECONDS", "0")
        assert main(["conform", "--engine", command, "--case", BIDDING,
                     "--resume", str(report)]) == 0  # fmt: skip
        capsys.readouterr()
        lines = lines_of(report)
        assert [line["kind"] for line in lines][:2] == ["start", "start"]
        assert lines[1]["resumed"] and lines[-1]["kind"] == "end"
    else:
        assert read_report(report).cases == {}


def test_resume_alone_takes_the_engine_and_selection_from_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    faulty = "spadespec faults run follow-suit-not-enforced"
    argv = ["conform", "--engine", faulty, "--variant", "standard", "--case", "*.play.*"]
    assert main([*argv, "--report", str(report)]) == 1
    lines = report.read_text().splitlines()
    first_start, cases = lines[0], [line for line in lines if '"kind": "case"' in line]
    report.write_text("\n".join([first_start, *cases[:3]]) + "\n")  # as a stopped run leaves it
    capsys.readouterr()
    assert main(["conform", "--resume", str(report)]) == 1
    assert "is a run of" not in capsys.readouterr().err
    starts = [line for line in lines_of(report) if line["kind"] == "start"]
    assert [s["engine_command"] for s in starts] == [faulty, faulty]
    assert starts[1]["selection"] == starts[0]["selection"]
    assert starts[1]["resumed"] and lines_of(report)[-1]["kind"] == "end"
    assert {line["id"] for line in case_lines(report)} == {json.loads(line)["id"] for line in cases}
    # Given again as the report has them, they are taken; given otherwise, both are named.
    assert main([*argv, "--resume", str(report)]) == 1
    assert main(["conform", "--engine", "reference", "--resume", str(report)]) == 2
    assert capsys.readouterr().err.endswith(
        f"--resume: {report} is a run of engine {faulty!r}, not 'reference'; resume it with the"
        " same --engine (or none), or start a new report\n"
    )


def test_resume_refuses_another_selection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    assert main(["conform", "--case", "standard.bid.*", "--report", str(report)]) == 0
    capsys.readouterr()
    for other in (["--variant", "standard"], ["--case", "standard.*"], ["--level", "must"]):
        assert main(["conform", "--case", "standard.bid.*", *other, "--resume", str(report)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        f"spadespec conform: --resume: {report} is a run with no --variant, not --variant"
        " standard; resume it with the same --variant, --case and --level (or none), or start a"
        " new report"
    )
    assert "is a run with --case standard.bid.*, not --case standard.*;" in err[1]
    assert "is a run with no --level, not --level must;" in err[2]


def test_junit_into_a_missing_folder_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    junit = tmp_path / "no-such-folder" / "run.xml"
    args = ["conform", "--case", "standard.bid.*", "--report", str(report)]
    assert main([*args, "--junit", str(junit)]) == 2
    assert capsys.readouterr().err == (
        f"spadespec conform: --junit: cannot write {junit}: no folder {junit.parent}\n"
    )
    assert not report.exists()  # nothing ran
    assert main([*args, "--junit", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a disk always full")
def test_output_that_cannot_be_written_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["conform", "--case", "standard.bid.*"]
    assert main([*args, "--report", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert err == "spadespec conform: cannot write the report /dev/full: No space left on device\n"
    assert main([*args, "--junit", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert err.endswith(": cannot write JUnit XML to /dev/full: No space left on device\n")
    full = open("/dev/full", "w")  # not `with`: closing it fails too, as it should
    monkeypatch.setattr(sys, "stdout", full)
    assert main(args) == 2
    monkeypatch.undo()
    with contextlib.suppress(OSError):
        full.close()
    err = capsys.readouterr().err  # after the progress line
    assert err.endswith("\nspadespec conform: cannot write to stdout: No space left on device\n")


def test_a_closed_pipe_is_one_line_and_exit_2(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(SMALL_SUITE, folder)
    runner = _conform_in_a_process(
        folder, "--case", BIDDING, "--json", stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert runner.stdout is not None and runner.stderr is not None
    runner.stdout.close()  # whoever read the output has gone
    err = runner.stderr.read().decode()
    assert runner.wait(30) == 2
    # The progress lines, then one line: no traceback, none as Python exits either.
    *progress, last = err.splitlines()
    assert last == "spadespec conform: cannot write to stdout: the pipe it goes to is closed"
    assert all(line.startswith("conform: ") for line in progress)
    assert "Traceback" not in err and "Exception ignored" not in err


def test_an_expected_failure_list_that_is_not_utf8_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "known.txt"
    listed.write_bytes(b"standard.a  # fine\nstandard.b  # caf\xe9, in Latin-1\n")
    assert main(["conform", "--expect-fail", str(listed)]) == 2
    assert capsys.readouterr().err == (
        f"spadespec conform: {listed}:2: not UTF-8 text (byte 18 of the line cannot be read)\n"
    )
