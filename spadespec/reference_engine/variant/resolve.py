"""Turning a checked, merged variant and the table's option choices into one frozen rules record."""

from __future__ import annotations

import difflib
from dataclasses import fields, replace
from enum import Enum
from types import UnionType
from typing import Any, get_args, get_origin

from spadespec.command_kit.arguments import ascii_integer
from spadespec.reference_engine.variant.borrowed_reasons import interpretation, moot_says
from spadespec.reference_engine.variant.checking import canonical_card
from spadespec.reference_engine.variant.citations import cited
from spadespec.reference_engine.variant.errors import OptionError, Problem
from spadespec.reference_engine.variant.merge import Merged, OptionSetting, RuleSetting
from spadespec.reference_engine.variant.model import (
    SECTIONS,
    Citation,
    Provenance,
    ResolvedVariant,
    Rules,
    SourceDocument,
    TableOption,
)

_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}
_NULL = {"null", "none", "~", ""}


def match_choice(choices: list[Any] | tuple[Any, ...], wanted: Any) -> tuple[bool, Any]:
    """The choice `wanted` names, accepting text from a command line (`target=500`).

    Returns (found, choice). Text is read as the type of each choice: `500` is the number 500
    when the choices are numbers, `null` is null, `yes`/`no` are true/false.
    """
    for choice in choices:
        if type(wanted) is type(choice) and wanted == choice:
            return True, choice
        if not isinstance(wanted, str):
            continue
        text = wanted.strip()
        if isinstance(choice, bool):
            if text.lower() in (_TRUE if choice else _FALSE):
                return True, choice
        elif isinstance(choice, int):
            if ascii_integer(text.removeprefix("+")) == choice:
                return True, choice
        elif choice is None:
            if text.lower() in _NULL:
                return True, choice
    return False, None


def _where_published(source: dict[str, Any]) -> str:
    """Where a cited document can be read: its seed file, else its address."""
    return str(source.get("file") or source.get("url") or "")


def _citations(entry: dict[str, Any], visible: dict[str, dict[str, Any]]) -> tuple[Citation, ...]:
    return tuple(
        Citation(
            source=c.source,
            section=c.section,
            file=_where_published(visible.get(c.source, {})),
            says=c.says,
        )
        for c in cited(entry)
    )


def _provenance(merged: Merged, setting: RuleSetting) -> Provenance:
    entry = setting.entry
    return Provenance(
        origin="file" if setting.depth == 0 else "parent",
        variant=setting.doc.data["id"],
        citations=_citations(entry, merged.visible_sources(setting.doc)),
        interpretation=interpretation(setting),
        note=entry.get("note"),
        moot=moot_says(setting.rule, entry),
    )


def _table_option(merged: Merged, option: OptionSetting) -> TableOption:
    spec = option.spec
    return TableOption(
        name=option.name,
        rule=spec["rule"],
        choices=tuple(spec["choices"]),
        default=spec["default"],
        description=spec["description"],
        citations=_citations(spec, merged.visible_sources(option.doc)),
        variant=option.doc.data["id"],
    )


def _typed(kind: Any, raw: Any) -> Any:
    """A checked YAML value as the rules field's type: enums as members, 10.0 as 10, a list of
    cards as a tuple of cards written the project's way (`10d` as `TD`)."""
    if get_origin(kind) is tuple:
        return tuple(canonical_card(str(card)) for card in raw)
    if isinstance(kind, UnionType):
        if raw is None:
            return None
        kind = next(k for k in get_args(kind) if k is not type(None))
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(raw)
    if kind is int and isinstance(raw, float):
        return int(raw)
    if kind is str and isinstance(raw, str):
        return canonical_card(raw)
    return raw


def _shown(wanted: Any) -> str:
    """A value asked for, cut short if it is long (a number of thousands of digits)."""
    text = str(wanted)
    return text if len(text) <= 24 else f"{text[:12]}...({len(text)} characters)"


def _beyond(choices: list[Any], wanted: Any) -> str:
    """`, more than the largest choice, 500` for a number above every numeric choice."""
    numbers = [c for c in choices if isinstance(c, int) and not isinstance(c, bool)]
    text = str(wanted).strip().lstrip("+")
    if not numbers or not (text.isascii() and text.isdigit()):
        return ""
    # Compared by length first: int() refuses text of thousands of digits.
    largest = max(numbers)
    if len(text) > len(str(largest)) or int(text) > largest:
        return f": it is more than the largest choice, {largest}"
    return ""


