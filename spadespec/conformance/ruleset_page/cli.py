"""`spadespec page`: one ruleset's page, standing alone in a folder (its `index.html` and the
stylesheets it links to), for a host to read, print or put on a club's site."""

from __future__ import annotations

import argparse
import shlex
import sys
import textwrap
from pathlib import Path
from typing import Any

from spadespec.command_kit.arguments import SEED_LIMIT, add_command, whole_number
from spadespec.command_kit.errors import DataFileError, OutputError
from spadespec.conformance.analysis.house.generated import parent_of
from spadespec.conformance.contract.report.outputs import check_outputs
from spadespec.conformance.contract.suite.variant_files import is_variant_file, open_variant_file
from spadespec.conformance.ruleset_page.cases import PageCases, house_file_cases, shipped_cases
from spadespec.conformance.ruleset_page.page_html import STYLESHEETS, page_html
from spadespec.conformance.ruleset_page.simulated import simulated
from spadespec.reference_engine.variant import (
    ResolvedVariant,
    load_for_command,
    load_variant,
    shipped_variant_ids,
)

EXAMPLE = (
    "examples:\n"
    "  spadespec page examples/house-rules/porch-200.yaml --out porch-200/\n"
    "  spadespec page porchlight --out porchlight/ --games 5000 --seed 7"
)


DEFAULT_GAMES = 1000
"""Games played for the page's simulated figures when `--games` is not given."""


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "page",
        help="write one ruleset's page: its changes, rules, cases and simulated figures",
        run=run,
        description=textwrap.dedent(
            """\
            Write a page for one ruleset (a variant file of your own that extends a shipped
            ruleset, or a shipped id) into the folder --out: index.html and the stylesheets it
            links to, in the site's look, readable with no network. The page says:

              - what the ruleset changes against the ruleset it extends (each rule, old value
                and new) and its table options;
              - every rule with its value and its citations (source, section, the source's
                address, what the passage says) or its interpretation (question, choice, why);
              - the conformance cases `spadespec conform --variant` runs for it (for a file of
                your own, made as that command makes them);
              - simulated figures: N games played now under the ruleset, beside the figures
                stored for its parent (in a checkout's docs/results/simulation/), or, where none
                are stored, beside the parent's games played now too, with the same bots; the
                page says which bots played, and why the parent was played.

            Progress goes to stderr, the page's path to stdout.

            Exit status: 0 written, 1 the variant file is not valid or extends no shipped
            ruleset, 2 a usage mistake (no such variant, a bad number, an --out that cannot be
            written)."""
        ),
        epilog=EXAMPLE,
    )
    parser.add_argument(
        "variant", metavar="VARIANT", help="a variant file of your own, or a shipped id"
    )
    parser.add_argument(
        "--out", required=True, metavar="DIR",
        help="the folder to write index.html and its stylesheets into (made if need be)",
    )  # fmt: skip
    parser.add_argument(
        "--games", default=str(DEFAULT_GAMES), metavar="N",
        help=f"games played for the simulated figures (default {DEFAULT_GAMES})",
    )  # fmt: skip
    parser.add_argument(
        "--seed", default="1", metavar="S",
        help=f"the simulation's seed, 0 to {SEED_LIMIT} (default 1, the stored figures' own)",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    games = whole_number("--games", args.games, 1)
    seed = whole_number("--seed", args.seed, 0, SEED_LIMIT)
    check_outputs({}, {"--out": args.out})
    variant, parent, parent_name, cases = _ruleset(args.variant)
    print(f"{variant.id}: {cases.count} cases", file=sys.stderr, flush=True)
    sim = simulated(
        (args.variant, variant),
        (parent_name, parent) if parent is not None else None,
        games,
        seed,
    )
    command = shlex.join(
        ["spadespec", "page", args.variant, "--out", args.out, "--games", str(games),
         "--seed", str(seed)]
    )  # fmt: skip
    page = _write(Path(args.out), page_html(variant, parent, cases, sim, command))
    print(page)
    return 0


def _ruleset(ref: str) -> tuple[ResolvedVariant, ResolvedVariant | None, str, PageCases]:
    """The ruleset, its parent (None for one that extends none), the name to play the parent
    by, and the ruleset's cases, as `spadespec conform --variant` takes `ref`: a path is a file
    of one's own, checked as the suite checks it; anything else a shipped id."""
    if is_variant_file(ref):
        house = open_variant_file(ref)
        parent = parent_of(house)
        shipped = parent.id in shipped_variant_ids()
        name = parent.id if shipped or parent.file is None else parent.file
        return house.variant, parent, name, house_file_cases(house, ref)
    variant = load_for_command(ref, {})
    if len(variant.lineage) < 2:
        return variant, None, "", shipped_cases(variant.id)
    parent = load_variant(variant.lineage[1])
    return variant, parent, parent.id, shipped_cases(variant.id)


def _write(folder: Path, html: str) -> Path:
    """The page and its stylesheets written into `folder`; the page's path."""
    page = folder / "index.html"
    styles = {}
    for name, source in STYLESHEETS.items():
        try:
            styles[name] = source.read_text(encoding="utf-8")
        except OSError as exc:
            raise DataFileError(f"the stylesheet {source} cannot be read: {exc.strerror}") from None
    for path, text in [(page, html), *((folder / n, t) for n, t in styles.items())]:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise OutputError(f"--out: cannot write {path}: {exc.strerror or exc}") from None
    return page
