"""The npm package (npm/): its runner gives every engine the verdicts `spadespec conform` gives,
check by check, for engines right and wrong; its command refuses bad input by name; its
version moves with the suite's digest."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _sweeps import sweep

from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.report.jsonl import suite_info
from spadespec.conformance.contract.runner.run import run_cases
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.machinery.npm import package

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
RUNNER = ROOT / "npm" / "bin" / "spadespec-conformance.cjs"
EXAMPLE = ROOT / "examples" / "js-engine"
needs_node = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed")
# A wrong answer is checked for its form with ajv, the package's one dependency: `npm ci` in
# npm/ installs it (.ci/run does, before the tests).
needs_ajv = pytest.mark.skipif(
    NODE is None or not (ROOT / "npm" / "node_modules" / "ajv").is_dir(),
    reason="node, and ajv in npm/node_modules (`npm ci` in npm/), are needed",
)


def _npm(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [NODE or "node", str(RUNNER), *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def _npm_verdicts(engine: str, variant: str) -> dict[str, str]:
    done = _npm("--engine", engine, "--variant", variant, "--jsonl")
    assert done.returncode in (0, 1), done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[-1]["kind"] == "end"
    return {line["id"]: line["verdict"] for line in lines if line["kind"] == "case"}


def _conform_verdicts(engine: str, variant: str) -> dict[str, str]:
    report = run_cases(
        open_engine(engine), load_suite().select(variant=variant), engine_spec=engine
    )
    return {r.case.id: r.final for r in report.results}


def _node(script: str) -> str:
    return shlex.join([NODE or "node", str(EXAMPLE / script)])


PYTHON_FAULT = f"{shlex.quote(sys.executable)} -m spadespec faults run"
ENGINES = f"{shlex.quote(sys.executable)} {ROOT / 'tests' / 'data' / 'engines'}"


PASSING = [
    (_node("spades.js"), "standard"),
    (_node("spades.js") + " --deal-for-itself", "standard"),
    (f"{shlex.quote(sys.executable)} examples/score-keeper/score_keeper.py", "standard"),
    (f"{shlex.quote(sys.executable)} -m spadespec serve", "blind-six-double"),
    (f"{shlex.quote(sys.executable)} -m spadespec serve", "redeal-by-choice"),
]


@needs_node
@pytest.mark.sweep
@pytest.mark.parametrize(("engine", "variant"), sweep(PASSING, [PASSING[0], PASSING[2]]))
def test_the_runners_agree_on_engines_that_pass(engine: str, variant: str) -> None:
    ours = _conform_verdicts(engine, variant)
    assert ours and set(ours.values()) <= {"pass", "n/a"}
    assert _npm_verdicts(engine, variant) == ours


FAILING = [
    _node("spades-bags-at-five.js"),
    _node("spades-nil-tricks-apart.js"),
    f"{PYTHON_FAULT} nil-tricks-counted-wrong-way",
    f"{PYTHON_FAULT} follow-suit-not-enforced",
    # engines that crash, write garbage or break the protocol's framing on some cases: the same
    # restarts, the same errors, the same engine given up
    f"{ENGINES}/crash.py --on 'standard.play.*'",
    f"{ENGINES}/garbage.py --on 'standard.scoring.*'",
    f"{ENGINES}/schema_breaking.py --on 'standard.scoring.*'",
]


@needs_ajv
@pytest.mark.sweep
@pytest.mark.parametrize("engine", sweep(FAILING, [FAILING[0], FAILING[4]]))
def test_the_runners_agree_on_engines_that_fail(engine: str) -> None:
    ours = _conform_verdicts(engine, "standard")
    assert {"fail", "error"} & set(ours.values())
    assert _npm_verdicts(engine, "standard") == ours


@needs_ajv
def test_a_failure_names_what_differs_and_how_to_run_it_again(tmp_path: Path) -> None:
    done = _npm("--engine", _node("spades-bags-at-five.js"), "--variant", "standard")
    assert done.returncode == 1
    assert "FAIL standard.scoring.bags-exactly-ten-and-past-ten" in done.stdout
    assert "$.hands[0].sides.EW.bag_penalty: expected 100, got 200" in done.stdout
    assert done.stdout.rstrip().endswith("FAILED")


def _run_suite(engine_script: str, options: dict[str, Any]) -> dict[str, Any]:
    script = f"""
        const {{ runSuite }} = require({json.dumps(str(ROOT / "npm" / "index.cjs"))});
        const {{ createEngine }} = require({json.dumps(str(EXAMPLE / engine_script))});
        runSuite(createEngine(), {json.dumps(options)}).then(
          (r) => console.log(JSON.stringify({{ ok: r.ok, totals: r.totals,
            finals: Object.fromEntries(r.results.map((x) => [x.id, x.final])) }})),
          (e) => {{ console.log(JSON.stringify({{ error: e.message }})); }});
    """
    done = subprocess.run([NODE or "node", "-e", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@needs_ajv
def test_an_expected_failure_is_xfail_and_a_listed_pass_is_xpass() -> None:
    failing = "standard.scoring.bags-exactly-ten-and-past-ten"
    passing = "standard.play.must-follow-suit"
    listed = _run_suite("spades-bags-at-five.js", {"variant": "standard", "expectFail": [failing]})
    assert listed["finals"][failing] == "xfail"
    right = _run_suite("spades.js", {"variant": "standard", "expectFail": [passing]})
    assert right["finals"][passing] == "xpass"
    assert right["ok"] is False


@needs_node
def test_a_list_naming_a_case_the_suite_lacks_is_refused() -> None:
    out = _run_suite("spades.js", {"variant": "standard", "expectFail": ["standard.no-such-case"]})
    assert "standard.no-such-case" in out["error"]


@needs_node
def test_in_process_and_over_the_protocol_agree() -> None:
    in_process = _run_suite("spades.js", {"variant": "standard"})
    assert in_process["finals"] == _npm_verdicts(_node("spades.js"), "standard")
    assert in_process["ok"] is True


@needs_node
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--variant", "standard"], "--engine COMMAND is required"),
        (["--engine", "true", "--variant", "no-such-rules"], 'no ruleset "no-such-rules"'),
        (["--engine", "exit 3"], "exit 3: no start answer: the engine exited (exit 3)"),
        (["--engine", "x", "--timeout", "soon"], "--timeout is a whole number"),
        (["--engine", "x", "--frobnicate"], "unknown argument --frobnicate"),
    ],
)
def test_the_command_refuses_bad_input_by_name(args: list[str], said: str) -> None:
    done = _npm(*args)
    assert done.returncode == 2
    assert said in done.stderr
    assert "at " not in done.stderr.split("\n", 1)[0]  # a message, not a stack trace


def test_the_version_moves_when_the_digest_does() -> None:
    committed = json.loads((ROOT / "npm" / "package.json").read_text("utf-8"))
    digest = committed["spadespec"]["suiteDigest"]
    assert json.loads(package.package_json(digest))["version"] == committed["version"]
    major, minor, _ = committed["version"].split(".")
    moved = json.loads(package.package_json("0" * 16))
    assert moved["version"] == f"{major}.{int(minor) + 1}.0"
    assert moved["spadespec"]["suiteDigest"] == "0" * 16


def test_the_package_carries_every_case_and_the_suites_digest() -> None:
    suite = load_suite()
    carried = {
        entry["id"]: entry
        for path in (ROOT / "npm" / "data" / "cases").glob("*.json")
        for entry in json.loads(path.read_text("utf-8"))
    }
    assert set(carried) == {case.id for case in suite}
    for case in suite:
        assert carried[case.id]["expect"] == case.expect
        assert carried[case.id]["request"]["actions"] == case.actions
    facts = json.loads((ROOT / "npm" / "data" / "suite.json").read_text("utf-8"))
    assert facts["suite"]["digest"] == suite_info(suite)["digest"]
