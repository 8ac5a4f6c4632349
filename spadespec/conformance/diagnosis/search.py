"""Which rule an engine plays differently: the search of a variant's neighbours that explain
a run's failures.

A neighbour explains a failed case when the reference engine, playing the neighbour, gets the
case wrong in exactly the engine's way (the same items differ, with the same answers), or,
where the engine refused to replay the case's log, refuses it too; and it must still pass
every case of the variant the engine passed. Each neighbour is put to the cases as the engine
was, asked what the engine declares and graded as the engine was graded (the runner itself,
with the reference under the neighbour standing in for the engine).

Single-rule changes are tried first. For the first failure of a variant that no single change
explains, pairs are tried: two changes of different rules, each of which alone altered that
failure's answer. Once a few failures of a variant have resisted the whole search, the rest
are put only to the neighbours already found: what resists that often is likely one bug, and
the search stays within a minute for a whole suite.
Failures are grouped by the neighbour that explains most of them, and every neighbour that
explains a whole group is listed with it, the best first: one rule before two, more cases
explained, a figure nearer the variant's own.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spadespec.conformance.diagnosis.neighbours import (
    Neighbour,
    candidate_values,
    neighbour,
    played_somewhere,
    single_changes,
)
from spadespec.conformance.engines.reference import ReferenceEngine
from spadespec.conformance.protocol.messages import (
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.protocol.score_requests import case_id_of
from spadespec.conformance.runner.run import run_cases
from spadespec.conformance.runner.verdict import CaseResult
from spadespec.conformance.suite.cases import Case
from spadespec.conformance.suite.tags import rule_value, value_text
from spadespec.reference_engine.variant import ResolvedVariant, VariantError, load_variant
from spadespec.reference_engine.variant.model import rule_paths

MAX_PAIR_PARTS = 16
"""Single changes at most that pairs are made of."""
PAIR_VALUES = 2
"""Values of one rule at most among them."""
MAX_SEARCHED_UNEXPLAINED = 3
"""Failures of one variant searched in full, and found unexplained, before the rest are only
put to the neighbours already found. Pairs are tried for the first of them."""


def matches_rule(label: str, record: str) -> bool:
    """Whether a neighbour's label (`scoring.bag_threshold=11`) is the rule change a record
    names (`scoring.bag_threshold=11`, or the rule alone where the value depends on the
    variant), or part of a two-rule record (`a=1 + b=2`) where the cases show only that part."""
    wanted = [part.split("=", 1) for part in record.split(" + ")]
    made = [part.split("=", 1) for part in label.split(" + ")]
    return all(
        any(m[0] == w[0] and (len(w) == 1 or m[1] == w[1]) for w in wanted) for m in made
    ) and len({m[0] for m in made}) == len(made)


class NeighbourEngine:
    """The reference engine playing a neighbour, declaring what the engine under test declared."""

    canonical_forms = True  # as the reference engine's

    def __init__(self, near: Neighbour, info: EngineInfo) -> None:
        self.variant = near.variant
        self.info = info
        self._inner = ReferenceEngine()

    def start(self) -> EngineInfo:
        return self.info

    def run(self, request: CaseRequest) -> CaseResponse:
        return self._inner.run_resolved(self.variant, request)

    def score(self, request: ScoreRequest) -> CaseResponse:
        return self._inner.score_resolved(self.variant, request)

    def stop(self) -> None:
        pass


@dataclass(frozen=True, slots=True)
class Group:
    """Failures of one variant that the same neighbours explain, best neighbour first."""

    variant: str
    options: dict[str, Any]
    cases: tuple[str, ...]
    neighbours: tuple[Neighbour, ...]

    @property
    def best(self) -> Neighbour:
        return self.neighbours[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "cases": list(self.cases),
            "neighbours": [_neighbour_json(n) for n in self.neighbours],
        }


@dataclass(slots=True)
class Diagnosis:
    """What the search found: groups of explained failures, and those nothing explains."""

    groups: list[Group] = field(default_factory=list)
    unexplained: list[str] = field(default_factory=list)
    tried: int = 0
    seconds: float = 0.0

    def rule_of(self, result_id: str) -> str | None:
        """The best neighbour's label for a failure (`scoring.bag_threshold=11`); None when
        nothing explains it."""
        for group in self.groups:
            if result_id in group.cases:
                return group.best.label
        return None

    @property
    def explained(self) -> int:
        return sum(len(g.cases) for g in self.groups)

    def to_json(self) -> dict[str, Any]:
        return {
            "groups": [g.to_json() for g in self.groups],
            "unexplained": list(self.unexplained),
            "neighbours_tried": self.tried,
            "seconds": round(self.seconds, 3),
        }


def _neighbour_json(near: Neighbour) -> dict[str, Any]:
    return {
        "label": near.label,
        "changes": [
            {"rule": rule, "variant_value": near.was(rule), "engine_value": value}
            for rule, value in near.changes
        ],
        "diff": diff_line(near),
    }


def diff_line(near: Neighbour) -> str:
    """The line `spadespec diff` would print for the change, the engine in place of the second
    variant: `scoring.bag_threshold: standard 10, engine 11`."""
    return "; ".join(
        f"{rule}: {near.base.id} {value_text(near.was(rule))}, engine {value_text(value)}"
        for rule, value in near.changes
    )


def _signature(result: CaseResult) -> Any:
    """What a wrong answer says: each differing item and the answer given there."""
    return sorted((d.path, json.dumps(d.to_json().get("actual"), sort_keys=True))
                  for d in result.differences)  # fmt: skip


def explains(engine: CaseResult, reference: CaseResult) -> bool:
    """Whether the reference under a neighbour went wrong on a case exactly as the engine did."""
    if engine.verdict == "fail":
        return reference.verdict == "fail" and _signature(reference) == _signature(engine)
    if engine.verdict == "error":
        # The reference errs only where it refuses the log (or the hands cannot be scored).
        return reference.verdict == "error"
    return False


class _Bucket:
    """The results of one variant (at one set of options), and the cases behind them."""

    def __init__(self, base: ResolvedVariant, info: EngineInfo, cases: dict[str, Case]) -> None:
        self.base = base
        self.info = info
        self.cases = cases
        self.failed: dict[str, CaseResult] = {}
        self.passed: list[str] = []
        self.tried = 0

    def run(self, near: Neighbour, ids: Iterable[str]) -> dict[str, CaseResult]:
        """The neighbour's verdicts on the results `ids`."""
        wanted = set(ids)
        chosen = list({case_id_of(i): self.cases[case_id_of(i)] for i in wanted}.values())
        report = run_cases(NeighbourEngine(near, self.info), chosen)
        return {r.case.id: r for r in report.results if r.case.id in wanted}

    def explained(self, near: Neighbour, ids: Sequence[str]) -> tuple[set[str], set[str]]:
        """Of the failures `ids`: those the neighbour explains, and those it answers otherwise
        than the variant does."""
        self.tried += 1
        got = self.run(near, ids)
        explained = {i for i in ids if i in got and explains(self.failed[i], got[i])}
        altered = {i for i in ids if i in got and got[i].verdict != "pass"}
        return explained, altered

    def keeps_passes(self, near: Neighbour) -> bool:
        got = self.run(near, self.passed)
        return all(got[i].verdict == "pass" for i in self.passed if i in got)


