"""The generated pages, as Markdown: a page per ruleset with every rule cited, and the matrix."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import GeneratedPages

from spadespec.docs_gen.rule_names import rule_anchor, rule_label
from spadespec.reference_engine.variant import shipped_variant_ids
from spadespec.reference_engine.variant.model import rule_paths


@pytest.fixture(scope="module")
def pages(generated_docs: GeneratedPages) -> dict[str, str]:
    return generated_docs.pages


def _rule_block(page: str, path: str) -> str:
    start = page.index(f"{{#{rule_anchor(path)}}}")
    line_start = page.rfind("\n", 0, start) + 1
    if page.startswith("- **", line_start):  # a rule said in one line
        return page[line_start : page.index("\n", start)]
    following = page.find("\n### ", start)
    following_section = page.find("\n## ", start)
    ends = [e for e in (following, following_section) if e != -1]
    return page[start : min(ends) if ends else len(page)]


def test_every_shipped_ruleset_has_a_page(pages: dict[str, str]) -> None:
    for ident in shipped_variant_ids():
        assert f"rules/{ident}.md" in pages


@pytest.mark.parametrize("ident", shipped_variant_ids())
def test_every_rule_has_its_section_with_a_citation_or_interpretation(
    pages: dict[str, str], ident: str
) -> None:
    page = pages[f"rules/{ident}.md"]
    for heading in (
        "## The pack",
        "## Players and sides",
        "## The deal",
        "## Bidding",
        "## Play",
        "## Scoring",
        "## End of the game",
    ):
        assert heading in page
    from spadespec.docs_gen.compact_rules import not_had
    from spadespec.docs_gen.variant_data import load_doc

    doc = load_doc(ident)
    for path in rule_paths():
        block = _rule_block(page, path)
        assert f"`{path}` =" in block, f"{ident}: {path} shows no value"
        if block.startswith("- **") and not_had(doc, path):
            continue  # a feature the ruleset does not have: one line, its name and value
        if block.startswith("- **"):
            # A rule played as the parent plays it: its sources, or the parent's page, linked.
            assert "](sources.md#" in block or ".md#rule-" in block, f"{ident}: {path}"
            continue
        assert "Source" in block or "Interpretation:" in block, (
            f"{ident}: {path} is neither cited nor interpreted"
        )


def test_an_interpretation_shows_question_choice_why_and_alternative(pages: dict[str, str]) -> None:
    block = _rule_block(pages["rules/standard.md"], "play.spades_broken_by")
    for part in ("**Question.**", "**Choice.**", "**Why.**", "**Alternative reading.**"):
        assert part in block


def test_what_a_ruleset_changes_is_listed_against_its_parent(pages: dict[str, str]) -> None:
    page = pages["rules/illustrated-table.md"]
    changes = page[page.index("## What it changes") : page.index("## Table options")]
    # The illustrated table sets only the tricks short, and plays nil at 50 (its summary says so).
    assert (
        f"[{rule_label('scoring.set_penalty')}](#{rule_anchor('scoring.set_penalty')}) "
        "| `per-trick-bid` | `per-trick-short` |" in changes
    )
    assert "`scoring.nil_bonus`" not in changes
    assert "| `100` | `50` |" in changes
    assert "Target" not in changes


def test_table_options_show_choices_and_default(pages: dict[str, str]) -> None:
    page = pages["rules/porchlight.md"]
    assert "| `target` | [Target](#rule-game-end-target) | `200`, `300`, `500` | `300` |" in page


def _matrix_rows(matrix: str) -> tuple[list[str], dict[str, list[str]]]:
    """The comparison table's column ids, and each rule's cells by the rule's key."""
    head = matrix[matrix.index('<tr class="sp-head-ids">') :]
    columns = re.findall(r'<a href="\.\./([a-z0-9-]+)/"', head[: head.index("</tr>")])
    rows = {}
    for row in re.findall(r'<tr class="sp-rule[^"]*">(.*?)</tr>', matrix):
        path = re.search(r'<th scope="row" title="([a-z_.]+)"', row)
        assert path, row
        rows[path.group(1)] = re.findall(r"<td[^>]*>.*?</td>", row)
    return columns, rows


