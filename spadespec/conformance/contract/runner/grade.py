"""Expected against actual: every difference, with the JSON path to where it is.

Objects are compared key by key over the expected keys (an engine may say more than it is
asked); lists item by item; the set-like observables (`legal`) as sets, since the order of
legal actions means nothing.
A `true` never equals a `1`: canonical forms keep booleans and numbers apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


class _Missing:
    def __repr__(self) -> str:
        return "(no answer)"


MISSING: Any = _Missing()
"""Stands for a value the engine did not give."""

SET_LIKE = frozenset({"legal"})
"""The observables whose lists are sets: the order an engine gives them in means nothing."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where the answer is not what the case expects."""

    path: str
    expected: Any
    actual: Any
    detail: str = ""

    def __str__(self) -> str:
        text = f"{self.path}: expected {_show(self.expected)}, got {_show(self.actual)}"
        return f"{text} ({self.detail})" if self.detail else text

    def to_json(self) -> dict[str, Any]:
        out = {"path": self.path, "expected": self.expected}
        if self.actual is not MISSING:
            out["actual"] = self.actual
        if self.detail:
            out["detail"] = self.detail
        return out


def _show(value: Any) -> str:
    if value is MISSING:
        return "no answer"
    return json.dumps(value, separators=(", ", ": "))


def compare(expect: dict[str, Any], answers: dict[str, Any]) -> list[Difference]:
    """Every difference between a case's expectation and an engine's answers."""
    out: list[Difference] = []
    for key, wanted in expect.items():
        path = f"$.{key}"
        got = answers.get(key, MISSING)
        if key in SET_LIKE and isinstance(got, list):
            _compare_as_set(wanted, got, path, out)
        else:
            _compare(wanted, got, path, out)
    return out


def same_answer(path: str, one: Any, other: Any) -> bool:
    """Whether two answers given at a difference's `path` (`$.legal`, `$.totals.NS`) are the
    same answer as grading reads them: a set-like observable's lists as sets, anything else
    item by item, both ways."""
    if one is MISSING or other is MISSING:
        return one is other
    key = path.removeprefix("$.")
    if key not in SET_LIKE:
        key = "answer"  # graded item by item, whatever the observable
    return not compare({key: one}, {key: other}) and not compare({key: other}, {key: one})


def _compare_as_set(wanted: list[Any], got: list[Any], path: str, out: list[Difference]) -> None:
    wanted_keys = {_key(v): v for v in wanted}
    got_keys = {_key(v): v for v in got}
    missing = [v for k, v in wanted_keys.items() if k not in got_keys]
    extra = [v for k, v in got_keys.items() if k not in wanted_keys]
    if missing or extra or len(got) != len(got_keys):
        parts = []
        if missing:
            parts.append("missing " + ", ".join(map(str, missing)))
        if extra:
            parts.append("not legal but given " + ", ".join(map(str, extra)))
        if len(got) != len(got_keys):
            parts.append("an action is listed twice")
        out.append(Difference(path, wanted, got, "; ".join(parts)))


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _compare(wanted: Any, got: Any, path: str, out: list[Difference]) -> None:
    if isinstance(wanted, dict):
        if not isinstance(got, dict):
            out.append(Difference(path, wanted, got))
            return
        for key, value in wanted.items():
            _compare(value, got.get(key, MISSING), f"{path}.{key}", out)
    elif isinstance(wanted, list):
        if not isinstance(got, list):
            out.append(Difference(path, wanted, got))
            return
        if len(wanted) != len(got):
            out.append(Difference(f"{path}.length", len(wanted), len(got)))
        for index, (a, b) in enumerate(zip(wanted, got, strict=False)):
            _compare(a, b, f"{path}[{index}]", out)
    elif not _same(wanted, got):
        out.append(Difference(path, wanted, got))


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b) and type(a) is type(b)