def _rank(near: Neighbour, count: int, about: int = 0) -> tuple[Any, ...]:
    """Best first: one rule before two, more failures explained, more of them cases whose
    first tag is a rule the neighbour changes (the rule the case was written about, where two
    neighbours answer it alike), a rule played another way before a figure moved (a game won
    on passing 500 is the same, on these cases, as one won on reaching 501: the rule is the
    likelier reading), a figure nearer the variant's."""
    distance = 0.0
    for rule, value in near.changes:
        was = near.was(rule)
        numbers = isinstance(value, int) and isinstance(was, int) and not isinstance(value, bool)
        distance += 1 + abs(value - was) / max(abs(was), 1) if numbers else 0.5
    return (len(near.changes), -count, -about, distance)


def _about(bucket: _Bucket, near: Neighbour, ids: Iterable[str]) -> int:
    """How many of the results `ids` are of cases written about a rule the neighbour changes:
    their first tag names it."""
    rules = {rule for rule, _ in near.changes}
    firsts = (bucket.cases[case_id_of(i)].tags[:1] for i in ids)
    return sum(1 for first in firsts if first and first[0].split("=", 1)[0] in rules)


def diagnose_bucket(bucket: _Bucket) -> tuple[list[Group], list[str]]:
    """Groups of the bucket's failures, and the failures nothing explains.

    Failure by failure, in order: the first one not yet explained is put to every single
    change (then, if none explains it, to pairs); each change that explains it is then put to
    the other failures and to the cases the engine passed. The changes that explain a group
    all explain its first failure, so every one of them is found this way, at the cost of one
    pass over the neighbours per group rather than one per failure."""
    failed = list(bucket.failed)
    singles = single_changes(bucket.base)
    groups: list[Group] = []
    unexplained: list[str] = []
    remaining = list(failed)
    searched = 0
    while remaining:
        first = remaining[0]
        if searched >= MAX_SEARCHED_UNEXPLAINED:
            # Failures that resisted the search several times over are likely one bug: the
            # rest are only put to the neighbours already found, not searched afresh.
            found_now = [g.best for g in groups]
            found = [n for n in found_now if bucket.explained(n, [first])[0]]
        else:
            found, altering = _explaining(bucket, singles, first)
            if not found and not unexplained:
                known = [n for g in groups for n in g.neighbours if len(n.changes) == 1]
                found = _explaining(bucket, _pairs(bucket, altering, known), first)[0]
            searched += not found
        if not found:
            unexplained.append(first)
            remaining.remove(first)
            continue
        others = [i for i in remaining if i != first]
        scored = []
        for near in found:
            explained = {first} | bucket.explained(near, others)[0] if others else {first}
            scored.append((near, explained))

        def rank(f: tuple[Neighbour, set[str]]) -> tuple[Any, ...]:
            return _rank(f[0], len(f[1]), _about(bucket, f[0], f[1]))

        best, cases = min(scored, key=rank)
        every = sorted((f for f in scored if cases <= f[1]), key=rank)
        groups.append(
            Group(
                bucket.base.id,
                dict(bucket.base.chosen),
                tuple(i for i in remaining if i in cases),
                tuple(n for n, _ in every),
            )  # fmt: skip
        )
        remaining = [i for i in remaining if i not in cases]
    return _joined(bucket, groups, singles), unexplained


