"""`spadespec faults`: the named faults, served one at a time or all checked against the suite.

    spadespec faults                  # every fault's name and the mistake it makes
    spadespec faults run NAME         # the reference engine with that fault, over the protocol
    spadespec faults check            # the suite against every fault; exit 1 if one goes uncaught
    spadespec faults matrix           # every fault in every mode: the name each gives, judged

`run` is how a fault is fuzzed or conformed the way an engine in another language is:
`spadespec conform --engine "spadespec faults run penalty-at-eleven-bags"`.
"""

from __future__ import annotations

import argparse
from typing import Any

from spadespec.command_kit.arguments import add_command, count_argument


def add_parser(subparsers: Any) -> None:
    """Register `spadespec faults`."""
    parser = add_command(
        subparsers,
        "faults",
        help="list the named faults, serve one over the protocol, or check the suite catches all",
        run=_dispatch,
        description=(
            "The named faults: copies of the reference engine, each with one rule broken the way "
            "an engine author could break it. With no action, list them."
        ),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", help="every fault's name and the mistake it makes (the default)")
    run = actions.add_parser(
        "run",
        help="serve the reference engine with one fault over the protocol on stdin and stdout",
        description=(
            "Serve the reference engine with the named fault as an engine process speaking the "
            "JSON-lines protocol (docs/protocol.md), until `stop` or the end of input. For "
            'instance: spadespec conform --engine "spadespec faults run penalty-at-eleven-bags".'
        ),
    )
    run.add_argument("name", metavar="NAME", help="the fault (`spadespec faults` lists them)")
    actions.add_parser(
        "check",
        help="run the suite against every fault and list the cases that catch each; "
        "exit 1 if any fault goes uncaught",
    )
    matrix = actions.add_parser(
        "matrix",
        help="check every fault in every mode (conform, fuzz --keep-going, audit, own deals) "
        "and judge the name each gives; exit 1 if a cell breaks",
        description=(
            "The fault matrix: every named fault and the shapes no fault covers (score keepers, "
            "records of end totals), each run through conform --diagnose, fuzz --keep-going, "
            "audit of the games it recorded and conform with own deals, within a fixed budget. "
            "A cell holds where the mode names the right rule or leaves it unexplained, breaks "
            "where it names another rule, passes the engine or errs, and is not shown where the "
            "mode cannot show the mistake. Run from a checkout (it uses tests/data/engines/)."
        ),
    )
    matrix.add_argument(
        "--row", action="append", metavar="NAME",
        help="only this row (a fault's name, or a shape's such as keeper:ones-digit); repeatable",
    )  # fmt: skip
    matrix.add_argument(
        "--column", action="append", choices=("conform", "fuzz", "audit", "own-deals"),
        help="only this mode; repeatable",
    )  # fmt: skip
    matrix.add_argument(
        "--jobs", type=count_argument("--jobs", 1, 64), default=2,
        help="modes run side by side (default 2)",
    )  # fmt: skip
    matrix.add_argument("--out", metavar="FILE", help="write the matrix here as JSON")


def _dispatch(args: argparse.Namespace) -> int:
    if args.action == "run":
        return _serve(args.name)
    if args.action == "check":
        return check()
    if args.action == "matrix":
        return _matrix(args)
    return _list()


def _list() -> int:
    from spadespec.command_kit.tables import fit_table
    from spadespec.conformance.machinery.faults import FAULTS

    rows = [(fault.name, fault.mistake) for fault in FAULTS.values()]
    # The names are what `faults run` takes: never cut; the mistakes wrap to the width.
    print(fit_table(("fault", "mistake"), rows, keep=(0,), wrap=(1,)))
    return 0


def _serve(name: str) -> int:
    from spadespec.command_kit.errors import UsageError
    from spadespec.conformance.contract.engines.serve import serve_stdio
    from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine
    from spadespec.reference_engine.variant.catalog import did_you_mean

    if name not in FAULTS:
        near = did_you_mean(name, list(FAULTS))
        hint = f"; did you mean {near!r}?" if near else "; `spadespec faults` lists them"
        raise UsageError(f"no fault named {name!r}{hint}")
    return serve_stdio(FaultyEngine(FAULTS[name]))


def check() -> int:
    """Every fault against the whole suite, with the cases that catch each; 1 if any goes
    uncaught (a hole in the suite)."""
    from spadespec.conformance.contract.suite.cases import load_suite
    from spadespec.conformance.machinery.faults import FAULTS, catching_cases

    suite = list(load_suite())
    holes = 0
    for fault in FAULTS.values():
        caught = catching_cases(fault, suite)
        holes += not caught
        print(f"{fault.name}: {len(caught)} case(s)" + ("  <- NOT CAUGHT" if not caught else ""))
        for case_id in caught:
            print(f"    {case_id}")
    print(f"{len(FAULTS)} faults, {holes} not caught by any of {len(suite)} cases")
    return 1 if holes else 0


def _matrix(args: argparse.Namespace) -> int:
    import json
    import time
    from pathlib import Path

    from spadespec.command_kit.errors import UsageError
    from spadespec.command_kit.workers import jobs_to_run
    from spadespec.conformance.contract.report.outputs import check_outputs
    from spadespec.conformance.machinery.faults.matrix import BREAKS, COLUMNS
    from spadespec.conformance.machinery.faults.matrix_run import rows, run_matrix, stored

    check_outputs({"--out": args.out})
    every = rows()
    names = [row.name for row in every]
    unknown = [name for name in args.row or () if name not in names]
    if unknown:
        shapes = ", ".join(row.name for row in every if row.shape != "fault")
        raise UsageError(
            f"--row: no row named {unknown[0]!r}; the rows are the faults (`spadespec faults`) "
            f"and {shapes}"
        )
    chosen = [row for row in every if not args.row or row.name in args.row]
    columns = args.column or COLUMNS
    jobs = jobs_to_run("faults matrix", args.jobs)
    started = time.perf_counter()

    def said(name: str, column: str, cell: object) -> None:
        verdict, gave, detail = (getattr(cell, k) for k in ("verdict", "gave", "detail"))
        print(f"{name:40} {column:10} {verdict:9} {gave}  ({detail})", flush=True)

    cells = run_matrix(chosen, columns, jobs=jobs, on_cell=said)
    seconds = time.perf_counter() - started
    data = stored(chosen, cells, seconds, jobs)
    if args.out:
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    broken = sum(c.verdict == BREAKS for row in cells.values() for c in row.values())
    total = sum(len(row) for row in cells.values())
    print(f"{total} cells in {seconds:.0f} s ({jobs} jobs): {broken} break")
    return 1 if broken else 0
