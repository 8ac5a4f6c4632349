"""Command output on the hand-written pages, produced by running the command when the site is
built, so a count or a verdict shown there is the one the suite gives today.

A page asks for it with a comment on the line before a fenced block:

    <!-- output $ spadespec conform --variant standard -->
    ```text
    ```

Options go before the `$`:

- `lines=:5,-3:` keeps slices of the output's lines (Python's slices: `:5` the first five,
  `-3:` the last three, `1` the second alone), marking what was cut with `...`;
- `from=engine:` starts at the first line that begins `engine:`, before the slices are taken;
- `exit=1`: the command is expected to fail; any other exit status fails the build;
- `file=run.jsonl` shows that file as the command wrote it rather than what it printed (each
  command runs once, in an empty folder that sees the checkout's folders), and `json=pretty`
  lays each of its JSON lines out over several;
- `beside=examples/python-engine` copies that folder's files in beside the command first;
- `stderr=merged` shows what the command wrote to stderr too, where it wrote it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from threading import Lock

from spadespec.docs_gen.checkout import REPO

DIRECTIVE = re.compile(
    r"^<!-- output(?P<options>(?: [a-z]+=[^ ]+)*) \$ (?P<command>.+?) -->\n"
    r"```(?P<lang>[a-z]+)\n(?P<body>.*?)^```$",
    re.S | re.M,
)


# The `spadespec` command of this interpreter's installation, found even when it is not on PATH.
_SPADESPEC = "import sys; from spadespec.cli import main; sys.exit(main())"


# What the commands on the pages name by a relative path.
_CHECKOUT_FOLDERS = ("conformance", "examples", "variants")


class TranscriptError(RuntimeError):
    """A command a page shows did not run as the page says it does."""


def _argv(command: str) -> list[str]:
    argv = shlex.split(command)
    if argv[0] == "spadespec":
        return [sys.executable, "-c", _SPADESPEC, *argv[1:]]
    if argv[0] in ("python3", "python"):
        return [sys.executable, *argv[1:]]
    if argv[0] == "pytest":
        return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *argv[1:]]
    return argv


def _env() -> dict[str, str]:
    # An engine command run by the suite (`python3 -m ...`) finds this interpreter first.
    bin_dir = str(Path(sys.executable).parent)
    path = bin_dir + os.pathsep + os.environ.get("PATH", "")
    # Each command, and each engine it starts, runs the checkout's package as the build does
    # (`hook.py`), not a copy installed from it, which would show its own paths.
    python_path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return dict(os.environ, PATH=path, PYTHONPATH=python_path, COLUMNS="100")


@dataclass(frozen=True)
class Transcript:
    """What a command printed and the files it wrote, by name."""

    stdout: str
    files: dict[str, str]


Key = tuple[str, int, str | None, bool]
"""A command as a page asks for it: the command, its exit status, `beside`, `merged`."""

# Every command runs once per build, in the background from the moment it is first asked for
# (`start_all` asks for every page's at the start of the build), while the generated pages are
# made; two workers, as the commands themselves keep a core busy.
_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="transcript")
_RUNS: dict[Key, Future[Transcript]] = {}
_RUNS_LOCK = Lock()


def _started(key: Key) -> Future[Transcript]:
    with _RUNS_LOCK:
        if key not in _RUNS:
            _RUNS[key] = _POOL.submit(_run, *key)
        return _RUNS[key]


def run_command(
    command: str, expected_exit: int = 0, beside: str | None = None, merged: bool = False
) -> Transcript:
    """What the command printed and wrote, run once however often it is asked for (see `_run`)."""
    return _started((command, expected_exit, beside, merged)).result()


def start_all(docs_dir: Path) -> int:
    """Every command the pages under `docs_dir` show, started in the background; how many."""
    keys = {
        _key(match)
        for page in docs_dir.rglob("*.md")
        for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8"))
    }
    for key in sorted(keys, key=str):
        _started(key)
    return len(keys)


def _run(
    command: str, expected_exit: int = 0, beside: str | None = None, merged: bool = False
) -> Transcript:
    """The command run as a reader would run it from a checkout, but in an empty folder that
    sees the checkout's folders, so the files it writes land there and not in the checkout;
    `beside` names a folder of the checkout whose files are copied in first (a reader's own
    engine file, say); `merged` keeps what it writes to stderr in its output, in order."""
    with tempfile.TemporaryDirectory() as scratch:
        for name in _CHECKOUT_FOLDERS:
            (Path(scratch) / name).symlink_to(REPO / name, target_is_directory=True)
        copied = set()
        if beside is not None:
            for path in (REPO / beside).iterdir():
                if path.is_file():
                    shutil.copy(path, scratch)
                    copied.add(path.name)
        try:
            done = subprocess.run(
                _argv(command),
                cwd=scratch,
                env=_env(),
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT if merged else subprocess.PIPE,
                text=True,
                timeout=120,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise TranscriptError(f"{command}: could not run: {exc}") from exc
        if done.returncode != expected_exit:
            raise TranscriptError(
                f"{command}: exit status {done.returncode}, the page expects {expected_exit}\n"
                + (done.stderr or done.stdout)[-2000:]
            )
        # Paths into the checkout are shown as a reader in its folder sees them.
        inside = str(REPO) + os.sep
        written = {
            p.name: p.read_text(encoding="utf-8").replace(inside, "")
            for p in Path(scratch).iterdir()
            if p.is_file() and not p.is_symlink() and p.name not in copied
        }
        return Transcript(done.stdout.replace(inside, ""), written)


def _laid_out(value: object, indent: int = 0) -> str:
    """JSON over several lines, an object or list kept on one line where it fits in 96 columns."""
    flat = json.dumps(value)
    if len(flat) + indent <= 96 or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {_laid_out(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if not any(isinstance(v, (dict, list)) for v in value):
        # A long list of names or numbers: as many to a line as fit.
        rows, row = [], pad
        for item in (json.dumps(v) for v in value):
            if row != pad and len(row) + len(item) + 2 > 96:
                rows.append(row.rstrip())
                row = pad
            row += item + ", "
        rows.append(row.removesuffix(", "))
        return "[\n" + "\n".join(rows) + "\n" + " " * indent + "]"
    items = [pad + _laid_out(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def _pretty(text: str) -> str:
    """Each JSON line of a report laid out over several lines, as the page explains it."""
    return "\n".join(
        line if line == "..." else _laid_out(json.loads(line)) for line in text.splitlines()
    )


def _sliced(text: str, spec: str | None) -> str:
    """The lines `spec` keeps (slices joined by commas, e.g. `:5,-2:`), `...` where some are cut."""
    lines = text.rstrip("\n").splitlines()
    if not spec:
        return "\n".join(lines)
    kept: list[int] = []
    for part in spec.split(","):
        start_text, colon, stop_text = part.partition(":")
        start = int(start_text) if start_text else None
        stop = int(stop_text) if stop_text else None
        if not colon and start is not None:  # one line: `1` is the second line alone
            stop = start + 1 if start != -1 else None
        kept.extend(i for i in range(*slice(start, stop).indices(len(lines))) if i not in kept)
    out: list[str] = []
    previous = -1
    for index in kept:
        if index != previous + 1:
            out.append("...")
        out.append(lines[index])
        previous = index
    if previous != len(lines) - 1:
        out.append("...")
    return "\n".join(out)


def fill_transcripts(markdown: str) -> str:
    """The page with every `output` block filled with what its command prints now."""

    def fill(match: re.Match[str]) -> str:
        options = dict(o.split("=", 1) for o in match["options"].split())
        unknown = set(options) - {"lines", "exit", "from", "file", "json", "beside", "stderr"}
        if unknown:
            raise TranscriptError(f"output block: unknown option {sorted(unknown)}")
        ran = run_command(*_key(match))
        shown = options.get("file")
        if shown is not None and shown not in ran.files:
            raise TranscriptError(f"{match['command']}: wrote no file {shown}")
        output = ran.stdout if shown is None else ran.files[shown]
        if "from" in options and not output.startswith(options["from"]):
            start = output.find("\n" + options["from"])
            if start == -1:
                raise TranscriptError(f"{match['command']}: no line starts {options['from']!r}")
            output = "...\n" + output[start + 1 :]
        body = _sliced(output, options.get("lines"))
        if options.get("json") == "pretty":
            body = _pretty(body)
        return f"```{match['lang']}\n{body}\n```"

    # The page's commands all start before the first is waited for.
    for match in DIRECTIVE.finditer(markdown):
        _started(_key(match))
    return DIRECTIVE.sub(fill, markdown)


def _key(match: re.Match[str]) -> Key:
    options = dict(o.split("=", 1) for o in match["options"].split())
    return (
        match["command"],
        int(options.get("exit", "0")),
        options.get("beside"),
        options.get("stderr") == "merged",
    )
