"""How fast `spadespec audit` checks recorded games: hands per second, one core.

    python3 benchmarks/audit.py [--games N] [--variant ID] [--repeats R] [--seed S]

Games are played between the sensible bots on the reference engine and written as game records
(every hand's dealer, tricks, points, totals and bags, the game's totals, bags and outcome) to a
temporary file of JSON lines. The whole command is then timed on that file, in this process:
reading each line, checking the record's fields, loading the variant, replaying every action on
the reference engine and comparing every recorded figure (the diagnosis has nothing to search,
as every game is right). The figure is the median of the repeats (3 unless asked), wall time by
`time.perf_counter()`; the target is 1,000 recorded hands per second per core. The peak memory
the audit adds (`tracemalloc`) is printed beside it: the records are read one at a time, so it
should not grow with the number of games.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
import time
import tracemalloc
from pathlib import Path
from statistics import median

from spadespec.cli import main
from spadespec.conformance.analysis.audit.recording import record_game
from spadespec.reference_engine.variant import load_variant

TARGET = 1000
"""Recorded hands a second, one core."""


def _write(path: Path, variant: str, games: int, seed: int) -> int:
    resolved = load_variant(variant)
    hands = 0
    with path.open("w", encoding="utf-8") as out:
        for number in range(games):
            record = record_game(resolved, seed + number)
            hands += len(record["hands"])
            out.write(json.dumps(record) + "\n")
    return hands


def _audit(path: Path) -> tuple[float, int]:
    with contextlib.redirect_stdout(io.StringIO()):
        started = time.perf_counter()
        status = main(["audit", str(path), "--quiet"])
        seconds = time.perf_counter() - started
    if status != 0:
        raise SystemExit(f"the audit of the reference engine's own games failed ({status})")
    return seconds, status


def main_benchmark() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        hands = _write(path, args.variant, args.games, args.seed)
        size = path.stat().st_size
        _audit(path)  # warm-up: the variant loaded, the modules imported
        times = [_audit(path)[0] for _ in range(args.repeats)]
        tracemalloc.start()
        _audit(path)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    seconds = median(times)
    rate = hands / seconds
    print(
        f"audit ({args.variant}): {args.games} games, {hands} hands, {size / 1e6:.1f} MB of records"
    )
    print(
        f"  {seconds:.2f} s (median of {args.repeats}): {rate:,.0f} hands/s "
        f"({'meets' if rate >= TARGET else 'BELOW'} the target of {TARGET:,})"
    )
    print(f"  peak memory while auditing: {peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main_benchmark()
