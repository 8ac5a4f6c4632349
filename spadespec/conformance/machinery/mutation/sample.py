"""The seeded sample of changes a mutation run judges: the parts of the engine that check what
it is told and play the rules get a floor, every module gets at least one change, and the rest
is drawn evenly from every place left. The same seed, size and source give the same sample."""

from __future__ import annotations

import random
from collections.abc import Sequence

from spadespec.conformance.machinery.mutation.mutants import Place

STANDARD_SIZE = 800
"""The size of the standard run (`docs/results/mutation.json`); the floors are set for it."""

FLOORS: dict[str, int] = {
    "reference_engine/deal.py": 100,
    "reference_engine/variant/resolve.py": 100,
    "reference_engine/game_phases/": 100,
    "reference_engine/rules_of_play/": 100,
}
"""Changes drawn first from each of these modules or folders in a standard run (a smaller run
draws the same share): the deal check, reading a table's options, the phases of a hand and the
rules of play, where a hole costs an engine author most."""


def _in_part(place: Place, part: str) -> bool:
    return place.module.startswith(part) if part.endswith("/") else place.module == part


def floors(size: int) -> dict[str, int]:
    """Each part's floor in a sample of `size`: the standard floors, scaled down below 800."""
    scale = min(1.0, size / STANDARD_SIZE)
    return {part: int(floor * scale) for part, floor in FLOORS.items()}


def drawn(population: Sequence[Place], size: int, seed: int) -> list[Place]:
    """`size` places drawn from `population` by `seed` (all of it where it holds fewer)."""
    rng = random.Random(seed)
    pool = sorted(population)
    if size >= len(pool):
        return pool
    chosen: set[Place] = set()

    def draw(candidates: list[Place], count: int) -> None:
        left = [place for place in candidates if place not in chosen]
        chosen.update(rng.sample(left, min(count, len(left), size - len(chosen))))

    for part, floor in floors(size).items():
        draw([place for place in pool if _in_part(place, part)], floor)
    modules = sorted({place.module for place in pool})
    rng.shuffle(modules)
    represented = {place.module for place in chosen}
    for module in modules:
        if module not in represented and len(chosen) < size:
            draw([place for place in pool if place.module == module], 1)
    draw(pool, size - len(chosen))
    return sorted(chosen)
