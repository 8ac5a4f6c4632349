"""The command line of `python -m spadespec.regenerate`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from spadespec.command_kit.arguments import JOBS_LIMIT, count_argument
from spadespec.docs_gen.checkout import REGENERATE
from spadespec.regenerate.schedule import check, refresh
from spadespec.regenerate.steps import STEPS

EXIT_STALE = 1
"""Something is stale: found so by `--check`, or left so by a refresh that could not run."""


def parser() -> argparse.ArgumentParser:
    names = [step.name for step in STEPS]
    out = argparse.ArgumentParser(
        prog=REGENERATE,
        description="Make every generated file of the checkout again, in the order they "
        "depend on each other, where it is stale: " + "; ".join(
            f"{s.name} ({s.writes}) from {s.reads}" for s in STEPS
        ) + ".",
        epilog="Exit status: 0 when every file is fresh (after the refresh), 1 when a file is "
        "stale (--check) or was left stale (a refresh failed, or needs what this machine "
        "lacks), 2 on a usage error.",
    )  # fmt: skip
    out.add_argument(
        "steps",
        nargs="*",
        metavar="STEP",
        help=f"the steps to run (default: all): {', '.join(names)}",
    )
    out.add_argument(
        "--check", action="store_true",
        help="only say what is stale, from fingerprints: play no game, run no engine",
    )  # fmt: skip
    out.add_argument(
        "--jobs", type=count_argument("--jobs", 1, JOBS_LIMIT), default=os.cpu_count() or 1,
        metavar="N",
        help="commands run at once (default: one a core)",
    )  # fmt: skip
    out.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    out.add_argument("--json", action="store_true", help="a summary as JSON on stdout")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    known = {step.name: step for step in STEPS}
    for name in args.steps:
        if name not in known:
            parser().error(f"no step {name!r}; the steps are {', '.join(known)}")
    steps = [s for s in STEPS if not args.steps or s.name in args.steps]

    def say(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    outcomes = check(steps, say) if args.check else refresh(steps, args.jobs, say, args.quiet)
    left = [(o.step, s) for o in outcomes for s in o.left]
    if args.json:
        print(json.dumps({"check": args.check, "ok": not left,
                          "steps": [o.to_json() for o in outcomes]}, indent=1))  # fmt: skip
    else:
        for step, stale in left:
            print(f"{stale.path}: {stale.why}; refresh: {step.command}")
    return EXIT_STALE if left else 0
