"""The standard mutation run as the docs site shows it: 800 changes drawn by seed 1 (each survivor
not marked put to the fuzzer), stored in
`docs/results/mutation.json` by `python -m spadespec.regenerate mutation` (through
`generated_files`), with the date it was measured."""

from __future__ import annotations

import datetime
import json
import sys
import time
from pathlib import Path

from spadespec.command_kit.workers import usable_cpus
from spadespec.conformance.machinery.mutation.notes import CAP, NOTES, read_notes
from spadespec.conformance.machinery.mutation.report import summary
from spadespec.conformance.machinery.mutation.run import Result, measured
from spadespec.conformance.machinery.mutation.sample import STANDARD_SIZE

ROOT = Path(__file__).resolve().parents[4]
STORE = ROOT / "docs" / "results" / "mutation.json"
"""The stored standard run, in a checkout (the site's page is made from it)."""

SEED = 1


def generated_files() -> dict[Path, str]:
    """The standard run made again (the regenerate step `mutation`)."""
    _read_what_the_engines_read()
    notes = read_notes(NOTES)
    started = time.perf_counter()
    count = 0

    def each(result: Result) -> None:
        nonlocal count
        count += 1
        if count % 100 == 0:
            print(f"mutation: {count} of {STANDARD_SIZE} judged", file=sys.stderr, flush=True)

    plan, results = measured(STANDARD_SIZE, SEED, usable_cpus(), notes, each, fuzz=True)
    marked = sum(result.outcome == "marked" for result in results)
    if marked > CAP * len(results):
        raise SystemExit(
            f"mutation: {marked} of {len(results)} changes marked, over the cap of a tenth"
        )
    data = summary(plan, results, SEED, datetime.date.today().isoformat())
    data["seconds"] = round(time.perf_counter() - started)
    data["workers"] = usable_cpus()
    return {STORE: json.dumps(data, indent=1) + "\n"}


def _read_what_the_engines_read() -> None:
    """Each broken engine and each conform run is a process of its own, whose reads the
    regenerate command cannot see: the golden cases and the rulesets are read here too (the
    package is, by the copy each worker makes), so that the step's fingerprints change when any
    of them does."""
    from spadespec.conformance.contract.suite.cases import load_suite
    from spadespec.reference_engine.variant import load_variant
    from spadespec.reference_engine.variant.catalog import shipped_variant_ids

    list(load_suite())
    for variant_id in shipped_variant_ids():
        load_variant(variant_id)
