"""The stored simulation results of the shipped variants (`docs/results/simulation/`): one
`spadespec simulate --json` document and one chart (SVG) per variant, read when the site is
built. A result made with other bots, other scoring or other resolved rules than those being
built is stale: the build stops and names the command that refreshes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spadespec.docs_gen.checkout import DOCS_DIR, REGENERATE
from spadespec.reference_engine.simulation.campaign import fingerprints
from spadespec.reference_engine.variant import load_variant

SIM_DIR = DOCS_DIR / "results" / "simulation"
REFRESH = f"{REGENERATE} simulations"
GAMES = 10_000
"""Games per shipped variant in the stored results."""
SEED = 1


class StaleSimulation(Exception):
    """A stored simulation result that no longer matches the bots, scoring or rules."""


def result_path(variant_id: str) -> Path:
    return SIM_DIR / f"{variant_id}.json"


def chart_path(variant_id: str) -> Path:
    return SIM_DIR / f"{variant_id}.svg"


def staleness(variant_id: str, folder: Path = SIM_DIR) -> str | None:
    """Why the stored result of one shipped variant (`<id>.json`) is missing or stale (made with
    other bots, scoring or resolved rules than these), or its chart (`<id>.svg`) missing, in
    words that follow the result's name; None when it is current."""
    path = folder / f"{variant_id}.json"
    if not path.is_file():
        return "is missing"
    changed = _changed(json.loads(path.read_text(encoding="utf-8")), variant_id)
    if changed:
        return f"was made with other {' and '.join(changed)} than these"
    if not (folder / f"{variant_id}.svg").is_file():
        return f"has no chart {variant_id}.svg"
    return None


def _changed(doc: dict[str, Any], variant_id: str) -> list[str]:
    """What the stored figures depend on that has changed since they were made."""
    entry = doc["variants"][0]
    now = fingerprints(load_variant(variant_id))
    return [what for what, value in now.items() if entry["fingerprints"].get(what) != value]


def read_result(variant_id: str, folder: Path = SIM_DIR) -> dict[str, Any] | None:
    """The stored result of one shipped variant; None when there is none. Raises
    `StaleSimulation` when the bots, the scoring or the variant's resolved rules have changed
    since it was made, naming what changed and the command to run."""
    path = folder / f"{variant_id}.json"
    if not path.is_file():
        return None
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    changed = _changed(doc, variant_id)
    if changed:
        raise StaleSimulation(
            f"{_shown(path)} was made with other {' and '.join(changed)} "
            f"than these: run `{REFRESH}`"
        )
    return doc


def stored_result(variant_id: str, folder: Path = SIM_DIR) -> dict[str, Any]:
    """The stored result of a shipped variant, which every one has: raises `StaleSimulation`
    naming the command that plays it when there is none, or when it is stale."""
    found = read_result(variant_id, folder)
    if found is None:
        raise StaleSimulation(
            f"no stored simulation {_shown(folder / f'{variant_id}.json')}: run `{REFRESH}`"
        )
    return found


def _shown(path: Path) -> str:
    """The file as the checkout names it (`docs/results/simulation/standard.json`)."""
    return (
        str(path.relative_to(DOCS_DIR.parent))
        if path.is_relative_to(DOCS_DIR.parent)
        else str(path)
    )
