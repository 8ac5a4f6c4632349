"""What a mutation run found, as a report line per change, a table per module and the stored
summary the docs page is made from (`docs/results/mutation.json`).

The figure: the share of the changes not marked that the suite caught. A change is caught when
conform fails the engine (killed) or the engine stops answering (timed out: a broken engine
that hangs fails any runner); marked changes (`notes.yaml`) are counted apart, never as caught.
Where the run fuzzed its survivors (`fuzzing.py`), a second figure: the share caught of the
changes shown to break a rule (killed, timed out, or a survivor the fuzzer shows).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from spadespec.conformance.machinery.mutation.fuzzing import NOT_REACHED, NOT_SHOWN, SHOWN
from spadespec.conformance.machinery.mutation.run import Plan, Result

OUTCOMES = ("killed", "timed out", "survived", "marked")

FUZZED = (SHOWN, NOT_SHOWN, NOT_REACHED)
"""What the fuzzer made of a survivor not marked."""

FORMAT = 3
"""The stored summary's format."""


def result_line(result: Result) -> dict[str, Any]:
    """One change's report line."""
    place = result.mutant.place
    return {
        "kind": "mutant",
        "name": place.name,
        "module": place.module,
        "line": place.line,
        "operator": place.short_operator,
        "occurrence": place.occurrence,
        "before": result.mutant.before,
        "after": result.mutant.after,
        "alike": result.mutant.alike,
        "outcome": result.outcome,
        "failed": result.judgement.failed,
        "failed_below_must": result.judgement.failed_below_must,
        "seconds": round(result.judgement.seconds, 3),
        "diff": result.mutant.diff,
        "reason": None if result.note is None else result.note.reason,
        "ran": result.ran,
        "fuzz": None if result.fuzzed is None else {
            "outcome": result.fuzzed.outcome,
            "rulesets": list(result.fuzzed.rulesets),
            "shown_by": result.fuzzed.shown_by,
            "case": result.fuzzed.case,
        },
    }  # fmt: skip


def caught_share(results: Sequence[Result]) -> float | None:
    """The share of the changes not marked that were killed or timed out (None: none left)."""
    counts = Counter(result.outcome for result in results)
    judged = len(results) - counts["marked"]
    return None if judged == 0 else (counts["killed"] + counts["timed out"]) / judged


def fuzzed_counts(results: Sequence[Result]) -> Counter[str] | None:
    """How many survivors not marked the fuzzer showed, did not show, and did not reach
    (None: the run did not fuzz them)."""
    survivors = [result for result in results if result.outcome == "survived"]
    fuzzed = [result.fuzzed for result in survivors if result.fuzzed is not None]
    return None if len(fuzzed) < len(survivors) else Counter(f.outcome for f in fuzzed)


def calibration(results: Sequence[Result]) -> tuple[int, int]:
    """How many killed changes were fuzzed to calibrate the fuzzer, and how many it showed."""
    fuzzed = [r.fuzzed for r in results if r.outcome == "killed" and r.fuzzed is not None]
    return len(fuzzed), sum(f.outcome == SHOWN for f in fuzzed)


def caught_of_shown(results: Sequence[Result]) -> float | None:
    """The share caught of the changes shown to break a rule: killed or timed out, or a
    survivor the fuzzer showed (None: the run did not fuzz, or no change was shown)."""
    counts = fuzzed_counts(results)
    if counts is None:
        return None
    outcomes = Counter(result.outcome for result in results)
    caught = outcomes["killed"] + outcomes["timed out"]
    return None if caught + counts[SHOWN] == 0 else caught / (caught + counts[SHOWN])


def _rounded(share: float | None) -> float | None:
    return None if share is None else round(share, 4)


def module_rows(results: Sequence[Result]) -> list[dict[str, Any]]:
    """A row per module: how many changes were drawn and what became of them."""
    by_module: dict[str, Counter[str]] = {}
    for result in results:
        by_module.setdefault(result.mutant.place.module, Counter())[result.outcome] += 1
    rows = []
    for module in sorted(by_module):
        counts = by_module[module]
        unreached = sum(
            1
            for result in results
            if result.mutant.place.module == module
            and result.outcome == "survived"
            and not result.ran
        )
        shown = sum(
            1
            for result in results
            if result.mutant.place.module == module
            and result.outcome == "survived"
            and result.fuzzed is not None
            and result.fuzzed.outcome == SHOWN
        )
        rows.append(
            {"module": module, "drawn": sum(counts.values())}
            | {outcome: counts[outcome] for outcome in OUTCOMES}
            | {"never run": unreached, "shown": shown}
        )
    return rows


