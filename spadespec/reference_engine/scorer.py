"""Scoring a hand and reading where the game stands, by a rulebook (the standard one unless
another is given): what the `score` command, the protocol's score requests and the tests call.

The rules themselves are the functions of `spadespec.reference_engine.scoring`, each reached
through the rulebook's entry for it, bound to the variant's rules: a request is scored by the
scoring of the variant's plan under the rulebook (`plan.plan_of(rules, rulebook).scorer`), as
a game is, so that a rulebook with one entry replaced scores as an engine with that one mistake
would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spadespec.reference_engine.plan import plan_of
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.scoring.game_end import scores_of
from spadespec.reference_engine.scoring.inputs import read_bids, read_prior, read_tricks
from spadespec.reference_engine.scoring.records import GameOutcome, HandScore, SideTotals
from spadespec.reference_engine.scoring.sides import sheet_of
from spadespec.reference_engine.variant.model import Rules


def score_hand(
    rules: Rules,
    bids: Mapping[Any, Any],
    tricks: Mapping[Any, int],
    prior: Mapping[Any, SideTotals] | None = None,
    *,
    rulebook: Rulebook = STANDARD_RULEBOOK,
) -> HandScore:
    """Score a finished hand for every side at the table.

    `bids` maps each seat in play to a number of tricks, "nil" or "blind-nil" (0 is nil where
    nil is allowed and the least numeric bid is 1); `tricks` maps each seat in play to the
    tricks it took (all the hand's tricks between them: 13, or 17 for three players); `prior`
    holds each side's running score and bags going in (a side left out starts at 0 and 0).
    Raises `ScoringInputError` (a ValueError) naming the seat or side when these are not a
    hand. Each rule is scored by its entry in `rulebook` (the standard rulebook by default).
    """
    sheet = sheet_of(rules)
    read = read_bids(rules, bids, sheet)
    taken = read_tricks(tricks, sheet)
    score = plan_of(rules, rulebook).scorer.hand_score
    return score(sheet, read, taken, read_prior(prior, sheet))


def game_outcome(
    rules: Rules,
    totals: Mapping[str, int | SideTotals],
    *,
    hands_played: int = 0,
    boston_made: str | None = None,
    moon: str | None = None,
    rulebook: Rulebook = STANDARD_RULEBOOK,
) -> GameOutcome:
    """Where the game stands after a hand, from every side's running total.

    `hands_played` counts the hands finished so far, the one just scored included (it
    matters only in a game of a fixed number of hands); `boston_made` names the side that
    bid and took every trick of that hand (`HandScore.boston`), if one did, and `moon` the
    side that shot the moon in it (`HandScore.moon`). The game ends once a side has reached
    the target or is out, the agreed hands are all played, or a Boston or a moon wins it
    outright; the highest total then wins, and equal highest totals are
    settled by the variant's tie rule. Each rule is read by its entry in `rulebook` (the
    standard rulebook by default).
    """
    sheet = sheet_of(rules)
    scores = scores_of(sheet, totals)
    outcome_after = plan_of(rules, rulebook).scorer.outcome_after
    return outcome_after(sheet, scores, hands_played, boston_made, moon=moon)
