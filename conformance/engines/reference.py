"""The built-in reference engine behind the `Engine` protocol: the example an author copies.

It replays a case's log with `Game` and reads each observable off the game in canonical form.
"""

from __future__ import annotations

from typing import Any

from conformance.engines.observables import READERS
from conformance.protocol.messages import (
    FEATURES,
    PROTOCOL_VERSION,
    CaseRequest,
    CaseResponse,
    EngineInfo,
)
from conformance.suite.cases import resolved
from reference_engine import __version__
from reference_engine.actions import Deal, action_from_json
from reference_engine.errors import IllegalActionError
from reference_engine.game import Game
from reference_engine.variant import ResolvedVariant, VariantError, shipped_variant_ids


class ReferenceEngine:
    """The reference engine, answering conformance requests in-process."""

    def start(self) -> EngineInfo:
        return {
            "name": "spadespec-reference",
            "version": __version__,
            "language": "python",
            "protocol": PROTOCOL_VERSION,
            "variants": shipped_variant_ids(),
            "features": list(FEATURES),
        }

    def run(self, request: CaseRequest) -> CaseResponse:
        ref = request["variant"]
        try:
            variant = resolved(ref["id"], tuple(sorted(ref.get("options", {}).items())))
        except VariantError as exc:
            return {"outcome": "skipped", "reason": f"variant {ref['id']!r}: {exc}"}
        return self.run_resolved(variant, request)

    def run_resolved(self, variant: ResolvedVariant, request: CaseRequest) -> CaseResponse:
        """Answer a request under an already loaded variant (one not among the shipped files,
        say), ignoring the request's own variant reference."""
        try:
            game, winners = _replay(variant, request["setup"], request["actions"])
        except IllegalActionError as exc:
            return {"outcome": "errored", "message": f"the log does not replay: {exc}"}
        answers: dict[str, Any] = {}
        for key in request["ask"]:
            if key == "illegal":
                answers[key] = _try(game, request.get("probe"))
            elif key == "refusal":
                reason = _try(game, request.get("probe"))["reason"]
                answers[key] = {"refused": reason is not None}
                if reason is not None:
                    answers[key]["message"] = f"refused: {reason}"
            elif key == "next_deal":
                answers[key] = READERS["to_act"](game)
            elif key == "trick_winners":
                answers[key] = winners
            elif key in READERS:
                answers[key] = READERS[key](game)
            else:
                return {"outcome": "skipped", "reason": f"cannot answer {key!r}"}
        return {"outcome": "answered", "answers": answers}

    def stop(self) -> None:
        pass


def _replay(
    variant: Any, setup: dict[str, Any], actions: list[dict[str, Any]]
) -> tuple[Game, list[list[str]]]:
    """The game after the log, and the trick winners of every hand dealt in it."""
    game = Game.replay(variant, setup, [])
    winners: list[list[str]] = []
    for index, entry in enumerate(actions):
        try:
            action = action_from_json(entry)
            if isinstance(action, Deal) and winners:
                # The game forgets a hand's tricks at the next deal: keep them first.
                winners[-1] = _winners(game)
            if isinstance(action, Deal):
                winners.append([])
            game.apply(action)
        except IllegalActionError as exc:
            exc.index = index
            raise
    if winners:
        winners[-1] = _winners(game)
    return game, winners


def _winners(game: Game) -> list[str]:
    return [trick.winner.name for trick in game.completed_tricks]


def _try(game: Game, probe: dict[str, Any] | None) -> dict[str, Any]:
    """The probe action and the reason code it is refused with (None when it is allowed)."""
    try:
        game.verify(action_from_json(probe or {}))
    except IllegalActionError as exc:
        return {"action": probe, "reason": str(exc.reason)}
    return {"action": probe, "reason": None}