def test_the_matrix_has_a_row_per_rule_and_a_linked_cell_per_ruleset(pages: dict[str, str]) -> None:
    columns, rows = _matrix_rows(pages["rules/matrix.md"])
    assert sorted(columns) == sorted(shipped_variant_ids())
    assert sorted(rows) == sorted(rule_paths())
    for path, cells in rows.items():
        assert len(cells) == len(columns)
        for ident, cell in zip(columns, cells, strict=True):
            assert f'href="../{ident}/#{rule_anchor(path)}"' in cell


def test_the_matrix_marks_only_cells_that_differ_from_standard(pages: dict[str, str]) -> None:
    columns, rows = _matrix_rows(pages["rules/matrix.md"])
    cells = rows["scoring.set_penalty"]
    marked = [i for i, cell in zip(columns, cells, strict=True) if "spadespec-differs" in cell]
    assert "standard" not in marked
    assert "illustrated-table" in marked
    # Columns are grouped: the base, then the rulesets from the sources, then house rules.
    matrix = pages["rules/matrix.md"]
    groups = re.findall(r'<th class="sp-group sp-group-(\w+)" colspan="(\d+)"', matrix)
    assert [kind for kind, _ in groups] == ["base", "source", "house"]
    assert sum(int(n) for _, n in groups) == len(columns)


def test_the_row_view_lists_every_ruleset_under_its_value(pages: dict[str, str]) -> None:
    matrix = pages["rules/matrix.md"]
    panel = matrix[matrix.index('id="who-scoring-nil-penalty"') :]
    panel = panel[: panel.index("</section>")]
    for ident in shipped_variant_ids():
        assert f'href="../{ident}/#rule-scoring-nil-penalty"' in panel
    # The base's value first; a differing one links to a hand that shows it.
    values = re.findall(r"<tr><td><code>([^<]+)</code>", panel)
    assert values[0] == "100" and "50" in values
    assert 'href="../witnesses/#illustrated-table-scoring-nil_penalty"' in panel


def test_the_example_house_rule_has_its_page(pages: dict[str, str]) -> None:
    page = pages["rules/porch-200.md"]
    assert "examples/house-rules/porch-200.yaml" in page
    assert "| `target` |" in page and "| `200` |" in page
    assert "What do ten bags cost at our table?" in page


def test_reference_pages_exist_for_each_schema_and_the_reason_codes(pages: dict[str, str]) -> None:
    root = Path(__file__).resolve().parents[1]
    for schema in (root / "schema").glob("*.schema.json"):
        assert f"reference/{schema.name.removesuffix('.schema.json')}-schema.md" in pages
    codes = pages["reference/reason-codes.md"]
    assert "`must-follow-suit`" in codes and "`spades-not-broken`" in codes


def test_the_variant_schema_reference_lists_every_rule_with_its_values(
    pages: dict[str, str],
) -> None:
    ref = pages["reference/variant-schema.md"]
    # A file's `rules` is the definition `rules`, generated from the model and the axes.
    assert "| `rules` | [rules](#def-rules) |" in ref
    rules = ref.split("### `rules` {#def-rules}", 1)[1].split("\n### ", 1)[0]
    for path in rule_paths():
        assert f"| `{path}` |" in rules
    assert re.search(r"\| `scoring\.set_penalty` \|.*`per-trick-short`", rules)


def test_worked_examples_agree_with_their_cases(generated_docs: GeneratedPages) -> None:
    # The generators warn when an example the engine scores differs from its case.
    assert generated_docs.warnings == []
    standard = generated_docs.pages["rules/standard.md"]
    assert "## Worked examples" in standard
    assert "The score as the engine computes it" in standard


def test_an_erratum_shows_what_the_source_printed_beside_what_the_rules_give() -> None:
    from dataclasses import replace

    from spadespec.docs_gen.variant_data import load_doc
    from spadespec.docs_gen.worked_examples import example_block, load_cases

    scored = next(c for c in load_cases() if c.variant == "standard" and c.expect.get("hands"))
    ns = scored.expect["hands"][0]["sides"]["NS"]
    # As if a source had forgotten the bag penalty: it would print the hand 100 points higher.
    printed = ns["hand_points"] + ns["bag_penalty"]
    erratum = replace(
        scored,
        status="erratum",
        source_expect={"hands": [{"sides": {"NS": {"hand_points": printed}}}]},
        erratum_reason="The source leaves out the bag penalty.",
    )
    block = example_block(load_doc("standard"), erratum)
    assert "Erratum" in block and "The source leaves out the bag penalty." in block
    assert f"| `hands[0].sides.NS.hand_points` | {printed} | {ns['hand_points']} |" in block


