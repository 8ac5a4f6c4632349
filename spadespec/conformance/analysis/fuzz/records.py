"""A game played from an engine's own deals, written as a game record (the audit's format,
`schema/game-record.schema.json`) with the figures the engine gave for it, so that
`spadespec audit` replays it and names the rule where the engine's figures differ.

A record holds the log the game played and, from the engine's answers at its end, each hand's
tricks, points, running totals and bags, the totals, bags and outcome. A deal the engine gave
that the game would not take ends the log: its hands are the record's last action, and the seat
the engine says dealt it is that hand's recorded dealer, so the audit finds the deal illegal or
the dealer out of turn as the fuzzer did.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.contract.protocol.messages import VariantRef

SHEET_ITEMS = (("points", "hand_points"), ("totals", "score_after"), ("bags", "bags_after"))
"""Each hand's figure in a record, and the item of the engine's score sheet it is read from."""

RECORD_ASKS = ("trick_winners", "hands", "totals", "bags", "status")
"""What the engine is asked at the end of a game to fill its record: each figure it declares."""


def game_record(
    ref: VariantRef, game: FuzzGame, answers: dict[str, Any] | None, meta: dict[str, Any]
) -> dict[str, Any]:
    """The game as a record, with the engine's `answers` at the end of its log (any of
    RECORD_ASKS; None or empty when it gave none) as its figures, and `meta` (the run's seed,
    the game number, the difference found) under `meta`."""
    answers = answers or {}
    actions = list(game.actions)
    kinds = [action.get("action") for action in actions]
    hands = _hand_figures(answers, actions)
    record: dict[str, Any] = {
        "format": 1,
        "variant": {"id": ref["id"], **({"options": ref["options"]} if ref["options"] else {})},
        "setup": game.setup,
        "actions": actions,
    }
    bad = game.bad_deal
    if bad is not None and bad.answer is not None:
        # The hand the bad deal belongs to: one after the hands dealt, or the same one where the
        # log ends on a deal thrown in (`deal.redeal_*`), which it deals again.
        deals = kinds.count("deal")
        dealt = deals - len(_thrown_in(actions, ended=True))
        while len(hands) < dealt + 1:
            hands.append({})
        if isinstance(bad.answer.get("dealer"), str):
            hands[dealt]["dealer"] = bad.answer["dealer"]
        if "deal" in bad.answer:
            actions.append({"action": "deal", "hands": bad.answer["deal"]})
    if hands:
        record["hands"] = hands
    for key in ("totals", "bags"):
        if isinstance(answers.get(key), dict):
            record[key] = answers[key]
    status = answers.get("status")
    if isinstance(status, dict) and "status" in status:
        record["outcome"] = {"status": status["status"], "winner": status.get("winner")}
    record["meta"] = meta
    return record


def _hand_figures(answers: dict[str, Any], actions: list[Any]) -> list[dict[str, Any]]:
    """Each completed hand's figures from the engine's score sheets (`hands`), or its tricks
    alone from the trick winners where it keeps no sheet (`actions`: the log)."""
    out: list[dict[str, Any]] = []
    sheets = answers.get("hands")
    if isinstance(sheets, list):
        for sheet in sheets:
            sides = sheet.get("sides", {}) if isinstance(sheet, dict) else {}
            figures: dict[str, Any] = {}
            if isinstance(sheet, dict) and isinstance(sheet.get("tricks"), dict):
                figures["tricks"] = sheet["tricks"]
            for figure, item in SHEET_ITEMS:
                values = {
                    side: line[item]
                    for side, line in sides.items()
                    if isinstance(line, dict) and isinstance(line.get(item), int)
                }
                if values:
                    figures[figure] = values
            out.append(figures)
        return out
    winners = answers.get("trick_winners")
    if isinstance(winners, list):
        # A deal the rules threw in is listed with no tricks and is no hand of the record.
        thrown = _thrown_in(actions)
        out = [
            {"tricks": dict(Counter(hand))}
            for n, hand in enumerate(winners)
            if isinstance(hand, list) and n not in thrown
        ]
    return out


def _thrown_in(actions: list[Any], *, ended: bool = False) -> set[int]:
    """The deals (numbered from 0 in the log) thrown in: each followed by another deal before
    any bid, the same hand dealt again (with only its holders' redeal calls between, where they
    choose). With `ended`, the log's last deal too where the log ends on it, or on a call that
    throws it in: a deal is asked for next."""
    thrown: set[int] = set()
    deal = -1
    last: Any = None  # the last action since the latest deal, None right after it
    for action in actions:
        kind = action.get("action") if isinstance(action, dict) else None
        if kind == "deal":
            if deal >= 0 and (last is None or _calls(last)):
                thrown.add(deal)
            deal, last = deal + 1, None
        elif deal >= 0:
            last = action if kind == "redeal" else False
    if ended and deal >= 0 and (last is None or _calls(last)):
        thrown.add(deal)
    return thrown


def _calls(action: Any) -> bool:
    """Whether an action is a holder's call that throws the deal in."""
    return (
        isinstance(action, dict) and action.get("action") == "redeal" and action.get("call") is True
    )
