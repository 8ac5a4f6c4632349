"""Every citation a reader meets can be followed: a published ruleset's links to its address; a
source document with no address says, beside each citation, what the cited passage states (in
the project's own words), and the Sources page says how to find the document."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import GeneratedPages

from spadespec.cli.main import main as spadespec_main
from spadespec.docs_gen.compact_rules import not_had
from spadespec.docs_gen.rule_names import variant_page
from spadespec.docs_gen.sources_page import PAGE as SOURCES_PAGE
from spadespec.docs_gen.variant_data import VariantDoc, shipped_docs
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import Citation

ROOT = Path(__file__).resolve().parents[1]
HOUSE_FILES = sorted((ROOT / "examples" / "house-rules").glob("*.yaml"))
LEAST_WORDS = 6


@pytest.fixture(scope="module")
def docs() -> list[VariantDoc]:
    return shipped_docs()


def _unfollowable(doc_sources: dict[str, object], provenance: dict[str, object]) -> list[str]:
    """Each citation with neither an address nor a paraphrase of at least six words."""
    lacking = []
    for path, prov in provenance.items():
        for cite in getattr(prov, "citations", ()):
            source = doc_sources.get(cite.source)
            if getattr(source, "url", None):
                continue
            if len((cite.says or "").split()) < LEAST_WORDS:
                lacking.append(f"{path}: {cite.source}, {cite.section!r}")
    return lacking


def test_every_shipped_citation_has_an_address_or_says_what_it_cites(
    docs: list[VariantDoc],
) -> None:
    for doc in docs:
        lacking = _unfollowable(dict(doc.sources), dict(doc.resolved.provenance))
        assert not lacking, f"{doc.id}: citations a reader cannot follow: {lacking}"


@pytest.mark.parametrize("path", HOUSE_FILES, ids=lambda p: p.name)
def test_every_example_house_rule_citation_has_an_address_or_says_what_it_cites(
    path: Path,
) -> None:
    variant = load_variant(str(path))
    sources = {s.key: s for s in variant.sources}
    lacking = _unfollowable(dict(sources), dict(variant.provenance))
    assert not lacking, f"{path.name}: citations a reader cannot follow: {lacking}"


def test_the_check_finds_a_bare_citation_of_a_document_with_no_address(
    docs: list[VariantDoc],
) -> None:
    # The check above is not vacuous: a citation of a seed document stripped of its paraphrase
    # is found.
    from dataclasses import replace

    standard = next(d for d in docs if d.id == "standard")
    prov = standard.resolved.provenance["deck.cards"]
    bare = replace(prov, citations=tuple(replace(c, says=None) for c in prov.citations))
    lacking = _unfollowable(dict(standard.sources), {"deck.cards": bare})
    assert len(lacking) == len(prov.citations) > 0


def _shown(doc: VariantDoc) -> Iterator[tuple[str, Citation]]:
    """Each citation the ruleset's page shows, with its rule: those of the rules its own file
    states, but for a feature not had, a line that names it only."""
    for path, prov in doc.resolved.provenance.items():
        if prov.origin != "parent" and not not_had(doc, path):
            for cite in prov.citations:
                yield path, cite


def test_each_paraphrase_is_on_its_ruleset_page(
    docs: list[VariantDoc], generated_docs: GeneratedPages
) -> None:
    for doc in docs:
        page = generated_docs.pages[variant_page(doc.id)]
        for path, cite in _shown(doc):
            if cite.says:
                said = cite.says.rstrip(".")
                assert said in page, f"{doc.id} {path}: {cite.says!r} not shown"


def test_a_section_of_a_published_page_links_to_its_address(
    docs: list[VariantDoc], generated_docs: GeneratedPages
) -> None:
    linked = 0
    for doc in docs:
        page = generated_docs.pages[variant_page(doc.id)]
        for _, cite in _shown(doc):
            url = doc.sources[cite.source].url
            if url:
                assert f"[“{cite.section}”]({url})" in page, (doc.id, cite)
                linked += 1
    assert linked > 0


def test_the_sources_page_says_how_to_find_each_document_with_no_address(
    docs: list[VariantDoc], generated_docs: GeneratedPages
) -> None:
    page = generated_docs.pages[SOURCES_PAGE]
    seeds = {key: src for d in docs for key, src in d.sources.items() if not src.url}
    assert len(seeds) >= 5
    for key, src in seeds.items():
        entry = page.split(f"{{ #{key} }}", 1)[1].split("\n### ", 1)[0]
        assert "**How to find it:**" in entry, key
        if src.edition:
            assert f"**Edition:** {src.edition}" in entry, key
        sections = re.search(r"Its sections cited here: (.*)\.", entry)
        assert sections, f"{key}: no sections listed"
        cited = {
            cite.section
            for d in docs
            for prov in d.resolved.provenance.values()
            for cite in prov.citations
            if cite.source == key
        }
        assert cited == set(re.findall(r"“(.*?)”", sections.group(1))), key


def test_show_prints_what_a_citation_says(capsys: pytest.CaptureFixture[str]) -> None:
    variant = load_variant("standard")
    says = next(c.says for p in variant.provenance.values() for c in p.citations if c.says)
    assert spadespec_main(["show", "standard"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"says: {says}" in out
