"""The one command for every generated file (`python -m spadespec.regenerate`): `--check` finds
the committed tree fresh, names each stale file with the command that refreshes it when one is
not, judges from fingerprints alone, and a refresh that needs what the machine lacks says so
and exits 1 without a traceback."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spadespec.regenerate import command, fingerprints
from spadespec.regenerate.schedule import refresh
from spadespec.regenerate.steps import STEPS, Stale, traced_step

STEP = {step.name: step for step in STEPS}


def test_the_committed_tree_is_fresh_judged_with_no_command_run_nor_node_nor_openspiel(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import subprocess
    import sys

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the check ran {args}")

    monkeypatch.setattr(subprocess, "Popen", refused)
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # importing it fails
    assert command.main(["--check", "--quiet"]) == 0, capsys.readouterr().out


def test_a_changed_input_of_the_cases_makes_them_stale_naming_it_and_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = fingerprints.read_manifest()["cases"]
    scoring = next(name for name in record.inputs if "reference_engine/scoring/" in name)
    real = fingerprints.fingerprint
    monkeypatch.setattr(
        fingerprints, "fingerprint", lambda name: "0" * 16 if name == scoring else real(name)
    )
    assert command.main(["--check", "--quiet", "cases", "witnesses"]) == 1
    out = capsys.readouterr().out
    assert (
        f"spadespec/conformance/contract/cases/: read {scoring}, which changed since; "
        "refresh: python -m spadespec.regenerate cases"
    ) in out.splitlines()
    assert "regenerate witnesses" in out  # the witness search imports the scoring too


def test_a_generated_file_edited_by_hand_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = json.loads(fingerprints.MANIFEST.read_text(encoding="utf-8"))
    manifest["witnesses"]["outputs"]["docs/witnesses/stored.json"] = "0" * 16
    (tmp_path / "fingerprints.json").write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setattr(fingerprints, "MANIFEST", tmp_path / "fingerprints.json")
    assert command.main(["--check", "--quiet", "--json", "witnesses"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["ok"] is False
    assert summary["steps"][0]["left_stale"] == [
        {"path": "docs/witnesses/stored.json", "why": "is not the text this step wrote"}
    ]


def _cases_changed_since_the_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the suite other than the one every stored engine report was made with."""
    from spadespec.docs_gen import results

    monkeypatch.setattr(results, "current_suite", lambda variant=None: {
        "version": "0.0.0", "digest": "0" * 16, "cases": 1,
    })  # fmt: skip


