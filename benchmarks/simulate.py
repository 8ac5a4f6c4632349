"""How many hands a second sensible bots play under the reference engine, per core: the speed
of `spadespec simulate`, against the target of 2,000 hands a second.

    python3 benchmarks/simulate.py [--games N] [--variant V] [--bots KIND] [--profile]

Plays N seeded games in this one process and prints hands/s by CPU time (steadier than the
wall clock on a shared machine; the wall-clock rate beside it), best of three rounds. With
--profile, the functions that took the most time under cProfile, engine and bots apart.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time

from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.simulation.campaign import game_seed
from spadespec.reference_engine.variant import load_variant

TARGET = 2000.0


def measure(variant_id: str, games: int, bots: str) -> tuple[int, float, float]:
    variant = load_variant(variant_id)
    cpu, wall, hands = time.process_time(), time.perf_counter(), 0
    for index in range(games):
        hands += len(play_game(variant, bots, game_seed(1, index)).game.hand_results)
    return hands, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--bots", default="sensible")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    measure(args.variant, 2, args.bots)  # warm the caches: variant, plan, pack
    best = max(
        (measure(args.variant, args.games, args.bots) for _ in range(args.rounds)),
        key=lambda r: r[0] / r[1],
    )
    hands, cpu, wall = best
    rate = hands / cpu
    verdict = "meets" if rate >= TARGET else "below"
    print(f"{args.variant}, {args.bots} bots: {args.games} games, {hands} hands")
    print(f"  {rate:,.0f} hands/s per core by CPU time ({hands / wall:,.0f} by the wall clock), "
          f"{verdict} the target of {TARGET:,.0f}")  # fmt: skip
    print(f"  {1e6 * cpu / hands:.0f} us of CPU a hand")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(measure, args.variant, args.games, args.bots)
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())


if __name__ == "__main__":
    main()
