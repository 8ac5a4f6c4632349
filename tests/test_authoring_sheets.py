"""The golden case sheets: read safely, checked against their schema, each case's id the one its
case file has always had, and a sheet with a wrong figure refused with its file, line and case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from spadespec.conformance.contract.suite.cases import CASES_DIR
from spadespec.conformance.machinery.authoring import generate
from spadespec.conformance.machinery.authoring.sheet_loader import (
    SHEETS_DIR,
    SheetError,
    named_deals,
    read_sheet,
    sheet_paths,
)
from spadespec.reference_engine.paths import data_dir

AUTHORING = SHEETS_DIR.parent

SMALL = """\
description: A sheet of one case.
variant: standard
cases:
  - id: standard.sheet-test.made
    description: North-South bid 4 + 3 = 7 and take 9; East-West bid 5 and take 4.
    tags: [hand.score-only]
    clause: scoring.set_penalty
    setup: {dealer: N}
    log:
      - search: {bids: {N: 4, E: 3, S: 3, W: 2}, tricks: {N: 5, E: 3, S: 4, W: 1}, seed: 1}
    expect:
      hands:
        - bids: {N: 4, E: 3, S: 3, W: 2}
          tricks: {N: 5, E: 3, S: 4, W: 1}
          sides:
            NS: {contract: 7, made: true, contract_points: 70, overtricks: 2,
              overtrick_points: 2, bags: [0, 2, 2], hand_points: 72, score: [0, 72]}
            EW: {contract: 5, made: false, contract_points: -50, hand_points: -50,
              score: [0, -50]}
      totals: {NS: 72, EW: -50}
"""


def _ids(path: Path) -> list[str]:
    return [case["id"] for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]


def test_the_sheet_schema_is_a_valid_draft_2020_12_schema_with_an_id() -> None:
    schema = json.loads((data_dir("schema") / "sheet.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith("/sheet.schema.json")


def test_every_sheet_is_plain_yaml_and_names_its_cases_as_the_case_file_does() -> None:
    """The ids are written in the sheets themselves; the case files keep every id in its place
    (a sheet that also gets a spec's cases comes after them)."""
    assert len(sheet_paths()) >= 40
    for path in sheet_paths():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        written = CASES_DIR / path.relative_to(SHEETS_DIR).with_suffix(".json")
        ids = [case["id"] for case in data["cases"]]
        assert _ids(written)[-len(ids) :] == ids, path


def test_no_authoring_module_turns_off_the_line_length_check() -> None:
    for path in AUTHORING.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "noqa: E501" not in text and "fmt: skip" not in text, path


def test_a_named_deal_is_each_seats_cards_or_pbn() -> None:
    deals = named_deals()
    assert deals["TRUMP"].startswith("N:")
    assert len(deals["THREE"]["N"]) == 17


def _sheet(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "standard" / "sheet-test.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_sheet_gives_its_case_with_the_searched_hand(tmp_path: Path) -> None:
    description, (case,) = read_sheet(_sheet(tmp_path, SMALL))
    assert description == "A sheet of one case."
    assert case["origin"] == {"kind": "derived", "clause": "scoring.set_penalty"}
    assert sum(a["action"] == "play" for a in case["actions"]) == 52
    assert case["expect"]["hands"][0]["sides"]["NS"]["side_tricks"] == 9


@pytest.mark.parametrize(
    ("wrong", "right", "said"),
    [
        ("hand_points: 72, score: [0, 72]", "hand_points: 71, score: [0, 71]", "add up to 72"),
        ("totals: {NS: 72", "totals: {NS: 70", "totals NS is 70"),
        (
            "[0, -50]}\n      totals: {NS: 72, EW: -50}",
            "[10, -40]}\n      totals: {NS: 72, EW: -40}",
            "hand_math",
        ),
        ("W: 1}\n          sides", "W: 2}\n          sides", "do not add up to 13"),
    ],
)
def test_a_wrong_figure_is_refused_naming_file_line_and_case(
    tmp_path: Path, wrong: str, right: str, said: str
) -> None:
    path = _sheet(tmp_path, SMALL.replace(wrong, right))
    with pytest.raises(SheetError) as caught:
        read_sheet(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:4:")
    assert "standard.sheet-test.made" in message and said in message


def test_a_misspelt_field_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _sheet(tmp_path, SMALL.replace("contract_points: 70", "contract_point: 70"))
    with pytest.raises(SheetError, match=r":16:\d+ at cases\[0\]\.expect\.hands\[0\]\.sides\.NS"):
        read_sheet(path)


def test_an_assumed_rule_value_the_variant_no_longer_plays_is_refused(tmp_path: Path) -> None:
    text = SMALL.replace(
        "variant: standard\n", "variant: standard\nassumes:\n  game_end.target: 300\n"
    )
    with pytest.raises(SheetError, match=r":4:\d+ at assumes\.game_end\.target: standard plays"):
        read_sheet(_sheet(tmp_path, text))


def test_unsafe_yaml_is_refused_without_building_it(tmp_path: Path) -> None:
    path = _sheet(
        tmp_path, SMALL.replace("A sheet of one case.", '!!python/object/apply:os.system ["true"]')
    )
    with pytest.raises(SheetError, match=r":1:\d+ at description: the tag !!python/object/apply"):
        read_sheet(path)


def test_the_generator_stops_naming_the_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _sheet(tmp_path, SMALL.replace("hand_points: 72", "hand_points: 73"))
    monkeypatch.setattr(generate.sheet_loader, "sheet_paths", lambda: [path])
    monkeypatch.setattr(generate.sheet_loader, "SHEETS_DIR", tmp_path)
    monkeypatch.setattr(generate, "SPECS", ())
    # A SheetError is a ValueError: `python -m spadespec.regenerate cases` prints it alone.
    with pytest.raises(SheetError, match=f"{path}:4:"):
        generate.rendered()
