"""The peak memory of `spadespec simulate` and `spadespec fuzz` as the games grow: flat, or it
is a bug (a list of every game, a report kept whole).

    python3 benchmarks/memory.py [--games 1000,100000] [--hands 1000,10000] [--merge-mb 1,64]
        [--jobs N]

Runs `spadespec simulate standard --games N` for each count of games, and `spadespec fuzz`
(the reference engine checked against itself through the protocol, `--engine "spadespec
serve"`) for each count of hands, each as a process of its own, and prints the largest
resident memory any process of the run reached (the command, its workers, the engines), how
long the run took, and each peak over the smallest count's: within 10% is flat. A game takes
about 4 ms of one core, so 10^5 games take some minutes. Last, `spadespec fuzz merge` of two
shards' reports, one of them padded with progress lines (as a long run writes them) to each
size in MB: a merge keeps a shard's differences, not its progress.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLAT = 1.10
"""The most a peak may be over the smallest count's and still be flat."""


def peak(argv: list[str]) -> tuple[float, float]:
    """The largest resident memory (MB) of any process of `spadespec ARGV`, and its seconds."""
    began = time.perf_counter()
    run = subprocess.Popen(
        [sys.executable, "-m", "spadespec", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    # wait4's usage is of the process and every descendant it waited for: the whole run.
    _, status, usage = os.wait4(run.pid, 0)
    seconds = time.perf_counter() - began
    assert run.stderr is not None
    err = run.stderr.read().decode("utf-8", "replace")
    run.stderr.close()
    run.returncode = os.waitstatus_to_exitcode(status)
    if run.returncode != 0:
        raise SystemExit(f"spadespec {' '.join(argv)} exited {run.returncode}:\n{err}")
    return usage.ru_maxrss / 1024, seconds  # ru_maxrss is in KB on Linux


def counts(text: str) -> list[int]:
    return [int(part) for part in text.split(",")]


def measure(label: str, runs: list[tuple[int, list[str]]]) -> bool:
    """Print each run's peak, its time and its ratio to the first's; True when all are flat."""
    first = None
    flat = True
    for count, argv in runs:
        mb, seconds = peak(argv)
        first = first or mb
        ratio = mb / first
        flat = flat and ratio <= FLAT
        print(
            f"{label} {count:>9,}: peak {mb:7.1f} MB in {seconds:7.1f} s, {ratio:.2f}x", flush=True
        )
    return flat


def shard_reports(folder: Path, megabytes: int) -> list[str]:
    """Two shards' reports of one small campaign, the first padded with copies of its progress
    line to `megabytes` MB."""
    paths = []
    for index in (1, 2):
        path = folder / f"shard{index}.jsonl"
        argv = ["fuzz", "--variant", "standard", "--games", "2", "--seed", "1",
                "--shard", f"{index}/2", "--report", str(path), "--quiet"]  # fmt: skip
        subprocess.run([sys.executable, "-m", "spadespec", *argv], check=True,
                       capture_output=True, cwd=folder)  # fmt: skip
        paths.append(str(path))
    start, progress, end = Path(paths[0]).read_text(encoding="utf-8").splitlines()
    copies = megabytes * 1024 * 1024 // (len(progress) + 1)
    with open(paths[0], "w", encoding="utf-8") as out:
        out.write(start + "\n")
        for _ in range(copies):
            out.write(progress + "\n")
        out.write(end + "\n")
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=counts, default=[1000, 100_000], metavar="N,N")
    parser.add_argument("--hands", type=counts, default=[1000, 10_000], metavar="N,N")
    parser.add_argument("--merge-mb", type=counts, default=[1, 64], metavar="N,N")
    parser.add_argument("--jobs", type=int, default=1, metavar="N")
    args = parser.parse_args()
    jobs = ["--jobs", str(args.jobs)]
    simulate = [
        (n, ["simulate", "standard", "--games", str(n), "--json", *jobs]) for n in args.games
    ]
    fuzz = [
        (n, ["fuzz", "--engine", "spadespec serve", "--variant", "standard", "--hands", str(n),
             "--seed", "1", "--quiet", *jobs])
        for n in args.hands
    ]  # fmt: skip
    flat = measure("simulate, games", simulate)
    flat = measure("fuzz, hands     ", fuzz) and flat
    with tempfile.TemporaryDirectory() as scratch:
        merges = []
        for mb in args.merge_mb:
            folder = Path(scratch) / str(mb)
            folder.mkdir()
            shards = shard_reports(folder, mb)
            merges.append((mb, ["fuzz", "merge", *shards, "--report", str(folder / "m.jsonl")]))
        flat = measure("fuzz merge, MB   ", merges) and flat
    print(
        f"flat (each peak within {FLAT - 1:.0%} of the smallest run's): {'yes' if flat else 'no'}"
    )


if __name__ == "__main__":
    main()
