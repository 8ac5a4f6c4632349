"""Two partnerships and a spoiler in the schemas: five seats whose sides are N alone (the
spoiler) and the pairs NE-SW and SE-NW. Every object keyed by side takes that form and no mix of
it with another table's, seats stay keyed by seat, and a score line gives `spoiler_points`."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from spadespec.conformance.contract.protocol.wire import shipped_schema

FIVE = ("N", "NE", "SE", "SW", "NW")
SPOILER = ("N", "NE-SW", "SE-NW")
RECORDS = ("case.schema.json", "game-record.schema.json")


def _validator(name: str, definition: str | None = None) -> Draft202012Validator:
    """A shipped schema's validator, or that of one of its definitions."""
    schema = shipped_schema(name)
    if definition is None:
        return Draft202012Validator(schema)
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"})


@pytest.mark.parametrize("definition", ["sideInts", "sideCounts"])
@pytest.mark.parametrize("name", RECORDS)
def test_a_side_keyed_object_takes_the_spoiler_table_and_no_mix_of_it(
    name: str, definition: str
) -> None:
    sides = _validator(name, definition)
    assert sides.is_valid(dict.fromkeys(SPOILER, 0))
    assert not sides.is_valid({**dict.fromkeys(SPOILER, 0), "NE": 0})  # a seat alone beside
    assert not sides.is_valid({"NS": 0, "NE-SW": 0})  # a four-seat partnership beside
    assert not sides.is_valid({"NS": 0, "EW": 0, "NE-SW": 0})
    assert not sides.is_valid({"N": 0, "NE-SW": 0})  # SE-NW missing
    assert not sides.is_valid({"NE-SW": 0, "SE-NW": 0})  # the spoiler missing
    assert not sides.is_valid({**dict.fromkeys(FIVE, 0), "SE-NW": 0})
    assert not sides.is_valid({**dict.fromkeys(SPOILER, 0), "E": 0})


@pytest.mark.parametrize("definition", ["sideInts", "sideCounts"])
@pytest.mark.parametrize("name", RECORDS)
def test_the_other_tables_sides_are_taken_and_refused_as_before(name: str, definition: str) -> None:
    sides = _validator(name, definition)
    assert sides.is_valid({"NS": 0, "EW": 0})
    assert sides.is_valid({"N": 0, "E": 0, "S": 0}) and sides.is_valid(dict.fromkeys("NESW", 0))
    assert sides.is_valid(dict.fromkeys(FIVE, 0))
    assert not sides.is_valid({"NS": 0, "EW": 0, "N": 0})
    assert not sides.is_valid({"N": 0, "NE": 0, "SE": 0, "SW": 0})  # NW missing
    assert not sides.is_valid({**dict.fromkeys(FIVE, 0), "E": 0})
    counts = definition == "sideCounts"
    assert sides.is_valid({"N": -1, "NE-SW": 0, "SE-NW": 0}) is not counts


def test_the_two_schemas_write_the_sides_alike() -> None:
    case = shipped_schema("case.schema.json")["$defs"]
    record = shipped_schema("game-record.schema.json")["$defs"]
    for name in ("spoilerSides", "side", "sideInts", "sideCounts"):
        assert case[name] == record[name], name
    assert {"NE-SW", "SE-NW"} <= set(case["side"]["enum"])


def _line(side: str, points: int, spoiler: int) -> dict[str, Any]:
    """A made contract's line: `points` for the contract, `spoiler` beside them."""
    return {
        "side": side, "contract": points // 10, "tricks": points // 10, "made": True,
        "contract_points": points, "overtricks": 0, "overtrick_points": 0, "nils": [],
        "spoiler_points": spoiler, "bags_added": 0, "bag_penalty": 0, "bags_after": 0,
        "hand_points": points + spoiler, "score_before": 0, "score_after": points + spoiler,
    }  # fmt: skip


def _hand() -> dict[str, Any]:
    """A hand at the spoiler's table: the spoiler bids 3 and takes 3 at a multiplier of 2."""
    return {
        "bids": {"N": 3, "NE": 2, "SE": 1, "SW": 2, "NW": 2},
        "tricks": {"N": 3, "NE": 2, "SE": 1, "SW": 2, "NW": 2},
        "sides": {"N": _line("N", 30, 30), "NE-SW": _line("NE-SW", 40, 0),
                  "SE-NW": _line("SE-NW", 30, 0)},
    }  # fmt: skip


