"""Which modules of the reference engine the mutation measure draws from, and which it leaves
out and why.

It draws from every module the engine runs when it is served over the protocol (measured at the
start of each run: the modules a served engine imports while the whole suite is run against it),
except those that check a variant file a house writes. Every case is run on a shipped ruleset,
valid by construction, so what those modules refuse (a malformed file, a rule that contradicts
another, a missing citation) is never something an engine is asked; `spadespec validate` and the
project's tests check them. Modules the served engine never imports (the bots, the simulation,
the `spadespec` commands) are not part of the engine as served and are left out too; each run
lists them.
"""

from __future__ import annotations

CHECKS_A_HOUSE_FILE: dict[str, str] = {
    "reference_engine/paths.py": "where the shipped files are",
    "reference_engine/variant/yaml_reader.py": "reading a variant file's YAML, with its marks",
    "reference_engine/variant/schema_check.py": "a variant file checked against its schema",
    "reference_engine/variant/schema_memo.py": "schema passes kept between runs",
    "reference_engine/variant/semantic.py": "contradictions between a file's rules",
    "reference_engine/variant/house_checks.py": "cross-rule checks of a file's bids and scores",
    "reference_engine/variant/pack_checks.py": "cross-rule checks of a file's pack and table",
    "reference_engine/variant/checking.py": "what those checks share",
    "reference_engine/variant/citations.py": "how a file cites its sources",
    "reference_engine/variant/borrowed_reasons.py": "how a file says where a rule's reason is",
    "reference_engine/variant/errors.py": "the error a bad variant file raises",
    "reference_engine/variant/axes.py": "each rule described in words, for pages and messages",
}
"""Served modules left out, each with what it holds."""


def judged(served: list[str]) -> list[str]:
    """The served modules the measure draws from."""
    return [module for module in served if module not in CHECKS_A_HOUSE_FILE]
