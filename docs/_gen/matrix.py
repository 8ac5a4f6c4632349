"""The comparison matrix: one row per rule, one column per variant, differences marked."""

from __future__ import annotations

from dataclasses import fields

from spadespec.reference_engine.variant.model import SECTIONS

from _gen.rule_names import SECTION_TITLES, rule_anchor, rule_label
from _gen.rulebook import rule_value
from _gen.sentences import format_value
from _gen.variant_data import KINDS, VariantDoc
from _gen.witnesses import witness_anchor

BASE = "standard"


def matrix_page(docs: list[VariantDoc]) -> str:
    """The matrix as Markdown; links are relative to `rules/matrix.md`."""
    base = next((d for d in docs if d.id == BASE), docs[0])
    # A column's full title shows on hover.
    head = "| rule | " + " | ".join(f'[{d.id}]({d.id}.md "{_quoted(d)}")' for d in docs) + " |"
    rule = "| --- | " + " | ".join("---" for _ in docs) + " |"
    out = [
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        "# Compare rulesets",
        "",
        f"Every rule of every shipped ruleset, side by side. A cell marked **◆** differs from "
        f"[`{base.id}`]({base.id}.md); each cell links to that rule on the ruleset's page, "
        "with its sentence, citation or interpretation. Rulesets with table options are shown "
        "with their defaults. The rule column stays in view as a table scrolls sideways.",
        "",
        # The switch is a plain checkbox; the stylesheet hides the rows when it is ticked.
        '<label class="sp-differs-switch"><input type="checkbox" id="sp-differs-only"> '
        f"Show only the rules on which some ruleset differs from `{base.id}`</label>",
        "",
    ]
    for section, cls in SECTIONS.items():
        out += [
            f"## {SECTION_TITLES.get(section, section)}",
            "",
            '<div class="sp-matrix" markdown>',
            "",
            head,
            rule,
        ]
        for f in fields(cls):
            path = f"{section}.{f.name}"
            cells = []
            standard = format_value(rule_value(base, path))
            for doc in docs:
                value = format_value(rule_value(doc, path))
                # An empty card list reads as none; a full one's brackets would end the link text.
                shown = "none" if value == "[]" else value.replace("[", "\\[").replace("]", "\\]")
                link = f"[{shown}]({doc.id}.md#{rule_anchor(path)})"
                if value != standard:
                    # The mark links to a hand that shows the difference (witnesses.md).
                    mark = f"[◆](witnesses.md#{witness_anchor(doc.id, path)})"
                    link = f'<span class="spadespec-differs">**{mark}**&nbsp;{link}</span>'
                cells.append(link)
            out.append(f"| {rule_label(path)} | " + " | ".join(cells) + " |")
        out += ["", "</div>", ""]
    return "\n".join(out)


def _quoted(doc: VariantDoc) -> str:
    return doc.resolved.title.replace('"', "'")


def rulesets_index(docs: list[VariantDoc]) -> str:
    """The list of rulesets, grouped by kind, with their summaries and parents."""
    out = [
        "# Rulesets",
        "",
        "Every ruleset the project ships, each generated from its variant file: the base, the "
        "rulesets the source documents describe, and house rules built on them. "
        "See also the [comparison matrix](matrix.md).",
    ]
    for kind, heading in KINDS.items():
        group = [d for d in docs if d.kind == kind]
        if not group:
            continue
        out += ["", f"## {heading}", "", "| ruleset | extends | summary |", "| --- | --- | --- |"]
        for doc in group:
            parent = doc.raw.get("extends")
            ext = f"[`{parent}`]({parent}.md)" if parent else "—"
            summary = " ".join(doc.resolved.summary.split())
            out.append(f"| [{doc.resolved.title}]({doc.id}.md) (`{doc.id}`) | {ext} | {summary} |")
    return "\n".join(out) + "\n"
