"""Make the stored engine reports again: `python -m spadespec.docs_gen.refresh_results [ENGINE]`.

Runs `spadespec conform --report docs/results/<file>` for each run of each engine named (every
engine when none is), from the root of the checkout, so that the engine results page is built
from reports of the current suite. An engine failing cases is a result to show, not an error;
a run that could not report at all (exit 2, or no report written) stops the script.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

from spadespec.docs_gen.checkout import REPO as ROOT
from spadespec.docs_gen.results import ENGINES, RESULTS_DIR

PATH = os.environ.get("PATH", "")


def main(argv: list[str] | None = None) -> int:
    known = {engine.key: engine for engine in ENGINES}
    parser = argparse.ArgumentParser(
        prog="python -m spadespec.docs_gen.refresh_results",
        description="Run the conformance suite against the engines on the engine results page "
        "and store their reports in docs/results/.",
    )
    parser.add_argument(
        "engines", nargs="*", metavar="ENGINE",
        help=f"which engines (default: all): {', '.join(known)}",
    )  # fmt: skip
    args = parser.parse_args(argv)
    for key in args.engines:
        if key not in known:
            parser.error(f"no engine {key!r}; the engines are {', '.join(known)}")
    RESULTS_DIR.mkdir(exist_ok=True)
    # An engine command may itself be `spadespec ...`: the one beside this Python comes first.
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), PATH]))
    for key in args.engines or known:
        engine = known[key]
        for run in engine.runs:
            report = RESULTS_DIR.relative_to(ROOT) / run.report
            command = [sys.executable, "-m", "spadespec", "conform", *run.args]
            command += ["--report", report.as_posix()]
            print(f"{engine.name}: spadespec conform {shlex.join(command[4:])}", file=sys.stderr)
            done = subprocess.run(
                command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False
            )
            if done.returncode not in (0, 1) or not _started(ROOT / report):
                needs = f" (it needs {engine.needs})" if engine.needs else ""
                print(f"{engine.name}: no report (exit {done.returncode}){needs}", file=sys.stderr)
                return 1
    return 0


def _started(report: Path) -> bool:
    """Whether the run wrote a report whose engine answered `start`."""
    try:
        first = report.read_text(encoding="utf-8").splitlines()[0]
    except (OSError, IndexError):
        return False
    return "engine_error" not in json.loads(first)


if __name__ == "__main__":
    sys.exit(main())
