"""A variant's rulebook page: every rule in prose with its citation or interpretation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.docs_gen.cards import SEAT_NAMES
from spadespec.docs_gen.compact_rules import (
    MOOT,
    cited_section,
    lines,
    not_had,
    one_line,
    plain,
    repeats_rule,
)
from spadespec.docs_gen.rule_names import SECTION_TITLES, rule_anchor, rule_label
from spadespec.docs_gen.sentences import pairs_text, partners_text, sentence
from spadespec.docs_gen.variant_data import VariantDoc, reading, reading_after_title
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.model import (
    SECTIONS,
    Interpretation,
    Provenance,
    Rules,
    Sides,
)


def _table_intro(rules: Rules) -> str:
    table = table_of(rules)
    seats = ", ".join(SEAT_NAMES[s.name] for s in table.seats[:-1])
    seats += f" and {SEAT_NAMES[table.seats[-1].name]}"
    if not table.partnerships:
        who = "Every player scores alone."
    elif rules.table.sides is Sides.PARTNERSHIPS_AND_SPOILER:
        count = "two" if table.players == 5 else "three"
        who = f"North plays alone as the spoiler against {count} partnerships, {pairs_text(rules)}."
    else:
        who = f"Partners sit opposite, {partners_text(rules)}."
    return (
        f"{seats} sit round the table, and each is dealt {table.cards_per_hand} cards, so a "
        f"hand has {table.cards_per_hand} tricks. {who}"
    )


def _play_intro(rules: Rules) -> str:
    spades = "the highest spade in it"
    if rules.deck.top_trumps:
        spades = "the highest spade in it (the cards above the ace of spades count as spades)"
    return (
        "A player must follow the suit led when able; a player who cannot may play any card. "
        f"A trick is won by {spades}, or if none was played by the highest card of the suit "
        "led, and its winner leads to the next trick."
    )


def _scoring_intro(rules: Rules) -> str:
    if rules.table.sides is Sides.PARTNERSHIPS_AND_SPOILER:
        return (
            "Partners add their bids together into one contract for the side, and the spoiler's "
            "bid is its own; a nil bid is scored on its own."
        )
    if table_of(rules).partnerships:
        return (
            "Partners add their bids together into one contract for the side; a nil bid is "
            "scored on its own."
        )
    return "Each player's bid is their own contract; a nil bid is scored on its own."


# What the rules of a section add up to, said once at its head.
SECTION_INTROS: dict[str, Callable[[Rules], str]] = {
    "table": _table_intro,
    "play": _play_intro,
    "scoring": _scoring_intro,
}


BAGS = "A trick a side takes beyond its contract is an overtrick, also called a bag or sandbag."


def rule_value(doc: VariantDoc, path: str) -> Any:
    section, name = path.split(".")
    return getattr(getattr(doc.resolved.rules, section), name)


def _citation_line(doc: VariantDoc, cites: Any, lead: str = "") -> str:
    """ "Sources: *Title* (`file`), sections “A” (what it says) and “B”; ..." with one entry per
    document; a section is followed by what the passage states, where the file says it."""
    by_source: dict[str, list[str]] = {}
    for cite in cites:
        key = cite.source if hasattr(cite, "source") else cite["source"]
        section = cite.section if hasattr(cite, "section") else cite["section"]
        says = getattr(cite, "says", None) if hasattr(cite, "source") else cite.get("says")
        shown = cited_section(doc, key, section, says)
        by_source.setdefault(key, [])
        if shown not in by_source[key]:
            by_source[key].append(shown)
    parts = []
    for key, quoted in by_source.items():
        # Named by its key, which links to its entry (title, publisher, address, what it
        # covers); the page's "Sources cited" table gives each key's title.
        title = f"[{key}](sources.md#{key})" if key in doc.sources else key
        where = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
        parts.append(f"{title}, section{'s' if len(quoted) > 1 else ''} {where}")
    label = "source" if len(parts) == 1 else "sources"
    label = f"{lead} {label}" if lead else label.capitalize()
    return f"{label}: " + "; ".join(parts) + ".\n{: .spadespec-cite }"


def _interpretation(doc: VariantDoc, path: str, interp: Interpretation, cited: bool) -> str:
    # A rule with a citation beside its interpretation is stated by a source and read here;
    # without one, the sources are silent on it.
    title = (
        "Interpretation: how the published page is read"
        if interp.could_not_check or cited
        else "Interpretation: the sources leave this open"
    )
    # Folded: the rule's sentence and source come first; the reasoning opens on a click.
    lines = [
        f'??? question "{title}"',
        "",
        f"    **Question.** {interp.question}",
        "",
        f"    **Choice.** {interp.choice}",
        "",
        f"    **Why.** {interp.why}",
        "",
        f"    **Alternative reading.** {interp.alternative}",
    ]
    if interp.source:
        src = doc.sources.get(interp.source)
        where = f"*{src.title if src else interp.source}*"
        where += reading_after_title(src)
        if interp.section:
            where += f", section “{interp.section}”"
        if interp.as_in:
            # The source is silent here as the others are: the reasons are the ruleset's it
            # extends, linked to where that ruleset states them.
            home = f"[{interp.as_in}]({interp.as_in}.md#{rule_anchor(path)})"
            where += f", which is silent on it; the choice and its reasons are as in {home}"
        lines += ["", f"    Where the question arises: {where}."]
    if interp.could_not_check:
        # Not a silence of the sources: a page that says it, which could not be read to confirm.
        # Flagged inside the interpretation, not as a heading of its own above the rule's text.
        lines += ["", f"    **Not confirmed.** {interp.could_not_check}"]
    return "\n".join(lines)


def _origin(doc: VariantDoc, path: str, prov: Provenance) -> str:
    if prov.origin == "parent":
        link = f"[{prov.variant}]({prov.variant}.md#{rule_anchor(path)})"
        return f"Inherited from {link}.\n{{: .spadespec-origin }}"
    if prov.origin in ("option", "option-default"):
        link = f"[`{prov.option}`](#table-options)"
        return f"Chosen at the table: see the option {link}.\n{{: .spadespec-origin }}"
    return ""


def rule_block(doc: VariantDoc, path: str) -> str:
    """One rule: heading with its anchor, the sentence, its value, and where it comes from."""
    value = rule_value(doc, path)
    prov = doc.resolved.provenance.get(path)
    said = sentence(doc.resolved.rules, path, value)
    # The value, where the rule comes from and its sources in one quiet line under the rule.
    facts = [f"Value: `{path}` = `{rule_value_text(value)}`"]
    if prov is not None:
        origin = _origin(doc, path, prov)
        if origin:
            facts.append(origin.split("\n")[0])
        if prov.citations:
            facts.append(_citation_line(doc, prov.citations).split("\n")[0])
        if prov.moot:
            facts.append(MOOT)
    out = [
        f"### {rule_label(path)} {{#{rule_anchor(path)}}}",
        "",
        said,
        "",
        " · ".join(facts) + "\n{: .spadespec-value }",
    ]
    if prov is None:
        return "\n".join(out)
    if prov.interpretation:
        out += ["", _interpretation(doc, path, prov.interpretation, bool(prov.citations))]
    if prov.note and not repeats_rule(prov.note, said):
        out += ["", f"*Note.* {prov.note}\n{{: .spadespec-note }}"]
    return "\n".join(out)


def changes_from_parent(doc: VariantDoc) -> str:
    """A table of the rules whose value differs from the parent's."""
    parent = doc.parent
    if parent is None:
        return "This is the base ruleset: every other ruleset extends it.\n"
    rows = []
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            path = f"{section}.{f.name}"
            mine = rule_value(doc, path)
            theirs = getattr(getattr(parent.rules, section), f.name)
            if mine != theirs:
                rows.append(
                    f"| [{rule_label(path)}](#{rule_anchor(path)}) | `{rule_value_text(theirs)}` "
                    f"| `{rule_value_text(mine)}` |"
                )
    head = (
        f"This ruleset extends [{parent.title}]({parent.id}.md) (`{parent.id}`). "
        "Rules it does not restate are inherited from it."
    )
    if not rows:
        return head + " With its table options at their defaults it plays the same rules.\n"
    table = [f"| rule | {parent.id} | {doc.id} |", "| --- | --- | --- |", *rows]
    return (
        head
        + " With its table options at their defaults, it changes:\n\n"
        + "\n".join(table)
        + "\n"
    )


