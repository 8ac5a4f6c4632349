"""The simulated figures of a ruleset's page: its own games, played now, beside its parent's.

The parent's are the figures a checkout stores for every shipped ruleset
(`docs/results/simulation/<id>.json`, made by `python -m spadespec.regenerate simulations`),
where they are there and were made with these bots, this scoring and these rules. Otherwise (an
installed spadespec carries no stored figures; a parent that is a file of one's own has none)
the parent is played now too, with the same games, seed and bots, and the page says why."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spadespec.command_kit.progress_bar import ProgressBar
from spadespec.reference_engine.bots.table import DEFAULT_MAX_HANDS
from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.simulation.campaign import (
    FORMAT,
    Settings,
    fingerprints,
    run_variant,
)
from spadespec.reference_engine.simulation.summary import Figure, figures
from spadespec.reference_engine.variant import ResolvedVariant, shipped_variant_ids

STORED_DIR = data_dir("docs") / "results" / "simulation"
"""Where a checkout keeps the shipped rulesets' figures; a wheel carries none."""

BOTS = "sensible"
"""The bots that play when no stored figures say which played them."""


@dataclass(frozen=True, slots=True)
class Column:
    """One ruleset's figures as the page shows them: whose, from how many games and which seed,
    and whether they were read from the stored figures or played for this page."""

    variant_id: str
    games: int
    seed: int
    stored: bool
    figures: tuple[Figure, ...]


@dataclass(frozen=True, slots=True)
class Simulated:
    """The page's figures: the ruleset's, its parent's (None for a ruleset that extends none),
    who played them, and why the parent was played here rather than read (None when read)."""

    bots: str
    max_hands: int
    mine: Column
    parent: Column | None
    parent_played_because: str | None


def stored_figures(
    parent: ResolvedVariant, folder: Path | None = None
) -> tuple[dict[str, Any] | None, str]:
    """The parent's stored simulation (the whole `simulate --json` document) and "", or None and
    why there is none to use, in words that follow "The parent was played here too: ".
    `folder` is where the figures are stored (default: the checkout's, `STORED_DIR`)."""
    folder = STORED_DIR if folder is None else folder
    if parent.id not in shipped_variant_ids():
        return None, f"{parent.id} is not a shipped ruleset, so no figures are stored for it"
    if not folder.is_dir():
        return None, (
            "no stored figures are at hand (a checkout keeps them in docs/results/simulation/; "
            "an installed spadespec carries none)"
        )
    path = folder / f"{parent.id}.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        entry = doc["variants"][0]
        if doc["format"] != FORMAT or doc["shard"] is not None or entry["id"] != parent.id:
            return None, f"{path} is not a whole simulation of {parent.id}"
        made_with: Mapping[str, str] = entry["fingerprints"]
        tally = entry["tally"]
    except FileNotFoundError:
        return None, f"no figures are stored for {parent.id} in {folder}"
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        return None, f"{path} cannot be read ({exc!r:.120})"
    changed = [what for what, now in fingerprints(parent).items() if made_with.get(what) != now]
    if changed:
        return None, (
            f"the stored figures of {parent.id} were made with other {' and '.join(changed)} "
            "than these"
        )
    if not isinstance(tally, dict):
        return None, f"{path} holds no tally of games"
    return doc, ""


def simulated(
    mine: tuple[str, ResolvedVariant],
    parent: tuple[str, ResolvedVariant] | None,
    games: int,
    seed: int,
    folder: Path | None = None,
) -> Simulated:
    """The page's figures. `mine` and `parent` are each the name to play a ruleset by (an id, or
    a file's path) and the ruleset; `games` and `seed` are the run's. The parent's stored
    figures set the bots and the cap on hands of the run, so that both columns are the same
    bots' games."""
    doc, why = stored_figures(parent[1], folder) if parent is not None else (None, "")
    settings = Settings(
        games,
        seed,
        str(doc["bots"]) if doc else BOTS,
        int(doc["max_hands"]) if doc else DEFAULT_MAX_HANDS,
    )
    own = _played(*mine, settings)
    theirs: Column | None = None
    if parent is not None and doc is not None:
        tally = doc["variants"][0]["tally"]
        theirs = Column(parent[1].id, int(tally["games"]), int(doc["seed"]), True,
                        tuple(figures(tally)))  # fmt: skip
    elif parent is not None:
        theirs = _played(*parent, settings)
    played_because = why if parent is not None and doc is None else None
    return Simulated(settings.bots, settings.max_hands, own, theirs, played_because)


def _played(name: str, variant: ResolvedVariant, settings: Settings) -> Column:
    """A ruleset's games played now, with a bar on a terminal and a line on stderr when done."""
    bar = ProgressBar(variant.id, settings.games)
    start = time.perf_counter()
    tally = run_variant(name, {}, settings, progress=bar)
    bar.close()
    seconds = time.perf_counter() - start
    print(f"{variant.id}: {settings.games} games, {tally.get('hands.sum', 0)} hands in "
          f"{seconds:.1f} s", file=sys.stderr, flush=True)  # fmt: skip
    return Column(variant.id, settings.games, settings.seed, False, tuple(figures(tally)))