ENGINE_AUTHOR_PAGES = (
    "quickstart",
    "protocol",
    "python-engines",
    "javascript-engines",
    "reading-a-report",
    "expected-failures",
    "fuzzing-and-diffs",
    "checking-in-production",
    "compat/openspiel",
)


def test_every_engine_author_page_is_built_and_in_the_nav(built_site: Path) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    nav = home[home.index('<nav class="md-nav md-nav--primary"') :]
    section = nav[nav.index("For engine authors") : nav.index("For hosts and publishers")]
    for page in ENGINE_AUTHOR_PAGES:
        assert (built_site / page / "index.html").is_file(), f"{page} was not built"
        assert f'href="{page}/"' in section, f"{page} is not under 'For engine authors'"
    # The witness page `spadespec diff` builds is reachable from the nav as well.
    assert 'href="rules/witnesses/"' in nav


def test_rulesets_are_listed_base_then_sources_then_house_rules(
    pages: dict[str, str], tmp_path: Path
) -> None:
    from spadespec.docs_gen.pages import nav_sections
    from spadespec.docs_gen.variant_data import load_doc

    # A house rule citing only a published page is a house rule; a source's own file is not.
    house = tmp_path / "jokers-high.yaml"
    house.write_text(
        "id: jokers-high\ntitle: Jokers high\nrevision: 1\nsummary: Jokers.\nextends: standard\n"
        "sources:\n  - {key: pagat, title: Pagat, url: 'https://www.pagat.com/'}\n"
        "rules:\n  game_end:\n    target:\n      value: 300\n"
        "      cite: [{source: pagat, section: Scoring}]\n"
    )
    assert load_doc(str(house)).kind == "house"
    assert load_doc("porchlight").kind == "source"
    assert load_doc("standard").kind == "base"
    index = pages["rules/index.md"]
    assert index.index("## The base ruleset") < index.index("## From the source documents")
    assert index.index("(porchlight.md)") > index.index("## From the source documents")
    nav = nav_sections(pages)["Rulesets"]
    assert nav[:2] == ["rules/index.md", "rules/standard.md"]
    # Then a group per kind (mkdocs folds each in the sidebar), the example files apart.
    groups = {
        title: uris for entry in nav[2:] if isinstance(entry, dict) for title, uris in entry.items()
    }
    assert list(groups) == [
        "From the source documents",
        "House rules",
        "Example files (not shipped)",
    ]
    for title, kind in (("From the source documents", "source"), ("House rules", "house")):
        ids = [uri.removeprefix("rules/").removesuffix(".md") for uri in groups[title]]
        assert ids and all(load_doc(i).kind == kind for i in ids), title
    examples = groups["Example files (not shipped)"]
    assert examples and not {u.removeprefix("rules/").removesuffix(".md") for u in examples} & set(
        shipped_variant_ids()
    )


@pytest.mark.parametrize("ident", ["no-nil", "cutthroat", "pagat-blind-nil", "minus-110"])
def test_a_house_rule_page_shows_the_rules_it_changes_before_any_it_inherits(
    pages: dict[str, str], ident: str
) -> None:
    from spadespec.docs_gen.variant_data import load_doc

    doc = load_doc(ident)
    page = pages[f"rules/{ident}.md"]
    inherited_at = page.index("{#inherited}")
    own = [p for p in rule_paths() if doc.resolved.provenance[p].origin != "parent"]
    assert own, f"{ident} states no rule of its own"
    for path in rule_paths():
        at = page.index(f"{{#{rule_anchor(path)}}}")
        assert (at < inherited_at) == (path in own), path
    # Only the rules it states get a section of their own; an inherited rule is one row.
    assert len(re.findall(r"^### .* \{#rule-", page, re.M)) == len(own)


