"""Each rule axis described once: its name for people, its sentences, when it is moot, what it
links to, what its value means and its bounds, how a witness shows it and how an engine may
misread it (`axes.yaml`, beside this file). The model holds an axis's field and type; docs,
tags, the schema's rule part, the fuzzer, the diagnosis and the faults read the rest from
`AXES` instead of restating it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.variant.model import Rules, enum_rules, rule_at, rule_paths
from spadespec.reference_engine.variant.yaml_reader import SAFE_LOADER

AXES_FILE = Path(__file__).resolve().parent / "axes.yaml"

ANY = "*"
"""A sentence's key for any value the entry does not name."""

_EMPTY = "[]"
"""A sentence's key for an empty list of cards, as the file writes it."""

_FIELDS = {
    "label", "clause", "value", "values", "sentences", "alone", "moot", "sheet_items", "refusals",
    "linked", "witness", "faults",
}  # fmt: skip
_WITNESS_FIELDS = {"style", "aim", "bags", "trail", "last_hand", "shown_with"}
BOUNDS = ("enum", "minimum", "maximum", "maxLength")
"""The JSON Schema keywords an axis's `value` may bound its value by, in the order written."""


class AxisError(ValueError):
    """The axes file is unreadable, or an entry does not fit the model."""


@dataclass(frozen=True, slots=True)
class Moot:
    """When a rule means nothing, and what is said of it then."""

    when: tuple[Mapping[str, Any], ...]
    """Alternatives: the rule is moot when every rule of one of them has the value given."""
    says: str

    def holds(self, rules: Rules) -> bool:
        """Whether the rule is moot under `rules`."""
        return any(
            all(_written(rule_at(rules, path)) == value for path, value in each.items())
            for each in self.when
        )


@dataclass(frozen=True, slots=True)
class Value:
    """What a rule's value means and how far it may go, for a rule that is not a choice."""

    description: str
    bounds: Mapping[str, Any]
    """JSON Schema keywords (`BOUNDS`) the value meets beside its type in the model: the
    values a number may take, its least and greatest, the longest text."""


@dataclass(frozen=True, slots=True)
class Witness:
    """How the witness search looks for a hand that shows the rule."""

    style: str = "mixed"
    aim: str | None = None
    bags: bool = False
    trail: bool = False
    last_hand: bool = False
    shown_with: tuple[str, ...] = ()
    """The rules this one shows only beside, itself among them; empty: it shows alone."""


@dataclass(frozen=True, slots=True)
class Misreading:
    """An engine that reads the rule as one value whatever the variant says."""

    name: str
    mistake: str
    reads: Any


@dataclass(frozen=True, slots=True)
class Axis:
    """One rule of the variant format, as people and the tools around the engine know it."""

    path: str
    label: str
    clause: str
    value: Value | None
    """What the value means and its bounds, for a rule that is not a choice; None for a choice,
    whose `values` say it."""
    values: Mapping[str, str]
    """Each value's tag text, for a rule that is a choice; empty for any other rule."""
    sentences: Mapping[Any, str]
    alone: Mapping[Any, str]
    moot: Moot | None
    sheet_items: tuple[str, ...]
    refusals: tuple[str, ...]
    linked: tuple[str, ...]
    witness: Witness | None
    faults: tuple[Misreading, ...]


def _written(value: Any) -> Any:
    """A rule's value as the file writes it: an enum as its text, a card list as a tuple."""
    if isinstance(value, Enum):
        return value.value
    return tuple(value) if isinstance(value, list) else value


def _key(key: Any) -> Any:
    return () if key == _EMPTY else key


