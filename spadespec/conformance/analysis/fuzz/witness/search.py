"""The witness of each rule two variants differ on (`diff_variants`), found by search and
checked by replay.

The search first changes only the rule in question (the first ruleset with that one rule as
in the second), so the witness shows that rule and not another; the witness is then replayed
under both variants with the reference engine. Where the two variants cannot both replay any
log that reaches the rule (the bidding order differs, say, before the first lead can show), the
witness is checked with that one rule changed and says so. Where one rule's value cannot stand
in the other ruleset on its own (the jokers ranked in a pack without jokers), the witness uses
the part of it the pack can hold (the 2D promoted, say) and says so. Where the two variants
cannot deal the same cards at all (a three-player table, a pack with jokers), the witness is a
deal one of them plays and the other refuses (the `illegal` observable, the deal as the probe).
"""

from __future__ import annotations

import random
from typing import Any

from spadespec.conformance.analysis.fuzz.observe import required_items
from spadespec.conformance.analysis.fuzz.witness.hands import (
    BUILDERS,
    Builder,
    hand_log,
    shared_table,
)
from spadespec.conformance.analysis.fuzz.witness.timeline import Seen, parting, seen_at, timeline
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.reference_engine.actions import Deal, action_from_json
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.deal import deal_from_seed
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.model import Rules, rule_at, rule_paths, with_rule

TRIES = 200
"""Hands tried per rule before giving up."""


def differing_rules(a: Rules, b: Rules) -> list[str]:
    """Every rule path whose resolved value differs, in rulebook order."""
    return [path for path in rule_paths() if rule_value(a, path) != rule_value(b, path)]


def diff_variants(a: ResolvedVariant, b: ResolvedVariant, seed: int = 1) -> dict[str, Any]:
    """Every rule on which `a` and `b` differ, each with its witness (or None)."""
    out = []
    for path in differing_rules(a.rules, b.rules):
        out.append({
            "rule": path,
            "a": rule_value(a.rules, path),
            "b": rule_value(b.rules, path),
            "witness": find_witness(a, b, path, seed),
        })  # fmt: skip
    return {
        "a": {"id": a.id, "options": dict(a.chosen)},
        "b": {"id": b.id, "options": dict(b.chosen)},
        "differences": out,
    }


