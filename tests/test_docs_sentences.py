"""The rulebook sentences: every value a variant file may give a rule has its sentence."""

from __future__ import annotations

import sys
from dataclasses import fields
from enum import Enum
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs"))

from _gen.cards import card_name  # noqa: E402
from _gen.sentences import SENTENCES, sentence, template_for  # noqa: E402

from reference_engine.variant import load_variant  # noqa: E402
from reference_engine.variant.model import SECTIONS  # noqa: E402


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
    assert not missing, f"{path}: add a sentence to docs/_gen/sentences.py for {missing}"


def test_every_number_rule_has_a_sentence() -> None:
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            path = f"{section}.{f.name}"
            if not (isinstance(f.type, type) and issubclass(f.type, Enum)):
                assert template_for(path, 7) is not None or template_for(path, "2C") is not None, (
                    path
                )


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
