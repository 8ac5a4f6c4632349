"""A case as a score keeper is told it: a score request, and the figures the case file gives.

A score keeper (a score pad, a scoring library) never sees a card: it is told each seat's bid
and tricks, hand by hand, and keeps the totals, the bags and the end of the game. Every case
whose log completes a hand is offered to an engine declaring the feature `score` as one
score request, reported as `<case id>~score`. It asks only the figures the case file gives:

    hand_points   each completed hand's points by side   expect.hands[i].sides[side].hand_points
    totals, bags, status   after the last hand          expect.totals, .bags, .status
    next_dealer   the seat to deal next, None once over  expect.to_act, when its phase is
                                                         `deal` or `over`

For an erratum these are what the rules give (`expect`); what the source printed
(`source_expect`) stays in the case file. The request carries none of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, cast

from spadespec.conformance.contract.protocol.messages import (
    SCORE_FIGURES,
    ScoredHand,
    ScoreRequest,
    VariantRef,
)
from spadespec.conformance.contract.suite.cases import Case, resolved
from spadespec.conformance.contract.suite.variant_files import variant_ref
from spadespec.reference_engine.actions import Deal, action_from_json
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.table import Table, table_of

SCORE_SUFFIX = "~score"
"""Ends the id of a case's score request; case ids never hold a `~`."""


def score_id(case_id: str) -> str:
    """The id a case's score request is reported by."""
    return case_id + SCORE_SUFFIX


def case_id_of(result_id: str) -> str:
    """The case a report id belongs to: the id itself, or the case of a score request."""
    return result_id.removesuffix(SCORE_SUFFIX)


def score_expect(case: Case) -> dict[str, Any]:
    """The figures of the case file a score keeper can be asked, keyed as it answers them;
    empty when the log completes no hand or the case gives no such figure."""
    if not _completed_hands(case):
        return {}
    expect = case.expect
    out: dict[str, Any] = {}
    if "hands" in expect:
        out["hand_points"] = [
            {side: score["hand_points"] for side, score in sheet["sides"].items()}
            for sheet in expect["hands"]
        ]
    for key in ("totals", "bags", "status"):
        if key in expect:
            out[key] = expect[key]
    to_act = expect.get("to_act")
    if to_act is not None and to_act["phase"] in ("deal", "over"):
        out["next_dealer"] = to_act["seat"]
    return {key: out[key] for key in SCORE_FIGURES if key in out}


def score_request_for(
    case: Case, figures: Iterable[str] = SCORE_FIGURES, expect: dict[str, Any] | None = None
) -> ScoreRequest | None:
    """The score request that puts a case to a score keeper, without its expected values,
    asking those of `figures` the case gives (a keeper answers only the figures it declares);
    None when that leaves nothing to ask. `expect`: the case's `score_expect`, when the caller
    has it already."""
    answered = set(figures)
    given = score_expect(case) if expect is None else expect
    asked = [key for key in given if key in answered]
    if not asked:
        return None
    return {
        "id": score_id(case.id),
        "variant": cast(VariantRef, variant_ref(case.variant, case.options)),
        "setup": case.setup,
        "hands": scored_hands(case),
        "ask": asked,
    }


def scored_hands(case: Case) -> list[ScoredHand]:
    """Each hand the log completes, as a score keeper is told it: the bids the log makes
    (`nil` and `blind-nil` as they are bid) and the tricks each seat took, by seat."""
    seats = [seat.name for seat in _table(case).seats]
    completed = _completed_hands(case)
    winners = _trick_winners(case) if completed else []
    out: list[ScoredHand] = []
    for index, actions in completed:
        bid = {a["seat"]: a["bid"] for a in actions if a["action"] == "bid"}
        taken = Counter(winners[index])
        out.append({"bids": {s: bid[s] for s in seats}, "tricks": {s: taken[s] for s in seats}})
    return out


def _table(case: Case) -> Table:
    return table_of(resolved(case.variant, tuple(sorted(case.options.items()))).rules)


def _completed_hands(case: Case) -> list[tuple[int, list[dict[str, Any]]]]:
    """Each hand of the log played to its last trick: its place among the hands dealt, and the
    actions after its deal."""
    table = _table(case)
    cards_played = table.players * table.cards_per_hand
    actions = case.actions
    kinds = [action["action"] for action in actions]
    deals = [at for at, kind in enumerate(kinds) if kind == "deal"]
    ends = [*deals[1:], len(actions)]  # one more than `deals` when the log has no deal
    return [
        (index, actions[at + 1 : end])
        for index, (at, end) in enumerate(zip(deals, ends, strict=False))
        if kinds[at + 1 : end].count("play") == cards_played
    ]


def _trick_winners(case: Case) -> list[list[str]]:
    """Who won each trick of each hand dealt: the case's own `trick_winners` where it gives
    them, or else the log replayed by the reference engine. Either way they are what the log's
    plays give, the input a score keeper is handed, not a figure it is asked for."""
    given = case.expect.get("trick_winners")
    if given is not None:
        return list(given)
    game = Game.replay(resolved(case.variant, tuple(sorted(case.options.items()))), case.setup, [])
    winners: list[list[str]] = []
    for entry in case.actions:
        action = action_from_json(entry)
        if isinstance(action, Deal):
            if winners:  # the game forgets a hand's tricks at the next deal: keep them first
                winners[-1] = [trick.winner.name for trick in game.completed_tricks]
            winners.append([])
        game.apply(action)
    if winners:
        winners[-1] = [trick.winner.name for trick in game.completed_tricks]
    return winners
