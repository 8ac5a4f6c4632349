"""A run's report as text for a person: failures first, each with its rerun command, then the
summary by variant, by clause and by level."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.contract.protocol.score_requests import SCORE_SUFFIX
from spadespec.conformance.contract.protocol.subprocess_engine import GIVEN_UP
from spadespec.conformance.contract.runner.run import UNEXPLAINED, RunReport, precedence_line
from spadespec.conformance.contract.runner.verdict import BAD_VERDICTS, VERDICTS, CaseResult

# Clause tables list only the clauses something went wrong in; the rest are counted in a line.
_COLUMNS = VERDICTS
# Lines of an engine's stderr shown under a failure; the report file keeps more.
_STDERR_LINES = 8
_WHY_FAILED = "a must-level case failed, errored or passed unexpectedly"


def _why_failed(report: RunReport) -> str:
    if any(r.bad and r.case.level == "generated" for r in report.results):
        return "a must-level or generated case failed, errored or passed unexpectedly"
    return _WHY_FAILED


def render(report: RunReport) -> str:
    lines: list[str] = []
    for result in report.failures():
        if result.not_run:
            continue  # never put to the engine: said once, in a line of its own
        lines.extend(_failure(report, result))
        lines.append("")
    if report.diagnosis is not None:
        lines.extend(diagnosis_lines(report.diagnosis))
        lines.append("")
    summary = report.summary()
    engine = report.engine
    lines.append(f"engine: {engine['name']} {engine['version']} ({engine['language']})")
    if report.start_error:
        lines.append(report.start_error)
    lines.extend(_table("variant", summary["variant"]))
    lines.extend(_table("level", summary["level"]))
    lines.extend(_table("observable", summary["observable"]))
    troubled = {k: v for k, v in summary["clause"].items() if any(v[bad] for bad in BAD_VERDICTS)}
    if troubled:
        lines.extend(_table("clause", troubled))
    lines.extend(_clean_clauses(report, len(summary["clause"]), len(troubled)))
    lines.append("")
    lines.extend(_checked_lines(report, summary["observable"]))
    lines.extend(_given_up_lines(report))
    totals = report.totals()
    counted = ", ".join(f"{totals[v]} {v}" for v in VERDICTS if totals[v])
    shortfall = report.too_few_checked()
    if shortfall:
        verdict = f"FAILED ({shortfall})"
    else:
        verdict = "OK" if report.ok else f"FAILED ({_why_failed(report)})"
    lines.append(f"{what_ran(report)}: {counted or 'none'}. {verdict}")
    return "\n".join(lines)


def split_checks(report: RunReport) -> tuple[int, int]:
    """The run's cases and score requests (docs/glossary.md: together, its checks)."""
    score = sum(1 for r in report.results if r.case.id.endswith(SCORE_SUFFIX))
    return len(report.results) - score, score


def what_ran(report: RunReport) -> str:
    """`64 cases`, or with score requests `100 checks (64 cases, 36 score requests)`."""
    cases, score = split_checks(report)
    said = f"{cases} case" + ("" if cases == 1 else "s")
    if not score:
        return said
    return f"{cases + score} checks ({said}, {score} score request{'' if score == 1 else 's'})"


def _noun(report: RunReport) -> str:
    return "checks" if split_checks(report)[1] else "cases"


def _clean_clauses(report: RunReport, seen: int, troubled: int) -> list[str]:
    """How many clauses seen had no failure; said only when some had none and no case
    errored, since an error leaves unknown what its clauses would have given."""
    errored = sum(1 for r in report.results if r.verdict == "error")
    if errored:
        noun = "case" if errored == 1 else "cases"
        return [f"{errored} {noun} errored: no clause is said to be free of failures"]
    clean = seen - troubled
    return [f"{clean} of {seen} clauses seen: no failure"] if clean else []


def _checked_lines(report: RunReport, by_feature: dict[str, dict[str, int]]) -> list[str]:
    """How much the run checked: cases with anything checked, and cases per feature."""
    checked = report.checked_cases()
    partly = sum(1 for r in report.results if r.graded and r.unchecked)
    noun = _noun(report)
    line = f"checked {checked} of {len(report.results)} {noun}"
    if partly:
        line += f" ({partly} in part: what the engine does not declare was not asked)"
    per = ", ".join(f"{feature} {sum(counts.values())}" for feature, counts in by_feature.items())
    return [line + (f"; per observable: {per}" if per else "")]


def _given_up_lines(report: RunReport) -> list[str]:
    """The checks never put to the engine, it having been given up, said once."""
    not_run = report.not_run()
    if not not_run:
        return []
    noun = _noun(report) if not_run > 1 else _noun(report)[:-1]
    return [f"{not_run} {noun} not run: {GIVEN_UP}"]


