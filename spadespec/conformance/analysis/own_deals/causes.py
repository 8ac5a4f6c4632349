"""One name for one cause among the games from an engine's own deals.

A golden case is one position chosen to tell rules apart; a game from the engine's own deals
is whatever its shuffle gave. A rule change can then explain the games where the deal happened
not to tell it from the engine's mistake and not the others that differ the same way: a
promoted deuce that keeps its suit looks like a deuce that is no trump until it wins a trick of
its suit. Games that differ the same way (`fuzz.campaign.cause_key`: the first differing figure,
sides and positions merged) are one cause, so a name stands only where it names every one of
them; a cause whose games are named two ways, or named and unexplained, is left unexplained.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from spadespec.conformance.analysis.diagnosis.findings import Diagnosis, Group
from spadespec.conformance.analysis.fuzz.campaign import cause_key
from spadespec.conformance.contract.runner.run import OWN_DEALS
from spadespec.conformance.contract.runner.verdict import CaseResult


def one_name_a_cause(diagnosis: Diagnosis, results: Iterable[CaseResult]) -> Diagnosis:
    """The diagnosis with the own-deal games of a cause named two ways made unexplained."""
    causes: dict[tuple[str, str], list[str]] = defaultdict(list)
    for result in results:
        if result.case.id.startswith(f"{OWN_DEALS}.") and result.verdict in ("fail", "error"):
            told = [str(d) for d in result.differences] or [result.message]
            causes[(result.case.variant, cause_key(told))].append(result.case.id)
    split: set[str] = set()
    for ids in causes.values():
        if len({diagnosis.rule_of(i) for i in ids}) > 1:
            split.update(ids)
    if not split:
        return diagnosis
    groups = []
    for group in diagnosis.groups:
        kept = tuple(i for i in group.cases if i not in split)
        if kept:
            groups.append(Group(group.variant, group.options, kept, group.neighbours))
    unexplained = [*diagnosis.unexplained, *(i for i in split if i not in diagnosis.unexplained)]
    return Diagnosis(groups, unexplained, diagnosis.precedence, diagnosis.tried, diagnosis.seconds)
