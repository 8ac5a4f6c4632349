"""A run as JUnit XML, the report format CI systems read.

One `<testsuite>` per variant, one `<testcase>` per case (classname `spadespec.<variant>`,
name the case id). A failure or an unexpected pass is `<failure>`, an engine error `<error>`;
skipped, not applicable and expected failures are `<skipped>` with the reason. What a partly
checked case's verdict covers (`pass (totals, bags; hands not declared)`) goes into
`<system-out>`, the engine's stderr into `<system-err>`. Where the run was diagnosed, a failing
test case carries the rule change that explains it (or `unexplained (likely a bug)`) as the
property `spadespec.diagnosis` and a `diagnosed:` line of its text. Should-level cases that go
wrong are reported as failures too, with the level in the message: the exit status, not the
XML, says whether the run is good.
An engine that never answered `start` is one `<error>`, of a test case named `start` in the
suite `spadespec.engine`, with the engine's stderr: no case was put to it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from spadespec.conformance.contract.runner.run import RunReport
from spadespec.conformance.contract.runner.verdict import CaseResult

# Characters XML 1.0 cannot hold at all (an engine's garbage may contain them).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: str) -> str:
    return _NOT_XML.sub("\ufffd", value)


def to_xml(report: RunReport) -> ET.Element:
    if report.start_error:
        return _start_failure(report)
    by_variant: dict[str, list[CaseResult]] = defaultdict(list)
    for result in report.results:
        by_variant[result.case.variant].append(result)
    engine = report.engine
    root = ET.Element(
        "testsuites",
        name=_text(f"spadespec conformance: {engine['name']} {engine['version']}"),
        tests=str(len(report.results)),
        failures=str(sum(r.final in ("fail", "xpass") for r in report.results)),
        errors=str(sum(r.final == "error" for r in report.results)),
        time=f"{sum(r.seconds for r in report.results):.3f}",
    )
    for variant, results in sorted(by_variant.items()):
        suite = ET.SubElement(
            root,
            "testsuite",
            name=f"spadespec.{variant}",
            tests=str(len(results)),
            failures=str(sum(r.final in ("fail", "xpass") for r in results)),
            errors=str(sum(r.final == "error" for r in results)),
            skipped=str(sum(r.final in ("skip", "n/a", "xfail") for r in results)),
            time=f"{sum(r.seconds for r in results):.3f}",
        )
        properties = ET.SubElement(suite, "properties")
        for key in ("name", "version", "language", "protocol"):
            ET.SubElement(
                properties, "property", name=f"engine.{key}", value=_text(str(engine[key]))
            )
        for result in results:
            suite.append(_testcase(report, result))
    return root


def _testcase(report: RunReport, result: CaseResult) -> ET.Element:
    case = result.case
    element = ET.Element(
        "testcase",
        classname=f"spadespec.{case.variant}",
        name=case.id,
        file=case.file,
        time=f"{result.seconds:.6f}",
    )
    final = result.final
    if final in ("fail", "xpass", "error"):
        lines = [str(d) for d in result.differences]
        if final == "xpass":
            message = "unexpectedly passing: listed as an expected failure"
        elif result.differences:
            message = lines[0]
        else:
            message = result.message or final
        diagnosed = report.diagnosed_as(case.id)
        body = "\n".join(
            [case.description, *([result.message] if result.message else []), *lines,
             *([f"diagnosed: {diagnosed}"] if diagnosed else []),
             f"rerun: {report.rerun_command(case.id)}"]
        )  # fmt: skip
        if diagnosed:
            properties = ET.SubElement(element, "properties")
            ET.SubElement(properties, "property", name="spadespec.diagnosis", value=diagnosed)
        tag = "error" if final == "error" else "failure"
        child = ET.SubElement(element, tag, message=_text(f"[{case.level}] {message}"), type=final)
        child.text = _text(body)
    elif final in ("skip", "n/a", "xfail"):
        reason = {"skip": "skipped by the engine", "n/a": "not applicable"}.get(
            final, "expected failure"
        )
        detail = f"{reason}: {result.message}" if result.message else reason
        ET.SubElement(element, "skipped", message=_text(detail))
    if result.graded and result.unchecked:
        # What the verdict covers, so a partly checked pass is not read as a whole one.
        ET.SubElement(element, "system-out").text = _text(f"{result.line}\n")
    if result.stderr:
        ET.SubElement(element, "system-err").text = _text(result.stderr)
    return element


def _start_failure(report: RunReport) -> ET.Element:
    engine = report.engine
    counts = {"tests": "1", "failures": "0", "errors": "1", "time": "0.000"}
    root = ET.Element("testsuites", counts, name=_text(f"spadespec conformance: {engine['name']}"))
    suite = ET.SubElement(root, "testsuite", counts, name="spadespec.engine", skipped="0")
    case = ET.SubElement(suite, "testcase", classname="spadespec.engine", name="start", time="0")
    error = ET.SubElement(case, "error", message=_text(report.start_error), type="start")
    error.text = _text(f"{report.start_error}\nno case was put to the engine")
    if report.start_stderr:
        ET.SubElement(case, "system-err").text = _text(report.start_stderr)
    return root


def write_junit(report: RunReport, path: Path) -> None:
    tree = ET.ElementTree(to_xml(report))
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)
