"""Cases made for each rule a variant file changes, from `spadespec diff` witnesses.

For each rule the file plays otherwise than the variant it extends, the witness search of
`spadespec diff` finds a short log after which something a player can see differs; the case is
that log, and its expectation is what the reference engine answers under the file's rules,
told them as any engine is, by the request. Generated cases have a level of their own,
`generated`, and are reported apart from the golden ones.
"""

from __future__ import annotations

from typing import Any

from conformance.engines.reference import ReferenceEngine
from conformance.fuzz.observe import SHEET_ITEMS
from conformance.fuzz.witness import differing_rules, find_witness
from conformance.protocol.messages import CaseRequest
from conformance.suite.cases import LEVELS, Case, case_from_json
from conformance.suite.variant_files import VariantFile, variant_ref
from reference_engine.table import table_of
from reference_engine.variant import ResolvedVariant, load_variant

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
        witness = find_witness(parent, house.variant, path, seed)
        case = _case(house, path, witness) if witness is not None else None
        if case is None:
            missing.append(path)
        else:
            cases.append(case)
    return cases, missing


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
        "ask": [observable],
    }
    if "probe" in witness:
        request["probe"] = witness["probe"]
    answer = ReferenceEngine().run(_as_request(request))
    if answer["outcome"] != "answered":
        return None
    value = answer["answers"][observable]
    if observable == "hands":
        value = [_sheet(hand) for hand in value]
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
        "expect": {observable: value},
        "note": (
            f"Found by the witness search of `spadespec diff {house.parent} {house.path}`;"
            f" the expectation is the reference engine's answer under {house.id}."
        ),
    }
    return case_from_json(data, str(house.path))


def _as_request(data: dict[str, Any]) -> CaseRequest:
    return data  # type: ignore[return-value]


def _sheet(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand's sheet with the items every engine must give (schema: sideScore.required)."""
    sides = {
        s: {k: v for k, v in line.items() if k in SHEET_ITEMS} for s, line in hand["sides"].items()
    }
    return {**hand, "sides": sides}