def _joined(bucket: _Bucket, groups: list[Group], singles: list[Neighbour]) -> list[Group]:
    """The groups, two of them joined where they are explained by changes to two rules and
    one change of both, which the format allows only together, explains them all and keeps
    every pass. A game played to a target where the house plays a fixed number of hands
    shows so: on the last hand as more hands, on the others as a target, and only no fixed
    number with a target (neither allowed alone) explains both. Two rules each played
    differently on its own stay two groups."""
    allowed_alone = {near.label for near in singles}
    joined = True
    while joined and len(groups) > 1:
        joined = False
        for one, two in itertools.combinations(groups, 2):
            both = _joint(bucket, one, two, allowed_alone)
            if both is not None:
                place = groups.index(one)
                groups = [g for g in groups if g is not one and g is not two]
                groups.insert(place, both)
                joined = True
                break
    return groups


def _joint(bucket: _Bucket, one: Group, two: Group, allowed_alone: set[str]) -> Group | None:
    """One group of the failures of `one` and `two`, explained by changes to a rule of each
    where one of the two changes is not allowed alone; None if no such change explains all."""
    ids = [i for i in bucket.failed if i in one.cases or i in two.cases]
    found = []
    for first, second in itertools.product(_rules_of(one), _rules_of(two)):
        if first == second:
            continue
        pair = sorted((first, second), key=_RULE_ORDER.index)
        values = [candidate_values(rule, rule_value(bucket.base.rules, rule)) for rule in pair]
        for changes in itertools.product(
            *([(rule, v) for v in vs] for rule, vs in zip(pair, values, strict=True))
        ):
            labels = [f"{rule}={value_text(value)}" for rule, value in changes]
            if all(label in allowed_alone for label in labels):
                continue  # two changes each allowed alone: two differences, two groups
            near = neighbour(bucket.base, tuple(changes))
            if near is None:
                continue
            explained, _ = bucket.explained(near, ids)
            if explained == set(ids) and bucket.keeps_passes(near):
                found.append(near)
    if not found:
        return None
    found.sort(key=lambda near: _rank(near, len(ids), _about(bucket, near, ids)))
    return Group(bucket.base.id, dict(bucket.base.chosen), tuple(ids), tuple(found))


