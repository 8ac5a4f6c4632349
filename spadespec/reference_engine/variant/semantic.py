"""Contradictions a schema cannot see: rules that make sense alone but not together.

Each check is one small function in CHECKS. Table options are chosen independently, so a check
looks at every value each rule can take (`Merged.possible`): a floor must lie below every target
an option offers, not only the default.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.reference_engine.variant import house_checks, pack_checks
from spadespec.reference_engine.variant.borrowed_reasons import (
    check_borrowed_entries,
    check_moot_entries,
    silence,
)
from spadespec.reference_engine.variant.checking import (
    DECK_CARDS,
    canonical_card,
    offered,
    problem_at,
    where,
)
from spadespec.reference_engine.variant.citations import cited
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.merge import Merged
from spadespec.reference_engine.variant.model import FirstLead, FirstLeader
from spadespec.reference_engine.variant.schema_check import value_problems
from spadespec.reference_engine.variant.yaml_reader import Document, FieldPath


def check_floor_below_target(merged: Merged) -> Iterator[Problem]:
    """A side must be able to lose at the floor before anyone could win at the target."""
    # A null target (a game of so many hands) has no floor to compare.
    targets = [t for t in merged.possible("game_end.target") if t.value is not None]
    for floor in merged.possible("game_end.losing_floor"):
        if floor.value is None:
            continue
        for target in targets:
            if floor.value >= target.value:
                yield problem_at(
                    merged.nearest(floor, target),
                    f"the losing floor {floor.value}{offered(floor)} (at {where(floor)}) "
                    "must lie "
                    f"below the target {target.value}{offered(target)} (at {where(target)})",
                )


def check_first_lead_card(merged: Merged) -> Iterator[Problem]:
    """A named first-lead card must be named when used, and be a card of the pack in play."""
    needed_by = [
        p
        for p in merged.possible("play.first_leader") + merged.possible("play.first_lead")
        if p.value in (FirstLeader.HOLDER_OF_CARD.value, FirstLead.NAMED_CARD.value)
    ]
    decks = merged.possible("deck.cards")
    for card in merged.possible("play.first_lead_card"):
        if card.value is None:
            for need in needed_by[:1]:
                what = need.path[-2] if need.option is None else f"option {need.option!r}"
                yield problem_at(
                    merged.nearest(card, need),
                    f"{what} is {need.value!r} (at {where(need)}) but no first-lead card is "
                    f"named (play.first_lead_card is null at {where(card)}); name one, such as 2C",
                )
            continue
        written = canonical_card(str(card.value))
        for deck in decks:
            cards = DECK_CARDS.get(deck.value, frozenset())
            if written in cards:
                continue
            close = difflib.get_close_matches(written.upper(), sorted(cards), n=1, cutoff=0.5)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            yield problem_at(
                card,
                f"{card.value!r} is not a card of the {deck.value} pack; write rank then suit, "
                f"such as 2C or TD{hint}",
            )


def check_bid_range(merged: Merged) -> Iterator[Problem]:
    """The lowest bid cannot be above the highest."""
    for low in merged.possible("bidding.min_bid"):
        for high in merged.possible("bidding.max_bid"):
            if low.value > high.value:
                yield problem_at(
                    merged.nearest(low, high),
                    f"the lowest bid {low.value} (at {where(low)}) is above the highest bid "
                    f"{high.value} (at {where(high)})",
                )


def check_options(merged: Merged) -> Iterator[Problem]:
    """Each option's default is one of its choices; each choice is a value its rule can take."""
    deciders: dict[str, str] = {}
    for option in sorted(merged.options.values(), key=lambda o: o.depth):
        doc, path, spec = option.doc, option.path, option.spec
        choices = spec["choices"]
        if not any(_same(spec["default"], c) for c in choices):
            shown = ", ".join(rule_value_text(c, none="null") for c in choices)
            default = rule_value_text(spec["default"], none="null")
            yield doc.problem(
                f"the default {default} is not one of the choices ({shown})",
                path + ("default",),
            )
        for i, choice in enumerate(choices):
            for reason in value_problems(spec["rule"], choice):
                chosen = rule_value_text(choice, none="null")
                yield doc.problem(
                    f"the choice {chosen} cannot be a value of rule {spec['rule']}: {reason}",
                    path + ("choices", i),
                )
        earlier = deciders.setdefault(spec["rule"], option.name)
        if earlier != option.name:
            yield doc.problem(
                f"options {earlier!r} and {option.name!r} both decide rule "
                f"{spec['rule']}; keep one",
                path + ("rule",),
            )


