"""What a diagnosis found: groups of failures each explained by the same neighbours, the
failures that refuse a probe for another reason that also holds, and those nothing explains."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.analysis.diagnosis.neighbours import Neighbour


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


@dataclass(frozen=True, slots=True)
class Precedence:
    """Failures of one variant where the engine refuses the probe with `given`, a reason that
    also holds, where the case expects `expected`: the order of its checks differs."""

    variant: str
    given: str
    expected: str
    cases: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "given": self.given,
            "expected": self.expected,
            "cases": list(self.cases),
        }


@dataclass(slots=True)
class Diagnosis:
    """What the search found: groups of explained failures, refusals for another reason that
    also holds, and the failures nothing explains."""

    groups: list[Group] = field(default_factory=list)
    unexplained: list[str] = field(default_factory=list)
    precedence: list[Precedence] = field(default_factory=list)
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
            "precedence": [p.to_json() for p in self.precedence],
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
        f"{rule}: {near.base.id} {rule_value_text(near.was(rule))}, engine {rule_value_text(value)}"
        for rule, value in near.changes
    )
