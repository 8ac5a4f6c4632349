"""`spadespec audit`: check recorded games against their ruleset.

spadespec audit RECORDS... [--report FILE] [--junit FILE] [--show N] [--variants-from DIR]
                [--no-diagnose] [--quiet]

Each record (schema/game-record.schema.json) is replayed on the reference engine: the first
action the rules refuse is reported with its reason code, the rule it breaks and where it stands,
and every figure the engine recorded that the rules give otherwise with the rules' arithmetic.
Exit 0 every game checked is right (and there was one), 1 a game is wrong, has no figure to
compare (not checked) or a record cannot be read, 2 for a usage mistake or an output that cannot
be written (docs/exit-statuses.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from spadespec.command_kit.arguments import add_command, whole_number
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.input_files import not_a_folder
from spadespec.conformance.analysis.audit.report import JsonLines, JUnit, game_lines, summary_lines
from spadespec.conformance.analysis.audit.run import Auditor
from spadespec.conformance.analysis.audit.stream import input_files, read_records
from spadespec.conformance.contract.report.outputs import check_outputs

SHOWN = 10
"""Games with problems printed in full by default."""


def add_parser(subparsers: Any) -> None:
    audit = add_command(
        subparsers,
        "audit",
        help="check recorded games against their ruleset: every action and every figure",
        run=run,
        description=(
            "Replay recorded games (schema/game-record.schema.json: JSON lines, a folder of "
            "them, or - for stdin) on the reference engine. For each game, report the first "
            "action the rules refuse (its reason code, the rule it breaks, hand, trick, seat) "
            "and every figure the engine recorded (dealer, tricks, points, totals, bags, the "
            "outcome) that the rules give otherwise, with the rules' arithmetic; a sample of "
            "the problems is put to the neighbour search, which names the rule the engine plays "
            "differently. Exit 0 every game right, 1 a game wrong, a game with no figure to "
            "compare (not checked), a record unreadable (a last record cut short included), or "
            "no game at all, 2 usage or an output that cannot be written."
        ),
        quiet="print only the summary",
    )
    audit.add_argument("records", nargs="+", metavar="RECORDS",
                       help="files of game records (JSON lines; .json for one record or a "
                       "list), folders of them, or - for stdin")  # fmt: skip
    audit.add_argument("--report", metavar="FILE",
                       help="write a JSON-lines report: a start line, a line per game, the "
                       "diagnosis, an end line with the counts")  # fmt: skip
    audit.add_argument("--junit", metavar="FILE", help="write JUnit XML, a test case per game")
    audit.add_argument("--show", default=str(SHOWN), metavar="N",
                       help=f"games with problems printed in full (default {SHOWN})")  # fmt: skip
    audit.add_argument("--variants-from", metavar="DIR",
                       help="read the variant files records name (their variant's 'file') from "
                       "under DIR; by default each records file's own folder, or the current "
                       "folder for records from stdin. A record naming an absolute path, a "
                       "'..' or a link out of the folder is refused (that game is unreadable) "
                       "and nothing is read for it")  # fmt: skip
    audit.add_argument("--no-diagnose", action="store_true",
                       help="do not search for the rule the engine plays differently")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    args.show = whole_number("--show", args.show, 0)
    if args.records.count("-") > 1:
        raise UsageError("- (stdin) may be given once")
    check_outputs({"--report": args.report, "--junit": args.junit})
    variants_from = None
    if args.variants_from is not None:
        variants_from = Path(args.variants_from)
        wrong = not_a_folder(variants_from)
        if wrong is not None:
            raise UsageError(f"--variants-from: {wrong}")
    files = input_files(args.records)
    started = time.perf_counter()
    report = JsonLines(Path(args.report), files, sys.argv[1:]) if args.report else None
    junit = JUnit(Path(args.junit)) if args.junit else None
    auditor = Auditor(diagnose=not args.no_diagnose, variants_from=variants_from)
    shown = 0
    try:
        for result in auditor.audit(read_records(files)):
            if report is not None:
                report.game(result)
            if junit is not None:
                junit.game(result)
            if result.verdict != "ok" and shown < args.show:
                shown += 1
                if not args.quiet:
                    print("\n".join(game_lines(result)), end="\n\n", flush=True)
        totals = auditor.finish()
    except BaseException:
        if junit is not None:
            junit.abandon()
        raise
    if report is not None:
        report.end(totals, time.perf_counter() - started)
    if junit is not None:
        junit.end(totals)
    print("\n".join(summary_lines(totals, shown if not args.quiet else 0)))
    return 0 if totals.ok else 1
