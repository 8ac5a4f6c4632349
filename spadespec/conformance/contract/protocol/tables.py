"""Tables other than three or four seats over the protocol (the feature `tables`).

A table of two seats its players N and S, one of five N, NE, SE, SW, NW, one of six N, NE, SE, S,
SW, NW, one of seven N, NE, E, SE, SW, W, NW, and one of eight every point of the compass
(`reference_engine.table.SEATINGS`): its seats, sides, deals and score sheets name those seats,
wherever a seat or a side goes, and the packs of six and eight hold mega cards (`7S+`). An
engine that plays such tables declares `tables`; one that does not is sent no case, score
request or fuzzed game at one, and is not audited on one: those are not applicable to it, and
every three- and four-seat case is sent as it always was.
"""

from __future__ import annotations

from spadespec.conformance.contract.protocol.messages import TABLES, EngineInfo
from spadespec.conformance.contract.suite.cases import Case, resolved
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.model import Rules

USUAL_PLAYERS = (3, 4)
"""The tables every engine is taken to play: three seats (N, E, S) and four (N, E, S, W)."""

NOT_APPLICABLE = (
    f"the case is played at a table of other than three or four seats, and the engine does not "
    f"declare {TABLES}"
)


def declared(info: EngineInfo) -> bool:
    """Whether the engine plays tables of other sizes."""
    return TABLES in info["features"]


def needed(rules: Rules) -> bool:
    """Whether games under these rules sit at a table of other than three or four seats."""
    return table_of(rules).players not in USUAL_PLAYERS


def at_other_table(case: Case) -> bool:
    """Whether the case's variant (with its options) seats other than three or four."""
    return needed(resolved(case.variant, tuple(sorted(case.options.items()))).rules)


def not_applicable(info: EngineInfo, case: Case) -> str | None:
    """Why the case is not applicable to the engine for want of `tables`, or None."""
    if declared(info) or not at_other_table(case):
        return None
    return NOT_APPLICABLE
