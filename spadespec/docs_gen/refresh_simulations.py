"""How the stored simulation of one shipped variant is played again (`python -m
spadespec.regenerate simulations` does it for each stale one): the campaign the ruleset pages
show (10,000 games, seed 1, sensible bots), stored as the `spadespec simulate --json` document
in docs/results/simulation/<id>.json, with its charts drawn into <id>.svg by matplotlib (the
`results` extra), so the site build reads figures and pictures and plays no game."""

from __future__ import annotations

import json

from spadespec.docs_gen.checkout import REGENERATE
from spadespec.docs_gen.simulations import GAMES, SEED, chart_path, result_path
from spadespec.reference_engine.bots.table import DEFAULT_MAX_HANDS
from spadespec.reference_engine.simulation.campaign import (
    Settings,
    document,
    dumps,
    run_variant,
    variant_entry,
)
from spadespec.reference_engine.variant import load_variant


def store_simulation(name: str, games: int = GAMES, jobs: int = 1) -> int:
    """Play the variant's campaign on `jobs` processes, store it and its chart; the hands
    played."""
    from spadespec.docs_gen.sim_charts import draw_chart

    settings = Settings(games, SEED, "sensible", DEFAULT_MAX_HANDS)
    tally = run_variant(name, {}, settings, None, jobs)
    doc = document(settings, [variant_entry(name, load_variant(name), tally)], None)
    text = dumps(doc)
    result_path(name).parent.mkdir(parents=True, exist_ok=True)
    result_path(name).write_text(text, encoding="utf-8")
    # Drawn from the document as stored, as the site reads it.
    chart_path(name).write_text(draw_chart(json.loads(text)), encoding="utf-8")
    return int(tally.get("hands.sum", 0))


if __name__ == "__main__":
    import sys

    sys.exit(f"{__spec__.name} is no longer a command: run `{REGENERATE}`")
