"""The page that compares two rulesets: the data its script reads lists, for any pair, exactly
the rules `spadespec diff` lists, each with the sentence the rulebook says and a stored hand;
a pair of values whose hand is not stored is said plainly and named in a warning."""

from __future__ import annotations

import json
import logging
import re
from itertools import combinations
from typing import Any

import pytest
from conftest import GeneratedPages

from spadespec.conformance.analysis.fuzz.witness.search import differing_rules
from spadespec.docs_gen import pair_witnesses
from spadespec.docs_gen.compare_page import PAGE
from spadespec.docs_gen.rulebook import rule_value
from spadespec.docs_gen.sentences import sentence
from spadespec.docs_gen.simulated import house_effects
from spadespec.docs_gen.variant_data import VariantDoc, shipped_docs
from spadespec.docs_gen.witness_hands import REFRESH

PAIRS = [
    ("standard", "cutthroat"),
    ("ellington", "msn-zone"),
    ("msn-mirror", "msn-whiz"),
    ("pagat-jokers", "joker-joker-deuce-deuce"),
    ("strategy-guide", "illustrated-table"),
]


@pytest.fixture(scope="module")
def data(generated_docs: GeneratedPages) -> dict[str, Any]:
    page = generated_docs.pages[PAGE]
    found = re.search(r'<script type="application/json" id="sp-cmp-data">(.*?)</script>', page)
    assert found, "no data in the page"
    read: dict[str, Any] = json.loads(found.group(1))
    return read


@pytest.fixture(scope="module")
def docs() -> dict[str, VariantDoc]:
    return {d.id: d for d in shipped_docs()}


def _listed(data: dict[str, Any], a: str, b: str) -> list[str]:
    """The rules the page's script lists for `a` against `b`: those whose value index differs."""
    by_id = {r["id"]: r for r in data["rulesets"]}
    one, other = by_id[a]["v"], by_id[b]["v"]
    return [rule["path"] for i, rule in enumerate(data["rules"]) if one[i] != other[i]]


def test_cutthroat_differs_from_standard_on_the_four_rules_its_file_sets() -> None:
    # variants/cutthroat.yaml sets deck.removed, table.players, table.sides and bidding.max_bid
    # and nothing else that standard plays otherwise.
    docs = {d.id: d for d in shipped_docs()}
    assert differing_rules(docs["standard"].resolved.rules, docs["cutthroat"].resolved.rules) == [
        "deck.removed",
        "table.players",
        "table.sides",
        "bidding.max_bid",
    ]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_the_page_lists_exactly_the_rules_diff_lists(
    data: dict[str, Any], docs: dict[str, VariantDoc], a: str, b: str
) -> None:
    expected = differing_rules(docs[a].resolved.rules, docs[b].resolved.rules)
    assert expected, f"{a} and {b} should differ somewhere"
    assert _listed(data, a, b) == expected
    assert _listed(data, b, a) == expected


def test_every_ruleset_and_pair_is_in_the_data(
    data: dict[str, Any], docs: dict[str, VariantDoc]
) -> None:
    assert [r["id"] for r in data["rulesets"]] == list(docs)
    # Any two rulesets: the lists hold every ruleset, and every difference has its hand.
    for a, b in combinations(docs, 2):
        for path in _listed(data, a, b):
            index = next(i for i, r in enumerate(data["rules"]) if r["path"] == path)
            by_id = {r["id"]: r for r in data["rulesets"]}
            one, other = sorted((by_id[a]["v"][index], by_id[b]["v"][index]))
            assert f"{index}:{one}:{other}" in data["hands"], (a, b, path)


def test_each_side_has_its_rulebook_sentence_and_value(
    data: dict[str, Any], docs: dict[str, VariantDoc]
) -> None:
    by_id = {r["id"]: r for r in data["rulesets"]}
    paths = [r["path"] for r in data["rules"]]
    index = paths.index("table.players")
    for ident in ("standard", "cutthroat"):
        doc = docs[ident]
        said = sentence(doc.resolved.rules, "table.players", rule_value(doc, "table.players"))
        assert data["sentences"][by_id[ident]["s"][index]] == said
    values = data["rules"][index]["values"]
    assert values[by_id["standard"]["v"][index]] == "4"
    assert values[by_id["cutthroat"]["v"][index]] == "3"


