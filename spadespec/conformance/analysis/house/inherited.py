"""The cases of a variant file's parent chain, re-targeted to the file's variant.

A parent's case is kept only if the reference engine, playing the file's rules, gives every
answer the case expects (its score request asks only what those answers show): a case's tags
do not list every rule it depends on, so they alone cannot say which cases still hold. A case
that no longer holds is dropped and reported, as a tag gap where its tags name no rule the file
changes; one dropped because the file refuses its log may still be derived (`derived`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.run import run_case
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import Case, case_from_json, resolved
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.conformance.contract.suite.variant_files import VariantFile, changed_rules
from spadespec.reference_engine.variant import VariantError


@dataclass(frozen=True, slots=True)
class Dropped:
    """A parent's case that does not hold under the file, and why."""

    case_id: str
    reason: str
    tag_gap: bool
    """True when its tags name no rule the file changes: the tags missed a rule it rests on."""

    def __str__(self) -> str:
        kind = "tag gap" if self.tag_gap else "dropped"
        return f"{kind}: {self.case_id}: {self.reason}"


def inherited_id(house: VariantFile, case_id: str) -> str:
    """A parent's case re-targeted to the file: `<file id>.<the case's own id>`."""
    return f"{house.id}.{case_id}"


def retarget(case: Case, house: VariantFile) -> Case:
    """The case played under the file's variant, with the same options, setup, log and
    expectation. A value tag the file's rules contradict is kept as its rule's tag."""
    data = dict(case.data)
    data["id"] = inherited_id(house, case.id)
    data["tags"] = house_tags(case, house)
    data["variant"] = {"id": house.id, "options": dict(case.options)}
    told = f"Inherited from {case.id} ({case.file}), re-targeted to {house.id}."
    data["note"] = f"{told} {case.note}" if case.note else told
    return case_from_json(data, str(house.path))


def house_tags(case: Case, house: VariantFile) -> list[str]:
    """The case's tags as the file reads them: a value tag its rules contradict is kept as its
    rule's tag."""
    rules = house.variant.rules
    tags: list[str] = []
    for tag in case.tags:
        if "=" in tag:
            rule, value = tag.split("=", 1)
            if str(rule_value(rules, rule)) != value:
                tag = rule
        if tag not in tags:
            tags.append(tag)
    return tags


def inherit(house: VariantFile, cases: Iterable[Case]) -> tuple[list[Case], list[Dropped]]:
    """The parents' `cases` that hold under the file, re-targeted, and those dropped."""
    kept: list[Case] = []
    dropped: list[Dropped] = []
    engine = ReferenceEngine()
    info = engine.start()
    for case in cases:
        try:
            house.resolved(case.options)
        except VariantError as exc:
            reason = f"its table options do not apply to {house.id}: {exc.problems[0].message}"
            dropped.append(Dropped(case.id, reason, tag_gap=False))
            continue
        mine = retarget(case, house)
        # The case's own answers decide: a score request asks only what they already show.
        result = run_case(engine, info, mine)
        if not result.bad:
            kept.append(mine)
            continue
        named = sorted(_rules_named(case) & _differing(house, case))
        if named:
            reason = f"it rests on {', '.join(named)}, which {house.id} changes; {_why(result)}"
        else:
            reason = (
                f"its tags ({', '.join(case.tags)}) name no rule {house.id} changes, yet under"
                f" {house.id} {_why(result)}"
            )
        dropped.append(Dropped(case.id, reason, tag_gap=not named))
    return kept, dropped


def _why(result: CaseResult) -> str:
    if result.differences:
        keys = sorted({_observable(d.path) for d in result.differences})
        return f"the reference engine answers otherwise ({', '.join(keys)})"
    return f"the reference engine does not answer it ({result.message})"


def _rules_named(case: Case) -> set[str]:
    return {tag.split("=", 1)[0] for tag in case.tags}


def _observable(path: str) -> str:
    """`$.totals.NS` as `totals`: the observable a difference is in."""
    return path.removeprefix("$").lstrip(".").split(".")[0].split("[")[0] or path


def _differing(house: VariantFile, case: Case) -> set[str]:
    """The rules the file plays otherwise than the case's own variant, at the case's options."""
    options = tuple(sorted(case.options.items()))
    return set(
        changed_rules(house.resolved(case.options).rules, resolved(case.variant, options).rules)
    )
