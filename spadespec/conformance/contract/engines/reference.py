"""The built-in reference engine behind the `Engine` protocol: the example an author copies.

It replays a case's log with `Game` and reads each observable off the game in canonical form.
It keeps score too: a score request's hands are scored with `spadespec.reference_engine.scorer`
through the rulebook a game scores its hands with, from a game set up at the request's setup.

Made with another rulebook (`spadespec.reference_engine.rulebook`), and perhaps a misreading of
the variant's rules, it is the reference engine with those rules broken: a fault
(`spadespec.conformance.machinery.faults`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from spadespec.conformance.contract.engines.kept_games import KeptGames, replay
from spadespec.conformance.contract.engines.observables import READERS
from spadespec.conformance.contract.protocol.messages import (
    BLIND_BIDS,
    DRAWS,
    FEATURES,
    HOUSE_FILES,
    PROTOCOL_VERSION,
    REDEAL_CALLS,
    SCORE,
    TABLES,
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoredHand,
    ScoreRequest,
    VariantRef,
)
from spadespec.conformance.contract.suite.variant_files import (
    is_variant_file,
    registered_ids,
    resolved,
)
from spadespec.reference_engine import __version__, scorer
from spadespec.reference_engine.actions import Move, action_from_json
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.scoring import ScoringInputError, SideTotals
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import (
    OptionError,
    Problem,
    ResolvedVariant,
    VariantError,
    VariantNotFound,
    shipped_variant_ids,
)
from spadespec.reference_engine.variant.model import Rules
from spadespec.reference_engine.variant.resolve import with_values


class ReferenceEngine:
    """The reference engine, answering conformance requests in-process."""

    canonical_forms = True
    """Its answers are read off the game by `observables`, in the protocol's canonical forms:
    the runner need not check their form (`tests/test_protocol_schema.py` checks it once)."""

    # Read from the class where an instance sets none: a subclass need not call __init__.
    rulebook: Rulebook = STANDARD_RULEBOOK
    """What each rule does in the games this engine plays and the hands it scores."""
    misread: Callable[[Rules], Rules] | None = None
    """The rules of a variant as this engine reads them; None: as written."""

    kept: KeptGames | None = None
    """The games last replayed, played on by a request whose log extends one (`kept_games`);
    None: every log replayed from its setup."""

    def __init__(
        self,
        rulebook: Rulebook = STANDARD_RULEBOOK,
        *,
        misread: Callable[[Rules], Rules] | None = None,
        keep: int = 0,
    ) -> None:
        """`keep`: how many of the games last replayed are kept to be played on (0: none)."""
        self.rulebook = rulebook
        self.misread = misread
        self.kept = KeptGames(keep) if keep > 0 else None

    def _as_read(self, variant: ResolvedVariant) -> ResolvedVariant:
        if self.misread is None:
            return variant
        return replace(variant, rules=self.misread(variant.rules))

    def start(self) -> EngineInfo:
        return {
            "name": "spadespec-reference",
            "version": __version__,
            "language": "python",
            "protocol": PROTOCOL_VERSION,
            "variants": shipped_variant_ids() + registered_ids(),
            # It configures itself from each request's `extends` and `rules` (`variant_of`).
            "features": [*FEATURES, SCORE, HOUSE_FILES, BLIND_BIDS, REDEAL_CALLS, TABLES, DRAWS],
        }

    def run(self, request: CaseRequest) -> CaseResponse:
        ref = request["variant"]
        try:
            variant = variant_of(ref)
        except (VariantError, ValueError) as exc:
            return not_played(ref, exc)
        return self.run_resolved(variant, request)

    def run_resolved(self, variant: ResolvedVariant, request: CaseRequest) -> CaseResponse:
        """Answer a request under an already loaded variant (one not among the shipped files,
        say), ignoring the request's own variant reference."""
        setup, actions = request["setup"], request["actions"]
        try:
            if self.kept is not None and "probe" not in request and type(actions) is list:
                played = self._as_read(variant)
                game, winners = self.kept.replay(variant, played, setup, actions, self.rulebook)
            else:
                game, winners = replay(self._as_read(variant), setup, actions, self.rulebook)
        except IllegalActionError as exc:
            return {"outcome": "errored", "message": f"the log does not replay: {exc}"}
        answers: dict[str, Any] = {}
        for key in request["ask"]:
            if key == "illegal":
                answers[key] = tried(game, request.get("probe"))
            elif key == "refusal":
                reason = tried(game, request.get("probe"))["reason"]
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

    def score(self, request: ScoreRequest) -> CaseResponse:
        ref = request["variant"]
        try:
            variant = variant_of(ref)
        except (VariantError, ValueError) as exc:
            return not_played(ref, exc)
        return self.score_resolved(variant, request)

    def score_resolved(self, variant: ResolvedVariant, request: ScoreRequest) -> CaseResponse:
        """Answer a score request under an already loaded variant, ignoring the request's own
        variant reference."""
        try:
            # A game at the setup: the setup checked, and the variant read, as any game's are.
            game = Game.replay(self._as_read(variant), request["setup"], [], rulebook=self.rulebook)
            figures = _keep_score(game, request["hands"])
        except (IllegalActionError, ScoringInputError) as exc:
            return {"outcome": "errored", "message": f"the hands cannot be scored: {exc}"}
        return {"outcome": "answered", "answers": {key: figures[key] for key in request["ask"]}}

    def stop(self) -> None:
        pass


