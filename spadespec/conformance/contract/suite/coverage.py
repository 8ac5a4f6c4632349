"""Which rules the suite has cases for, and which it has none for.

Four questions, the first three answered from the cases' tags:
  - per shipped variant: is every rule the variant itself sets (in its own file or by a table
    option) exercised by a case of that variant (tag `section.field` or `section.field=value`)?
  - every value of every choice rule that some shipped variant plays (by default or as an
    option's choice): is there a case tagged `section.field=value` anywhere?
  - every mechanic in the registry: is there a case tagged with it?
  - every reason code a probe can reach: is there a case whose probe expects it?
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from spadespec.conformance.contract.suite.cases import Case
from spadespec.conformance.contract.suite.reason_codes import NOT_PROBED, cases_by_reason
from spadespec.conformance.contract.suite.tags import Registry, registry, rule_value
from spadespec.conformance.contract.suite.variant_files import variant_file
from spadespec.reference_engine.variant import VariantError, load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.model import enum_rules

# Provenance origins meaning "this variant sets the rule itself".
_OWN = ("file", "option", "option-default")


@dataclass(slots=True)
class VariantCoverage:
    """One variant: each rule it sets, with the ids of the cases that exercise it."""

    variant: str
    rules: dict[str, list[str]] = field(default_factory=dict)
    problem: str | None = None

    @property
    def uncovered(self) -> list[str]:
        return [path for path, ids in self.rules.items() if not ids]


@dataclass(slots=True)
class Coverage:
    """The whole suite's coverage; `gaps` counts everything with no case."""

    variants: list[VariantCoverage]
    values: dict[str, list[str]]
    unused_values: list[str]
    mechanics: dict[str, list[str]]
    # Each reason code a probe can reach -> the cases that expect it (NOT_PROBED: the others).
    reasons: dict[str, list[str]] = field(default_factory=dict)

    @property
    def uncovered_reasons(self) -> list[str]:
        return [code for code, ids in self.reasons.items() if not ids]

    @property
    def uncovered_values(self) -> list[str]:
        return [tag for tag, ids in self.values.items() if not ids]

    @property
    def uncovered_mechanics(self) -> list[str]:
        return [tag for tag, ids in self.mechanics.items() if not ids]

    @property
    def gaps(self) -> int:
        per_variant = sum(len(v.uncovered) + (1 if v.problem else 0) for v in self.variants)
        return (
            per_variant
            + len(self.uncovered_values)
            + len(self.uncovered_mechanics)
            + len(self.uncovered_reasons)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "gaps": self.gaps,
            "variants": {
                v.variant: {
                    "rules": v.rules,
                    "uncovered": v.uncovered,
                    **({"problem": v.problem} if v.problem else {}),
                }
                for v in self.variants
            },
            "values": self.values,
            "uncovered_values": self.uncovered_values,
            "unused_values": self.unused_values,
            "mechanics": self.mechanics,
            "uncovered_mechanics": self.uncovered_mechanics,
            "reasons": self.reasons,
            "uncovered_reasons": self.uncovered_reasons,
            "reasons_not_probed": sorted(NOT_PROBED),
        }


def measure(
    cases: Iterable[Case],
    variant_ids: list[str] | None = None,
    reg: Registry | None = None,
) -> Coverage:
    """The coverage of `cases` over the shipped variants (or those named)."""
    reg = reg or registry()
    cases = list(cases)
    ids = variant_ids if variant_ids is not None else shipped_variant_ids()
    by_variant_rule: dict[tuple[str, str], list[str]] = defaultdict(list)
    by_tag: dict[str, list[str]] = defaultdict(list)
    for case in cases:
        for tag in case.tags:
            by_tag[tag].append(case.id)
            rule = tag.split("=", 1)[0]
            if case.id not in by_variant_rule[(case.variant, rule)]:
                by_variant_rule[(case.variant, rule)].append(case.id)
    variants = []
    played: set[str] = set()
    choice_rules = enum_rules()
    for ident in ids:
        report = VariantCoverage(ident)
        variants.append(report)
        try:
            entry = variant_file(ident)
            resolved = entry.variant if entry is not None else load_variant(ident)
        except VariantError as exc:
            report.problem = f"cannot be loaded: {exc.problems[0]}"
            continue
        for path, origin in sorted(resolved.provenance.items()):
            if origin.origin in _OWN:
                report.rules[path] = by_variant_rule.get((ident, path), [])
        for path in choice_rules:
            played.add(f"{path}={rule_value(resolved.rules, path)}")
        for option in resolved.options:
            if option.rule in choice_rules:
                played.update(f"{option.rule}={choice}" for choice in option.choices)
    values = {
        tag.name: by_tag.get(tag.name, []) for tag in reg.of_kind("values") if tag.name in played
    }
    unused = [tag.name for tag in reg.of_kind("values") if tag.name not in played]
    mechanics = {tag.name: by_tag.get(tag.name, []) for tag in reg.of_kind("mechanics")}
    reasons = {c: ids for c, ids in cases_by_reason(cases).items() if c not in NOT_PROBED}
    return Coverage(variants, values, unused, mechanics, reasons)


def render_variant(v: VariantCoverage) -> list[str]:
    """One variant's lines: how many of the rules it sets have cases, and each that has none."""
    if v.problem:
        return [f"{v.variant}: {v.problem}"]
    covered = len(v.rules) - len(v.uncovered)
    lines = [f"{v.variant}: {covered} of {len(v.rules)} rules it sets have cases"]
    lines += [f"  no case: {path}" for path in v.uncovered]
    return lines


def render(coverage: Coverage) -> str:
    """The coverage as text: per variant, then values, then mechanics; gaps spelled out."""
    lines: list[str] = []
    for v in coverage.variants:
        lines.extend(render_variant(v))
    lines.append("")
    values = coverage.values
    lines.append(
        f"rule values played by shipped variants: {len(values) - len(coverage.uncovered_values)}"
        f" of {len(values)} have cases"
    )
    for tag in coverage.uncovered_values:
        lines.append(f"  no case: {tag}")
    if coverage.unused_values:
        lines.append(
            f"  played by no shipped variant (no case needed): {', '.join(coverage.unused_values)}"
        )
    lines.append("")
    mech = coverage.mechanics
    lines.append(
        f"mechanics: {len(mech) - len(coverage.uncovered_mechanics)} of {len(mech)} have cases"
    )
    for tag in coverage.uncovered_mechanics:
        lines.append(f"  no case: {tag}")
    lines.append("")
    reasons = coverage.reasons
    lines.append(
        f"reason codes a probe can reach: {len(reasons) - len(coverage.uncovered_reasons)}"
        f" of {len(reasons)} have cases"
    )
    for code, ids in reasons.items():
        count = f"{len(ids)} case{'' if len(ids) == 1 else 's'}"
        lines.append(f"  {code}: {count}" if ids else f"  no case: {code}")
    lines.append(
        f"  no probe can reach (checked otherwise, see the reason-code page): "
        f"{', '.join(NOT_PROBED)}"
    )
    lines.append("")
    lines.append(
        "every rule has a case" if not coverage.gaps else f"{coverage.gaps} without a case"
    )
    return "\n".join(lines)
