"""The equivalence notes (`notes.yaml`): changes that survive the suite and that no engine could
be caught making, each recorded once with its reason, so that a run reports only new survivors.

A note names the change by its module, operator and the line before and after it (not by its
occurrence, which moves whenever the module changes above it). Notes are capped: a run whose
marked changes pass a tenth of its sample fails, and the file holds at most a tenth of a
standard run's, so that marking is never the way out of writing a case.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from spadespec.conformance.machinery.mutation.mutants import Mutant
from spadespec.conformance.machinery.mutation.sample import STANDARD_SIZE

NOTES = Path(__file__).with_name("notes.yaml")

REASONS = {
    "equivalent": "the change computes the same thing on every input",
    "unplayed": "it differs only under rule values no shipped ruleset plays",
    "unobservable": "it differs only in what the protocol never shows an engine's runner",
}
"""Why a change may be marked, and what each reason claims."""

CAP = 0.10
"""The share of a sample that may be marked, and of a standard run the file may hold."""

FILE_CAP = int(STANDARD_SIZE * CAP)


@dataclass(frozen=True)
class Note:
    """One marked change and why it cannot be caught."""

    module: str
    operator: str
    before: str
    after: str
    reason: str
    why: str

    def matches(self, mutant: Mutant) -> bool:
        """Whether this note is about this change."""
        place = mutant.place
        return (
            place.module == self.module
            and place.short_operator == self.operator
            and mutant.before == self.before
            and mutant.after == self.after
        )


class NotesError(ValueError):
    """The notes file cannot be read, or breaks its cap."""


def _note(entry: Any, where: str) -> Note:
    fields = ("module", "operator", "before", "after", "reason", "why")
    if not isinstance(entry, dict) or set(entry) != set(fields):
        raise NotesError(f"{where}: a note has exactly the fields {', '.join(fields)}")
    if not all(isinstance(entry[name], str) and entry[name] for name in fields):
        raise NotesError(f"{where}: every field of a note is a non-empty string")
    if entry["reason"] not in REASONS:
        raise NotesError(f"{where}: reason must be one of {', '.join(REASONS)}")
    return Note(*(entry[name] for name in fields))


def read_notes(path: Path = NOTES) -> list[Note]:
    """The notes in `path` (safely loaded), checked field by field and against the file's cap."""
    loaded = yaml.safe_load(path.read_text("utf-8")) if path.is_file() else None
    entries = [] if loaded is None else loaded
    if not isinstance(entries, list):
        raise NotesError(f"{path}: the notes are a list")
    notes = [_note(entry, f"{path}, note {index + 1}") for index, entry in enumerate(entries)]
    if len(notes) > FILE_CAP:
        raise NotesError(
            f"{path}: {len(notes)} notes, over the cap of {FILE_CAP} (a tenth of a standard "
            f"run's {STANDARD_SIZE} changes): write a case for the survivors instead"
        )
    return notes


def note_for(mutant: Mutant, notes: list[Note]) -> Note | None:
    """The note about this change, if there is one."""
    return next((note for note in notes if note.matches(mutant)), None)
