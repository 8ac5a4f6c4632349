"""The rulebook sentences: every value a variant file may give a rule has its sentence."""

from __future__ import annotations

from dataclasses import fields, replace
from enum import Enum
from types import UnionType
from typing import get_args, get_origin

import pytest

from spadespec.docs_gen.cards import card_name
from spadespec.docs_gen.sentences import SENTENCES, sentence, template_for
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import (
    SECTIONS,
    ContractMade,
    DeckKind,
    Sides,
    rule_paths,
)
from spadespec.reference_engine.variant.schema_check import rule_value_schema


def _enum_rules() -> list[tuple[str, type[Enum]]]:
    out = []
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            if isinstance(f.type, type) and issubclass(f.type, Enum):
                out.append((f"{section}.{f.name}", f.type))
    return out


@pytest.mark.parametrize(
    ("path", "enum_cls"), _enum_rules(), ids=lambda v: getattr(v, "__name__", v)
)
def test_every_enum_value_has_a_sentence(path: str, enum_cls: type[Enum]) -> None:
    missing = [m.value for m in enum_cls if template_for(path, m) is None]
    assert not missing, f"{path}: add a sentence to spadespec/docs_gen/sentences.py for {missing}"


# A value of each kind of rule that is not an enum: a number, a card, a card list, a switch.
_SAMPLES = {int: (7,), str: ("2C",), bool: (True, False)}


def _sample_values(kind: object) -> tuple[object, ...]:
    if get_origin(kind) is tuple:
        return ((), ("2C", "2D"))
    if isinstance(kind, UnionType):
        (kind,) = (k for k in get_args(kind) if k is not type(None))
        return (None,) + _sample_values(kind)
    return _SAMPLES[kind]  # type: ignore[index]


@pytest.mark.parametrize("path", rule_paths())
def test_every_value_of_every_other_rule_has_a_sentence(path: str) -> None:
    section, name = path.split(".")
    kind = next(f.type for f in fields(SECTIONS[section]) if f.name == name)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return
    # A number the schema limits to a few values (the players at a table) is tried at each.
    samples = rule_value_schema(path).get("enum") or _sample_values(kind)
    missing = [v for v in samples if template_for(path, v) is None and v is not None]
    assert not missing, f"{path}: add a sentence to spadespec/docs_gen/sentences.py for {missing}"
    if None in _sample_values(kind) and path != "play.first_lead_card":
        assert template_for(path, None) is not None, f"{path}: add a sentence for null"


def test_no_sentence_for_a_rule_the_model_does_not_have() -> None:
    paths = {f"{s}.{f.name}" for s, cls in SECTIONS.items() for f in fields(cls)}
    assert {path for path, _ in SENTENCES} <= paths


def test_set_penalty_per_trick_short_reads_as_the_rulebook_says() -> None:
    rules = load_variant("illustrated-table").rules
    assert rules.scoring.set_penalty == "per-trick-short"
    assert sentence(rules, "scoring.set_penalty", rules.scoring.set_penalty) == (
        "A side that falls short loses 10 for each trick it is short."
    )


def test_a_switched_off_rule_is_said_as_such() -> None:
    rules = load_variant("standard").rules
    assert sentence(rules, "game_end.losing_floor", None).startswith("There is no losing floor")


def test_a_number_rule_says_its_number() -> None:
    rules = load_variant("porchlight", {"target": "500"}).rules
    assert sentence(rules, "game_end.target", 500) == "The game is played to 500 points."


def test_the_first_lead_card_is_named_in_words() -> None:
    assert card_name("2C") == "the two of clubs"
    assert card_name("10D") == "the ten of diamonds"


def test_a_card_list_is_named_card_by_card() -> None:
    rules = replace(
        load_variant("standard").rules,
        deck=replace(
            load_variant("standard").rules.deck,
            cards=DeckKind.JOKERS_54,
            removed=("2C", "2D"),
            top_trumps=("BJ", "LJ", "2S"),
        ),
    )
    assert sentence(rules, "deck.removed", rules.deck.removed) == (
        "Before the deal, the two of clubs and the two of diamonds are taken out of the pack, so "
        "that it deals out evenly."
    )
    assert sentence(rules, "deck.top_trumps", rules.deck.top_trumps).startswith(
        "Above the ace of spades rank, highest first, the big joker, the little joker and the two "
        "of spades."
    )


def test_bag_points_taken_back_are_counted_in_the_sentence() -> None:
    standard = load_variant("standard").rules
    rules = replace(standard, scoring=replace(standard.scoring, bag_points_cancelled=True))
    # 100 for the penalty and the point each of the 10 bags scored: 110.
    assert sentence(rules, "scoring.bag_points_cancelled", True).endswith(": 110 in all.")


def test_a_rule_that_never_arises_says_so() -> None:
    rules = load_variant("standard").rules
    assert sentence(rules, "scoring.blind_nil_bonus", None) == (
        "Blind nil is not played, so it has no score."
    )


def test_players_alone_are_not_told_about_partners() -> None:
    standard = load_variant("standard").rules
    rules = replace(standard, table=replace(standard.table, sides=Sides.INDIVIDUAL))
    said = sentence(rules, "scoring.points_per_bid_trick", 10)
    assert "partner" not in said and said.startswith("A player who makes the contract")
    made = sentence(rules, "scoring.contract_made", ContractMade.AT_LEAST)
    assert "partner" not in made and made.startswith("A player makes the contract when taking")
