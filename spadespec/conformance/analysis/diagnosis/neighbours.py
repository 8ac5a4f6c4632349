"""A variant's neighbours: the same ruleset with one rule (or two) played another way.

The changes are read from the variant format itself, so a rule added to the format joins
them: every value of an enumerated rule, the other truth value of a yes-or-no rule, no value
where the schema allows null, integers near the variant's own (one and two either side, half,
double, zero, ten either side of a figure of 20 or more) within the schema's bounds, or every
integer between bounds that are close together (a bid, cards passed), and any
value a shipped variant gives the rule, and a list read backwards (which is how card lists are
varied). Each neighbour is
built as a house rule would be, a file that `extends` the variant and overrides the rule, and
checked by the loader's own rules: a change the format does not allow (nil with no nil bonus,
a floor above the target) is no neighbour. The variant may be a shipped one or a house's own
file. Rules the variant model declares linked (`LINKED_RULES`: a big-bid bonus is the least
bid and the bonus together) are also changed two at a time, since each alone is moot.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from spadespec.command_kit.arguments import ascii_integer
from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.reference_engine.variant import ResolvedVariant, VariantError, load_variant
from spadespec.reference_engine.variant.catalog import load_chain, shipped_variant_ids
from spadespec.reference_engine.variant.merge import merge
from spadespec.reference_engine.variant.model import rule_paths
from spadespec.reference_engine.variant.resolve import resolve
from spadespec.reference_engine.variant.schema_check import rule_value_schema, schema_problems
from spadespec.reference_engine.variant.semantic import semantic_problems
from spadespec.reference_engine.variant.yaml_reader import read_text

Change = tuple[str, Any]
"""One rule and the value it is played at: (`scoring.bag_threshold`, 11)."""


@dataclass(frozen=True, slots=True)
class Neighbour:
    """The variant with `changes` applied, resolved and ready for the reference engine."""

    base: ResolvedVariant
    changes: tuple[Change, ...]
    variant: ResolvedVariant

    def was(self, rule: str) -> Any:
        """The rule's value in the variant itself."""
        return rule_value(self.base.rules, rule)

    @property
    def label(self) -> str:
        """`scoring.bag_threshold=11`, or two such joined by ` + `."""
        return " + ".join(f"{rule}={rule_value_text(value)}" for rule, value in self.changes)


@cache
def _shipped_values() -> dict[str, tuple[Any, ...]]:
    """Every value some shipped variant (at its default options) gives each rule."""
    seen: dict[str, list[Any]] = {path: [] for path in rule_paths()}
    for ident in shipped_variant_ids():
        rules = load_variant(ident).rules
        for path in rule_paths():
            value = _plain(rule_value(rules, path))
            if value not in seen[path]:
                seen[path].append(value)
    return {path: tuple(values) for path, values in seen.items()}


def played_somewhere(near: Neighbour) -> bool:
    """Whether every value the neighbour changes to is one a shipped variant plays."""
    return all(_plain(value) in _shipped_values()[rule] for rule, value in near.changes)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _types(schema: dict[str, Any]) -> set[str]:
    kind = schema.get("type", ())
    return {kind} if isinstance(kind, str) else set(kind)


SMALL_RANGE = 20
"""A rule whose bounds are this close together is tried at every value between them."""


