"""Shooting the moon: a side that takes every trick of the hand (whatever it bid, or having bid
them all, as the variant says) wins the game at once and the hand is not scored."""

from __future__ import annotations

from collections.abc import Callable

from spadespec.reference_engine.scoring.records import SideScore
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.variant.model import MoonRule

Lines = dict[str, SideScore]


def moon_scores_as_usual(sheet: Sheet, sides: Lines) -> Lines:
    """Taking every trick is scored like any other hand."""
    return sides


def unscored(line: SideScore, moon: bool) -> SideScore:
    """A side's line for a hand that is not scored: what happened (contract, tricks, made,
    each nil's tricks) stays; every points and bags item is 0, and the totals stay."""
    return line._replace(
        contract_points=0,
        overtrick_points=0,
        bonus_points=None if line.bonus_points is None else 0,
        spoiler_points=None if line.spoiler_points is None else 0,
        nils=tuple(nil._replace(points=0) for nil in line.nils),
        bags_added=0,
        bag_penalties=0,
        bag_penalty=0,
        bags_after=line.bags_before,
        hand_points=0,
        score_after=line.score_before,
        moon=moon,
    )


def moon_wins_the_game(sheet: Sheet, sides: Lines) -> Lines:
    """A side that took every trick has shot the moon: the hand is not scored, and its line
    says so (the game is then won, which `game_outcome` decides)."""
    shooter = next((s for s, line in sides.items() if line.side_tricks == sheet.tricks), None)
    if shooter is None:
        return {side: line._replace(moon=False) for side, line in sides.items()}
    return {side: unscored(line, side == shooter) for side, line in sides.items()}


def moon_wins_the_game_if_bid(sheet: Sheet, sides: Lines) -> Lines:
    """Only a side that bid every trick and took them all (its line's `boston`) has shot the
    moon: the hand is not scored; every trick taken on a smaller bid is scored as usual."""
    shooter = next((s for s, line in sides.items() if line.boston), None)
    if shooter is None:
        return {side: line._replace(moon=False) for side, line in sides.items()}
    return {side: unscored(line, side == shooter) for side, line in sides.items()}


MOON: dict[MoonRule, Callable[[Sheet, Lines], Lines]] = {
    MoonRule.ORDINARY: moon_scores_as_usual,
    MoonRule.WINS_GAME: moon_wins_the_game,
    MoonRule.WINS_GAME_IF_BID: moon_wins_the_game_if_bid,
}
"""`scoring.moon` -> what a hand in which one side took every trick comes to on the sheet."""
