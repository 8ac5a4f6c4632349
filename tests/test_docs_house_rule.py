"""The house-rule guide's example: the file validates, and the hand the guide works out by hand
scores the same in the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from reference_engine.scoring import SideTotals, score_hand
from reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "house-rules" / "porch-200.yaml"


def test_the_example_validates_with_spadespec_validate() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "reference_engine", "validate", str(EXAMPLE)],
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
