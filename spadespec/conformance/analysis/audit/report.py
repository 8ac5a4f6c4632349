"""An audit's reports: the text a person reads, a JSON-lines report (a start line, a line per
game as it is audited, the diagnosis, an end line with the counts) and JUnit XML (one test case
per game), each written as the games go, so a stream of any length needs no more memory.

The JSON lines go through the conformance run's writer (`report.jsonl.ReportWriter`), flushed
line by line. The JUnit file's counts stand at its top, so its test cases are kept in a scratch
file beside it until the end.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import IO, Any

from spadespec.conformance.analysis.audit.diagnose import Diagnosed
from spadespec.conformance.analysis.audit.run import GameResult, Totals
from spadespec.conformance.contract.report.jsonl import (
    REPORT_FORMAT,
    ReportWriteError,
    ReportWriter,
    now,
)
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.reference_engine import __version__

ARITHMETIC_SHOWN = 1
"""Differences of one game shown with the rules' arithmetic in the text (the report has all)."""
PROBLEMS_SHOWN = 8
"""Problems of one game listed in the text."""


class JsonLines:
    """The JSON-lines report."""

    def __init__(self, path: Path, inputs: list[str], command: list[str]) -> None:
        self._writer = ReportWriter(path)
        self._writer.line(
            {"kind": "start", "report_format": REPORT_FORMAT, "audit": True, "started": now(),
             "version": __version__, "inputs": inputs, "command": command}
        )  # fmt: skip

    def game(self, result: GameResult) -> None:
        self._writer.line(result.to_json())

    def end(self, totals: Totals, seconds: float) -> None:
        if totals.diagnosed is not None:
            self._writer.line({"kind": "diagnosis", **totals.diagnosed.to_json()})
        self._writer.line({**totals.to_json(), "finished": now(), "seconds": round(seconds, 3)})
        self._writer.close()


class JUnit:
    """The JUnit XML report: one test suite, a test case per game (classname
    `spadespec.audit.<variant>`, name `file:line`); a wrong game is a failure, an unreadable
    record an error."""

    def __init__(self, path: Path) -> None:
        self.path = path
        handle, scratch = tempfile.mkstemp(prefix=".audit-junit-", dir=path.parent)
        self._scratch = Path(scratch)
        self._cases: IO[str] = os.fdopen(handle, "w", encoding="utf-8")
        self._counts = {"tests": 0, "failures": 0, "errors": 0}

    def game(self, result: GameResult) -> None:
        element = ET.Element(
            "testcase", classname=f"spadespec.audit.{result.variant or 'record'}",
            name=result.raw.where, file=result.raw.file,
        )  # fmt: skip
        self._counts["tests"] += 1
        if result.verdict != "ok":
            problems = result.problems()
            tag = "error" if result.verdict == "unreadable" else "failure"
            self._counts["errors" if tag == "error" else "failures"] += 1
            child = ET.SubElement(element, tag, message=problems[0], type=result.verdict)
            child.text = "\n".join(problems)
        if result.verdict != "unreadable":  # what a passing game was checked on, too
            ET.SubElement(element, "system-out").text = f"checked on: {result.audit.checked_on()}"
        self._write(ET.tostring(element, encoding="unicode") + "\n")

    def _write(self, text: str) -> None:
        try:
            self._cases.write(text)
        except OSError as exc:
            raise ReportWriteError(f"cannot write {self.path}: {exc.strerror}") from None

    def end(self, totals: Totals) -> None:
        self._cases.close()
        counts = {key: str(value) for key, value in self._counts.items()}
        suite = ET.Element("testsuite", {"name": "spadespec.audit", **counts})
        head = ET.tostring(suite, encoding="unicode")
        try:
            with self.path.open("w", encoding="utf-8") as out:
                out.write('<?xml version="1.0" encoding="utf-8"?>\n')
                outer = ET.tostring(ET.Element("testsuites", {"name": "spadespec audit", **counts}),
                                    encoding="unicode")  # fmt: skip
                out.write(outer.replace(" />", ">") + "\n")
                out.write(head.replace(" />", ">") + "\n")
                with self._scratch.open(encoding="utf-8") as cases:
                    shutil.copyfileobj(cases, out)
                out.write("</testsuite>\n</testsuites>\n")
        except OSError as exc:
            raise ReportWriteError(f"cannot write {self.path}: {exc.strerror}") from None
        finally:
            self._scratch.unlink(missing_ok=True)

    def abandon(self) -> None:
        self._cases.close()
        self._scratch.unlink(missing_ok=True)


