"""A parent's case whose log the file refuses, derived rather than dropped: re-bid or re-played
legally under the file (`relog`), with the checks whose point still holds.

A check is kept only where the derived log reaches the same kind of position as the parent's:

- the position checks (`to_act`, `legal`, `illegal`, `trick_winners`) when the position the log
  ends on is the parent's in all but the bids already made in an earlier phase: the same
  phase, player to act, hand, trick so far, cards held and spades broken or not; a refusal is
  kept only with the parent's reason, and the trick winners only when they are the parent's;
- the score checks (`hands`, `totals`, `bags`, `status`) when every hand is the same kind of
  hand as the parent's: each side's contract made or set, each nil made or failed, a bag
  penalty paid or not, and at the end the game going on or won by the same side, with the same
  sides past the target or the floor. A case whose point is its score keeps no position check
  when its score checks go.

The expectation is the reference engine's answer under the file, asked as any engine is, by the
request; so a derived case is made by the suite, at the level `generated`, and its origin
names the case it was derived from and how.
"""

from __future__ import annotations

from typing import Any, cast

from spadespec.conformance.analysis.house.generated import LEVEL
from spadespec.conformance.analysis.house.relog import Relogged, relog
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest
from spadespec.conformance.contract.runner.checking import shown_by
from spadespec.conformance.contract.suite.cases import Case, case_from_json, resolved
from spadespec.conformance.contract.suite.variant_files import VariantFile, variant_ref
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.variant import ResolvedVariant, VariantError

POSITION_CHECKS = ("to_act", "legal", "illegal", "trick_winners")
SCORE_CHECKS = ("hands", "totals", "bags", "status")
BID_CLAUSES = ("bidding", "bid")
"""The heads of the clause tags about the bids made, which a re-bid log no longer shows."""


def derived_id(house: VariantFile, case: Case, kind: str) -> str:
    """A parent's case derived for the file: `<file id>.<the case's own id>.<re-bid|re-played>`."""
    return f"{house.id}.{case.id}.{kind}"


def derive(house: VariantFile, case: Case, tags: list[str]) -> Case | str | None:
    """The case re-bid or re-played under the file, keeping the checks whose point still holds
    (with `tags`, the case's tags as the file reads them); or why no case could be derived;
    None when there is nothing to derive (the file refuses no action of its log, or does not
    take its table options)."""
    try:
        variant = house.resolved(case.options)
    except VariantError:
        return None
    made = relog(variant, case.setup, case.actions)
    if isinstance(made, str):
        return made
    if not made.rewrites:
        return None
    parent = Game.replay(resolved(case.variant, tuple(sorted(case.options.items()))), case.setup,
                         case.actions)  # fmt: skip
    kept = _kept(case, parent, made.game)
    if not kept:
        return f"{made.kind} ({_told(made)}), no check of it still holds"
    expect = _answers(house, case, made, kept)
    if expect is None:
        return f"{made.kind} ({_told(made)}), the reference engine does not answer it"
    if "illegal" in expect and expect["illegal"]["reason"] != case.expect["illegal"]["reason"]:
        del expect["illegal"]  # the probe is refused otherwise, or not at all: not the point
    if "trick_winners" in expect and expect["trick_winners"] != case.expect["trick_winners"]:
        del expect["trick_winners"]  # the tricks are won otherwise
    # A position check kept at a bidding position sees the bids as the file lets them be made.
    at_bid = made.game.phase is Phase.BID and bool(set(expect) & {"to_act", "legal", "illegal"})
    shown = [tag for tag in tags if _shows(tag, set(expect), made, at_bid)]
    clause = case.origin.get("clause")
    if not shown or (clause is not None and not _shows(clause, set(expect), made, at_bid)):
        point = f"its clause {clause}" if clause else "its clauses"
        return f"{made.kind} ({_told(made)}), no check of {point} still holds"
    return _case(house, case, made, expect, shown)


def _shows(tag: str, kept: set[str], made: Relogged, at_bid: bool) -> bool:
    """Whether a check kept can still show the clause `tag`: one about the bids (`bidding.`,
    `bid.`) only at a bidding position, once the log was re-bid."""
    if not shown_by(tag) & kept:
        return False
    rebid = any(r.was["action"] == "bid" for r in made.rewrites)
    return not (rebid and tag.split(".", 1)[0] in BID_CLAUSES and not at_bid)


