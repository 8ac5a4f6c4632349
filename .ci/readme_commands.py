#!/usr/bin/env python3
"""The README's commands, run as written in a clean clone of this checkout, as a new user would.

Every command of the README's `sh` blocks runs, in a `git clone` of the checkout (its last
commit) in a new temporary folder: first the main job's command (`SET_UP`), which makes the
clone's `.venv` with a plain `pip install .`, then every other command in that venv, in the
README's order, the commands that need an extra (`EXTRAS`: the README says which) last, once
`pip install ".[EXTRA]"` has added it. Names in capitals are the README's placeholders, each
replaced by the repository's example file for it (`PLACEHOLDERS`); a command that reads what
no command before it writes has it written first (`BEFORE`). A command fails the run if it ends
with another exit status than 0 (or the one `EXIT_STATUS` gives it) or prints a traceback, and
the run names it. The README's test command (with every extra) and its docs build (`pip install
".[docs]"` then `mkdocs build --strict`) are run by `.ci/run` itself, not here (`RUN_BY_CI`), so
that nothing runs twice; both are checked to be in the README and in `.ci/run`.

    python3 .ci/readme_commands.py            # run them all (a few minutes)
    python3 .ci/readme_commands.py --list     # the commands as they will run, none run
    python3 .ci/readme_commands.py --keep     # keep the clone to look into afterwards

`tests/test_readme_commands.py` checks these tables against the README and `.ci/run` in a
second, with the README's test command.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

SET_UP = "python3 -m venv .venv && . .venv/bin/activate && pip install . && spadespec conform"
"""The README's main job: run first, as written; it makes the venv every other command uses."""

RUN_BY_CI = {
    'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && pytest': "pytest",
    'pip install ".[docs]"': '-m pip install --quiet ".[docs]"',
    "mkdocs build --strict": "mkdocs build --strict",
}
"""What the README says to run that `.ci/run` runs itself (the test command with every extra,
the docs build as the README says, not editable), and what in `.ci/run` runs it: here each is
only checked to be in both."""

PLACEHOLDERS = {
    "MY-RULES.yaml": "examples/house-rules/porch-200.yaml",
    "OUT/": "out/",  # a folder to write: a new one in the clone
    "GAMES.jsonl": "examples/records/sample-games.jsonl",
    "DEALS.jsonl": "deals.jsonl",  # no engine's deals are shipped: written first (BEFORE)
}
"""Each placeholder of the README's commands and what it is replaced by."""

BEFORE = {
    # The other three shares of the campaign whose first share the command before it wrote.
    "spadespec simulate merge s0.json s1.json s2.json s3.json": tuple(
        f"spadespec simulate standard --shard {i}/4 --json > s{i}.json" for i in (1, 2, 3)
    ),
    # An engine's deals, one a line: here the reference engine's shuffle, as an engine writes them.
    "spadespec shuffle-test --from DEALS.jsonl": (
        "python3 .ci/readme_commands.py --write-deals deals.jsonl",
    ),
}
"""Commands run first (in the clone's venv) to write what a README command reads."""

EXIT_STATUS = {
    # Two of the three sample games are wrong on purpose (examples/records/sample-games.jsonl).
    "spadespec audit GAMES.jsonl --report audit.jsonl": 1,
}
"""The README's commands that end with another exit status than 0, as they should."""

EXTRAS = {"spadespec shuffle-test": "stats"}
"""The extra the README says a command (by how it begins) needs, installed before it."""

PLACEHOLDER = re.compile(r"(?<![\w./-])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*[A-Z0-9](?:\.[a-z]+|/)?")
"""A name in capitals (`MY-RULES.yaml`, `OUT/`); one capital alone (`N=3`) is not one."""

FENCE = re.compile(r"^```sh\n(.*?)^```$", re.S | re.M)


@dataclass(frozen=True)
class Command:
    """A command of the README: the line it begins on, and its text as written (a line ended
    by `\\` joined to the next, the comment after `#` and lines of comment alone left out)."""

    line: int
    written: str


def readme_commands(text: str) -> list[Command]:
    """Every command of the `sh` blocks of the README's text, in order."""
    commands = []
    for block in FENCE.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        pending: list[str] = []
        start = first
        for offset, raw in enumerate(block.group(1).splitlines()):
            code = _without_comment(raw).strip()
            if not code:
                continue
            if not pending:
                start = first + offset
            pending.append(code.removesuffix("\\").strip())
            if not code.endswith("\\"):
                commands.append(Command(start, " ".join(pending)))
                pending = []
        if pending:
            commands.append(Command(start, " ".join(pending)))
    return commands


