"""A ruleset's rules as the page's HTML: what it changes against its parent, its table options,
every rule with its value and where it comes from (the citations, with what each cited passage
says, or the interpretation the ruleset made), and the sources it cites. Each rule is named as
its axis names it (`axes.yaml`) and its value is spelt as `spadespec show` spells it."""

from __future__ import annotations

import re
from dataclasses import fields
from enum import Enum
from html import escape
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.model import (
    SECTIONS,
    Citation,
    Interpretation,
    Provenance,
    rule_at,
    rule_paths,
)

_CODE = re.compile(r"`([^`]+)`")


def prose(text: str) -> str:
    """Text as HTML, each `code` span of it (as the variant files write names) set as code."""
    return _CODE.sub(r"<code>\1</code>", escape(text))


def anchor(path: str) -> str:
    """The id of a rule's heading, as the site's pages give it: `rule-scoring-bag-penalty`."""
    return "rule-" + path.replace(".", "-").replace("_", "-")


def changed_rules(variant: ResolvedVariant, parent: ResolvedVariant | None) -> list[str]:
    """The rules whose value differs from the parent's, both at their options' defaults."""
    if parent is None:
        return []
    return [p for p in rule_paths() if rule_at(variant.rules, p) != rule_at(parent.rules, p)]


def _value(value: Any) -> str:
    return f"<code>{escape(rule_value_text(value))}</code>"


def _source_link(variant: ResolvedVariant, key: str) -> str:
    """A cited document by its title, linked to its address where it has one, else to its row
    of the page's sources (which names its file)."""
    source = next((s for s in variant.sources if s.key == key), None)
    if source is None:
        return escape(key)
    href = source.url or f"#source-{source.key}"
    return f'<a href="{escape(href)}"><em>{escape(source.title)}</em></a>'