_RULE_ORDER = rule_paths()


def _rules_of(group: Group) -> list[str]:
    """The rules the group's one-change neighbours change, in rulebook order."""
    rules = {near.changes[0][0] for near in group.neighbours if len(near.changes) == 1}
    return [rule for rule in _RULE_ORDER if rule in rules]


def _explaining(
    bucket: _Bucket, neighbours: Iterable[Neighbour], failure: str
) -> tuple[list[Neighbour], list[Neighbour]]:
    """The neighbours that explain one failure and keep every pass, and those that answer the
    failed case otherwise than the variant does."""
    found, altering = [], []
    for near in neighbours:
        explained, altered = bucket.explained(near, [failure])
        if altered:
            altering.append(near)
        if explained and bucket.keeps_passes(near):
            found.append(near)
    return found, altering


def _pairs(bucket: _Bucket, altering: list[Neighbour], known: list[Neighbour]) -> list[Neighbour]:
    """Two changes of different rules, each of which alone altered the failure: first the
    changes that explained other failures, then values some shipped variant plays, then the
    nearest; at most PAIR_VALUES values of a rule, MAX_PAIR_PARTS changes in all."""
    labels = {n.label for n in known}
    order = sorted(
        altering, key=lambda n: (n.label not in labels, not played_somewhere(n), _rank(n, 1))
    )
    per_rule: dict[str, list[Neighbour]] = defaultdict(list)
    for single in order:
        per_rule[single.changes[0][0]].append(single)
    parts = [n for n in order if n in per_rule[n.changes[0][0]][:PAIR_VALUES]][:MAX_PAIR_PARTS]
    out = []
    for one, two in itertools.combinations(parts, 2):
        if one.changes[0][0] == two.changes[0][0]:
            continue
        both = neighbour(bucket.base, one.changes + two.changes)
        if both is not None:
            out.append(both)
    return out


def diagnose(results: Iterable[CaseResult], cases: Iterable[Case], info: EngineInfo) -> Diagnosis:
    """Search the neighbours of each variant with failures among `results` (an engine's, which
    declared `info`); `cases` holds every case the results are of."""
    started = time.perf_counter()
    by_id = {case.id: case for case in cases}
    buckets: dict[tuple[str, str], _Bucket] = {}
    out = Diagnosis()
    grouped: dict[tuple[str, str], list[CaseResult]] = defaultdict(list)
    for result in results:
        case = by_id.get(case_id_of(result.case.id))
        if case is None:
            continue
        key = (case.variant, json.dumps(case.options, sort_keys=True))
        grouped[key].append(result)
    for key, bucket_results in grouped.items():
        if not any(r.verdict in ("fail", "error") for r in bucket_results):
            continue
        variant, options = key[0], json.loads(key[1])
        try:
            base = load_variant(variant, options)
        except VariantError:
            out.unexplained += [r.case.id for r in bucket_results if r.verdict in ("fail", "error")]
            continue
        bucket = buckets[key] = _Bucket(base, info, by_id)
        for result in bucket_results:
            if result.verdict in ("fail", "error"):
                bucket.failed[result.case.id] = result
            elif result.verdict == "pass":
                bucket.passed.append(result.case.id)
        groups, unexplained = diagnose_bucket(bucket)
        out.groups += groups
        out.unexplained += unexplained
        out.tried += bucket.tried
    out.seconds = time.perf_counter() - started
    return out
