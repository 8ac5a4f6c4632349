"""A rule cited without its value: the file names where its source states the rule, and the
value is the one the file extends (variants/*.yaml, schema/variant.schema.json `ruleEntry`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadespec.reference_engine.variant import VariantError, load_variant
from spadespec.reference_engine.variant.model import SetPenalty


def _write(folder: Path, ident: str, head: str, body: str) -> Path:
    path = folder / f"{ident}.yaml"
    path.write_text(f"id: {ident}\ntitle: {ident}\nrevision: 1\nsummary: A test.\n{head}{body}")
    return path


def _child(folder: Path, ident: str, parent: str, body: str) -> Path:
    return _write(folder, ident, f"extends: {parent}\n", body)


def _problems(path: Path) -> list[tuple[str, int | None, str]]:
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    return [(p.path, p.line, p.message) for p in caught.value.problems]


def test_a_cited_rule_keeps_the_parents_value_under_the_files_own_citation(tmp_path: Path) -> None:
    # Porchlight says a set side loses ten a trick bid, as standard plays it.
    leaf = _child(
        tmp_path,
        "cites-set",
        "standard",
        "rules:\n  scoring:\n    set_penalty: {cite: {porchlight: [Scoring, Winning]}}\n",
    )
    variant = load_variant(str(leaf))
    assert variant.rules.scoring.set_penalty is SetPenalty.PER_TRICK_BID
    prov = variant.provenance["scoring.set_penalty"]
    assert (prov.origin, prov.variant) == ("file", "cites-set")
    assert [(c.source, c.section) for c in prov.citations] == [
        ("porchlight", "Scoring"),
        ("porchlight", "Winning"),
    ]
    assert prov.citations[0].file == "004_5ff62179fc09e9bb.txt"


def test_the_short_and_the_long_citation_read_the_same(tmp_path: Path) -> None:
    long = _child(
        tmp_path,
        "long",
        "standard",
        "rules:\n  scoring:\n    nil_bonus:\n      cite:\n"
        "        - {source: ellington, section: scoring paragraphs}\n"
        "        - {source: porchlight, section: Scoring}\n",
    )
    short = _child(
        tmp_path,
        "short",
        "standard",
        "rules:\n  scoring:\n    nil_bonus:\n"
        "      cite: {ellington: scoring paragraphs, porchlight: Scoring}\n",
    )
    cited = [load_variant(str(p)).provenance["scoring.nil_bonus"].citations for p in (long, short)]
    assert cited[0] == cited[1] and len(cited[0]) == 2


def test_a_grandchild_citing_a_rule_plays_the_value_of_the_nearest_file_that_writes_it(
    tmp_path: Path,
) -> None:
    # Ellington writes a failed nil at 10 (standard: 100); a file over it only cites the rule.
    leaf = _child(
        tmp_path,
        "over-ellington",
        "ellington",
        "rules:\n  scoring:\n    nil_penalty: {cite: {ellington: scoring paragraphs}}\n",
    )
    variant = load_variant(str(leaf))
    assert variant.rules.scoring.nil_penalty == 10
    assert variant.provenance["scoring.nil_penalty"].variant == "over-ellington"


def test_a_problem_with_a_cited_rule_points_at_the_file_that_writes_the_value(
    tmp_path: Path,
) -> None:
    # The target is cited here but written in standard.yaml (500); a floor of 600 is above it.
    leaf = _child(
        tmp_path,
        "high-floor",
        "standard",
        "rules:\n  game_end:\n    target: {cite: {porchlight: Winning}}\n"
        "    losing_floor:\n      value: 600\n      cite: {porchlight: Winning}\n",
    )
    ((path, line, message),) = _problems(leaf)
    assert (path, line) == ("rules.game_end.losing_floor.value", 10)
    assert "the target 500 (at " in message and "standard.yaml:" in message


def test_citing_a_rule_that_does_not_exist_names_the_file_line_and_field(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "typo",
        "standard",
        "rules:\n  bidding:\n    nill: {cite: {porchlight: Setting up}}\n"
        "  biding:\n    nil: {cite: {porchlight: Setting up}}\n",
    )
    problems = _problems(leaf)
    assert ("rules.bidding.nill", 8) in [(p, line) for p, line, _ in problems]
    assert ("rules.biding", 9) in [(p, line) for p, line, _ in problems]
    said = {p: m for p, _, m in problems}
    assert (
        "unknown field 'nill' in rules.bidding; did you mean 'nil'?" in said["rules.bidding.nill"]
    )
    assert "did you mean 'bidding'?" in said["rules.biding"]


def test_citing_an_undeclared_source_names_the_key_where_it_is_written(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "porch",
        "standard",
        "rules:\n  bidding:\n    nil: {cite: {porchlite: Setting up}}\n",
    )
    ((path, line, message),) = _problems(leaf)
    assert (path, line) == ("rules.bidding.nil.cite.porchlite", 8)
    assert "source 'porchlite' is not declared" in message and "'porchlight'?" in message


def test_an_empty_section_in_a_short_citation_is_placed_at_the_item(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "blank",
        "standard",
        "rules:\n  bidding:\n    nil: {cite: {porchlight: [Setting up, '']}}\n",
    )
    ((path, line, message),) = _problems(leaf)
    assert (path, line, message) == ("rules.bidding.nil.cite.porchlight[1]", 8, "must not be empty")


def test_an_entry_without_a_value_still_needs_its_provenance(tmp_path: Path) -> None:
    leaf = _child(tmp_path, "bare", "standard", "rules:\n  bidding:\n    nil: {note: As usual.}\n")
    ((path, line, message),) = _problems(leaf)
    assert (path, line) == ("rules.bidding.nil", 8)
    assert "needs its provenance" in message


def test_a_file_without_extends_must_write_every_value(tmp_path: Path) -> None:
    standard = (Path(__file__).parents[1] / "variants" / "standard.yaml").read_text()
    lines = standard.replace("id: standard", "id: root").splitlines(keepends=True)
    at = lines.index("      value: 500\n")  # game_end.target
    del lines[at]
    path = tmp_path / "root.yaml"
    path.write_text("".join(lines))
    ((where, line, message),) = _problems(path)
    assert (where, line) == ("rules.game_end.target.value", at + 1)  # the entry, now its cite
    assert message.startswith("rule game_end.target has no value: a file without `extends`")