def _failure(report: RunReport, result: CaseResult) -> list[str]:
    case = result.case
    head = f"{result.final.upper()} {case.id}  [{case.variant}, {case.level}]  {case.file}"
    lines = [head, f"  {case.description}"]
    if result.graded:
        lines.append(f"  checked: {result.line.partition(' (')[2].rstrip(')')}")
    if result.final == "xpass":
        lines.append("  listed as an expected failure, but it passes: take it off the list")
    if result.message:
        lines.append(f"  {result.message}")
    for difference in result.differences:
        lines.append(f"  {difference}")
    diagnosed = report.diagnosed_as(case.id)
    if diagnosed:
        lines.append(f"  diagnosed: {diagnosed}")
    if result.stderr:
        tail = result.stderr.rstrip("\n").splitlines()[-_STDERR_LINES:]
        lines.append("  the engine's stderr (last lines):")
        lines.extend(f"    | {line}" for line in tail)
    lines.append(f"  rerun: {report.rerun_command(case.id)}")
    return lines


_SHOWN_IDS = 3


def _ids(ids: list[str]) -> str:
    shown = ", ".join(ids[:_SHOWN_IDS])
    return shown + (f", and {len(ids) - _SHOWN_IDS} more" if len(ids) > _SHOWN_IDS else "")


def diagnosis_lines(diagnosis: dict[str, Any]) -> list[str]:
    """The diagnosis as a person reads it: each rule change that explains failures, with the
    `spadespec diff` line for each variant and the cases it explains, then what nothing
    explains."""
    groups = diagnosis["groups"]
    unexplained = diagnosis["unexplained"]
    explained = sum(len(g["cases"]) for g in groups)
    ordered = sum(len(p["cases"]) for p in diagnosis.get("precedence", ()))
    failures = explained + ordered + len(unexplained)
    lines = [
        f"diagnosis: {explained} of {failures} failures explained by a "
        f"rule played differently ({diagnosis['neighbours_tried']} neighbours tried, "
        f"{diagnosis['seconds']:.1f} s)"
    ]
    by_label: dict[str, list[dict[str, Any]]] = {}
    for group in groups:
        by_label.setdefault(group["neighbours"][0]["label"], []).append(group)
    for label, same in by_label.items():
        count = sum(len(g["cases"]) for g in same)
        noun = "failure" if count == 1 else "failures"
        lines.append(f"  {label}: explains {count} {noun}")
        for group in same:
            best, others = group["neighbours"][0], group["neighbours"][1:]
            lines.append(f"    {best['diff']}: {_ids(group['cases'])}")
            if others:
                also = ", ".join(n["label"] for n in others)
                lines.append(f"      also explained by: {also}")
    for order in diagnosis.get("precedence", ()):
        count = len(order["cases"])
        noun = "failure refuses" if count == 1 else "failures refuse"
        lines.append(
            f"  {precedence_line(order['given'], order['expected'])}: {count} {noun} the probe "
            f"for another reason that also holds: {_ids(order['cases'])}"
        )
    if diagnosis.get("precedence"):
        lines.append(
            "    the engine checks its reasons in another order than the reason codes' "
            "precedence (docs/protocol.md); to be checked on whether a probe is refused and "
            "not why, declare the feature `refusal` instead of `illegal`"
        )
    if unexplained:
        lines.append(f"  {UNEXPLAINED}: {len(unexplained)}: {_ids(unexplained)}")
    return lines


def _table(name: str, rows: dict[str, dict[str, int]]) -> list[str]:
    if not rows:
        return []
    # Columns no row uses are left out, so a clean run shows pass/fail/error/skip/n/a only.
    used = [c for c in _COLUMNS if c in _COLUMNS[:5] or any(r[c] for r in rows.values())]
    width = max(len(name), *(len(key) for key in rows))
    header = f"{name:<{width}}  " + "  ".join(f"{c:>5}" for c in used)
    out = ["", header]
    for key, counts in rows.items():
        out.append(f"{key:<{width}}  " + "  ".join(f"{counts[c]:>5}" for c in used))
    return out


def start_failure(report: RunReport, not_run: int) -> str:
    """An engine that never answered `start`, said once: why, and the end of its stderr (none
    of the `not_run` cases was put to it, so there is no case to list)."""
    noun = "case was" if not_run == 1 else "cases were"
    lines = [report.start_error, f"  {not_run} {noun} not run"]
    if report.start_stderr:
        tail = report.start_stderr.rstrip("\n").splitlines()[-_STDERR_LINES:]
        lines.append("  the engine's stderr (last lines):")
        lines.extend(f"    | {line}" for line in tail)
    else:
        lines.append("  the engine wrote nothing to stderr")
    return "\n".join(lines)
