"""Hand-built positions for the engine's clause tests: deals written card by card, and rules
changed one field at a time from the standard variant."""

from __future__ import annotations

import dataclasses
import typing
from enum import Enum
from typing import Any

from spadespec.reference_engine.cards import mask_of, parse_card
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.seats import SEATS
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant, model
from spadespec.reference_engine.variant.model import Rules

STANDARD = load_variant("standard").rules


def _typed(section: Any, name: str, value: Any) -> Any:
    """A value as the resolved rules hold it: an option's text becomes its enum member, a list
    of cards a tuple."""
    kind = typing.get_type_hints(type(section), vars(model))[name]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    return tuple(value) if isinstance(value, list) else value


def rules_with(**changes: Any) -> Rules:
    """Standard rules with some fields changed: `rules_with(play__first_lead="lowest-club")`."""
    sections: dict[str, dict[str, Any]] = {}
    for key, value in changes.items():
        section, name = key.split("__")
        sections.setdefault(section, {})[name] = value
    replaced = {}
    for section, fields in sections.items():
        part = getattr(STANDARD, section)
        typed = {name: _typed(part, name, value) for name, value in fields.items()}
        replaced[section] = dataclasses.replace(part, **typed)
    return dataclasses.replace(STANDARD, **replaced)


def deal_for(rules: Rules, **given: str) -> list[int]:
    """A deal for the variant's table and pack: the cards given for a seat, then each seat in
    play not yet full filled in seat order with the lowest-numbered cards of the pack nobody
    was given."""
    table, pack = table_of(rules), pack_of(rules)
    hands = [mask_of(parse_card(c) for c in given.get(s.name, "").split()) for s in SEATS]
    used = hands[0] | hands[1] | hands[2] | hands[3]
    rest = [c for c in pack.order if not used >> c & 1]
    for seat in table.seats:
        while hands[seat].bit_count() < table.cards_per_hand:
            hands[seat] |= 1 << rest.pop(0)
    return hands


def deal(**given: str) -> list[int]:
    """Four hands N, E, S, W: the cards given for a seat (`N="AS KS 2H"`), then each seat not
    yet at 13 filled in seat order N, E, S, W with the lowest cards nobody was given."""
    hands = [mask_of(parse_card(c) for c in given.get(s.name, "").split()) for s in SEATS]
    used = 0
    for hand in hands:
        used |= hand
    rest = [c for c in range(52) if not used >> c & 1]
    for seat in SEATS:
        while hands[seat].bit_count() < 13:
            hands[seat] |= 1 << rest.pop(0)
    return hands


def ready_to_play(rules: Rules, hands: list[int], dealer: str = "W", bid: int = 3) -> Game:
    """A game with `hands` dealt by `dealer` and every player bidding `bid`."""
    game = Game.new(rules, dealer=dealer)
    game.deal(hands)
    for _ in range(4):
        game.bid(game.to_act, bid)
    return game


def cards(*texts: str) -> int:
    return mask_of(parse_card(t) for t in texts)


def play_lowest(game: Game, plays: int) -> None:
    """Let the players to act play their lowest legal card, `plays` times."""
    for _ in range(plays):
        legal = game.legal_plays()
        game.play(game.to_act, (legal & -legal).bit_length() - 1)
