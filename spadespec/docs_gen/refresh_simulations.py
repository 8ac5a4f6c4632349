"""Play the stored simulations again: `python -m spadespec.docs_gen.refresh_simulations
[VARIANT ...] [--games N] [--jobs J]`.

For each shipped variant named (every one when none is) it plays the campaign the ruleset pages
show (10,000 games, seed 1, sensible bots), stores the `spadespec simulate --json` document in
docs/results/simulation/<id>.json and draws its charts into <id>.svg with matplotlib, so the
site build reads figures and pictures and plays no game. `--charts-only` redraws the charts
from the stored documents, and reads their figures off the stored tallies again."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from spadespec.docs_gen.simulations import GAMES, SEED, SIM_DIR, chart_path, result_path
from spadespec.reference_engine.bots.table import DEFAULT_MAX_HANDS
from spadespec.reference_engine.simulation.campaign import (
    Settings,
    document,
    dumps,
    run_variant,
    variant_entry,
)
from spadespec.reference_engine.simulation.summary import figure_json, figures
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.catalog import shipped_variant_ids

SETTINGS = ("games", "seed", "bots", "max_hands")


def main(argv: list[str] | None = None) -> int:
    shipped = shipped_variant_ids()
    parser = argparse.ArgumentParser(
        prog="python -m spadespec.docs_gen.refresh_simulations",
        description="Play the simulations shown on the ruleset pages again and store them, "
        "with their charts, in docs/results/simulation/.",
    )
    parser.add_argument(
        "variants", nargs="*", metavar="VARIANT", help="shipped variant ids (default: all)"
    )
    parser.add_argument(
        "--games", type=int, default=GAMES, help=f"games per variant (default {GAMES})"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one a core)"
    )
    parser.add_argument(
        "--charts-only",
        action="store_true",
        help="redraw the charts (and figures) from the stored tallies",
    )
    args = parser.parse_args(argv)  # fmt: skip
    for name in args.variants:
        if name not in shipped:
            parser.error(f"no shipped variant {name!r}")
    from spadespec.docs_gen.sim_charts import draw_chart

    SIM_DIR.mkdir(parents=True, exist_ok=True)
    settings = Settings(args.games, SEED, "sensible", DEFAULT_MAX_HANDS)
    for name in args.variants or shipped:
        if not args.charts_only:
            start = time.perf_counter()
            tally = run_variant(name, {}, settings, None, args.jobs)
            doc = document(settings, [variant_entry(name, load_variant(name), tally)], None)
            result_path(name).write_text(dumps(doc), encoding="utf-8")
            print(f"{name}: {args.games} games, {tally.get('hands.sum', 0)} hands in "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)  # fmt: skip
        stored = json.loads(result_path(name).read_text(encoding="utf-8"))
        if args.charts_only:
            # The figures are read again off the stored tallies, as the code reads them now.
            entry = stored["variants"][0]
            entry["figures"] = [figure_json(f) for f in figures(entry["tally"])]
            stored = document(Settings(*(stored[k] for k in SETTINGS)), [entry], None) | {
                "engine": stored["engine"]
            }
            result_path(name).write_text(dumps(stored), encoding="utf-8")
        chart_path(name).write_text(draw_chart(stored), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
