"""The five source rulesets, checked against their own documents.

Every expected value below was read off the source text (shared/seeds/*.txt) by hand, not
from the variant files, so a slip in a file shows up as a failing test named after the rule.
"""

from __future__ import annotations

import pytest
import yaml

from spadespec.reference_engine.variant import VariantError, load_variant
from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.catalog import variants_dir
from spadespec.reference_engine.variant.model import rule_paths

SOURCE_VARIANTS = [
    "illustrated-table",
    "strategy-guide",
    "playingcardgames",
    "ellington",
    "porchlight",
]


def rules(variant: str, **options: str):
    return load_variant(variant, options or None).rules


# --- illustrated-table (000): the online table's complete rules ---------------------------


def test_illustrated_table_deck_is_52_cards():
    assert rules("illustrated-table").deck.cards == "standard-52"


def test_illustrated_table_bids_zero_to_thirteen_with_zero_as_nil():
    bidding = rules("illustrated-table").bidding
    assert (bidding.min_bid, bidding.max_bid, bidding.nil) == (1, 13, "allowed")
    assert bidding.blind_nil == "not-allowed"


def test_illustrated_table_first_lead_is_lowest_club():
    play = rules("illustrated-table").play
    assert play.first_lead == "lowest-club"
    assert play.first_lead_card is None


def test_illustrated_table_spades_break_only_on_another_suit():
    play = rules("illustrated-table").play
    assert play.spades_lead == "after-broken"
    assert play.spades_broken_by == "spade-on-other-suit"


def test_illustrated_table_nil_is_worth_50():
    scoring = rules("illustrated-table").scoring
    assert (scoring.nil_bonus, scoring.nil_penalty) == (50, 50)


def test_illustrated_table_nil_tricks_count_for_the_team():
    assert rules("illustrated-table").scoring.nil_tricks == "count"


def test_illustrated_table_set_costs_ten_per_trick_short():
    scoring = rules("illustrated-table").scoring
    assert scoring.set_penalty == "per-trick-short"
    assert scoring.set_points_per_trick == 10
    # The page's own example: bid 5, take 4, score minus 10.
    assert -(5 - 4) * scoring.set_points_per_trick == -10


def test_illustrated_table_made_contract_example_scores_51():
    scoring = rules("illustrated-table").scoring
    assert 5 * scoring.points_per_bid_trick + 1 * scoring.overtrick_points == 51


def test_illustrated_table_ten_bags_cost_100_and_excess_carries():
    scoring = rules("illustrated-table").scoring
    assert (scoring.bag_threshold, scoring.bag_penalty, scoring.bag_carry) == (
        10,
        100,
        "excess-carries",
    )
    # The page's example: bid 2, take 12, no earlier bags: 20 + 10 - 100 = -70.
    assert (
        2 * scoring.points_per_bid_trick + 10 * scoring.overtrick_points - scoring.bag_penalty
        == -70
    )


def test_illustrated_table_target_500_reached():
    game_end = rules("illustrated-table").game_end
    assert (game_end.target, game_end.target_rule) == (500, "reach")
    assert game_end.losing_floor is None


def test_illustrated_table_equal_totals_are_a_tie():
    assert rules("illustrated-table").game_end.tie == "tie"


# --- strategy-guide (001): rules with strategy tips and an FAQ --------------------------------


def test_strategy_guide_two_of_clubs_leads():
    play = rules("strategy-guide").play
    assert play.first_leader == "holder-of-card"
    assert play.first_lead_card == "2C"
    assert play.first_lead == "named-card"


def test_strategy_guide_spades_break_on_a_discard():
    play = rules("strategy-guide").play
    assert play.spades_lead == "after-broken"
    assert play.spades_broken_by == "spade-on-other-suit"


def test_strategy_guide_nil_is_worth_100():
    scoring = rules("strategy-guide").scoring
    assert (scoring.nil_bonus, scoring.nil_penalty) == (100, 100)


def test_strategy_guide_failed_nil_does_not_help_partner():
    assert rules("strategy-guide").scoring.nil_tricks == "bags-only"


def test_strategy_guide_set_costs_ten_per_trick_bid():
    scoring = rules("strategy-guide").scoring
    assert (scoring.set_penalty, scoring.set_points_per_trick) == ("per-trick-bid", 10)
    # The FAQ: bid 5, take 4, lose 50.
    assert -5 * scoring.set_points_per_trick == -50


