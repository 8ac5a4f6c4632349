"""Engines that deal their own cards (feature `deals`): the `deal` request that asks one to
start the next hand of a log, and its answer checked as the reference engine checks a deal.

An engine answers `{"dealer": <seat>, "deal": <hands>}`, the deal in the case notation (PBN, or
an object of each seat's cards). The deal must be one the variant allows: each seat in play its
share of the pack the variant uses (its removed cards out, its jokers in), no card twice, every
card in play dealt; and the seat that dealt it must be the dealer the game has reached (the
setup's, then the variant's rotation). The checks are the reference engine's own
(`Game.verify_deal`), so a deal is legal here exactly when the reference would take it.

Such an engine may refuse a log holding a deal it did not deal: a case whose log (or probe)
holds a deal is not put to it (`needs_own_deal`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spadespec.conformance.contract.protocol.messages import (
    DEALS,
    CaseResponse,
    DealRequest,
    EngineInfo,
    VariantRef,
)
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.actions import Deal
from spadespec.reference_engine.deal import Hands, parse_deal
from spadespec.reference_engine.errors import DealError
from spadespec.reference_engine.game import Game

DEAL_ANSWERS = ("dealer", "deal")
"""What an engine answers to a `deal` request: who dealt, and the hands."""

NOT_APPLICABLE = (
    "the engine deals for itself (feature deals) and may refuse a deal it did not deal; "
    "this case's log holds a deal of its own"
)
"""Why a case that needs its own deal is not put to an engine that deals."""


class EngineDealError(Exception):
    """The engine's answer to a `deal` request is not a deal the variant allows, or not dealt by
    the dealer due; the message names the hand, and the seat and card at fault where there is
    one."""

    def __init__(
        self, message: str, *, seat: str | None = None, card: str | None = None,
        answer: dict[str, Any] | None = None,
    ) -> None:  # fmt: skip
        super().__init__(message)
        self.seat = seat
        self.card = card
        self.answer = answer
        """The engine's answer as it came (`dealer`, `deal`), when it gave one."""


def deals(info: EngineInfo | Iterable[str]) -> bool:
    """Whether an engine (its `start` answer, or its features) deals its own cards."""
    features = info["features"] if isinstance(info, dict) else info
    return DEALS in features


def needs_own_deal(case: Case) -> bool:
    """Whether a case needs a deal of its own: its log deals a hand, or it probes a deal."""
    probe = case.expect.get("illegal", {}).get("action") if "illegal" in case.expect else None
    return any(_is_deal(action) for action in case.actions) or _is_deal(probe)


def _is_deal(action: Any) -> bool:
    return isinstance(action, dict) and action.get("action") == "deal"


def deal_request_for(
    ref: VariantRef, setup: dict[str, Any], actions: list[dict[str, Any]], seed: int, ident: str
) -> DealRequest:
    """The request that asks an engine to deal the next hand after `actions`."""
    return {"id": ident, "variant": ref, "setup": setup, "actions": actions, "seed": seed}


def dealt_hands(game: Game, response: CaseResponse) -> Hands:
    """The hands an engine dealt in answer to a `deal` request, with the game at the point of
    the deal; raises EngineDealError when it gave none, or a deal the game would not take."""
    hand = _hands_dealt(game) + 1
    outcome = response.get("outcome")
    if outcome != "answered":
        why = response.get("reason") if outcome == "skipped" else response.get("message")
        word = "declined" if outcome == "skipped" else "could not answer"
        raise EngineDealError(f"hand {hand}: the engine {word} the deal request: {why}")
    answers = response.get("answers") or {}
    missing = [key for key in DEAL_ANSWERS if key not in answers]
    if missing:
        raise EngineDealError(
            f"hand {hand}: the answer to the deal request leaves out {', '.join(missing)} "
            "(it answers the seat that dealt and the hands)"
        )
    due = game.dealer.name
    said = answers["dealer"]
    if said != due:
        raise EngineDealError(
            f"hand {hand}: the engine dealt as {said!r}, but the deal is {due}'s "
            f"({_rotation(game)})",
            seat=str(said),
            answer=dict(answers),
        )
    try:
        hands = parse_deal(answers["deal"])
        game.verify_deal(hands)
    except DealError as exc:
        raise EngineDealError(
            f"hand {hand}, dealt by {due}: the engine's deal is not a deal of "
            f"{_variant_name(game)}: {exc.detail}",
            seat=exc.seat,
            card=exc.card,
            answer=dict(answers),
        ) from None
    return hands


def _hands_dealt(game: Game) -> int:
    return sum(1 for action in game.log if isinstance(action, Deal))


def _variant_name(game: Game) -> str:
    return game.variant.id if game.variant is not None else "the variant"


def _rotation(game: Game) -> str:
    """Where the deal comes from at this point of the game, said for a person."""
    if not _hands_dealt(game):
        return "the setup names the first hand's dealer"
    rotation = game.rules.deal.dealer_rotation
    return f"the deal passes {rotation} after each hand"
