"""`spadespec simulate`: bots play many seeded games under one or more variants, and the command
reports what the rules do to a game, each figure with its 95% interval, and each variant's
differences from the first; `spadespec simulate merge` adds up the shards of a campaign."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from spadespec.command_kit.arguments import (
    COUNT_LIMIT,
    JOBS_LIMIT,
    SEED_LIMIT,
    SHARDS_LIMIT,
    add_command,
    add_table_options,
    parse_options,
    read_shard,
    whole_number,
)
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.input_files import MIB, FileProblem, parse_json, read_text
from spadespec.command_kit.progress_bar import ProgressBar
from spadespec.command_kit.tables import fit_table, fit_text
from spadespec.command_kit.workers import jobs_to_run
from spadespec.reference_engine.bots import BOT_KINDS
from spadespec.reference_engine.bots.table import DEFAULT_MAX_HANDS
from spadespec.reference_engine.simulation.campaign import (
    MergeError,
    MissingShards,
    Settings,
    Shard,
    document,
    dumps,
    games_of,
    merge,
    run_variant,
    variant_entry,
)
from spadespec.reference_engine.simulation.summary import PER_HANDS
from spadespec.reference_engine.simulation.tally import COMEBACK
from spadespec.reference_engine.variant import load_for_command

EXAMPLE = (
    "examples:\n"
    "  spadespec simulate standard boston-wins-game --games 2000\n"
    "  spadespec simulate porchlight --option target=300 --bots random --json\n"
    "  spadespec simulate standard --games 10000 --shard 0/4 --json > part0.json   # one of 4\n"
    "  spadespec simulate merge part0.json part1.json part2.json part3.json"
)


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "simulate",
        help="bots play many games: what a ruleset does to a game, with intervals",
        run=run,
        description=(
            "Bots play N seeded games under each variant named (shipped ids or variant files) and "
            "the command reports, each with a 95% confidence interval: hands per game, how games "
            "end, ties, contracts made and set by size, big contracts a game, nils and blind nils "
            f"bid (a game and per {PER_HANDS} hands) and made, blind numeric bids, each bonus "
            "the rules pay (big-bid bonus, bonus bid, Boston, moon) paid a game, numeric bids by "
            "size, bags and bag penalties per side a game, points per side a hand, how often the "
            "first dealer's side and the side ahead at half-time win, and comebacks from "
            f"{COMEBACK} behind. With two or more variants, each figure's difference from the "
            "first variant's, saying which "
            "differences the games tell apart from chance. The same --seed gives the same --json, "
            "byte for byte; --shard I/N plays one share of the games, and `spadespec simulate merge"
            " A.json B.json ...` adds the shards' --json up into the one-run --json. Timings and "
            "the progress bar go to stderr. Exit status: 0 done, 1 a variant file is not valid or a"
            " shard is missing from a merge, 2 a usage mistake (no such variant, a bad number, "
            "files that are not shards of one campaign)."
        ),
        epilog=EXAMPLE,
        json="print the run as JSON (tallies and figures)",
    )
    parser.add_argument(
        "variants", nargs="+", metavar="VARIANT",
        help="variant ids or YAML files; or `merge` followed by the shards' --json files",
    )  # fmt: skip
    add_table_options(parser, help="a table option for every variant named, e.g. target=300")
    parser.add_argument(
        "--games", default="1000", metavar="N",
        help=f"games per variant (default 1000; at most {COUNT_LIMIT:,})",
    )  # fmt: skip
    parser.add_argument(
        "--seed", default="1", metavar="S",
        help=f"the campaign's seed, 0 to {SEED_LIMIT} (default 1)",
    )  # fmt: skip
    parser.add_argument(
        "--bots",
        default="sensible",
        metavar="KIND",
        help="sensible (default) or random (legal moves at random)",
    )
    parser.add_argument(
        "--max-hands",
        default=str(DEFAULT_MAX_HANDS),
        metavar="N",
        help=f"stop a game after this many hands (default {DEFAULT_MAX_HANDS}); counted as capped",
    )
    parser.add_argument(
        "--shard",
        metavar="I/N",
        help="play only shard I of N (0 <= I < N, N at most the games and at most "
        f"{SHARDS_LIMIT:,}): the games i with i %% N == I",
    )
    parser.add_argument("--jobs", default="1", metavar="J", help="processes to play in (default 1)")


def parse_shard(text: str | None, games: int) -> Shard | None:
    """`--shard I/N`, counted from 0, as `fuzz` reads its own (counted from 1)."""
    return None if text is None else Shard(*read_shard(text, first=0, games=games))


def run(args: argparse.Namespace) -> int:
    if args.variants[0] == "merge":
        args.command = "simulate merge"  # what its errors are said by: `spadespec simulate merge:`
        return _merge(args.variants[1:])
    kind = args.bots.strip().lower()
    if kind not in BOT_KINDS:
        raise UsageError(f"--bots: expected one of {', '.join(BOT_KINDS)}, got {args.bots!r}")
    settings = Settings(
        whole_number("--games", args.games, 1),
        whole_number("--seed", args.seed, 0, SEED_LIMIT),
        kind,
        whole_number("--max-hands", args.max_hands, 1),
    )
    shard = parse_shard(args.shard, settings.games)
    jobs = whole_number("--jobs", args.jobs, 1, JOBS_LIMIT)
    options = parse_options(args.option)
    variants = [(name, load_for_command(name, options)) for name in args.variants]
    games = len(games_of(settings.games, shard))
    jobs = jobs_to_run("simulate", jobs, games)
    entries = []
    for name, variant in variants:
        bar = ProgressBar(variant.id, games)
        start = time.perf_counter()
        tally = run_variant(name, options, settings, shard, jobs, bar)
        bar.close()
        seconds = time.perf_counter() - start
        hands = tally.get("hands.sum", 0)
        print(f"{variant.id}: {games} games, {hands} hands in {seconds:.1f} s "
              f"({hands / max(seconds, 1e-9):.0f} hands/s, {jobs} job{'s' if jobs > 1 else ''})",
              file=sys.stderr)  # fmt: skip
        entries.append(variant_entry(name, variant, tally))
    doc = document(settings, entries, shard)
    if args.json:
        sys.stdout.write(dumps(doc))
    else:
        print(render(doc))
    return 0


MAX_SHARD_BYTES = 64 * MIB
"""The largest shard's --json read: a variant's tally and figures take some 20 KB, so this
holds thousands of variants."""


def _merge(paths: list[str]) -> int:
    if not paths:
        raise UsageError("name the shards' --json files")
    docs = []
    for path in paths:
        try:
            text = read_text(path, max_bytes=MAX_SHARD_BYTES, what="shard's --json")
            docs.append((path, parse_json(text)))
        except FileProblem as exc:
            raise UsageError(str(exc)) from None
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{exc.lineno}: not JSON ({exc.msg})") from None
    try:
        merged = merge(docs)
    except MissingShards as exc:
        # The shards are right but not all there: a finding about the campaign, as in `fuzz merge`.
        print(f"spadespec simulate merge: {exc}", file=sys.stderr)
        return 1
    except MergeError as exc:
        raise UsageError(str(exc)) from None
    except (KeyError, TypeError, IndexError, ValueError, ArithmeticError) as exc:
        raise UsageError(
            f"a shard is missing a field or has one of the wrong kind ({exc!r:.200})"
        ) from None
    sys.stdout.write(dumps(merged))
    return 0


def _cell(figure: dict[str, Any]) -> str:
    value, low, high = figure["value"], figure["low"], figure["high"]
    if value is None:
        return "-"
    if figure["kind"] == "share":
        return f"{100 * value:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
    if figure["kind"] == "quantile":
        return f"{value:.0f} ({low:.0f}-{high:.0f})"
    return f"{value:.2f} ({low:.2f}-{high:.2f})"


def _diff_cell(row: dict[str, Any]) -> str:
    scale, unit, places = (100, " pts", 1) if row["kind"] == "share" else (1, "", 2)
    d, low, high = (scale * row[k] for k in ("difference", "low", "high"))
    return f"{d:+.{places}f}{unit} ({low:+.{places}f} to {high:+.{places}f})"


NOTE = (
    "Shares are in percent and their differences in percentage points. A difference is told "
    "apart from chance when its interval leaves out 0; the intervals treat the variants as "
    "independent, though they share the seeded deals, so they err on the wide side."
)


def render(doc: dict[str, Any]) -> str:
    """The run as text: a table of figures, a column per variant, then the differences."""
    variants = doc["variants"]
    keys: list[str] = []
    labels: dict[str, str] = {}
    cells: dict[tuple[int, str], str] = {}
    # A way to end that no game of any variant took is left out (no row of zeros).
    taken = {
        f["key"]
        for entry in variants
        for f in entry["figures"]
        if f["value"] or f["kind"] != "share"
    }
    for i, entry in enumerate(variants):
        for figure in entry["figures"]:
            if figure["key"].startswith("end.") and figure["key"] not in taken:
                continue
            if figure["key"] not in labels:
                keys.append(figure["key"])
                labels[figure["key"]] = figure["label"]
            cells[(i, figure["key"])] = _cell(figure)
    shard = doc["shard"]
    games = f"{doc['games']} games" + (
        f", shard {shard['index']}/{shard['count']}" if shard else ""
    )
    lines = fit_text(f"{games} per variant, {doc['bots']} bots, seed {doc['seed']}; "
                     "each figure with its 95% interval in brackets")  # fmt: skip
    header = ["figure", *(entry["id"] for entry in variants)]
    rows = [[labels[k], *(cells.get((i, k), "-") for i in range(len(variants)))] for k in keys]
    lines += ["", fit_table(header, rows, wrap=(0,))]
    for block in doc["differences"]:
        apart = [row for row in block["figures"] if row["tells_apart"]]
        head = (
            f"{block['variant']} against {block['against']}: {len(apart)} of "
            f"{len(block['figures'])} differences are more than chance would give"
        )
        lines += ["", *fit_text(head)]
        table = [
            [row["label"], _diff_cell(row), "yes" if row["tells_apart"] else "no (may be chance)"]
            for row in block["figures"]
            if not row["key"].startswith("end.") or row["key"] in taken
        ]
        lines.append(
            fit_table(["figure", "difference (95% interval)", "told apart"], table, wrap=(0,))
        )
    lines += ["", *fit_text(NOTE)]
    return "\n".join(lines)
