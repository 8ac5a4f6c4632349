"""A rule axis is described once (reference_engine/variant/axes.yaml): the file fits the model,
what reads it agrees with it, and no other file of the package restates an axis by its path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from spadespec.conformance.analysis.audit.rules import REASON_RULES
from spadespec.conformance.analysis.fuzz.witness.hands import BUILDERS
from spadespec.conformance.analysis.fuzz.witness.search import COMPANIONS
from spadespec.conformance.contract.suite.tags import registry
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.docs_gen.rule_names import rule_label
from spadespec.docs_gen.sentences import sentence
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.axes import (
    AXES,
    AXES_FILE,
    LINKED_RULES,
    AxisError,
    read_axes,
)
from spadespec.reference_engine.variant.model import rule_paths

PACKAGE = Path(__file__).resolve().parent.parent / "spadespec"

ALLOWED: dict[str, str] = {
    "reference_engine/variant/axes.yaml": "the axes' descriptions themselves",
    "reference_engine/rules_of_play/": "rule functions: one names the rules a setup breaks",
    "reference_engine/variant/semantic.py": "cross-rule checks of a variant file",
    "reference_engine/variant/house_checks.py": "cross-rule checks of a house variant",
    "reference_engine/variant/pack_checks.py": "cross-rule checks of the pack",
    "conformance/machinery/faults/": "broken rule functions: each replaces or misreads one rule"
    " and names it as a diagnosis would",
    "conformance/machinery/authoring/": "case authoring: cases say which rule they check, and the"
    " hand-math scorer is an independent oracle on purpose",
    "conformance/analysis/fuzz/found_case.py": "a found case's clause is worked out from the"
    " replayed position (a Boston, a double nil), logic rather than a table; its tables come from"
    " AXES",
    "conformance/analysis/fuzz/witness/search.py": "the search's own handling of a rule that is a"
    " list of cards (top trumps reversed)",
    "conformance/analysis/audit/rules.py": "a turn out of order read from where it came (the first"
    " bid breaks who bids first), and the rule a recorded figure comes from",
    "docs_gen/matrix.py": "the rule the comparison page opens on, a choice of that page",
    "conformance/machinery/mutation/notes.yaml": "equivalence notes quote the engine's changed"
    " lines exactly as the mutation report prints them, rule fields (`bidding.max_bid`) included",
}
"""Files of the package that may write a rule's path, and why. The model holds fields, not
paths, and needs no entry."""

_ANY_PATH = "|".join(re.escape(path) for path in sorted(rule_paths(), key=len, reverse=True))
# In Python, a path written as a string (a table's key, a tag, a label `path=value`); in YAML,
# a path anywhere.
_IN_PYTHON = re.compile(rf"""["']({_ANY_PATH})(?=["'=\s+])""")
_IN_YAML = re.compile(rf"\b({_ANY_PATH})\b")


def restated(text: str, suffix: str) -> list[str]:
    """The rule paths `text` writes out, in the way a table restating an axis would."""
    return (_IN_PYTHON if suffix == ".py" else _IN_YAML).findall(text)


def _scanned() -> dict[str, list[str]]:
    found = {}
    for file in sorted(PACKAGE.rglob("*")):
        if file.suffix in (".py", ".yaml") and "__pycache__" not in file.parts:
            paths = restated(file.read_text(encoding="utf-8"), file.suffix)
            if paths:
                found[file.relative_to(PACKAGE).as_posix()] = paths
    return found


def _allowed(name: str) -> bool:
    return any(name == entry or entry.endswith("/") and name.startswith(entry) for entry in ALLOWED)


def test_no_file_outside_the_allowed_ones_restates_a_rule_axis() -> None:
    restating = {name: sorted(set(paths))[:3] for name, paths in _scanned().items()}
    outside = {name: paths for name, paths in restating.items() if not _allowed(name)}
    assert outside == {}, "read the rule's axis (reference_engine/variant/axes.py) instead"


def test_every_allowed_file_still_needs_its_place() -> None:
    scanned = _scanned()
    unused = [
        entry
        for entry in ALLOWED
        if not any(
            name == entry or entry.endswith("/") and name.startswith(entry) for name in scanned
        )
    ]
    assert unused == [], "an allowed file that no longer writes a rule's path leaves the list"


@pytest.mark.parametrize(
    ("text", "suffix", "found"),
    [
        ('LABELS = {"bidding.team_maximum": "Most partnership bid"}', ".py", 1),
        ('rule="scoring.bag_threshold=10 + scoring.bag_penalty=100"', ".py", 1),
        ("rules.bidding.team_maximum is None", ".py", 0),
        ("`scoring.bag_threshold` in a docstring", ".py", 0),
        ('"play.first_lead_card"', ".py", 1),
        ("scoring.bag_threshold: How many bags cost a penalty.", ".yaml", 1),
        ("play.first-lead-card-held: a mechanic", ".yaml", 0),
    ],
)
def test_the_scan_sees_a_table_keyed_by_rule_path(text: str, suffix: str, found: int) -> None:
    assert len(restated(text, suffix)) == found


def test_every_rule_of_the_model_has_its_axis_in_order() -> None:
    assert list(AXES) == rule_paths()


def test_the_tools_read_their_entries_from_the_axes() -> None:
    team_maximum = AXES["bidding.team_maximum"]
    assert rule_label("bidding.team_maximum") == team_maximum.label
    assert registry()["bidding.team_maximum"].description == team_maximum.clause
    assert (
        registry()["scoring.moon=wins-game"].description == AXES["scoring.moon"].values["wins-game"]
    )
    assert REASON_RULES["above-team-maximum"] == "bidding.team_maximum"
    assert FAULTS["team-maximum-ignored"].rule == "bidding.team_maximum=none"
    assert FAULTS["blind-nil-exchange-skipped"].rule == "bidding.blind_nil_exchange=0"
    assert BUILDERS["scoring.bag_threshold"].bags
    assert COMPANIONS["scoring.boston_points"] == ("scoring.boston", "scoring.boston_points")
    assert ("scoring.big_bid_tricks", "scoring.big_bid_bonus") in LINKED_RULES


def test_a_moot_rule_says_so_where_its_axis_says_it_is_moot() -> None:
    cutthroat = load_variant("cutthroat").rules
    moot = AXES["bidding.team_maximum"].moot
    assert moot is not None and moot.holds(cutthroat)
    assert sentence(cutthroat, "bidding.team_maximum", None) == moot.says
    assert not moot.holds(load_variant("standard").rules)


def _broken(tmp_path: Path, change: dict[str, Any]) -> Path:
    data = yaml.safe_load(AXES_FILE.read_text(encoding="utf-8"))
    for path, fields in change.items():
        if fields is None:
            del data[path]
        else:
            data[path] = {**data[path], **fields}
    file = tmp_path / "axes.yaml"
    file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return file


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"scoring.moon": None}, "not described: scoring.moon"),
        ({"scoring.moon": {"colour": "red"}}, "scoring.moon: unknown field 'colour'"),
        ({"scoring.moon": {"values": {"ordinary": "x"}}}, "scoring.moon.values: must give each"),
        ({"scoring.moon": {"refusals": ["moon-refused"]}}, "'moon-refused' is no reason code"),
        ({"scoring.moon": {"linked": ["scoring.sun"]}}, "'scoring.sun' is no rule of the model"),
        ({"scoring.moon": {"label": ""}}, "scoring.moon.label: missing"),
        ({"scoring.moon": {"value": {"description": "x"}}}, "scoring.moon.value: a choice's"),
        ({"scoring.bag_threshold": {"value": None}}, "bag_threshold.value.description: missing"),
        (
            {"scoring.bag_threshold": {"value": {"description": "x", "minimun": 1}}},
            "scoring.bag_threshold.value: unknown field 'minimun'",
        ),
        (
            {"scoring.moon": {"faults": [{"name": "x", "mistake": "y", "reads": "sometimes"}]}},
            "scoring.moon.faults: 'sometimes' is no value of the rule",
        ),
    ],
)
def test_a_wrong_axes_file_is_refused_naming_the_axis(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(AxisError, match=re.escape(message)):
        read_axes(_broken(tmp_path, change))
