"""The named faults, read from `faults.yaml` beside this file: one record a fault, with what
the suite and the tools are expected to do with it. A fault the rules' axes describe (a rule
read as one value, `axes.yaml`) takes its mistake from there; its record says what catches it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from spadespec.command_kit.errors import DataFileError
from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.machinery.faults import house_faults, play_faults, scoring_faults
from spadespec.conformance.machinery.faults.record import (
    Asked,
    Expected,
    Fault,
    Fuzzed,
    Refusal,
)
from spadespec.conformance.machinery.faults.rewrite import replaced
from spadespec.reference_engine.variant.axes import AXES, Misreading
from spadespec.reference_engine.variant.catalog import shipped_variant_ids
from spadespec.reference_engine.variant.yaml_reader import SAFE_LOADER

FAULTS_FILE = Path(__file__).resolve().parent / "faults.yaml"

EVERY_RULESET = "{ruleset}"
"""In a case id of `caught_by`: each shipped ruleset in turn."""

_MODULES: dict[str, ModuleType] = {
    module.__name__.rsplit(".", 1)[1]: module
    for module in (play_faults, scoring_faults, house_faults)
}
"""The modules a record's `change` or `misread` names a function of."""
_WRITTEN = ("mistake", "rule")
"""What a fault no axis describes writes of itself, with one of `change` and `misread`."""
_EXPECTED = {
    "asked": "null",
    "caught_by": None,
    "score_caught_by": "[]",
    "clause": "null",
    "shown_under": "null",
    "fuzzed": "{never: why}",
    "made_cases_miss": "{}",
    "diagnosed_as": "{}",
    "audit_finds": "null",
}
"""The fields every record writes, each with how a record says there is none: `caught_by`
must name a case, as the suite-strength test holds."""
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


class FaultFileError(DataFileError):
    """The faults file is unreadable, or a record lacks a field or gives a wrong one."""


def read_faults(text: str, source: str = FAULTS_FILE.name) -> dict[str, Fault]:
    """Every fault the file records, by name, in its order."""
    try:
        data = yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        raise FaultFileError(f"{source}: not YAML: {error}") from error
    if not isinstance(data, dict):
        raise FaultFileError(f"{source}: must map each fault's name to its record")
    described = {w.name: (path, w) for path, axis in AXES.items() for w in axis.faults}
    faults = {}
    for name, record in data.items():
        where = f"{source}: {name}"
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise FaultFileError(f"{where}: a fault's name is kebab-case")
        if not isinstance(record, dict):
            raise FaultFileError(f"{where}: must be a mapping of the fault's fields")
        faults[name] = _fault(name, record, described.get(name), where)
    unrecorded = [name for name in described if name not in faults]
    if unrecorded:
        raise FaultFileError(f"{source}: axes.yaml describes faults with no record: {unrecorded}")
    return faults


def _fault(
    name: str, record: dict[str, Any], described: tuple[str, Misreading] | None, where: str
) -> Fault:
    own = ("axis",) if described is not None else ("change", "misread", *_WRITTEN)
    for key in record:
        if key not in _EXPECTED and key not in own:
            raise FaultFileError(f"{where}: {key}: no such field (it takes {[*own, *_EXPECTED]})")
    for key, none in _EXPECTED.items():
        if key not in record:
            says = f" (write `{key}: {none}` where there is none)" if none else ""
            raise FaultFileError(f"{where}: no `{key}`{says}")
    expected = _expected(record, where)
    if described is not None:
        path, wrong = described
        if record.get("axis") != path:
            raise FaultFileError(f"{where}: axis: the fault is described under {path}")
        return _misreading(path, wrong, expected)
    for key in _WRITTEN:
        if key not in record:
            raise FaultFileError(f"{where}: no `{key}`")
    makes = [key for key in ("change", "misread") if key in record]
    if len(makes) != 1:
        raise FaultFileError(f"{where}: give one of `change` and `misread`")
    function = _function(record[makes[0]], f"{where}: {makes[0]}")
    return Fault(
        name,
        _text(record["mistake"], f"{where}: mistake"),
        change=function if makes == ["change"] else None,
        misread=function if makes == ["misread"] else None,
        rule=_text_or_none(record["rule"], f"{where}: rule"),
        expected=expected,
    )


