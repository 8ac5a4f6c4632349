"""The runner's records: a report that survives a killed run and resumes, expected failures
(an unexpected pass fails the run), JUnit XML a CI system can parse, and usage errors."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conformance.report.jsonl import read_report
from conformance.runner.score import offered
from conformance.suite.cases import Case, Suite, load_suite
from reference_engine.cli import main

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
        [sys.executable, "-m", "reference_engine", "conform", "--engine", command,
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
    assert f"{every} cases: {every} pass. OK" in out
    assert f", score {scoring}\n" in out
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
    assert error is not None and "not JSON" in (error.get("message") or "")
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
    monkeypatch.setattr("conformance.cli.load_suite", lambda **_: suite)
