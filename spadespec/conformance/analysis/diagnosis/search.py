"""Which rule an engine plays differently: the search of a variant's neighbours that explain
a run's failures.

A neighbour explains a failed case when the reference engine, playing the neighbour, gives the
engine's answer on what the case checks (`replays`: the same items differ, with the same
answers as grading reads them; for an `error`, a refusal of the log at the same step), and it
must keep what the engine got right (`Bucket.keeps_passes`): pass every case of the variant
the engine passed, answer right every figure the engine answered right, and on a failure of a
case about a rule it changes, play the variant or give the engine's answer. conform, fuzz (a
found case beside the variant's own cases) and audit (hands the engine got right as the
passes) ask this one question. A refusal for another reason that also holds is no rule's
doing: it is said apart (`precedence`), and not searched.

Each failure is put only to the neighbours that can touch it (`reach`): first the changes of
the rules its case is written about, then those of the other rules that can change what
differs; the search stops at the first stage that explains it. The linked rules are changed
together (a big-bid bonus is the least bid and the bonus) right after the rules the case is
about, each of their rules then also changed alone (one rule is named before two), and where
nothing else explains a failure, pairs of changes that each altered it are
tried. Every failure not explained by a change found for another is searched so, in full,
however many others resisted: no failure is searched less for the others a run holds, and a
failure a change leaves as the variant plays it hides no name, so a subset run names what the
full run names. Each neighbour's replays and its verdict on the passes are made once and kept,
so the search stays within seconds.
Failures are grouped by the neighbour that explains most of them, and every neighbour found
that explains a whole group is listed with it, the best first: one rule before two, more
cases explained, a figure nearer the variant's own.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.analysis.diagnosis.bucket import Bucket
from spadespec.conformance.analysis.diagnosis.findings import (
    Diagnosis,
    Group,
    Precedence,
    diff_line,
)
from spadespec.conformance.analysis.diagnosis.neighbours import (
    Neighbour,
    candidate_values,
    played_somewhere,
)
from spadespec.conformance.analysis.diagnosis.precedence import precedence
from spadespec.conformance.analysis.diagnosis.reach import rules_reaching
from spadespec.conformance.analysis.diagnosis.replays import explicable
from spadespec.conformance.contract.protocol.messages import EngineInfo
from spadespec.conformance.contract.protocol.score_requests import case_id_of
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import Case, resolved
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.reference_engine.variant import VariantError
from spadespec.reference_engine.variant.model import rule_paths

__all__ = ["Diagnosis", "Group", "diagnose", "diff_line", "matches_rule"]

MAX_PAIR_PARTS = 16
"""Single changes at most that pairs are made of."""
PAIR_VALUES = 2
"""Values of one rule at most among them."""
KEEPS_FIRST = 8
"""Failures of one variant from which a neighbour is asked whether it keeps the passes before
it is put to a failure (`_explaining`)."""


def matches_rule(label: str, record: str) -> bool:
    """Whether a neighbour's label (`scoring.bag_threshold=11`) is the rule change a record
    names (`scoring.bag_threshold=11`, or the rule alone where the value depends on the
    variant), or part of a two-rule record (`a=1 + b=2`) where the cases show only that part."""
    wanted = [part.split("=", 1) for part in record.split(" + ")]
    made = [part.split("=", 1) for part in label.split(" + ")]
    return all(
        any(m[0] == w[0] and (len(w) == 1 or m[1] == w[1]) for w in wanted) for m in made
    ) and len({m[0] for m in made}) == len(made)


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


def _about(bucket: Bucket, near: Neighbour, ids: Iterable[str]) -> int:
    """How many of the results `ids` are of cases written about a rule the neighbour changes:
    their first tag names it."""
    rules = {rule for rule, _ in near.changes}
    firsts = (bucket.failed[i].case.tags[:1] for i in ids)
    return sum(1 for first in firsts if first and first[0].split("=", 1)[0] in rules)


def diagnose_bucket(bucket: Bucket) -> tuple[list[Group], list[str]]:
    """Groups of the bucket's failures, and the failures nothing explains.

    Failure by failure, in order: the first one not yet explained is searched
    (`_search`); each change that explains it is then put to the other failures. The changes
    that explain a group all explain its first failure, so the group lists every one of them
    the search met."""
    groups: list[Group] = []
    unexplained: list[str] = []
    remaining = [i for i, r in bucket.failed.items() if explicable(r)]
    while remaining:
        first = remaining[0]
        found = _search(bucket, first)
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
    unexplained += [i for i, r in bucket.failed.items() if not explicable(r)]
    order = list(bucket.failed)
    return _joined(bucket, _absorbed(bucket, groups)), sorted(unexplained, key=order.index)


def _absorbed(bucket: Bucket, groups: list[Group]) -> list[Group]:
    """The groups, each joined to a group at least as large whose best change, of no more
    rules than its own, explains every failure of it too. Which failure is searched first
    decides which changes a group is formed around: a shrunk game that reaches the target
    exactly is explained both by a target never reached and by one that must be passed, and
    only the failures searched after it tell the two apart. Joined so, a failure is named by
    the change that explains the most, whatever the order of the run."""
    order = list(bucket.failed)
    joined = True
    while joined:
        joined = False
        by_size = sorted(groups, key=lambda g: len(g.cases))
        for small, big in itertools.permutations(by_size, 2):
            if len(big.cases) < len(small.cases):
                continue
            if len(big.best.changes) > len(small.best.changes):
                continue
            wanted = set(small.cases)
            if bucket.explained(big.best, list(small.cases))[0] != wanted:
                continue
            every = [n for n in big.neighbours
                     if bucket.explained(n, list(small.cases))[0] == wanted]  # fmt: skip
            ids = wanted | set(big.cases)
            both = Group(big.variant, big.options, tuple(i for i in order if i in ids),
                         tuple(every))  # fmt: skip
            groups = [both if g is big else g for g in groups if g is not small]
            joined = True
            break
    return groups


def _search(bucket: Bucket, failure: str) -> list[Neighbour]:
    """The neighbours that explain one failure and keep every pass, from the first stage of
    the search that finds any: the rules its case is about, linked rules changed together,
    the other rules that can change what differs, then pairs of changes that each altered it."""
    tagged, rest = rules_reaching(bucket.failed[failure])
    found, altering = _explaining(bucket, bucket.singles(tagged), failure, every=True)
    if found:
        return found
    linked = _explaining(bucket, bucket.linked(tagged + rest), failure)[0]
    if linked:
        # One rule before two: a change of one of the pair's rules alone (a bonus left out,
        # not its least bid and its points moved together) wins over the pair.
        paired = [rule for rule in rest if any(rule in dict(n.changes) for n in linked)]
        return _explaining(bucket, bucket.singles(paired), failure)[0] or linked
    found, altered = _explaining(bucket, bucket.singles(rest), failure)
    if found:
        return found
    # Of the other rules, only changes that keep the passes alone are paired.
    kept = [near for near in altered if bucket.keeps_passes(near)]
    return _explaining(bucket, _pairs(bucket, altering + kept), failure)[0]


def _joined(bucket: Bucket, groups: list[Group]) -> list[Group]:
    """The groups, two of them joined where they are explained by changes to two rules and
    one change of both, which the format allows only together, explains them all and keeps
    every pass. A game played to a target where the house plays a fixed number of hands
    shows so: on the last hand as more hands, on the others as a target, and only no fixed
    number with a target (neither allowed alone) explains both. Two rules each played
    differently on its own stay two groups."""
    rules = sorted({rule for g in groups for rule in _rules_of(g)}, key=_RULE_ORDER.index)
    allowed_alone = {near.label for near in bucket.singles(rules)}
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


def _joint(bucket: Bucket, one: Group, two: Group, allowed_alone: set[str]) -> Group | None:
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
            labels = [f"{rule}={rule_value_text(value)}" for rule, value in changes]
            if all(label in allowed_alone for label in labels):
                continue  # two changes each allowed alone: two differences, two groups
            near = bucket.near(tuple(changes))
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
    bucket: Bucket, neighbours: Iterable[Neighbour], failure: str, every: bool = False
) -> tuple[list[Neighbour], list[Neighbour]]:
    """The neighbours that keep every pass and explain one failure, and those that answer the
    failed case otherwise than the variant does: of `every` neighbour (the changes of the rules
    the case is about), or at least of those that keep every pass.

    Which question is asked first changes nothing found, only the cost: where a variant has
    many failures, whether a neighbour keeps the passes (worked out once for the whole search)
    is asked before its answer on the failure (one replay for each failure); where it has few,
    the other way round."""
    keeps_first = not every and len(bucket.failed) >= KEEPS_FIRST
    found, altering = [], []
    for near in neighbours:
        if keeps_first and not bucket.keeps_passes(near):
            continue
        explained, altered = bucket.explained(near, [failure])
        if altered:
            altering.append(near)
        if explained and bucket.keeps_passes(near):
            found.append(near)
    return found, altering


def _pairs(bucket: Bucket, altering: list[Neighbour]) -> list[Neighbour]:
    """Two changes of different rules, each of which alone altered the failure (a change of
    a rule the case is about, or one of another rule that kept the passes): first values some
    shipped variant plays, then the nearest; at most PAIR_VALUES values of a rule,
    MAX_PAIR_PARTS changes in all. Which they are hangs on the failure alone, never on what
    explained the others."""
    order = sorted(altering, key=lambda n: (not played_somewhere(n), _rank(n, 1)))
    per_rule: dict[str, list[Neighbour]] = defaultdict(list)
    for single in order:
        per_rule[single.changes[0][0]].append(single)
    parts = [n for n in order if n in per_rule[n.changes[0][0]][:PAIR_VALUES]][:MAX_PAIR_PARTS]
    out = []
    for one, two in itertools.combinations(parts, 2):
        if one.changes[0][0] == two.changes[0][0]:
            continue
        both = bucket.near(one.changes + two.changes)
        if both is not None:
            out.append(both)
    return out


def diagnose(results: Iterable[CaseResult], cases: Iterable[Case], info: EngineInfo) -> Diagnosis:
    """Search the neighbours of each variant with failures among `results` (an engine's, which
    declared `info`); `cases` holds every case the results are of. A variant may be a shipped
    one or a house's file registered for the run (`suite.variant_files`)."""
    started = time.perf_counter()
    by_id = {case.id: case for case in cases}
    out = Diagnosis()
    grouped: dict[tuple[str, str], list[CaseResult]] = defaultdict(list)
    for result in results:
        case = by_id.get(case_id_of(result.case.id))
        if case is None:
            continue
        key = (case.variant, json.dumps(case.options, sort_keys=True))
        grouped[key].append(result)
    for key, bucket_results in grouped.items():
        failed = [r for r in bucket_results if r.verdict in ("fail", "error")]
        if not failed:
            continue
        variant, options = key[0], json.loads(key[1])
        try:
            base = resolved(variant, tuple(sorted(options.items())))
        except VariantError:
            out.unexplained += [r.case.id for r in failed]
            continue
        bucket = Bucket(base, info, by_id)
        reasons: dict[tuple[str, str], list[str]] = defaultdict(list)
        for result in bucket_results:
            if result.verdict == "pass":
                bucket.passed.append(result)
            elif result.verdict in ("fail", "error"):
                other = precedence(result, base)
                if other is not None:
                    reasons[other].append(result.case.id)
                else:
                    bucket.failed[result.case.id] = result
        out.precedence += [Precedence(variant, g, e, tuple(ids)) for (g, e), ids in reasons.items()]
        groups, unexplained = diagnose_bucket(bucket)
        out.groups += groups
        out.unexplained += unexplained
        out.tried += bucket.tried
    out.seconds = time.perf_counter() - started
    return out