def _misreading(path: str, wrong: Misreading, expected: Expected) -> Fault:
    """The fault a rule's axis describes (`faults`): the rule read as one value, always."""
    reads = wrong.reads
    return Fault(
        wrong.name,
        wrong.mistake,
        misread=replaced(path, lambda value: reads),
        rule=f"{path}={rule_value_text(reads)}",
        expected=expected,
    )


def _expected(record: Mapping[str, Any], where: str) -> Expected:
    asked = _text_or_none(record["asked"], f"{where}: asked")
    if asked is not None and asked not in set(Asked):
        raise FaultFileError(f"{where}: asked: one of {[a.value for a in Asked]}, or null")
    # An empty list is read, so that a new fault's record can be written before its cases;
    # the suite-strength test fails until a case catches it.
    caught_by = _ids(record["caught_by"], f"{where}: caught_by")
    fuzzed, not_fuzzed = _fuzzed(record["fuzzed"], f"{where}: fuzzed")
    shown_under = _text_or_none(record["shown_under"], f"{where}: shown_under")
    if shown_under is None and fuzzed is not None:
        raise FaultFileError(f"{where}: shown_under: a fault that is fuzzed is shown under one")
    audit = record["audit_finds"]
    if audit is not None and (not isinstance(audit, dict) or set(audit) != {"reason", "rule"}):
        raise FaultFileError(f"{where}: audit_finds: {{reason: ..., rule: ...}}, or null")
    return Expected(
        asked=Asked(asked) if asked is not None else None,
        caught_by=tuple(_every_ruleset(caught_by)),
        score_caught_by=tuple(_ids(record["score_caught_by"], f"{where}: score_caught_by")),
        clause=_text_or_none(record["clause"], f"{where}: clause"),
        shown_under=shown_under,
        fuzzed=fuzzed,
        not_fuzzed=not_fuzzed,
        made_cases_miss=_texts(record["made_cases_miss"], f"{where}: made_cases_miss"),
        diagnosed_as=_texts(record["diagnosed_as"], f"{where}: diagnosed_as", none=True),
        audit_finds=None
        if audit is None
        else Refusal(*(_text(audit[k], f"{where}: audit_finds") for k in ("reason", "rule"))),
    )


def _fuzzed(value: Any, where: str) -> tuple[Fuzzed | None, str | None]:
    if isinstance(value, str) and value in set(Fuzzed):
        return Fuzzed(value), None
    if isinstance(value, dict) and set(value) == {"never"}:
        return None, _text(value["never"], where)
    raise FaultFileError(f"{where}: one of {[f.value for f in Fuzzed]}, or {{never: why}}")


def _every_ruleset(ids: list[str]) -> list[str]:
    rulesets = shipped_variant_ids() if any(EVERY_RULESET in i for i in ids) else []
    return [
        one
        for case_id in ids
        for one in (
            [case_id.replace(EVERY_RULESET, r) for r in rulesets]
            if EVERY_RULESET in case_id
            else [case_id]
        )
    ]


def _function(value: Any, where: str) -> Any:
    module, _, name = _text(value, where).partition(".")
    found = getattr(_MODULES[module], name, None) if module in _MODULES else None
    if not callable(found):
        raise FaultFileError(f"{where}: no function {value!r} in {sorted(_MODULES)}")
    return found


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise FaultFileError(f"{where}: must be text")
    return value


def _text_or_none(value: Any, where: str) -> str | None:
    return None if value is None else _text(value, where)


def _ids(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise FaultFileError(f"{where}: must be a list of case ids, `[]` for none")
    return [_text(one, where) for one in value]


def _texts(value: Any, where: str, none: bool = False) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FaultFileError(f"{where}: must map each ruleset to its text, `{{}}` for none")
    return {
        _text(key, where): (_text_or_none if none else _text)(text, f"{where}: {key}")
        for key, text in value.items()
    }


FAULTS: dict[str, Fault] = read_faults(FAULTS_FILE.read_text(encoding="utf-8"))
"""Every fault by name, in the order a report lists them (the file's)."""
