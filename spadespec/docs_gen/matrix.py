"""The comparison page: one table, a row per rule and a column per ruleset, the rulesets grouped
as base, sources and house rules, differences from the base marked; and a row view that answers
"who plays this rule how" for one rule at a time.

The table is written as HTML, not Markdown: it needs two header rows, row headers and classes
the stylesheet keeps in view while the table scrolls. Its links are therefore written as the
built site has them (`../standard/#rule-...`), from `rules/matrix/`.
"""

from __future__ import annotations

from dataclasses import fields
from html import escape

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.docs_gen.front_matter import front_matter
from spadespec.docs_gen.rule_names import SECTION_TITLES, rule_anchor, rule_label
from spadespec.docs_gen.rulebook import rule_value
from spadespec.docs_gen.variant_data import KINDS, VariantDoc
from spadespec.docs_gen.witnesses import witness_anchor
from spadespec.reference_engine.variant.model import SECTIONS

BASE = "standard"
# The rule the row view shows before a reader picks one.
FIRST_SHOWN = "scoring.nil_penalty"
_GROUP_NAMES = {"base": "Base", "source": "From the sources", "house": "House rules"}


def _rule_paths() -> list[tuple[str, list[str]]]:
    return [(s, [f"{s}.{f.name}" for f in fields(cls)]) for s, cls in SECTIONS.items()]


def _who_anchor(path: str) -> str:
    return "who-" + rule_anchor(path).removeprefix("rule-")


def _header(docs: list[VariantDoc]) -> list[str]:
    groups = [(k, [d for d in docs if d.kind == k]) for k in KINDS]
    first = ['<th class="sp-corner" rowspan="2" scope="col">rule</th>']
    for kind, group in groups:
        if group:
            first.append(
                f'<th class="sp-group sp-group-{kind}" colspan="{len(group)}" scope="colgroup" '
                f'title="{escape(KINDS[kind])}"><span>{_GROUP_NAMES[kind]}</span></th>'
            )
    second = []
    for doc in docs:
        # The full title shows on hover; the id is what a command line takes.
        second.append(
            f'<th class="sp-col sp-group-{doc.kind}" scope="col">'
            f'<a href="../{doc.id}/" title="{escape(doc.resolved.title)}">{doc.id}</a></th>'
        )
    return [
        "<thead>",
        '<tr class="sp-head-groups">' + "".join(first) + "</tr>",
        '<tr class="sp-head-ids">' + "".join(second) + "</tr>",
        "</thead>",
    ]


def _row(docs: list[VariantDoc], base: VariantDoc, path: str) -> tuple[str, bool]:
    standard = rule_value_text(rule_value(base, path), empty="none")
    cells = []
    differs = False
    for doc in docs:
        value = rule_value_text(rule_value(doc, path), empty="none")
        link = f'<a href="../{doc.id}/#{rule_anchor(path)}">{escape(value)}</a>'
        if value == standard:
            cells.append(f"<td>{link}</td>")
            continue
        differs = True
        title = escape(f"{base.id}: {standard}")
        cells.append(f'<td class="spadespec-differs" title="{title}">{link}</td>')
    label = (
        f'<th scope="row" title="{path}"><a href="#{_who_anchor(path)}">'
        f"{escape(rule_label(path))}</a></th>"
    )
    row_class = "sp-rule sp-row-differs" if differs else "sp-rule"
    return f'<tr class="{row_class}">{label}{"".join(cells)}</tr>', differs


def _table(docs: list[VariantDoc], base: VariantDoc) -> list[str]:
    # A grid of values is no text to search: each rule's own page is what search finds.
    out = ['<div class="sp-matrix-box" tabindex="0" data-search-exclude>']
    out.append('<table class="sp-matrix-table">')
    out += _header(docs)
    out.append("<tbody>")
    for section, paths in _rule_paths():
        rows = [_row(docs, base, path) for path in paths]
        # A section with no differing rule is hidden with its rows by the switch.
        cls = "sp-section sp-row-differs" if any(d for _, d in rows) else "sp-section"
        out.append(
            f'<tr class="{cls}"><th scope="rowgroup" colspan="{len(docs) + 1}">'
            f"<span>{SECTION_TITLES.get(section, section)}</span></th></tr>"
        )
        out += [row for row, _ in rows]
    out += ["</tbody>", "</table>", "</div>"]
    return out


def _row_view(docs: list[VariantDoc], base: VariantDoc) -> list[str]:
    """For each rule, which rulesets play which value: one panel per rule, the one named in the
    address (`#who-scoring-nil-penalty`) shown, the nil penalty's when none is."""
    options = []
    panels = []
    for section, paths in _rule_paths():
        options.append(f'<optgroup label="{SECTION_TITLES.get(section, section)}">')
        for path in paths:
            anchor = _who_anchor(path)
            chosen = " selected" if path == FIRST_SHOWN else ""
            options.append(f'<option value="{anchor}"{chosen}>{escape(rule_label(path))}</option>')
            panels.append(_panel(docs, base, path))
        options.append("</optgroup>")
    return [
        '<div class="sp-rowview">',
        '<label class="sp-rowview-pick">Who plays '
        '<select id="sp-rule-pick" aria-label="the rule to show">',
        *options,
        "</select> how</label>",
        '<div class="sp-who-list">',
        *panels,
        "</div>",
        "</div>",
    ]


