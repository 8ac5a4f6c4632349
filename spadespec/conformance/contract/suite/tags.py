"""The tag registry: the rule clauses a conformance case can say it exercises.

Three kinds of tag:
  - a rule, `section.field` (`scoring.set_penalty`), and a value of a rule that is a choice,
    `section.field=value` (`scoring.set_penalty=per-trick-bid`): each rule's axis gives them
    (`reference_engine/variant/axes.yaml`, its `clause` and `values`);
  - a mechanic of play no single rule holds (`play.follow-suit`, `game.target-exact`), listed in
    `conformance/contract/tags.yaml`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.model import (
    Rules,
    enum_rules,
    rule_at,
    rule_paths,
)

REGISTRY_FILE = Path(__file__).resolve().parent.parent / "tags.yaml"
KINDS = ("rules", "values", "mechanics")


@dataclass(frozen=True, slots=True)
class Tag:
    """One registered tag: its name, kind (`rules`, `values`, `mechanics`) and meaning."""

    name: str
    kind: str
    description: str

    @property
    def rule(self) -> str | None:
        """The rule path a rule or value tag names; None for a mechanic."""
        if self.kind == "mechanics":
            return None
        return self.name.split("=", 1)[0]

    @property
    def value(self) -> str | None:
        """The rule value a value tag names; None for the other kinds."""
        return self.name.split("=", 1)[1] if self.kind == "values" else None


class Registry:
    """Every registered tag, looked up by name."""

    def __init__(self, tags: list[Tag]) -> None:
        self.tags: dict[str, Tag] = {tag.name: tag for tag in tags}

    def __contains__(self, name: object) -> bool:
        return name in self.tags

    def __getitem__(self, name: str) -> Tag:
        return self.tags[name]

    def of_kind(self, kind: str) -> list[Tag]:
        return [tag for tag in self.tags.values() if tag.kind == kind]

    def suggest(self, name: str) -> str | None:
        """The registered tag a misspelt one most likely meant."""
        close = difflib.get_close_matches(name, list(self.tags), n=1, cutoff=0.6)
        return close[0] if close else None


class RegistryError(ValueError):
    """The registry file is unreadable or malformed."""


def axis_tags() -> list[Tag]:
    """The rule and value tags, as each rule's axis describes them."""
    rules = [Tag(path, "rules", axis.clause) for path, axis in AXES.items()]
    values = [
        Tag(f"{path}={value}", "values", text)
        for path, axis in AXES.items()
        for value, text in axis.values.items()
    ]
    return rules + values


def read_registry(path: Path = REGISTRY_FILE) -> Registry:
    """The axes' rule and value tags, and the mechanics the file at `path` lists."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise RegistryError(f"{path}: {exc}") from None
    if not isinstance(data, dict) or set(data) != {"mechanics"}:
        raise RegistryError(f"{path}: the registry is a mapping with the one key mechanics")
    tags = axis_tags()
    section = data["mechanics"] or {}
    if not isinstance(section, dict):
        raise RegistryError(f"{path}: mechanics must map each tag to its description")
    for name, description in section.items():
        if not isinstance(description, str) or not description.strip():
            raise RegistryError(f"{path}: mechanics.{name} needs a description")
        tags.append(Tag(str(name), "mechanics", description))
    return Registry(tags)


@cache
def registry() -> Registry:
    """The shipped registry, read once."""
    return read_registry()


def model_tags() -> dict[str, set[str]]:
    """The rule and value tags the typed rules model calls for, by kind."""
    values = {f"{path}={member.value}" for path, enum in enum_rules().items() for member in enum}
    return {"rules": set(rule_paths()), "values": values}


def registry_drift(reg: Registry) -> list[str]:
    """How the registry's rule and value tags differ from the model; empty when they agree."""
    problems: list[str] = []
    for kind, wanted in model_tags().items():
        have = {tag.name for tag in reg.of_kind(kind)}
        for name in sorted(wanted - have):
            problems.append(f"{kind}: {name} is in the rules model but not in the registry")
        for name in sorted(have - wanted):
            problems.append(f"{kind}: {name} is in the registry but not in the rules model")
    return problems


def rule_value(rules: Rules, path: str) -> Any:
    """The value of rule `section.field` as a variant file writes it (enums as their text)."""
    value = rule_at(rules, path)
    return value.value if isinstance(value, Enum) else value
