"""The engine benchmark script runs and reports a figure for every shipped variant (a smoke
test with tiny counts; the figures themselves are not checked here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from spadespec.reference_engine.variant import shipped_variant_ids

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "engine.py"


def test_benchmark_prints_figures_for_every_variant() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "3", "--games", "1", "--repeats", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    report = json.loads(done.stdout)
    assert sorted(report["variants"]) == shipped_variant_ids()
    for row in report["variants"].values():
        assert row["random_hands_per_s"] > 0
        assert row["sensible_games_per_s"] > 0
        if "openspiel" in report:
            assert row["ratio_vs_openspiel"] > 0


def test_benchmark_measures_only_the_variants_named() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "2", "--games", "1", "--repeats", "1",
         "--variant", "cutthroat", "--variant", "standard", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )  # fmt: skip
    report = json.loads(done.stdout)
    assert list(report["variants"]) == ["cutthroat", "standard"]
    assert report["repeats"] == 1
