"""The Sources page: each rule document the rulesets cite, named by its title and publisher
(and address where it has one), what it covers, the rulesets built on it, the rules cited to it,
its worked examples and errata, and the choices made where it is silent. Links are relative to
`rules/sources.md`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from spadespec.docs_gen.rule_names import rule_anchor
from spadespec.docs_gen.variant_data import VariantDoc
from spadespec.reference_engine.variant.model import SourceDocument

PAGE = "rules/sources.md"


def _all_sources(docs: list[VariantDoc]) -> dict[str, SourceDocument]:
    """Every source a shipped ruleset declares, by key, as the file that declares it has it."""
    out: dict[str, SourceDocument] = {}
    for doc in docs:
        for key, src in doc.sources.items():
            if src.variant == doc.id or key not in out:
                out[key] = src
    return out


def _citing(docs: list[VariantDoc], key: str) -> tuple[list[str], Counter[str]]:
    """The rulesets whose own file cites the source, and how many rules each cites to it."""
    counts: Counter[str] = Counter()
    for doc in docs:
        for prov in doc.resolved.provenance.values():
            if prov.origin == "parent":
                continue
            if any(c.source == key for c in prov.citations):
                counts[doc.id] += 1
    return sorted(counts, key=lambda i: (-counts[i], i)), counts


def _silences(docs: list[VariantDoc], key: str) -> list[str]:
    """Links to each choice a ruleset makes where this source raises a question it leaves open."""
    out = []
    for doc in docs:
        for path, prov in sorted(doc.resolved.provenance.items()):
            interp = prov.interpretation
            if interp is not None and prov.origin != "parent" and interp.source == key:
                out.append(f"[{doc.id}: `{path}`]({doc.id}.md#{rule_anchor(path)})")
    return out


def _sections_cited(docs: list[VariantDoc], key: str) -> list[str]:
    """The sections of the source that some ruleset cites, in the order first cited."""
    seen: dict[str, None] = {}
    for doc in docs:
        for prov in doc.resolved.provenance.values():
            for cite in prov.citations:
                if cite.source == key:
                    seen.setdefault(cite.section, None)
    return list(seen)


def _named(src: SourceDocument, sections: list[str]) -> list[str]:
    lines = [f"**Title:** *{src.title}*  "]
    lines.append(f"**Publisher:** {src.publisher or 'not named in the document'}  ")
    if src.edition:
        lines.append(f"**Edition:** {src.edition}  ")
    if src.url:
        lines.append(f"**Address:** <{src.url}>")
        return lines
    lines.append("**Address:** the document gives none.  ")
    who = f" with its publisher, {src.publisher.split(' (')[0]}," if src.publisher else ""
    named = ", ".join(f"“{s}”" for s in sections)
    lines.append(
        f"**How to find it:** search for its title{who} and check the section names below "
        "against the copy found; each citation of it on a ruleset page says in this project's "
        "words what the passage states, so a reader can check the rule without the document."
    )
    if named:
        lines += ["", f"Its sections cited here: {named}."]
    return lines


def _entry(src: SourceDocument, docs: list[VariantDoc], cases: list[Any]) -> list[str]:
    sections = _sections_cited(docs, src.key)
    out = [f"### {src.title} {{ #{src.key} }}", "", *_named(src, sections), ""]
    if src.about:
        out += [src.about, ""]
    rulesets, counts = _citing(docs, src.key)
    if rulesets:
        listed = ", ".join(
            f"[{r}]({r}.md) ({counts[r]} rule{'s' if counts[r] != 1 else ''})" for r in rulesets
        )
        out += [f"Rules cited to it, by the ruleset whose file cites them: {listed}.", ""]
    examples = [c for c in cases if c.origin.get("source") == src.key]
    if examples:
        errata = [c for c in examples if c.status == "erratum"]
        shown = ", ".join(
            f"[`{c.id}`]({c.variant}.md#case-{c.id.replace('.', '-')})" for c in examples
        )
        said = "; each agrees with the document's own rules"
        if len(errata) == 1:
            said = (
                "; 1 of them disagrees with the document's own rules and is kept as "
                "[an erratum](errata.md#errata)"
            )
        elif errata:
            said = (
                f"; {len(errata)} of them disagree with the document's own rules and are kept "
                "as [errata](errata.md#errata)"
            )
        out += [f"Worked examples it prints, kept as cases: {shown}{said}.", ""]
    silences = _silences(docs, src.key)
    if silences:
        out += [f"Questions it leaves open, and the choice made: {', '.join(silences)}.", ""]
    return out


def sources_page(docs: list[VariantDoc], cases: list[Any]) -> str:
    """The page as Markdown."""
    sources = _all_sources(docs)
    seeds = [s for s in sources.values() if s.file]
    published = sorted((s for s in sources.values() if not s.file), key=lambda s: s.title)
    out = [
        "# Sources",
        "",
        "Every rule a ruleset states is cited to a document and a section of it. These are the "
        "documents: first the rule documents the source rulesets are written from, then the "
        "published rulesets the house rules come from. Each entry says who publishes it and "
        "where it can be read, what it covers, and what the rulesets take from it. The rules "
        "are paraphrased on the ruleset pages, never copied.",
        "",
        "## The source documents {#source-documents}",
        "",
        "Each becomes a ruleset of its own, extending [standard](standard.md), the core they "
        "share.",
        "",
    ]
    for src in seeds:
        out += _entry(src, docs, cases)
    out += ["## Published rulesets behind the house rules {#published-rulesets}", ""]
    for src in published:
        out += _entry(src, docs, cases)
    return "\n".join(out) + "\n"
