"""The page "What each difference does": each difference as a hand a player would recognise,
drawn with the card diagram, what happens under each ruleset, and the score lines side by side;
the ordinary hands it shows are still witnesses, replayed under both rulesets."""

from __future__ import annotations

import re

from conftest import GeneratedPages

# Rules a hand of ordinary bids shows: the page must show each with one.
ORDINARY = (
    "ellington-scoring-nil_penalty",
    "illustrated-table-scoring-set_penalty",
    "illustrated-table-scoring-nil_bonus",
    "five-bags-fifty-scoring-bag_penalty",
    "minus-110-scoring-bag_points_cancelled",
    "failed-nil-overtricks-scoring-nil_tricks",
    "ellington-game_end-target_rule",
)


def _sections(page: str) -> dict[str, str]:
    parts = re.split(r"^### .* \{ #([a-z0-9_-]+) \}$", page, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_a_score_difference_is_an_ordinary_hand_with_the_diagram_and_both_sheets(
    generated_docs: GeneratedPages,
) -> None:
    sections = _sections(generated_docs.pages["rules/witnesses.md"])
    for anchor in ORDINARY:
        body = sections[anchor]
        assert body.count('class="sp-seat ') == 4, anchor
        bids = re.findall(r"· bid ([a-z0-9-]+)", body)
        assert len(bids) == 4 and all(b == "nil" or 1 <= int(b) <= 6 for b in bids), bids
        assert "under `standard`" in body and "under `" in body.split("under `standard`", 1)[1]
        going_in = re.search(r"the totals going in are ([^.]*)\.", body)
        assert going_in, anchor
        totals = [int(t) for t in re.findall(r"-?\d+", going_in.group(1))]
        if "game_end" not in anchor:
            assert totals and max(totals) <= 500 - 100, totals
    sheet = sections["ellington-scoring-nil_penalty"]
    assert "| points this hand |" in sheet and "spadespec-differs" in sheet
    # No play log written out as prose or JSON.
    page = generated_docs.pages["rules/witnesses.md"]
    assert '{"' not in page and "Then: " not in page


def test_an_ordinary_hand_found_for_the_page_is_still_a_witness() -> None:
    from spadespec.conformance.analysis.fuzz.witness.search import find_witness
    from spadespec.conformance.analysis.fuzz.witness.timeline import parting, timeline
    from spadespec.docs_gen.table_hands import recognisable
    from spadespec.reference_engine.variant import load_variant
    from spadespec.reference_engine.variant.model import with_rule

    standard, ellington = load_variant("standard"), load_variant("ellington")
    path = "scoring.nil_penalty"
    found = find_witness(standard, ellington, path)
    assert found is not None
    shown = recognisable(standard, ellington, path, found)
    assert shown is not None and shown["observable"] == "hands"
    alone = with_rule(standard.rules, path, ellington.rules.scoring.nil_penalty)
    other = ellington.rules if shown["checked"] == "both variants" else alone
    full = shown["actions"]
    one, two = timeline(standard.rules, shown["setup"], full), timeline(other, shown["setup"], full)
    point = parting(one, two)
    assert point is not None and point[1] == "hands"
    assert (one[point], two[point]) == (shown["a"], shown["b"])
    bids = [a["bid"] for a in full if a["action"] == "bid"]
    assert all(b == "nil" or 1 <= b <= 6 for b in bids), bids


def test_every_stored_witness_is_current_and_still_shows_its_rule() -> None:
    # The build replays the stored hands rather than searching: a ruleset or rule that changed
    # since they were stored needs `python -m spadespec.regenerate witnesses`.
    from spadespec.docs_gen.variant_data import shipped_docs
    from spadespec.docs_gen.witness_hands import REFRESH, stale

    docs = shipped_docs()
    base = next(d.resolved for d in docs if d.id == "standard")
    others = [d.resolved for d in docs if d.id != "standard"]
    assert list(stale(base, others)) == [], f"run `{REFRESH}`"


def test_a_stored_witness_whose_answer_no_longer_holds_is_searched_for_again() -> None:
    import copy

    from spadespec.docs_gen import witness_hands
    from spadespec.reference_engine.variant import load_variant

    standard, ellington = load_variant("standard"), load_variant("ellington")
    kept = witness_hands.stored_witnesses()["ellington"]["scoring.nil_penalty"]
    assert witness_hands.still_shows(standard, ellington, "scoring.nil_penalty", kept["witness"])
    wrong = copy.deepcopy(kept["witness"])
    # Under Ellington a failed nil costs 10, not 100 (variants/ellington.yaml): a sheet that
    # says the two rulesets score it alike is no witness.
    wrong["b"] = wrong["a"]
    assert not witness_hands.still_shows(standard, ellington, "scoring.nil_penalty", wrong)
    # Nor is a log the ruleset refuses: the same hand with its deal taken out.
    cut = copy.deepcopy(kept["witness"])
    cut["actions"] = [a for a in cut["actions"] if a["action"] != "deal"] or [{"action": "bid"}]
    assert not witness_hands.still_shows(standard, ellington, "scoring.nil_penalty", cut)
