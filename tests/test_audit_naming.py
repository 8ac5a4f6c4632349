"""audit names what conform names for an engine's behaviour, or leaves it unexplained: the
evidence it builds from records points the search at the rule a difference is about."""

from __future__ import annotations

from typing import Any

import pytest

from spadespec.conformance.analysis.audit.diagnose import Diagnosed, rules_named_for
from spadespec.conformance.analysis.audit.recording import record_game
from spadespec.conformance.analysis.audit.report import diagnosis_lines
from spadespec.conformance.analysis.audit.run import Auditor
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.reference_engine.variant import load_variant


def _diagnosed(fault_name: str, games: int = 12, variant_id: str | None = None) -> Diagnosed:
    """What the audit found of the bots' games under the fault, as the fault matrix plays
    them on the ruleset whose games show it (or on `variant_id`)."""
    fault = FAULTS[fault_name]
    variant_id = variant_id or fault.expected.shown_under
    assert variant_id is not None
    variant = load_variant(variant_id)
    records: list[dict[str, Any]] = [
        record_game(variant, seed, bots="random" if seed % 2 else "sensible",
                    rulebook=fault.rulebook, misread=fault.misread, max_hands=20)
        for seed in range(games)
    ]  # fmt: skip
    auditor = Auditor()
    list(auditor.audit(RawRecord("r.jsonl", n, r) for n, r in enumerate(records, 1)))
    totals = auditor.finish()
    assert totals.diagnosed is not None, fault_name
    return totals.diagnosed


def _names(fault_name: str, variant_id: str | None = None) -> set[str]:
    return set(_diagnosed(fault_name, variant_id=variant_id).games_by_rule())


@pytest.mark.parametrize(
    ("fault", "right"),
    [
        # A ten bid scored by the trick: not a bonus bid of eight at 199.
        ("bonus-bid-ignored", "scoring.bonus_bid_tricks=none"),
        # No bonus earned on a big contract: not a big bid of eleven.
        ("big-bid-bonus-ignored", "scoring.big_bid_bonus=none"),
        # A Boston scored by the trick: not a Boston at 249 as well.
        ("boston-points-ignored", "scoring.boston=ordinary"),
    ],
)
def test_a_contract_priced_by_its_own_rule_is_named_by_that_rule_alone(
    fault: str, right: str
) -> None:
    assert _names(fault) == {right}


@pytest.mark.parametrize(
    ("fault", "widening"),
    [
        # The two of clubs led only when its holder has the three: a free first lead allows it.
        ("named-first-lead-looks-one-card-up", "play.first_lead=any"),
        # A promoted deuce led as a diamond: spades led at any time allow it.
        ("promoted-deuce-keeps-its-suit", "play.spades_lead=any-time"),
        # Blind nil bid by a side level: blind nil however far behind allows it.
        ("blind-nil-allowed-when-level", "bidding.blind_nil_trailing_by=none"),
        # A free bid after a partner's nil: no team minimum allows it.
        ("team-minimum-after-a-nil-ignored", "bidding.team_minimum=none"),
    ],
)
def test_a_change_that_only_allows_more_is_said_consistent_not_named(
    fault: str, widening: str
) -> None:
    diagnosed = _diagnosed(fault)
    assert set(diagnosed.games_by_rule()) == {UNEXPLAINED}
    assert widening in diagnosed.consistent.values()
    assert any(f"consistent with {widening}," in line for line in diagnosis_lines(diagnosed))
    assert widening in {c.get("consistent_with") for c in diagnosed.to_json()["clusters"]}


def test_a_change_that_moves_a_turn_is_still_named() -> None:
    # The dealer leading first refuses the lead of the seat the rules give it: records can
    # refute that, so it is named, not merely consistent.
    diagnosed = _diagnosed("wrong-seat-leads-first", games=4, variant_id="standard")
    assert set(diagnosed.games_by_rule()) == {"play.first_leader=dealer"}
    assert not diagnosed.consistent


def test_a_game_played_on_past_its_fixed_hands_is_named_no_fixed_number() -> None:
    # Games go on past the tenth hand to 500: a fixed eleven hands explains the tenth, not the
    # twelfth; no fixed number at all, with the target, explains every hand the records show.
    assert _names("fixed-hands-ignored") == {"game_end.target=500 + game_end.hands=none"}


@pytest.mark.parametrize("kind", ["bonus-bid", "boston", "exact-total"])
def test_every_way_of_pricing_a_contract_names_the_rules_that_price_it(kind: str) -> None:
    # The rules are found by the name of the way of pricing (`SideScore.contract_kind`): a
    # renamed rule or kind fails here rather than leaving the hand untagged.
    named = rules_named_for(kind)
    assert named and all(rule.startswith("scoring.") for rule in named)
    assert named[0].removeprefix("scoring.").startswith(kind.replace("-", "_"))
