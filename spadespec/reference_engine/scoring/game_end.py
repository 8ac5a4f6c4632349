"""Game end: after each hand, has a side reached the target, sunk to the losing floor, made a
game-winning Boston or shot the moon, or have the hands agreed for the game all been played?"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from spadespec.reference_engine.scoring.records import GameOutcome, SideTotals
from spadespec.reference_engine.scoring.sides import Sheet, side_name
from spadespec.reference_engine.variant.model import (
    BostonRule,
    GameEndRules,
    Rules,
    TargetRule,
    TieRule,
)


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


def target_reached(rule: Callable[[int, int], bool], target: int | None, total: int) -> bool:
    """Whether a total ends the game by the target, as `rule` (`game_end.target_rule`) reads
    it: never, in a game of so many hands with no target."""
    return target is not None and rule(total, target)


def is_out(game_end: GameEndRules, total: int) -> bool:
    """A side at or below the losing floor (where the variant has one) has lost."""
    return game_end.losing_floor is not None and total <= game_end.losing_floor


def hands_run_out(game_end: GameEndRules, hands_played: int) -> bool:
    """A game of a fixed number of hands is over once that many have been played."""
    return game_end.hands is not None and hands_played >= game_end.hands


def _tied(totals: Mapping[str, int], sides: int) -> str:
    """Who is level at the top, in words: `both sides have 500`, `N and E both have 300`."""
    score = next(iter(totals.values()))
    if len(totals) == sides:
        everyone = "both sides" if sides == 2 else f"all {sides} sides"
        return f"{everyone} have {score}"
    names = list(totals)
    together = "both" if len(names) == 2 else "all"
    return f"{', '.join(names[:-1])} and {names[-1]} {together} have {score}"


def drawn_game(totals: Mapping[str, int], why: str, sides: int = 2) -> GameOutcome:
    """Equal top totals when the game ends are a draw."""
    return GameOutcome("tie", None, f"{why}; {_tied(totals, sides)}: the game is a tie")


def play_another_hand(totals: Mapping[str, int], why: str, sides: int = 2) -> GameOutcome:
    """Equal top totals when the game would end mean another hand is played to break the tie."""
    return GameOutcome(
        "continues",
        None,
        f"{why}, but {_tied(totals, sides)}: the tie must be broken by another hand",
    )


TieSettler = Callable[[Mapping[str, int], str, int], GameOutcome]
"""What equal top totals come to when the game would end, given the leaders, why it would end
and how many sides there are."""

TIE_RULE: dict[TieRule, TieSettler] = {
    TieRule.TIE: drawn_game,
    TieRule.PLAY_ANOTHER_HAND: play_another_hand,
}


def boston_scores_only(side: str, tricks: int) -> GameOutcome | None:
    """Taking every trick is scored on the sheet and does not end the game by itself."""
    return None


def boston_ends_the_game(side: str, tricks: int) -> GameOutcome | None:
    """A side that bid every trick and took them all has won, whatever the totals."""
    return GameOutcome(
        "won", side, f"{side} bid all {tricks} tricks and took them (Boston): {side} wins the game"
    )


BOSTON_WINS: dict[BostonRule, Callable[[str, int], GameOutcome | None]] = {
    BostonRule.ORDINARY: boston_scores_only,
    BostonRule.POINTS: boston_scores_only,
    BostonRule.WINS_GAME: boston_ends_the_game,
}


def moon_ends_the_game(side: str, tricks: int) -> GameOutcome:
    """A side that took every trick where that wins the game has won, the hand unscored."""
    return GameOutcome(
        "won",
        side,
        f"{side} took all {tricks} tricks (shooting the moon): {side} wins the game",
        code="moon",
    )


def _why_over(game_end: GameEndRules, reached: list[str], out: list[str], hands_over: bool) -> str:
    verb = "reached" if game_end.target_rule is TargetRule.REACH else "went past"
    parts = []
    if reached:
        parts.append(f"{' and '.join(reached)} {verb} the target of {game_end.target}")
    if out:
        parts.append(f"{' and '.join(out)} fell to the losing floor of {game_end.losing_floor}")
    if hands_over:
        parts.append(f"all {game_end.hands} hands have been played")
    return " and ".join(parts)


def _still_going(game_end: GameEndRules, hands_played: int) -> str:
    if game_end.target is None and game_end.hands is None:
        return "the game has no target and no number of hands: it goes on"
    if game_end.target is None:
        return f"{hands_played} of {game_end.hands} hands played"
    verb = "reached" if game_end.target_rule is TargetRule.REACH else "gone past"
    return f"no side has {verb} {game_end.target}"


_GOING_ON: dict[tuple[int | None, TargetRule, int | None, int], GameOutcome] = {}
"""The outcome of a game going on, by what its reason names (the target and how it is
counted, or the hands played of how many): made once, as most hands end this way."""


def going_on(game_end: GameEndRules, hands_played: int) -> GameOutcome:
    """The game goes on, and why (`_still_going`)."""
    target = game_end.target
    counted = target is None and game_end.hands is not None  # the reason names hands played
    key = (target, game_end.target_rule, game_end.hands, hands_played if counted else 0)
    outcome = _GOING_ON.get(key)
    if outcome is None:
        if len(_GOING_ON) >= 1024:
            _GOING_ON.clear()
        outcome = GameOutcome("continues", None, _still_going(game_end, hands_played))
        _GOING_ON[key] = outcome
    return outcome


def _won(scores: Mapping[str, int], winner: str, why: str) -> GameOutcome:
    others = [side for side in scores if side != winner]
    if len(others) == 1:
        return GameOutcome(
            "won", winner, f"{why}; {winner} wins {scores[winner]} to {scores[others[0]]}"
        )
    rest = ", ".join(f"{side} {scores[side]}" for side in others)
    return GameOutcome("won", winner, f"{why}; {winner} wins with {scores[winner]} ({rest})")


def _total(value: int | SideTotals) -> int:
    return value.score if isinstance(value, SideTotals) else int(value)


def scores_of(sheet: Sheet, totals: Mapping[str, int | SideTotals]) -> dict[str, int]:
    """Each side's running score, by the sheet's names, from totals given by side name or
    seat (a number, or a `SideTotals`); a side left out is a ValueError."""
    given = {side_name(side, sheet): _total(value) for side, value in totals.items()}
    missing = [side for side in sheet.sides if side not in given]
    if missing:
        raise ValueError(f"no total given for {', '.join(missing)}")
    return {side: given[side] for side in sheet.sides}


class OutcomeEntries(NamedTuple):
    """The rulebook's entries that read where the game stands, each the one for the variant's
    rule, closed over the variant's end-of-game rules where it reads them, when the variant's
    scoring is bound (`spadespec.reference_engine.rulebook.scorer_of`)."""

    target_reached: Callable[[int], bool]
    """`game_end.target_rule`: whether a total ends the game by the target (`target_reached`)."""
    is_out: Callable[[int], bool]
    """Whether a side with this total has lost (at or below the losing floor)."""
    boston_wins: Callable[[str, int], GameOutcome | None]
    """`scoring.boston`: whether a side that bid and took every trick has won."""
    tie_rule: TieSettler
    """`game_end.tie`: what equal top totals come to."""


def outcome_after(
    entries: OutcomeEntries,
    rules: Rules,
    sheet: Sheet,
    scores: Mapping[str, int],
    hands_played: int,
    boston_made: str | None,
    *,
    moon: str | None = None,
) -> GameOutcome:
    """`game_outcome` from totals already read: every side's total by name, in table order,
    on the variant's sheet, each rule read by its entry in `entries`."""
    game_end = rules.game_end
    reached = []
    out = []
    for side in sheet.sides:
        total = scores[side]
        if entries.target_reached(total):
            reached.append(side)
        if entries.is_out(total):
            out.append(side)
    if moon is not None:
        won = moon_ends_the_game(side_name(moon, sheet), sheet.tricks)
        return won._replace(reached=tuple(reached), out=tuple(out))
    if boston_made is not None:
        boston = entries.boston_wins(side_name(boston_made, sheet), sheet.tricks)
        if boston is not None:
            return GameOutcome(
                boston.status, boston.winner, boston.reason, tuple(reached), tuple(out)
            )
    hands_over = hands_run_out(game_end, hands_played)
    if not reached and not out and not hands_over:
        return going_on(game_end, hands_played)
    why = _why_over(game_end, reached, out, hands_over)
    top = max(scores.values())
    leaders = {side: score for side, score in scores.items() if score == top}
    if len(leaders) > 1:
        outcome = entries.tie_rule(leaders, why, len(scores))
    else:
        outcome = _won(scores, next(iter(leaders)), why)
    return GameOutcome(outcome.status, outcome.winner, outcome.reason, tuple(reached), tuple(out))
