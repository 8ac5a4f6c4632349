"""The list of generated pages: which exist depends on what the project holds at build time."""

from __future__ import annotations

from _gen.matrix import matrix_page, rulesets_index
from _gen.rule_names import variant_page
from _gen.rulebook import rulebook_page
from _gen.variant_data import shipped_docs


def generated_pages() -> dict[str, str]:
    """Site path -> Markdown for every generated page."""
    docs = shipped_docs()
    pages: dict[str, str] = {"rules/index.md": rulesets_index(docs), "rules/matrix.md": matrix_page(docs)}
    for doc in docs:
        pages[variant_page(doc.id)] = rulebook_page(doc)
    return pages


def nav_sections(pages: dict[str, str]) -> dict[str, list[object]]:
    """Navigation entries for the generated sections, in reading order."""
    rules = ["rules/index.md"] + sorted(
        (p for p in pages if p.startswith("rules/") and p not in ("rules/index.md", "rules/matrix.md")),
        key=lambda p: (p != "rules/standard.md", p),
    )
    reference = ["reference/index.md"] + sorted(
        p for p in pages if p.startswith("reference/") and p != "reference/index.md"
    )
    return {"Rulesets": rules, "Reference": [p for p in reference if p in pages]}
