"""The rulebook sentence for each rule: a table keyed by rule path and value, read from each
rule's axis (`reference_engine/variant/axes.yaml`).

A key is `(path, value)` where value is an enum's YAML value, `None` for a rule that is
switched off, `True`/`False`, `()` for an empty card list, or `ANY` for a number or a list.
Templates are `str.format` strings over the resolved rules (`{scoring.set_points_per_trick}`)
plus the derived names in `_names`.
"""

from __future__ import annotations

from enum import Enum
from types import SimpleNamespace
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.docs_gen.cards import SEAT_NAMES, card_name
from spadespec.docs_gen.enum_docs import member_docstrings
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.axes import ANY, AXES

SENTENCES: dict[tuple[str, Any], str] = {
    (path, value): text for path, axis in AXES.items() for value, text in axis.sentences.items()
}
"""The rulebook sentence for each rule and value, as the axes give them."""

# Where players score alone, the sentences that speak of partners are said for one player.
ALONE: dict[tuple[str, Any], str] = {
    (path, value): text for path, axis in AXES.items() for value, text in axis.alone.items()
}


def value_key(value: Any) -> Any:
    """The table key for a rule's value: an enum's YAML value, None, the number itself, or a
    card list as a tuple (`()` for an empty one)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return tuple(value)
    return value


def template_for(
    path: str, value: Any, table: dict[tuple[str, Any], str] = SENTENCES
) -> str | None:
    """The template for this rule and value, or None when the table has none."""
    key = value_key(value)
    for candidate in ((path, key), (path, ANY)):
        if candidate in table and not (candidate[1] == ANY and key is None):
            return table[candidate]
    return None


def _card_list(cards: tuple[str, ...]) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def pairs_text(rules: Any) -> str:
    """Each partnership of the table, seat with seat: `North-east with South-west and South-east
    with North-west`."""
    pairs = [seats for seats in table_of(rules).side_seats.values() if len(seats) == 2]
    named = [" with ".join(SEAT_NAMES[s.name] for s in pair) for pair in pairs]
    return ", ".join(named[:-1]) + " and " + named[-1]


def partners_text(rules: Any) -> str:
    """Who partners whom: `North and South against East and West` at four, each pair named at a
    wider table (`pairs_text`)."""
    if rules.table.players == 4:
        return "North and South against East and West"
    return pairs_text(rules)


def _context(rules: Any) -> dict[str, Any]:
    card = rules.play.first_lead_card
    scoring, game_end = rules.scoring, rules.game_end
    names = SimpleNamespace(
        first_lead_card=card_name(card) if card else "the named card",
        removed=_card_list(rules.deck.removed) if rules.deck.removed else "no cards",
        removed_verb="is" if len(rules.deck.removed) == 1 else "are",
        top_trumps=_card_list(rules.deck.top_trumps) if rules.deck.top_trumps else "no card",
        cancelled=scoring.bag_penalty + scoring.bag_threshold * scoring.overtrick_points,
        boston_points=rule_value_text(scoring.boston_points),
        partners=partners_text(rules) if rules.table.sides == "partnerships" else "",
        hands_unless=(
            ", unless a side reaches the target first" if game_end.target is not None else ""
        ),
    )
    sections = {name: getattr(rules, name) for name in rules.__dataclass_fields__}
    return {**sections, "_names": names}


def _alone(rules: Any) -> bool:
    return bool(rules.table.sides == "individual")


def fallback(value: Any) -> str:
    """The enum member's own docstring, for a value the table does not know yet."""
    if isinstance(value, Enum):
        doc = member_docstrings(type(value)).get(str(value.value))
        if doc:
            return doc
    return f"This rule is set to {rule_value_text(value)}."


def sentence(rules: Any, path: str, value: Any) -> str:
    """The plain-prose rule a card player would read for `path` set to `value`."""
    moot = AXES[path].moot
    if moot is not None and moot.holds(rules):
        return moot.says
    template = (_alone(rules) and template_for(path, value, ALONE)) or template_for(path, value)
    if template is None:
        return fallback(value)
    return template.format(**_context(rules))
