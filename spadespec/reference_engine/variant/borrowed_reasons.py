"""A rule whose reason is not written in its own entry, in the two ways a file may say so.

`moot: true`: the ruleset's other rules make the rule mean nothing (no blind nil, so no blind
nil exchange). The reason is what `axes.yaml` says of the rule when it is moot, and the loader
refuses the entry wherever one of the values the rule depends on could make it mean something.

`silent: {porchlight: Scoring}`: the source says nothing of the rule at that section, and the
file plays the interpretation of the ruleset it extends, for the same reason. The reason shown
is that interpretation, arising from this file's source and section.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.reference_engine.variant.checking import where
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.merge import Merged, RuleSetting
from spadespec.reference_engine.variant.model import Interpretation

_ALONE = {"moot": ("cite", "interpretation", "silent"), "silent": ("cite", "interpretation")}
"""What each way forbids beside it in one entry: it stands in for those."""


def silence(entry: dict[str, Any]) -> tuple[str, str] | None:
    """The source and section a `silent` entry names, else None."""
    said = entry.get("silent")
    if not said:
        return None
    ((source, section),) = said.items()
    return str(source), str(section)


def interpretation(setting: RuleSetting) -> Interpretation | None:
    """The interpretation a rule plays under: the entry's own, or for a silence the one the
    entry lays over, arising from the silent source's section."""
    own = setting.entry.get("interpretation")
    if own:
        return Interpretation(**own)
    silent = silence(setting.entry)
    below = setting.below
    if silent is None or below is None:
        return None
    adopted = interpretation(below)
    if adopted is None:
        return None
    source, section = silent
    home = adopted.as_in or below.doc.data["id"]
    return replace(adopted, source=source, section=section, as_in=home)


def moot_says(rule: str, entry: dict[str, Any]) -> str | None:
    """What is said of a rule written `moot: true`, from its axis; else None."""
    if entry.get("moot") is not True:
        return None
    # Read only here: the axes file is read once, when a ruleset first writes a moot rule.
    from spadespec.reference_engine.variant.axes import AXES

    moot = AXES[rule].moot
    return moot.says if moot is not None else None


def check_borrowed_entries(merged: Merged) -> Iterator[Problem]:
    """A `moot` or `silent` entry stands alone, and a silence has an interpretation to play."""
    for setting in merged.rules.values():
        entry, path = setting.entry, setting.path
        for way, forbidden in _ALONE.items():
            if way not in entry:
                continue
            for other in forbidden:
                if other in entry:
                    yield setting.doc.problem(
                        f"`{way}` gives this rule its reason, so `{other}` cannot stand beside "
                        f"it; keep one",
                        path + (other,),
                    )
        if "silent" in entry and "interpretation" not in entry:
            below = setting.below
            if below is None or interpretation(below) is None:
                whose = (
                    "this file extends none"
                    if below is None
                    else f"{below.doc.data['id']} cites the rule rather than interpreting it"
                )
                yield setting.doc.problem(
                    "`silent` plays the interpretation of the ruleset this file extends, but "
                    f"{whose}; write an `interpretation` here",
                    path + ("silent",),
                )


def _is(value: Any, want: Any) -> bool:
    """Whether a value as a file writes it is the one a moot condition names (a card list
    compared as a tuple, and true never taken for the number 1)."""
    value = tuple(value) if isinstance(value, list) else value
    want = tuple(want) if isinstance(want, list) else want
    return type(value) is type(want) and bool(value == want)


def check_moot_entries(merged: Merged) -> Iterator[Problem]:
    """A rule written `moot: true` is moot under every value its condition's rules can take."""
    from spadespec.reference_engine.variant.axes import AXES

    for rule, setting in merged.rules.items():
        if setting.entry.get("moot") is not True:
            continue
        moot = AXES[rule].moot
        at = setting.path + ("moot",)
        if moot is None:
            yield setting.doc.problem(
                f"{rule} is never moot (axes.yaml gives it no condition); cite or interpret it",
                at,
            )
            continue
        if any(
            all(_is(p.value, want) for path, want in each.items() for p in merged.possible(path))
            for each in moot.when
        ):
            continue
        conditions = " or ".join(
            " and ".join(
                f"{path} is {rule_value_text(want, none='null')}" for path, want in each.items()
            )
            for each in moot.when
        )
        found = "; ".join(
            f"{path} can be {rule_value_text(p.value, none='null')} (at {where(p)})"
            for each in moot.when
            for path, want in each.items()
            for p in merged.possible(path)
            if not _is(p.value, want)
        )
        fix = "" if setting.depth == 0 else f"; write {rule} in {merged.leaf.data['id']}"
        yield setting.doc.problem(
            f"{rule} is written moot, but it is moot only when {conditions}; here {found}{fix}",
            at,
        )