def test_each_side_shows_why_it_plays_the_rule(
    data: dict[str, Any], docs: dict[str, VariantDoc]
) -> None:
    # Under each side, its citations (title, section, address, what the passage says) or its
    # interpretation, as its rulebook page gives them.
    by_id = {r["id"]: r for r in data["rulesets"]}
    paths = [r["path"] for r in data["rules"]]
    for ident in ("standard", "cutthroat", "pagat-jokers"):
        doc = docs[ident]
        for index, path in enumerate(paths):
            prov = doc.resolved.provenance[path]
            shown = data["grounds"][by_id[ident]["g"][index]]
            cited = [line for line in shown if "“" in line[0]]
            assert len(cited) == len(prov.citations), (ident, path)
            for line, cite in zip(cited, prov.citations, strict=True):
                assert f"“{cite.section}”" in line[0]
                assert line[1] == (doc.sources[cite.source].url or "")
                assert line[2] == (cite.says or "")
            told = [line[0] for line in shown if line[0].startswith("Interpretation: ")]
            if prov.interpretation is not None:
                assert told == [f"Interpretation: {prov.interpretation.choice}"], (ident, path)
            else:
                assert not told


def test_a_house_rule_and_its_parent_carry_their_simulated_differences(
    data: dict[str, Any], docs: dict[str, VariantDoc]
) -> None:
    houses = [d for d in docs.values() if d.kind == "house" and d.parent is not None]
    assert houses
    assert set(data["effects"]) == {d.id for d in houses if d.parent and d.parent.id in docs}
    for doc in houses:
        assert doc.parent is not None
        found = data["effects"][doc.id]
        effects = house_effects(doc, doc.parent.id)
        assert found["parent"] == doc.parent.id
        assert found["rows"] == [list(row) for row in effects.rows]
        assert found["quiet"] == effects.quiet
    # Some house rule changes some figure by more than chance, and the page can show it.
    assert any(found["rows"] for found in data["effects"].values())
    assert data["effects_page"] == "../house-rule-effects/"


def test_each_stored_hand_is_drawn_once_in_the_page(
    data: dict[str, Any], generated_docs: GeneratedPages
) -> None:
    page = generated_docs.pages[PAGE]
    for stored in data["hands"].values():
        assert page.count(f'id="{stored["hand"]}"') == 1
    assert not [w for w in generated_docs.warnings if "compare page" in w]


def test_a_hand_the_pair_store_lacks_is_warned_of_with_the_refresh_command(
    docs: dict[str, VariantDoc],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    shipped = list(docs.values())
    # Neither value standard's: the hand comes from the pair store, here empty.
    monkeypatch.setattr(pair_witnesses, "_stored", lambda: {})
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.spadespec"):
        hand = pair_witnesses.pair_hand(shipped, "bidding.constraint", "mirror", "whiz")
    assert hand.item is None
    assert {hand.a.id, hand.b.id} == {"msn-mirror", "msn-whiz"}
    assert f"`{REFRESH}`" in caplog.text and "bidding.constraint" in caplog.text


def test_a_stored_hand_that_no_longer_shows_its_difference_is_not_used(
    docs: dict[str, VariantDoc], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    shipped = list(docs.values())
    stored = json.loads(pair_witnesses.PAIRS_STORE.read_text(encoding="utf-8"))
    entry = next(e for e in stored["bidding.constraint"] if {e["a"], e["b"]} == {"mirror", "whiz"})
    # The witness says both rulesets allow the same bids where they do not.
    entry["witness"]["b"] = entry["witness"]["a"]
    monkeypatch.setattr(pair_witnesses, "_stored", lambda: stored)
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.spadespec"):
        hand = pair_witnesses.pair_hand(shipped, "bidding.constraint", "mirror", "whiz")
    assert hand.item is None and REFRESH in caplog.text


def test_a_pair_with_standards_value_is_shown_against_standard(
    docs: dict[str, VariantDoc],
) -> None:
    shipped = list(docs.values())
    # Asked the other way round, the hand is still told with the first value first.
    hand = pair_witnesses.pair_hand(shipped, "table.players", 3, 4)
    assert (hand.a.id, hand.b.id) == ("cutthroat", "standard")
    assert hand.item is not None and (hand.item["a"], hand.item["b"]) == (3, 4)
