"""The engine results page: built from the stored reports of the current suite, each engine by
variant and by clause; a stored report of another suite stops the build with the command that
refreshes it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import GeneratedPages

from spadespec.docs_gen.results import (
    ENGINES,
    PAGE,
    RESULTS_DIR,
    StaleReport,
    _other_list,
    read_results,
)


def _lines(report: str) -> list[dict[str, object]]:
    text = (RESULTS_DIR / report).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_every_engine_has_its_row_and_its_figures_come_from_its_reports(
    generated_docs: GeneratedPages,
) -> None:
    page = generated_docs.pages[PAGE]
    for engine in ENGINES:
        row = next(line for line in page.splitlines() if line.startswith(f"| **{engine.name}**"))
        verdicts = [
            line["verdict"]
            for run in engine.runs
            for line in _lines(run.report)
            if line["kind"] == "case"
        ]
        passed = sum(1 for v in verdicts if v == "pass")
        assert f"{passed:,} pass" in row, row
        for run in engine.runs:
            assert f"(results/{run.report})" in row


def test_each_variant_has_a_cell_per_engine_and_its_clauses_fold_beneath(
    generated_docs: GeneratedPages,
) -> None:
    from spadespec.conformance.contract.suite.cases import load_suite

    page = generated_docs.pages[PAGE]
    for variant in load_suite().variants():
        row = re.search(rf'<tr><th scope="row"><a href="#clauses-{variant}">.*?</tr>', page)
        assert row, variant
        assert row.group(0).count('<td class="sp-res ') == len(ENGINES)
        assert f'<details class="sp-res-clauses" id="clauses-{variant}">' in page
    # OpenSpiel's listed failures show as expected failures, none as a failure.
    assert "sp-res-xfail" in page and "sp-res-fail" not in page.split("## By variant")[1]


def test_a_report_of_another_suite_stops_the_build_naming_the_refresh(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    shutil.copytree(RESULTS_DIR, folder)
    stale = folder / "openspiel-standard.jsonl"
    lines = stale.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    start["suite"]["digest"] = "0000000000000000"
    stale.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", encoding="utf-8")
    refresh = r"openspiel-standard\.jsonl.*regenerate results"
    with pytest.raises(StaleReport, match=refresh):
        read_results(folder)
    stale.unlink()
    with pytest.raises(StaleReport, match=r"no stored report .*openspiel-standard\.jsonl"):
        read_results(folder)


def test_each_failing_count_links_to_the_ids_of_its_cases(generated_docs: GeneratedPages) -> None:
    page = generated_docs.pages[PAGE]
    openspiel = next(e for e in ENGINES if e.key == "openspiel")
    # The ids OpenSpiel's standard run is expected to fail, from the list the run was given.
    listed = {
        line.split("#")[0].strip()
        for line in (
            RESULTS_DIR.parents[1] / "conformance/machinery/expected/openspiel-standard.txt"
        )
        .read_text(encoding="utf-8")
        .splitlines()
        if line.split("#")[0].strip()
    }
    anchor = f"cases-{openspiel.key}-standard"
    assert f'<a href="#{anchor}">◐' in page
    section = page.split(f"{{#{anchor}}}", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    shown = set(re.findall(r"^- `([^`]+)`: expected failure$", section, re.M))
    assert listed and listed <= {i.removesuffix("~score") for i in shown}, listed - shown
    # The reference engine fails nothing: no list of its own.
    assert "{#cases-reference-" not in page


def test_a_report_run_with_an_expected_failure_list_is_stale_once_the_list_moves(
    tmp_path: Path,
) -> None:
    listed = tmp_path / "expected.txt"
    listed.write_text("a.listed  # a reason\n", encoding="utf-8")
    start = {"expect_fail": str(listed)}
    cases = {"a.listed": {"verdict": "xfail"}, "b.failing": {"verdict": "fail"}}
    assert _other_list(start, cases) is None
    assert _other_list({}, cases) is None
    listed.write_text("a.listed\nb.failing  # now listed too\n", encoding="utf-8")
    assert "such as b.failing" in (_other_list(start, cases) or "")
    listed.write_text("", encoding="utf-8")
    assert "such as a.listed" in (_other_list(start, cases) or "")