def test_strategy_guide_bags_carry_past_ten():
    scoring = rules("strategy-guide").scoring
    assert (scoring.bag_threshold, scoring.bag_penalty, scoring.bag_carry) == (
        10,
        100,
        "excess-carries",
    )


def test_strategy_guide_target_500_reached():
    game_end = rules("strategy-guide").game_end
    assert (game_end.target, game_end.target_rule) == (500, "reach")


def test_strategy_guide_losing_floor_minus_200():
    assert rules("strategy-guide").game_end.losing_floor == -200


def test_strategy_guide_no_blind_nil():
    assert rules("strategy-guide").bidding.blind_nil == "not-allowed"


# --- playingcardgames (002): PlayingCardGames.net, the 500-point game ------------------------


def test_playingcardgames_left_of_dealer_bids_and_leads():
    r = rules("playingcardgames")
    assert r.bidding.first_bidder == "left-of-dealer"
    assert r.play.first_leader == "left-of-dealer"
    assert r.play.first_lead == "any"


def test_playingcardgames_nil_is_worth_100():
    scoring = rules("playingcardgames").scoring
    assert (scoring.nil_bonus, scoring.nil_penalty) == (100, 100)
    assert rules("playingcardgames").bidding.nil == "allowed"


def test_playingcardgames_set_costs_ten_per_trick_bid():
    scoring = rules("playingcardgames").scoring
    assert (scoring.set_penalty, scoring.set_points_per_trick) == ("per-trick-bid", 10)


def test_playingcardgames_ten_bags_cost_100():
    scoring = rules("playingcardgames").scoring
    assert (scoring.points_per_bid_trick, scoring.overtrick_points) == (10, 1)
    assert (scoring.bag_threshold, scoring.bag_penalty) == (10, 100)


def test_playingcardgames_target_500():
    game_end = rules("playingcardgames").game_end
    assert (game_end.target, game_end.target_rule) == (500, "reach")
    assert game_end.losing_floor is None


def test_playingcardgames_target_option_500_or_200():
    variant = load_variant("playingcardgames")
    (option,) = variant.options
    assert (option.name, option.rule, set(option.choices), option.default) == (
        "target",
        "game_end.target",
        {500, 200},
        500,
    )
    assert rules("playingcardgames", target="200").game_end.target == 200
    with pytest.raises(VariantError):
        load_variant("playingcardgames", {"target": "300"})


def test_playingcardgames_worked_example_totals_32_not_130():
    """The guide's table says 130; its own scoring rules give 32 (an erratum)."""
    s = rules("playingcardgames").scoring
    round_one = 7 * s.points_per_bid_trick + 2 * s.overtrick_points  # 70 + 2 bags
    round_two = -s.nil_penalty + 6 * s.points_per_bid_trick  # -100 + 60
    assert (round_one, round_two) == (72, -40)
    assert round_one + round_two == 32


# --- ellington (003): Trisha Ellington's rules ------------------------------------------------


def test_ellington_dealer_bids_and_leads_first():
    r = rules("ellington")
    assert r.bidding.first_bidder == "dealer"
    assert r.play.first_leader == "dealer"


def test_ellington_deal_rotates_left():
    assert rules("ellington").deal.dealer_rotation == "clockwise"


def test_ellington_any_spade_played_breaks_spades():
    play = rules("ellington").play
    assert (play.spades_lead, play.spades_broken_by) == ("after-broken", "any-spade-played")


def test_ellington_made_nil_is_worth_100():
    assert rules("ellington").scoring.nil_bonus == 100


def test_ellington_failed_nil_costs_ten():
    assert rules("ellington").scoring.nil_penalty == 10


def test_ellington_ten_bags_cost_100_and_ten_come_off():
    scoring = rules("ellington").scoring
    assert (scoring.bag_threshold, scoring.bag_penalty, scoring.bag_carry) == (
        10,
        100,
        "excess-carries",
    )
    assert (scoring.points_per_bid_trick, scoring.overtrick_points) == (10, 1)


def test_ellington_target_must_be_exceeded():
    game_end = rules("ellington").game_end
    assert (game_end.target, game_end.target_rule) == (500, "exceed")


