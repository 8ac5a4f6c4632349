"""The mutation run as a command (`python benchmarks/mutation.py`): arguments, progress on
stderr, a report line per change as it is judged, the table at the end, and the exit status."""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from spadespec.command_kit.arguments import SEED_LIMIT, count_argument
from spadespec.command_kit.workers import jobs_to_run, usable_cpus
from spadespec.conformance.machinery.mutation.mutants import Wanted
from spadespec.conformance.machinery.mutation.notes import CAP, NOTES, NotesError, read_notes
from spadespec.conformance.machinery.mutation.report import (
    caught_share,
    result_line,
    summary,
    table,
)
from spadespec.conformance.machinery.mutation.run import Plan, Result, measured
from spadespec.conformance.machinery.mutation.sample import STANDARD_SIZE

DESCRIPTION = """\
Break the reference engine on purpose, one small change at a time (a comparison flipped, a
constant moved by one, a condition negated, a loop that never runs: cosmic-ray's operators),
serve each broken copy over the protocol as a third-party engine is served, and count what
`spadespec conform` catches (held to the count of cases the unchanged engine had checked, so a
copy that declines cases it played fails). The changes are a seeded sample drawn from every
module the served engine runs, with a floor of changes from the deal check, reading table
options, the phases of a hand and the rules of play. Prints a table of killed / timed out /
survived / marked per module and every survivor with its diff. A survivor recorded in the
equivalence notes (conformance/machinery/mutation/notes.yaml) is marked, not counted; marked
changes may be at most a tenth of the sample. Each survivor not marked is then served to
`spadespec fuzz` under the shipped rulesets whose fuzzed games run its line: one the fuzzer
shows differing from the reference is a hole in the cases (its shrunk case is in the report),
one it does not show is likely a change no engine could be caught making; the run also gives the
share caught of the changes shown to break a rule. Exit 0 when every change not marked is caught
(or, with --min-caught, at least that share), 1 otherwise or when marks pass their cap, 2 on
usage errors."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="benchmarks/mutation.py", description=DESCRIPTION)
    parser.add_argument(
        "--sample", type=count_argument("--sample", 1), default=STANDARD_SIZE, metavar="N",
        help=f"how many changes to draw (default {STANDARD_SIZE})",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=count_argument("--seed", 0, SEED_LIMIT), default=1, metavar="N",
        help="the seed the sample is drawn by (default 1)",
    )  # fmt: skip
    parser.add_argument(
        "--jobs", type=count_argument("--jobs", 1, 64), default=usable_cpus(), metavar="N",
        help="workers, each serving its own copy (default: one per core)",
    )  # fmt: skip
    parser.add_argument(
        "--module", action="append", metavar="PATH",
        help="draw only from modules whose path inside the package starts with PATH, e.g. "
        "reference_engine/deal.py or reference_engine/scoring/ (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--again", type=Path, metavar="REPORT",
        help="judge again only the changes a previous --report says survived or timed out, "
        "found by what they change wherever they are in the source now (after a case is "
        "written, say); --sample and --seed are then not used",
    )  # fmt: skip
    parser.add_argument(
        "--among-killed", type=Path, metavar="SUMMARY",
        help="draw only from the changes a stored --summary says were killed (CI's small "
        "sample, which must catch every change it draws: a case removed or weakened shows)",
    )  # fmt: skip
    parser.add_argument(
        "--report", type=Path, metavar="FILE",
        help="write a JSON line per change here as it is judged",
    )  # fmt: skip
    parser.add_argument(
        "--summary", type=Path, metavar="FILE",
        help="write the run's summary (the figure, the table, the survivors) here as JSON",
    )  # fmt: skip
    parser.add_argument(
        "--min-caught", type=float, default=1.0, metavar="SHARE",
        help="the share of changes not marked that must be caught for exit 0 (default 1.0)",
    )  # fmt: skip
    parser.add_argument(
        "--no-fuzz", dest="fuzz", action="store_false",
        help="do not put the survivors to the fuzzer (quicker; no figure of the changes shown "
        "to break a rule)",
    )  # fmt: skip
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def _progress(done: int, total: int, result: Result, began: float, out: TextIO) -> None:
    if result.outcome in ("survived", "timed out") or done % 20 == 0 or done == total:
        elapsed = time.monotonic() - began
        outcome = result.outcome
        if result.fuzzed is not None:
            outcome += f", fuzz: {result.fuzzed.outcome}"
        note = "" if result.outcome == "killed" else f" ({outcome}: {result.mutant.place.name})"
        print(f"mutation: {done} of {total} judged in {elapsed:.0f} s{note}", file=out, flush=True)


def _fuzz_line(result: Result) -> str:
    """What the fuzzer made of a survivor, in words."""
    fuzzed = result.fuzzed
    assert fuzzed is not None
    if fuzzed.shown_by is not None:
        return f"shown under {fuzzed.shown_by}"
    if not fuzzed.rulesets:
        return "no ruleset's fuzzed games run its line"
    return f"not shown under {', '.join(fuzzed.rulesets)}"


def _named(entry: Any) -> Wanted:
    """One change as a report line or a stored run names it (ValueError if it names none)."""
    if isinstance(entry, dict):
        entry = [entry.get(key) for key in ("module", "operator", "before", "after", "alike")]
    if not isinstance(entry, list) or len(entry) != 5:
        raise ValueError("a change is not named by module, operator, before, after and alike")
    module, operator, before, after, alike = entry
    if not all(isinstance(text, str) for text in (module, operator, before, after)):
        raise ValueError("a change's module, operator, before and after are not all text")
    if not isinstance(alike, int) or isinstance(alike, bool):
        raise ValueError("a change's alike is not a whole number")
    return (module, operator, before, after, alike)


def _survivors_of(report: Path) -> set[Wanted]:
    """The changes a report says survived or timed out."""
    wanted: set[Wanted] = set()
    for number, line in enumerate(report.read_text("utf-8").splitlines(), 1):
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or entry.get("kind") != "mutant":
                raise ValueError("not a mutation report line")
            if entry.get("outcome") in ("survived", "timed out"):
                wanted.add(_named(entry))
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
    return wanted


def _killed_in(summary: Path) -> set[Wanted]:
    """The changes a stored summary says were killed."""
    data = json.loads(summary.read_text("utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("killed"), list):
        raise ValueError("no list of killed changes")
    return {_named(entry) for entry in data["killed"]}


def main(argv: list[str] | None = None) -> int:
    """Run the command; the exit status."""
    args = _parser().parse_args(argv)
    if not 0.0 <= args.min_caught <= 1.0:
        print("mutation: --min-caught is a share from 0 to 1", file=sys.stderr)
        return 2
    try:
        notes = read_notes(NOTES)
    except NotesError as exc:
        print(f"mutation: {exc}", file=sys.stderr)
        return 1
    again = None
    if args.again is not None:
        try:
            again = _survivors_of(args.again)
        except (OSError, ValueError) as exc:
            print(f"mutation: {args.again}: {exc}", file=sys.stderr)
            return 2
    among = None
    if args.among_killed is not None:
        try:
            among = _killed_in(args.among_killed)
        except (OSError, ValueError) as exc:
            print(
                f"mutation: {args.among_killed}: cannot read its killed changes ({exc})",
                file=sys.stderr,
            )
            return 2
    jobs = jobs_to_run("mutation", args.jobs, args.sample)
    report = None
    if args.report is not None:
        try:
            report = args.report.open("w", encoding="utf-8")
        except OSError as exc:
            print(f"mutation: cannot write {args.report}: {exc.strerror}", file=sys.stderr)
            return 2
    began = time.monotonic()
    done = 0
    total = 0

    def drew(plan: Plan) -> None:
        nonlocal total
        total = len(plan.mutants)
        if not args.quiet:
            print(
                f"mutation: {total} changes drawn by seed {args.seed} from "
                f"{len(plan.population)} places in {len({p.module for p in plan.population})} "
                f"modules; {jobs} workers",
                file=sys.stderr,
            )
            if args.fuzz:
                print(
                    "mutation: fuzzing the unchanged engine under every shipped ruleset, "
                    "to know which lines each reaches",
                    file=sys.stderr,
                    flush=True,
                )

    def each(result: Result) -> None:
        nonlocal done
        done += 1
        if report is not None:
            report.write(json.dumps(result_line(result)) + "\n")
            report.flush()
        if not args.quiet:
            _progress(done, total, result, began, sys.stderr)

    try:
        plan, results = measured(
            args.sample, args.seed, jobs, notes, each, args.module, drew, again, among, args.fuzz
        )
    except RuntimeError as exc:
        print(f"mutation: {exc}", file=sys.stderr)
        return 1
    finally:
        if report is not None:
            report.close()
    if not results:
        print(f"mutation: no module the measure draws from matches {args.module}", file=sys.stderr)
        return 2
    print(table(results))
    survivors = [result for result in results if result.outcome in ("survived", "timed out")]
    for result in survivors:
        fuzz = "" if result.fuzzed is None else f" (fuzz: {_fuzz_line(result)})"
        print(f"\n{result.outcome}{fuzz}: {result.mutant.place.name}\n{result.mutant.diff}")
    marked = sum(result.outcome == "marked" for result in results)
    if args.summary is not None:
        stored = summary(plan, results, args.seed, datetime.date.today().isoformat())
        args.summary.write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
    if again is None and marked > CAP * len(results):
        print(
            f"mutation: {marked} of {len(results)} changes marked, over the cap of a tenth",
            file=sys.stderr,
        )
        return 1
    share = caught_share(results)
    return 0 if share is None or share >= args.min_caught else 1
