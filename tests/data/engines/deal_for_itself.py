"""The reference engine behind the protocol as an engine that deals its own cards: it declares
the feature `deals`, answers each `deal` request with a shuffle from its own random source (the
request's seed ignored), and refuses a log holding a deal it did not deal, as a server that
cannot be told a deal would. `--wrong` makes its deals wrong in one way, for the runner to catch.

    deal_for_itself.py [--fault NAME] [--wrong deck|count|dealer] [--features f1,f2] [--seed N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from typing import Any

from spadespec.conformance.contract.engines.reference import ReferenceEngine, variant_of
from spadespec.conformance.contract.engines.serve import serve_stdio
from spadespec.conformance.contract.protocol.messages import (
    DEALS,
    CaseRequest,
    CaseResponse,
    DealRequest,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.reference_engine.cards import BIG_JOKER, cards_in
from spadespec.reference_engine.deal import deal_from_seed, format_deal, parse_deal
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.seats import Seat

WRONG = ("deck", "count", "dealer")


class DealsForItself:
    """`inner` (the reference engine, a fault's rulebook perhaps), dealing every hand itself."""

    def __init__(
        self,
        inner: ReferenceEngine,
        wrong: str | None,
        features: list[str] | None,
        seed: int | None = None,
    ) -> None:
        self.inner = inner
        self.wrong = wrong
        self.features = features
        # its own source, not the runner's: seeded by the system unless --seed fixes it
        self.random = random.Random(seed)
        self.dealt: set[str] = set()

    def start(self) -> EngineInfo:
        info = self.inner.start()
        features = self.features if self.features is not None else info["features"]
        return {**info, "name": "deals-for-itself", "features": [*features, DEALS]}

    def deal(self, request: DealRequest) -> CaseResponse:
        refused = self._foreign_deal(request["actions"])
        if refused:
            return {"outcome": "errored", "message": refused}
        try:
            variant = variant_of(request["variant"])
            if self.inner.misread is not None:  # a fault's reading of the rules
                variant = replace(variant, rules=self.inner.misread(variant.rules))
            game = Game.replay(variant, request["setup"], [], rulebook=self.inner.rulebook)
            for action in request["actions"]:
                game.apply(action)
        except IllegalActionError as exc:
            return {"outcome": "errored", "message": f"the log does not replay: {exc}"}
        if game.phase is not Phase.DEAL:
            return {"outcome": "errored", "message": f"no deal is due: {game.phase}"}
        hands = list(deal_from_seed(self.random.getrandbits(64), game.pack, game.table))
        dealer = game.dealer
        if self.wrong == "deck":
            # North's lowest card swapped for the big joker, which a 52-card pack lacks.
            hands[Seat.N] ^= 1 << min(cards_in(hands[Seat.N])) | 1 << BIG_JOKER
        elif self.wrong == "count":
            low = min(cards_in(hands[Seat.E]))
            hands[Seat.E] ^= 1 << low
            hands[Seat.N] |= 1 << low
        elif self.wrong == "dealer":
            dealer = game.table.next_seat(dealer)  # the seat on the dealer's left
        shown = format_deal(hands)
        self.dealt.add(_key(shown))
        return {"outcome": "answered", "answers": {"dealer": dealer.name, "deal": shown}}

    def run(self, request: CaseRequest) -> CaseResponse:
        refused = self._foreign_deal(request["actions"])
        if refused:
            return {"outcome": "errored", "message": refused}
        return self.inner.run(request)

    def score(self, request: ScoreRequest) -> CaseResponse:
        return self.inner.score(request)

    def stop(self) -> None:
        self.inner.stop()

    def _foreign_deal(self, actions: list[dict[str, Any]]) -> str | None:
        for action in actions:
            if action.get("action") == "deal" and _key(action.get("hands")) not in self.dealt:
                return "this engine deals for itself and cannot be given a deal"
        return None


def _key(hands: Any) -> str:
    try:
        return json.dumps(format_deal(parse_deal(hands)), sort_keys=True)
    except Exception:  # a deal it cannot read is not one it dealt
        return ""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fault", choices=sorted(FAULTS))
    parser.add_argument("--wrong", choices=WRONG)
    parser.add_argument("--features", help="declare these (comma-separated) and deals")
    parser.add_argument("--seed", type=int, help="deal from this seed, not the system's source")
    args = parser.parse_args()
    fault = FAULTS[args.fault] if args.fault else None
    inner = ReferenceEngine(fault.rulebook, misread=fault.misread) if fault else ReferenceEngine()
    features = args.features.split(",") if args.features else None
    return serve_stdio(DealsForItself(inner, args.wrong, features, args.seed))


if __name__ == "__main__":
    sys.exit(main())
