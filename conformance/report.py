"""A run's report as text for a person: failures first, each with its rerun command, then the
summary by variant, by clause and by level."""

from __future__ import annotations

from conformance.runner import VERDICTS, CaseResult, RunReport

# Clause tables list only the clauses something went wrong in; the rest are counted in a line.
_COLUMNS = ("pass", "fail", "error", "skip", "n/a")


def render(report: RunReport) -> str:
    lines: list[str] = []
    for result in report.failures():
        lines.extend(_failure(report, result))
        lines.append("")
    summary = report.summary()
    engine = report.engine
    lines.append(f"engine: {engine['name']} {engine['version']} ({engine['language']})")
    lines.extend(_table("variant", summary["variant"]))
    lines.extend(_table("level", summary["level"]))
    troubled = {k: v for k, v in summary["clause"].items() if v["fail"] or v["error"]}
    if troubled:
        lines.extend(_table("clause", troubled))
    clean = len(summary["clause"]) - len(troubled)
    lines.append(f"{clean} of {len(summary['clause'])} clauses: no failure")
    totals = report.totals()
    counted = ", ".join(f"{totals[v]} {v}" for v in VERDICTS if totals[v])
    verdict = "OK" if report.ok else "FAILED (a must-level case failed or errored)"
    noun = "case" if len(report.results) == 1 else "cases"
    lines.append(f"{len(report.results)} {noun}: {counted or 'none'}. {verdict}")
    return "\n".join(lines)


def _failure(report: RunReport, result: CaseResult) -> list[str]:
    case = result.case
    head = f"{result.verdict.upper()} {case.id}  [{case.variant}, {case.level}]  {case.file}"
    lines = [head, f"  {case.description}"]
    if result.message:
        lines.append(f"  {result.message}")
    for difference in result.differences:
        lines.append(f"  {difference}")
    lines.append(f"  rerun: {report.rerun_command(case.id)}")
    return lines


def _table(name: str, rows: dict[str, dict[str, int]]) -> list[str]:
    if not rows:
        return []
    width = max(len(name), *(len(key) for key in rows))
    header = f"{name:<{width}}  " + "  ".join(f"{c:>5}" for c in _COLUMNS)
    out = ["", header]
    for key, counts in rows.items():
        out.append(f"{key:<{width}}  " + "  ".join(f"{counts[c]:>5}" for c in _COLUMNS))
    return out
