"""`spadespec fuzz` and `spadespec diff`.

spadespec fuzz --engine reference|fault:NAME|COMMAND --variant V [--option K=V ...]
               [--games N | --hands N] [--seed S] [--out DIR] [--jobs N] [--points K|all]
               [--timeout S] [--start-timeout S] [--report FILE] [--keep-going]
               [--max-differences N] [--expect-differ FILE] [--no-diagnose] [--shard I/N]
spadespec fuzz --resume REPORT [--jobs N] [--quiet]
spadespec fuzz merge REPORT... --report FILE [--out DIR]
spadespec diff A B [--option K=V ...] [--option-b K=V ...] [--json]

The engine under test is opened by `args.open_engine`, which the hub gives (it knows the named
faults, `fault:NAME`, which sit above the fuzzer), in every process of the run.

An engine that gives no answer (it exits, hangs, writes garbage) is a finding, recorded with its
game and position; it is restarted and the run goes on, at most MAX_RESTARTS times.

fuzz exits 0 when the engine agrees with the reference throughout (known differences aside),
1 when a difference was found (and written down as a case), the engine failed to answer or did
not start, or a listed difference was never met, 2 for a usage mistake or an output that
cannot be written (docs/exit-statuses.md).
diff exits 0 when every differing rule has a witness, 1 when one could not be found or a variant
file is not valid, 2 for a usage mistake (no such variant, a path that is not a file, an option
the variant does not offer).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from spadespec.command_kit.arguments import (
    COUNT_LIMIT,
    JOBS_LIMIT,
    SEED_LIMIT,
    add_command,
    add_table_options,
    add_variant_option,
    ascii_integer,
    optional_number,
    parse_options,
    read_shard,
    seconds,
    whole_number,
)
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.workers import jobs_to_run
from spadespec.conformance.analysis.fuzz.campaign import Campaign, ExpectedDifferenceError
from spadespec.conformance.analysis.fuzz.config import EngineDidNotStart, FuzzConfig, FuzzSetupError
from spadespec.conformance.analysis.fuzz.findings import MAX_RESTARTS, Findings, say
from spadespec.conformance.analysis.fuzz.games import DEFAULT_HANDS_PER_GAME
from spadespec.conformance.analysis.fuzz.merge import MergeError, gather_cases, merge_reports
from spadespec.conformance.analysis.fuzz.pool import FuzzOutcome, game_range, run_fuzz
from spadespec.conformance.analysis.fuzz.report import FuzzReport
from spadespec.conformance.analysis.fuzz.resume import Resumed, resume_args
from spadespec.conformance.contract.engines.named import UnknownEngine
from spadespec.conformance.contract.engines.options import add_engine_option, add_timeout_options
from spadespec.conformance.contract.protocol.messages import EngineInfo
from spadespec.conformance.contract.report.outputs import check_outputs
from spadespec.conformance.contract.runner.expected import (
    ExpectedFailuresError,
    read_expected_failures,
)
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.conformance.contract.suite.variant_files import is_variant_file, open_variant_file
from spadespec.reference_engine.variant import (
    VariantError,
    load_for_command,
    load_variant,
    shipped_variant_ids,
)

PROGRESS_EVERY = 1.0
"""Seconds at least between two progress lines of the report (one is always written before a
difference is shrunk)."""


def add_parser(subparsers: Any) -> None:
    fuzz = add_command(
        subparsers,
        "fuzz",
        help="play random games through an engine and the reference; shrink any difference",
        run=run_fuzz_command,
        description=(
            "Play fuzzed games (random deals, random and sensible bots, starting positions near "
            "the edges of the game) through the engine under test and the reference engine, "
            "compare every observable, and shrink the first difference to a case file. An "
            "engine that gives no answer is recorded, restarted and the run goes on (at most "
            f"{MAX_RESTARTS} times). An engine that deals its own cards (feature deals) is "
            "asked for each hand's deal, which is checked, and a game that differs is written "
            "as a game record for `spadespec audit` instead of shrunk. Exit 0 no difference, 1 "
            "a difference (case written), an engine that failed or did not start, 2 usage or an "
            "output that cannot be written."
        ),
        quiet="no progress lines",
    )
    add_engine_option(fuzz, default="reference", faults=True)
    add_variant_option(fuzz, help="a shipped variant id, or a variant file")
    add_table_options(fuzz)
    budget = fuzz.add_mutually_exclusive_group()
    budget.add_argument(
        "--games", metavar="N", help=f"games to play (default 200; at most {COUNT_LIMIT:,})"
    )
    budget.add_argument("--hands", metavar="N", help="hands to play, game by game")
    fuzz.add_argument(
        "--seed", metavar="S", help=f"the run's seed, 0 to {SEED_LIMIT} (default: random, printed)"
    )
    fuzz.add_argument(
        "--out", default="fuzz-cases", metavar="DIR",
        help="where the case for a difference is written (default fuzz-cases)",
    )  # fmt: skip
    fuzz.add_argument(
        "--report", metavar="FILE",
        help="write a JSON-lines report here: a start line (engine, variant, seed, command), a "
        "line per difference as it is found, an end line with the counts "
        "(schema/fuzz-report.schema.json)",
    )  # fmt: skip
    fuzz.add_argument(
        "--jobs", default="1", metavar="N",
        help="engine pairs in parallel processes (same result for the same seed)",
    )  # fmt: skip
    fuzz.add_argument(
        "--points", default="2", metavar="K|all",
        help="points inside each hand where the legal actions are asked (default 2; 'all' "
        "asks at every bid and card)",
    )  # fmt: skip
    fuzz.add_argument(
        "--hands-per-game", default=str(DEFAULT_HANDS_PER_GAME), metavar="N",
        help=f"hands per game at most (default {DEFAULT_HANDS_PER_GAME})",
    )  # fmt: skip
    add_timeout_options(fuzz, start_note="; with --jobs N, N engines start at once")
    fuzz.add_argument(
        "--keep-going", action="store_true",
        help="after a difference, go on to the end of the budget: each differing game is "
        "judged on its own; each distinct difference (by the rule change that explains it, "
        "else by its first differing figure) is shrunk and written once and counted in every "
        "game that shows it",
    )  # fmt: skip
    fuzz.add_argument(
        "--max-differences", default="0", metavar="N",
        help="with --keep-going, stop after N distinct differences (default: no limit)",
    )  # fmt: skip
    fuzz.add_argument(
        "--expect-differ", metavar="FILE",
        help="known differences, one rule change a line as a diagnosis names it "
        "(`scoring.bag_threshold=11`; '#' starts a comment): a game showing one is passed "
        "over; one never met fails the run, so the list cannot go stale",
    )  # fmt: skip
    fuzz.add_argument(
        "--diagnose", action=argparse.BooleanOptionalAction, default=True,
        help="name each difference by the single-rule change of the variant (or pair) that "
        "explains it, and name and tag its case by that rule (default: on)",
    )  # fmt: skip
    fuzz.add_argument(
        "--shard", metavar="I/N",
        help="play only the I-th of N disjoint parts of the campaign's games (1 <= I <= N), "
        "for a CI matrix or a cluster's job array; `spadespec fuzz merge` joins the reports",
    )  # fmt: skip
    fuzz.add_argument(
        "--resume", metavar="REPORT",
        help="go on with a stopped run whose --report is REPORT: its settings are read from "
        "the report's start line, the games already played are not played again, and the "
        "lines are added to REPORT (only --jobs and --quiet may be given with it)",
    )  # fmt: skip
    fuzz.set_defaults(fuzz_parser=fuzz)
    actions = fuzz.add_subparsers(dest="fuzz_action", metavar="ACTION")
    merging = add_command(
        actions, "merge", help="join the reports of the shards of one campaign",
        run=run_merge_command,
        description=(
            "Join the --report files of the shards of one fuzz campaign (fuzz --shard I/N): "
            "each difference kept once (by its rule change, else its case id), the counts "
            "added up, missing shards named. Exit 0 when every shard is there and finished "
            "with no difference, 1 otherwise, 2 usage (a file that is no fuzz report, a shard "
            "whose header does not add up, such as shard 9 of 4, or one of another campaign)."
        ),
    )  # fmt: skip
    merging.set_defaults(command="fuzz merge")  # its errors: `spadespec fuzz merge: ...`
    merging.add_argument("reports", nargs="+", metavar="REPORT", help="the shards' reports")
    merging.add_argument("--report", required=True, metavar="FILE",
                         help="where to write the merged report")  # fmt: skip
    merging.add_argument("--out", metavar="DIR",
                         help="copy the kept differences' cases here, by variant")  # fmt: skip

    diff = add_command(
        subparsers,
        "diff",
        help="the rules on which two variants differ, each with a hand that shows it",
        run=run_diff_command,
        description=(
            "Every rule on which two variants (with table options) differ, and for each a short "
            "hand whose outcome differs under the two, found by search and replayed under both. "
            "Exit 0 every difference has a witness, 1 one has none or a variant file is not "
            "valid, 2 usage (no such variant, a path that is not a file, an option not offered)."
        ),
        json="print JSON",
    )
    diff.add_argument("a", metavar="A", help="a variant id or file")
    diff.add_argument("b", metavar="B", help="a variant id or file")
    add_table_options(diff, help="a table option of A (and of B, where B has it)")
    add_table_options(diff, "option_b", help="a table option of B only")
    diff.add_argument("--seed", default="1", metavar="S", help="the search's seed (default 1)")


# --- fuzz ----------------------------------------------------------------------------------


def _shard(text: str | None, games: int | None, hands: int | None) -> tuple[int, int] | None:
    """`--shard I/N` read and checked, as (I, N), counted from 1 (`simulate` counts from 0)."""
    if text is None:
        return None
    if hands is not None:
        raise UsageError("--shard splits the games of a campaign: give --games, not --hands")
    return read_shard(text, first=1, games=games)


COUNTS = (
    ("--games", 1, COUNT_LIMIT),
    ("--hands", 1, COUNT_LIMIT),
    ("--seed", 0, SEED_LIMIT),
    ("--jobs", 1, JOBS_LIMIT),
    ("--hands-per-game", 1, COUNT_LIMIT),
    ("--max-differences", 0, COUNT_LIMIT),
)
"""fuzz's numbers, each with its bounds, read as the run starts (a refusal in one line)."""