def find_witness(
    a: ResolvedVariant, b: ResolvedVariant, path: str, seed: int = 1, tries: int = TRIES
) -> dict[str, Any] | None:
    """A witness for rule `path`, checked; None if the search finds none."""
    builder = BUILDERS.get(path, Builder())
    rng = random.Random(f"{seed}:{path}")
    own = _within_its_feature(a, b, path, builder, rng, tries // 2)
    if own is not None:
        return own
    alone, told = _changed(a.rules, path, rule_at(b.rules, path), b.rules)
    both, isolated = _search(a.rules, b.rules, alone, builder, rng, tries)
    if both is not None and verified(a, b, both):
        return {**both, "checked": "both variants"}
    # Some rules show only beside others (bags when set matter only where a nil's tricks are
    # bags): look from the second variant's side too.
    back, told_back = _changed(b.rules, path, rule_at(a.rules, path), a.rules)
    found, isolated_back = _search(b.rules, a.rules, back, builder, rng, tries // 2)
    if found is not None:
        flipped = {**found, "a": found["b"], "b": found["a"]}
        if verified(a, b, flipped):
            return {**flipped, "checked": "both variants"}
    if isolated is None and isolated_back is not None and back is not None:
        if _verified_alone(b.rules, back, isolated_back):
            return {**isolated_back, "a": isolated_back["b"], "b": isolated_back["a"],
                    "checked": f"{b.id} with {told_back}"}  # fmt: skip
    if isolated is not None and alone is not None and _verified_alone(a.rules, alone, isolated):
        return {**isolated, "checked": f"{a.id} with {told}"}
    ranked = _trumps_reversed(a, b, path, builder, rng, tries)
    if ranked is not None:
        return ranked
    probe = deal_probe(a, b, rng)
    if probe is not None and verified(a, b, probe):
        return {**probe, "checked": "both variants"}
    return None


def _search(
    a: Rules, b: Rules, alone: Rules | None, builder: Builder, rng: random.Random, tries: int
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """A witness replayed under both `a` and `b` showing what `alone` (a with the one rule
    changed) shows; and, failing that, one shown by `alone` only."""
    isolated = None
    shared = shared_table([a, b])
    for attempt in range(tries):
        if not shared and (alone is None or isolated is not None):
            break
        rulesets = [a, b] + ([alone] if alone is not None else [])
        if alone is not None and isolated is None and (attempt % 2 or not shared):
            # Every other hand leaves the second variant out, for when the two cannot share a
            # log (one bids first where the other leads first, say, or they deal other cards).
            rulesets = [a, alone]
        try:
            setup, log, actions, played = hand_log(rulesets, builder, rng)
        except (IllegalActionError, ValueError, KeyError, TypeError):
            # The one-rule change makes no playable ruleset (a named first lead with no card
            # named, say): look for the plain difference of the two variants instead.
            alone = None
            continue

        def line(rules: Rules) -> Seen:
            # As the hand was played, or replayed where its setup changed since; rulesets
            # alike (the one rule changed to the other variant's value) see alike.
            if played is None:  # noqa: B023
                return timeline(rules, setup, log, actions)  # noqa: B023
            return played[rulesets.index(rules)]  # noqa: B023

        ta = line(a)
        tb = line(b) if b in rulesets else {}
        talone = line(alone) if alone is not None else None
        point = parting(ta, talone if talone is not None else tb)
        if talone is not None and point is not None and b not in rulesets:
            if isolated is None:
                isolated = {"setup": setup, "actions": log[: point[0]], "observable": point[1],
                            "a": seen_at(ta, point), "b": seen_at(talone, point)}  # fmt: skip
                _add_probe(isolated, log, point)
            continue
        if point is None:
            continue
        witness = {"setup": setup, "actions": log[: point[0]], "observable": point[1],
                   "a": seen_at(ta, point), "b": None}  # fmt: skip
        _add_probe(witness, log, point)
        if talone is not None:
            witness["b"] = seen_at(talone, point)
        if point in tb and (alone is None or tb[point] == talone[point]):  # type: ignore[index]
            # The log replays under both variants and the second shows what the one rule does.
            witness["b"] = seen_at(tb, point)
            return witness, None
        if isolated is None:
            isolated = witness
    return None, isolated


def _add_probe(witness: dict[str, Any], log: list[dict[str, Any]], point: tuple[int, str]) -> None:
    """An `illegal` witness asks about the action of the log at its point."""
    if point[1] == "illegal":
        witness["probe"] = log[point[0]]


def verified(a: ResolvedVariant, b: ResolvedVariant, witness: dict[str, Any]) -> bool:
    """Whether the witness replays under both variants with the reference engine and the
    observable it names differs."""
    engine = ReferenceEngine()
    seen = []
    for variant in (a, b):
        request: dict[str, Any] = {
            "id": "witness",
            "variant": {"id": variant.id, "options": dict(variant.chosen)},
            "setup": witness["setup"],
            "actions": witness["actions"],
            "ask": [witness["observable"]],
        }
        if "probe" in witness:
            request["probe"] = witness["probe"]
        response = engine.run_resolved(variant, request)  # type: ignore[arg-type]
        if response["outcome"] != "answered":
            return False
        seen.append(response["answers"][witness["observable"]])
    name = witness["observable"]
    if name == "hands":
        seen = [[required_items(h) for h in hands] for hands in seen]
    return bool(
        _key(name, seen[0]) == _key(name, witness["a"])
        and _key(name, seen[1]) == _key(name, witness["b"])
        and _key(name, seen[0]) != _key(name, seen[1])
    )


def _key(name: str, value: Any) -> Any:
    return sorted(map(str, value)) if name == "legal" else value


def _trumps_reversed(
    a: ResolvedVariant,
    b: ResolvedVariant,
    path: str,
    builder: Builder,
    rng: random.Random,
    tries: int,
) -> dict[str, Any] | None:
    """Top trumps that the other pack cannot hold at all (jokers beside a pack without them):
    a hand where the order they rank in decides a trick, shown against the same ruleset with
    the order reversed."""
    if path != "deck.top_trumps":
        return None
    for has in (b, a):
        order = rule_at(has.rules, path)
        if len(order) < 2:
            continue
        flipped = with_rule(has.rules, path, tuple(reversed(order)))
        found, isolated = _search(has.rules, flipped, flipped, builder, rng, tries)
        isolated = found or isolated
        if isolated is not None and _verified_alone(has.rules, flipped, isolated):
            told = f"deck.top_trumps in the reverse order [{', '.join(reversed(order))}]"
            if has is a:
                return {**isolated, "checked": f"{has.id} with {told}"}
            return {**isolated, "a": isolated["b"], "b": isolated["a"],
                    "checked": f"{has.id} with {told}"}  # fmt: skip
    return None


def _within_its_feature(
    a: ResolvedVariant,
    b: ResolvedVariant,
    path: str,
    builder: Builder,
    rng: random.Random,
    tries: int,
) -> dict[str, Any] | None:
    """Where one variant lacks the feature a rule belongs to (blind nil, say) and the other
    has it: a witness played where the feature is, with only this rule set as the other has
    it (the exchange skipped, the margin dropped), so that it shows this rule and not the
    feature as a whole."""
    for has, lacks in ((b, a), (a, b)):
        along = [
            p for p in COMPANIONS.get(path, ()) if rule_at(has.rules, p) != rule_at(lacks.rules, p)
        ]
        if along in ([], [path]):
            continue
        changed, told = _changed(has.rules, path, rule_at(lacks.rules, path))
        if changed is None:
            continue
        _, isolated = _search(has.rules, lacks.rules, changed, builder, rng, tries)
        if isolated is not None and _verified_alone(has.rules, changed, isolated):
            if has is a:
                return {**isolated, "checked": f"{has.id} with {told}"}
            flipped = {**isolated, "a": isolated["b"], "b": isolated["a"]}
            return {**flipped, "checked": f"{has.id} with {told}"}
    return None


def playable(rules: Rules) -> bool:
    try:
        Game.new(rules)
    except (TypeError, ValueError, KeyError):
        return False
    return True


COMPANIONS: dict[str, tuple[str, ...]] = {
    path: axis.witness.shown_with
    for path, axis in AXES.items()
    if axis.witness is not None and axis.witness.shown_with
}
"""Rules that show only beside others, as each rule's axis says (`witness.shown_with`): a bonus
bid's figures beside its number of tricks, a big-bid bonus beside the tricks that earn it, a
Boston's points beside the Boston rule, anything about blind nil beside blind nil allowed. A
witness for one changes them together where the other ruleset sets them otherwise."""


def _changed(
    rules: Rules, path: str, value: Any, other: Rules | None = None
) -> tuple[Rules | None, str]:
    """`rules` with the one rule at `path` set to `value`, and how to say so: with its
    companions set as in `other` too, where they differ. Where that makes no playable ruleset
    and the rule is a list of cards, the part of `value` this pack holds (with any joker it
    must still rank); None where neither plays."""
    try:
        alone = with_rule(rules, path, value)
        told = f"only {path} changed"
        if other is not None:
            along = [
                p
                for p in COMPANIONS.get(path, ())
                if p != path and rule_at(rules, p) != rule_at(other, p)
            ]
            for companion in along:
                alone = with_rule(alone, companion, rule_at(other, companion))
            if along:
                told = f"{path} changed, and {', '.join(along)} with it"
    except (TypeError, ValueError):
        return None, ""
    if playable(alone):
        return alone, told
    if not (isinstance(value, tuple) and path.startswith("deck.")):
        return None, ""
    printed = _printed(rules)
    held = [card for card in value if printed >> parse_card(card) & 1]
    if path == "deck.top_trumps":
        held = [c for c in rule_at(rules, path) if c in ("BJ", "LJ") and c not in held] + held
    if tuple(held) == rule_at(rules, path):
        return None, ""
    near = with_rule(rules, path, tuple(held))
    if not playable(near):
        return None, ""
    return near, f"{path} set to [{', '.join(held)}]"


def _printed(rules: Rules) -> int:
    """The cards of the variant's kind of pack, those taken out included."""
    pack = pack_of(rules)
    mask = pack.cards
    for card in pack.removed:
        mask |= 1 << card
    return mask


def deal_probe(a: ResolvedVariant, b: ResolvedVariant, rng: random.Random) -> dict[str, Any] | None:
    """Where the two variants deal different cards or seat different players: a deal one of
    them plays and the other refuses, put as a probe before any action."""
    for first in (a, b):
        pack, table = pack_of(first.rules), table_of(first.rules)
        deal = Deal(deal_from_seed(rng.getrandbits(64), pack, table)).to_json()
        seen = [_probe_answer(v.rules, deal) for v in (a, b)]
        if seen[0] != seen[1]:
            return {"setup": {"dealer": "N"}, "actions": [], "observable": "illegal",
                    "probe": deal, "a": seen[0], "b": seen[1]}  # fmt: skip
    return None


def _probe_answer(rules: Rules, action: dict[str, Any]) -> dict[str, Any]:
    game = Game.new(rules)
    try:
        game.verify(action_from_json(action))
    except IllegalActionError as exc:
        return {"action": action, "reason": str(exc.reason)}
    return {"action": action, "reason": None}


def _verified_alone(a: Rules, alone: Rules, witness: dict[str, Any]) -> bool:
    """Whether the witness, replayed under `a` and under `alone`, shows what it says."""
    seen = []
    for rules in (a, alone):
        try:
            game = Game.replay(rules, witness["setup"], witness["actions"])
        except IllegalActionError:
            return False
        seen.append(game)
    return (
        witness["observable"]
        in ("to_act", "legal", "trick_winners", "hands", "totals", "bags", "status", "illegal")
        and witness["a"] != witness["b"]
    )
