"""A witness hand for each pair of values a rule takes among the shipped rulesets, for the page
that compares any two rulesets.

Stored by rule and value pair, not by ruleset pair: the shipped rulesets make hundreds of
pairs, but their rules take far fewer pairs of values, and most of those have the base's value
on one side: those are shown by the witness already stored against the base
(`witness_store`). Every other pair is
stored in `docs/witnesses/value-pairs.json`, found between two rulesets that play the two values
and otherwise differ the least. `python -m spadespec.regenerate witnesses` stores both files
again; a pair the store lacks, or holds no longer true, is logged as a warning naming that
command (a strict build stops) and the page says plainly that no hand is stored for it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.fuzz.witness.search import differing_rules
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.docs_gen.checkout import DOCS_DIR
from spadespec.docs_gen.variant_data import VariantDoc
from spadespec.docs_gen.witness_hands import (
    BASE_ID,
    REFRESH,
    Difference,
    differences,
    plain,
    search,
    still_shows,
)
from spadespec.reference_engine.variant.model import rule_paths

PAIRS_STORE = DOCS_DIR / "witnesses" / "value-pairs.json"
log = logging.getLogger("mkdocs.plugins.spadespec")


@dataclass(frozen=True)
class PairHand:
    """The hand shown for one rule and pair of values: the two rulesets it was found between
    (`a` plays `item["a"]`), and the difference as the witness page has it (None: not stored)."""

    rule: str
    a: VariantDoc
    b: VariantDoc
    item: Difference | None


def value_key(value: Any) -> str:
    """A rule's value as one string, equal for equal values (the store's and the page's key)."""
    return json.dumps(plain(value), sort_keys=True)


def value_pairs(docs: list[VariantDoc], path: str) -> list[tuple[Any, Any]]:
    """Every pair of values the shipped rulesets play for `path`, each value in the order the
    rulesets first play it (the base's value first)."""
    seen: dict[str, Any] = {}
    for doc in docs:
        value = plain(rule_value(doc.resolved.rules, path))
        seen.setdefault(value_key(value), value)
    values = list(seen.values())
    return [(one, other) for i, one in enumerate(values) for other in values[i + 1 :]]


def _plays(docs: list[VariantDoc], path: str, value: Any) -> list[VariantDoc]:
    key = value_key(value)
    return [d for d in docs if value_key(rule_value(d.resolved.rules, path)) == key]


def between(
    docs: list[VariantDoc], path: str, one: Any, other: Any
) -> tuple[VariantDoc, VariantDoc]:
    """The two rulesets a pair's hand is found between: the base and the ruleset playing the
    other value that differs from it the least, where the base plays one of them; else the two
    rulesets, one for each value, that differ the least."""
    firsts, seconds = _plays(docs, path, one), _plays(docs, path, other)
    if any(d.id == BASE_ID for d in seconds):
        firsts, seconds = seconds, firsts
    if any(d.id == BASE_ID for d in firsts):
        firsts = [d for d in firsts if d.id == BASE_ID]
    pairs = [(a, b) for a in firsts for b in seconds]
    return min(
        pairs, key=lambda ab: len(differing_rules(ab[0].resolved.rules, ab[1].resolved.rules))
    )


@cache
def _stored(path: Path = PAIRS_STORE) -> dict[str, list[dict[str, Any]]]:
    try:
        data: dict[str, list[dict[str, Any]]] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def _flipped(item: Difference) -> Difference:
    """The same difference told from the other side."""
    witness = item["witness"]
    if witness is not None:
        witness = {**witness, "a": witness["b"], "b": witness["a"]}
    return {**item, "a": item["b"], "b": item["a"], "witness": witness}


def _from_pairs_store(docs: list[VariantDoc], path: str, one: Any, other: Any) -> PairHand | None:
    """A stored hand for the pair whose two rulesets are still shipped, still play the two
    values and still show what it says; None when there is none."""
    by_id = {d.id: d for d in docs}
    wanted = {value_key(one), value_key(other)}
    for entry in _stored().get(path, []):
        ids = entry["between"]
        if {value_key(entry["a"]), value_key(entry["b"])} != wanted or not all(
            i in by_id for i in ids
        ):
            continue
        a, b = by_id[ids[0]], by_id[ids[1]]
        item: Difference = {"rule": path, **{k: entry[k] for k in ("a", "b", "witness")}}
        values = [value_key(rule_value(d.resolved.rules, path)) for d in (a, b)]
        if values != [value_key(item["a"]), value_key(item["b"])]:
            continue
        if not still_shows(a.resolved, b.resolved, path, item["witness"]):
            continue
        if value_key(item["a"]) != value_key(one):
            # Told from the side the page asks for: the first value first.
            return PairHand(path, b, a, _flipped(item))
        return PairHand(path, a, b, item)
    return None


Against = Callable[[VariantDoc, VariantDoc], list[Difference]]
"""The differences of two rulesets with their witnesses (`witness_hands.differences`)."""


def _against_base(a: VariantDoc, b: VariantDoc) -> list[Difference]:
    return differences(a.resolved, b.resolved)


def pair_hand(
    docs: list[VariantDoc], path: str, one: Any, other: Any, against: Against = _against_base
) -> PairHand:
    """The hand for `path` played `one` against `other`: against the base from the witness
    store, else from the value-pair store; `item` is None (and a warning logged) when the
    value-pair store has none that still holds."""
    a, b = between(docs, path, one, other)
    if a.id == BASE_ID:
        item = next(d for d in against(a, b) if d["rule"] == path)
        if value_key(item["a"]) != value_key(one):
            return PairHand(path, b, a, _flipped(item))
        return PairHand(path, a, b, item)
    found = _from_pairs_store(docs, path, one, other)
    if found is not None:
        return found
    log.warning(
        "compare page: no stored hand for %s played %s against %s: run `%s`",
        path,
        value_key(one),
        value_key(other),
        REFRESH,
    )
    return PairHand(path, a, b, None)


def all_pair_hands(docs: list[VariantDoc]) -> list[PairHand]:
    """The hand of every pair of values every rule takes among `docs`, in rulebook order."""
    known: dict[str, list[Difference]] = {}

    def against(a: VariantDoc, b: VariantDoc) -> list[Difference]:
        if b.id not in known:
            known[b.id] = differences(a.resolved, b.resolved)
        return known[b.id]

    return [
        pair_hand(docs, path, one, other, against)
        for path in rule_paths()
        for one, other in value_pairs(docs, path)
    ]


def pairs_text(docs: list[VariantDoc]) -> tuple[str, int]:
    """The store's text, with the hand of every pair of values without the base's value on
    either side searched for again, and how many pairs it holds."""
    out: dict[str, list[dict[str, Any]]] = {}
    base = next(d for d in docs if d.id == BASE_ID)
    for rule in rule_paths():
        theirs = value_key(rule_value(base.resolved.rules, rule))
        for one, other in value_pairs(docs, rule):
            if theirs in (value_key(one), value_key(other)):
                continue
            a, b = between(docs, rule, one, other)
            witness = plain(search(a.resolved, b.resolved, rule))
            out.setdefault(rule, []).append(
                {"a": one, "b": other, "between": [a.id, b.id], "witness": witness}
            )
    return json.dumps(out, indent=1) + "\n", sum(len(v) for v in out.values())
