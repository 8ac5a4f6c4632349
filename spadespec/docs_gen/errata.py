"""The errata and interpretations page: every worked example a source got wrong by its own
rules, and every choice a ruleset makes where its sources are silent, gathered in one place."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from spadespec.docs_gen.rule_names import rule_anchor, rule_label
from spadespec.docs_gen.variant_data import VariantDoc, reading_after_title
from spadespec.docs_gen.worked_examples import _flatten

PAGE = "rules/errata.md"


def _erratum(case: Any, docs: dict[str, VariantDoc]) -> list[str]:
    doc = docs.get(case.variant)
    key = case.origin.get("source", "")
    src = doc.sources.get(key) if doc else None
    title = f"*{src.title}*{reading_after_title(src)}" if src else f"`{key}`"
    section = case.origin.get("section")
    where = f"{title}, section “{section}”" if section else title
    rules_give = _flatten(case.expect)
    rows = ["| item | the source printed | its own rules give |", "| --- | ---: | ---: |"]
    for path, printed in _flatten(case.source_expect or {}).items():
        rows.append(f"| `{path}` | {printed} | {rules_give.get(path, '(not checked)')} |")
    anchor = f"case-{case.id.replace('.', '-')}"
    figures = [*rows, "", case.erratum_reason or ""]
    return [
        f"### `{case.id}`",
        "",
        f"Printed in {where}; the ruleset [{case.variant}]({case.variant}.md#{anchor}) keeps it as"
        " a worked example beside the corrected figures.",
        "",
        *_folded("What the source printed beside what its rules give, and why", "note", figures),
    ]


def _folded(summary: str, kind: str, lines: list[str]) -> list[str]:
    """`lines` folded under `summary`, closed until opened: the page is a list of its sections'
    headings on a phone's few screens, each opened where the reader wants it."""
    body = [f"    {line}" if line else "" for text in lines for line in text.split("\n")]
    return [f'??? {kind} "{summary}"', "", *body, ""]


def _interpretations(docs: list[VariantDoc]) -> dict[str, list[str]]:
    """Source title -> a table row for each interpretation a ruleset makes itself."""
    by_source: dict[str, list[str]] = defaultdict(list)
    for doc in docs:
        for path, prov in sorted(doc.resolved.provenance.items()):
            interp = prov.interpretation
            if interp is None or prov.origin == "parent":
                continue
            src = doc.sources.get(interp.source or "")
            heading = src.title if src else "Where no one source raises the question"
            link = f"[{doc.id}: {rule_label(path)}]({doc.id}.md#{rule_anchor(path)})"
            cells = (interp.question, interp.choice, interp.alternative)
            by_source[heading].append(f"| {link} | " + " | ".join(_cell(c) for c in cells) + " |")
    return by_source


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def has_errata_or_interpretations(doc: VariantDoc, cases: list[Any]) -> bool:
    """Whether the page has something of this ruleset's to show."""
    own = any(
        p.interpretation is not None and p.origin != "parent"
        for p in doc.resolved.provenance.values()
    )
    return own or any(c.variant == doc.id and c.status == "erratum" for c in cases)


def errata_page(docs: list[VariantDoc], cases: list[Any]) -> str:
    by_id = {doc.id: doc for doc in docs}
    errata = [c for c in cases if c.status == "erratum" and c.variant in by_id]
    out = [
        "# Errata and interpretations",
        "",
        "Where a source's printed example disagrees with the source's own rules, and where a "
        "ruleset had to choose because its sources are silent or can be read two ways. Generated "
        "from the cases and the variant files when this site was built.",
        "",
        "## Errata",
        "",
    ]
    if not errata:
        out += ["No source's worked example disagrees with its own rules.", ""]
    for case in errata:
        out += _erratum(case, by_id)
    out += [
        "## Interpretations, by source",
        "",
        "Each choice a ruleset makes itself (a ruleset that extends another and keeps its "
        "choice is not listed again), under the source the question arises from.",
        "",
    ]
    unchecked = [
        f"- [{doc.id}: {rule_label(path)}]({doc.id}.md#{rule_anchor(path)}): "
        + _cell(prov.interpretation.could_not_check)
        for doc in docs
        for path, prov in sorted(doc.resolved.provenance.items())
        if prov.origin != "parent" and prov.interpretation and prov.interpretation.could_not_check
    ]
    for heading, rows in sorted(_interpretations(docs).items()):
        summary = (
            "The choice made, the question it answers and the other reading"
            if len(rows) == 1
            else f"The {len(rows)} choices made, the question each answers and the other reading"
        )
        table = [
            "| ruleset and rule | question | choice | the other reading |",
            "| --- | --- | --- | --- |",
        ]
        # On a phone the table's rows stand one under another (`sp-stack`, spadespec.css).
        out += [f"### {heading}", "", *_folded(summary, "note sp-stack", [*table, *rows])]
    if unchecked:
        # After the sources' sections, so that none of them sits under this heading.
        out += [
            "## Not confirmed against the published page {#could-not-be-checked}",
            "",
            "Rules taken from a published page that says something the choice rests on, but "
            "that could not be read to confirm it. Each is an interpretation too, listed above "
            "under its source.",
            "",
            *unchecked,
            "",
        ]
    return "\n".join(out)
