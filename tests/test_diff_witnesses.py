"""`spadespec diff`: the rules two variants differ on, each with a witness hand that replays
under both and shows something different."""

from __future__ import annotations

import itertools
import json
from functools import cache

import pytest

from conformance.fuzz.witness import diff_variants, differing_rules
from conformance.reference_adapter import ReferenceEngine
from reference_engine.cli import main
from reference_engine.game import Game
from reference_engine.variant import ResolvedVariant, load_variant, shipped_variant_ids

PAIRS = list(itertools.combinations(shipped_variant_ids(), 2))


@cache
def _report(a: str, b: str) -> dict:
    return diff_variants(load_variant(a), load_variant(b))


def _seen(variant: ResolvedVariant, witness: dict) -> object:
    answer = ReferenceEngine().run(
        {
            "id": "w",
            "variant": {"id": variant.id, "options": dict(variant.chosen)},
            "setup": witness["setup"],
            "actions": witness["actions"],
            "ask": [witness["observable"]],
        }  # fmt: skip
    )
    assert answer["outcome"] == "answered", answer
    value = answer["answers"][witness["observable"]]
    return sorted(map(str, value)) if witness["observable"] == "legal" else value


def test_ellington_and_standard_differ_on_four_rules() -> None:
    # From the two files: Ellington has the dealer bid and lead first, a failed nil cost 10,
    # and the target passed rather than reached; everything else is standard's.
    assert differing_rules(load_variant("ellington").rules, load_variant("standard").rules) == [
        "bidding.first_bidder", "play.first_leader", "scoring.nil_penalty",
        "game_end.target_rule",
    ]  # fmt: skip


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_differing_rule_has_a_checked_witness(a: str, b: str) -> None:
    report = _report(a, b)
    va, vb = load_variant(a), load_variant(b)
    assert [d["rule"] for d in report["differences"]] == differing_rules(va.rules, vb.rules)
    for item in report["differences"]:
        witness = item["witness"]
        assert witness, f"no witness for {item['rule']}"
        if witness["checked"] == "both variants":
            assert _seen(va, witness) != _seen(vb, witness), item["rule"]
        else:
            # The variants share no log reaching the rule: the witness is played under one
            # variant with only this rule changed, and must replay under it.
            base = va if witness["checked"].startswith(f"{a} ") else vb
            Game.replay(base, witness["setup"], witness["actions"])
            assert witness["a"] != witness["b"]


def test_diff_prints_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "standard", "porchlight", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    # Porchlight plays to 300 by default with a floor of -200 (its file); standard to 500.
    assert [d["rule"] for d in report["differences"]] == [
        "game_end.target",
        "game_end.losing_floor",
    ]
    assert main(["diff", "porchlight", "porchlight", "--option-b", "target=500"]) == 0
    text = capsys.readouterr().out
    assert "game_end.target: porchlight 300, porchlight 500" in text
    assert main(["diff", "standard", "no-such-variant"]) == 2


def test_diff_finds_witnesses_for_a_house_rule_file_outside_the_shipped_folder() -> None:
    """A host's own file (here the docs' example) is compared by the loaded rules, not by id."""
    house = load_variant("examples/house-rules/porch-200.yaml")
    report = diff_variants(load_variant("porchlight"), house)
    rules = {entry["rule"]: entry for entry in report["differences"]}
    assert set(rules) == {"scoring.bag_penalty", "game_end.target"}
    assert all(entry["witness"] is not None for entry in rules.values()), rules
