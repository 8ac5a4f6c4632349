"""Hand scoring and game end: contracts, nils, bags, and who has won.

Each rule axis of the variant is one small function chosen from a table keyed by the rule's
value (`SET_PENALTY`, `BOSTON`, `NIL_VALUE`, `NIL_TRICKS`, `BAGS_COUNT`,
`BAG_POINTS_CANCELLED`, `BAG_CARRY`, `MOON`, `TARGET_RULE`, `TIE_RULE`, `BOSTON_WINS`). The seats
and sides on the sheet follow the variant's table (`sheet_of`).

The scorer reads those tables, and calls the functions another engine might get wrong
(`score_side`, `apply_bag_penalty`, `outcome_after`, ...), through a rulebook
(`spadespec.reference_engine.rulebook`) handed to it as the first argument. To score a hand, or
read where a game stands, by the standard rulebook or another: `spadespec.reference_engine.scorer`.
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