def _axis(path: str, entry: Any, choice: type[Enum] | None) -> Axis:
    where = f"{AXES_FILE.name}: {path}"
    if not isinstance(entry, dict):
        raise AxisError(f"{where}: an axis is a mapping of its fields")
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        raise AxisError(f"{where}: unknown field {unknown[0]!r}")
    for needed in ("label", "clause", "sentences"):
        if not entry.get(needed):
            raise AxisError(f"{where}.{needed}: missing")
    values = {str(k): str(v) for k, v in (entry.get("values") or {}).items()}
    members = [m.value for m in choice] if choice else []
    if list(values) != members:
        raise AxisError(f"{where}.values: must give each of {members or 'no value'} in order")
    value = _value(where, entry.get("value"), choice)
    sentences = {_key(k): str(v) for k, v in entry["sentences"].items()}
    for name in ("sentences", "alone"):
        stray = [k for k in entry.get(name) or {} if choice and k not in members]
        if stray:
            raise AxisError(f"{where}.{name}.{stray[0]}: not a value of {path}")
    moot = entry.get("moot")
    if moot is not None:
        for each in moot["when"]:
            _known(f"{where}.moot.when", each)
        moot = Moot(tuple(moot["when"]), str(moot["says"]))
    refusals = tuple(entry.get("refusals") or ())
    for code in refusals:
        if code not in set(ReasonCode):
            raise AxisError(f"{where}.refusals: {code!r} is no reason code")
    linked = tuple(entry.get("linked") or ())
    _known(f"{where}.linked", linked)
    witness = entry.get("witness")
    if witness is not None:
        stray_fields = sorted(set(witness) - _WITNESS_FIELDS)
        if stray_fields:
            raise AxisError(f"{where}.witness: unknown field {stray_fields[0]!r}")
        _known(f"{where}.witness.shown_with", witness.get("shown_with", ()))
        witness = Witness(**{**witness, "shown_with": tuple(witness.get("shown_with", ()))})
    faults = tuple(
        _misreading(f"{where}.faults", fault, choice) for fault in entry.get("faults") or ()
    )
    return Axis(
        path=path,
        label=str(entry["label"]),
        clause=str(entry["clause"]),
        value=value,
        values=values,
        sentences=sentences,
        alone={_key(k): str(v) for k, v in (entry.get("alone") or {}).items()},
        moot=moot,
        sheet_items=tuple(entry.get("sheet_items") or ()),
        refusals=refusals,
        linked=linked,
        witness=witness,
        faults=faults,
    )


def _value(where: str, entry: Any, choice: type[Enum] | None) -> Value | None:
    """The `value` of an axis: said of every rule but a choice, whose `values` say it."""
    if choice is not None:
        if entry is not None:
            raise AxisError(f"{where}.value: a choice's values say what each means; no `value`")
        return None
    if not isinstance(entry, dict) or not entry.get("description"):
        raise AxisError(f"{where}.value.description: missing")
    stray = [k for k in entry if k != "description" and k not in BOUNDS]
    if stray:
        allowed = ", ".join(BOUNDS)
        raise AxisError(f"{where}.value: unknown field {stray[0]!r}; the bounds are {allowed}")
    bounds = {k: entry[k] for k in BOUNDS if k in entry}
    return Value(" ".join(str(entry["description"]).split()), bounds)


def _misreading(where: str, fault: Any, choice: type[Enum] | None) -> Misreading:
    """A described fault, the value it reads typed as the model holds it (an enum member)."""
    if not isinstance(fault, dict) or set(fault) != {"name", "mistake", "reads"}:
        raise AxisError(f"{where}: a fault has a name, a mistake and the value it reads")
    reads = fault["reads"]
    if choice is not None:
        try:
            reads = choice(reads)
        except ValueError:
            raise AxisError(f"{where}: {reads!r} is no value of the rule") from None
    return Misreading(str(fault["name"]), str(fault["mistake"]), reads)


def _known(where: str, paths: Any) -> None:
    for path in paths:
        if path not in rule_paths():
            raise AxisError(f"{where}: {path!r} is no rule of the model")


def read_axes(path: Path = AXES_FILE) -> dict[str, Axis]:
    """Every axis the file describes, by rule path, in the model's order."""
    try:
        # The C loader where it is built (the same safe constructor, read about ten times as
        # fast): a variant that writes a moot rule reads this file as it loads.
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise AxisError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise AxisError(f"{path}: the axes are a mapping from rule path to description")
    if list(data) != rule_paths():
        missing = [p for p in rule_paths() if p not in data]
        extra = [p for p in data if p not in rule_paths()]
        raise AxisError(
            f"{path}: the axes must be the model's rules in its order"
            + (f"; not described: {', '.join(missing)}" if missing else "")
            + (f"; not in the model: {', '.join(map(str, extra))}" if extra else "")
        )
    choices = enum_rules()
    return {p: _axis(p, data[p], choices.get(p)) for p in rule_paths()}


AXES: dict[str, Axis] = read_axes()
"""Every rule axis by path, in the model's order."""

LINKED_RULES: tuple[tuple[str, str], ...] = tuple(
    (axis.path, other) for axis in AXES.values() for other in axis.linked
)
"""Rules that make one house rule together, each moot (or not allowed) without the other: a
fifty-point bonus for a side bid of ten or more is `big_bid_tricks` with `big_bid_bonus`. A
table that plays such a rule differs from a variant without it in both at once."""
