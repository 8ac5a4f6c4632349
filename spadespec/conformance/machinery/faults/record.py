"""A fault's record: the mistake, the broken rulebook (or reading of the variant) that makes
it, and what the suite and the tools are expected to do with it. `faults.yaml` holds one
record a fault; `registry.py` reads it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from spadespec.conformance.machinery.faults.rewrite import Rewrite
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook

Change = Callable[[Rulebook], Rulebook]
"""A rulebook with one entry replaced, made from the rulebook given."""


class Asked(StrEnum):
    """Why the suite must catch the fault, where it was asked to."""

    FIRST = "first"
    """One of the twelve mistakes the suite was first asked to catch."""
    HOUSE_RULE = "house-rule"
    """The one for a rule a house may add, as the house-rules work asked for."""
    FOUND = "found"
    """One that got through the suite before its cases were written, or a scoring or game-end
    mistake the suite was asked to show it catches in every ruleset where it differs."""


class Fuzzed(StrEnum):
    """How much of a game the case that fuzzing finds for the fault holds."""

    PLAY = "play"
    """The fault shows inside a hand (its bidding, an exchange, a trick or so), so its case
    stops there: ten actions at most."""
    HAND = "hand"
    """The fault needs a whole hand (its scoring), or one hand and the next deal; no more."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """An illegal action as the audit names it."""

    reason: str
    """The reason code it is refused with, e.g. `must-follow-suit`."""
    rule: str
    """The rule it breaks, e.g. `play.follow-suit`."""


@dataclass(frozen=True, slots=True)
class Expected:
    """What the suite and the tools are expected to do with a fault. Every field is written in
    its record; an empty tuple or mapping, or None, says there is none."""

    asked: Asked | None
    """Why the suite must catch it; None where it came cheap."""
    caught_by: tuple[str, ...]
    """The cases that must catch it (others may too)."""
    score_caught_by: tuple[str, ...]
    """The cases whose score requests alone must catch it, the engine asked nothing else."""
    clause: str | None
    """The tag the case fuzzing finds for it opens with; None where it has no one clear clause."""
    shown_under: str | None
    """The ruleset whose games show it, the one it is fuzzed under; None where none does."""
    fuzzed: Fuzzed | None
    """How much of a game the case fuzzing finds holds; None where it is not fuzzed."""
    not_fuzzed: str | None
    """Why fuzzed games cannot show it, where they cannot."""
    made_cases_miss: Mapping[str, str]
    """House rulesets whose own cases catch it while the cases made for a copy of their file
    do not, each with why."""
    diagnosed_as: Mapping[str, str | None]
    """Rulesets whose cases it fails, each with the rule change the diagnosis names for every
    failure; None where it leaves every failure unexplained."""
    audit_finds: Refusal | None
    """In games bots play under it, the first illegal action the audit finds, as it names it."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One mistake an engine could make, as data: the standard rulebook with one entry
    replaced, and where the mistake is a misreading of the variant, the rules as misread."""

    name: str
    """A stable kebab-case name, e.g. `penalty-at-eleven-bags`."""
    mistake: str
    """What the broken engine does, as a player would describe it."""
    change: Change | None = None
    """The entry of the rulebook the mistake replaces; None where the rulebook is standard."""
    misread: Rewrite | None = None
    """The variant's rules as the broken engine reads them; None where it reads them right."""
    rule: str | None = None
    """The rule change the mistake is, as a diagnosis names it: `scoring.set_penalty=nothing`
    where the value is the same in every variant the fault shows in, the rule alone where it
    depends on the variant (one bag past its threshold), two joined by ` + `; None when the
    mistake is no value any rule can take (bags not carried, suit not followed)."""
    expected: Expected = field(kw_only=True, compare=False)
    """What the suite and the tools are expected to do with it."""
    rulebook: Rulebook = field(init=False, repr=False, compare=False)
    """The rulebook the broken engine plays by: the standard one with `change` made, made
    once so that the plans resolved with it are kept (`plan.plan_of`)."""

    def __post_init__(self) -> None:
        book = STANDARD_RULEBOOK if self.change is None else self.change(STANDARD_RULEBOOK)
        object.__setattr__(self, "rulebook", book)
