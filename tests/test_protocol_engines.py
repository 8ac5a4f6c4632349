"""Engines in another process: the reference engine served over the protocol passes the suite,
and engines that hang, crash, print garbage or break the schema each leave a complete report,
an error for the case they misbehaved on, and a runner that goes on."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from spadespec.cli import main
from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.subprocess_engine import (
    EngineStartError,
    SubprocessEngine,
)
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.runner.score import offered
from spadespec.conformance.contract.suite.cases import Case, Suite, load_suite

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "data" / "engines"
SERVE = f"{shlex.quote(sys.executable)} -m spadespec serve"


def engine(name: str, *on: str) -> str:
    """The command for a test engine misbehaving on the cases `on` names (globs)."""
    words = [sys.executable, str(ENGINES / f"{name}.py")]
    for glob in on:
        words += ["--on", glob]
    return shlex.join(words)


@pytest.fixture(scope="module")
def suite() -> Suite:
    return load_suite()


@pytest.fixture(autouse=True)
def _suite_loaded_once(monkeypatch: pytest.MonkeyPatch, suite: Suite) -> None:
    # Loading checks every case file against its schema, seconds a time; each `main()` call
    # here reuses one loaded suite.
    monkeypatch.setattr("spadespec.conformance.cli.load_suite", lambda **_: suite)


@pytest.fixture(scope="module")
def standard(suite: Suite) -> list[Case]:
    return suite.select("standard")


def report_lines(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    schema = json.loads((ROOT / "schema" / "report.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for line in lines:
        assert not list(validator.iter_errors(line)), line
    return lines


def test_the_served_reference_engine_passes_the_whole_suite_through_the_protocol(
    suite: Suite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "run.jsonl"
    status = main(["conform", "--engine", SERVE, "--report", str(report)])
    out = capsys.readouterr().out
    assert status == 0, out
    lines = report_lines(report)
    cases = [line for line in lines if line["kind"] == "case"]
    # Every case, and after each case that completes a hand its score request.
    assert [line["id"] for line in cases if not line["id"].endswith("~score")] == [
        case.id for case in suite
    ]
    assert len(cases) == len(suite) + len(offered(suite))
    assert {line["verdict"] for line in cases} == {"pass"}
    assert lines[0]["engine"]["name"] == "spadespec-reference"
    assert lines[-1] == lines[-1] | {"kind": "end", "ok": True}


def _run_cli(engine_command: str, tmp_path: Path, *extra: str) -> tuple[int, list[dict[str, Any]]]:
    report = tmp_path / "run.jsonl"
    status = main(
        ["conform", "--engine", engine_command, "--variant", "standard", "--timeout", "1",
         "--report", str(report), *extra]
    )  # fmt: skip
    return status, report_lines(report)


@pytest.mark.parametrize(
    ("name", "message", "stderr"),
    [
        ("hang", "no answer to run within 1 s (--timeout); the engine was stopped", "hang:"),
        ("crash", "the engine exited (status 3) while answering run", "out of cheese"),
        # A debugging line before the answer: named as a line too many, and shown.
        ("garbage", "and before its answer to request 2: 'DEBUG request 2", ""),
        ("schema_breaking", "the answer breaks the protocol at $: ", ""),
    ],
)
def test_a_misbehaving_engine_errs_on_its_cases_only_and_the_report_is_complete(
    name: str,
    message: str,
    stderr: str,
    standard: list[Case],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Misbehave on the second and the fourth case: the runner must recover twice.
    bad = {standard[1].id, standard[3].id}
    status, lines = _run_cli(engine(name, *sorted(bad)), tmp_path)
    capsys.readouterr()
    cases = [line for line in lines if line["kind"] == "case"]
    assert [line["id"] for line in cases] == [c.id for c in standard]
    assert status == 1
    assert lines[-1]["kind"] == "end" and lines[-1]["totals"]["error"] == 2
    for line in cases:
        if line["id"] not in bad:
            assert line["verdict"] == "pass", line
            continue
        assert line["verdict"] == "error", line
        assert message in line["message"], line
        if stderr:
            assert stderr in line["stderr"]


@pytest.mark.parametrize("name", ["hang", "crash", "garbage", "schema_breaking"])
def test_after_a_misbehaving_case_the_next_cases_are_answered(
    name: str, standard: list[Case]
) -> None:
    chosen = standard[:4]
    target = chosen[1].id
    process = SubprocessEngine(engine(name, target), timeout=1)
    report = run_cases(process, chosen, engine_spec=name)
    verdicts = {r.case.id: r.final for r in report.results}
    assert verdicts == {c.id: "error" if c.id == target else "pass" for c in chosen}
    restarted = name != "schema_breaking"  # a well-framed answer keeps the process
    assert process.restarts == (1 if restarted else 0)


def test_an_extra_line_after_an_answer_is_named_and_shown(standard: list[Case]) -> None:
    chosen = standard[:3]
    # Written with the answer: the case it follows is the error, and the process is replaced.
    process = SubprocessEngine(engine("extra_line", chosen[1].id), timeout=1)
    report = run_cases(process, chosen)
    assert [r.final for r in report.results] == ["pass", "error", "pass"]
    assert report.results[1].message == (
        f"the engine wrote an extra line after its answer to request 2 ({chosen[1].id}):"
        " 'DEBUG answered request 2'"
    )
    assert process.restarts == 1
    # Written after the answer was read: found before the next request goes out.
    process = SubprocessEngine(engine("extra_line", chosen[0].id) + " --late 0.05", timeout=1)
    process.start()
    try:
        assert process.run(request_for(chosen[0]))["outcome"] == "answered"
        time.sleep(0.5)
        response = process.run(request_for(chosen[1]))
        assert response["outcome"] == "errored"
        assert response["message"] == (
            f"the engine wrote an extra line after its answer to request 1 ({chosen[0].id}),"
            " before request 2 was sent: 'DEBUG answered request 1'"
        )
        assert process.run(request_for(chosen[2]))["outcome"] == "answered"  # a new process
    finally:
        process.stop()


def test_start_has_its_own_timeout(standard: list[Case]) -> None:
    slow = {**os.environ, "SLOW_START_SECONDS": "0.8"}
    # A request timeout shorter than the engine takes to start does not count against start.
    process = SubprocessEngine(engine("slow_start"), timeout=0.5, env=slow)
    report = run_cases(process, standard[:1])
    assert not report.start_error and report.results[0].final == "pass"
    process = SubprocessEngine(engine("slow_start"), timeout=5, start_timeout=0.2, env=slow)
    with pytest.raises(EngineStartError, match=r"no answer to start within 0.2 s \(--start-t"):
        process.start()


def test_an_engine_speaking_another_protocol_version_errs_on_every_case(
    standard: list[Case],
) -> None:
    chosen = standard[:3]
    report = run_cases(open_engine(engine("no_start"), timeout=1), chosen, engine_spec="x")
    assert [r.final for r in report.results] == ["error"] * 3
    assert "the engine speaks protocol 99; this runner speaks 1" in report.start_error
    assert report.engine["protocol"] == 0 and not report.ok


def test_a_case_the_engine_does_not_declare_is_not_applicable(
    suite: Suite, standard: list[Case]
) -> None:
    other = next(c for c in suite if c.variant != "standard")
    process = SubprocessEngine(engine("schema_breaking", "nothing"), timeout=5)
    info = process.start()
    process.stop()
    assert other.variant in info["variants"]
    # The same engine, told to claim only `standard` and `totals`: everything else is n/a.
    from spadespec.conformance.contract.protocol.messages import (
        CaseRequest,
        CaseResponse,
        EngineInfo,
    )

    class Narrow:
        def start(self) -> EngineInfo:
            return {**info, "variants": ["standard"], "features": ["totals"]}

        def run(self, request: CaseRequest) -> CaseResponse:
            raise AssertionError(f"{request['id']} should not have been sent")

        def stop(self) -> None:
            pass

    asks_other = next(c for c in standard if "totals" not in c.asks)
    report = run_cases(Narrow(), [other, asks_other])
    assert [r.final for r in report.results] == ["n/a", "n/a"]
    # Nothing was checked, so the run is not good, though nothing failed.
    assert not report.ok and report.too_few_checked()


def test_an_engine_command_that_cannot_start_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "--engine", "no-such-program-xyz --flag"]) == 2
    assert "no program 'no-such-program-xyz'" in capsys.readouterr().err
    assert main(["conform", "--engine", "'unbalanced"]) == 2
    assert main(["conform", "--engine", SERVE, "--timeout", "0"]) == 2
    assert main(["conform", "--engine", SERVE, "--start-timeout", "-1"]) == 2
    assert "--start-timeout must be a number of seconds above 0, not -1" in capsys.readouterr().err


class _Answering:
    """An in-process engine that plays only `standard` and gives one fixed answer."""

    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers = answers

    def start(self) -> Any:
        return {"name": "fixed", "version": "1", "language": "python", "protocol": 1,
                "variants": ["standard"], "features": ["legal", "illegal", "to_act", "totals",
                "bags", "status", "hands", "trick_winners"]}  # fmt: skip

    def run(self, request: Any) -> Any:
        return {"outcome": "answered", "answers": self.answers}

    def stop(self) -> None:
        pass


def test_a_wrong_answer_in_a_non_canonical_form_is_an_error_naming_the_form(
    standard: list[Case],
) -> None:
    case = next(c for c in standard if c.expect.get("totals") is not None)
    wrong_form = {**case.expect, "totals": {k: str(v) for k, v in case.expect["totals"].items()}}
    (result,) = run_cases(_Answering(wrong_form), [case]).results
    assert result.final == "error"
    assert "not in the protocol's canonical forms at $.totals.NS" in result.message
    wrong_value = {**case.expect, "totals": {"NS": 12345, "EW": 0}}
    (result,) = run_cases(_Answering(wrong_value), [case]).results
    assert result.final == "fail"


def test_keys_a_case_does_not_compare_are_not_held_to_the_forms(standard: list[Case]) -> None:
    case = next(c for c in standard if "bags" not in c.expect)
    (result,) = run_cases(_Answering({**case.expect, "bags": "lots"}), [case]).results
    assert result.final == "pass"