def test_stored_reports_and_simulations_are_judged_by_their_own_fingerprints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from spadespec.docs_gen import simulations

    _cases_changed_since_the_reports(monkeypatch)
    now = simulations.fingerprints
    monkeypatch.setattr(
        simulations, "fingerprints", lambda variant: {**now(variant), "scoring": "0" * 16}
    )
    assert command.main(["--check", "--quiet", "results", "simulations"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(
        line.startswith("docs/results/js-example.jsonl: ")
        and line.endswith("refresh: python -m spadespec.regenerate results")
        for line in out
    ), out
    assert any(
        line.startswith("docs/results/simulation/standard.json: ")
        and "other scoring than these" in line
        and line.endswith("refresh: python -m spadespec.regenerate simulations")
        for line in out
    ), out


def test_a_step_that_reads_a_stale_step_is_stale_without_running_its_generator(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Cases changed since the stored reports were made: the page generator refuses such a
    # report, so the check must not ask it (it raised StaleReport, a traceback, before).
    _cases_changed_since_the_reports(monkeypatch)
    assert command.main(["--check", "--quiet", "--json", "results", "pages"]) == 1
    steps = {step["step"]: step for step in json.loads(capsys.readouterr().out)["steps"]}
    assert steps["results"]["left_stale"]
    assert [entry["why"] for entry in steps["pages"]["left_stale"]] == ["waits for results, stale"]


def test_a_refresh_this_machine_cannot_run_says_what_it_lacks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = [Stale("docs/results/js-example.jsonl", "made with another suite")]
    results = dataclasses.replace(STEP["results"], stale=lambda: stale, after=())
    monkeypatch.setattr(command, "STEPS", (results,))
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert command.main(["--quiet"]) == 1
    out = capsys.readouterr().out
    assert "js-example: js-example.jsonl: not refreshed: this machine lacks Node.js" in out
    assert "Traceback" not in out


def test_usage_errors_exit_2() -> None:
    for argv in (["no-such-step"], ["--jobs", "0"], ["--check", "--bogus"]):
        with pytest.raises(SystemExit) as exited:
            command.main(argv)
        assert exited.value.code == 2, argv


def test_a_traced_step_records_what_its_generator_read_and_is_stale_when_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "probe_generator.py").write_text(
        "from spadespec.reference_engine import seats\n"
        "from spadespec.regenerate.fingerprints import ROOT\n"
        "def files():\n"
        "    (ROOT / 'variants' / 'standard.yaml').read_text()\n"
        "    sorted((ROOT / 'variants').iterdir())\n"
        "    return {}\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(fingerprints, "MANIFEST", tmp_path / "fingerprints.json")
    step = traced_step("probe", "a file", "nothing", "probe_generator:files")
    assert step.stale() == [Stale("nothing", "not yet made by this command")]
    (outcome,) = refresh([step], 1, lambda line: None, quiet=True)
    assert outcome.left == [] and outcome.refreshed == ["nothing"]
    read = fingerprints.read_manifest()["probe"].inputs
    assert {"variants/standard.yaml", "variants/", "spadespec/reference_engine/seats.py"} <= set(
        read
    )
    assert not any(name.startswith("spadespec/regenerate/") for name in read)
    assert step.stale() == []
    real = fingerprints.fingerprint
    monkeypatch.setattr(
        fingerprints, "fingerprint", lambda name: "new" if name == "variants/" else real(name)
    )
    assert step.stale() == [Stale("nothing", "read variants/, which changed since")]


def test_an_input_edited_while_its_step_runs_leaves_the_step_stale(tmp_path: Path) -> None:
    # The generator reads a file of the checkout, then the file changes before the step ends,
    # as when someone edits an input during a long run: the record keeps the digest of what was
    # read, so the next check says the step is stale rather than fresh. (In a process of its
    # own: the child's audit hook cannot be taken off again.)
    (tmp_path / "spadespec").mkdir()
    (tmp_path / "input.txt").write_text("as read\n", encoding="utf-8")
    (tmp_path / "edit_generator.py").write_text(
        "from spadespec.regenerate.fingerprints import ROOT\n"
        "def files():\n"
        "    (ROOT / 'input.txt').read_text()\n"
        "    (ROOT / 'input.txt').write_text('edited meanwhile\\n')\n"
        "    return {}\n",
        encoding="utf-8",
    )
    driver = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from spadespec.regenerate import child, fingerprints\n"
        "fingerprints.ROOT = child.ROOT = Path(sys.argv[1])\n"
        "print(json.dumps(child.write_files('edit_generator:files').inputs))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", driver, str(tmp_path)],
        capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )  # fmt: skip
    inputs = json.loads(done.stdout)
    assert inputs["input.txt"] == fingerprints.digest(b"as read\n")
    assert (tmp_path / "input.txt").read_text(encoding="utf-8") == "edited meanwhile\n"


def test_a_stored_report_is_stale_when_its_engines_code_changes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The suite is the same, but the example engine's code is not what made its report.
    from spadespec.regenerate import steps

    real = steps.fingerprint
    edited = "examples/js-engine/spades.js"
    monkeypatch.setattr(steps, "fingerprint", lambda n: "0" * 16 if n == edited else real(n))
    assert command.main(["--check", "--quiet", "results"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"docs/results/js-example.jsonl: was made by the engine's code before {edited} changed;"
        " refresh: python -m spadespec.regenerate results"
    ], out