def options_table(doc: VariantDoc) -> str:
    if not doc.resolved.options:
        return "This ruleset has no table options: every rule is fixed.\n"
    rows = [
        "| option | rule | choices | default | what it decides |",
        "| --- | --- | --- | --- | --- |",
    ]
    for opt in doc.resolved.options:
        choices = ", ".join(f"`{rule_value_text(c)}`" for c in opt.choices)
        rows.append(
            f"| `{opt.name}` | [{rule_label(opt.rule)}](#{rule_anchor(opt.rule)}) | {choices} "
            f"| `{rule_value_text(opt.default)}` | {opt.description} |"
        )
    out = "\n".join(rows) + "\n"
    for opt in doc.resolved.options:
        cites = opt.citations
        if cites:
            out += "\n" + _citation_line(doc, cites, lead=f"Option `{opt.name}`,") + "\n"
    example = doc.resolved.options[0]
    choice = rule_value_text(example.choices[0])
    out += (
        f"\nChoose an option with `--option`, e.g. "
        f"`spadespec show {doc.id} --option {example.name}={choice}`.\n"
    )
    return out


def sources_table(doc: VariantDoc) -> str:
    used: set[str] = set()
    for prov in doc.resolved.provenance.values():
        used.update(c.source for c in prov.citations)
        if prov.interpretation and prov.interpretation.source:
            used.add(prov.interpretation.source)
    rows = ["| key | title | publisher, and where to read it |", "| --- | --- | --- |"]
    for key in sorted(used):
        src = doc.sources.get(key)
        rows.append(f"| `{key}` | {src.title if src else '?'} | {reading(src) or '?'} |")
    # In a box of its own class, for the stylesheet (a long title may break on a phone).
    return "\n".join(['<div class="sp-sources" markdown="1">', "", *rows, "", "</div>"]) + "\n"