def check_values_under_options(merged: Merged) -> Iterator[Problem]:
    """A rule an option decides must not be set where the option would silently replace it."""
    for rule, setting in merged.rules.items():
        option = merged.governing_option(rule)
        if option is None:
            continue
        default = option.spec["default"]
        if setting.value_depth < option.depth:
            yield setting.value_doc.problem(
                f"this value is never played: option {option.name!r} (declared in "
                f"{option.doc.data['id']!r}) decides {rule}; declare the option again here to "
                "change its choices or default",
                setting.path + ("value",),
            )
        elif setting.value_depth == option.depth and not _same(setting.value, default):
            written = rule_value_text(setting.value, none="null")
            yield setting.value_doc.problem(
                f"the value {written} differs from the default "
                f"{rule_value_text(default, none='null')} of "
                f"option {option.name!r}, which is what is played; make them agree",
                setting.path + ("value",),
            )


def check_citations(merged: Merged) -> Iterator[Problem]:
    """Every citation names a source declared in its own file or a parent."""
    for doc in merged.chain:
        known = sorted(merged.visible_sources(doc))
        for path, key in _cited_keys(doc):
            if key in known:
                continue
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            hint = (
                f"; did you mean {close[0]!r}?"
                if close
                else f"; declared: {', '.join(known) or 'none'}"
            )
            yield doc.problem(
                f"source {key!r} is not declared in `sources` here or in a parent{hint}", path
            )


def _cited_keys(doc: Document) -> Iterator[tuple[FieldPath, str]]:
    entries: list[tuple[FieldPath, dict[str, Any]]] = []
    for section, fields in (doc.data.get("rules") or {}).items():
        entries += [(("rules", section, name), entry) for name, entry in fields.items()]
    entries += [(("options", name), spec) for name, spec in (doc.data.get("options") or {}).items()]
    for path, entry in entries:
        for cite in cited(entry):
            yield path + cite.at, cite.source
        source = (entry.get("interpretation") or {}).get("source")
        if source is not None:
            yield path + ("interpretation", "source"), source
        silent = silence(entry)
        if silent is not None:
            yield path + ("silent", silent[0]), silent[0]


def _same(a: Any, b: Any) -> bool:
    # True == 1 in Python, but a table option of true is not the number 1.
    return type(a) is type(b) and a == b


# Options are checked first: the checks after them read option choices as rule values.
FILE_CHECKS: tuple[Callable[[Merged], Iterator[Problem]], ...] = (
    check_citations,
    check_borrowed_entries,
    check_options,
)
CHECKS: tuple[Callable[[Merged], Iterator[Problem]], ...] = (
    check_values_under_options,
    check_moot_entries,
    house_checks.check_nil_values,
    check_floor_below_target,
    check_first_lead_card,
    check_bid_range,
    pack_checks.check_card_lists,
    pack_checks.check_top_trumps_not_removed,
    pack_checks.check_jokers_rank,
    pack_checks.check_deal_is_even,
    pack_checks.check_three_play_alone,
    pack_checks.check_first_lead_card_dealt,
    pack_checks.check_max_bid_fits_hand,
    house_checks.check_blind_nil_values,
    house_checks.check_partner_rules,
    house_checks.check_drawn_hands,
    house_checks.check_constraint_needs_nil,
    house_checks.check_constraint_with_minimum,
    house_checks.check_spade_count_biddable,
    house_checks.check_team_minimum_reachable,
    house_checks.check_team_maximum,
    house_checks.check_exact_total_points,
    house_checks.check_bonus_bid_values,
    house_checks.check_bonus_bid_reachable,
    house_checks.check_big_bid_bonus,
    house_checks.check_boston_points,
    house_checks.check_moon_beside_boston,
    house_checks.check_endless_game_has_no_floor,
)


def semantic_problems(merged: Merged) -> list[Problem]:
    """Every contradiction between the rules of a merged variant."""
    first = [problem for check in FILE_CHECKS for problem in check(merged)]
    if any(p.path.startswith("options.") for p in first):
        return first
    return first + [problem for check in CHECKS for problem in check(merged)]