def _near(value: int, schema: dict[str, Any]) -> list[int]:
    """Integers near `value` worth trying, within the schema's bounds: all of them, nearest
    first, where the bounds are close together (cards passed, a bid)."""
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None and high - low <= SMALL_RANGE:
        return sorted(range(low, high + 1), key=lambda n: (abs(n - value), n))
    steps = [value - 1, value + 1, value - 2, value + 2, value // 2, value * 2, 0]
    if abs(value) >= 20:
        steps += [value - 10, value + 10]
    return [n for n in steps if (low is None or n >= low) and (high is None or n <= high)]


def candidate_values(rule: str, value: Any) -> list[Any]:
    """The values, other than `value`, that the format lets `rule` take and are worth trying;
    the nearest first."""
    schema = rule_value_schema(rule)
    types = _types(schema)
    out: list[Any] = []
    if "enum" in schema:
        out += list(schema["enum"])
    if "boolean" in types:
        out += [not value] if isinstance(value, bool) else [True, False]
    numeric = "integer" in types and "enum" not in schema
    if numeric and isinstance(value, int) and not isinstance(value, bool):
        out += _near(value, schema)
    if isinstance(value, tuple | list) and len(value) > 1:
        out.append(list(value)[::-1])  # an order read backwards (the jokers' ranking, say)
    out += list(_shipped_values()[rule])
    if "null" in types:
        out.append(None)
    unique: list[Any] = []
    for candidate in out:
        if candidate != _plain(value) and candidate not in unique:
            unique.append(candidate)
    return unique


def _override_text(base: ResolvedVariant, changes: tuple[Change, ...]) -> str:
    rules: dict[str, dict[str, Any]] = {}
    for rule, value in changes:
        section, name = rule.split(".")
        rules.setdefault(section, {})[name] = {
            "value": value,
            "interpretation": {
                "question": "What does the engine under test play?",
                "choice": json.dumps(value),
                "why": "A neighbour tried by the diagnosis.",
                "alternative": "The variant's own value.",
            },
        }
    document = {
        "extends": base.id, "id": base.id, "title": base.title, "revision": base.revision,
        "summary": base.summary, "rules": rules,
    }  # fmt: skip
    return json.dumps(document)


def neighbour(base: ResolvedVariant, changes: tuple[Change, ...]) -> Neighbour | None:
    """The variant with `changes`, or None where the format does not allow them together (or
    a table option of the variant would override one of them)."""
    try:
        child = read_text(_override_text(base, changes), f"<{base.id} neighbour>")
        if schema_problems(child):
            return None
        # A house's file is found by its path, a shipped variant by its id.
        merged = merge([child, *load_chain(base.file or base.id)])
    except VariantError:
        return None
    chosen = dict(base.chosen)
    for rule, _ in changes:
        option = merged.governing_option(rule)
        if option is not None:  # the neighbour plays the rule at its own value, not a choice
            del merged.options[option.name]
            chosen.pop(option.name, None)
    if semantic_problems(merged):
        return None
    try:
        variant = resolve(merged, chosen)
    except VariantError:
        return None
    rules = variant.rules
    if any(_plain(rule_value(rules, rule)) != value for rule, value in changes):
        return None
    return Neighbour(base, changes, variant)


def single_changes(base: ResolvedVariant, rules: Iterable[str] | None = None) -> list[Neighbour]:
    """Every neighbour of `base` with one rule changed (of `rules`, or of every rule), rule by
    rule in the order given, rulebook order by default."""
    out = []
    for rule in rule_paths() if rules is None else rules:
        for value in candidate_values(rule, rule_value(base.rules, rule)):
            found = neighbour(base, ((rule, value),))
            if found is not None:
                out.append(found)
    return out


LINKED_VALUES = 3
"""Values of each linked rule at most that are tried together."""


def linked_pair(base: ResolvedVariant, one: str, two: str) -> list[Neighbour]:
    """The neighbours of `base` with the linked rules `one` and `two` changed together: the
    nearest values of each, a few of each, and the rule off (`none`) where it can be."""
    values = []
    for rule in (one, two):
        every = candidate_values(rule, rule_value(base.rules, rule))
        # The rule off altogether (no fixed number of hands) is always among them: it is no
        # nearer than any figure, and a house that plays to a target with no fixed number of
        # hands only looks like one of eleven on the games that end by the eleventh.
        values.append(every[:LINKED_VALUES] + [v for v in every[LINKED_VALUES:] if v is None])
    out = []
    for first, second in itertools.product(*values):
        found = neighbour(base, ((one, first), (two, second)))
        if found is not None:
            out.append(found)
    return out


def _value_of(rule: str, text: str) -> Any:
    """A value as a label writes it (`11`, `none`, `true`, `per-trick-short`, `[BJ, LJ]`),
    typed as the rule's schema wants it."""
    if text == "none":
        return None
    # `True` too: a label written before booleans were spelt as a variant file spells them.
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if text.startswith("[") and text.endswith("]"):
        return [item.strip() for item in text[1:-1].split(",") if item.strip()]
    number = ascii_integer(text)
    if number is not None and "integer" in _types(rule_value_schema(rule)):
        return number
    return text


def from_label(base: ResolvedVariant, label: str) -> Neighbour | None:
    """The neighbour a label names (`scoring.bag_threshold=11`, two joined by ` + `), or
    None when it names no rule of the format or a change the format does not allow."""
    changes: list[Change] = []
    for part in label.split(" + "):
        rule, equals, text = part.strip().partition("=")
        if not equals or rule not in rule_paths():
            return None
        changes.append((rule, _value_of(rule, text)))
    return neighbour(base, tuple(changes))