def _is_own(doc: VariantDoc, path: str) -> bool:
    """Whether this ruleset states the rule itself (its file or a table option), rather than
    taking it from the ruleset it extends."""
    prov = doc.resolved.provenance.get(path)
    return doc.parent is None or prov is None or prov.origin != "parent"


def inherited_table(doc: VariantDoc) -> list[str]:
    """Every rule the ruleset takes unchanged from the one it extends, one row each under its
    section, linking to the full text (sources, reasons) on the page that states it."""
    assert doc.parent is not None
    rows = 0
    tables: list[str] = []
    for section, cls in SECTIONS.items():
        paths = [f"{section}.{f.name}" for f in fields(cls)]
        paths = [path for path in paths if not _is_own(doc, path)]
        if not paths:
            continue
        rows += len(paths)
        tables += [f"### {SECTION_TITLES.get(section, section)}", ""]
        tables += ["| rule | at this table | value | full text |", "| --- | --- | --- | --- |"]
        for path in paths:
            value = rule_value(doc, path)
            prov = doc.resolved.provenance[path]
            home = prov.variant or doc.parent.id
            tables.append(
                f"| **{rule_label(path)}**{{#{rule_anchor(path)}}} "
                f"| {sentence(doc.resolved.rules, path, value)} "
                f"| `{path}` = `{rule_value_text(value)}` "
                f"| Sources: [{home}]({home}.md#{rule_anchor(path)}) |"
            )
        tables.append("")
    # Folded: a reader opens it, or a link to one of its rules does.
    return [
        f"## Rules as in {doc.parent.title} {{#inherited}}",
        "",
        f"Every other rule is played as in [{doc.parent.title}]({doc.parent.id}.md). Each row says "
        "what the rule means at this table and links to its full text, with its sources and "
        "the reasons for any choice, on the page that states it.",
        "",
        '<details class="sp-inherited" markdown="1">',
        f"<summary>{'The one rule' if rows == 1 else f'The {rows} rules'} as in "
        f"{doc.parent.title}</summary>",
        "",
        *tables,
        "</details>",
        "",
    ]


