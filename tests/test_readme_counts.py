"""The counts the README gives in its prose are the tool's: the README is read where no site
build can fill a figure in, so each count it types is checked here instead."""

from __future__ import annotations

import re
from pathlib import Path

from spadespec.docs_gen.variant_data import shipped_docs
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _stated(pattern: str) -> list[int]:
    return [int(n) for n in re.findall(pattern, README)]


def test_the_house_rules_it_counts_are_the_shipped_house_rules() -> None:
    stated = _stated(r"\b(\d+) house rules\b")
    assert stated, "the README no longer counts its house rules: drop this test"
    houses = sum(doc.kind == "house" for doc in shipped_docs())
    assert stated == [houses] * len(stated)


def test_the_cards_each_of_cutthroat_are_what_the_ruleset_deals() -> None:
    (stated,) = _stated(r"three players alone, (\d+) cards each")
    assert stated == table_of(load_variant("cutthroat").rules).cards_per_hand