def _without_comment(line: str) -> str:
    """The line up to a `#` that begins a shell comment (outside quotes, after a space)."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index]
    return line


def placeholders(command: str) -> list[str]:
    """The names in capitals in a command."""
    return PLACEHOLDER.findall(command)


def replaced(command: str) -> str:
    """The command with each placeholder replaced by its example."""
    for name, example in PLACEHOLDERS.items():
        command = command.replace(name, example)
    return command


def extra_of(command: str) -> str | None:
    """The extra a command needs, if the README says it needs one."""
    return next((e for begin, e in EXTRAS.items() if command.startswith(begin)), None)


def table_problems(readme: str, ci_run: str) -> list[str]:
    """What is wrong between the README's text, the tables above and `.ci/run`: a
    placeholder with no example, an example that is not in the checkout, a table entry for a
    command the README no longer has, a command `.ci/run` should run that it does not."""
    commands = readme_commands(readme)
    written = {c.written for c in commands}
    problems = []
    for command in commands:
        for name in placeholders(command.written):
            if name not in PLACEHOLDERS:
                problems.append(f"README line {command.line}: {name} has no example here")
    for name, example in PLACEHOLDERS.items():
        if example.startswith("examples/") and not (ROOT / example).is_file():
            problems.append(f"the example for {name}, {example}, is not in the checkout")
    for table in ("BEFORE", "EXIT_STATUS"):
        for key in globals()[table]:
            if key not in written:
                problems.append(f"{table} names a command the README does not have: {key}")
    if SET_UP not in written:
        problems.append(f"the README no longer has the command: {SET_UP}")
    for key, ci_line in RUN_BY_CI.items():
        if key not in readme:
            problems.append(f"the README no longer says: {key}")
        if ci_line not in ci_run:
            problems.append(f".ci/run does not run {ci_line!r}, for the README's {key}")
    if f"python3 .ci/{Path(__file__).name}" not in ci_run:
        problems.append(f".ci/run does not run .ci/{Path(__file__).name}")
    return problems


@dataclass(frozen=True)
class Step:
    """One command to run in the clone, for the README command at `line`."""

    line: int
    written: str
    run: str
    status: int = 0


def plan(commands: list[Command]) -> list[Step]:
    """Every command to run, in order: the set-up, those that need no extra, then for each
    extra its install and the commands that need it."""
    others = [c for c in commands if c.written != SET_UP and c.written not in RUN_BY_CI]
    set_up = next(c for c in commands if c.written == SET_UP)
    steps = [Step(set_up.line, SET_UP, SET_UP)]
    for extra in [None, *dict.fromkeys(EXTRAS.values())]:
        chosen = [c for c in others if extra_of(c.written) == extra]
        if extra is not None and chosen:
            install = f'pip install ".[{extra}]"'
            steps.append(Step(chosen[0].line, chosen[0].written, install))
        for command in chosen:
            for first in BEFORE.get(command.written, ()):
                steps.append(Step(command.line, command.written, first))
            status = EXIT_STATUS.get(command.written, 0)
            steps.append(Step(command.line, command.written, replaced(command.written), status))
    return steps


def _environment(venv: Path | None) -> dict[str, str]:
    """This process's environment without its own venv, or with the clone's `venv` active."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    path = env.get("PATH", "").split(os.pathsep)
    if sys.prefix != sys.base_prefix:
        path = [p for p in path if Path(p) != Path(sys.prefix) / "bin"]
    if venv is not None:
        env["VIRTUAL_ENV"] = str(venv)
        path.insert(0, str(venv / "bin"))
    env["PATH"] = os.pathsep.join(path)
    return env


def run_all(steps: list[Step], clone: Path) -> int:
    """Run the steps in the clone, one after another; 1 at the first that fails, naming it."""
    for index, step in enumerate(steps):
        venv = clone / ".venv" if index else None
        began = time.monotonic()
        done = subprocess.run(
            ["bash", "-c", step.run],
            cwd=clone,
            env=_environment(venv),
            capture_output=True,
            text=True,
            timeout=900,
        )
        took = time.monotonic() - began
        wrong = None
        if done.returncode != step.status:
            wrong = f"exit status {done.returncode}, {step.status} expected"
        elif "Traceback (most recent call last)" in done.stderr:
            wrong = "a traceback printed"
        if wrong is not None:
            print(f"FAIL README line {step.line}: {step.written}", file=sys.stderr)
            if step.run != step.written:
                print(f"  ran as: {step.run}", file=sys.stderr)
            print(f"  {wrong}; its last output:", file=sys.stderr)
            tail = (done.stdout + done.stderr).strip().splitlines()[-20:]
            print("\n".join(f"    {line}" for line in tail), file=sys.stderr)
            return 1
        print(f"ok {took:6.1f} s  line {step.line:3}  {step.run}", flush=True)
    return 0


def write_deals(path: Path, count: int) -> None:
    """`count` deals of the reference engine's shuffle (seed 7) to `path`, one JSON line each
    in the case notation with the dealer, as an engine that deals its own cards writes them."""
    from spadespec.conformance.analysis.shuffle.deals import reference_deals
    from spadespec.reference_engine.deal import format_deal
    from spadespec.reference_engine.variant import load_variant

    with path.open("w", encoding="utf-8") as out:
        for dealt in reference_deals(load_variant("standard"), 7, count):
            dealer = dealt.dealer.name if dealt.dealer else None
            out.write(json.dumps({"hands": format_deal(dealt.hands), "dealer": dealer}) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the commands, run none")
    parser.add_argument("--keep", action="store_true", help="keep the clone afterwards")
    parser.add_argument("--write-deals", type=Path, metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.write_deals:
        write_deals(args.write_deals, 2000)
        return 0
    readme = README.read_text(encoding="utf-8")
    commands = readme_commands(readme)
    problems = table_problems(readme, CI_RUN.read_text(encoding="utf-8"))
    if problems:
        print("\n".join(f"FAIL {p}" for p in problems), file=sys.stderr)
        return 1
    steps = plan(commands)
    if args.list:
        print("\n".join(f"line {s.line:3}  {s.run}" for s in steps))
        return 0
    changed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if changed:
        print("note: the clone has the last commit; uncommitted changes are not in it")
    folder = Path(tempfile.mkdtemp(prefix="spadespec-readme-"))
    clone = folder / "spadespec"
    try:
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        status = run_all(steps, clone)
    finally:
        if args.keep:
            print(f"the clone is kept in {clone}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    if status == 0:
        ran = len([c for c in commands if c.written not in RUN_BY_CI])
        print(f"the README's commands: {ran} run as it says ({len(steps)} steps in all)")
    return status


if __name__ == "__main__":
    sys.exit(main())
