"""The results of one variant (at one set of options) under diagnosis: its failures, its
passes, and its neighbours put to them, each neighbour built once and each replay shared."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from spadespec.conformance.analysis.diagnosis.neighbours import (
    Change,
    Neighbour,
    linked_pair,
    neighbour,
    single_changes,
)
from spadespec.conformance.analysis.diagnosis.replays import (
    Replays,
    explains,
    explicable,
    keeps_right,
)
from spadespec.conformance.contract.protocol.messages import EngineInfo
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.axes import LINKED_RULES


class Bucket:
    """One variant's results, and the reference's answers on them under its neighbours."""

    def __init__(self, base: ResolvedVariant, info: EngineInfo, cases: dict[str, Case]) -> None:
        self.base = base
        self.replays = Replays(base, info, cases)
        self.failed: dict[str, CaseResult] = {}
        self.passed: list[CaseResult] = []
        self.tried = 0
        self._singles: dict[str, list[Neighbour]] = {}
        self._built: dict[tuple[tuple[str, str], ...], Neighbour | None] = {}
        self._keeps: dict[Any, bool] = {}
        self._passes: dict[Any, bool] = {}
        self._linked: dict[tuple[str, str], list[Neighbour]] = {}

    def singles(self, rules: Iterable[str]) -> list[Neighbour]:
        """The one-rule neighbours changing each of `rules`, in the order given."""
        out: list[Neighbour] = []
        for rule in rules:
            if rule not in self._singles:
                self._singles[rule] = single_changes(self.base, [rule])
            out += self._singles[rule]
        return out

    def linked(self, rules: Sequence[str]) -> list[Neighbour]:
        """The neighbours changing two linked rules together, for links among `rules`."""
        wanted = set(rules)
        out: list[Neighbour] = []
        for one, two in LINKED_RULES:
            if one in wanted or two in wanted:
                if (one, two) not in self._linked:
                    self._linked[one, two] = linked_pair(self.base, one, two)
                out += self._linked[one, two]
        return out

    def near(self, changes: tuple[Change, ...]) -> Neighbour | None:
        """The neighbour with `changes`, or None where the format does not allow them."""
        # A value may be a list (an order read backwards): the memo is keyed by its JSON.
        key = tuple((rule, json.dumps(value)) for rule, value in changes)
        if key not in self._built:
            self._built[key] = neighbour(self.base, changes)
        return self._built[key]

    def explained(self, near: Neighbour, ids: Sequence[str]) -> tuple[set[str], set[str]]:
        """Of the failures `ids`: those the neighbour explains, and those it answers otherwise
        than the variant does (for a wrong answer, with another answer: a neighbour that
        refuses the log alters nothing a pair could explain)."""
        self.tried += 1
        explained, altered = set(), set()
        for ident in ids:
            engine = self.failed[ident]
            got = self.replays.result(near.variant, engine)
            if got.verdict == "fail" or (got.verdict == "error" and engine.verdict == "error"):
                altered.add(ident)
            if explains(engine, got):
                explained.add(ident)
        return explained, altered

    def keeps_passes(self, near: Neighbour) -> bool:
        """Whether the neighbour keeps what the engine's answers show of the rules it changes:
        it passes every case the engine passed; on a case the engine failed, it answers right
        every figure the engine answered right; and on a failure of a case written about a
        rule it changes (a figure that only happens to give a whole game's totals is no rule
        the engine plays when the engine answers the cases about that rule otherwise), it
        either answers as the variant does or gives the engine's answer. A failure the
        neighbour leaves as the variant plays it is another bug's doing, and never keeps a
        rule from being named: a name does not hang on which other failures a run holds. The
        passes are put to it first, then the failures, each the cases about its rules first;
        the first that breaks ends the question, worked out once for each set of rules and
        kept."""
        key = near.variant.rules
        if key not in self._keeps:
            rules = {rule for rule, _ in near.changes}
            failed = sorted(self.failed.values(), key=lambda r: not _about_any(r, rules))
            self._keeps[key] = self.passes_kept(near) and all(
                self._keeps_one(near, r, rules) for r in failed
            )
        return self._keeps[key]

    def passes_kept(self, near: Neighbour) -> bool:
        """Whether the neighbour passes every case the engine passed, the cases about its
        rules first: the cheaper half of `keeps_passes`, asked of every neighbour first."""
        key = near.variant.rules
        if key not in self._passes:
            rules = {rule for rule, _ in near.changes}
            order = sorted(self.passed, key=lambda r: not _about_any(r, rules))
            self._passes[key] = all(
                self.replays.result(near.variant, r).verdict == "pass" for r in order
            )
        return self._passes[key]

    def _keeps_one(self, near: Neighbour, result: CaseResult, rules: set[str]) -> bool:
        got = self.replays.result(near.variant, result)
        if not keeps_right(result, got):
            return False
        about = got.verdict != "pass" and explicable(result) and _about_any(result, rules)
        return not about or explains(result, got)


def _about_any(result: CaseResult, rules: set[str]) -> bool:
    return any(tag.split("=", 1)[0] in rules for tag in result.case.tags)
