"""The simulated figures on the ruleset pages: read from results stored in docs/results/
simulation/, shown with their intervals and chart, stale (the build stops, naming the refresh
command) when the bots, the scoring or the resolved rules change and not otherwise; and the
page "What each house rule does", largest change first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spadespec.docs_gen.simulated import effects_page, simulation_section
from spadespec.docs_gen.simulations import (
    GAMES,
    REFRESH,
    SIM_DIR,
    StaleSimulation,
    read_result,
    stored_result,
)
from spadespec.docs_gen.variant_data import shipped_docs
from spadespec.reference_engine.simulation.campaign import (
    Settings,
    document,
    dumps,
    run_variant,
    variant_entry,
)
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids


def _store(folder: Path, variant_id: str, games: int = 6) -> dict[str, object]:
    settings = Settings(games, 1, "sensible", 200)
    tally = run_variant(variant_id, {}, settings)
    doc = document(settings, [variant_entry(variant_id, load_variant(variant_id), tally)], None)
    (folder / f"{variant_id}.json").write_text(dumps(doc), encoding="utf-8")
    return doc


def test_a_result_of_these_bots_scoring_and_rules_is_shown(tmp_path: Path) -> None:
    _store(tmp_path, "standard")
    doc = next(d for d in shipped_docs() if d.id == "standard")
    section = simulation_section(doc, tmp_path)
    assert "Played by four of spadespec's sensible bots: 6 games" in section
    assert "| contracts set (all sizes) | " in section and "% |" in section and " to " in section
    # The key figures are open, above the fold that holds every figure with its interval.
    open_part, folded = section.split('??? abstract "Every figure', 1)
    assert "Key figures: hands per game (mean): **" in open_part
    assert "contracts set (all sizes): **" in open_part
    assert " to " not in open_part.split("Key figures:")[1]
    assert "| hands per game (median) | " in folded
    assert "(../results/simulation/standard.svg)" in section


@pytest.mark.parametrize("what", ["bots", "scoring", "rules"])
def test_a_result_made_with_other_bots_scoring_or_rules_stops_the_build(
    tmp_path: Path, what: str
) -> None:
    doc = _store(tmp_path, "standard")
    doc["variants"][0]["fingerprints"][what] = "0" * 16  # type: ignore[index]  # JSON as stored
    (tmp_path / "standard.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(StaleSimulation, match=f"other {what} .*`{REFRESH}`"):
        read_result("standard", tmp_path)


def test_the_engine_version_alone_does_not_make_a_result_stale(tmp_path: Path) -> None:
    doc = _store(tmp_path, "standard")
    doc["engine"] = "0.0.0"
    (tmp_path / "standard.json").write_text(json.dumps(doc), encoding="utf-8")
    assert read_result("standard", tmp_path) is not None


def test_house_rules_are_listed_by_their_largest_change(tmp_path: Path) -> None:
    # A fixed ten hands against strategy-guide changes how games end outright; a bag rule
    # changes little in six games. (Six games each keep this quick; the page's own are 10,000.)
    docs = [d for d in shipped_docs() if d.id in ("standard", "fixed-ten-hands", "no-nil")]
    for doc in docs:
        if doc.parent is not None:
            _store(tmp_path, doc.parent.id)
        _store(tmp_path, doc.id)
    page = effects_page(docs + [d for d in shipped_docs() if d.id == "strategy-guide"], tmp_path)
    assert page.startswith("# What each house rule does")
    assert page.index("fixed-ten-hands.md") < page.index("no-nil.md")
    assert "games ended by: fixed-hands" in page


def test_every_shipped_variant_has_a_stored_result_with_its_chart_and_enough_games() -> None:
    for variant_id in shipped_variant_ids():
        stored = stored_result(variant_id)  # missing or stale ones raise, as the build does
        assert (SIM_DIR / f"{variant_id}.svg").is_file(), variant_id
        assert stored["variants"][0]["tally"]["games"] >= GAMES, variant_id


def test_a_shipped_variant_without_a_stored_result_stops_the_build(tmp_path: Path) -> None:
    with pytest.raises(StaleSimulation, match=f"no stored simulation .*`{REFRESH}`"):
        stored_result("standard", tmp_path)
