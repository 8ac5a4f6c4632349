"""Laying a variant over its parents: which file sets each rule, option and source.

The merged view keeps, for every rule, the file and field it was written in, so that a problem
found across files (a floor in the child above a target in the parent) can point at the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spadespec.reference_engine.variant.yaml_reader import Document, FieldPath


@dataclass(frozen=True, slots=True)
class RuleSetting:
    """A rule as the nearest file that writes it: its citation or interpretation there, and
    its value, written in that file or, where the file only cites, taken from a parent."""

    rule: str
    value: Any
    entry: dict[str, Any]
    doc: Document
    depth: int
    """How far up the chain the file is: 0 the variant itself, 1 its parent, and so on."""
    value_doc: Document
    """The file that writes the value: `doc` itself, or the parent it comes from."""
    value_depth: int
    below: RuleSetting | None = None
    """The setting this one lays over: the same rule as the parent writes it."""

    @property
    def path(self) -> FieldPath:
        section, name = self.rule.split(".", 1)
        return ("rules", section, name)


@dataclass(frozen=True, slots=True)
class OptionSetting:
    """A table option as the nearest file that declares it writes it."""

    name: str
    spec: dict[str, Any]
    doc: Document
    depth: int

    @property
    def path(self) -> FieldPath:
        return ("options", self.name)


@dataclass(frozen=True, slots=True)
class Possible:
    """One value a rule can take at the table, and where that value is written."""

    value: Any
    doc: Document
    path: FieldPath
    option: str | None = None


@dataclass(slots=True)
class Merged:
    """A variant with its parents laid under it; `chain` is the variant first, the root last."""

    chain: list[Document]
    rules: dict[str, RuleSetting] = field(default_factory=dict)
    options: dict[str, OptionSetting] = field(default_factory=dict)
    sources: dict[str, tuple[dict[str, Any], Document]] = field(default_factory=dict)

    @property
    def leaf(self) -> Document:
        return self.chain[0]

    def depth(self, doc: Document) -> int:
        """How far up the chain `doc` is: 0 the variant itself, 1 its parent, and so on."""
        return next(i for i, d in enumerate(self.chain) if d is doc)

    def nearest(self, *candidates: Possible) -> Possible:
        """The candidate written nearest the variant itself: where a fix belongs."""
        return min(candidates, key=lambda p: self.depth(p.doc))

    def governing_option(self, rule: str) -> OptionSetting | None:
        """The option that decides `rule` (the nearest one, if several do)."""
        matches = [o for o in self.options.values() if o.spec["rule"] == rule]
        return min(matches, key=lambda o: o.depth) if matches else None

    def possible(self, rule: str) -> list[Possible]:
        """Every value `rule` can take: an option's choices, or the one value written."""
        option = self.governing_option(rule)
        if option is not None:
            return [
                Possible(choice, option.doc, option.path + ("choices", i), option.name)
                for i, choice in enumerate(option.spec["choices"])
            ]
        setting = self.rules[rule]
        return [Possible(setting.value, setting.value_doc, setting.path + ("value",))]

    def visible_sources(self, doc: Document) -> dict[str, dict[str, Any]]:
        """The sources a file may cite: its own and its ancestors'."""
        depth = self.depth(doc)
        visible: dict[str, dict[str, Any]] = {}
        for ancestor in reversed(self.chain[depth:]):
            for source in ancestor.data.get("sources", []):
                visible[source["key"]] = source
        return visible


def merge(chain: list[Document]) -> Merged:
    """Lay each file over its parent, the root first, so that a child's rules win; a child's
    entry that only cites a rule keeps the parent's value under the child's provenance."""
    merged = Merged(chain=chain)
    for depth in range(len(chain) - 1, -1, -1):
        doc = chain[depth]
        for source in doc.data.get("sources", []):
            merged.sources[source["key"]] = (source, doc)
        for section, entries in (doc.data.get("rules") or {}).items():
            for name, entry in entries.items():
                rule = f"{section}.{name}"
                if "value" in entry:
                    value, value_doc, value_depth = entry["value"], doc, depth
                else:
                    # Cited without a value: the value is the parent's (the schema makes a
                    # file without `extends` write every value, so a parent has one).
                    below = merged.rules[rule]
                    value, value_doc, value_depth = below.value, below.value_doc, below.value_depth
                merged.rules[rule] = RuleSetting(
                    rule, value, entry, doc, depth, value_doc, value_depth, merged.rules.get(rule)
                )
        for name, spec in (doc.data.get("options") or {}).items():
            merged.options[name] = OptionSetting(name, spec, doc, depth)
    return merged