def test_ellington_ties_are_played_off():
    assert rules("ellington").game_end.tie == "play-another-hand"


# --- porchlight (004): Porchlight's online room ----------------------------------------------


def test_porchlight_random_first_dealer_moving_clockwise():
    deal = rules("porchlight").deal
    assert (deal.first_dealer, deal.dealer_rotation) == ("random", "clockwise")


def test_porchlight_bids_one_to_thirteen_or_nil():
    bidding = rules("porchlight").bidding
    assert (bidding.first_bidder, bidding.min_bid, bidding.max_bid) == ("left-of-dealer", 1, 13)
    assert (bidding.nil, bidding.blind_nil) == ("allowed", "not-allowed")


def test_porchlight_spades_break_on_any_spade():
    assert rules("porchlight").play.spades_broken_by == "any-spade-played"


def test_porchlight_nil_tricks_count_toward_contract():
    assert rules("porchlight").scoring.nil_tricks == "count"


def test_porchlight_bags_count_only_when_contract_made():
    assert rules("porchlight").scoring.bags_count == "contract-made"


def test_porchlight_scoring_table():
    s = rules("porchlight").scoring
    assert (s.points_per_bid_trick, s.overtrick_points, s.bag_threshold, s.bag_penalty) == (
        10,
        1,
        10,
        100,
    )
    assert (s.set_penalty, s.set_points_per_trick) == ("per-trick-bid", 10)
    assert (s.nil_bonus, s.nil_penalty) == (100, 100)


def test_porchlight_target_option_default_300():
    variant = load_variant("porchlight")
    target = {o.name: o for o in variant.options}["target"]
    assert (target.rule, target.choices, target.default) == (
        "game_end.target",
        (200, 300, 500),
        300,
    )
    assert variant.rules.game_end.target == 300
    assert variant.provenance["game_end.target"].origin == "option-default"


def test_porchlight_target_option_500():
    variant = load_variant("porchlight", {"target": "500"})
    assert variant.rules.game_end.target == 500
    assert variant.provenance["game_end.target"].origin == "option"


def test_porchlight_target_option_rejects_250():
    with pytest.raises(VariantError):
        load_variant("porchlight", {"target": "250"})


def test_porchlight_nil_not_allowed_option():
    variant = load_variant("porchlight")
    nil = {o.name: o for o in variant.options}["nil"]
    assert (nil.rule, set(nil.choices), nil.default) == (
        "bidding.nil",
        {"allowed", "not-allowed"},
        "allowed",
    )
    bidding = rules("porchlight", nil="not-allowed").bidding
    assert (bidding.nil, bidding.min_bid) == ("not-allowed", 1)


def test_porchlight_game_ends_at_target_or_minus_200():
    game_end = rules("porchlight").game_end
    assert (game_end.target_rule, game_end.losing_floor) == ("reach", -200)
    assert game_end.tie == "play-another-hand"


# --- every source: the table, the pack and the rules none of them plays -----------------------


@pytest.mark.parametrize("variant", SOURCE_VARIANTS)
def test_four_players_in_two_partnerships_deal_the_whole_pack(variant):
    # Each source: four players, partners opposite, 52 cards dealt 13 each, aces high.
    r = rules(variant)
    assert (r.table.players, r.table.sides) == (4, "partnerships")
    assert (r.deck.cards, r.deck.removed, r.deck.top_trumps) == ("standard-52", (), ())


@pytest.mark.parametrize("variant", SOURCE_VARIANTS)
def test_no_blind_nil_so_no_exchange_and_no_blind_nil_score(variant):
    r = rules(variant)
    assert r.bidding.blind_nil == "not-allowed"
    assert (r.bidding.blind_nil_trailing_by, r.bidding.blind_nil_exchange) == (None, 0)
    assert (r.scoring.blind_nil_bonus, r.scoring.blind_nil_penalty) == (None, None)


@pytest.mark.parametrize("variant", SOURCE_VARIANTS)
def test_bids_are_free_with_no_partnership_minimum(variant):
    # Each player bids what they expect to take; the side's bid is the two added, no floor.
    bidding = rules(variant).bidding
    assert (bidding.constraint, bidding.team_minimum) == ("free", None)


