"""`spadespec conform`: run the conformance suite, and list, export or measure it.

spadespec conform [--engine reference|COMMAND] [--variant V] [--case GLOB] [--level must|should]
                  [--timeout S] [--start-timeout S] [--report FILE] [--junit FILE]
                  [--resume FILE] [--expect-fail FILE] [--own-deals N]
                  [--own-deals-seed N] [--own-deals-records FILE] [--json]
spadespec conform list [--variant V] [--case GLOB] [--level L] [--json]
spadespec conform export [--variant V] DIR
spadespec conform coverage [--variant FILE] [--json]

--variant takes a shipped id or a house's variant file that extends a shipped variant: the file
is run with its parents' cases that hold under it and cases generated for the rules it changes
(`spadespec.conformance.analysis.house`).

An engine that deals its own cards (feature `deals`) is given no case that needs a deal of its
own (those are n/a); it also plays --own-deals games per variant from its own deals, each
checked step by step as `spadespec fuzz` checks one and steered at the clauses the golden cases
reach (`spadespec.conformance.analysis.own_deals`): the run says how many it reached, and a
failure is diagnosed at the position where its game differs, its rerun line giving the bots'
seed (--own-deals-seed).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spadespec.command_kit.arguments import (
    SEED_LIMIT,
    add_command,
    add_variant_option,
    seconds,
    whole_number,
)
from spadespec.command_kit.errors import OutputError, UsageError
from spadespec.command_kit.tables import fit_table
from spadespec.conformance.analysis.own_deals.causes import one_name_a_cause
from spadespec.conformance.analysis.own_deals.games import (
    DEFAULT_GAMES,
    OwnDealsRun,
    new_seed,
    own_deal_results,
    records_of,
)
from spadespec.conformance.analysis.own_deals.reach import ClauseReach, golden_clauses
from spadespec.conformance.contract.engines.named import EngineOpener, UnknownEngine
from spadespec.conformance.contract.engines.options import add_engine_option, add_timeout_options
from spadespec.conformance.contract.protocol.deal_requests import deals
from spadespec.conformance.contract.protocol.features import plays
from spadespec.conformance.contract.protocol.messages import Engine
from spadespec.conformance.contract.protocol.score_requests import case_id_of
from spadespec.conformance.contract.report import text as report
from spadespec.conformance.contract.report.jsonl import (
    PriorRun,
    ReportFileError,
    ReportWriter,
    read_report,
    suite_info,
)
from spadespec.conformance.contract.report.junit import write_junit
from spadespec.conformance.contract.report.outputs import check_outputs
from spadespec.conformance.contract.report.progress import Progress
from spadespec.conformance.contract.runner.expected import (
    ExpectedFailuresError,
    read_expected_failures,
)
from spadespec.conformance.contract.runner.run import (
    OWN_DEALS,
    RunReport,
    run_cases,
    unknown_engine,
)
from spadespec.conformance.contract.runner.score import keeps_score, offered, resumed_results
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite import coverage
from spadespec.conformance.contract.suite.cases import (
    LEVELS,
    Case,
    CaseError,
    Suite,
    case_variants,
    load_suite,
)
from spadespec.conformance.contract.suite.export import export_cases
from spadespec.conformance.contract.suite.tags import RegistryError
from spadespec.conformance.contract.suite.variant_files import is_variant_file, open_variant_file
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.catalog import did_you_mean, shipped_variant_ids

if TYPE_CHECKING:
    from spadespec.conformance.analysis.house.suite import HouseCases


DEFAULT_ENGINE = "reference"
"""The engine a run checks when none is given: the built-in one."""


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "conform",
        help="run the conformance suite against an engine",
        run=run_suite,
        description=(
            "Run the golden conformance cases against an engine and report by variant, level, "
            "observable and clause. Each observable a case asks is checked when the engine "
            "declares a feature that shows it; a case is not applicable only when it asks "
            "nothing the engine declares. Exit 0 when every must-level case passes and at "
            "least --min-checked cases had something checked, 1 otherwise (a run that checked "
            "nothing is never OK), 2 on usage errors."
        ),
        json="print the full report as JSON",
        verbose="with a variant file of your own, list each inherited case dropped and why (a "
        "tag gap among them); without it, only their count",
    )
    add_engine_option(parser, default=DEFAULT_ENGINE, faults=True)
    parser.set_defaults(engine=None)  # told from one given: --resume takes the report's
    _add_filters(parser, argparse_default=None)
    add_timeout_options(parser)
    parser.add_argument(
        "--report", metavar="FILE",
        help="write the JSON-lines report here, a line per case as it finishes",
    )  # fmt: skip
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML here for CI systems")
    parser.add_argument(
        "--resume", metavar="FILE",
        help="carry on the run whose report is FILE: skip the cases in it, append the rest",
    )  # fmt: skip
    parser.add_argument(
        "--expect-fail", metavar="FILE",
        help="the engine's known deviations, one case id a line ('#' comments): listed cases "
        "that fail are expected; listed cases that pass are reported and fail the run",
    )  # fmt: skip
    parser.add_argument(
        "--min-checked", metavar="N", default="1",
        help="fail the run when fewer than N cases had anything checked (default 1: a run "
        "that checked nothing fails)",
    )  # fmt: skip
    parser.add_argument(
        "--diagnose", action=argparse.BooleanOptionalAction, default=True,
        help="after a run with failures, try each single-rule change of the variant (then "
        "pairs) with the reference engine and name the rules that explain the failures "
        "(default: on)",
    )  # fmt: skip
    parser.add_argument(
        "--own-deals", metavar="N", default=str(DEFAULT_GAMES),
        help="for an engine that deals its own cards (feature deals), which no case with a "
        "deal of its own is put to: also play N games per variant from its own deals, each "
        "checked step by step as fuzz checks one, the bids and plays steered at the clauses "
        "the golden cases reach, and the run says how many of those clauses they reached "
        f"(default {DEFAULT_GAMES}; 0: none)",
    )  # fmt: skip
    parser.add_argument(
        "--own-deals-seed", metavar="N",
        help="the seed the bots of those games bid and play by (default: a new one, printed); "
        "given the same deals, the same seed gives the same bids and plays, so a rerun with it "
        "replays a game exactly where the engine deals the same cards again",
    )  # fmt: skip
    parser.add_argument(
        "--own-deals-records", metavar="FILE",
        help="write each of those games that differs as a game record (JSON lines), with the "
        "engine's own figures, for `spadespec audit FILE`",
    )  # fmt: skip

    actions = parser.add_subparsers(dest="conform_action", metavar="ACTION")
    listing = add_command(
        actions,
        "list",
        help="list the cases: id, level, variant, tags",
        run=run_list,
        json="print JSON",
        keeps_parent=True,
    )
    _add_filters(listing, argparse_default=argparse.SUPPRESS)

    export = add_command(
        actions,
        "export",
        help="write every case as plain JSON, one file per case, with an index",
        run=run_export,
    )
    _add_filters(export, argparse_default=argparse.SUPPRESS)
    export.add_argument("dir", metavar="DIR", help="the folder to write into (created if need be)")
    export.add_argument(
        "--here", action="store_true",
        help="allow DIR to be the current folder (refused otherwise, so that a mistyped "
        "command cannot scatter the cases among your files)",
    )  # fmt: skip

    cover = add_command(
        actions,
        "coverage",
        help="which rules have cases and which have none (exit 1 if any has none)",
        run=run_coverage,
        json="print JSON",
        verbose="with --variant FILE, list each inherited case dropped and why (a tag gap among "
        "them); without it, only their count",
        keeps_parent=True,
    )
    add_variant_option(
        cover, metavar="FILE", default=argparse.SUPPRESS,
        help="a variant file of your own: which rules it sets no inherited or generated case "
        "reaches",
    )  # fmt: skip


def _add_filters(parser: argparse.ArgumentParser, argparse_default: Any) -> None:
    # Subcommands default to SUPPRESS so that `conform --variant V export DIR` keeps V.
    add_variant_option(
        parser, default=argparse_default,
        help="only this variant's cases; or a variant file of your own that extends a shipped "
        "variant: its parents' cases that hold under it, and cases generated for each rule it "
        "changes",
    )  # fmt: skip
    parser.add_argument(
        "--case", metavar="GLOB", default=argparse_default,
        help="only cases whose id matches the glob, e.g. 'standard.play.*'",
    )  # fmt: skip
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default=argparse_default,
        help="only cases of this level",
    )


def _suite(variants: list[str] | None = None) -> Suite:
    try:
        return load_suite(variants=variants)
    except CaseError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        raise _SuiteInvalid(len(exc.problems)) from None
    except RegistryError as exc:
        print(exc, file=sys.stderr)
        raise _SuiteInvalid(1) from None


def _folders_needed(variant: str | None, pattern: str | None) -> list[str] | None:
    """The case folders a selection can draw on, so that one variant's run reads only its own
    cases; None for all. An unknown variant is refused here, before anything is read."""
    known = case_variants()
    if variant is not None:
        if variant not in known:
            near = did_you_mean(variant, known)
            hint = f"did you mean {near!r}?" if near else f"variants with cases: {', '.join(known)}"
            raise UsageError(f"no case is played under variant {variant!r}; {hint}")
        return [variant]
    # A case id starts with its variant: `--case 'standard.play.*'` needs only standard's.
    head = (pattern or "").split(".", 1)[0]
    if head in known and not any(mark in head for mark in "*?["):
        return [head]
    return None


class _SuiteInvalid(Exception):
    def __init__(self, count: int) -> None:
        self.count = count


@dataclass(frozen=True, slots=True)
class Selection:
    """Which cases a run takes: those of `variant` (a shipped id or a variant file), whose id
    matches `case`, of `level` (None: any); `verbose`, each case a variant file drops listed."""

    variant: str | None = None
    case: str | None = None
    level: str | None = None
    verbose: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Selection:
        # `list` and `export` leave out what was not given (argparse.SUPPRESS).
        return cls(
            variant=getattr(args, "variant", None), case=getattr(args, "case", None),
            level=getattr(args, "level", None), verbose=getattr(args, "verbose", False),
        )  # fmt: skip

    def to_json(self) -> dict[str, str | None]:
        """As a report records it, for a resumed run to be held to."""
        return {"variant": self.variant, "case": self.case, "level": self.level}


@dataclass(frozen=True, slots=True)
class ConformSettings:
    """What a `spadespec conform` run was asked, read once from its command line."""

    engine: str
    open_engine: EngineOpener
    """What opens the engine `engine` names (the hub's, which knows the named faults too)."""
    selection: Selection
    timeout: float | None
    start_timeout: float | None
    report: str | None
    junit: str | None
    resume: str | None
    expect_fail: str | None
    min_checked: int
    diagnose: bool
    own_deals: int
    own_deals_seed: int | None
    own_deals_records: str | None
    json: bool

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ConformSettings:
        return cls(
            engine=args.engine or DEFAULT_ENGINE, open_engine=args.open_engine,
            selection=Selection.from_args(args), timeout=seconds("--timeout", args.timeout),
            start_timeout=seconds("--start-timeout", args.start_timeout), report=args.report,
            junit=args.junit, resume=args.resume, expect_fail=args.expect_fail,
            min_checked=whole_number("--min-checked", args.min_checked, 0),
            diagnose=args.diagnose, own_deals=whole_number("--own-deals", args.own_deals, 0),
            own_deals_seed=_seed(args.own_deals_seed),
            own_deals_records=args.own_deals_records, json=args.json,
        )  # fmt: skip

    @property
    def timeouts(self) -> tuple[tuple[str, float | None], ...]:
        """The timeout options, each as its flag and the value given (None: not given)."""
        return (("--timeout", self.timeout), ("--start-timeout", self.start_timeout))

    @property
    def report_file(self) -> Path | None:
        """Where the JSON-lines report goes: the resumed run's file, or --report's."""
        chosen = self.resume or self.report
        return Path(chosen) if chosen else None


def _selected(args: argparse.Namespace) -> list[Case] | int:
    chosen = _suite_and_selected(Selection.from_args(args))
    return chosen if isinstance(chosen, int) else chosen[1]


def _suite_and_selected(selection: Selection) -> tuple[Suite, list[Case]] | int:
    variant, pattern, level = selection.variant, selection.case, selection.level
    if variant is not None and is_variant_file(variant):
        return _house_selected(variant, pattern, level, selection.verbose)
    try:
        suite = _suite(_folders_needed(variant, pattern))
    except _SuiteInvalid as exc:
        print(
            f"the conformance cases are invalid ({exc.count} problems); nothing was run",
            file=sys.stderr,
        )
        return 1
    # A score request (`<case id>~score`) runs with its case: its id picks the case.
    cases = suite.select(variant, None if pattern is None else case_id_of(pattern), level)
    if not cases:
        raise UsageError("no case matches the --variant/--case/--level given")
    return suite, cases


def _house_selected(
    ref: str, pattern: str | None, level: str | None, verbose: bool = False
) -> tuple[Suite, list[Case]] | int:
    """The cases of a house's variant file: inherited and generated, said on stderr first."""
    try:
        made = _house_cases(ref)
    except _SuiteInvalid as exc:
        print(
            f"the conformance cases are invalid ({exc.count} problems); nothing was run",
            file=sys.stderr,
        )
        return 1
    for line in made.summary(verbose):
        print(line, file=sys.stderr)
    suite = made.suite
    cases = suite.select(made.house.id, None if pattern is None else case_id_of(pattern), level)
    if not cases:
        raise UsageError(f"no case of {ref} matches the --case/--level given")
    return suite, cases


def _house_cases(ref: str) -> HouseCases:
    from spadespec.conformance.analysis.house.suite import (
        house_cases,  # the witness search loads only when used
    )

    house = open_variant_file(ref)
    try:
        return house_cases(house)
    except CaseError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        raise _SuiteInvalid(len(exc.problems)) from None


def run_suite(args: argparse.Namespace) -> int:
    """`spadespec conform`: the selected cases put to the engine, reported; the exit status."""
    prior = _prior_run(args)
    settings = ConformSettings.from_args(args)
    _check_settings(settings)
    listed = _expected_failures(settings)
    engine = _open_engine(settings)
    chosen = _suite_and_selected(settings.selection)
    if isinstance(chosen, int):
        return chosen
    suite, cases = chosen
    if listed:
        _check_listed(listed, suite, settings.expect_fail)
    planned = _Planned(suite, cases, listed, prior)
    run, todo = _new_report(settings, planned)
    _put_to_engine(settings, engine, planned, run, todo)
    _in_case_order(run, cases)
    _write_junit(settings, run)
    if run.start_error:
        return _engine_did_not_start(run, settings, len(todo))
    _print_report(settings, run)
    return 0 if run.ok else 1


@dataclass(frozen=True, slots=True)
class _Planned:
    """The cases a run takes, from `suite`; the failures the engine is expected to have
    (`listed`, --expect-fail) and the run it carries on (`prior`, --resume)."""

    suite: Suite
    cases: list[Case]
    listed: dict[str, str]
    prior: PriorRun | None


def _open_engine(settings: ConformSettings) -> Engine:
    try:
        return settings.open_engine(
            settings.engine, timeout=settings.timeout, start_timeout=settings.start_timeout
        )
    except UnknownEngine as exc:
        raise UsageError(str(exc)) from None


def _new_report(settings: ConformSettings, planned: _Planned) -> tuple[RunReport, list[Case]]:
    """The run's report, holding the results a resumed run kept, and the cases still to put."""
    run = RunReport(settings.engine, unknown_engine(settings.engine))
    run.rerun_prefix = _program() + " conform"
    run.rerun_options = _timeouts(settings)
    run.min_checked = settings.min_checked
    done: set[str] = set()
    prior = planned.prior
    if prior is not None:
        for case in planned.cases:
            kept = resumed_results(case, prior.cases, prior.start.get("engine", {}))
            if kept is not None:
                done.add(case.id)
                run.results.extend(replace(r, listed=r.case.id in planned.listed) for r in kept)
    return run, [case for case in planned.cases if case.id not in done]


def _put_to_engine(
    settings: ConformSettings, engine: Engine, planned: _Planned, run: RunReport,
    todo: list[Case],
) -> None:  # fmt: skip
    """Put `todo` to the engine, then diagnose and play its own deals as asked, each result
    told to the progress line and the report file as it comes."""
    report_path = settings.report_file
    try:
        writer = (
            ReportWriter(report_path, append=planned.prior is not None) if report_path else None
        )
    except OSError as exc:
        raise UsageError(f"cannot write the report {report_path}: {exc.strerror}") from None
    cases = planned.cases
    progress = Progress(len(cases), sys.stderr, tty=sys.stderr.isatty(), already=len(run.results))

    def started(report: RunReport) -> None:
        if keeps_score(report.engine):
            progress.expect_more(len(offered(cases)))
        if writer is not None:
            writer.start(
                report,
                command=_command_line(settings),
                suite=suite_info(planned.suite),
                selection=settings.selection.to_json(),
                timeout=settings.timeout,
                start_timeout=settings.start_timeout,
                expect_fail=settings.expect_fail,
                resumed=planned.prior is not None,
            )

    def finished(result: CaseResult) -> None:
        if run.start_error:
            return  # nothing was put to the engine: the failed start is said once, below
        if writer is not None:
            writer.case(result)
        progress(result)

    began = time.perf_counter()
    finished_all = False
    try:
        run_cases(
            engine,
            todo,
            engine_spec=settings.engine,
            on_start=started,
            on_result=finished,
            expected_failures=planned.listed,
            report=run,
        )
        if not run.start_error and deals(run.engine) and settings.own_deals:
            _own_deals(settings, engine, run, planned, progress, finished)
        if settings.diagnose and not run.start_error:
            run.diagnosis = _diagnosis(run, planned.suite)
            if run.diagnosis is not None and writer is not None:
                writer.diagnosis(run.diagnosis)
        finished_all = True
    finally:
        progress.done()
        if writer is not None:
            _close_report(writer, run, finished_all, time.perf_counter() - began, started)


def _in_case_order(run: RunReport, cases: list[Case]) -> None:
    """The results in the order of the cases, a score request's beside its case's; the games
    from an engine's own deals keep their place, after the cases."""
    order = {case.id: index for index, case in enumerate(cases)}
    run.results.sort(key=lambda r: order.get(case_id_of(r.case.id), len(order)))


def _print_report(settings: ConformSettings, run: RunReport) -> None:
    if settings.json:
        print(json.dumps(run.to_json(), indent=2))
    else:
        print(report.render(run))


def _write_junit(settings: ConformSettings, run: RunReport) -> None:
    if not settings.junit:
        return
    try:
        write_junit(run, Path(settings.junit))
    except OSError as exc:
        raise OutputError(f"cannot write JUnit XML to {settings.junit}: {exc.strerror}") from None


def _own_deals(
    settings: ConformSettings, engine: Engine, run: RunReport, planned: _Planned,
    progress: Progress, finished: Callable[[CaseResult], None],
) -> None:  # fmt: skip
    """Games from the engine's own deals, per variant of the run it plays, added to the run as
    results; those that differ written as game records when --own-deals-records asks."""
    variant = settings.selection.variant
    variants = [variant] if variant else sorted({c.variant for c in planned.cases})
    variants = [v for v in variants if variant or plays(run.engine, v)]
    seed = new_seed() if settings.own_deals_seed is None else settings.own_deals_seed
    own = OwnDealsRun(
        settings.engine, seed, settings.own_deals, settings.open_engine, settings.timeout,
        settings.start_timeout,
    )  # fmt: skip
    run.rerun_own_deals = ("--own-deals", str(own.games), "--own-deals-seed", str(seed))
    progress.expect_more(own.games * len(variants))
    noun = "variant" if len(variants) == 1 else "variants"
    say = f"{own.games} games for each of {len(variants)} {noun}, the bots' seed {own.seed}"
    print(f"own deals: the engine deals its own cards: {say}", file=sys.stderr)
    added = []
    reached: list[ClauseReach] = []
    for variant in variants:
        ident = load_variant(variant).id if is_variant_file(variant) else variant
        clauses = tuple(golden_clauses(planned.suite, ident))
        games = own_deal_results(
            replace(own, clauses=clauses), engine, variant, reached, run.own_deal_probes
        )
        for result in games:
            if result.case.id in planned.listed:
                result = replace(result, listed=True)
            run.results.append(result)
            added.append(result)
            finished(result)
    for counted in reached:
        print(counted.line() + counted.said_of(own.games), file=sys.stderr)
    records = records_of(added)
    if settings.own_deals_records and records:
        _write_records(Path(settings.own_deals_records), records)


def _seed(text: str | None) -> int | None:
    """--own-deals-seed, read; None when not given."""
    if text is None:
        return None
    return whole_number("--own-deals-seed", text, 0, maximum=SEED_LIMIT)


def _write_records(path: Path, records: list[dict[str, Any]]) -> None:
    try:
        with path.open("w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record) + "\n")
    except OSError as exc:
        raise OutputError(f"cannot write --own-deals-records {path}: {exc.strerror}") from None
    print(f"own deals: {len(records)} differing games written as game records to {path}; "
          f"`spadespec audit {path}` replays them", file=sys.stderr)  # fmt: skip


def _diagnosis(run: RunReport, suite: Suite) -> dict[str, Any] | None:
    """The rules the engine plays differently, searched for when something failed that is
    not on the expected-failure list; None when nothing did. A game from the engine's own
    deals that differs is searched as a case is, at the position where it differs."""
    from spadespec.conformance.analysis.diagnosis.search import (
        diagnose,  # loaded only for a run with failures
    )

    # A case never put to the engine (given up before it) shows no rule: it is not searched.
    results = [r for r in run.results if not r.listed and not r.not_run]
    failed = {r.case.variant for r in results if r.verdict in ("fail", "error")}
    if not failed:
        return None
    noun = "variant" if len(failed) == 1 else "variants"
    print(f"diagnosis: trying the neighbours of {len(failed)} {noun} ...", file=sys.stderr)
    # A game from the engine's own deals that passed is a whole game, checked at points no
    # case holds: the golden cases it passes are what a rule change must keep right.
    # Its probes answered right are single positions, as a case's: they are kept.
    own = [r for r in results if r.case.id.startswith(f"{OWN_DEALS}.")]
    searched = [r for r in results if r.verdict != "pass" or r not in own]
    probes = run.own_deal_probes
    cases = [*suite, *(r.case for r in own), *(r.case for r in probes)]
    found = diagnose([*searched, *probes], cases, run.engine)
    return one_name_a_cause(found, own).to_json()


def _check_settings(settings: ConformSettings) -> None:
    """What can be refused before anything runs, once the numbers are read (`from_args`):
    where the report, the XML and the records are to go."""
    report_option = "--resume" if settings.resume else "--report"
    check_outputs({
        report_option: settings.resume or settings.report, "--junit": settings.junit,
        "--own-deals-records": settings.own_deals_records,
    })  # fmt: skip
    resume, given = settings.resume, settings.report
    if resume and given and Path(given) != Path(resume):
        raise UsageError("--resume FILE appends to FILE; give no other --report, or the same one")


def _timeouts(settings: ConformSettings) -> tuple[str, ...]:
    """The timeout options given, which a rerun of one case repeats."""
    words: list[str] = []
    for flag, value in settings.timeouts:
        if value is not None:
            words += [flag, f"{value:g}"]
    return tuple(words)


def _close_report(
    writer: ReportWriter, run: RunReport, finished_all: bool, seconds: float,
    started: Callable[[RunReport], None],
) -> None:  # fmt: skip
    """The report's last lines. A run stopped (Ctrl-C, SIGTERM) before the engine answered
    `start` still gets its start line, so that `--resume` takes the file; a run that put every
    case (and score request) to the engine gets its end line, unless the engine never
    started."""
    try:
        if not writer.started:
            run.start_error = "the run was stopped before the engine answered start"
            started(run)
        elif finished_all and not run.start_error:
            writer.end(run, seconds)
    finally:
        writer.close()


def _engine_did_not_start(run: RunReport, settings: ConformSettings, not_run: int) -> int:
    """An engine that never answered `start`: one error, with its stderr, and exit 1; no case
    was put to it, so no case is listed."""
    if settings.json:
        print(json.dumps(run.to_json(), indent=2))
    print(f"spadespec conform: {report.start_failure(run, not_run)}", file=sys.stderr)
    return 1


def _check_listed(listed: dict[str, str], suite: Suite, file: str | None) -> None:
    """Refuse an expected-failures list that names a case no suite has (a typing mistake, or
    a case since retired): the list would excuse nothing there. Ids of shipped variants this
    run did not select are looked up in their own cases."""
    known = {c.id for c in suite} | set(offered(suite))
    unknown = sorted(set(listed) - known)
    others = {i.split(".")[0] for i in unknown} & set(shipped_variant_ids())
    others -= set(suite.variants())
    if others:
        more = _suite(sorted(others))
        known |= {c.id for c in more} | set(offered(more))
        unknown = [i for i in unknown if i not in known]
    if not unknown:
        return
    lines = []
    for case_id in unknown:
        near = did_you_mean(case_id, sorted(known))
        lines.append(f"  {case_id}" + (f" (did you mean {near}?)" if near else ""))
    noun = "id that is" if len(unknown) == 1 else "ids that are"
    raise UsageError(
        f"--expect-fail {file} lists {len(unknown)} {noun} not a case of the suite (a typing "
        "mistake, or a case since retired; `spadespec conform list` lists them):\n"
        + "\n".join(lines)
    )


def _expected_failures(settings: ConformSettings) -> dict[str, str]:
    if not settings.expect_fail:
        return {}
    try:
        return read_expected_failures(Path(settings.expect_fail))
    except ExpectedFailuresError as exc:
        raise UsageError(str(exc)) from None


def _prior_run(args: argparse.Namespace) -> PriorRun | None:
    """The run `--resume` carries on, read from its report; the engine and the selection
    (--variant, --case, --level) left out of the command line are taken from it, and one given
    otherwise than the report has it is refused, naming both."""
    if not args.resume:
        return None
    try:
        prior = read_report(Path(args.resume))
    except ReportFileError as exc:
        raise UsageError(f"--resume: {exc}") from None
    engine = prior.start.get("engine_command")
    if not isinstance(engine, str) or not engine:
        raise UsageError(f"--resume: {args.resume}:1: its start line names no engine command")
    if args.engine is not None and args.engine != engine:
        raise UsageError(
            f"--resume: {args.resume} is a run of engine {engine!r}, not"
            f" {args.engine!r}; resume it with the same --engine (or none), or start a new report"
        )
    args.engine = engine
    selection = prior.start.get("selection")
    if isinstance(selection, dict):  # a report written before selections were recorded has none
        for option in ("variant", "case", "level"):
            before, now = selection.get(option), getattr(args, option)
            if before is not None and not isinstance(before, str):
                raise UsageError(
                    f"--resume: {args.resume}:1: its selection's {option} is {before!r}, which "
                    f"no --{option} gives"
                )
            if now is not None and before != now:
                raise UsageError(
                    f"--resume: {args.resume} is a run with {_given(option, before)}, not"
                    f" {_given(option, now)}; resume it with the same --variant, --case and"
                    " --level (or none), or start a new report"
                )
            setattr(args, option, before)
    return prior


def _given(option: str, value: Any) -> str:
    return f"no --{option}" if value is None else f"--{option} {value}"


def _program() -> str:
    """How this command was invoked, for rerun commands a person can paste."""
    started_as = Path(sys.argv[0])
    if started_as.name == "__main__.py" and started_as.parent.name in (
        "spadespec",
        "reference_engine",
    ):
        return "python3 -m spadespec"
    return "spadespec"


def _command_line(settings: ConformSettings) -> str:
    """The run's command line, as its report records it."""
    words = ["--engine", settings.engine]
    chosen = settings.selection
    options: tuple[tuple[str, str | float | None], ...] = (
        ("--variant", chosen.variant), ("--case", chosen.case), ("--level", chosen.level),
        *settings.timeouts, ("--report", settings.report), ("--junit", settings.junit),
        ("--resume", settings.resume),
    )  # fmt: skip
    for flag, value in options:
        if value is not None:
            words += [flag, f"{value:g}" if isinstance(value, float) else str(value)]
    if settings.expect_fail:
        words += ["--expect-fail", settings.expect_fail]
    if settings.json:
        words.append("--json")
    return f"{_program()} conform {shlex.join(words)}"


def run_list(args: argparse.Namespace) -> int:
    cases = _selected(args)
    if isinstance(cases, int):
        return cases
    if getattr(args, "json", False):
        records = [
            {
                "id": c.id,
                "variant": c.variant,
                "level": c.level,
                "status": c.status,
                "tags": list(c.tags),
            }
            for c in cases
        ]
        print(json.dumps(records, indent=2))
        return 0
    rows = [
        (c.id, c.level, ("erratum; " if c.status == "erratum" else "") + " ".join(c.tags))
        for c in cases
    ]
    # Ids are never cut (they are what --case takes; the variant is their first word); tags
    # wrap; --json has every field.
    print(fit_table(("id", "level", "tags"), rows, keep=(0, 1), wrap=(2,)))
    return 0


def run_export(args: argparse.Namespace) -> int:
    cases = _selected(args)
    if isinstance(cases, int):
        return cases
    if args.dir.strip() and Path(args.dir).resolve() == Path.cwd() and not args.here:
        raise UsageError(
            f"DIR {args.dir} is the current folder: the export would mix its files with what "
            "is there; name a folder of its own, or add --here"
        )
    check_outputs({}, {"DIR": args.dir})
    dest = Path(args.dir)
    try:
        export_cases(cases, dest)
    except OSError as exc:
        raise OutputError(f"cannot write to {dest}: {exc.strerror}") from None
    print(f"wrote {len(cases)} cases, index.json and case.schema.json to {dest}")
    return 0


def run_coverage(args: argparse.Namespace) -> int:
    ref = getattr(args, "variant", None)
    if ref is not None:
        return _file_coverage(ref, getattr(args, "json", False), getattr(args, "verbose", False))
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


def _file_coverage(ref: str, as_json: bool, verbose: bool = False) -> int:
    """`conform coverage --variant FILE`: the rules the file sets that no case of it reaches."""
    if not is_variant_file(ref):
        raise UsageError(
            f"--variant {ref}: coverage --variant takes a variant file of your own; a shipped"
            " variant's coverage is in `conform coverage`"
        )
    try:
        made = _house_cases(ref)
    except _SuiteInvalid as exc:
        print(f"the conformance cases are invalid ({exc.count} problems)", file=sys.stderr)
        return 1
    mine = coverage.measure(made.suite, [made.house.id]).variants[0]
    if as_json:
        out = {
            "variant": mine.variant,
            "file": str(made.house.path),
            "rules": mine.rules,
            "uncovered": mine.uncovered,
            "dropped": [{"case": d.case_id, "reason": d.reason, "tag_gap": d.tag_gap}
                        for d in made.dropped],
            "no_witness": list(made.no_witness),
        }  # fmt: skip
        print(json.dumps(out, indent=2))
    else:
        print("\n".join(made.summary(verbose) + coverage.render_variant(mine)))
    return 0 if not mine.uncovered and not mine.problem else 1