def _panel(docs: list[VariantDoc], base: VariantDoc, path: str) -> str:
    by_value: dict[str, list[VariantDoc]] = {}
    for doc in docs:
        by_value.setdefault(rule_value_text(rule_value(doc, path), empty="none"), []).append(doc)
    standard = rule_value_text(rule_value(base, path), empty="none")
    # The base's value first, then the others by how many rulesets play them.
    ordered = sorted(by_value.items(), key=lambda kv: (kv[0] != standard, -len(kv[1]), kv[0]))
    rows = []
    for value, group in ordered:
        names = ", ".join(
            f'<a href="../{d.id}/#{rule_anchor(path)}" title="{escape(d.resolved.title)}">'
            f"{d.id}</a>"
            + (
                f' <a class="sp-witness" href="../witnesses/#{witness_anchor(d.id, path)}" '
                f'title="a hand that shows the difference">(a hand)</a>'
                if value != standard
                else ""
            )
            for d in group
        )
        mark = f" (as {base.id})" if value == standard else ""
        rows.append(
            f"<tr><td><code>{escape(value)}</code>{mark}</td><td>{len(group)}</td>"
            f"<td>{names}</td></tr>"
        )
    counted = f"{len(ordered)} value{'s' if len(ordered) != 1 else ''}"
    first = " sp-who-first" if path == FIRST_SHOWN else ""
    return (
        f'<section class="sp-who{first}" id="{_who_anchor(path)}">'
        f"<p><strong>{escape(rule_label(path))}</strong> (<code>{path}</code>): {counted} "
        f"among {len(docs)} rulesets.</p>"
        '<table class="sp-who-table" data-search-exclude><thead><tr><th>value</th><th>how many</th>'
        f"<th>rulesets</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        '<p class="sp-who-back"><a href="#sp-differs-only">Back to the table</a></p></section>'
    )


def _column_options(docs: list[VariantDoc], base: VariantDoc) -> str:
    return "".join(
        f'<option value="{i}"{" selected" if d.id == base.id else ""}>{d.id}</option>'
        for i, d in enumerate(docs)
    )


def matrix_page(docs: list[VariantDoc]) -> str:
    """The comparison page as Markdown around an HTML table; see the module's docstring."""
    base = next((d for d in docs if d.id == BASE), docs[0])
    counts = {k: sum(1 for d in docs if d.kind == k) for k in KINDS}
    out = [
        *front_matter("navigation", "toc"),
        "# Compare rulesets",
        "",
        f"Every rule of the {len(docs)} shipped rulesets in one table: the base, the "
        f"{counts['source']} rulesets from the source documents and the {counts['house']} house "
        f"rules. A shaded cell differs from [`{base.id}`]({base.id}.md), or from the ruleset "
        "picked below; each cell links to that "
        "rule on the ruleset's page, with its sentence and its citation or interpretation, and a "
        "column's full title shows on hover. Rulesets with table options are shown with their "
        "defaults. The rule column and the header stay in view while the table scrolls. To see "
        "two rulesets' differences with their sentences and a hand for each, "
        "[compare two rulesets](compare.md).",
        "",
        # The switch is a plain checkbox; the stylesheet hides the rows when it is ticked. The
        # site's script shades again from the column picked (the page as built: the base's).
        '<div class="sp-matrix-controls">',
        '<label class="sp-matrix-base">Shade what differs from '
        f'<select id="sp-matrix-base" aria-label="the ruleset to compare with">'
        f"{_column_options(docs, base)}</select></label>",
        '<label class="sp-differs-switch"><input type="checkbox" id="sp-differs-only"> '
        "Show only the rules on which some ruleset differs from "
        f'<code id="sp-differs-from">{base.id}</code></label>',
        "</div>",
        "",
        *_table(docs, base),
        "",
        "## Who plays a rule how {#row-view}",
        "",
        "Pick a rule, or click a rule's name in the table, to see which rulesets play which "
        "value, each differing one with a hand that shows what the difference does.",
        "",
        *_row_view(docs, base),
        "",
    ]
    return "\n".join(out)


def rulesets_index(docs: list[VariantDoc]) -> str:
    """The list of rulesets, grouped by kind, with their summaries and parents."""
    out = [
        "# Rulesets",
        "",
        "Every ruleset the project ships, each generated from its variant file: the base, the "
        "rulesets the source documents describe, and house rules built on them. "
        "See also the [comparison matrix](matrix.md), or [compare two rulesets](compare.md) "
        "rule by rule.",
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
