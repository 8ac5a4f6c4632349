"""The case loader refuses bad case files with errors naming the file, the case and the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from spadespec.conformance.contract.suite.cases import CaseError, load_suite, pbn_problem

DEAL = "N:KQJT.KQJ.AKQ.AKQ 987.AT98.JT9.JT9 A65.765.8765.876 432.432.432.5432"


def a_case(**changes: Any) -> dict[str, Any]:
    """A small valid case: East to bid first after North deals."""
    case: dict[str, Any] = {
        "id": "test.bid.first.1",
        "description": "East bids first.",
        "tags": ["bidding.first_bidder=left-of-dealer"],
        "origin": {"kind": "derived", "clause": "bidding.first_bidder"},
        "level": "must",
        "status": "ok",
        "variant": {"id": "standard"},
        "setup": {"dealer": "N", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
        "actions": [{"action": "deal", "hands": DEAL}],
        "expect": {"to_act": {"phase": "bid", "seat": "E"}},
    }
    case.update(copy.deepcopy(changes))
    return case


def write(folder: Path, name: str, *cases: dict[str, Any]) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cases": list(cases)}), encoding="utf-8")
    return path


def problems(folder: Path, retired: tuple[str, ...] = ()) -> list[str]:
    with pytest.raises(CaseError) as caught:
        load_suite(folder, retired=retired)
    return [str(p) for p in caught.value.problems]


def test_a_valid_case_loads(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case())
    suite = load_suite(tmp_path, retired=())
    assert [case.id for case in suite] == ["test.bid.first.1"]
    assert suite.by_id("test.bid.first.1").asks == ("to_act",)


def test_an_allowed_probe_has_a_null_reason(tmp_path: Path) -> None:
    allowed = {"illegal": {"action": {"action": "bid", "seat": "E", "bid": 3}, "reason": None}}
    write(tmp_path, "standard/a.json", a_case(expect=allowed))
    suite = load_suite(tmp_path, retired=())
    assert suite.by_id("test.bid.first.1").expect["illegal"]["reason"] is None


def test_a_reason_is_a_code_or_null(tmp_path: Path) -> None:
    empty = {"illegal": {"action": {"action": "bid", "seat": "E", "bid": 3}, "reason": ""}}
    write(tmp_path, "standard/a.json", a_case(expect=empty))
    (message,) = problems(tmp_path)
    assert "$.expect.illegal.reason" in message


def test_unknown_tag_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(tags=["play.folow-suit"]))
    (message,) = problems(tmp_path)
    assert "a.json: case test.bid.first.1 at $.tags[0]" in message
    assert "unknown tag 'play.folow-suit'" in message
    assert "did you mean 'play.follow-suit'" in message


def test_a_case_without_tags_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(tags=[]))
    (message,) = problems(tmp_path)
    assert "case test.bid.first.1 at $.tags" in message
    assert "should be non-empty" in message


def test_a_case_with_no_tags_field_is_refused(tmp_path: Path) -> None:
    case = a_case()
    del case["tags"]
    write(tmp_path, "standard/a.json", case)
    (message,) = problems(tmp_path)
    assert "case test.bid.first.1 at $" in message and "'tags' is a required property" in message


def test_duplicate_id_names_both_files(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case())
    write(tmp_path, "standard/b.json", a_case())
    (message,) = problems(tmp_path)
    assert "b.json: case test.bid.first.1 at $.id: duplicate id; first used in" in message
    assert "a.json" in message.split("first used in", 1)[1]


def test_retired_id_may_not_be_reused(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case())
    (message,) = problems(tmp_path, retired=("test.bid.first.1",))
    assert "case test.bid.first.1 at $.id: id is retired" in message


def test_retired_file_is_read_with_comments(tmp_path: Path) -> None:
    from spadespec.conformance.contract.suite.cases import read_retired

    listed = tmp_path / "retired.txt"
    listed.write_text("# header\nold.case.1   # withdrawn\n\nold.case.2\n", encoding="utf-8")
    assert read_retired(listed) == {"old.case.1", "old.case.2"}


def test_erratum_needs_its_reason_and_the_source_figure(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(status="erratum"))
    found = problems(tmp_path)
    assert any("'source_expect' is a required property" in p for p in found)
    write(
        tmp_path, "standard/a.json", a_case(status="erratum", source_expect={"totals": {"NS": 130}})
    )
    (message,) = problems(tmp_path)
    assert "case test.bid.first.1 at $: 'erratum_reason' is a required property" in message


def test_erratum_reason_only_on_an_erratum(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(erratum_reason="the source added wrongly"))
    (message,) = problems(tmp_path)
    assert "erratum_reason is given but status is not erratum" in message


def test_a_complete_erratum_loads(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(
        status="erratum",
        source_expect={"totals": {"NS": 130}},
        erratum_reason="the source counted the overtricks twice",
    ))  # fmt: skip
    assert load_suite(tmp_path, retired=()).by_id("test.bid.first.1").status == "erratum"


def test_unknown_variant_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "x/a.json", a_case(variant={"id": "no-such-variant"}))
    (message,) = problems(tmp_path)
    assert "case test.bid.first.1 at $.variant: variant 'no-such-variant'" in message
    assert "unknown variant" in message


def test_unknown_option_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "x/a.json", a_case(variant={"id": "standard", "options": {"target": 300}}))
    (message,) = problems(tmp_path)
    assert "at $.variant" in message and "unknown option 'target'" in message


def test_value_tag_must_agree_with_the_variant(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(tags=["scoring.set_penalty=per-trick-short"]))
    (message,) = problems(tmp_path)
    assert "at $.tags[0]" in message
    assert "standard plays scoring.set_penalty=per-trick-bid" in message


def test_schema_errors_name_the_field(tmp_path: Path) -> None:
    bad_play = {"action": "play", "seat": "S", "card": "1C"}
    write(
        tmp_path,
        "standard/a.json",
        a_case(level="may", actions=[{"action": "deal", "hands": DEAL}, bad_play]),
    )
    found = problems(tmp_path)
    wrong_level = "at $.level: 'may' is not one of ['must', 'should', 'generated']"
    assert any(wrong_level in p for p in found)
    assert any("at $.actions[1].card" in p for p in found)


def test_a_card_dealt_twice_is_refused(tmp_path: Path) -> None:
    twice = DEAL.replace("5432", "543A")
    write(tmp_path, "standard/a.json", a_case(actions=[{"action": "deal", "hands": twice}]))
    (message,) = problems(tmp_path)
    assert "at $.actions[0].hands: card AC is dealt twice" in message


def test_short_hand_is_refused() -> None:
    assert pbn_problem("N:AKQ... ... ... ...") == "hand 1 of the deal has 3 cards, not 13"
    assert pbn_problem(DEAL) is None


def test_not_json_names_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"cases": [\n  {,}\n]}', encoding="utf-8")
    (message,) = problems(tmp_path)
    assert "a.json:" in message and "not JSON" in message and "line 2" in message


def test_every_problem_is_reported_not_only_the_first(tmp_path: Path) -> None:
    write(
        tmp_path,
        "standard/a.json",
        a_case(tags=["nope.one"]),
        a_case(id="test.two", tags=["nope.two"]),
    )
    found = problems(tmp_path)
    assert len(found) == 2
    assert "test.bid.first.1" in found[0] and "test.two" in found[1]


# --- the house-rule forms: deals as an object, jokers, passes, sides keyed by seat ----------

OBJECT_DEAL = {
    "N": ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "QD", "AC", "KC", "QC"],
    "E": ["TS", "9S", "8S", "JH", "TH", "9H", "8H", "JD", "TD", "9D", "JC", "TC", "9C"],
    "S": ["7S", "6S", "5S", "7H", "6H", "5H", "8D", "7D", "6D", "5D", "8C", "7C", "6C"],
    "W": ["4S", "3S", "2S", "4H", "3H", "2H", "4D", "3D", "2D", "5C", "4C", "3C", "2C"],
}


def test_a_deal_written_as_each_seats_cards_loads(tmp_path: Path) -> None:
    write(tmp_path, "standard/a.json", a_case(actions=[{"action": "deal", "hands": OBJECT_DEAL}]))
    assert load_suite(tmp_path, retired=()).by_id("test.bid.first.1").actions[0]["hands"]["N"]


def test_an_object_deal_is_checked_against_the_variants_table_and_pack(tmp_path: Path) -> None:
    joker = dict(OBJECT_DEAL, W=["BJ", *OBJECT_DEAL["W"][1:]])
    short = dict(OBJECT_DEAL, E=OBJECT_DEAL["E"][:12])
    three = {seat: OBJECT_DEAL[seat] for seat in "NES"}
    write(tmp_path, "standard/a.json", a_case(actions=[{"action": "deal", "hands": joker}]))
    write(
        tmp_path, "standard/b.json", a_case(id="t.b", actions=[{"action": "deal", "hands": short}])
    )
    write(
        tmp_path, "standard/c.json", a_case(id="t.c", actions=[{"action": "deal", "hands": three}])
    )
    found = problems(tmp_path)
    assert any("at $.actions[0].hands: card BJ is not in the variant's pack" in p for p in found)
    assert any(
        "t.b at $.actions[0].hands: E's hand in the deal has 12 cards, not 13" in p for p in found
    )
    assert any(
        "t.c at $.actions[0].hands: the deal names seats N, E, S, but N, E, S, W" in p
        for p in found
    )


def test_a_seat_that_is_not_a_seat_is_refused_by_the_schema(tmp_path: Path) -> None:
    bad = dict(OBJECT_DEAL, X=["AS"])
    write(tmp_path, "standard/a.json", a_case(actions=[{"action": "deal", "hands": bad}]))
    (message,) = problems(tmp_path)
    assert "at $.actions[0].hands" in message


def test_a_pass_and_the_new_bids_are_log_entries_the_schema_accepts(tmp_path: Path) -> None:
    from spadespec.conformance.contract.suite.logs_apart import action_validator

    action = action_validator()
    assert action.is_valid({"action": "pass", "seat": "S", "cards": ["AS", "KD"]})
    assert action.is_valid({"action": "bid", "seat": "S", "bid": "blind-nil"})
    assert action.is_valid({"action": "bid", "seat": "S", "bid": 17})
    assert action.is_valid({"action": "play", "seat": "S", "card": "LJ"})
    assert not action.is_valid({"action": "bid", "seat": "S", "bid": 18})
    assert not action.is_valid({"action": "pass", "seat": "S"})
    assert not action.is_valid({"action": "play", "seat": "S", "card": "XJ"})


def test_scores_keyed_by_the_wrong_sides_are_refused(tmp_path: Path) -> None:
    alone = {"N": 0, "E": 0, "S": 0}
    write(
        tmp_path, "standard/a.json", a_case(setup={"dealer": "N", "scores": alone, "bags": alone})
    )
    found = problems(tmp_path)
    assert any(
        "at $.setup.scores: keyed by N, E, S, but standard's sides are NS, EW" in p for p in found
    )


def test_hands_played_is_a_count(tmp_path: Path) -> None:
    start = {"dealer": "N", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}}
    write(tmp_path, "standard/a.json", a_case(setup=dict(start, hands_played=-1)))
    (message,) = problems(tmp_path)
    assert "at $.setup.hands_played" in message
    write(tmp_path, "standard/a.json", a_case(setup=dict(start, hands_played=3)))
    assert load_suite(tmp_path, retired=()).by_id("test.bid.first.1").setup["hands_played"] == 3
