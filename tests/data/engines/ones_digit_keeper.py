"""The example score keeper showing each total the way some score pads write it, the bags held
as the total's ones digit even below zero: a side at -170 points holding 1 bag is shown as -171
(the pad's "minus 17 tens and 1 bag"), where the points are -169. Positive totals are the same
either way. No rule value explains it: the diagnosis must leave it unexplained in every mode."""

import sys
from typing import Any

from _example_keeper import example_keeper

score_keeper = example_keeper()

_keep_score = score_keeper.keep_score


def shown(total: int, bags: int) -> int:
    """The total with the bags written as its ones digit: below zero, after the minus sign."""
    tens = total - bags
    return total if tens >= 0 else tens - bags


def keep_score(setup: dict[str, Any], hands: list[dict[str, Any]],
               game_end: bool = True) -> dict[str, Any]:  # fmt: skip
    figures: dict[str, Any] = _keep_score(setup, hands, game_end)
    bags = figures["bags"]
    figures["totals"] = {side: shown(t, bags[side]) for side, t in figures["totals"].items()}
    return figures


score_keeper.keep_score = keep_score
sys.exit(score_keeper.main())
