"""Looking through a case for what only some engines play: a feature's module asks whether its
kind of action, bid or phase is anywhere in a case's log, probe or expected answers, and sends
the case only to an engine that declares the feature."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spadespec.conformance.contract.suite.cases import Case


def in_case(case: Case, found: Callable[[Any], bool]) -> bool:
    """Whether `found` holds of any value in the case's actions (its log and probe) or in the
    answers it expects, at any depth."""
    return anywhere(case.actions, found) or anywhere(case.expect, found)


def anywhere(value: Any, found: Callable[[Any], bool]) -> bool:
    """Whether `found` holds of `value` or of anything inside it (a dict's values, a list's
    items), at any depth."""
    if found(value):
        return True
    if isinstance(value, dict):
        return any(anywhere(item, found) for item in value.values())
    if isinstance(value, list | tuple):
        return any(anywhere(item, found) for item in value)
    return False