def rulebook_page(doc: VariantDoc, examples_md: str = "", errata: bool = False) -> str:
    """The whole page for one variant, as Markdown. A ruleset that extends another leads with
    the rules it states itself, in full; the rules it takes unchanged follow in one table."""
    r = doc.resolved
    out = [
        # The rules are the page: the sections are in the sidebar's place, so no table of
        # contents narrows them.
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        f"# {r.title}",
        "",
        r.summary,
        "",
        f"Ruleset `{r.id}`, revision {r.revision}, from `{doc.shown_path}`."
        + (
            " Its interpretations and any erratum are also gathered on the"
            " [errata and interpretations](errata.md) page."
            if errata
            else ""
        ),
        "",
        "## What it changes",
        "",
        changes_from_parent(doc),
        "## Table options {#table-options}",
        "",
        options_table(doc),
    ]
    for section, cls in SECTIONS.items():
        paths = [f"{section}.{f.name}" for f in fields(cls)]
        own = [path for path in paths if _is_own(doc, path)]
        if not own:
            continue
        out += [f"## {SECTION_TITLES.get(section, section)}", ""]
        if section in SECTION_INTROS and len(own) == len(paths):
            out += [SECTION_INTROS[section](r.rules), ""]
        if any(path.startswith("scoring.bag") for path in own):
            # The word players search for, said once where the bag rules are.
            out += [BAGS, ""]
        absent = [path for path in own if not_had(doc, path)]
        brief = [path for path in own if path not in absent and plain(doc, path)]
        for path in own:
            if path not in absent and path not in brief:
                out += [rule_block(doc, path), ""]
        parent = doc.parent
        if brief and parent is not None:
            head = "Also, as in" if len(brief) < len(own) - len(absent) else "As in"
            out += [f"{head} [{parent.title}]({parent.id}.md):", ""]
            out += lines([one_line(doc, p) for p in brief])
        if absent:
            # Folded: what the ruleset does not have, a line each, under a line that counts them.
            noun = "rule" if len(absent) == 1 else "rules"
            out += ['<details class="sp-details" markdown="1">']
            out += [f"<summary>Not part of this ruleset: {len(absent)} {noun}</summary>", ""]
            out += [*lines([one_line(doc, p) for p in absent]), "</details>", ""]
    if examples_md:
        out += ["## Worked examples", "", examples_md, ""]
    if doc.parent is not None and not all(_is_own(doc, p) for p in _all_paths()):
        out += inherited_table(doc)
    if doc.notes:
        # Folded: what the ruleset's file says beyond its rules (timers, seating, ranked play).
        noun = "note" if len(doc.notes) == 1 else "notes"
        out += ["## Notes {#notes}", "", '<details class="sp-details" markdown="1">']
        out += [f"<summary>{len(doc.notes)} {noun} on this ruleset</summary>", ""]
        out += [f"- {n}" for n in doc.notes] + ["", "</details>", ""]
    out += ["## Sources cited", "", sources_table(doc)]
    return "\n".join(out)


def _all_paths() -> list[str]:
    return [f"{section}.{f.name}" for section, cls in SECTIONS.items() for f in fields(cls)]