def game_lines(result: GameResult) -> list[str]:
    """A game that went wrong, as a person reads it: where, the verdict, each problem, and the
    rules' arithmetic for the first figure that differs."""
    record = result.record
    meta = record.meta if record is not None else None
    named = f"  ({_meta_text(meta)})" if meta else ""
    lines = [f"{result.raw.where}  {result.verdict.upper()}  {result.variant}{named}".rstrip()]
    if result.verdict != "unreadable":
        lines.append(f"  checked on: {result.audit.checked_on()}")
    shown = 0
    differences = {str(d): d for d in result.audit.differences}
    problems = result.problems()
    for problem in problems[:PROBLEMS_SHOWN]:
        lines.append(f"  {problem}")
        difference = differences.get(problem)
        if difference is not None and difference.arithmetic and shown < ARITHMETIC_SHOWN:
            shown += 1
            lines.append("    the rules give:")
            lines.extend(f"      {line}" for line in difference.arithmetic)
    if len(problems) > PROBLEMS_SHOWN:
        lines.append(f"  ... and {len(problems) - PROBLEMS_SHOWN} more")
    return lines


def _meta_text(meta: Any) -> str:
    if isinstance(meta, dict):
        return ", ".join(f"{k} {v}" for k, v in list(meta.items())[:3])
    return str(meta)[:60]


def summary_lines(totals: Totals, shown: int) -> list[str]:
    """The end of the text: the diagnosis, the problems by rule, what was checked, the verdict."""
    lines: list[str] = []
    wrong = totals.games - totals.verdicts["ok"]
    if wrong > shown:
        lines.append(f"... and {wrong - shown} more games not ok (--report has them all)")
    diagnosed = totals.diagnosed
    if diagnosed is not None:
        lines.extend(diagnosis_lines(diagnosed))
    if totals.by_rule:
        lines.append("problems by rule (games): " + ", ".join(
            f"{rule} {count}" for rule, count in totals.by_rule.most_common()))  # fmt: skip
    compared = ", ".join(f"{kind} {n}" for kind, n in totals.compared.most_common())
    lines.append(
        f"checked {totals.games} games: {totals.hands} hands, {totals.actions} actions replayed, "
        f"{totals.figures} recorded figures compared" + (f" ({compared})" if compared else "")
    )
    counted = ", ".join(f"{n} {v}" for v, n in totals.verdicts.items() if n)
    lines.append(f"{totals.games} games: {counted or 'none'}. {run_verdict(totals)}")
    return lines


def run_verdict(totals: Totals) -> str:
    """OK, or FAILED with why where it is not a game found wrong: no game, nothing compared."""
    if totals.games == 0:
        return "FAILED (no game was checked)"
    if totals.ok:
        return "OK"
    if totals.not_checked == totals.games:
        return "FAILED (nothing was checked: no game recorded a figure to compare)"
    if totals.not_checked and totals.not_checked + totals.verdicts["ok"] == totals.games:
        games = "game" if totals.not_checked == 1 else "games"
        return f"FAILED ({totals.not_checked} {games} not checked: no figure recorded to compare)"
    return "FAILED"


def diagnosis_lines(diagnosed: Diagnosed) -> list[str]:
    """Each distinct problem's diagnosis, the clusters of one name together: how many games
    show it, and the first of them; then what the cap on clusters left out, if anything."""
    groups = diagnosed.games_by_rule()
    count = len(diagnosed.clusters)
    noun = "problem" if count == 1 else "problems"
    lines = [f"diagnosis of {count} distinct {noun} (clustered by what differs and how), "
             f"on a sample of {len(diagnosed.labels)}:"]  # fmt: skip
    for label, (games, named) in sorted(groups.items(), key=lambda g: (g[0] == UNEXPLAINED, g[0])):
        more = f", and {games - len(named[:3])} more" if games > len(named[:3]) else ""
        noun = "game" if games == 1 else "games"
        lines.append(f"  {label}: in {games} {noun}: {', '.join(named[:3])}{more}")
    widened = sorted({c.consistent_with for c in diagnosed.clusters if c.consistent_with})
    for change in widened:
        lines.append(
            f"  consistent with {change}, which allows all the rules allow and more: records "
            "of actions show what the engine allowed, never what it refused, so cannot tell it "
            "from another mistake allowing the same actions"
        )
    cap = diagnosed.cap_line()
    if cap:
        lines.append(f"  {cap}")
    return lines
