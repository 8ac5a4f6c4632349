"""The files that store the witness hands the site shows (`python -m spadespec.regenerate
witnesses` writes them).

For each shipped ruleset, every rule it differs on from the base with its witness
(`docs/witnesses/stored.json`, see `witness_hands`), then the hands of the other pairs of values
a rule takes among the shipped rulesets (`pair_witnesses`), for the page that compares two.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from spadespec.conformance.analysis.fuzz.witness.search import differing_rules
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.docs_gen.checkout import REGENERATE
from spadespec.docs_gen.pair_witnesses import PAIRS_STORE, pairs_text
from spadespec.docs_gen.witness_hands import BASE_ID, STORE, Difference, plain, search


def generated_files() -> dict[Path, str]:
    """Both stores' paths and text, each witness searched for again."""
    from spadespec.docs_gen.variant_data import shipped_docs

    docs = shipped_docs()
    base = next(d.resolved for d in docs if d.id == BASE_ID)
    out: dict[str, dict[str, Difference]] = {}
    for doc in docs:
        if doc.id == BASE_ID:
            continue
        found = {}
        for path in differing_rules(base.rules, doc.resolved.rules):
            witness = search(base, doc.resolved, path)
            found[path] = plain({
                "rule": path,
                "a": rule_value(base.rules, path),
                "b": rule_value(doc.resolved.rules, path),
                "witness": witness,
            })  # fmt: skip
        if found:
            out[doc.id] = found
    # The hands of the compare page for the pairs of values the base plays neither of.
    pairs, count = pairs_text(docs)
    print(f"{sum(map(len, out.values()))} witnesses against {BASE_ID}, {count} hands for pairs "
          "of values without its own", file=sys.stderr)  # fmt: skip
    return {STORE: json.dumps(out, indent=1) + "\n", PAIRS_STORE: pairs}


if __name__ == "__main__":
    import sys

    sys.exit(f"{__spec__.name} is no longer a command: run `{REGENERATE}`")
