"""`spadespec diff`: the rules two variants differ on, each with a witness hand that replays
under both and shows something different."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from _sweeps import sweep

from spadespec.cli import main
from spadespec.conformance.analysis.fuzz.witness.search import diff_variants, differing_rules
from spadespec.conformance.analysis.fuzz.witness.text import render_text
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import ResolvedVariant, load_variant, shipped_variant_ids

# The rules a house may add on top of the published rulesets; a shipped ruleset that sets any
# of them otherwise than standard is a house ruleset.
HOUSE_AXES = {
    "deck.cards", "deck.removed", "deck.top_trumps", "table.players", "table.sides",
    "bidding.blind_nil", "bidding.blind_nil_trailing_by", "bidding.blind_nil_exchange",
    "bidding.blind_nil_exchange_order", "bidding.team_minimum", "bidding.team_maximum",
    "bidding.constraint",
    "play.spades_lead", "scoring.blind_nil_bonus", "scoring.blind_nil_penalty",
    "scoring.double_nil_tricks", "scoring.exact_total_points", "scoring.big_bid_tricks",
    "scoring.big_bid_bonus", "scoring.moon",
    "scoring.bag_points_cancelled", "scoring.bonus_bid_tricks", "scoring.bonus_bid_made",
    "scoring.bonus_bid_set", "scoring.boston", "scoring.boston_points", "game_end.hands",
}  # fmt: skip


# Values of a published rule that only a house plays.
HOUSE_VALUES = {"scoring.nil_tricks": "overtricks"}


def _house(variant_id: str) -> bool:
    standard = load_variant("standard").rules
    rules = load_variant(variant_id).rules
    values = {path: str(rule_value(rules, path)) for path in HOUSE_VALUES}
    return bool(HOUSE_AXES & set(differing_rules(standard, rules))) or any(
        values[path] == value for path, value in HOUSE_VALUES.items()
    )


PUBLISHED = [v for v in shipped_variant_ids() if not _house(v)]
HOUSE = [v for v in shipped_variant_ids() if _house(v)]


def _base(variant_id: str) -> str:
    """The published ruleset a house ruleset is built on: its nearest such ancestor."""
    return next(v for v in load_variant(variant_id).lineage[1:] if v in PUBLISHED)


# Every pair of published rulesets (standard first, as the docs' witness page compares them),
# and each house ruleset beside the published ruleset it is built on (every pair of house
# rulesets would take minutes and show the same rules again).
OTHERS = [v for v in PUBLISHED if v != "standard"]
PAIRS = (
    [("standard", v) for v in OTHERS]
    + list(itertools.combinations(OTHERS, 2))
    + [(_base(v), v) for v in HOUSE]
)
# A sweep (tests/_sweeps.py): the test command compares standard with each ruleset, which the
# docs' witness page compares too (so each pair is searched once per run, `variant_diff`), and
# two pairs of other rulesets; CI compares every pair.
SHOWN_PAIRS = sweep(
    PAIRS,
    [p for p in PAIRS if p[0] == "standard"]
    + [("ellington", "porchlight"), ("five-bags-fifty", "no-nil")],
)


def _seen(variant: ResolvedVariant, witness: dict[str, Any]) -> object:
    request: dict[str, Any] = {
        "id": "w",
        "variant": {"id": variant.id, "options": dict(variant.chosen)},
        "setup": witness["setup"],
        "actions": witness["actions"],
        "ask": [witness["observable"]],
    }
    if "probe" in witness:
        request["probe"] = witness["probe"]
    answer = ReferenceEngine().run_resolved(variant, request)  # type: ignore[arg-type]
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


@pytest.mark.sweep
@pytest.mark.parametrize(("a", "b"), SHOWN_PAIRS, ids=[f"{a}-{b}" for a, b in SHOWN_PAIRS])
def test_every_differing_rule_has_a_checked_witness(
    a: str, b: str, variant_diff: Callable[..., dict[str, Any]]
) -> None:
    va, vb = load_variant(a), load_variant(b)
    report = variant_diff(va, vb)  # diff_variants, shared with the docs' witness page
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


def test_every_house_ruleset_is_compared_with_standard() -> None:
    # The published rulesets set no house rule; each house ruleset sets at least one.
    assert {"standard", "ellington", "porchlight"} <= set(PUBLISHED)
    assert all((_base(v), v) in PAIRS for v in HOUSE)


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


# --- house rules, on small files of our own so the checks do not move with the shipped ones ---


def _house_file(tmp_path: Path, ident: str, rules: dict[str, Any]) -> ResolvedVariant:
    """A house ruleset extending standard with `rules` ({"section.field": value})."""
    data: dict[str, Any] = {
        "extends": "standard", "id": ident, "title": ident, "revision": 1,
        "summary": "A house ruleset for the diff tests.", "rules": {},
    }  # fmt: skip
    why = {"question": "Which?", "choice": "This.", "why": "A test.", "alternative": "Not."}
    for path, value in rules.items():
        section, name = path.split(".")
        data["rules"].setdefault(section, {})[name] = {"value": value, "interpretation": why}
    file = tmp_path / f"{ident}.yaml"
    file.write_text(yaml.safe_dump(data, sort_keys=False))
    return load_variant(str(file))


def _witnesses(a: ResolvedVariant, b: ResolvedVariant) -> dict[str, dict[str, Any]]:
    report = diff_variants(a, b)
    found = {item["rule"]: item["witness"] for item in report["differences"]}
    assert all(found.values()), [rule for rule, w in found.items() if not w]
    assert render_text(report)
    return found


def test_three_players_alone_a_four_hand_deal_is_refused(tmp_path: Path) -> None:
    three = _house_file(tmp_path, "three-alone", {
        "table.players": 3, "table.sides": "individual", "deck.removed": ["2C"],
        "bidding.max_bid": 17,
    })  # fmt: skip
    found = _witnesses(load_variant("standard"), three)
    # No log plays under both (four hands of 13 against three of 17): the witness is a deal
    # that standard plays and the three-player table refuses.
    players = found["table.players"]
    assert players["observable"] == "illegal" and players["actions"] == []
    assert players["a"]["reason"] is None and players["b"]["reason"] == "bad-deal"
    assert players["probe"]["action"] == "deal"
    # Bidding up to 17 shows at the first bid, with only that rule changed at four seats.
    assert found["bidding.max_bid"]["observable"] == "legal"
    assert 17 in found["bidding.max_bid"]["b"] and 17 not in found["bidding.max_bid"]["a"]


def test_the_blind_nil_exchange_is_shown_by_whose_turn_it_is(tmp_path: Path) -> None:
    blind = _house_file(tmp_path, "blind-swap", {
        "bidding.blind_nil": "allowed", "bidding.blind_nil_trailing_by": 100,
        "bidding.blind_nil_exchange": 2, "scoring.blind_nil_bonus": 200,
        "scoring.blind_nil_penalty": 200,
    })  # fmt: skip
    found = _witnesses(load_variant("standard"), blind)
    exchange = found["bidding.blind_nil_exchange"]
    # Shown inside the house ruleset with the exchange alone taken away: after the bids, one
    # side passes cards where the other starts play.
    assert exchange["checked"] == "blind-swap with only bidding.blind_nil_exchange changed"
    assert exchange["observable"] == "to_act"
    assert exchange["a"]["phase"] == "play" and exchange["b"]["phase"] == "pass"
    assert any(a["action"] == "bid" and a["bid"] == "blind-nil" for a in exchange["actions"])
    # Blind nil allowed at all shows in the legal bids, under both rulesets.
    allowed = found["bidding.blind_nil"]
    assert allowed["checked"] == "both variants"
    assert "blind-nil" in allowed["b"] and "blind-nil" not in allowed["a"]


def test_promoted_deuces_are_shown_where_the_jokers_cannot_be(tmp_path: Path) -> None:
    jokers = _house_file(tmp_path, "jokers", {
        "deck.cards": "jokers-54", "deck.removed": ["2C", "2H"],
        "deck.top_trumps": ["BJ", "LJ", "2D", "2S"],
    })  # fmt: skip
    found = _witnesses(load_variant("standard"), jokers)
    trumps = found["deck.top_trumps"]
    # Standard's pack has no jokers to rank, so the part of the rule it can hold is shown:
    # the 2D and 2S promoted above the ace of spades.
    assert trumps["checked"] == "standard with deck.top_trumps set to [2D, 2S]"
    played = [a.get("card") for a in trumps["actions"]] + [str(trumps["a"]), str(trumps["b"])]
    assert any("2D" in text or "2S" in text for text in map(str, played))
    assert found["deck.cards"]["observable"] == "illegal"


def test_bonus_bid_and_boston_show_on_the_score_sheet(tmp_path: Path) -> None:
    house = _house_file(tmp_path, "bonus-boston", {
        "scoring.bonus_bid_tricks": 10, "scoring.bonus_bid_made": 200,
        "scoring.bonus_bid_set": 100, "scoring.boston": "points", "scoring.boston_points": 250,
    })  # fmt: skip
    found = _witnesses(load_variant("standard"), house)
    for rule in ("scoring.bonus_bid_tricks", "scoring.boston"):
        assert found[rule]["observable"] == "hands", rule
        # The two sheets differ in what the contract earned or cost.
        before, after = (found[rule][k][-1]["sides"] for k in ("a", "b"))
        assert any(before[s]["contract_points"] != after[s]["contract_points"] for s in before)
