"""How fast the reference engine plays, per shipped variant, and beside OpenSpiel's Spades.

    python3 benchmarks/engine.py [--hands N] [--games N] [--seed S] [--repeats R]
                                 [--rounds K] [--variant ID ...] [--json]

For each variant it prints:
  - random-legal hands per second: deal, four bids, 52 plays and the hand's score, every
    choice drawn at random from `legal_actions()` and applied with `apply()` (the same driver
    as for OpenSpiel below), and again through the random bot's bitmask path
    (`legal_plays()` and `play()`), which is how the bots drive the engine;
  - full games per second with the sensible bots (random bids almost never reach a target,
    so random games are not a measure of whole games).
If `pyspiel` imports, the same random playout (52 chance actions for the deal, then bids and
plays chosen from `legal_actions()`) runs through OpenSpiel's `spades`, one hand per game
there, and the ratio reference / OpenSpiel hands per second is printed (above 1: faster).

Timings are `time.perf_counter()` wall time after a warm-up; the figure is the median of the
repeats (5 unless asked). Each repeat is played in rounds (10 unless asked): in every round each
work plays its share of its hands or games, the works taking turns, so that a change in the
machine's load during a repeat falls on all of them alike rather than on whichever was running.
A round's hands are drawn from a seed of its own (the run's seed plus the round), and the
sensible games are the same seeds in every repeat. The ratio is the median of each repeat's
ratio, so a repeat slowed by the machine's load counts once, for both sides.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from operator import truediv
from statistics import median
from typing import Any

from spadespec.reference_engine.bots import Bot
from spadespec.reference_engine.bots.random_legal import RandomLegalBot
from spadespec.reference_engine.bots.table import play_game, play_hand
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import ResolvedVariant, load_variant, shipped_variant_ids

Work = Callable[[int, int, int], int]
"""A measured work: `work(count, first, round)` does `count` items (hands, games), the first of
them numbered `first` of the run's, in round `round`, and returns how many it did."""


