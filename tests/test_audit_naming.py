"""audit names what conform names for an engine's behaviour, or leaves it unexplained: the
evidence it builds from records points the search at the rule a difference is about."""

from __future__ import annotations

from typing import Any

import pytest

from spadespec.conformance.analysis.audit.recording import record_game
from spadespec.conformance.analysis.audit.run import Auditor
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.reference_engine.variant import load_variant


def _names(fault_name: str, games: int = 12) -> set[str]:
    """What the audit names for the bots' games under the fault, as the fault matrix plays
    them on the ruleset whose games show it."""
    fault = FAULTS[fault_name]
    assert fault.expected.shown_under is not None
    variant = load_variant(fault.expected.shown_under)
    records: list[dict[str, Any]] = [
        record_game(variant, seed, bots="random" if seed % 2 else "sensible",
                    rulebook=fault.rulebook, misread=fault.misread, max_hands=20)
        for seed in range(games)
    ]  # fmt: skip
    auditor = Auditor()
    list(auditor.audit(RawRecord("r.jsonl", n, r) for n, r in enumerate(records, 1)))
    totals = auditor.finish()
    assert totals.diagnosed is not None, fault_name
    return set(totals.diagnosed.games_by_rule())


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
