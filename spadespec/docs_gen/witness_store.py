"""Store the witness hands the site shows again: `python -m spadespec.docs_gen.witness_store`.

For each shipped ruleset, every rule it differs on from the base with its witness
(`docs/witnesses/stored.json`, see `witness_hands`), then the hands of the other pairs of values
a rule takes among the shipped rulesets (`pair_witnesses`), for the page that compares two.
"""

from __future__ import annotations

import argparse
import json
import sys

from spadespec.conformance.analysis.fuzz.witness.search import differing_rules
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.docs_gen.checkout import DOCS_DIR
from spadespec.docs_gen.pair_witnesses import store_pairs
from spadespec.docs_gen.witness_hands import (
    BASE_ID,
    REFRESH,
    STORE,
    Difference,
    plain,
    search,
    stored_witnesses,
)


def main(argv: list[str] | None = None) -> int:
    from spadespec.docs_gen.variant_data import shipped_docs

    parser = argparse.ArgumentParser(
        prog=REFRESH,
        description=f"Search again for the witness of every rule a shipped ruleset differs on "
        f"from {BASE_ID} and store them in {STORE.relative_to(DOCS_DIR.parent)}; and for "
        "every other pair of values a rule takes among the shipped rulesets, for the page that "
        "compares two rulesets, in value-pairs.json beside it.",
    )
    parser.parse_args(argv)
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
        print(f"{doc.id}: {len(found)} witnesses", file=sys.stderr)
    STORE.parent.mkdir(exist_ok=True)
    STORE.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    stored_witnesses.cache_clear()
    # The hands of the compare page for the pairs of values the base plays neither of.
    print(f"{store_pairs(docs)} hands for pairs of values without the base's", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
