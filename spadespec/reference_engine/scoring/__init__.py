"""Hand scoring and game end: contracts, nils, bags, and who has won.

Each rule axis of the variant is one small function chosen from a table keyed by the rule's
value (`SET_PENALTY`, `BOSTON`, `NIL_VALUE`, `NIL_TRICKS`, `BAGS_COUNT`,
`BAG_POINTS_CANCELLED`, `BAG_CARRY`, `MOON`, `TARGET_RULE`, `TIE_RULE`, `BOSTON_WINS`). The seats
and sides on the sheet follow the variant's table (`sheet_of`).

A rulebook (`spadespec.reference_engine.rulebook`) holds those tables and the functions
another engine might get wrong (`score_side`, `apply_bag_penalty`, `outcome_after`, ...). A
function that reads other entries is handed them as its first arguments, looked up for
the variant (`HandEntries`, `SideEntries`, `ContractEntries`, `OutcomeEntries`), never the
rulebook, so nothing here imports it. To score a hand, or read where a game stands, by the
standard rulebook or another: `spadespec.reference_engine.scorer`.
"""

from spadespec.reference_engine.scoring.hand import score_side
from spadespec.reference_engine.scoring.inputs import ScoringInputError
from spadespec.reference_engine.scoring.records import (
    GameOutcome,
    HandScore,
    NilResult,
    SideScore,
    SideTotals,
)
from spadespec.reference_engine.scoring.sides import Sheet, sheet_of

__all__ = [
    "GameOutcome",
    "HandScore",
    "NilResult",
    "ScoringInputError",
    "Sheet",
    "SideScore",
    "SideTotals",
    "score_side",
    "sheet_of",
]
