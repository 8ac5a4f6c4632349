"""Each fault is one record (`conformance/machinery/faults/faults.yaml`) that says what is
expected of it: every record writes every field, an empty one saying there is none, and the file
is refused with the record and the field named when one is left out."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
import yaml

from spadespec.conformance.machinery.faults import FAULTS
from spadespec.conformance.machinery.faults.record import Expected
from spadespec.conformance.machinery.faults.registry import FAULTS_FILE, FaultFileError, read_faults
from spadespec.reference_engine.variant import shipped_variant_ids

RECORDS: dict[str, dict[str, Any]] = yaml.safe_load(FAULTS_FILE.read_text(encoding="utf-8"))

# Each field of the file that `Expected` holds; `fuzzed` holds `not_fuzzed` too.
WRITTEN = [
    "asked", "caught_by", "score_caught_by", "clause", "shown_under", "fuzzed",
    "made_cases_miss", "diagnosed_as", "audit_finds",
]  # fmt: skip


LEFT_OUT = "(left out)"


def _text(records: dict[str, dict[str, Any]]) -> str:
    return yaml.safe_dump(records, sort_keys=False)


def test_the_file_holds_every_fault_and_every_fault_holds_its_expectations() -> None:
    assert list(RECORDS) == list(FAULTS)
    held = {f.name for f in dataclasses.fields(Expected)} - {"not_fuzzed"}
    assert set(WRITTEN) == held
    for name, fault in FAULTS.items():
        assert [key for key in WRITTEN if key not in RECORDS[name]] == [], name
        assert isinstance(fault.expected, Expected), name
        # A fault no case catches is a hole in the suite.
        assert fault.expected.caught_by, name


@pytest.mark.parametrize("key", WRITTEN)
def test_a_record_without_a_field_is_refused_naming_both(key: str) -> None:
    records = {name: dict(record) for name, record in RECORDS.items()}
    del records["penalty-at-eleven-bags"][key]
    with pytest.raises(FaultFileError, match=rf"penalty-at-eleven-bags: no `{key}`"):
        read_faults(_text(records))


@pytest.mark.parametrize(
    ("name", "key", "value", "says"),
    [
        ("penalty-at-eleven-bags", "mistake", LEFT_OUT, "no `mistake`"),
        ("penalty-at-eleven-bags", "change", LEFT_OUT, "give one of `change` and `misread`"),
        ("penalty-at-eleven-bags", "change", "scoring_faults.no_such", "no function"),
        ("penalty-at-eleven-bags", "caught_by", "all of them", "a list of case ids"),
        ("penalty-at-eleven-bags", "fuzzed", "sometimes", "fuzzed: one of"),
        ("penalty-at-eleven-bags", "asked", "twice", "asked: one of"),
        ("penalty-at-eleven-bags", "shown_under", None, "a fault that is fuzzed is shown"),
        ("penalty-at-eleven-bags", "made_cases_miss", None, "`{}` for none"),
        ("penalty-at-eleven-bags", "axis", "scoring.bag_threshold", "axis: no such field"),
        ("team-minimum-ignored", "axis", "bidding.team_maximum", "described under"),
        ("team-minimum-ignored", "mistake", "restated", "mistake: no such field"),
    ],
)
def test_a_wrong_field_is_refused_naming_it(name: str, key: str, value: Any, says: str) -> None:
    records = {n: dict(record) for n, record in RECORDS.items()}
    if value is LEFT_OUT:
        del records[name][key]
    else:
        records[name][key] = value
    with pytest.raises(FaultFileError, match=f"{name}: .*{says}"):
        read_faults(_text(records))


def test_a_fault_an_axis_describes_needs_its_record() -> None:
    records = {n: r for n, r in RECORDS.items() if n != "team-minimum-ignored"}
    with pytest.raises(FaultFileError, match="no record: \\['team-minimum-ignored'\\]"):
        read_faults(_text(records))


def test_every_ruleset_a_record_names_is_shipped() -> None:
    shipped = set(shipped_variant_ids())
    for name, fault in FAULTS.items():
        expected = fault.expected
        named = {*expected.made_cases_miss, *expected.diagnosed_as}
        if expected.shown_under is not None:
            named.add(expected.shown_under)
        assert named <= shipped, name
        # Where no ruleset's games show it, the record says why it is not fuzzed.
        assert (expected.fuzzed is None) == (expected.not_fuzzed is not None), name
        assert expected.shown_under is not None or expected.fuzzed is None, name


def test_a_case_id_for_each_ruleset_is_written_once() -> None:
    assert RECORDS["already-bid-read-as-out-of-turn"]["caught_by"] == [
        "{ruleset}.bidding.already-bid"
    ]
    caught_by = FAULTS["already-bid-read-as-out-of-turn"].expected.caught_by
    assert list(caught_by) == [f"{v}.bidding.already-bid" for v in shipped_variant_ids()]
