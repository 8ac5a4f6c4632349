"""The list of generated pages: which exist depends on what the project holds at build time."""

from __future__ import annotations

import logging

from spadespec.docs_gen.checkout import REPO
from spadespec.docs_gen.cli_ref import PAGE as CLI_PAGE
from spadespec.docs_gen.cli_ref import cli_page
from spadespec.docs_gen.compare_page import PAGE as COMPARE_PAGE
from spadespec.docs_gen.compare_page import compare_page
from spadespec.docs_gen.errata import PAGE as ERRATA_PAGE
from spadespec.docs_gen.errata import errata_page, has_errata_or_interpretations
from spadespec.docs_gen.fault_matrix import PAGE as FAULT_MATRIX_PAGE
from spadespec.docs_gen.fault_matrix import fault_matrix_page, read_matrix
from spadespec.docs_gen.matrix import matrix_page, rulesets_index
from spadespec.docs_gen.mutation_page import PAGE as MUTATION_PAGE
from spadespec.docs_gen.mutation_page import mutation_page, read_mutation
from spadespec.docs_gen.reason_codes_ref import reason_codes_page
from spadespec.docs_gen.results import PAGE as RESULTS_PAGE
from spadespec.docs_gen.results import current_suite, read_results, results_page
from spadespec.docs_gen.rule_names import variant_page
from spadespec.docs_gen.rulebook import rulebook_page
from spadespec.docs_gen.schema_ref import schema_pages
from spadespec.docs_gen.simulated import EFFECTS_PAGE, effects_page, simulation_section
from spadespec.docs_gen.sources_page import PAGE as SOURCES_PAGE
from spadespec.docs_gen.sources_page import sources_page
from spadespec.docs_gen.variant_data import KINDS, example_docs, shipped_docs
from spadespec.docs_gen.witnesses import witnesses_page
from spadespec.docs_gen.worked_examples import examples_section, load_cases
from spadespec.reference_engine.paths import data_dir

log = logging.getLogger("mkdocs.plugins.spadespec")

GAME_PAGE = "a-game-pictured.md"
EXAMPLES_DIR = REPO / "examples" / "house-rules"


def _game_page() -> str | None:
    """The pictured game, once the engine and its bots are there to play it."""
    try:
        from spadespec.docs_gen.game_pictured import VARIANT, game_page
        from spadespec.reference_engine.variant import load_variant

        return game_page(load_variant(VARIANT))
    except ImportError as exc:
        log.info("no pictured game yet: %s", exc)
        return None


def _reference_index(pages: dict[str, str]) -> str:
    out = [
        "# Reference",
        "",
        "The contracts other programs rely on, each page generated from the file that defines it.",
        "",
    ]
    for uri in sorted(p for p in pages if p.startswith("reference/")):
        title = next(t for t in pages[uri].splitlines() if t.startswith("# "))[2:].strip()
        out.append(f"- [{title}]({uri.removeprefix('reference/')})")
    return "\n".join(out) + "\n"


def generated_pages() -> dict[str, str]:
    """Site path -> Markdown for every generated page."""
    docs = shipped_docs()
    _KINDS.clear()
    _KINDS.update({doc.id: doc.kind for doc in docs})
    cases = load_cases()
    pages: dict[str, str] = {
        "rules/index.md": rulesets_index(docs),
        "rules/matrix.md": matrix_page(docs),
        COMPARE_PAGE: compare_page(docs),
        "rules/witnesses.md": witnesses_page(docs),
    }
    for doc in docs:
        errata = has_errata_or_interpretations(doc, cases)
        pages[variant_page(doc.id)] = rulebook_page(doc, examples_section(doc, cases), errata)
        # Stored simulations made with other bots, scoring or rules raise StaleSimulation here.
        pages[variant_page(doc.id)] += "\n" + simulation_section(doc)
    pages[EFFECTS_PAGE] = effects_page(docs)
    pages[ERRATA_PAGE] = errata_page(docs, cases)
    pages[SOURCES_PAGE] = sources_page(docs, cases)
    shipped = {doc.id for doc in docs}
    for doc in example_docs(EXAMPLES_DIR):
        if doc.id in shipped:
            log.warning(
                "example house rule %s has the id of a shipped ruleset; not shown", doc.path
            )
            continue
        pages[variant_page(doc.id)] = rulebook_page(doc, examples_section(doc, cases))
    pages.update(schema_pages(data_dir("schema")))
    pages[CLI_PAGE] = cli_page()
    codes = reason_codes_page([c.data for c in cases])
    if codes:
        pages["reference/reason-codes.md"] = codes
    pages["reference/index.md"] = _reference_index(pages)
    # Stored engine reports of another suite raise StaleReport here: the build stops.
    pages[RESULTS_PAGE] = results_page(read_results(), current_suite())
    matrix = read_matrix()
    if matrix is not None:
        pages[FAULT_MATRIX_PAGE] = fault_matrix_page(matrix)
    pages[MUTATION_PAGE] = mutation_page(read_mutation())
    game = _game_page()
    if game:
        pages[GAME_PAGE] = game
    return pages


NavEntry = str | dict[str, list[str]]
"""A page, or a titled group of pages, in the navigation."""
EXAMPLES_GROUP = "Example files (not shipped)"

# Pages under rules/ with a navigation entry of their own, not listed among the rulesets.
_OWN_ENTRIES = (
    "rules/index.md",
    "rules/matrix.md",
    COMPARE_PAGE,
    "rules/witnesses.md",
    ERRATA_PAGE,
    SOURCES_PAGE,
    EFFECTS_PAGE,
)


def nav_sections(pages: dict[str, str]) -> dict[str, list[NavEntry]]:
    """Navigation entries for the generated sections, in reading order."""
    # The rulesets in the order they were generated: the base, those from the sources, the
    # house rules, then the example house rules. The matrix and the witness page have their
    # own entries beside them.
    rules = [p for p in pages if p.startswith("rules/") and p not in _OWN_ENTRIES]
    reference: list[NavEntry] = ["reference/index.md"]
    reference += sorted(
        p for p in pages if p.startswith("reference/") and p != "reference/index.md"
    )
    return {"Rulesets": ["rules/index.md", *_grouped(rules)], "Reference": reference}


def _grouped(rules: list[str]) -> list[NavEntry]:
    """The base ruleset, then one folded group per kind (the sources', the house rules), then
    the example files apart, each group in the order the pages were made."""
    kinds = _kinds()
    out: list[NavEntry] = []
    groups: dict[str, list[str]] = {}
    for uri in rules:
        kind = kinds.get(uri.removeprefix("rules/").removesuffix(".md"))
        if kind == "base":
            out.append(uri)
        else:
            groups.setdefault(KINDS[kind] if kind else EXAMPLES_GROUP, []).append(uri)
    return out + [{title: uris} for title, uris in groups.items()]


_KINDS: dict[str, str] = {}


def _kinds() -> dict[str, str]:
    """Each shipped ruleset's kind (`base`, `source`, `house`), as the pages were made with."""
    if not _KINDS:
        _KINDS.update({doc.id: doc.kind for doc in shipped_docs()})
    return _KINDS