def _read_counts(args: argparse.Namespace) -> None:
    """The numbers given as text, read in place: each a whole number within its bounds."""
    for flag, least, most in COUNTS:
        name = flag.removeprefix("--").replace("-", "_")
        setattr(args, name, optional_number(flag, getattr(args, name), least, most))
    for flag in ("--timeout", "--start-timeout"):
        name = flag.removeprefix("--").replace("-", "_")
        setattr(args, name, seconds(flag, getattr(args, name)))


def _config(args: argparse.Namespace) -> FuzzConfig:
    if args.variant is None:
        raise UsageError("--variant is required (to join shards' reports: fuzz merge)")
    if is_variant_file(args.variant):
        open_variant_file(args.variant)  # a house's file: checked, and refused at its line
    elif args.variant not in shipped_variant_ids():
        raise UsageError(
            f"--variant: {args.variant!r} is not a shipped variant id (one of: "
            f"{', '.join(shipped_variant_ids())}); a case names its variant by id"
        )
    options = parse_options(args.option)
    load_for_command(args.variant, options)  # an option it does not offer: exit 2
    _read_counts(args)
    if args.max_differences and not args.keep_going:
        args.keep_going = True  # a limit on differences means going on to the next
    if args.expect_differ and not args.keep_going:
        args.keep_going = True  # a known difference met is passed over, and the run goes on
    check_outputs({"--report": args.report}, {"--out": args.out})
    if args.points == "all":
        points: int | None = None
    elif ascii_integer(args.points) is not None:
        points = whole_number("--points", args.points, 0, COUNT_LIMIT)
    else:
        raise UsageError(f"--points takes a number or 'all', not {args.points!r:.40}")
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    games = args.games if args.games is not None else (None if args.hands else 200)
    shard = _shard(args.shard, games, args.hands)
    if shard is not None and args.seed is None:
        raise UsageError("--shard needs --seed: every shard must play the same campaign")
    config = FuzzConfig(
        engine=args.engine, variant=args.variant, options=options, seed=seed, games=games,
        hands=args.hands, hands_per_game=args.hands_per_game, points_per_hand=points,
        timeout=args.timeout, start_timeout=args.start_timeout, jobs=args.jobs,
        shard=shard, opener=args.open_engine, keep_going=args.keep_going,
    )  # fmt: skip
    return replace(config, jobs=_jobs_to_run(config))