@pytest.mark.parametrize("variant", SOURCE_VARIANTS)
def test_every_contract_scores_by_the_trick_and_the_game_runs_to_its_end(variant):
    # No bonus bid, no Boston of its own, no fixed number of hands in any source.
    r = rules(variant)
    assert (r.scoring.bonus_bid_tricks, r.scoring.bonus_bid_made, r.scoring.bonus_bid_set) == (
        None,
        None,
        None,
    )
    assert (r.scoring.boston, r.scoring.boston_points) == ("ordinary", None)
    assert r.game_end.hands is None and r.scoring.bag_points_cancelled is False


def test_illustrated_table_ten_bags_keep_their_points():
    # The page's example scores 20 + 10 - 100 = -70: the ten bag points stay.
    scoring = rules("illustrated-table").scoring
    assert scoring.bag_points_cancelled is False
    kept = 10 * scoring.overtrick_points
    assert 2 * scoring.points_per_bid_trick + kept - scoring.bag_penalty == -70


# --- provenance: every rule of a source ruleset is accounted for in its own file -------------
# A source file cites its source for a rule without restating the value where it plays the
# value of `standard`; where its source is silent and it reads the rule as standard does, it
# names the silent section (`silent:`); where its other rules make a rule mean nothing, it says
# `moot: true`. These look at the resolved provenance and at what the file writes.

CITING_FILES = [*SOURCE_VARIANTS, "openspiel"]


def own_sources(variant: str) -> set[str]:
    """The sources a source ruleset may cite: the document named after it, and any the file
    declares itself (OpenSpiel's three source files)."""
    doc = yaml.safe_load((variants_dir() / f"{variant}.yaml").read_text(encoding="utf-8"))
    return {variant} | {source["key"] for source in doc.get("sources", [])}


def written(variant: str) -> dict[str, dict]:
    """Each rule entry the file writes, by `section.rule`."""
    doc = yaml.safe_load((variants_dir() / f"{variant}.yaml").read_text(encoding="utf-8"))
    return {f"{s}.{n}": e for s, entries in doc["rules"].items() for n, e in entries.items()}


SPOKEN_FOR_BY_STANDARD = {
    "deal.kitty": "every source deals the whole pack out evenly and none speaks of a kitty; "
    "standard's interpretation says so once for them all",
    "bidding.dealer_hook": "no source limits the total of the bids; standard's interpretation "
    "says so once for them all, and its case covers every source ruleset",
    "play.must_head": "no source asks a follower to beat the card taking the trick; standard's "
    "interpretation says so once for them all",
    "play.when_void": "every source lets a player void in the suit led play any card; "
    "standard's interpretation says so once for them all",
    "deal.redeal_spades_below": "no source throws in a deal for what a hand holds; "
    "standard's interpretation says so once for them all",
    "deal.redeal_no_face_card": "no source throws in a deal for the face cards a hand lacks; "
    "standard's interpretation says so once for them all",
    "deal.redeal_by": "no source throws in a deal, so none says who chooses to; standard's "
    "interpretation stands for them all",
    "bidding.table_minimum": "no source sets a least total for the table's bids; standard's "
    "interpretation says so once for them all",
    "bidding.table_maximum": "no source caps the total of the table's bids; standard's "
    "interpretation says so once for them all",
    "play.first_trick": "no source binds the players after the leader on the first trick; "
    "standard's interpretation says so once for them all, and its case covers every source "
    "ruleset",
    "bidding.nil_exchange": "no source passes cards after a nil of either kind; standard's "
    "interpretation says so once for them all",
    "bidding.blind_bid_min": "no source allows a blind numeric bid; standard's interpretation "
    "says so once for them all",
    "bidding.blind_bid_trailing_by": "no source allows a blind numeric bid, so none says when "
    "it may be bid; standard's interpretation stands for them all",
    "scoring.blind_bid_multiplier": "no source allows a blind numeric bid, so none scores one; "
    "standard's interpretation stands for them all",
    "scoring.spoiler_multiplier": "no source seats a player alone beside partnerships; "
    "standard's interpretation stands for them all",
}
"""Rules added after the source rulesets that none of the sources speaks of: their one
interpretation, in standard, stands for every source."""


