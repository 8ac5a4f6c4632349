"""How one stored engine report is made again: `spadespec conform --report docs/results/<file>`
with the run's arguments, from the root of the checkout (`python -m spadespec.regenerate
results` runs it for each stale report). An engine failing cases is a result to show, not an
error; a run that could not report at all (exit 2, or no report written, or an engine that did
not answer `start`) made no report."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from spadespec.docs_gen.checkout import REGENERATE
from spadespec.docs_gen.checkout import REPO as ROOT
from spadespec.docs_gen.results import RESULTS_DIR, Run


def report_path(run: Run) -> Path:
    """Where the run's report is stored, as the checkout names it (`docs/results/x.jsonl`)."""
    return RESULTS_DIR.relative_to(ROOT) / run.report


def conform_command(run: Run) -> list[str]:
    """The command that makes the run's report, run from the root of the checkout."""
    command = [sys.executable, "-m", "spadespec", "conform", *run.args]
    return command + ["--report", report_path(run).as_posix()]


def conform_env() -> dict[str, str]:
    """The environment it runs in: an engine command may itself be `spadespec ...`, and the one
    beside this Python comes first."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return dict(os.environ, PATH=path)


def reported(run: Run, returncode: int) -> bool:
    """Whether a finished run made its report: it exited 0 or 1 (cases failing are results),
    and its engine answered `start`."""
    if returncode not in (0, 1):
        return False
    try:
        first = (ROOT / report_path(run)).read_text(encoding="utf-8").splitlines()[0]
    except (OSError, IndexError):
        return False
    return "engine_error" not in json.loads(first)


if __name__ == "__main__":
    import sys

    sys.exit(f"{__spec__.name} is no longer a command: run `{REGENERATE}`")
