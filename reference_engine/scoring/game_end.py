"""Game end: after each hand, has a side reached the target or sunk to the losing floor?"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from reference_engine.scoring.records import GameOutcome, SideTotals
from reference_engine.scoring.sides import SIDES, side_name
from reference_engine.variant.model import GameEndRules, Rules, TargetRule, TieRule


def reaches_target(total: int, target: int) -> bool:
    """The game is won by getting to the target: a total equal to it is enough."""
    return total >= target


def exceeds_target(total: int, target: int) -> bool:
    """The game is won only by going past the target: a total equal to it is not enough."""
    return total > target


TARGET_RULE: dict[TargetRule, Callable[[int, int], bool]] = {
    TargetRule.REACH: reaches_target,
    TargetRule.EXCEED: exceeds_target,
}


def target_reached(game_end: GameEndRules, total: int) -> bool:
    return TARGET_RULE[game_end.target_rule](total, game_end.target)


def is_out(game_end: GameEndRules, total: int) -> bool:
    """A side at or below the losing floor (where the variant has one) has lost."""
    return game_end.losing_floor is not None and total <= game_end.losing_floor


def drawn_game(totals: Mapping[str, int], why: str) -> GameOutcome:
    """Equal totals when the game ends are a draw."""
    score = next(iter(totals.values()))
    return GameOutcome("tie", None, f"{why}; both sides have {score}: the game is a tie")


def play_another_hand(totals: Mapping[str, int], why: str) -> GameOutcome:
    """Equal totals when the game would end mean another hand is played to break the tie."""
    score = next(iter(totals.values()))
    return GameOutcome(
        "continues",
        None,
        f"{why}, but both sides have {score}: the tie must be broken by another hand",
    )


TIE_RULE: dict[TieRule, Callable[[Mapping[str, int], str], GameOutcome]] = {
    TieRule.TIE: drawn_game,
    TieRule.PLAY_ANOTHER_HAND: play_another_hand,
}


def _why_over(game_end: GameEndRules, reached: list[str], out: list[str]) -> str:
    verb = "reached" if game_end.target_rule is TargetRule.REACH else "went past"
    parts = []
    if reached:
        parts.append(f"{' and '.join(reached)} {verb} the target of {game_end.target}")
    if out:
        parts.append(f"{' and '.join(out)} fell to the losing floor of {game_end.losing_floor}")
    return " and ".join(parts)


def _total(value: int | SideTotals) -> int:
    return value.score if isinstance(value, SideTotals) else int(value)


def game_outcome(rules: Rules, totals: Mapping[str, int | SideTotals]) -> GameOutcome:
    """Where the game stands after a hand, from the two running totals.

    The game ends once a side has reached the target or is out; the higher total then wins,
    and equal totals are settled by the variant's tie rule.
    """
    game_end = rules.game_end
    scores = {side_name(side): _total(value) for side, value in totals.items()}
    missing = [side for side in SIDES if side not in scores]
    if missing:
        raise ValueError(f"no total given for {', '.join(missing)}")
    reached = [side for side in SIDES if target_reached(game_end, scores[side])]
    out = [side for side in SIDES if is_out(game_end, scores[side])]
    if not reached and not out:
        verb = "reached" if game_end.target_rule is TargetRule.REACH else "gone past"
        return GameOutcome("continues", None, f"no side has {verb} {game_end.target}")
    why = _why_over(game_end, reached, out)
    ns, ew = scores["NS"], scores["EW"]
    if ns == ew:
        outcome = TIE_RULE[game_end.tie](scores, why)
    else:
        winner = "NS" if ns > ew else "EW"
        loser = "EW" if winner == "NS" else "NS"
        outcome = GameOutcome(
            "won", winner, f"{why}; {winner} wins {scores[winner]} to {scores[loser]}"
        )
    return GameOutcome(outcome.status, outcome.winner, outcome.reason, tuple(reached), tuple(out))
