"""`spadespec shuffle-test`: is a shuffle fair?

spadespec shuffle-test [--variant V] [--option K=V ...] [--from FILE | --engine COMMAND]
                       [--deals N] [--seed S] [--alpha A] [--json]

The deals come from the reference engine's own shuffle (seeded: the same seed draws the same
deals), with --from from a file of deals, one a line, or with --engine from an engine that deals
its own cards (feature `deals`), asked one `deal` request per deal. The tests need SciPy and
NumPy (the `stats` extra); without them the command says so and exits 2.

Exit 0 when no test flags bias, 1 when one does, when no test could run (too few deals), a
line of the file is no deal of the variant, or the engine does not start, does not deal or deals
a wrong deal; 2 for a usage mistake (docs/exit-statuses.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable
from typing import Any

from spadespec.command_kit.arguments import (
    COUNT_LIMIT,
    SEED_LIMIT,
    add_command,
    add_table_options,
    add_variant_option,
    ascii_decimal,
    optional_number,
    parse_options,
    seconds,
)
from spadespec.command_kit.errors import UsageError
from spadespec.conformance.analysis.shuffle.deals import (
    DealFileError,
    Dealt,
    deal_file_lines,
    read_deals,
    reference_deals,
)
from spadespec.conformance.analysis.shuffle.engine_deals import EngineDealsError, engine_deals
from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.engines.options import add_timeout_options
from spadespec.conformance.contract.protocol.deal_requests import EngineDealError
from spadespec.conformance.contract.protocol.subprocess_engine import (
    EngineStartError,
    command_problem,
)
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_for_command

DEFAULT_DEALS = 20_000
"""Deals drawn from the reference engine's shuffle unless told."""