def summary(plan: Plan, results: Sequence[Result], seed: int, date: str) -> dict[str, Any]:
    """The stored summary of a run: its figure, its table and every change not caught."""
    counts = Counter(result.outcome for result in results)
    share = caught_share(results)
    fuzzed = fuzzed_counts(results)
    return {
        "format": FORMAT,
        "date": date,
        "seed": seed,
        "sample": len(results),
        "places": len(plan.population),
        "modules": plan.modules,
        "counts": {outcome: counts[outcome] for outcome in OUTCOMES}
        | {"never run": sum(r.outcome == "survived" and not r.ran for r in results)},
        "caught": None if share is None else round(share, 4),
        "caught_where_run": _rounded(caught_share([r for r in results if r.ran])),
        "fuzzed": None if fuzzed is None else {outcome: fuzzed[outcome] for outcome in FUZZED},
        "caught_of_shown": _rounded(caught_of_shown(results)),
        "calibration": dict(zip(("fuzzed", "shown"), calibration(results), strict=True)),
        "fuzzer_missed": [
            {
                "name": result.mutant.place.name,
                "after": result.mutant.after,
                "caught_by": result.judgement.failed,
                "fuzz": result.fuzzed.outcome,
            }
            for result in results
            if result.outcome == "killed"
            and result.fuzzed is not None
            and result.fuzzed.outcome != SHOWN
        ],
        "rows": module_rows(results),
        "killed": [list(result.mutant.wanted) for result in results if result.outcome == "killed"],
        "survivors": [
            result_line(result) for result in results if result.outcome in ("survived", "marked")
        ],
    }


def table(results: Sequence[Result]) -> str:
    """The per-module table as text, with a total row and the figure."""
    rows = module_rows(results)
    header = ("module", "drawn", *OUTCOMES, "never run", "shown")
    body = [
        (
            row["module"].removeprefix("reference_engine/"),
            row["drawn"],
            *(row[o] for o in OUTCOMES),
            row["never run"],
            row["shown"],
        )
        for row in rows
    ]
    total = Counter(result.outcome for result in results)
    never = sum(row["never run"] for row in rows)
    shown = sum(row["shown"] for row in rows)
    body.append(("all", len(results), *(total[o] for o in OUTCOMES), never, shown))
    width = max(len(str(line[0])) for line in [header, *body])
    lines = [f"{header[0]:<{width}}" + "".join(f"{h:>11}" for h in header[1:])]
    lines += [f"{line[0]:<{width}}" + "".join(f"{v:>11}" for v in line[1:]) for line in body]
    share = caught_share(results)
    figure = "nothing left to judge" if share is None else f"{share:.1%}"
    lines.append(f"caught (killed or timed out) of those not marked: {figure}")
    where_run = caught_share([result for result in results if result.ran])
    if where_run is not None:
        lines.append(f"caught of those not marked on a line the suite runs: {where_run:.1%}")
    fuzzed = fuzzed_counts(results)
    if fuzzed is not None:
        of_shown = caught_of_shown(results)
        lines.append(
            f"survivors fuzzed: {fuzzed[SHOWN]} shown, {fuzzed[NOT_SHOWN]} not shown, "
            f"{fuzzed[NOT_REACHED]} on a line no ruleset's fuzzed games run"
        )
        if of_shown is not None:
            lines.append(f"caught of the changes shown to break a rule: {of_shown:.1%}")
        tried, showed = calibration(results)
        if tried:
            lines.append(f"the fuzzer showed {showed} of {tried} killed changes fuzzed to test it")
    lines.append("never run: survivors on a line the served engine never ran on the whole suite")
    lines.append("shown: survivors the fuzzer shows differing from the reference (a hole)")
    return "\n".join(lines)
