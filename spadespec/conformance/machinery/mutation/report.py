"""What a mutation run found, as a report line per change, a table per module and the stored
summary the docs page is made from (`docs/results/mutation.json`).

The figure: the share of the changes not marked that the suite caught. A change is caught when
conform fails the engine (killed) or the engine stops answering (timed out: a broken engine
that hangs fails any runner); marked changes (`notes.yaml`) are counted apart, never as caught.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from spadespec.conformance.machinery.mutation.run import Plan, Result

OUTCOMES = ("killed", "timed out", "survived", "marked")

FORMAT = 2
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
    }


def caught_share(results: Sequence[Result]) -> float | None:
    """The share of the changes not marked that were killed or timed out (None: none left)."""
    counts = Counter(result.outcome for result in results)
    judged = len(results) - counts["marked"]
    return None if judged == 0 else (counts["killed"] + counts["timed out"]) / judged


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
        rows.append(
            {"module": module, "drawn": sum(counts.values())}
            | {outcome: counts[outcome] for outcome in OUTCOMES}
            | {"never run": unreached}
        )
    return rows


def summary(plan: Plan, results: Sequence[Result], seed: int, date: str) -> dict[str, Any]:
    """The stored summary of a run: its figure, its table and every change not caught."""
    counts = Counter(result.outcome for result in results)
    share = caught_share(results)
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
        "rows": module_rows(results),
        "killed": [list(result.mutant.wanted) for result in results if result.outcome == "killed"],
        "survivors": [
            result_line(result) for result in results if result.outcome in ("survived", "marked")
        ],
    }


def table(results: Sequence[Result]) -> str:
    """The per-module table as text, with a total row and the figure."""
    rows = module_rows(results)
    header = ("module", "drawn", *OUTCOMES, "never run")
    body = [
        (
            row["module"].removeprefix("reference_engine/"),
            row["drawn"],
            *(row[o] for o in OUTCOMES),
            row["never run"],
        )
        for row in rows
    ]
    total = Counter(result.outcome for result in results)
    never = sum(row["never run"] for row in rows)
    body.append(("all", len(results), *(total[o] for o in OUTCOMES), never))
    width = max(len(str(line[0])) for line in [header, *body])
    lines = [f"{header[0]:<{width}}" + "".join(f"{h:>11}" for h in header[1:])]
    lines += [f"{line[0]:<{width}}" + "".join(f"{v:>11}" for v in line[1:]) for line in body]
    share = caught_share(results)
    figure = "nothing left to judge" if share is None else f"{share:.1%}"
    lines.append(f"caught (killed or timed out) of those not marked: {figure}")
    where_run = caught_share([result for result in results if result.ran])
    if where_run is not None:
        lines.append(f"caught of those not marked on a line the suite runs: {where_run:.1%}")
    lines.append("never run: survivors on a line the served engine never ran on the whole suite")
    return "\n".join(lines)
