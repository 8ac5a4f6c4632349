"""The conformance cases a ruleset's page lists: the cases `spadespec conform --variant` runs
for it. A shipped ruleset has its golden cases; a house's file has the cases made for it when
it is run (`spadespec.conformance.analysis.house`): its parents' cases that still hold, those
derived again under it, and one generated for each rule it changes (the witness search behind
them tries a fixed number of hands a rule, so making them takes a bounded time)."""

from __future__ import annotations

from dataclasses import dataclass

from spadespec.command_kit.errors import DataFileError
from spadespec.conformance.analysis.house.suite import house_cases
from spadespec.conformance.contract.suite.cases import Case, CaseError, case_variants, load_suite
from spadespec.conformance.contract.suite.variant_files import VariantFile


@dataclass(frozen=True, slots=True)
class CaseGroup:
    """Cases of one kind, under a heading that says where they come from."""

    title: str
    about: str
    cases: tuple[Case, ...]
    folded: bool = False
    """Shown folded: many cases that say nothing of what the file changes."""


@dataclass(frozen=True, slots=True)
class PageCases:
    """What the page says of the ruleset's cases: the groups, lines about what could not be
    made, and the command that runs them against an engine."""

    groups: tuple[CaseGroup, ...]
    notes: tuple[str, ...]
    command: str

    @property
    def count(self) -> int:
        return sum(len(group.cases) for group in self.groups)


def shipped_cases(variant_id: str) -> PageCases:
    """The golden cases of a shipped ruleset."""
    command = f"spadespec conform --variant {variant_id}"
    if variant_id not in case_variants():
        return PageCases((), (f"No golden case is written for {variant_id}.",), command)
    try:
        suite = load_suite(variants=[variant_id])
    except CaseError as exc:
        raise DataFileError(f"the shipped conformance cases do not load: {exc}") from None
    cases = tuple(suite.select(variant_id))
    about = (
        "Written from the sources' rules and worked examples; each is checked against the "
        "reference engine, and an engine under test must give the answers it expects."
    )
    return PageCases((CaseGroup("Golden cases", about, cases),), (), command)


def house_file_cases(house: VariantFile, shown_path: str) -> PageCases:
    """The cases made for a house's file, grouped by where they come from."""
    try:
        made = house_cases(house)
    except CaseError as exc:
        raise DataFileError(f"the shipped conformance cases do not load: {exc}") from None
    parents = " and ".join(house.parents)
    groups = (
        CaseGroup(
            "Generated for the rules it changes",
            f"For each rule {house.id} plays otherwise than {house.parent}, a hand the witness "
            f"search of `spadespec diff` found to show it, answered by the reference engine "
            f"under {house.id}.",
            made.generated,
        ),
        CaseGroup(
            "Derived again under it",
            f"Cases of {parents} whose log {house.id} refuses (a bid or card it does not "
            "allow), bid or played again under its rules.",
            made.derived,
        ),
        CaseGroup(
            f"Inherited from {parents}",
            f"Cases of {parents} that the reference engine, playing {house.id}'s rules, still "
            "answers as they expect.",
            made.inherited,
            folded=True,
        ),
    )
    notes = [
        f"No case was found for {rule}: the witness search found no hand that shows it."
        for rule in made.no_witness
    ]
    if made.dropped:
        noun = "case" if len(made.dropped) == 1 else "cases"
        notes.append(
            f"{len(made.dropped)} {noun} of {parents} no longer hold under {house.id} and are "
            f"left out (`spadespec conform --variant {shown_path} --verbose` says why)."
        )
    command = f"spadespec conform --variant {shown_path}"
    return PageCases(tuple(g for g in groups if g.cases), tuple(notes), command)
