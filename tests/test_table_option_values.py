"""Table options in a request (docs/protocol.md, "Table options"): a choice is named by its value
or, for a number or yes/no, by its text; a value naming no choice is a table the variant does
not offer, answered `skipped` and never played as another choice."""

from __future__ import annotations

from typing import Any

import pytest

from spadespec.conformance.contract.engines import reference
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.reference_engine.variant import VariantError
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.resolve import match_choice


def _run(options: dict[str, Any]) -> dict[str, Any]:
    request: Any = {
        "id": "options",
        "variant": {"id": "porchlight", "options": options},
        "setup": {"dealer": "N", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
        "actions": [],
        "ask": ["to_act"],
    }
    return dict(ReferenceEngine().run(request))


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"target": 400}, "target=400"),
        ({"target": "four hundred"}, "target=four hundred"),
        ({"target": True}, "target=True"),
        ({"target": "2OO"}, "target=2OO"),
        ({"nil": 0}, "nil=0"),
        ({"nil": "no"}, "nil=no"),
        # The text of "nothing" names no choice where no choice is nothing.
        ({"nil": "null"}, "nil=null"),
        ({"nil": ""}, "nil="),
        ({"bogus": 1}, "bogus"),
    ],
)
def test_a_value_naming_no_choice_is_skipped_naming_the_option(
    options: dict[str, Any], named: str
) -> None:
    response = _run(options)
    assert response["outcome"] == "skipped"
    assert named in response["reason"]


def test_a_number_as_text_is_the_same_choice_as_the_number() -> None:
    assert _run({"target": "500"}) == _run({"target": 500})
    assert match_choice([200, 300, 500], "500") == (True, 500)
    assert match_choice([500, 200], "200") == (True, 200)


def test_true_or_false_as_text_names_that_choice_and_no_other() -> None:
    assert match_choice([False, True], "true") == (True, True)
    assert match_choice([True, False], "false") == (True, False)
    assert match_choice([True, False], True) == (True, True)
    # 1 == True in Python: a number is not a yes, nor its text.
    assert match_choice([True, False], 1) == (False, None)
    assert match_choice([True, False], "1") == (False, None)


def test_a_number_is_not_a_name_nor_a_name_a_number() -> None:
    assert match_choice(["allowed", "not-allowed"], 0) == (False, None)
    assert match_choice([200, 300], "three hundred") == (False, None)
    assert match_choice([200, 300], 300.5) == (False, None)


def test_a_variant_the_engine_plays_that_does_not_load_is_an_error_not_a_decline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(ref: Any) -> Any:
        raise VariantError([Problem("extends unknown variant 'standard'")])

    monkeypatch.setattr(reference, "variant_of", broken)
    response = _run({})
    assert response["outcome"] == "errored"
    assert "does not load" in response["message"]


def test_an_id_the_engine_does_not_play_is_declined() -> None:
    request: Any = {
        "id": "unknown",
        "variant": {"id": "no-such-variant", "options": {}},
        "setup": {"dealer": "N", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}},
        "actions": [],
        "ask": ["to_act"],
    }
    response = dict(ReferenceEngine().run(request))
    assert response["outcome"] == "skipped"
    assert "no-such-variant" in response["reason"]
