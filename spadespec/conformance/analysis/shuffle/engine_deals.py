"""Deals drawn from an engine that deals its own cards (feature `deals`): each the first hand of
a fresh game, put to the engine as a `deal` request, the dealer passing round the table. Each
deal is checked as the reference checks one before it is counted (`EngineDealError` names the
deal, seat and card at fault), so a wrong deal is reported as such, not tested for fairness.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

from spadespec.conformance.analysis.shuffle.deals import Dealt
from spadespec.conformance.contract.protocol.deal_requests import (
    EngineDealError,
    deal_request_for,
    deals,
    dealt_hands,
)
from spadespec.conformance.contract.protocol.messages import (
    CaseResponse,
    Dealer,
    Engine,
    VariantRef,
)
from spadespec.conformance.contract.suite.variant_files import variant_ref
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.model import ResolvedVariant


class EngineDealsError(Exception):
    """The engine cannot be drawn deals from: it does not start, does not deal, or does not
    play the variant."""


def engine_deals(
    engine: Engine, variant: ResolvedVariant, count: int, seed: int
) -> Iterator[Dealt]:
    """`count` deals from a started engine's `deal` requests, the seeds sent drawn from `seed`
    (the engine may ignore them); raises EngineDealError at the first deal that is wrong."""
    info = engine.start()
    if not deals(info):
        raise EngineDealsError(
            f"the engine does not deal its own cards: it declares no feature deals (it declares "
            f"{', '.join(info['features']) or 'nothing'})"
        )
    if variant.id not in info["variants"]:
        raise EngineDealsError(f"the engine does not play variant {variant.id!r}")
    if not isinstance(engine, Dealer):
        raise EngineDealsError("the engine declares deals but has no deal()")
    table = table_of(variant.rules)
    sides = table.sides
    ref = cast(VariantRef, variant_ref(variant.id, dict(variant.chosen)))
    rng = random.Random(seed)
    for number in range(count):
        dealer = table.seats[number % len(table.seats)]
        setup: dict[str, Any] = {
            "dealer": dealer.name, "scores": dict.fromkeys(sides, 0),
            "bags": dict.fromkeys(sides, 0),
        }  # fmt: skip
        game = Game.replay(variant, setup, [])
        request = deal_request_for(ref, setup, [], rng.getrandbits(63), f"shuffle-test.{number}")
        response: CaseResponse = engine.deal(request)
        try:
            yield Dealt(dealt_hands(game, response), dealer)
        except EngineDealError as exc:
            raise EngineDealError(f"deal {number + 1}: {exc}") from None
