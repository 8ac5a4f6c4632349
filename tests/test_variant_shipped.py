"""Every shipped variant file validates and resolves, whatever files are added later."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.catalog import variant_files, variants_dir
from spadespec.reference_engine.variant.model import rule_paths

SHIPPED = variant_files(variants_dir())


def test_the_shipped_folder_holds_variants() -> None:
    assert any(p.stem == "standard" for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_variant_resolves_with_provenance_on_every_rule(path: Path) -> None:
    variant = load_variant(str(path))
    assert variant.id == path.stem
    assert set(variant.provenance) == set(rule_paths())
    for rule, prov in variant.provenance.items():
        assert prov.citations or prov.interpretation or prov.moot, f"{rule} has no reason given"
        assert all(c.file for c in prov.citations), f"{rule} cites an undeclared source"


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_variant_resolves_under_every_combination_of_options(path: Path) -> None:
    variant = load_variant(str(path))
    names = [o.name for o in variant.options]
    for combo in product(*(o.choices for o in variant.options)):
        chosen = {name: str(value) for name, value in zip(names, combo, strict=True)}
        resolved = load_variant(str(path), chosen)
        for option, value in zip(variant.options, combo, strict=True):
            section, field = option.rule.split(".")
            assert getattr(getattr(resolved.rules, section), field) == value


def test_standard_holds_the_shared_core() -> None:
    # From the sources: 52 cards; ten a trick bid, one an overtrick; ten bags cost 100 and the
    # rest carry; nil is worth 100 either way (three sources); the usual target is 500.
    rules = load_variant("standard").rules
    assert rules.deck.cards == "standard-52"
    assert (rules.scoring.points_per_bid_trick, rules.scoring.overtrick_points) == (10, 1)
    assert (rules.scoring.bag_threshold, rules.scoring.bag_penalty) == (10, 100)
    assert rules.scoring.bag_carry == "excess-carries"
    assert (rules.scoring.nil_bonus, rules.scoring.nil_penalty) == (100, 100)
    assert (rules.bidding.min_bid, rules.bidding.max_bid) == (1, 13)
    assert rules.game_end.target == 500
    # The table: four players in two partnerships, every card dealt, the ace of spades on top.
    assert (rules.table.players, rules.table.sides) == (4, "partnerships")
    assert (rules.deck.removed, rules.deck.top_trumps) == ((), ())
    # No source plays blind nil, a bonus bid, a Boston of its own or a fixed number of hands.
    assert rules.bidding.blind_nil == "not-allowed"
    assert (rules.scoring.blind_nil_bonus, rules.scoring.blind_nil_penalty) == (None, None)
    assert (rules.bidding.team_minimum, rules.bidding.constraint) == (None, "free")
    assert rules.scoring.bonus_bid_tricks is None and rules.scoring.boston == "ordinary"
    assert rules.game_end.hands is None
    # The online table's example (bid 2, take 12: 20 + 10 - 100 = -70) keeps the bag points.
    assert rules.scoring.bag_points_cancelled is False
