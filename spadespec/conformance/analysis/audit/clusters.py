"""Problems clustered by fingerprint: what differs and how, so that every distinct problem of a
stream is put to the diagnosis, however rare beside another, and each gets one name.

A problem's fingerprint is its variant, the first figure that differs with the sides merged
(`totals`, not `totals.NS`), how it differs (up or down; a refusal by the reasons given and
expected; a `legal` list short or long), what the differing side's score turns on
(`score_traits`: a set, a nil, a bag penalty, the moon), and by how much the figure is off.
The amounts split one coarse cluster (the rest of the fingerprint) into a few fine ones, so
that a bonus off by a constant 100 is not hidden among hands off by a varying few; past
FINE_PER_COARSE amounts a coarse cluster takes the rest itself. Past MAX_CLUSTERS clusters a
new fingerprint is counted, not sampled, and the audit says so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_CLUSTERS = 32
"""Clusters sampled in a run, all variants together."""
FINE_PER_COARSE = 2
"""Amounts a coarse cluster is split by before it takes the rest itself."""
GAMES_NAMED = 3
"""Games a cluster names as examples."""

Fingerprint = tuple[Any, ...]


def fingerprint(
    variant: str, differences: Sequence[Any], traits: frozenset[str]
) -> tuple[Fingerprint, Fingerprint]:
    """A problem's coarse fingerprint and its fine one (the coarse with the amount), read off
    its first difference (the others mostly follow from it: a side's total from its points)."""
    first = differences[0]
    side = r"\.(NS|EW|[NS][EW]-[NS][EW]|NE|SE|SW|NW|N|E|S|W)$"
    figure = re.sub(side, "", first.path.removeprefix("$."))
    expected, actual = first.expected, first.actual
    amount: int | None = None
    if _number(expected) and _number(actual):
        how = "up" if actual > expected else "down"
        amount = actual - expected
    elif figure.startswith(("illegal", "refusal")):
        how = f"{_reason(expected)} as {_reason(actual)}"
    elif figure == "legal":
        how = first.detail.split(" ")[0].strip("(") if first.detail else "other"
    else:
        how = "other"
    coarse = (variant, figure, how, tuple(sorted(traits)))
    return coarse, (*coarse, amount)


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _reason(value: Any) -> str:
    return str(value) if value is not None else "allowed"


def describe(print_: Fingerprint) -> str:
    """A fingerprint as a person reads it: `standard: totals up (made, overtricks) by +100`."""
    variant, figure, how, traits = print_[:4]
    said = f"{variant}: {figure} {how}"
    if traits:
        said += f" ({', '.join(traits)})"
    if len(print_) > 4:
        amount = print_[4]
        if amount == "other":
            said += " by other amounts"
        elif isinstance(amount, int):
            said += f" by {amount:+d}"
    return said


@dataclass(slots=True)
class Cluster:
    """The problems of one fingerprint: how many, in which games, and the sample kept."""

    key: Fingerprint
    problems: int = 0
    games: int = 0
    named: list[str] = field(default_factory=list)
    """The first games (`file:line`) it was seen in."""
    sampled: list[str] = field(default_factory=list)
    """The sampled failures' case ids."""

    def add_game(self, where: str) -> None:
        self.games += 1
        if len(self.named) < GAMES_NAMED:
            self.named.append(where)


@dataclass(slots=True)
class Clusters:
    """Every problem counted under its cluster; beyond MAX_CLUSTERS, counted apart."""

    found: dict[Fingerprint, Cluster] = field(default_factory=dict)
    fine_of: Counter[Fingerprint] = field(default_factory=Counter)
    """Coarse fingerprint -> fine clusters made of it."""
    beyond: int = 0
    """Problems whose fingerprint came after the cap: counted, not sampled."""
    beyond_games: int = 0
    """Games with such a problem."""

    def place(self, coarse: Fingerprint, fine: Fingerprint) -> Cluster | None:
        """The cluster a problem belongs to, made if need be; None past the cap."""
        if fine in self.found:
            return self.found[fine]
        other = (*coarse, "other")
        if self.fine_of[coarse] >= FINE_PER_COARSE:
            key = other
        else:
            key = fine
        if key in self.found:
            return self.found[key]
        if len(self.found) >= MAX_CLUSTERS:
            return None
        if key is fine:
            self.fine_of[coarse] += 1
        cluster = self.found[key] = Cluster(key)
        return cluster