def _case(**expect: Any) -> dict[str, Any]:
    return {
        "id": "spoiler.schema-test", "description": "A spoiler's table.", "tags": ["table.sides"],
        "origin": {"kind": "derived", "clause": "table.sides"}, "level": "must",
        "status": "ok", "variant": {"id": "five-spoiler"},
        "setup": {"dealer": "N", "scores": dict.fromkeys(SPOILER, 0),
                  "bags": dict.fromkeys(SPOILER, 0)},
        "actions": [], "expect": expect,
    }  # fmt: skip


def test_a_case_at_the_spoilers_table_keys_its_sides_so_and_its_seats_by_seat() -> None:
    case = _validator("case.schema.json", "case")
    totals = {"N": 60, "NE-SW": 40, "SE-NW": 30}
    won = {"status": "won", "winner": "NE-SW"}
    assert case.is_valid(_case(hands=[_hand()], totals=totals, bags=dict.fromkeys(SPOILER, 0)))
    assert case.is_valid(_case(status=won))
    assert case.is_valid(_case(to_act={"phase": "bid", "seat": "NE"}))
    assert not case.is_valid(_case(to_act={"phase": "bid", "seat": "NE-SW"}))  # a side, no seat
    mixed = _case()
    mixed["setup"]["scores"] = {"N": 0, "NE-SW": 0}
    assert not case.is_valid(mixed)
    mixed["setup"]["scores"] = {"NS": 0, "NE-SW": 0}
    assert not case.is_valid(mixed)
    mixed["setup"]["scores"] = {**dict.fromkeys(SPOILER, 0), "NE": 0}
    assert not case.is_valid(mixed)
    hand = _hand()
    hand["bids"] = {"N": 3, "NE-SW": 4, "SE-NW": 3}  # bids stay keyed by seat
    assert not case.is_valid(_case(hands=[hand]))


def test_a_score_line_gives_spoiler_points_where_the_formula_counts_them() -> None:
    line = _validator("case.schema.json", "sideScore")
    assert line.is_valid(_line("N", 30, 30)) and line.is_valid(_line("SE-NW", 30, 0))
    assert line.is_valid({k: v for k, v in _line("NS", 30, 0).items() if k != "spoiler_points"})
    assert not line.is_valid({**_line("N", 30, 30), "spoiler_points": "30"})
    schema = shipped_schema("case.schema.json")["$defs"]["sideScore"]
    assert list(schema["properties"]).index("spoiler_points") == (
        list(schema["properties"]).index("nils") + 1
    )
    assert "+ spoiler_points (where given)" in schema["description"]


def test_a_sheet_line_may_give_spoiler_points_and_its_sides_the_spoilers_names() -> None:
    sheet = _validator("sheet.schema.json", "line")
    typed = {"contract": 3, "made": True, "contract_points": 30, "nils": [],
             "spoiler_points": 30, "hand_points": 60, "score": [0, 60]}  # fmt: skip
    assert sheet.is_valid(typed)
    assert not sheet.is_valid({**typed, "spoiler_points": 1.5})
    assert _validator("sheet.schema.json", "by_side").is_valid(dict.fromkeys(SPOILER, 0))
    hand = {
        "bids": {"N": 3},
        "tricks": dict.fromkeys(FIVE, 2),
        "sides": dict.fromkeys(SPOILER, typed),
    }
    assert _validator("sheet.schema.json", "hand").is_valid(hand)
    assert (
        "+ spoiler_points (where given)"
        in shipped_schema("sheet.schema.json")["$defs"]["line"]["description"]
    )


def test_a_game_record_at_the_spoilers_table_keys_its_sides_so() -> None:
    schema = _validator("game-record.schema.json")
    sides = dict.fromkeys(SPOILER, 0)
    record = {
        "variant": {"id": "five-spoiler"}, "setup": {"dealer": "N", "scores": sides, "bags": sides},
        "actions": [],
        "hands": [{"dealer": "N", "tricks": {"N": 3, "NE": 2, "SE": 1, "SW": 2, "NW": 2},
                   "points": {"N": 60, "NE-SW": 40, "SE-NW": 30},
                   "totals": {"N": 60, "NE-SW": 40, "SE-NW": 30}, "bags": sides}],
        "totals": {"N": 60, "NE-SW": 40, "SE-NW": 30}, "bags": sides,
        "outcome": {"status": "won", "winner": "N"},
    }  # fmt: skip
    assert schema.is_valid(record)
    assert not schema.is_valid({**record, "totals": {"N": 60, "NE-SW": 40}})
    assert not schema.is_valid({**record, "bags": {**sides, "NW": 0}})
    assert not schema.is_valid(
        {**record, "setup": {"dealer": "N", "scores": {"NS": 0, "NE-SW": 0}}}
    )
    assert not schema.is_valid({**record, "hands": [{"tricks": {"NE-SW": 4}}]})