def shares(total: int, rounds: int) -> list[tuple[int, int]]:
    """`total` items cut into `rounds` shares as even as can be: (count, first) of each."""
    cuts = [total * r // rounds for r in range(rounds + 1)]
    return [(cuts[r + 1] - cuts[r], cuts[r]) for r in range(rounds)]


def median_rates(
    works: list[Work], totals: list[int], repeats: int, rounds: int
) -> list[list[float]]:
    """Items per second of each of `works` in each of `repeats` timed runs of `totals` items
    each, after one untimed warm-up round. A run is cut into `rounds` rounds in which the works
    take turns, each doing its share of its items: a machine that gets busier or quieter
    during the run affects them alike."""
    plans = [shares(total, rounds) for total in totals]
    for work, plan in zip(works, plans, strict=True):
        work(max(plan[0][0], 1), 0, 0)
    rates: list[list[float]] = [[] for _ in works]
    for _ in range(repeats):
        done = [0] * len(works)
        spent = [0.0] * len(works)
        for round_number in range(rounds):
            for i, work in enumerate(works):
                count, first = plans[i][round_number]
                if not count:
                    continue
                start = time.perf_counter()
                done[i] += work(count, first, round_number)
                spent[i] += time.perf_counter() - start
        for i in range(len(works)):
            rates[i].append(done[i] / spent[i])
    return rates


def reference_hands_via_actions(variant: ResolvedVariant, hands: int, seed: int) -> int:
    """Random hands driven like OpenSpiel: pick from `legal_actions()`, `apply()` it."""
    rng = random.Random(seed)
    choice = rng.choice
    game = Game.new(variant, dealer="N")
    for _ in range(hands):
        if game.phase == "over":
            game = Game.new(variant, dealer="N")
        game.deal(None, seed=rng.getrandbits(32))
        apply = game.apply
        legal_actions = game.legal_actions
        while game.phase == "bid" or game.phase == "play" or game.phase == "pass":
            apply(choice(legal_actions()))
    return hands


def reference_hands_via_bots(variant: ResolvedVariant, hands: int, seed: int) -> int:
    """Random hands driven by random-legal bots, one a seat (bitmask of legal cards, `play()`)."""
    rng = random.Random(seed)
    game = Game.new(variant, dealer="N")
    bots: list[Bot] = [RandomLegalBot(rng.getrandbits(32)) for _ in range(game.table.width)]
    for _ in range(hands):
        if game.phase == "over":
            game = Game.new(variant, dealer="N")
        play_hand(game, bots, rng.getrandbits(32))
    return hands


def sensible_games(variant: ResolvedVariant, games: int, seed: int) -> tuple[int, int]:
    """Whole games between sensible bots: (games played, hands played)."""
    hands = 0
    for i in range(games):
        hands += len(play_game(variant, "sensible", seed + i).game.hand_results)
    return games, hands


def openspiel_hands(hands: int, seed: int) -> int:
    """The same random playout through OpenSpiel's `spades` (one hand per game there)."""
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        state.returns()
    return hands


def openspiel_available() -> str | None:
    """OpenSpiel's version if `pyspiel` imports, else None."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return None
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:  # noqa: BLE001 - the version is only a label
        return "unknown version"


def measure(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "hands": args.hands,
        "games": args.games,
        "seed": args.seed,
        "repeats": args.repeats,
        "rounds": args.rounds,
        "variants": {},
    }
    openspiel = openspiel_available()
    if openspiel:
        report["openspiel"] = {"version": openspiel, "hands_per_s": 0.0}
    for variant_id in args.variants or shipped_variant_ids():
        variant = load_variant(variant_id)
        played: list[tuple[int, int]] = []  # (games, hands) of each call

        def games(
            count: int,
            first: int,
            _round: int,
            v: ResolvedVariant = variant,
            played: list[tuple[int, int]] = played,
        ) -> int:
            done = sensible_games(v, count, args.seed + first)
            played.append(done)
            return done[0]

        def hands(playout: Callable[..., int], *before: Any) -> Work:
            # A round's random hands come from a seed of its own.
            return lambda count, _first, round_number: playout(
                *before, count, args.seed + round_number
            )

        works: list[Work] = [
            hands(reference_hands_via_actions, variant),
            hands(reference_hands_via_bots, variant),
            games,
        ]
        totals = [args.hands, args.hands, args.games]
        if openspiel:
            # Measured again beside each variant, turn about with it: between the two random
            # playouts it is compared with, so that each pair runs back to back.
            works.insert(1, hands(openspiel_hands))
            totals.insert(1, args.hands)
        rates = median_rates(works, totals, args.repeats, args.rounds)
        os_rates = [rates.pop(1)] if openspiel else []
        via_actions, via_bots, games_rate = rates
        row: dict[str, Any] = {
            "random_hands_per_s": median(via_actions),
            "random_hands_per_s_bitmask": median(via_bots),
            "sensible_games_per_s": median(games_rate),
            "sensible_hands_per_game": sum(h for _, h in played) / sum(g for g, _ in played),
        }
        if openspiel:
            os_rate = os_rates[0]
            report["openspiel"]["hands_per_s"] = max(
                report["openspiel"]["hands_per_s"], median(os_rate)
            )
            row["openspiel_hands_per_s"] = median(os_rate)
            # Each repeat's ratio, the two measured back to back, then the median of those.
            row["ratio_vs_openspiel"] = median(map(truediv, via_actions, os_rate))
            row["ratio_vs_openspiel_bitmask"] = median(map(truediv, via_bots, os_rate))
        report["variants"][variant_id] = row
    return report


def print_table(report: dict[str, Any]) -> None:
    print(
        f"Python {report['python']}; {report['hands']} random hands and {report['games']} "
        f"sensible games per run in {report['rounds']} rounds, seed {report['seed']}, median of"
        f" {report['repeats']}"
    )
    os_info = report.get("openspiel")
    if os_info:
        print(
            f"OpenSpiel {os_info['version']} spades, random playout: up to "
            f"{os_info['hands_per_s']:,.0f} hands/s (the median beside each variant, the best"
            " of those)"
        )
    else:
        print("OpenSpiel: pyspiel does not import here (pip install open-spiel); no ratio")
    print()
    width = max(len("variant"), *map(len, report["variants"]))  # the longest id sets it
    head = f"{'variant':<{width}} {'hands/s':>9} {'(bitmask)':>10} {'games/s':>8}"
    head += f" {'hands/game':>10}"
    if os_info:
        head += f" {'OpenSpiel':>9} {'ratio':>6} {'(bitmask)':>10}"
    print(head)
    for variant_id, row in report["variants"].items():
        line = (
            f"{variant_id:<{width}} {row['random_hands_per_s']:>9,.0f} "
            f"{row['random_hands_per_s_bitmask']:>10,.0f} {row['sensible_games_per_s']:>8,.1f} "
            f"{row['sensible_hands_per_game']:>10.1f}"
        )
        if os_info:
            line += (
                f" {row['openspiel_hands_per_s']:>9,.0f} {row['ratio_vs_openspiel']:>6.2f}"
                f" {row['ratio_vs_openspiel_bitmask']:>10.2f}"
            )
        print(line)
    print()
    print("hands/s: random legal_actions()/apply() hands (deal, 4 bids, 52 plays, scoring);")
    print("(bitmask): the same through legal_plays()/play(); games/s: whole sensible-bot games;")
    if os_info:
        print("OpenSpiel: its hands/s measured next to the variant; ratio: reference hands/s /")
        print("OpenSpiel hands/s in each repeat, the median of those (1.0 or more: the reference")
        print("engine is at least as fast).")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="random hands per run")
    parser.add_argument("--games", type=int, default=20, help="sensible games per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5, help="timed runs; the median is reported")
    parser.add_argument(
        "--rounds",
        type=int,
        default=10,
        help="rounds each timed run is cut into, the works taking turns in each (default 10)",
    )
    parser.add_argument(
        "--variant",
        dest="variants",
        action="append",
        metavar="ID",
        help="measure this shipped variant (repeat for more; default: every one)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.games < 1 or args.repeats < 1 or args.rounds < 1:
        parser.error("--hands, --games, --repeats and --rounds must be at least 1")
    unknown = sorted(set(args.variants or ()) - set(shipped_variant_ids()))
    if unknown:
        parser.error(f"no shipped variant {', '.join(unknown)}")
    report = measure(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
