"""`spadespec conform`: run the conformance suite, and list, export or measure it.

spadespec conform [--engine reference] [--variant V] [--case GLOB] [--level must|should] [--json]
spadespec conform list [--variant V] [--case GLOB] [--level L] [--json]
spadespec conform export [--variant V] DIR
spadespec conform coverage [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from conformance import coverage, report
from conformance.cases import Case, CaseError, Suite, load_suite
from conformance.engine import UnknownEngine, open_engine
from conformance.export import export_cases
from conformance.runner import CaseResult, run_cases
from conformance.tags import RegistryError
from reference_engine.cli import UsageError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "conform",
        help="run the conformance suite against an engine",
        description=(
            "Run the golden conformance cases against an engine and report by variant, clause "
            "and level. Exit 0 when every must-level case passes, 1 otherwise, 2 on usage errors."
        ),
    )
    parser.add_argument(
        "--engine", default="reference", metavar="ENGINE",
        help="the engine to check: 'reference' (the built-in engine, the default)",
    )  # fmt: skip
    _add_filters(parser, argparse_default=None)
    parser.add_argument("--json", action="store_true", help="print the full report as JSON")
    parser.set_defaults(run=run_suite)

    actions = parser.add_subparsers(dest="conform_action", metavar="ACTION")
    listing = actions.add_parser("list", help="list the cases: id, level, variant, tags")
    _add_filters(listing, argparse_default=argparse.SUPPRESS)
    listing.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON"
    )
    listing.set_defaults(run=run_list)

    export = actions.add_parser(
        "export", help="write every case as plain JSON, one file per case, with an index"
    )
    _add_filters(export, argparse_default=argparse.SUPPRESS)
    export.add_argument("dir", metavar="DIR", help="the folder to write into (created if need be)")
    export.set_defaults(run=run_export)

    cover = actions.add_parser(
        "coverage", help="which rules have cases and which have none (exit 1 if any has none)"
    )
    cover.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    cover.set_defaults(run=run_coverage)


def _add_filters(parser: argparse.ArgumentParser, argparse_default: Any) -> None:
    # Subcommands default to SUPPRESS so that `conform --variant V export DIR` keeps V.
    parser.add_argument(
        "--variant", metavar="V", default=argparse_default, help="only this variant's cases"
    )
    parser.add_argument(
        "--case", metavar="GLOB", default=argparse_default,
        help="only cases whose id matches the glob, e.g. 'standard.play.*'",
    )  # fmt: skip
    parser.add_argument(
        "--level",
        choices=("must", "should"),
        default=argparse_default,
        help="only cases of this level",
    )


def _suite() -> Suite:
    try:
        return load_suite()
    except CaseError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        raise _SuiteInvalid(len(exc.problems)) from None
    except RegistryError as exc:
        print(exc, file=sys.stderr)
        raise _SuiteInvalid(1) from None


class _SuiteInvalid(Exception):
    def __init__(self, count: int) -> None:
        self.count = count


def _selected(args: argparse.Namespace) -> list[Case] | int:
    try:
        suite = _suite()
    except _SuiteInvalid as exc:
        print(
            f"the conformance cases are invalid ({exc.count} problems); nothing was run",
            file=sys.stderr,
        )
        return 1
    variant = getattr(args, "variant", None)
    pattern = getattr(args, "case", None)
    level = getattr(args, "level", None)
    if variant is not None and variant not in suite.variants():
        known = ", ".join(suite.variants()) or "none"
        raise UsageError(
            f"no case is played under variant {variant!r}; variants with cases: {known}"
        )
    cases = suite.select(variant, pattern, level)
    if not cases:
        raise UsageError("no case matches the --variant/--case/--level given")
    return cases


def run_suite(args: argparse.Namespace) -> int:
    cases = _selected(args)
    if isinstance(cases, int):
        return cases
    try:
        engine = open_engine(args.engine)
    except UnknownEngine as exc:
        raise UsageError(str(exc)) from None
    progress = _Progress(len(cases)) if sys.stderr.isatty() and not args.json else None
    run = run_cases(engine, cases, engine_spec=args.engine, on_result=progress)
    if progress is not None:
        progress.done()
    if args.json:
        print(json.dumps(run.to_json(), indent=2))
    else:
        print(report.render(run))
    return 0 if run.ok else 1


class _Progress:
    """A one-line counter on the terminal while cases run."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.count = 0
        self.bad = 0

    def __call__(self, result: CaseResult) -> None:
        self.count += 1
        self.bad += result.bad
        line = f"[{self.count}/{self.total}] {self.bad} failing  {result.case.id}"
        sys.stderr.write("\r" + line[:100].ljust(100))
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\r" + " " * 100 + "\r")
        sys.stderr.flush()


def run_list(args: argparse.Namespace) -> int:
    cases = _selected(args)
    if isinstance(cases, int):
        return cases
    if getattr(args, "json", False):
        rows = [
            {
                "id": c.id,
                "variant": c.variant,
                "level": c.level,
                "status": c.status,
                "tags": list(c.tags),
            }
            for c in cases
        ]
        print(json.dumps(rows, indent=2))
        return 0
    width = max(len(c.id) for c in cases)
    for c in cases:
        mark = " erratum" if c.status == "erratum" else ""
        print(f"{c.id:<{width}}  {c.level:<6}  {c.variant}{mark}  {' '.join(c.tags)}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    cases = _selected(args)
    if isinstance(cases, int):
        return cases
    from pathlib import Path

    dest = Path(args.dir)
    if dest.exists() and not dest.is_dir():
        raise UsageError(f"{dest} exists and is not a folder")
    try:
        export_cases(cases, dest)
    except OSError as exc:
        print(f"cannot write to {dest}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {len(cases)} cases, index.json and case.schema.json to {dest}")
    return 0


def run_coverage(args: argparse.Namespace) -> int:
    try:
        suite = _suite()
    except _SuiteInvalid as exc:
        print(f"the conformance cases are invalid ({exc.count} problems)", file=sys.stderr)
        return 1
    result = coverage.measure(suite)
    if getattr(args, "json", False):
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(coverage.render(result))
    return 0 if result.gaps == 0 else 1