def reaches_play(case: Case, variant: ResolvedVariant) -> bool:
    """Whether a case's log reaches the play of the cards under `variant`: a card is played
    in it, or it ends with a card to play."""
    if any(action["action"] == "play" for action in case.actions):
        return True
    try:
        return Game.replay(variant, case.setup, case.actions).phase is Phase.PLAY
    except IllegalActionError:
        return False


def _kept(case: Case, parent: Game, mine: Game) -> list[str]:
    """The checks of the case whose position, or kind of hand, is still the parent's (the
    trick winners are asked, and kept only if they are the parent's)."""
    same_position = _position(parent) == _position(mine)
    same_hands = _hand_kinds(parent) == _hand_kinds(mine)
    return [
        key
        for key in case.expect
        if key == "trick_winners"
        or (key in POSITION_CHECKS and same_position)
        or (key in SCORE_CHECKS and same_hands)
    ]


def _position(game: Game) -> tuple[Any, ...]:
    """What a check at the present position sees, bids of an earlier phase aside."""
    phase = game.phase
    seen: tuple[Any, ...] = (phase, game.to_act, game.dealer, game.hands_played)
    if phase is Phase.BID or phase is Phase.PASS:
        return (*seen, tuple(game.hands), tuple(sorted(game.bids.items())))
    if phase is Phase.PLAY:
        trick = tuple(game.current_trick)
        return (*seen, tuple(game.hands), game.trick_number, trick, game.spades_broken)
    return seen


def _hand_kinds(game: Game) -> tuple[Any, ...]:
    """Each hand's kind, side by side, and how the game stands after the last: its status and
    winner, and each side's total below, at or above the target and the losing floor."""
    hands = tuple(
        tuple(
            (
                side,
                score.made,
                score.contract > 0,
                tuple((n.seat, n.made) for n in score.nils),
                score.bag_penalties,
                score.boston,
                bool(score.moon),
            )
            for side, score in sorted(hand.sides.items())
        )  # fmt: skip
        for hand in game.hand_results
    )
    outcome = game.outcome
    end = (
        None if outcome is None else (outcome.status, outcome.winner, outcome.reached, outcome.out)
    )
    marks = (game.rules.game_end.target, game.rules.game_end.losing_floor)
    against = tuple(
        (side, *(None if mark is None else _sign(total - mark) for mark in marks))
        for side, total in sorted(game.totals.items())
    )
    return hands, end, against


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def _answers(
    house: VariantFile, case: Case, made: Relogged, kept: list[str]
) -> dict[str, Any] | None:
    request: dict[str, Any] = {
        "id": case.id,
        "variant": variant_ref(house.id, case.options),
        "setup": case.setup,
        "actions": made.actions,
        "ask": kept,
    }
    if "illegal" in kept:
        request["probe"] = case.expect["illegal"]["action"]
    answer = ReferenceEngine().run(cast(CaseRequest, request))  # built above as a request is
    if answer["outcome"] != "answered":
        return None
    return dict(answer["answers"])


def _told(made: Relogged) -> str:
    return "; ".join(str(r) for r in made.rewrites)


def _case(
    house: VariantFile, case: Case, made: Relogged, expect: dict[str, Any], tags: list[str]
) -> Case:
    left_out = [key for key in case.expect if key not in expect]
    kept = ", ".join(expect)
    clause = case.origin.get("clause") or case.tags[0]
    data = {
        "id": derived_id(house, case, made.kind),
        "description": f"{case.description} Under {house.id}, {made.kind}: {_told(made)}.",
        "tags": tags,
        "origin": {"kind": "derived", "clause": clause, "from": case.id, "by": made.kind},
        "level": LEVEL,
        "status": "ok",
        "variant": {"id": house.id, "options": dict(case.options)},
        "setup": case.setup,
        "actions": made.actions,
        "expect": expect,
        "note": (
            f"Derived from {case.id} ({case.file}): its log is refused by {house.id}, so the"
            f" reference engine {made.kind} it ({_told(made)}). Kept: {kept}, where the position"
            f" or the kind of hand is still {case.id}'s"
            + (f"; left out: {', '.join(left_out)}" if left_out else "")
            + f". The expectation is the reference engine's answer under {house.id}."
        ),
    }
    return case_from_json(data, str(house.path))
