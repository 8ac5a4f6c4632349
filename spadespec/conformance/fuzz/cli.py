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
import textwrap
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from spadespec.conformance.engines.named import UnknownEngine
from spadespec.conformance.engines.options import add_engine_option, add_timeout_options
from spadespec.conformance.fuzz.campaign import (
    Campaign,
    ExpectedDifferenceError,
    first_observable,
)
from spadespec.conformance.fuzz.driver import (
    Divergence,
    EngineDidNotStart,
    EngineSkipped,
    FuzzConfig,
    FuzzOutcome,
    FuzzSetupError,
    GameChecker,
    engine_failed,
    game_range,
    run_fuzz,
)
from spadespec.conformance.fuzz.found_case import FoundCase, build_case, write_found_case
from spadespec.conformance.fuzz.games import DEFAULT_HANDS_PER_GAME
from spadespec.conformance.fuzz.merge import MergeError, gather_cases, merge_reports
from spadespec.conformance.fuzz.naming import diagnose_found, named_by_rule
from spadespec.conformance.fuzz.report import FuzzReport
from spadespec.conformance.fuzz.resume import Resumed, resume_args
from spadespec.conformance.fuzz.shrink import Judge, NewDifferenceJudge, shrink
from spadespec.conformance.protocol.messages import EngineInfo
from spadespec.conformance.report.outputs import check_outputs
from spadespec.conformance.runner.expected import ExpectedFailuresError, read_expected_failures
from spadespec.conformance.runner.run import UNEXPLAINED
from spadespec.conformance.suite.variant_files import is_variant_file, open_variant_file
from spadespec.reference_engine.commands.errors import OutputError, UsageError
from spadespec.reference_engine.commands.options import (
    add_table_options,
    add_variant_option,
    parse_options,
)
from spadespec.reference_engine.commands.tables import output_width
from spadespec.reference_engine.variant import (
    VariantError,
    load_for_command,
    load_variant,
    shipped_variant_ids,
)

MAX_RESTARTS = 3
"""Times a run restarts an engine that gave no answer before it stops."""

PROGRESS_EVERY = 1.0
"""Seconds at least between two progress lines of the report (one is always written before a
difference is shrunk)."""


