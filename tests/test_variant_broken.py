"""Broken variant files: each is refused with a message a rules writer can act on, at the right
line and field, quickly, and never with a traceback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from _cli import run_cli

from spadespec.reference_engine.variant import VariantError, load_variant
from spadespec.reference_engine.variant.yaml_reader import MAX_BYTES

BROKEN = Path(__file__).parent / "data" / "broken_variants"
ROOT = Path(__file__).resolve().parent.parent

# file stem -> (where the first problem is: file stem, line, field path; a fragment of its message).
# Lines are counted by hand in each file (the first line, a comment, is line 1).
CASES: dict[str, tuple[str, int | None, str, str]] = {
    "wrong-type": (
        "wrong-type",
        10,
        "rules.game_end.target.value",
        "expected a whole number or null, found text",
    ),
    "unknown-field": ("unknown-field", 7, "colour", "unknown field 'colour'"),
    "typo-field": ("typo-field", 9, "rules.bidding.nill", "did you mean 'nil'?"),
    "bad-enum": ("bad-enum", 10, "rules.deal.dealer_rotation.value", "is not one of: clockwise"),
    "extends-cycle-a": (
        "extends-cycle-b",
        6,
        "extends",
        "extends cycle: extends-cycle-a -> extends-cycle-b -> extends-cycle-a",
    ),
    "missing-parent": (
        "missing-parent",
        6,
        "extends",
        "unknown variant 'standrad'; did you mean 'standard'?",
    ),
    "option-choice-not-allowed": (
        "option-choice-not-allowed",
        10,
        "options.tie.choices[1]",
        "the choice sudden-death cannot be a value of rule game_end.tie",
    ),
    "option-default-not-a-choice": (
        "option-default-not-a-choice",
        11,
        "options.target.default",
        "the default 400 is not one of the choices (200, 300, 500)",
    ),
    "floor-above-target": (
        "floor-above-target",
        20,
        "rules.game_end.losing_floor.value",
        "the losing floor 250",
    ),
    "nil-without-value": (
        "nil-without-value",
        10,
        "rules.scoring.nil_bonus.value",
        "scoring.nil_bonus is null",
    ),
    "first-lead-card-missing": (
        "first-lead-card-missing",
        10,
        "rules.play.first_leader.value",
        "no first-lead card is named",
    ),
    "first-lead-card-not-a-card": (
        "first-lead-card-not-a-card",
        14,
        "rules.play.first_lead_card.value",
        "'1C' is not a card of the standard-52 pack",
    ),
    "yaml-syntax-error": ("yaml-syntax-error", 12, "", "begun at line 11"),
    "duplicate-key": ("duplicate-key", 7, "title", "duplicate key 'title': also written at line 3"),
    "alias-bomb": ("alias-bomb", 2, "", "aliases repeat too much"),
    "python-tag": (
        "python-tag",
        5,
        "summary",
        "the tag !!python/object/apply:os.system is not allowed",
    ),
    "empty": ("empty", 1, "", "the file is empty"),
    "not-a-mapping": ("not-a-mapping", 2, "", "the top level must be a mapping"),
    "missing-provenance": (
        "missing-provenance",
        10,
        "rules.scoring.bag_penalty",
        "needs its provenance: add `cite` or `interpretation`",
    ),
    "root-missing-rule": ("root-missing-rule", 9, "rules.table", "missing section rules.table"),
    "undeclared-source": (
        "undeclared-source",
        12,
        "rules.scoring.bag_penalty.cite[0].source",
        "source 'porchlite' is not declared",
    ),
    "id-not-file-name": ("id-not-file-name", 2, "id", "differs from the file name"),
    "bid-range-reversed": (
        "bid-range-reversed",
        10,
        "rules.bidding.min_bid.value",
        "the lowest bid 10",
    ),
    "removed-not-a-card": (
        "removed-not-a-card",
        10,
        "rules.deck.removed.value[1]",
        "deck.removed names '1D', which is not a card of the standard-52 pack",
    ),
    "joker-in-plain-pack": (
        "joker-in-plain-pack",
        10,
        "rules.deck.top_trumps.value[0]",
        "jokers are in the jokers-54 pack only",
    ),
    "card-listed-twice": (
        "card-listed-twice",
        16,
        "rules.deck.top_trumps.value[3]",
        "deck.top_trumps names '2S' twice (items 3 and 4)",
    ),
    "top-trump-removed": (
        "top-trump-removed",
        16,
        "rules.deck.top_trumps.value",
        "2D is both a top trump",
    ),
    "joker-not-ranked": ("joker-not-ranked", 16, "rules.deck.top_trumps.value", "deals LJ"),
    "deal-uneven": (
        "deal-uneven",
        10,
        "rules.deck.cards.value",
        "leaves 54 cards, which do not deal out evenly to 4 players",
    ),
    "kitty-pack-even": (
        "kitty-pack-even",
        10,
        "rules.deal.kitty.value",
        "which is not two cards over an even deal to 4 players",
    ),
    "three-in-partnerships": (
        "three-in-partnerships",
        14,
        "rules.table.players.value",
        "three players each play alone",
    ),
    "spoiler-at-four": (
        "spoiler-at-four",
        10,
        "rules.table.sides.value",
        "partnerships and a spoiler make five or seven players; write 5 or 7",
    ),
    "spoiler-team-minimum": (
        "spoiler-team-minimum",
        10,
        "rules.bidding.team_minimum.value",
        "a spoiler has no partner",
    ),
    "spoiler-suicide": (
        "spoiler-suicide",
        10,
        "rules.bidding.constraint.value",
        "suicide needs one nil per partnership of four seats",
    ),
    "five-in-partnerships": (
        "five-in-partnerships",
        10,
        "rules.table.sides.value",
        "five players play alone or as two partnerships and a spoiler",
    ),
    "seven-each-alone": (
        "seven-each-alone",
        10,
        "rules.table.sides.value",
        "seven players play as three partnerships and a spoiler",
    ),
    "two-in-partnerships": (
        "two-in-partnerships",
        10,
        "rules.table.sides.value",
        "two players each play alone",
    ),
    "two-with-blind-nil": (
        "two-with-blind-nil",
        10,
        "rules.bidding.blind_nil.value",
        "a player who drew the hand has seen it",
    ),
    "two-with-kitty": (
        "two-with-kitty",
        10,
        "rules.deal.kitty.value",
        "half the pack goes out of play in the draw",
    ),
    "two-holder-of-card-leads": (
        "two-holder-of-card-leads",
        10,
        "rules.play.first_leader.value",
        "the card named may be out of play after the draw",
    ),
    "first-lead-card-removed": (
        "first-lead-card-removed",
        24,
        "rules.play.first_lead_card.value",
        "that card is removed before the deal",
    ),
    "max-bid-above-hand": (
        "max-bid-above-hand",
        10,
        "rules.deck.removed.value",
        "each player holds only 12 cards",
    ),
    "blind-nil-without-value": (
        "blind-nil-without-value",
        10,
        "rules.bidding.blind_nil.value",
        "scoring.blind_nil_penalty is null",
    ),
    "exchange-without-partner": (
        "exchange-without-partner",
        10,
        "rules.table.sides.value",
        "only partners exchange cards after a blind nil",
    ),
    "mirror-without-nil": (
        "mirror-without-nil",
        10,
        "rules.bidding.nil.value",
        "this constraint makes players bid nil",
    ),
    "bonus-bid-without-values": (
        "bonus-bid-without-values",
        10,
        "rules.scoring.bonus_bid_tricks.value",
        "scoring.bonus_bid_set is null",
    ),
    "bonus-bid-out-of-reach": (
        "bonus-bid-out-of-reach",
        10,
        "rules.scoring.bonus_bid_tricks.value",
        "a side can bid only 1 to 13 tricks",
    ),
    "mirror-with-team-minimum": (
        "mirror-with-team-minimum",
        10,
        "rules.bidding.team_minimum.value",
        "a forced bid cannot also make up a team minimum",
    ),
    "whiz-spades-above-max-bid": (
        "whiz-spades-above-max-bid",
        10,
        "rules.bidding.max_bid.value",
        "a hand can hold 13 spades",
    ),
    "team-minimum-out-of-reach": (
        "team-minimum-out-of-reach",
        13,
        "rules.bidding.team_minimum.value",
        "two partners can bid at most 10",
    ),
    "team-maximum-below-minimum": (
        "team-maximum-below-minimum",
        13,
        "rules.bidding.team_maximum.value",
        "bidding.team_maximum is 4",
    ),
    "team-maximum-without-nil": (
        "team-maximum-without-nil",
        10,
        "rules.bidding.team_maximum.value",
        "the second partner may bid no number",
    ),
    "mirror-with-team-maximum": (
        "mirror-with-team-maximum",
        10,
        "rules.bidding.team_maximum.value",
        "cannot also keep under a team maximum",
    ),
    "exact-total-points-without-a-total": (
        "exact-total-points-without-a-total",
        10,
        "rules.scoring.exact_total_points.value",
        "so partners need not bid an exact total",
    ),
    "exact-total-beside-a-bonus-bid": (
        "exact-total-beside-a-bonus-bid",
        10,
        "rules.scoring.bonus_bid_tricks.value",
        "a contract cannot be priced both ways",
    ),
    "double-nil-ignored-without-nil": (
        "double-nil-ignored-without-nil",
        10,
        "rules.scoring.double_nil_tricks.value",
        "a double nil needs nil bids",
    ),
    "bonus-bid-is-a-boston": (
        "bonus-bid-is-a-boston",
        10,
        "rules.scoring.bonus_bid_tricks.value",
        "which is a Boston",
    ),
    "big-bid-bonus-without-tricks": (
        "big-bid-bonus-without-tricks",
        10,
        "rules.scoring.big_bid_bonus.value",
        "say the least side contract that earns the bonus",
    ),
    "big-bid-bonus-out-of-reach": (
        "big-bid-bonus-out-of-reach",
        10,
        "rules.scoring.big_bid_tricks.value",
        "a hand has only 13 tricks",
    ),
    "moon-beside-a-boston": (
        "moon-beside-a-boston",
        10,
        "rules.scoring.moon.value",
        "scoring.boston is wins-game",
    ),
    "moon-if-bid-beside-boston-points": (
        "moon-if-bid-beside-boston-points",
        10,
        "rules.scoring.moon.value",
        "scoring.boston is points",
    ),
    "boston-without-points": (
        "boston-without-points",
        10,
        "rules.scoring.boston.value",
        "scoring.boston_points is null",
    ),
    "endless-game-with-a-floor": (
        "endless-game-with-a-floor",
        10,
        "rules.game_end.target.value",
        "a floor would be the only way the game ends",
    ),
    "source-without-file-or-url": (
        "source-without-file-or-url",
        8,
        "sources[0]",
        "this source needs `file` or `url`",
    ),
    "value-hidden-by-option": (
        "value-hidden-by-option",
        10,
        "rules.game_end.target.value",
        "this value is never played: option 'target'",
    ),
}


def test_every_broken_file_has_an_expectation() -> None:
    on_disk = {p.stem for p in BROKEN.glob("*.yaml")} - {"extends-cycle-b"}
    assert on_disk == set(CASES)
    assert len(on_disk) >= 16


@pytest.mark.parametrize("stem", sorted(CASES))
def test_broken_file_is_refused_at_its_line_and_field(stem: str) -> None:
    where, line, path, fragment = CASES[stem]
    started = time.perf_counter()
    with pytest.raises(VariantError) as caught:
        load_variant(str(BROKEN / f"{stem}.yaml"))
    assert time.perf_counter() - started < 5
    first = caught.value.problems[0]
    assert fragment in first.message, str(first)
    assert Path(first.file or "").stem == where
    assert first.line == line, str(first)
    assert first.path == path
    if first.line is not None:
        assert first.column is not None and first.column >= 1


def test_uneven_pack_names_the_kitty_that_would_deal_it() -> None:
    # Two cards over an even deal: the message offers the kitty as the other way to deal it.
    with pytest.raises(VariantError) as caught:
        load_variant(str(BROKEN / "deal-uneven.yaml"))
    message = caught.value.problems[0].message
    assert message.endswith(
        "remove 2 card(s) more, or deal them all with the dealer laying two aside "
        "(deal.kitty: dealer-takes-two)"
    )


def test_bid_range_points_at_the_nearer_of_two_fields() -> None:
    # Both bids are in the same file; the fix could go on either line, so both are named.
    with pytest.raises(VariantError) as caught:
        load_variant(str(BROKEN / "bid-range-reversed.yaml"))
    message = caught.value.problems[0].message
    assert "bid-range-reversed.yaml:10" in message and "bid-range-reversed.yaml:14" in message


def test_duplicate_key_names_both_places() -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(str(BROKEN / "duplicate-key.yaml"))
    problem = caught.value.problems[0]
    assert (problem.line, problem.column) == (7, 1)
    assert "line 3, column 1" in problem.message


def test_root_missing_sections_are_all_listed() -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(str(BROKEN / "root-missing-rule.yaml"))
    missing = {p.path for p in caught.value.problems}
    sections = ("table", "deal", "bidding", "play", "scoring", "game_end")
    # The file states deck.cards only, so the deck's other two rules are missing one by one.
    deck = {"rules.deck.removed", "rules.deck.top_trumps"}
    assert missing == {f"rules.{s}" for s in sections} | deck
    assert len(caught.value.problems) == len(missing)


def test_typo_is_not_also_reported_missing(tmp_path: Path) -> None:
    # A root file with `nill` would also lack `nil`; the did-you-mean message is the one to show.
    text = (ROOT / "variants" / "standard.yaml").read_text().replace("    nil:\n", "    nill:\n")
    path = tmp_path / "ours.yaml"
    text = text.replace("id: standard", "id: ours", 1)
    path.write_text(text)
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert [p.path for p in caught.value.problems] == ["rules.bidding.nill"]


def test_huge_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text(
        "id: huge\nnotes:\n" + "  - padding padding padding padding\n" * (MAX_BYTES // 30)
    )
    assert path.stat().st_size > MAX_BYTES
    started = time.perf_counter()
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert time.perf_counter() - started < 1
    assert "a variant file may be at most" in caught.value.problems[0].message


def test_wide_file_under_the_size_cap_is_bounded(tmp_path: Path) -> None:
    # Just under the byte cap but with far more values than any variant: stopped by the node cap.
    path = tmp_path / "wide.yaml"
    path.write_text("notes: [" + "1," * (MAX_BYTES // 2 - 10) + "1]\n")
    started = time.perf_counter()
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    # A guard against a load that runs away (minutes), not a speed target: those are measured
    # in benchmarks/, and this machine may be shared.
    assert time.perf_counter() - started < 60
    assert "more than" in caught.value.problems[0].message


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("notes: " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert "nests more than" in caught.value.problems[0].message


def test_recursive_alias_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("notes: &loop [*loop]\n")
    with pytest.raises(VariantError):
        load_variant(str(path))


@pytest.mark.parametrize(
    "stem",
    ["python-tag", "alias-bomb", "yaml-syntax-error", "empty", "extends-cycle-a", "not-a-mapping"],
)
def test_cli_validate_reports_broken_file_without_traceback(stem: str) -> None:
    result = run_cli("validate", str(BROKEN / f"{stem}.yaml"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert CASES[stem][3] in result.stdout


def test_cli_validate_python_tag_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "python-tag.yaml"
    path.write_text(
        f"id: python-tag\nsummary: !!python/object/apply:os.system ['touch {marker}']\n"
    )
    result = run_cli("validate", str(path))
    assert result.returncode == 1
    assert not marker.exists()


def test_cli_validate_whole_broken_folder_lists_every_file() -> None:
    result = run_cli("validate", str(BROKEN))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stdout.count("FAIL ") == len(list(BROKEN.glob("*.yaml")))