def not_played(ref: VariantRef, exc: ValueError) -> CaseResponse:
    """The answer to a request whose variant cannot be set up: `skipped` for a table the
    engine does not offer (an option value naming no choice, an id it does not play, a house
    rule value it cannot take); `errored` when a variant it plays fails to load, since that is
    the engine failing, not declining."""
    if isinstance(exc, VariantError) and not isinstance(exc, (OptionError, VariantNotFound)):
        return {"outcome": "errored", "message": f"variant {ref['id']!r} does not load: {exc}"}
    return {"outcome": "skipped", "reason": f"variant {ref['id']!r}: {exc}"}


def variant_of(ref: VariantRef) -> ResolvedVariant:
    """The variant a request is played under: a shipped id with its options; for a house's
    variant file, the shipped variant it `extends` with the `rules` the request sets, so the
    engine is configured from the request alone, as an engine in another language would be.
    A file path in place of an id is declined, never opened: a request names a variant, and the
    engine reads no file a request points it at."""
    for ident in (ref["id"], ref.get("extends", "")):
        if is_variant_file(ident):
            raise VariantNotFound([Problem(f"{ident!r} is a file path, not a variant id")])
    if "extends" in ref:
        return _configured(json.dumps(ref, sort_keys=True))
    return resolved(ref["id"], tuple(sorted(ref.get("options", {}).items())))


@lru_cache(maxsize=64)
def _configured(ref_json: str) -> ResolvedVariant:
    ref = json.loads(ref_json)
    base = resolved(ref["extends"], ())
    rules = with_values(base.rules, ref.get("rules", {}))
    return replace(
        base, id=ref["id"], lineage=(ref["id"], *base.lineage), rules=rules,
        chosen=dict(ref.get("options", {})), file=None,
    )  # fmt: skip


def _keep_score(game: Game, hands: list[ScoredHand]) -> dict[str, Any]:
    """Every figure a score keeper is asked, after scoring `hands` in turn from the game's
    setup: each hand's points by side, then the totals, bags, status and next dealer, all by
    the rulebook the game plays by."""
    rules, table, plan = game.rules, game.table, game.plan
    book = plan.rulebook
    totals, bags, played = dict(game.totals), dict(game.bags), game.hands_played
    dealer: Seat | None = game.dealer
    outcome = None
    points = []
    for number, hand in enumerate(hands, start=1):
        if dealer is None:
            raise ScoringInputError(f"hand {number} is told after the game was over")
        prior = {side: SideTotals(totals[side], bags[side]) for side in table.sides}
        # Through the game's rulebook, as the game scores, so that a rule broken there is
        # broken in both.
        result = scorer.score_hand(rules, hand["bids"], hand["tricks"], prior, rulebook=book)
        points.append({side: result.sides[side].hand_points for side in table.sides})
        totals = {side: result.sides[side].score_after for side in table.sides}
        bags = {side: result.sides[side].bags_after for side in table.sides}
        played += 1
        outcome = scorer.game_outcome(
            rules, totals, hands_played=played, boston_made=result.boston, moon=result.moon,
            rulebook=book,
        )  # fmt: skip
        going_on = outcome.status == "continues"
        dealer = plan.next_dealer(table, dealer) if going_on else None
    status = {"status": "continues", "winner": None}
    if outcome is not None:
        status = outcome.status_json()
    return {
        "hand_points": points,
        "totals": totals,
        "bags": bags,
        "status": status,
        "next_dealer": None if dealer is None else dealer.name,
    }


def tried(game: Game, probe: dict[str, Any] | None) -> dict[str, Any]:
    """The probe action and the reason code it is refused with (None when it is allowed): the
    `illegal` observable of `game`'s position."""
    try:
        action = action_from_json(probe or {})
    except IllegalActionError as exc:  # an action that cannot be read is refused too
        return {"action": probe, "reason": str(exc.reason)}
    return {"action": probe, "reason": refused_for(game, action)}


def refused_for(game: Game, action: Move) -> str | None:
    """The reason code the rules refuse `action` with at `game`'s position; None where they
    allow it."""
    try:
        game.verify(action)
    except IllegalActionError as exc:
        return str(exc.reason)
    return None
