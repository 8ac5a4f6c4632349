"""Cases made for each rule a variant file changes, from `spadespec diff` witnesses.

For each rule the file plays otherwise than the variant it extends, the witness search of
`spadespec diff` finds a short log after which something a player can see differs; the case is
that log, and its expectation is what the reference engine answers under the file's rules,
told them as any engine is, by the request. Generated cases have a level of their own,
`generated`, and are reported apart from the golden ones.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.analysis.fuzz.observe import END_ASKS, POSITION_ASKS, SHEET_ITEMS
from spadespec.conformance.analysis.fuzz.witness.search import (
    differing_rules,
    find_witness,
    playable,
)
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest
from spadespec.conformance.contract.suite.cases import LEVELS, Case, case_from_json
from spadespec.conformance.contract.suite.variant_files import VariantFile, variant_ref
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant, load_variant
from spadespec.reference_engine.variant.model import rule_at, with_rule

LEVEL = LEVELS[2]
"""The level of a case made by the suite rather than written: reported apart."""


def parent_of(house: VariantFile) -> ResolvedVariant:
    """The variant the file says it extends, at its defaults (shipped, or a file beside it)."""
    return load_variant(house.parent, search=[house.path.parent])


def generate(house: VariantFile, seed: int = 1) -> tuple[list[Case], list[str]]:
    """A case for each rule the file changes from its parent, and the rules none was found for."""
    parent = parent_of(house)
    cases: list[Case] = []
    missing: list[str] = []
    for path in differing_rules(parent.rules, house.variant.rules):
        witness = _witness(parent, house.variant, path, seed)
        case = _case(house, path, witness) if witness is not None else None
        if case is None:
            missing.append(path)
        else:
            cases.append(case)
    return cases, missing


def _witness(
    parent: ResolvedVariant, mine: ResolvedVariant, path: str, seed: int
) -> dict[str, Any] | None:
    """A witness for one rule: first against the file with only that rule as its parent has
    it, so that the hand turns on the rule itself (a blind nil scored, not only bid); else
    against the parent, as `spadespec diff` shows it."""
    theirs, own = rule_at(parent.rules, path), rule_at(mine.rules, path)
    tried = [theirs]
    if theirs is None and type(own) is int:
        # The parent has no figure (no blind nil, so no blind nil bonus): another figure shows
        # the file's where the parent's absence cannot stand beside the file's other rules.
        tried.append(own + 1)
    for other in tried:
        alone = replace(mine, id=parent.id, rules=with_rule(mine.rules, path, other))
        if not playable(alone.rules):
            continue
        found = find_witness(alone, mine, path, seed)
        if found is not None and found["checked"] == "both variants":
            told = f"{path} {rule_value_text(other)} in {mine.id}"
            return {**found, "checked": f"checked against {told}"}
    return find_witness(parent, mine, path, seed)


def _case(house: VariantFile, path: str, witness: dict[str, Any]) -> Case | None:
    """The witness as a case of the file, answered by the reference engine; None when the log
    does not replay under the file (a witness checked with that one rule changed only)."""
    observable = witness["observable"]
    sides = table_of(house.variant.rules).sides
    setup = {"scores": dict.fromkeys(sides, 0), "bags": dict.fromkeys(sides, 0)}
    setup.update(witness["setup"])
    request: dict[str, Any] = {
        "id": f"{house.id}.generated.{path}",
        "variant": variant_ref(house.id, {}),
        "setup": setup,
        "actions": witness["actions"],
        "ask": [observable, *(k for k in _also(observable) if k != observable)],
    }
    if "probe" in witness:
        request["probe"] = witness["probe"]
    answer = ReferenceEngine().run(_as_request(request))
    if answer["outcome"] != "answered":
        return None
    expect = dict(answer["answers"])
    if "hands" in expect:
        expect["hands"] = [_sheet(hand) for hand in expect["hands"]]
    data = {
        "id": request["id"],
        "description": (
            f"{house.id} plays {path} otherwise than {house.parent}: after this log, {observable}"
            f" differs ({witness['checked']})."
        ),
        "tags": [path],
        "origin": {"kind": "derived", "clause": path},
        "level": LEVEL,
        "status": "ok",
        "variant": {"id": house.id, "options": {}},
        "setup": setup,
        "actions": witness["actions"],
        "expect": expect,
        "note": (
            f"Found by the witness search of `spadespec diff {house.parent} {house.path}`;"
            f" the expectation is the reference engine's answer under {house.id}."
        ),
    }
    return case_from_json(data, str(house.path))


def _also(observable: str) -> tuple[str, ...]:
    """What else the case asks where the witness parts: the whole position at the end of a
    hand (its sheet, the totals, bags, status and whose deal), or inside one."""
    return END_ASKS if observable in ("hands", "totals", "bags", "status") else POSITION_ASKS


def _as_request(data: dict[str, Any]) -> CaseRequest:
    return cast(CaseRequest, data)  # built above with every field a request has


def _sheet(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand's sheet with the items every engine must give (schema: sideScore.required)."""
    sides = {
        s: {k: v for k, v in line.items() if k in SHEET_ITEMS} for s, line in hand["sides"].items()
    }
    return {**hand, "sides": sides}
