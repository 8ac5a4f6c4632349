"""`spadespec fuzz` and `spadespec diff`.

spadespec fuzz --engine reference|fault:NAME|COMMAND --variant V [--option K=V ...]
               [--games N | --hands N] [--seed S] [--out DIR] [--jobs N] [--points K|all]
               [--timeout S] [--start-timeout S]
spadespec diff A B [--option K=V ...] [--option-b K=V ...] [--json]

fuzz exits 0 when the engine agrees with the reference throughout, 1 when a difference was
found (and written down as a case), 2 for a usage mistake or a case that cannot be written.
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
from pathlib import Path
from typing import Any

from conformance.engines.named import UnknownEngine
from conformance.fuzz.driver import (
    EngineSkipped,
    FuzzConfig,
    FuzzOutcome,
    FuzzSetupError,
    GameChecker,
    run_fuzz,
)
from conformance.fuzz.engines import open_fuzz_engine
from conformance.fuzz.found_case import build_case, write_found_case
from conformance.fuzz.games import DEFAULT_HANDS_PER_GAME
from conformance.fuzz.shrink import Judge, shrink
from conformance.protocol.subprocess_engine import DEFAULT_START_TIMEOUT
from conformance.suite.variant_files import is_variant_file, open_variant_file
from reference_engine.cli import OutputError, UsageError
from reference_engine.cli.variant_args import load_or_refuse, parse_options
from reference_engine.variant import VariantError, load_variant, shipped_variant_ids


def add_parser(subparsers: Any) -> None:
    fuzz = subparsers.add_parser(
        "fuzz",
        help="play random games through an engine and the reference; shrink any difference",
        description=(
            "Play fuzzed games (random deals, random and sensible bots, starting positions near "
            "the edges of the game) through the engine under test and the reference engine, "
            "compare every observable, and shrink the first difference to a case file. Exit 0 "
            "no difference, 1 a difference (case written), 2 usage."
        ),
    )
    fuzz.add_argument(
        "--engine", required=True, metavar="ENGINE",
        help="'reference', 'fault:NAME' (a deliberately broken reference engine), or the "
        "command that starts an engine speaking the JSON-lines protocol",
    )  # fmt: skip
    fuzz.add_argument("--variant", required=True, metavar="V", help="a shipped variant id")
    fuzz.add_argument("--option", action="append", default=[], metavar="K=V",
                      help="a table option of the variant (repeatable)")  # fmt: skip
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
    fuzz.add_argument("--timeout", type=float, default=None, metavar="S",
                      help="seconds an engine process has to answer each request")  # fmt: skip
    fuzz.add_argument(
        "--start-timeout", type=float, default=None, metavar="S",
        help="seconds an engine process has to answer `start`, apart from --timeout "
        f"(default {DEFAULT_START_TIMEOUT:g}; with --jobs N, N engines start at once)",
    )  # fmt: skip
    fuzz.add_argument("--quiet", action="store_true", help="no progress lines")
    fuzz.set_defaults(run=run_fuzz_command)

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
    diff.add_argument("--option", action="append", default=[], metavar="K=V",
                      help="a table option of A (and of B, where B has it)")  # fmt: skip
    diff.add_argument("--option-b", action="append", default=[], metavar="K=V",
                      help="a table option of B only")  # fmt: skip
    diff.add_argument("--seed", type=int, default=1, metavar="S", help="the search's seed")
    diff.add_argument("--json", action="store_true", help="print JSON")
    diff.set_defaults(run=run_diff_command)


# --- fuzz ----------------------------------------------------------------------------------


def _config(args: argparse.Namespace) -> FuzzConfig:
    if is_variant_file(args.variant):
        open_variant_file(args.variant)  # a house's file: checked, and refused at its line
    elif args.variant not in shipped_variant_ids():
        raise UsageError(
            f"--variant: {args.variant!r} is not a shipped variant id (one of: "
            f"{', '.join(shipped_variant_ids())}); a case names its variant by id"
        )
    options = parse_options(args.option)
    try:
        load_variant(args.variant, options)
    except VariantError as exc:
        raise UsageError(str(exc)) from None
    for name in ("games", "hands", "jobs", "hands_per_game"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1, not {value}")
    for name in ("timeout", "start_timeout"):
        seconds = getattr(args, name)
        if seconds is not None and not seconds > 0:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} must be a number of seconds above 0, not {seconds:g}")
    trouble = _unwritable_folder(Path(args.out))
    if trouble:
        raise UsageError(f"--out: cannot write cases under {args.out}: {trouble}")
    if args.points == "all":
        points: int | None = None
    elif args.points.isdigit():
        points = int(args.points)
    else:
        raise UsageError(f"--points takes a number or 'all', not {args.points!r}")
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    games = args.games if args.games is not None else (None if args.hands else 200)
    return FuzzConfig(
        engine=args.engine, variant=args.variant, options=options, seed=seed, games=games,
        hands=args.hands, hands_per_game=args.hands_per_game, points_per_hand=points,
        timeout=args.timeout, start_timeout=args.start_timeout, jobs=args.jobs,
    )  # fmt: skip


def _unwritable_folder(folder: Path) -> str | None:
    """Why cases cannot be written under `folder`, made if need be (None if they can)."""
    if folder.exists() and not folder.is_dir():
        return "it is not a folder"
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        return f"{existing} is not a folder"
    if not os.access(existing, os.W_OK):
        return "permission denied"
    return None


def command_line(config: FuzzConfig) -> str:
    """The command that reruns the run exactly."""
    parts = ["spadespec", "fuzz", "--engine", config.engine, "--variant", config.variant]
    for key, value in config.options.items():
        parts += ["--option", f"{key}={value}"]
    parts += ["--hands", str(config.hands)] if config.hands else ["--games", str(config.games)]
    parts += ["--seed", str(config.seed)]
    if config.points_per_hand != 2:
        parts += [
            "--points",
            "all" if config.points_per_hand is None else str(config.points_per_hand),
        ]
    if config.hands_per_game != DEFAULT_HANDS_PER_GAME:
        parts += ["--hands-per-game", str(config.hands_per_game)]
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
    config = _config(args)
    rerun = command_line(config)
    print(f"fuzz: seed {config.seed}; rerun with: {rerun}", file=sys.stderr)
    ticker = _Ticker(args.quiet)
    try:
        outcome = run_fuzz(config, ticker)
    except UnknownEngine as exc:
        raise UsageError(str(exc)) from None
    except (FuzzSetupError, EngineSkipped) as exc:
        raise UsageError(str(exc)) from None
    ticker.done()
    print(_rate_line(outcome), file=sys.stderr)
    found = outcome.divergence
    if found is None:
        print(f"no difference in {outcome.games} games ({outcome.hands} hands)")
        return 0
    where = "at the end of its log" if found.at is None else f"after action {found.at}"
    print(f"difference in game {found.number}, {where}:")
    for line in found.differences[:5]:
        print(f"  {line}")
    out = Path(args.out)
    try:
        result = shrink_and_write(config, found, out, rerun)
    except RuntimeError as exc:
        print(f"  no case written: {exc}")
        return 1
    print(f"shrunk to {len(result.case['actions'])} actions; case {result.case['id']}")
    print(f"  wrote {result.path}")
    print(f"  reference: {result.reference_verdict}; engine under test: {result.engine_verdict}")
    if not is_variant_file(config.variant):
        print(f"  to keep it, move it under conformance/cases/{config.variant}/")
    return 1


def shrink_and_write(config: FuzzConfig, found: Any, out: Path, command: str) -> Any:
    """Shrink the difference found in a run and write its case; the written FoundCase."""
    checker = GameChecker(config)
    try:
        judge = Judge(checker)
        game = checker.play(found.number)
        verdict = shrink(judge, game, found)
        case = build_case(judge, verdict, command=command, seed=config.seed, game=found.number)
    finally:
        checker.stop()
    engine = open_fuzz_engine(
        config.engine, timeout=config.timeout, start_timeout=config.start_timeout
    )
    try:
        return write_found_case(case, out, engine)
    except OSError as exc:
        raise OutputError(f"--out: cannot write the case under {out}: {exc.strerror}") from None


# --- diff ----------------------------------------------------------------------------------


def run_diff_command(args: argparse.Namespace) -> int:
    from conformance.fuzz.witness import diff_variants, render_text

    shared = parse_options(args.option)
    a = load_or_refuse(args.a, shared)
    b = load_or_refuse(args.b, {**_applicable(args.b, shared), **parse_options(args.option_b)})
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
