"""How a fault reaches the engine: through the rules (one rule of the variant read wrongly, a
house rule skipped over as if the file did not say it), or through the plan each game plays
from (`spadespec.reference_engine.plan`: the rules bound to their functions), for as long as the
context is open."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import spadespec.conformance.engines.reference as adapter
import spadespec.reference_engine.plan as plan_module
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.plan import Plan
from spadespec.reference_engine.variant.model import ResolvedVariant, Rules, rule_at, with_rule

Rewrite = Callable[[Rules], Rules]
"""The rules as the broken engine reads them; the rules unchanged where the fault has nothing
to get wrong."""


def replaced(path: str, wrong: Callable[[Any], Any]) -> Rewrite:
    """A rewrite of one rule: its value as the broken engine takes it."""

    def rewrite(rules: Rules) -> Rules:
        return with_rule(rules, path, wrong(rule_at(rules, path)))

    return rewrite


def _misread(variant: Any, rewrite: Rewrite) -> Any:
    if isinstance(variant, ResolvedVariant):
        return dataclasses.replace(variant, rules=rewrite(variant.rules))
    if isinstance(variant, Rules):
        return rewrite(variant)
    return variant


@contextmanager
def rules_misread(rewrite: Rewrite) -> Iterator[None]:
    """Every game the adapter plays reads its rules through `rewrite`."""

    class _MisreadingGame(Game):
        __slots__ = ()

        def __init__(self, variant: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(_misread(variant, rewrite), *args, **kwargs)

    with mock.patch.object(adapter, "Game", _MisreadingGame):
        yield


PlanRewrite = Callable[[Plan], Plan]
"""The plan as the broken engine resolves it."""


@contextmanager
def planned_afresh() -> Iterator[None]:
    """Every game resolves its plan anew, from the rule tables and functions as they stand now
    (a fault may have swapped one), instead of taking the plan resolved before the fault."""
    with mock.patch.object(plan_module, "plan_of", lambda rules: plan_module.build_plan(rules)):
        yield


@contextmanager
def plans_misread(rewrite: PlanRewrite) -> Iterator[None]:
    """Every plan resolved while the context is open goes through `rewrite`."""
    real = plan_module.build_plan
    with mock.patch.object(plan_module, "build_plan", lambda rules: rewrite(real(rules))):
        yield