MIN_DEALS = 100
"""The fewest deals tested: below it the chi-square tests' bins are too thin to trust."""


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "shuffle-test",
        help="test whether a shuffle is fair, from many deals",
        run=run,
        description=(
            "Draw many deals and test them against chance: each card's seat, pairs of cards in "
            "one hand, each seat's suit lengths, the first leader's spades, repeated deals. "
            "Each test's p-value is held to a threshold corrected for the number of tests "
            "(Holm), so a fair shuffle is flagged in at most --alpha of runs. The deals come "
            "from the reference engine's seeded shuffle, from a file (--from), or from an engine "
            "that deals its own cards (--engine). Needs the "
            "`stats` extra (SciPy). Exit 0 no test flags bias, 1 a test does (or none could "
            "run, or a line is no deal), 2 usage."
        ),
        json="print the verdict as JSON",
    )
    add_variant_option(
        parser, default="standard",
        help="the ruleset whose pack, table and first leader the deals follow (default "
        "standard): a shipped id or a variant file",
    )  # fmt: skip
    add_table_options(parser)
    parser.add_argument(
        "--from", dest="source", metavar="FILE",
        help="read the deals from FILE ('-' for standard input), JSON lines, each a deal in "
        'the case format (PBN text, an object of each seat\'s cards, or {"hands": ..., '
        '"dealer": "E"}); without it, deals come from the reference engine\'s shuffle',
    )  # fmt: skip
    parser.add_argument(
        "--engine", metavar="COMMAND",
        help="draw the deals from an engine that deals its own cards (it declares the feature "
        "deals): the command that starts it, speaking the JSON-lines protocol "
        "(docs/protocol.md); each deal is checked as the reference checks one",
    )  # fmt: skip
    add_timeout_options(parser)
    parser.add_argument(
        "--deals", metavar="N",
        help=f"deals to draw from the reference engine (default {DEFAULT_DEALS:,}); with "
        f"--from, read at most N. At least {MIN_DEALS}, at most {COUNT_LIMIT:,}",
    )  # fmt: skip
    parser.add_argument(
        "--seed", metavar="S",
        help="the seed of the reference engine's deals, or of the seeds sent to --engine, "
        f"which it may use or ignore; 0 to {SEED_LIMIT} (default: random, printed)",
    )  # fmt: skip
    parser.add_argument(
        "--alpha", default="0.01", metavar="A",
        help="the chance at most that a fair shuffle is flagged by any test (default 0.01)",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    alpha = ascii_decimal(args.alpha)
    if alpha is None or not 0 < alpha < 1:
        raise UsageError(f"--alpha must be a number between 0 and 1, not {args.alpha!r:.40}")
    args.alpha = alpha
    args.deals = optional_number("--deals", args.deals, MIN_DEALS)
    args.seed = optional_number("--seed", args.seed, 0, SEED_LIMIT)
    args.timeout = seconds("--timeout", args.timeout)
    args.start_timeout = seconds("--start-timeout", args.start_timeout)
    if args.source is not None and args.seed is not None:
        raise UsageError("--seed seeds the reference engine's deals; a file's deals need none")
    if args.source is not None and args.engine is not None:
        raise UsageError("--from and --engine are two sources of deals: give one")
    # A path that is no file is refused before the statistics are loaded, which takes a while.
    lines = deal_file_lines(args.source) if args.source is not None else None
    try:  # the `stats` extra
        from spadespec.conformance.analysis.shuffle.report import as_json, as_text, verdict_word
        from spadespec.conformance.analysis.shuffle.tally import setting_of
        from spadespec.conformance.analysis.shuffle.verdict import check_shuffle
    except ImportError as exc:
        raise UsageError(
            f"the shuffle test needs {exc.name or 'SciPy'}, of the `stats` extra (in a "
            'checkout: pip install ".[stats]")'
        ) from None
    variant = load_for_command(args.variant, parse_options(args.option))
    table = table_of(variant.rules)
    if table.set_aside:
        aside = (
            "its two players draw their hands, half the pack going out of play"
            if table.drawn
            else "its dealer lays two cards aside after the deal (deal.kitty)"
        )
        raise UsageError(
            f"--variant {variant.id}: {aside}, so a fair deal is not a shuffled pack dealt out "
            "evenly, which is what the shuffle test measures"
        )
    setting = setting_of(variant)
    about: dict[str, Any] = {"variant": variant.id}
    if args.engine is not None:
        seed = random.randrange(2**31) if args.seed is None else args.seed
        count = DEFAULT_DEALS if args.deals is None else args.deals
        about.update(source="engine", engine=args.engine, seed=seed)
        source = f"from the engine {args.engine}, {variant.id}"
        problem = command_problem(args.engine) if args.engine != "reference" else None
        if problem:
            raise UsageError(f"--engine: {problem}")
        engine = open_engine(args.engine, timeout=args.timeout, start_timeout=args.start_timeout)
        try:
            verdict = check_shuffle(engine_deals(engine, variant, count, seed), setting, args.alpha)
        except (EngineStartError, EngineDealsError, EngineDealError) as exc:
            print(f"spadespec shuffle-test: {exc}", file=sys.stderr)
            return 1
        finally:
            engine.stop()
    elif lines is None:  # no --from: the reference engine's deals
        seed = random.randrange(2**31) if args.seed is None else args.seed
        count = DEFAULT_DEALS if args.deals is None else args.deals
        about.update(source="reference", seed=seed)
        source = f"from the reference engine's shuffle, {variant.id}, seed {seed}"
        verdict = check_shuffle(reference_deals(variant, seed, count), setting, args.alpha)
    else:
        about.update(source=args.source)
        named = "standard input" if args.source == "-" else args.source
        source = f"from {named}, {variant.id}"
        deals: Iterable[Dealt] = read_deals(
            lines, args.source, pack_of(variant.rules), table_of(variant.rules), args.deals
        )
        try:
            verdict = check_shuffle(deals, setting, args.alpha, min_deals=MIN_DEALS)
        except DealFileError as exc:
            print(f"spadespec shuffle-test: {exc}", file=sys.stderr)
            return 1
        if verdict.deals < MIN_DEALS:
            print(
                f"spadespec shuffle-test: {args.source} holds {verdict.deals} deal(s); the "
                f"tests need at least {MIN_DEALS}: nothing was tested",
                file=sys.stderr,
            )
            return 1
    if args.json:
        print(json.dumps(as_json(verdict, about), indent=2))
    else:
        print(as_text(verdict, source))
    return 0 if verdict_word(verdict) == "fair" else 1