@pytest.mark.parametrize("variant", CITING_FILES)
def test_every_rule_is_cited_interpreted_or_moot_in_its_own_file(variant):
    resolved = load_variant(variant)
    assert resolved.lineage == (variant, "standard")
    entries = written(variant)
    for path in rule_paths():
        prov = resolved.provenance[path]
        if path in SPOKEN_FOR_BY_STANDARD:
            assert prov.variant == "standard" and prov.interpretation is not None, path
            assert path not in entries, path
            continue
        assert path in entries, f"{variant}: {path} is not written in the file"
        assert prov.variant == variant, f"{variant}: {path} is inherited from {prov.variant}"
        assert prov.origin in ("file", "option", "option-default"), (
            f"{variant}: {path} is {prov.origin}"
        )
        reasons = [bool(prov.citations), prov.interpretation is not None, prov.moot is not None]
        assert sum(reasons) == 1, f"{variant}: {path} has {sum(reasons)} reasons, not one"


@pytest.mark.parametrize("variant", CITING_FILES)
def test_a_rule_is_written_moot_only_where_the_rulesets_other_rules_make_it_so(variant):
    resolved = load_variant(variant)
    for path, entry in written(variant).items():
        moot = AXES[path].moot
        if entry.get("moot"):
            assert moot is not None and moot.holds(resolved.rules), path
            assert resolved.provenance[path].moot == moot.says, path


def test_no_blind_nil_leaves_the_blind_nil_rules_and_the_big_bid_threshold_moot():
    # Worked from the rules: no source has blind nil, so its condition, exchange, order and
    # score mean nothing; none pays a bonus for a big contract, so its threshold means nothing.
    expected = {
        "bidding.blind_nil_trailing_by",
        "bidding.blind_nil_exchange",
        "bidding.blind_nil_exchange_order",
        "scoring.blind_nil_bonus",
        "scoring.blind_nil_penalty",
        "scoring.big_bid_tricks",
    }
    for variant in CITING_FILES:
        moot = {path for path, entry in written(variant).items() if entry.get("moot")}
        assert moot == expected, variant


@pytest.mark.parametrize("variant", SOURCE_VARIANTS)
def test_a_silence_plays_standards_interpretation_arising_from_the_files_own_source(variant):
    standard = load_variant("standard").provenance
    resolved = load_variant(variant)
    silences = {p: e["silent"] for p, e in written(variant).items() if "silent" in e}
    assert silences, f"{variant} names no silence"
    for path, silent in silences.items():
        interp = resolved.provenance[path].interpretation
        theirs = standard[path].interpretation
        assert interp is not None and theirs is not None, path
        assert (interp.question, interp.choice, interp.why) == (
            theirs.question,
            theirs.choice,
            theirs.why,
        ), path
        assert interp.as_in == "standard", path
        assert {interp.source: interp.section} == silent and interp.source == variant, path


@pytest.mark.parametrize("variant", CITING_FILES)
def test_a_value_is_written_only_where_the_source_plays_another_than_standard(variant):
    doc = yaml.safe_load((variants_dir() / f"{variant}.yaml").read_text(encoding="utf-8"))
    assert doc["extends"] == "standard"
    base = load_variant("standard").rules
    mine = load_variant(variant).rules
    for section, entries in doc["rules"].items():
        for name, entry in entries.items():
            if "value" not in entry:
                continue
            theirs, played = (
                getattr(getattr(base, section), name),
                getattr(getattr(mine, section), name),
            )
            assert played != theirs, f"{variant}: {section}.{name} restates standard's value"


@pytest.mark.parametrize("variant", CITING_FILES)
def test_citations_name_the_variants_own_source(variant):
    resolved = load_variant(variant)
    own = own_sources(variant)
    for path, prov in resolved.provenance.items():
        for cite in prov.citations:
            assert cite.source in own, f"{variant}: {path} cites {cite.source}"
            assert cite.file, f"{variant}: {path} cites a source with no file"
        if prov.interpretation and prov.interpretation.source:
            assert prov.interpretation.source in own


@pytest.mark.parametrize("variant", CITING_FILES)
def test_interpretations_answer_all_four_questions(variant):
    for path, prov in load_variant(variant).provenance.items():
        interp = prov.interpretation
        if interp is None:
            continue
        for part in ("question", "choice", "why", "alternative"):
            assert getattr(interp, part).strip(), f"{variant}: {path} interpretation lacks {part}"
