"""A fault that misreads the variant: one rule of it read wrongly, or a house rule skipped over
as if the file did not say it. The rewrite is applied to the variant's rules before the plan
is resolved (`ReferenceEngine(misread=...)`), so the engine plays the rules as it reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spadespec.reference_engine.variant.model import Rules, rule_at, with_rule

Rewrite = Callable[[Rules], Rules]
"""The rules as the broken engine reads them; the rules unchanged where the fault has nothing
to get wrong."""


def replaced(path: str, wrong: Callable[[Any], Any]) -> Rewrite:
    """A rewrite of one rule: its value as the broken engine takes it."""

    def rewrite(rules: Rules) -> Rules:
        return with_rule(rules, path, wrong(rule_at(rules, path)))

    return rewrite
