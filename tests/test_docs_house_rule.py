"""The house-rule guide's examples: the files validate, and the hands the guide works out by
hand score the same in the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from spadespec.conformance.analysis.fuzz.witness.search import differing_rules
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.scoring import SideTotals
from spadespec.reference_engine.variant import VariantError, load_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "house-rules" / "porch-200.yaml"


def test_the_example_validates_with_spadespec_validate() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "validate", str(EXAMPLE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_example_plays_to_200_with_bags_at_50_and_porchlight_otherwise() -> None:
    variant = load_variant(str(EXAMPLE))
    assert variant.lineage == ("porch-200", "porchlight", "standard")
    assert variant.rules.game_end.target == 200
    assert variant.rules.scoring.bag_penalty == 50
    porchlight = load_variant("porchlight")
    assert variant.rules.game_end.losing_floor == porchlight.rules.game_end.losing_floor == -200
    assert load_variant(str(EXAMPLE), {"target": "500"}).rules.game_end.target == 500


def test_the_guides_hand_half_price_bags() -> None:
    # Worked in the guide: NS 150/8 bid 3+2, take 4+3: 50 + 2 overtricks, bags reach 10, -50.
    # EW 120/2 bid 4+2, take 4+2: 60.
    score = score_hand(
        load_variant(str(EXAMPLE)).rules,
        {"N": 3, "E": 4, "S": 2, "W": 2},
        {"N": 4, "E": 4, "S": 3, "W": 2},
        {"NS": SideTotals(150, 8), "EW": SideTotals(120, 2)},
    )
    ns, ew = score.sides["NS"], score.sides["EW"]
    assert (ns.contract_points, ns.overtrick_points, ns.bag_penalty) == (50, 2, 50)
    assert (ns.hand_points, ns.score_after, ns.bags_after) == (2, 152, 0)
    assert (ew.hand_points, ew.score_after, ew.bags_after) == (60, 180, 2)


def test_the_same_hand_at_porchlight_costs_the_full_penalty() -> None:
    score = score_hand(
        load_variant("porchlight").rules,
        {"N": 3, "E": 4, "S": 2, "W": 2},
        {"N": 4, "E": 4, "S": 3, "W": 2},
        {"NS": SideTotals(150, 8), "EW": SideTotals(120, 2)},
    )
    assert (score.sides["NS"].hand_points, score.sides["NS"].score_after) == (-48, 102)


def test_the_guide_includes_the_file_rather_than_a_copy() -> None:
    guide = (ROOT / "docs" / "writing-a-house-rule.md").read_text(encoding="utf-8")
    assert '--8<-- "examples/house-rules/porch-200.yaml"' in guide
    for figure in ("**152**", "**180**", "**50**"):
        assert figure in guide


KITCHEN = ROOT / "examples" / "house-rules" / "kitchen-five.yaml"


def test_the_kitchen_table_differs_from_standard_in_exactly_its_three_rules() -> None:
    variant = load_variant(str(KITCHEN))
    assert variant.lineage == ("kitchen-five", "standard")
    changed = differing_rules(load_variant("standard").rules, variant.rules)
    assert changed == [
        "bidding.team_minimum", "bidding.team_maximum", "scoring.exact_total_points",
    ]  # fmt: skip


def test_the_kitchen_tables_hand_scores_the_five_at_sixty() -> None:
    # Worked in the guide: NS bid 2 + 3, take 3 + 3: 60 + 1. EW nil + 5, take 0 + 7: 100 + 60 + 2.
    score = score_hand(
        load_variant(str(KITCHEN)).rules,
        {"N": 2, "E": "nil", "S": 3, "W": 5},
        {"N": 3, "E": 0, "S": 3, "W": 7},
        {"NS": SideTotals(100, 0), "EW": SideTotals(100, 0)},
    )
    ns, ew = score.sides["NS"], score.sides["EW"]
    assert (ns.contract_points, ns.hand_points, ns.score_after, ns.bags_after) == (60, 61, 161, 1)
    assert (ew.contract_points, ew.hand_points, ew.score_after, ew.bags_after) == (60, 162, 262, 2)


def test_the_kitchen_table_on_porchlight_is_refused_at_the_cap(tmp_path: Path) -> None:
    # The guide's first draft: Porchlight's nil option could leave the second partner no bid.
    draft = tmp_path / "kitchen-five.yaml"
    draft.write_text(KITCHEN.read_text().replace("extends: standard", "extends: porchlight"))
    with pytest.raises(VariantError) as err:
        load_variant(str(draft))
    text = str(err.value)
    assert "kitchen-five.yaml:22" in text and "rules.bidding.team_maximum.value" in text
    assert "bidding.nil is not-allowed" in text


def test_the_guides_citing_example_is_what_ellingtons_file_writes() -> None:
    # The guide quotes the start of a source ruleset's rules; the quote must not drift.
    guide = (ROOT / "docs" / "writing-a-house-rule.md").read_text(encoding="utf-8")
    section = guide.split("### Citing a rule without restating it", 1)[1]
    quoted = yaml.safe_load(section.split("```yaml\n", 1)[1].split("```", 1)[0])["rules"]
    ellington = yaml.safe_load((ROOT / "variants" / "ellington.yaml").read_text("utf-8"))
    for group, entries in quoted.items():
        for name, entry in entries.items():
            assert ellington["rules"][group][name] == entry, f"{group}.{name}"
