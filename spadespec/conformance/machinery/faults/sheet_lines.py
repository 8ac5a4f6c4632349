"""Faults that score a side's line of the sheet as the engine does and then change it: the one
wrapper of the rulebook's `score_side` they share."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from spadespec.reference_engine.rulebook import Rulebook
from spadespec.reference_engine.scoring.hand import SideEntries
from spadespec.reference_engine.scoring.records import SideScore
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.variant.model import Rules

LineChange = Callable[[SideScore, Rules, Sheet, str], SideScore]
"""A side's line as the broken engine writes it, from the line as scored, the rules, the sheet
and the side's name."""


def lines_changed(book: Rulebook, change: LineChange) -> Rulebook:
    """The book with every side's line scored as before and then passed through `change`."""
    real = book.score_side

    def score_side(
        entries: SideEntries, rules: Rules, sheet: Sheet, side: str, bids: Mapping[str, Any],
        tricks: Mapping[str, int], prior: tuple[int, int],
    ) -> SideScore:  # fmt: skip
        return change(real(entries, rules, sheet, side, bids, tricks, prior), rules, sheet, side)

    return dataclasses.replace(book, score_side=score_side)