def add_parser(subparsers: Any) -> None:
    fuzz = subparsers.add_parser(
        "fuzz",
        help="play random games through an engine and the reference; shrink any difference",
        description=(
            "Play fuzzed games (random deals, random and sensible bots, starting positions near "
            "the edges of the game) through the engine under test and the reference engine, "
            "compare every observable, and shrink the first difference to a case file. An "
            "engine that gives no answer is recorded, restarted and the run goes on (at most "
            f"{MAX_RESTARTS} times). Exit 0 no difference, 1 a difference (case written), an "
            "engine that failed or did not start, 2 usage or an output that cannot be written."
        ),
    )
    add_engine_option(fuzz, default="reference", faults=True)
    add_variant_option(fuzz, help="a shipped variant id, or a variant file")
    add_table_options(fuzz)
    budget = fuzz.add_mutually_exclusive_group()
    budget.add_argument("--games", type=int, metavar="N", help="games to play (default 200)")
    budget.add_argument("--hands", type=int, metavar="N", help="hands to play, game by game")
    fuzz.add_argument(
        "--seed", type=int, metavar="S", help="the run's seed (default: random, printed)"
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
        "--jobs", type=int, default=1, metavar="N",
        help="engine pairs in parallel processes (same result for the same seed)",
    )  # fmt: skip
    fuzz.add_argument(
        "--points", default="2", metavar="K|all",
        help="points inside each hand where the legal actions are asked (default 2; 'all' "
        "asks at every bid and card)",
    )  # fmt: skip
    fuzz.add_argument(
        "--hands-per-game", type=int, default=DEFAULT_HANDS_PER_GAME, metavar="N",
        help=f"hands per game at most (default {DEFAULT_HANDS_PER_GAME})",
    )  # fmt: skip
    add_timeout_options(fuzz, start_note="; with --jobs N, N engines start at once")
    fuzz.add_argument(
        "--keep-going", action="store_true",
        help="after a difference, go on to the next game: each distinct difference (by the "
        "rule change that explains it, else by the first observable that differs) is shrunk "
        "and written once",
    )  # fmt: skip
    fuzz.add_argument(
        "--max-differences", type=int, default=0, metavar="N",
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
    fuzz.add_argument("--quiet", action="store_true", help="no progress lines")
    fuzz.set_defaults(run=run_fuzz_command, fuzz_parser=fuzz)
    actions = fuzz.add_subparsers(dest="fuzz_action", metavar="ACTION")
    merging = actions.add_parser(
        "merge", help="join the reports of the shards of one campaign",
        description=(
            "Join the --report files of the shards of one fuzz campaign (fuzz --shard I/N): "
            "each difference kept once (by its rule change, else its case id), the counts "
            "added up, missing shards named. Exit 0 when every shard is there and finished "
            "with no difference, 1 otherwise, 2 usage (a file that is no fuzz report, or of "
            "another campaign)."
        ),
    )  # fmt: skip
    merging.add_argument("reports", nargs="+", metavar="REPORT", help="the shards' reports")
    merging.add_argument("--report", required=True, metavar="FILE",
                         help="where to write the merged report")  # fmt: skip
    merging.add_argument("--out", metavar="DIR",
                         help="copy the kept differences' cases here, by variant")  # fmt: skip
    merging.set_defaults(run=run_merge_command)

    diff = subparsers.add_parser(
        "diff",
        help="the rules on which two variants differ, each with a hand that shows it",
        description=(
            "Every rule on which two variants (with table options) differ, and for each a short "
            "hand whose outcome differs under the two, found by search and replayed under both. "
            "Exit 0 every difference has a witness, 1 one has none or a variant file is not "
            "valid, 2 usage (no such variant, a path that is not a file, an option not offered)."
        ),
    )
    diff.add_argument("a", metavar="A", help="a variant id or file")
    diff.add_argument("b", metavar="B", help="a variant id or file")
    add_table_options(diff, help="a table option of A (and of B, where B has it)")
    add_table_options(diff, "option_b", help="a table option of B only")
    diff.add_argument("--seed", type=int, default=1, metavar="S", help="the search's seed")
    diff.add_argument("--json", action="store_true", help="print JSON")
    diff.set_defaults(run=run_diff_command)


# --- fuzz ----------------------------------------------------------------------------------


def _shard(text: str | None, games: int | None, hands: int | None) -> tuple[int, int] | None:
    """`--shard I/N` read and checked, as (I, N)."""
    if text is None:
        return None
    index, slash, count = text.partition("/")
    if not (slash and index.isdigit() and count.isdigit() and 1 <= int(index) <= int(count)):
        raise UsageError(f"--shard takes I/N with 1 <= I <= N (e.g. 3/1000), not {text!r}")
    if hands is not None:
        raise UsageError("--shard splits the games of a campaign: give --games, not --hands")
    if games is not None and int(count) > games:
        raise UsageError(f"--shard {text}: more shards than the {games} games to share")
    return int(index), int(count)


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
    if args.max_differences < 0:
        raise UsageError(f"--max-differences must be 0 or more, not {args.max_differences}")
    if args.max_differences and not args.keep_going:
        args.keep_going = True  # a limit on differences means going on to the next
    if args.expect_differ and not args.keep_going:
        args.keep_going = True  # a known difference met is passed over, and the run goes on
    for name in ("games", "hands", "jobs", "hands_per_game"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1, not {value}")
    for name in ("timeout", "start_timeout"):
        seconds = getattr(args, name)
        if seconds is not None and not seconds > 0:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} must be a number of seconds above 0, not {seconds:g}")
    check_outputs({"--report": args.report}, {"--out": args.out})
    if args.points == "all":
        points: int | None = None
    elif args.points.isdigit():
        points = int(args.points)
    else:
        raise UsageError(f"--points takes a number or 'all', not {args.points!r}")
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    games = args.games if args.games is not None else (None if args.hands else 200)
    shard = _shard(args.shard, games, args.hands)
    if shard is not None and args.seed is None:
        raise UsageError("--shard needs --seed: every shard must play the same campaign")
    config = FuzzConfig(
        engine=args.engine, variant=args.variant, options=options, seed=seed, games=games,
        hands=args.hands, hands_per_game=args.hands_per_game, points_per_hand=points,
        timeout=args.timeout, start_timeout=args.start_timeout, jobs=args.jobs,
        shard=shard, opener=args.open_engine,
    )  # fmt: skip
    return replace(config, jobs=_jobs_to_run(config))


def _jobs_to_run(config: FuzzConfig) -> int:
    """`--jobs`, lowered to the CPUs this process may run on and to the games there are to
    share (a worker is an engine pair: more of them than either only queue up), and said so on
    stderr when it is lowered."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    limits = [(cpus or 1, f"{cpus or 1} CPUs to run them on")]
    first, last = game_range(config)
    if last is not None:
        limits.append((max(last - first, 1), f"{last - first} games to share"))
    cap, why = min(limits)
    if config.jobs <= cap:
        return config.jobs
    print(f"fuzz: --jobs {config.jobs} lowered to {cap} ({why})", file=sys.stderr)
    return cap


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
        self.last = 0.0

    def __call__(self, outcome: FuzzOutcome) -> None:
        now = time.monotonic()
        if self.quiet or now - self.last < (0.5 if self.tty else 5.0):
            return
        self.last = now
        line = _rate_line(outcome)
        sys.stderr.write(f"\r{line:<78}" if self.tty else line + "\n")
        sys.stderr.flush()

    def done(self) -> None:
        if self.tty and not self.quiet and self.last:
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
    rerun = resumed.start["command"] if resumed else command_line(config, args)
    if resumed:
        print(f"fuzz: resuming {args.report} from game {resumed.next_game}", file=sys.stderr)
    print(f"fuzz: seed {config.seed}; rerun with: {rerun}", file=sys.stderr)
    report = _open_report(args.report, append=resumed is not None)
    try:
        return _fuzz(args, config, rerun, report, resumed)
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


class _Totals:
    """What the whole run has done, over its parts (a part ends at each difference) and over
    the sessions of a resumed run; written to the report as progress lines."""

    def __init__(self, config: FuzzConfig, report: FuzzReport | None, campaign: Campaign,
                 ticker: _Ticker) -> None:  # fmt: skip
        self.config = config
        self.report = report
        self.campaign = campaign
        self.ticker = ticker
        self.done = FuzzOutcome()
        self.next_game = game_range(config)[0]
        self.part_first = self.next_game
        self.written = 0.0
        self.last_line: tuple[int, int] | None = None
        self.last_hands = 0
        """The hands of the game the last part stopped at, when it stopped at a difference."""

    def restore(self, resumed: Resumed) -> None:
        line = resumed.progress or {}
        for name in ("games", "hands", "requests", "seconds"):
            setattr(self.done, name, line.get(name, 0))
        self.next_game = self.part_first = resumed.next_game
        self.done.engine = resumed.start["engine"]

    def hands_left(self) -> int | None:
        return None if self.config.hands is None else max(self.config.hands - self.done.hands, 0)

    def now(self, outcome: FuzzOutcome) -> FuzzOutcome:
        """The run's counts with a part's `outcome` so far, up to before its difference."""
        cut = outcome.divergence is not None
        played = self.part_first - game_range(self.config)[0] + outcome.games - cut
        return FuzzOutcome(
            games=max(self.done.games, played),
            hands=self.done.hands + outcome.hands - (outcome.last_hands if cut else 0),
            requests=self.done.requests + outcome.requests,
            seconds=self.done.seconds + outcome.seconds,
        )  # fmt: skip

    def progress(self, outcome: FuzzOutcome, *, always: bool = False) -> None:
        """A part's progress: shown, and written to the report every so often."""
        self.ticker(self.now(outcome))
        clock = time.monotonic()
        if self.report is None or not (always or clock - self.written >= PROGRESS_EVERY):
            return
        counts = self.now(outcome)
        next_game = self.part_first + outcome.games - (outcome.divergence is not None)
        if (next_game, counts.requests) == self.last_line:
            return  # said already
        self.written, self.last_line = clock, (next_game, counts.requests)
        self.report.progress(
            next_game=next_game,
            games=counts.games, hands=counts.hands, requests=counts.requests,
            seconds=counts.seconds, met=self.campaign.met(), failures=self.campaign.failures(),
        )  # fmt: skip

    def take(self, outcome: FuzzOutcome) -> None:
        """A part finished: its counts added (a game put again is counted once)."""
        self.progress(outcome, always=True)
        counts = self.now(outcome)
        self.last_hands = 0
        if outcome.divergence is not None:
            counts.games += 1
            counts.hands += outcome.last_hands
            self.last_hands = outcome.last_hands
        self.done.games, self.done.hands = counts.games, counts.hands
        self.done.requests, self.done.seconds = counts.requests, counts.seconds

    def next_part(self, first: int, *, again: bool = False) -> FuzzConfig:
        """The run's config for a part that plays from game `first` on (`again`: the game the
        last part stopped at is put again, and its hands counted then)."""
        self.part_first = self.next_game = first
        if again:
            self.done.hands -= self.last_hands
        return replace(self.config, first_game=first, hands=self.hands_left(),
                       known=self.campaign.changes())  # fmt: skip


def _fuzz(args: argparse.Namespace, config: FuzzConfig, rerun: str, report: FuzzReport | None,
          resumed: Resumed | None) -> int:  # fmt: skip
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
        total.done.engine = info

    campaign = _campaign(args, config)
    total = _Totals(config, report, campaign, ticker)
    if resumed is not None:
        campaign.restore(resumed.lines, resumed.met)
        total.restore(resumed)
        if report is not None:
            report.resumed(resumed.next_game)
    part = total.next_part(total.next_game)
    last: tuple[int, str] | None = None
    try:
        while True:
            outcome = run_fuzz(part, total.progress, started)
            total.take(outcome)
            found = outcome.divergence
            if found is None:
                break
            failed = engine_failed(found.differences)
            observable = first_observable(found.differences)
            known = campaign.unexplained(observable) if args.keep_going and not failed else None
            if known is not None:
                known.seen += 1
            else:
                line = _report_difference(args, part, found, rerun, campaign)
                known = campaign.record(line, line.pop("_neighbour", None), observable)
                if report is not None and known.seen == 1 and not known.listed:
                    report.difference(line)
            if failed:
                if campaign.failures() > MAX_RESTARTS:
                    print(f"the engine failed to answer {campaign.failures()} times: the run "
                          "stops here")  # fmt: skip
                    break
                _say(f"the engine was restarted ({campaign.failures()} of {MAX_RESTARTS} "
                     "restarts); the run goes on with the next game")  # fmt: skip
            else:
                new = len([k for k in campaign.found() if not k.key.startswith("engine failure")])
                if not args.keep_going or (args.max_differences and new >= args.max_differences):
                    break
            if total.hands_left() == 0:
                break
            # A new rule change is played from now on, and the same game put again: it may
            # hold another difference. Otherwise the run goes on from the next game.
            again = known.neighbour is not None and last != (found.number, known.key)
            last = (found.number, known.key)
            part = total.next_part(found.number + (0 if again else 1), again=again)
    except EngineDidNotStart as exc:  # a verdict on the engine, as `conform` gives it
        if report is not None and not begun:
            report.start(engine=None, error=str(exc), **facts)
        print(f"spadespec fuzz: {exc}", file=sys.stderr)
        return 1
    except (UnknownEngine, FuzzSetupError, EngineSkipped) as exc:
        if report is not None and not begun:
            report.start(engine=None, error=str(exc), **facts)
        raise UsageError(str(exc)) from None
    finally:
        campaign.stop()
    ticker.done()
    done = total.done
    print(_rate_line(done), file=sys.stderr)
    differences = campaign.found()
    stale = campaign.stale()
    ok = not differences and not stale and done.requests > 0
    if report is not None:
        report.end(seconds=done.seconds, games=done.games, hands=done.hands,
                   requests=done.requests, differences=len(differences), ok=ok)  # fmt: skip
    if done.requests == 0 and not differences:
        declared = ", ".join(done.engine["features"]) if done.engine else "nothing"
        print(
            f"checked nothing in {done.games} games: the engine declares {declared}, and "
            "fuzzing asks legal, to_act (or next_deal), trick_winners, hands, totals, bags, status"
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
            print(f"  {known.key}: first in game {line.get('game')}; {where}")
    for known in campaign.known:
        if known.listed and known.seen:
            print(f"  known (--expect-differ): {known.key}: met, passed over")
    for known in campaign.stale():
        print(
            f"  listed in --expect-differ but not met: {known.key} (take it off the list, or "
            "play more games)"
        )


def _report_difference(args: argparse.Namespace, config: FuzzConfig, found: Any,
                       rerun: str, campaign: Campaign) -> dict[str, Any]:  # fmt: skip
    """Say what differs, shrink it, diagnose it and write its case; the report's line for it
    (with the explaining neighbour under `_neighbour`, taken off before it is written)."""
    where = "at the end of its log" if found.at is None else f"after action {found.at}"
    print(f"difference in game {found.number}, {where}:")
    for text in found.differences[:5]:
        print(f"  {text}")
    line: dict[str, Any] = {
        "game": found.number, "at": found.at, "differences": list(found.differences),
        "observable": first_observable(found.differences), "rule": UNEXPLAINED,
    }  # fmt: skip
    if line["observable"] == "score":
        reason = "a score request's difference is not shrunk to a case; the seed replays the game"
        _say(f"no case written: {reason}")
        return {**line, "not_written": reason}
    out = Path(args.out)
    failed = engine_failed(found.differences)
    if failed:
        line["engine_failed"] = True
    if failed and args.diagnose:
        print("  not diagnosed: the engine gave no answer, which no rule of the game explains")
    if failed and not failed_afresh(config, found):
        reason = (
            "asked afresh, the engine answers that position: its failure hangs on the requests "
            "before it (the seed replays the game)"
        )
        _say(f"no case written: {reason}")
        return {**line, "not_written": reason}
    try:
        result = shrink_and_write(
            config, found, out, rerun, diagnose=args.diagnose and not failed,
            known=campaign.listed,
        )  # fmt: skip
    except RuntimeError as exc:
        print(f"  no case written: {exc}")
        return {**line, "not_written": str(exc)}
    if result.path is None:
        print(f"  diagnosed: {result.rule}, listed in --expect-differ: passed over")
        return {**line, "rule": result.rule, "_neighbour": result.neighbour}
    print(f"shrunk to {len(result.case['actions'])} actions; case {result.case['id']}")
    print(f"  wrote {result.path}")
    print(f"  reference: {result.reference_verdict}; engine under test: {result.engine_verdict}")
    if result.engine_verdict == "pass":
        print("  asked afresh, the engine passes it: its mistake hangs on what it was asked before")
    line.update(
        observable=next(iter(result.case["expect"]), line["observable"]),
        case=result.case["id"], file=str(result.path), actions=len(result.case["actions"]),
        reference_verdict=result.reference_verdict, engine_verdict=result.engine_verdict,
    )  # fmt: skip
    if result.diagnosis is not None:
        line["rule"] = result.rule
        line["diagnosis"] = result.diagnosis.to_json()
        line["_neighbour"] = result.neighbour
        print(f"  diagnosed: {result.rule}")
    if not is_variant_file(config.variant):
        print(f"  to keep it, move it under conformance/cases/{config.variant}/")
    return line


def _say(text: str) -> None:
    """A line of what happened, under the difference it is about, wrapped to the output."""
    print(textwrap.fill(text, output_width(), initial_indent="  ", subsequent_indent="    "))


def failed_afresh(config: FuzzConfig, found: Divergence) -> bool:
    """Whether a new engine fails again to answer at the position where one failed: only then
    does a case of that position show the failure."""
    checker = GameChecker(config)
    try:
        again = checker.check(checker.play(found.number), only=found)
    finally:
        checker.stop()
    return again is not None and engine_failed(again.differences)


def shrink_and_write(
    config: FuzzConfig, found: Any, out: Path, command: str, *, diagnose: bool = False,
    known: Callable[[str], bool] = lambda label: False,
) -> Any:  # fmt: skip
    """Shrink the difference found in a run and write its case: the written FoundCase, with
    the diagnosis of the shrunk case when `diagnose` (the case then named and tagged by the
    rule change that explains it). A difference diagnosed as a `known` one is not written:
    its FoundCase has no path."""
    checker = GameChecker(config)
    try:
        base = load_variant(config.variant, dict(config.options))
        # With known rule changes, a position counts only if it shows a new difference, in a
        # way a case of the variant itself can show.
        judge = NewDifferenceJudge(checker, base) if config.known else Judge(checker)
        game = checker.play(found.number)
        verdict = shrink(judge, game, found)
        case = build_case(judge, verdict, command=command, seed=config.seed, game=found.number)
    finally:
        checker.stop()

    if not diagnose:
        return _write(case, out, config.open())
    label, diagnosis = diagnose_found(case, config.open)
    near = next((g.best for g in diagnosis.groups if case["id"] in g.cases), None)
    if known(label):
        return FoundCase(None, case, "", "", label, diagnosis, near)
    written = _write(named_by_rule(case, label), out, config.open())
    return replace(written, rule=label, diagnosis=diagnosis, neighbour=near)


def _write(case: dict[str, Any], out: Path, engine: Any) -> FoundCase:
    try:
        return write_found_case(case, out, engine)
    except OSError as exc:
        raise OutputError(f"--out: cannot write the case under {out}: {exc.strerror}") from None


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
    from spadespec.conformance.fuzz.witness.search import diff_variants
    from spadespec.conformance.fuzz.witness.text import render_text

    shared = parse_options(args.option)
    a = load_for_command(args.a, shared)
    b = load_for_command(args.b, {**_applicable(args.b, shared), **parse_options(args.option_b)})
    report = diff_variants(a, b, seed=args.seed)
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
