"""The cases a house's variant file is run with: inherited from its parents, derived from those
whose log the file refuses, and generated."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from spadespec.conformance.analysis.house.derived import derive, reaches_play
from spadespec.conformance.analysis.house.generated import generate
from spadespec.conformance.analysis.house.inherited import Dropped, house_tags, inherit
from spadespec.conformance.contract.suite.cases import (
    Case,
    Suite,
    case_variants,
    load_suite,
    resolved,
)
from spadespec.conformance.contract.suite.variant_files import VariantFile


@dataclass(frozen=True, slots=True)
class HouseCases:
    """Every case run for one variant file, and what could not be made."""

    house: VariantFile
    inherited: tuple[Case, ...]
    dropped: tuple[Dropped, ...]
    generated: tuple[Case, ...]
    no_witness: tuple[str, ...] = field(default=())
    """The rules the file changes for which the witness search found no case."""
    derived: tuple[Case, ...] = field(default=())
    """Parents' cases whose log the file refuses, re-bid or re-played under it
    (`spadespec.conformance.analysis.house.derived`)."""
    parents: tuple[Case, ...] = field(default=())
    """The parents' cases drawn on, as their own variants have them."""

    @property
    def suite(self) -> Suite:
        return Suite(self.inherited + self.derived + self.generated)

    def reaching_play(self) -> tuple[int, int]:
        """How many of the file's cases reach the play of the cards, and of its parents' cases."""
        mine = sum(reaches_play(case, self.house.resolved(case.options)) for case in self.suite)
        theirs = sum(
            reaches_play(case, resolved(case.variant, tuple(sorted(case.options.items()))))
            for case in self.parents
        )
        return mine, theirs

    def summary(self, verbose: bool = True) -> list[str]:
        """What was made, as lines for a person: counts, then every dropped case (or, when
        not `verbose`, where to see them)."""
        gaps = sum(d.tag_gap for d in self.dropped)
        lines = [
            f"{self.house.id} ({self.house.path.name}, extends {self.house.parent}):"
            f" {len(self.inherited)} cases inherited from {', '.join(self.house.parents)},"
            f" {len(self.derived)} derived by re-bidding or re-playing, {len(self.dropped)}"
            f" dropped ({gaps} tag gaps); {len(self.generated)} generated for the rules it changes"
        ]
        if verbose:
            lines += [f"  derived: {c.id}: {c.description.rsplit(' Under ', 1)[-1]}"
                      for c in self.derived]  # fmt: skip
            lines += [f"  {d}" for d in self.dropped]
        elif self.dropped:
            lines.append("  (--verbose lists each dropped case and why)")
        lines += [f"  no generated case: {rule} (the witness search found none)"
                  for rule in self.no_witness]  # fmt: skip
        return lines


def house_cases(house: VariantFile, parents: Suite | None = None) -> HouseCases:
    """The file's cases: its shipped parents' cases that hold under it, re-targeted, those
    whose log it refuses re-bid or re-played under it, and one generated case per rule it
    changes. `parents` is the suite to draw on (default: the cases
    of every shipped variant up its chain)."""
    if parents is None:
        with_cases = set(case_variants())
        parents = load_suite(variants=[v for v in house.parents if v in with_cases])
    theirs = [c for c in parents if c.variant in house.parents]
    kept, dropped = inherit(house, theirs)
    by_id = {case.id: case for case in theirs}
    derived: list[Case] = []
    still: list[Dropped] = []
    for gone in dropped:
        case = by_id[gone.case_id]
        made = derive(house, case, house_tags(case, house))
        if isinstance(made, Case):
            derived.append(made)
        else:
            still.append(
                gone
                if made is None
                else replace(gone, reason=f"{gone.reason}; not derived: {made}")
            )
    made_cases, missing = generate(house)
    return HouseCases(
        house, tuple(kept), tuple(still), tuple(made_cases), tuple(missing), tuple(derived),
        tuple(theirs),
    )  # fmt: skip