def changes_html(variant: ResolvedVariant, parent: ResolvedVariant | None) -> str:
    """The rules whose value differs from the parent's, the parent's value beside the new one."""
    if parent is None:
        return f"<p>{escape(variant.id)} extends no ruleset: every rule below is its own.</p>"
    changed = changed_rules(variant, parent)
    head = (
        f"<p>{escape(variant.id)} extends <strong>{escape(parent.title)}</strong> "
        f"(<code>{escape(parent.id)}</code>); with the table options at their defaults, "
    )
    if not changed:
        return head + "it plays the same rules.</p>"
    rows = "".join(
        f'<tr><td><a href="#{anchor(p)}">{escape(AXES[p].label)}</a> <code>{escape(p)}</code>'
        f"</td><td>{_value(rule_at(parent.rules, p))}</td>"
        f'<td class="spadespec-differs">{_value(rule_at(variant.rules, p))}</td></tr>'
        for p in changed
    )
    noun = "rule" if len(changed) == 1 else "rules"
    return (
        f"{head}it changes {len(changed)} {noun}:</p>\n<table><thead><tr><th>rule</th>"
        f"<th>{escape(parent.id)} (before)</th><th>{escape(variant.id)} (now)</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def options_html(variant: ResolvedVariant) -> str:
    if not variant.options:
        return "<p>No table options: every rule is fixed.</p>"
    rows = "".join(
        f"<tr><td><code>{escape(o.name)}</code></td>"
        f'<td><a href="#{anchor(o.rule)}"><code>{escape(o.rule)}</code></a></td>'
        f"<td>{', '.join(_value(c) for c in o.choices)}</td><td>{_value(o.default)}</td>"
        f"<td>{prose(o.description)}</td></tr>"
        for o in variant.options
    )
    return (
        "<p>Chosen by the table before play (<code>--option NAME=VALUE</code> on the "
        "commands); this page shows each at its default.</p>\n<table><thead><tr><th>option</th>"
        "<th>rule</th><th>choices</th><th>default</th><th>what it decides</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def _origin(variant: ResolvedVariant, prov: Provenance) -> str:
    if prov.origin == "file":
        return f"Set by {escape(variant.id)}"
    if prov.origin == "parent":
        return f"Inherited from {escape(prov.variant)}"
    how = "chosen" if prov.origin == "option" else "at its default"
    return f"Table option <code>{escape(prov.option or '')}</code>, {how}"


def _citations(variant: ResolvedVariant, cites: tuple[Citation, ...]) -> str:
    """ "Source: *Title*, sections “A” and “B”", one entry per document cited."""
    sections: dict[str, list[str]] = {}
    for cite in cites:
        if cite.section not in sections.setdefault(cite.source, []):
            sections[cite.source].append(cite.section)
    parts = []
    for key, named in sections.items():
        quoted = [f"“{escape(section)}”" for section in named]
        listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
        noun = "section" if len(quoted) == 1 else "sections"
        parts.append(f"{_source_link(variant, key)}, {noun} {listed}")
    return ("Source: " if len(parts) == 1 else "Sources: ") + "; ".join(parts)


def _interpretation(
    variant: ResolvedVariant, interp: Interpretation, cited: bool, own: bool
) -> str:
    # Beside a citation, the interpretation reads what the source says; alone, it fills a silence.
    leaves_open = not cited and not interp.could_not_check
    kind = "the sources leave this open" if leaves_open else "how the cited text is read"
    items = [
        ("Question", interp.question),
        ("Choice", interp.choice),
        ("Why", interp.why),
        ("Alternative reading", interp.alternative),
    ]
    body = "".join(f"<p><strong>{label}.</strong> {prose(text)}</p>" for label, text in items)
    if interp.source:
        where = _source_link(variant, interp.source)
        if interp.section:
            where += f", section “{escape(interp.section)}”"
        if interp.as_in:
            where += f", which is silent on it; the choice is as in {escape(interp.as_in)}"
        body += f"<p>Where the question arises: {where}.</p>"
    if interp.could_not_check:
        body += f"<p><strong>Not confirmed.</strong> {prose(interp.could_not_check)}</p>"
    # The file's own choices are open; those it inherits fold, as on the site.
    return (
        f'<details class="question"{" open" if own else ""}><summary>Interpretation: {kind}'
        f"</summary>{body}</details>"
    )


def rule_html(variant: ResolvedVariant, parent: ResolvedVariant | None, path: str) -> str:
    """One rule: its name, what it decides, its value (and the parent's where it differs),
    where the value comes from, and its citations or its interpretation."""
    axis = AXES[path]
    value = rule_at(variant.rules, path)
    facts = [f"Value: <code>{escape(path)}</code> = {_value(value)}"]
    if isinstance(value, Enum) and value.value in axis.values:
        facts[0] += f" ({prose(axis.values[value.value])})"
    before = rule_at(parent.rules, path) if parent is not None else value
    changed = parent is not None and before != value
    if changed and parent is not None:
        facts.append(f"{escape(parent.id)} has {_value(before)}")
    prov = variant.provenance[path]
    facts.append(_origin(variant, prov))
    if prov.citations:
        facts.append(_citations(variant, prov.citations))
    heading = escape(axis.label)
    if changed:
        heading += ' <span class="spadespec-differs">changed</span>'
    out = [
        f'<h3 id="{anchor(path)}">{heading}</h3>',
        f"<p>{prose(axis.clause)}</p>",
        f'<p class="spadespec-value">{" · ".join(facts)}</p>',
    ]
    out += [
        f'<p class="spadespec-says"><em>{escape(c.source)}, “{escape(c.section)}”:</em> '
        f"{prose(c.says)}</p>"
        for c in prov.citations
        if c.says
    ]
    if prov.origin in ("option", "option-default"):
        option = next((o for o in variant.options if o.name == prov.option), None)
        if option is not None:
            out.append(f'<p class="spadespec-note">{prose(option.description)}</p>')
    if prov.moot:
        out.append(f'<p class="spadespec-note"><em>Moot.</em> {prose(prov.moot)}</p>')
    if prov.interpretation is not None:
        own = prov.variant == variant.id
        out.append(_interpretation(variant, prov.interpretation, bool(prov.citations), own))
    if prov.note:
        out.append(f'<p class="spadespec-note"><em>Note.</em> {prose(prov.note)}</p>')
    return "\n".join(out)


def rules_html(variant: ResolvedVariant, parent: ResolvedVariant | None) -> str:
    """Every rule, section by section, in the order a rulebook reads them."""
    out = []
    for section, kind in SECTIONS.items():
        title = section.replace("_", " ").capitalize()
        out.append(f'<h2 id="section-{section.replace("_", "-")}">{escape(title)}</h2>')
        out += [rule_html(variant, parent, f"{section}.{f.name}") for f in fields(kind)]
    return "\n".join(out)


def sources_html(variant: ResolvedVariant) -> str:
    if not variant.sources:
        return "<p>This ruleset cites no source document.</p>"
    rows = []
    for s in variant.sources:
        link = f'<a href="{escape(s.url)}">{escape(s.url)}</a>' if s.url else ""
        where = link or f"<code>{escape(s.file)}</code>"
        said = (("Published by ", s.publisher), ("Edition: ", s.edition), ("", s.about))
        about = " ".join(prose(lead + text.rstrip(".") + ".") for lead, text in said if text)
        cells = (f"<code>{escape(s.key)}</code>", f"<em>{escape(s.title)}</em>", where, about)
        row = "".join(f"<td>{cell}</td>" for cell in cells)
        rows.append(f'<tr id="source-{escape(s.key)}">{row}</tr>')
    return (
        "<table><thead><tr><th>key</th><th>title</th><th>where to read it</th><th>about</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
