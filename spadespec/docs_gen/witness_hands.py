"""The witness hands the site shows, stored so that the build replays them instead of searching:
how they are found, read back and checked (`witness_store` makes the files that store them).

Finding a witness (`spadespec diff`'s search, then an ordinary hand for the score sheet) plays
thousands of hands; replaying one plays one. The store, `docs/witnesses/stored.json`, holds for
each ruleset and each rule it differs on from the base: both values and the witness. At build a
stored witness is used when both values are still the rulesets' and the reference engine,
replaying it now, still sees what it says; any other is searched for again while the page is
built (slower, never wrong), and `python -m spadespec.regenerate witnesses` stores them all
again, with the hands of the other pairs of values (`pair_witnesses`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.fuzz.witness.search import (
    differing_rules,
    find_witness,
    verified,
)
from spadespec.conformance.analysis.fuzz.witness.timeline import parting, seen_at, timeline
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.docs_gen.checkout import DOCS_DIR, REGENERATE
from spadespec.docs_gen.table_hands import recognisable
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.model import Rules, rule_at, with_rule

STORE = DOCS_DIR / "witnesses" / "stored.json"
SEED = 1
"""The seed `spadespec diff` searches with by default."""
BASE_ID = "standard"
"""The ruleset every stored witness is against."""
REFRESH = f"{REGENERATE} witnesses"

log = logging.getLogger("mkdocs.plugins.spadespec")
Difference = dict[str, Any]
"""One rule two rulesets differ on: `rule`, the values `a` and `b`, and its `witness` or None."""


def plain(value: Any) -> Any:
    """A value as JSON gives it back (tuples as lists)."""
    return json.loads(json.dumps(value))


@cache
def stored_witnesses(path: Path = STORE) -> dict[str, dict[str, Difference]]:
    try:
        data: dict[str, dict[str, Difference]] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def search(a: ResolvedVariant, b: ResolvedVariant, path: str) -> dict[str, Any] | None:
    """The witness `spadespec diff a b` finds for rule `path`, as an ordinary hand where the
    difference shows on the score sheet and one is found."""
    found = find_witness(a, b, path, SEED)
    if found is None:
        return None
    return recognisable(a, b, path, found) or found


def still_shows(a: ResolvedVariant, b: ResolvedVariant, path: str, witness: Any) -> bool:
    """Whether the reference engine, replaying the witness now, sees what it says."""
    if witness is None:
        return True  # none was found: nothing to replay
    checked = witness.get("checked", "")
    if checked == "both variants":
        return verified(a, b, witness)
    if checked == f"{a.id} with only {path} changed":
        return _parts_as_stored(a.rules, with_rule(a.rules, path, rule_at(b.rules, path)), witness)
    # Checked with the rule's value narrowed to what the other pack holds: the log must still
    # play under the ruleset it was checked under.
    first = a if checked.startswith(f"{a.id} with ") else b
    try:
        timeline(first.rules, witness["setup"], witness["actions"])
    except (IllegalActionError, ValueError, KeyError):
        return False
    return True


def _parts_as_stored(one: Rules, other: Rules, witness: dict[str, Any]) -> bool:
    # An action one ruleset refuses is the probe after the log: replayed with the log, as found.
    log = witness["actions"] + ([witness["probe"]] if "probe" in witness else [])
    try:
        mine = timeline(one, witness["setup"], log)
        theirs = timeline(other, witness["setup"], log)
    except (IllegalActionError, ValueError, KeyError):
        return False
    point = parting(mine, theirs)
    return (
        point is not None
        and point[1] == witness["observable"]
        and plain(seen_at(mine, point)) == witness["a"]
        and plain(seen_at(theirs, point)) == witness["b"]
    )


def differences(a: ResolvedVariant, b: ResolvedVariant) -> list[Difference]:
    """Every rule `b` differs on from `a`, with its values and witness: the stored one where it
    still holds, else one searched for now (and logged, so the store can be made again)."""
    kept = stored_witnesses().get(b.id, {}) if a.id == BASE_ID else {}
    out = []
    for path in differing_rules(a.rules, b.rules):
        one, other = plain(rule_value(a.rules, path)), plain(rule_value(b.rules, path))
        saved = kept.get(path)
        if (
            saved is not None
            and (saved["a"], saved["b"]) == (one, other)
            and still_shows(a, b, path, saved["witness"])
        ):
            out.append(saved)
            continue
        log.info("witness %s %s not stored: searching (%s)", b.id, path, REFRESH)
        out.append({"rule": path, "a": one, "b": other, "witness": plain(search(a, b, path))})
    return out


def stale(base: ResolvedVariant, others: list[ResolvedVariant]) -> Iterator[str]:
    """`ruleset rule` for each difference the store lacks or holds no longer true."""
    kept = stored_witnesses()
    for b in others:
        for path in differing_rules(base.rules, b.rules):
            saved = kept.get(b.id, {}).get(path)
            values = (plain(rule_value(base.rules, path)), plain(rule_value(b.rules, path)))
            if (
                saved is None
                or (saved["a"], saved["b"]) != values
                or not still_shows(base, b, path, saved["witness"])
            ):
                yield f"{b.id} {path}"