def _jobs_to_run(config: FuzzConfig) -> int:
    """`--jobs`, lowered to the CPUs and to the games there are to share (a worker is an engine
    pair: more of them than either only queue up)."""
    first, last = game_range(config)
    return jobs_to_run("fuzz", config.jobs, None if last is None else last - first)


def command_line(config: FuzzConfig, args: argparse.Namespace) -> str:
    """The command that reruns the run exactly, with every setting that changes what it does
    or where it writes (not `--jobs` or `--quiet`, which change neither)."""
    parts = ["spadespec", "fuzz", "--engine", config.engine, "--variant", config.variant]
    for key, value in config.options.items():
        parts += ["--option", f"{key}={value}"]
    if config.hands:
        parts += ["--hands", str(config.hands)]
    else:
        parts += ["--games", str(config.games)]
    parts += ["--seed", str(config.seed)]
    if config.shard is not None:
        parts += ["--shard", f"{config.shard[0]}/{config.shard[1]}"]
    if config.points_per_hand != 2:
        parts += [
            "--points",
            "all" if config.points_per_hand is None else str(config.points_per_hand),
        ]
    if config.hands_per_game != DEFAULT_HANDS_PER_GAME:
        parts += ["--hands-per-game", str(config.hands_per_game)]
    for flag, value in (("--timeout", config.timeout), ("--start-timeout", config.start_timeout)):
        if value is not None:
            parts += [flag, f"{value:g}"]
    if args.keep_going:
        parts.append("--keep-going")
    if args.max_differences:
        parts += ["--max-differences", str(args.max_differences)]
    if args.expect_differ:
        parts += ["--expect-differ", args.expect_differ]
    if not args.diagnose:
        parts.append("--no-diagnose")
    parts += ["--out", args.out]
    if args.report:
        parts += ["--report", args.report]
    return shlex.join(parts)


