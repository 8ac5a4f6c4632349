"""A shuffle test's verdict as a person reads it (a table of the tests) and as JSON."""

from __future__ import annotations

import math
from typing import Any

from spadespec.command_kit.tables import fit_table, fit_text
from spadespec.conformance.analysis.shuffle.verdict import CORRECTION, Judged, ShuffleVerdict

HEADER = ("test", "statistic", "df", "p-value", "threshold", "verdict", "compared")


def verdict_word(verdict: ShuffleVerdict) -> str:
    """`fair`, `biased`, or `untested` when no test could run."""
    if verdict.run == 0:
        return "untested"
    return "fair" if verdict.fair else "biased"


def as_json(verdict: ShuffleVerdict, about: dict[str, Any]) -> dict[str, Any]:
    """Every field of the verdict; `about` says where the deals came from."""
    return {
        **about,
        "deals": verdict.deals,
        "alpha": verdict.alpha,
        "correction": CORRECTION,
        "tests_run": verdict.run,
        "verdict": verdict_word(verdict),
        "tests": [_test_json(judged) for judged in verdict.tests],
    }


def _test_json(judged: Judged) -> dict[str, Any]:
    stat = judged.statistic
    return {
        "name": stat.name,
        "title": stat.title,
        "deals": stat.deals,
        # JSON has no infinity: an outcome chance never gives is told in the note
        "statistic": stat.statistic if stat.statistic != math.inf else None,
        "df": stat.df,
        "p_value": stat.p_value,
        "threshold": judged.threshold,
        "flagged": judged.flagged,
        "ran": stat.ran,
        "note": stat.note,
    }


def as_text(verdict: ShuffleVerdict, source: str) -> str:
    """The table of tests under a line saying what was tested, and the verdict."""
    rows = [_row(judged) for judged in verdict.tests]
    lines = [
        f"Shuffle test of {verdict.deals:,} deals {source}",
        "",
        fit_table(HEADER, rows, keep=(0, 1, 2, 3, 4, 5), wrap=(6,)),
        "",
        *fit_text(
            f"Thresholds: Holm's correction, so that a fair shuffle is flagged by any of the "
            f"{verdict.run} tests run at most {verdict.alpha:g} of the time.",
            hang="",
        ),
    ]
    word = verdict_word(verdict)
    if word == "untested":
        lines.append("UNTESTED: no test could run on these deals")
    elif word == "fair":
        lines.append(f"FAIR: no test flags bias ({verdict.run} tests, {verdict.deals:,} deals)")
    else:
        flagged = [j.statistic.title for j in verdict.tests if j.flagged]
        lines.append(f"BIASED: flagged by {', '.join(flagged)}")
    return "\n".join(lines)


def _row(judged: Judged) -> list[str]:
    stat = judged.statistic
    if not stat.ran:
        return [stat.title, "-", "-", "-", "-", "not run", stat.note]
    return [
        stat.title,
        _number(stat.statistic),
        "-" if stat.df is None else str(stat.df),
        f"{stat.p_value:.3g}",
        f"{judged.threshold:.3g}",
        "BIASED" if judged.flagged else "ok",
        stat.note,
    ]


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if value.is_integer() else f"{value:,.2f}"
