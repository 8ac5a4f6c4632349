"""The README's commands as `.ci/readme_commands.py` runs them (in a clean clone, in `.ci/run`):
here, in a second, that they parse, that each placeholder has an example file in the checkout,
that the commands `.ci/run` runs itself are still in the README and in `.ci/run`, and that a
command that fails is named."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from _cli import run_cli

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    path = ROOT / ".ci" / "readme_commands.py"
    spec = importlib.util.spec_from_file_location("readme_commands", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("readme_commands", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = SCRIPT.readme_commands(README)
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_commands_parse_as_commands_of_the_project() -> None:
    assert len(COMMANDS) >= 20
    for command in COMMANDS:
        assert command.written.split()[0] in ("spadespec", "python3"), command
        assert "\\" not in command.written and "#" not in command.written, command
    # A command continued over two lines is one, its comment left out.
    joined = [
        c.written for c in COMMANDS if c.written.endswith("--report run.jsonl --junit run.xml")
    ]
    assert joined == [
        'spadespec conform --engine "node examples/js-engine/spades.js" --variant standard '
        "--report run.jsonl --junit run.xml"
    ]


def test_every_placeholder_has_an_example_and_every_table_names_a_readme_command() -> None:
    assert SCRIPT.table_problems(README, CI_RUN) == []
    named = {name for c in COMMANDS for name in SCRIPT.placeholders(c.written)}
    assert named == set(SCRIPT.PLACEHOLDERS)


def test_a_placeholder_with_no_example_and_a_command_gone_are_problems() -> None:
    text = "```sh\nspadespec validate YOUR-FILE.yaml   # not in the table\n```\n"
    problems = SCRIPT.table_problems(text, CI_RUN)
    assert "README line 2: YOUR-FILE.yaml has no example here" in problems
    assert any(
        p.startswith("the README no longer has the command: python3 -m venv") for p in problems
    )
    assert any(p.startswith("BEFORE names a command the README does not have") for p in problems)
    assert "the README no longer says: mkdocs build --strict" in problems


def test_the_main_job_runs_first_and_each_command_once() -> None:
    steps = SCRIPT.plan(COMMANDS)
    assert steps[0].run == SCRIPT.SET_UP and "pip install . &&" in steps[0].run
    run = [s.written for s in steps]
    for command in COMMANDS:
        expected = 0 if command.written in SCRIPT.RUN_BY_CI else 1
        ran = [s for s in steps if s.run == SCRIPT.replaced(command.written)]
        assert len(ran) == expected, command
    assert "spadespec validate variants/ examples/house-rules/porch-200.yaml" in {
        s.run for s in steps
    }
    # The extra is installed after every command that needs none, before the first that does.
    install = next(i for i, s in enumerate(steps) if s.run == 'pip install ".[stats]"')
    assert all(SCRIPT.extra_of(w) is None for w in run[:install])
    assert all(SCRIPT.extra_of(w) == "stats" for w in run[install:])


def test_a_command_that_fails_is_named_with_its_readme_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = [
        SCRIPT.Step(5, "spadespec list", "true"),
        SCRIPT.Step(7, "spadespec show MINE", "echo cut short >&2; exit 3"),
    ]
    assert SCRIPT.run_all(steps, tmp_path) == 1
    out, err = capsys.readouterr()
    assert "line   5  true" in out
    assert "FAIL README line 7: spadespec show MINE" in err
    assert "exit status 3, 0 expected" in err and "cut short" in err


def test_a_traceback_fails_a_command_that_ends_as_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    step = SCRIPT.Step(9, "spadespec list", "echo 'Traceback (most recent call last):' >&2")
    assert SCRIPT.run_all([step], tmp_path) == 1
    assert "a traceback printed" in capsys.readouterr().err


def test_the_deals_written_for_the_readme_are_an_engines_deals(tmp_path: Path) -> None:
    pytest.importorskip("scipy", reason="the shuffle test needs the stats extra")
    path = tmp_path / "deals.jsonl"
    SCRIPT.write_deals(path, 150)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 150
    done = run_cli("shuffle-test", "--from", str(path))
    assert done.returncode == 0, done.stderr