def test_the_errata_page_gathers_each_erratum_and_interpretation(pages: dict[str, str]) -> None:
    from spadespec.conformance.contract.suite.cases import load_suite

    page = pages["rules/errata.md"]
    errata = [c for c in load_suite() if c.status == "erratum"]
    assert errata
    for case in errata:
        assert f"### `{case.id}`" in page and (case.erratum_reason or "")[:40] in page
    # The printed figure beside the one the source's rules give.
    assert "| `totals.NS` | 130 | 32 |" in page
    # An interpretation a house rule makes itself, grouped under its source, links to its rule.
    assert "[no-nil: Nil](no-nil.md#rule-bidding-nil)" in page
    # Linked from the home page and from a ruleset page that has an interpretation.
    assert "](errata.md)" in pages["rules/no-nil.md"]
    assert "rules/errata.md" in (Path(__file__).resolve().parents[1] / "docs/index.md").read_text()


def test_what_could_not_be_checked_is_its_own_kind_of_note(pages: dict[str, str]) -> None:
    from spadespec.docs_gen.variant_data import load_doc

    unchecked = 0
    for ident in shipped_variant_ids():
        for path, prov in load_doc(ident).resolved.provenance.items():
            interp = prov.interpretation
            if interp is None or prov.origin == "parent":
                continue
            # Said in the field made for it, never buried in the reasons.
            assert "could not be" not in interp.why, f"{ident}: {path}"
            if interp.could_not_check:
                unchecked += 1
                block = _rule_block(pages[f"rules/{ident}.md"], path)
                # Flagged inside the interpretation's note, never in a title or heading.
                assert f"**Not confirmed.** {interp.could_not_check}" in block
                headings = [line for line in block.splitlines() if line.startswith(("#", "!!!"))]
                assert not [h for h in headings if "confirm" in h or "checked" in h], headings
                assert interp.could_not_check in pages["rules/errata.md"]
    # Figures a readable public page states are cited to it; the rest stay flagged, so some remain.
    assert unchecked > 0
    # On the errata page the sources' sections of interpretations come before the list of what
    # is not confirmed, so that none of them sits under it.
    errata = pages["rules/errata.md"]
    last_source = max(m.start() for m in re.finditer(r"^### ", errata, re.M))
    assert errata.index("{#could-not-be-checked}") > last_source


SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


def test_sources_are_named_by_title_and_publisher_and_never_by_their_file(
    pages: dict[str, str],
) -> None:
    from spadespec.reference_engine.variant import load_variant

    shown = [uri for uri, text in pages.items() if SEED_FILE.search(text)]
    assert shown == [], f"a source's file name shows on {shown}"
    page = pages["rules/sources.md"]
    seeds = [s for s in load_variant("standard").sources if s.file]
    assert len(seeds) == 5
    for src in seeds:
        entry = page.split(f"{{ #{src.key} }}", 1)[1].split("\n### ", 1)[0]
        assert src.about and src.about in entry, src.key
        assert f"**Publisher:** {src.publisher or 'not named in the document'}" in entry
        assert "**Address:** the document gives none" in entry
    # PlayingCardGames.net's worked example is wrong by its own rules (the golden case keeps
    # both figures): its entry says so and links the errata.
    cards = page.split("{ #playingcardgames }", 1)[1].split("\n### ", 1)[0]
    assert "1 of them disagrees" in cards and "(errata.md#errata)" in cards
    # A house rule's published source has its address.
    assert "<https://www.pagat.com/auctionwhist/spades.html>" in page
    # A ruleset page names the source with its publisher and links its entry.
    porchlight = pages["rules/porchlight.md"]
    assert "*Porchlight, How to play Spades* (Porchlight, an online card room; [about this " in (
        porchlight
    )
    assert "(sources.md#porchlight)" in porchlight


def test_the_folded_inherited_rules_are_counted_in_words_that_fit_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spadespec.docs_gen import rulebook
    from spadespec.docs_gen.variant_data import load_doc

    doc = load_doc("cutthroat")
    assert doc.parent is not None
    summary = next(line for line in rulebook.inherited_table(doc) if "<summary>" in line)
    assert re.search(rf"The \d+ rules as in {doc.parent.title}</summary>", summary)
    # A ruleset that takes a single rule from its parent says so in the singular.
    kept = rule_paths()[0]
    monkeypatch.setattr(rulebook, "_is_own", lambda d, path: path != kept)
    summary = next(line for line in rulebook.inherited_table(doc) if "<summary>" in line)
    assert summary == f"<summary>The one rule as in {doc.parent.title}</summary>"