class _Ticker:
    """Progress and throughput on stderr: redrawn in place on a terminal, a line a few seconds
    otherwise."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        # The first line waits a whole interval too: a run shorter than that shows only the
        # closing line, not the same counts twice.
        self.last = time.monotonic()
        self.drawn = False

    def __call__(self, outcome: FuzzOutcome) -> None:
        now = time.monotonic()
        if self.quiet or now - self.last < (0.5 if self.tty else 5.0):
            return
        self.last = now
        self.drawn = True
        line = _rate_line(outcome)
        sys.stderr.write(f"\r{line:<78}" if self.tty else line + "\n")
        sys.stderr.flush()

    def done(self) -> None:
        if self.tty and self.drawn:
            sys.stderr.write("\r" + " " * 78 + "\r")


def _rate_line(outcome: FuzzOutcome) -> str:
    seconds = max(outcome.seconds, 1e-9)
    return (
        f"fuzz: {outcome.games} games, {outcome.hands} hands, {outcome.requests} requests in "
        f"{outcome.seconds:.1f} s ({outcome.hands / seconds:.0f} hands/s, "
        f"{outcome.requests / seconds:.0f} requests/s)"
    )


def run_fuzz_command(args: argparse.Namespace) -> int:
    resumed = None
    if args.resume:
        args, resumed = resume_args(args)
    config = _config(args)
    campaign = _campaign(args, config)  # --expect-differ read before the report is opened
    rerun = resumed.start["command"] if resumed else command_line(config, args)
    if resumed:
        print(f"fuzz: resuming {args.report} from game {resumed.next_game}", file=sys.stderr)
    print(f"fuzz: seed {config.seed}; rerun with: {rerun}", file=sys.stderr)
    report = _open_report(args.report, append=resumed is not None)
    try:
        return _fuzz(args, config, campaign, rerun, report, resumed)
    finally:
        if report is not None:
            report.close()


def _open_report(path: str | None, *, append: bool = False) -> FuzzReport | None:
    if not path:
        return None
    try:
        return FuzzReport(Path(path), append=append)
    except OSError as exc:
        raise UsageError(f"--report: cannot write {path}: {exc.strerror}") from None


class _Progress:
    """The run's counts, over the sessions of a resumed run: shown as they grow, and written
    to the report as progress lines every so often (and after every difference)."""

    def __init__(self, config: FuzzConfig, report: FuzzReport | None, campaign: Campaign,
                 ticker: _Ticker) -> None:  # fmt: skip
        self.config = config
        self.report = report
        self.campaign = campaign
        self.ticker = ticker
        self.before = FuzzOutcome()
        """What earlier sessions of the run did."""
        self.first = game_range(config)[0]
        """The first game this session plays."""
        self.written = 0.0
        self.said = (self.first, 0, 0)

    def restore(self, resumed: Resumed) -> None:
        line = resumed.progress or {}
        for name in ("games", "hands", "requests", "seconds", "skipped"):
            setattr(self.before, name, line.get(name, 0))
        self.first = resumed.next_game
        self.before.engine = resumed.start["engine"]

    def total(self, outcome: FuzzOutcome) -> FuzzOutcome:
        """The whole run's counts, with this session's `outcome` so far."""
        return FuzzOutcome(
            games=self.before.games + outcome.games, hands=self.before.hands + outcome.hands,
            requests=self.before.requests + outcome.requests,
            seconds=self.before.seconds + outcome.seconds,
            skipped=self.before.skipped + outcome.skipped, engine=outcome.engine,
        )  # fmt: skip

    def __call__(self, outcome: FuzzOutcome) -> None:
        counts = self.total(outcome)
        self.ticker(counts)
        clock = time.monotonic()
        found = len(self.campaign.found()) + len(self.campaign.met())
        said = (self.first + outcome.games, counts.requests, found)
        if self.report is None or said == self.said:
            return
        if found == self.said[2] and clock - self.written < PROGRESS_EVERY:
            return
        self.written, self.said = clock, said
        self.report.progress(
            next_game=said[0], games=counts.games, hands=counts.hands,
            requests=counts.requests, seconds=counts.seconds, met=self.campaign.met(),
            failures=self.campaign.failures(), skipped=counts.skipped,
        )  # fmt: skip


def _fuzz(args: argparse.Namespace, config: FuzzConfig, campaign: Campaign, rerun: str,
          report: FuzzReport | None, resumed: Resumed | None) -> int:  # fmt: skip
    ticker = _Ticker(args.quiet)
    budget = {"hands": config.hands} if config.hands else {"games": config.games or 0}
    shard = {"index": config.shard[0], "count": config.shard[1]} if config.shard else None
    facts: dict[str, Any] = {
        "engine_command": config.engine, "variant": config.variant, "options": config.options,
        "seed": config.seed, "command": rerun, "budget": budget, "folder": os.getcwd(),
        **({"shard": shard} if shard else {}),
    }  # fmt: skip
    begun = resumed is not None  # the report has its start line

    def started(info: EngineInfo) -> None:
        nonlocal begun
        if report is not None and not begun:
            report.start(engine=info, **facts)
        begun = True

    progress = _Progress(config, report, campaign, ticker)
    if resumed is not None:
        campaign.restore(resumed.lines, resumed.met)
        progress.restore(resumed)
        if report is not None:
            report.resumed(resumed.next_game)
    hands = None if config.hands is None else max(config.hands - progress.before.hands, 0)
    part = replace(config, first_game=progress.first, hands=hands)
    findings = Findings(
        config, campaign, out=Path(args.out), rerun=rerun, diagnose=args.diagnose,
        keep_going=args.keep_going, max_differences=args.max_differences, report=report,
    )  # fmt: skip
    try:
        outcome = run_fuzz(part, progress, started, findings)
    except EngineDidNotStart as exc:  # a verdict on the engine, as `conform` gives it
        if report is not None and not begun:
            report.start(engine=None, error=str(exc), **facts)
        print(f"spadespec fuzz: {exc}", file=sys.stderr)
        return 1
    except (UnknownEngine, FuzzSetupError) as exc:
        if report is not None and not begun:
            report.start(engine=None, error=str(exc), **facts)
        raise UsageError(str(exc)) from None
    finally:
        findings.stop()
    ticker.done()
    done = progress.total(outcome)
    done.engine = outcome.engine or progress.before.engine
    print(_rate_line(done), file=sys.stderr)
    differences = campaign.found()
    stale = campaign.stale()
    checked = done.requests - done.skipped
    ok = not differences and not stale and checked > 0
    if report is not None:
        report.end(seconds=done.seconds, games=done.games, hands=done.hands,
                   requests=done.requests, differences=len(differences), ok=ok,
                   skipped=done.skipped)  # fmt: skip
    if checked == 0 and not differences:
        declared = ", ".join(done.engine["features"]) if done.engine else "nothing"
        print(
            f"checked nothing in {done.games} games: the engine declares {declared}, and "
            "fuzzing asks legal, to_act (or next_deal), trick_winners, hands, totals, bags, "
            "status" + (f"; it declined ({done.skipped}) every request" if done.skipped else "")
        )
        return 1
    _summary(campaign, done, args.keep_going)
    return 0 if ok else 1


def _campaign(args: argparse.Namespace, config: FuzzConfig) -> Campaign:
    labels: dict[str, str] = {}
    if args.expect_differ:
        try:
            labels = read_expected_failures(Path(args.expect_differ), item="rule change")
            return Campaign.with_expected(config, labels)
        except (ExpectedFailuresError, ExpectedDifferenceError) as exc:
            raise UsageError(f"--expect-differ: {exc}") from None
    return Campaign(config)


def _summary(campaign: Campaign, total: FuzzOutcome, keep_going: bool) -> None:
    differences = campaign.found()
    if not differences and not keep_going:
        print(f"no difference in {total.games} games ({total.hands} hands)")
    elif keep_going:
        noun = "difference" if len(differences) == 1 else "differences"
        print(f"{len(differences)} {noun} in {total.games} games ({total.hands} hands)")
        for known in differences:
            line = known.line or {}
            where = line.get("file", "no case written")
            games = "game" if known.seen == 1 else "games"
            say(f"{known.key}: {known.seen} {games}, first game {line.get('game')}; {where}")
    if total.skipped:
        print(f"  the engine declined {total.skipped} of {total.requests} requests (skipped): "
              "asked, not compared")  # fmt: skip
    for known in campaign.known:
        if known.listed and known.seen:
            print(f"  known (--expect-differ): {known.key}: met in {known.seen} games, "
                  "passed over")  # fmt: skip
    for known in campaign.stale():
        print(
            f"  listed in --expect-differ but not met: {known.key} (take it off the list, or "
            "play more games)"
        )


def run_merge_command(args: argparse.Namespace) -> int:
    """Join shards' reports: the merged report written, a summary printed."""
    check_outputs({"--report": args.report}, {"--out": args.out})
    written = Path(args.report).resolve()
    for given in args.reports:
        if Path(given).resolve() == written:
            raise UsageError(
                f"--report {args.report} is one of the reports to merge: the merged report "
                "would be written over it; write it outside the shards' files"
            )
    try:
        merged = merge_reports([Path(p) for p in args.reports])
    except MergeError as exc:
        raise UsageError(str(exc)) from None
    problems = gather_cases(merged, Path(args.out)) if args.out else []
    writer = FuzzReport(Path(args.report))
    try:
        writer.line({**merged.start, "shard": {"index": 0, "count": merged.count},
                     "merged": merged.shards})  # fmt: skip
        for line in merged.differences:
            writer.difference({k: v for k, v in line.items() if k != "kind"})
        counts = merged.counts
        writer.end(seconds=counts["seconds"], games=counts["games"], hands=counts["hands"],
                   requests=counts["requests"], differences=counts["differences"],
                   ok=counts["ok"])  # fmt: skip
    finally:
        writer.close()
    counts = merged.counts
    print(
        f"merged {len(merged.shards)} of {merged.count} shards: {counts['games']} games, "
        f"{counts['hands']} hands, {counts['differences']} distinct difference(s)"
    )
    for line in merged.differences:
        print(f"  {line.get('rule', UNEXPLAINED)}: game {line['game']}; {line.get('file', '')}")
    if merged.missing:
        shown = ", ".join(map(str, merged.missing[:10]))
        more = f" and {len(merged.missing) - 10} more" if len(merged.missing) > 10 else ""
        print(f"  missing shards: {shown}{more}")
    for path in merged.unfinished:
        print(f"  unfinished (no end line): {path}")
    for text in problems:
        print(f"  case not copied: {text}")
    return 0 if counts["ok"] else 1


# --- diff ----------------------------------------------------------------------------------


def run_diff_command(args: argparse.Namespace) -> int:
    from spadespec.conformance.analysis.fuzz.witness.search import diff_variants
    from spadespec.conformance.analysis.fuzz.witness.text import render_text

    shared = parse_options(args.option)
    a = load_for_command(args.a, shared)
    b = load_for_command(
        args.b, {**_applicable(args.b, shared), **parse_options(args.option_b, "--option-b")}
    )
    report = diff_variants(a, b, seed=whole_number("--seed", args.seed, 0, SEED_LIMIT))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render_text(report))
    return 0 if all(item.get("witness") for item in report["differences"]) else 1


def _applicable(variant: str, options: dict[str, str]) -> dict[str, str]:
    """The shared options that the variant declares."""
    try:
        names = {o.name for o in load_variant(variant).options}
    except VariantError:
        return {}
    return {k: v for k, v in options.items() if k in names}