def choose_options(merged: Merged, chosen: dict[str, Any]) -> dict[str, Any]:
    """The value of every option: the table's choice where it made one, else the default."""
    problems: list[Problem] = []
    leaf = merged.leaf
    for name, wanted in chosen.items():
        option = merged.options.get(name)
        if option is None:
            known = sorted(merged.options)
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}? " if close else ""
            problems.append(
                Problem(
                    f"unknown option {name!r}; {hint}"
                    f"this variant's options: {', '.join(known) or 'none'}",
                    file=leaf.file,
                    path=f"options.{name}",
                )
            )
            continue
        found, _value = match_choice(option.spec["choices"], wanted)
        if not found:
            choices = option.spec["choices"]
            allowed = ", ".join("null" if c is None else str(c) for c in choices)
            problems.append(
                option.doc.problem(
                    f"option {name}={_shown(wanted)} is not allowed{_beyond(choices, wanted)}; "
                    f"choose one of: {allowed}",
                    option.path,
                )
            )
    if problems:
        raise OptionError(problems)
    applied = {}
    for name, option in merged.options.items():
        applied[name] = (
            match_choice(option.spec["choices"], chosen[name])[1]
            if name in chosen
            else option.spec["default"]
        )
    return applied


def resolve(merged: Merged, chosen: dict[str, Any]) -> ResolvedVariant:
    """The frozen rules of a merged variant (already checked) with the table's options applied."""
    applied = choose_options(merged, chosen)
    values = {rule: setting.value for rule, setting in merged.rules.items()}
    provenance = {rule: _provenance(merged, setting) for rule, setting in merged.rules.items()}
    for name, option in merged.options.items():
        rule = option.spec["rule"]
        if merged.governing_option(rule) is not option:
            continue
        values[rule] = applied[name]
        base = provenance[rule]
        extra = _citations(option.spec, merged.visible_sources(option.doc))
        provenance[rule] = Provenance(
            origin="option" if name in chosen else "option-default",
            variant=option.doc.data["id"],
            citations=base.citations + tuple(c for c in extra if c not in base.citations),
            interpretation=base.interpretation,
            option=name,
            note=base.note,
            moot=base.moot,
        )
    sections = {
        section: cls(**{f.name: _typed(f.type, values[f"{section}.{f.name}"]) for f in fields(cls)})
        for section, cls in SECTIONS.items()
    }
    leaf = merged.leaf.data
    return ResolvedVariant(
        id=leaf["id"],
        title=leaf["title"],
        revision=leaf["revision"],
        summary=leaf["summary"],
        lineage=tuple(doc.data["id"] for doc in merged.chain),
        rules=Rules(**sections),
        provenance=provenance,
        options=tuple(_table_option(merged, o) for o in merged.options.values()),
        chosen=applied,
        sources=tuple(
            SourceDocument(
                key=src["key"],
                file=src.get("file", ""),
                title=src["title"],
                url=src.get("url"),
                variant=doc.data["id"],
                publisher=src.get("publisher", ""),
                edition=src.get("edition", ""),
                about=" ".join(str(src.get("about", "")).split()),
            )
            for src, doc in merged.sources.values()
        ),
        file=merged.leaf.file,
    )


def with_values(rules: Rules, values: dict[str, Any]) -> Rules:
    """`rules` with some rules set anew, each `section.field` to a value as a variant file (or
    a JSON request) writes it: enums as their text, cards as a list. Raises ValueError naming
    a rule that does not exist or a value it cannot take."""
    sections = {name: getattr(rules, name) for name in SECTIONS}
    for path, raw in values.items():
        section, _, name = path.partition(".")
        types = {f.name: f.type for f in fields(SECTIONS[section])} if section in SECTIONS else {}
        kind = types.get(name)
        if kind is None:
            raise ValueError(f"no rule {path!r}")
        try:
            value = _typed(kind, raw)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"rule {path}: {raw!r} is not a value it takes ({exc})") from None
        sections[section] = replace(sections[section], **{name: value})
    return Rules(**sections)
