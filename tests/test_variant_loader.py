"""The variant loader: extends chains, table options, provenance, and safe reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadespec.reference_engine.variant import (
    OptionError,
    VariantError,
    VariantNotFound,
    load_variant,
)
from spadespec.reference_engine.variant.model import NilBid, TieRule
from spadespec.reference_engine.variant.yaml_reader import read_text

CITE = "      cite:\n        - {source: porchlight, section: Winning}\n"


def _child(folder: Path, ident: str, parent: str, body: str = "") -> Path:
    path = folder / f"{ident}.yaml"
    path.write_text(
        f"id: {ident}\ntitle: {ident}\nrevision: 1\nsummary: A house rule.\n"
        f"extends: {parent}\n{body}"
    )
    return path


def test_porchlight_target_option_takes_text_from_the_command_line() -> None:
    # Porchlight's table options: play to 200, 300 or 500, default 300.
    assert load_variant("porchlight").rules.game_end.target == 300
    chosen = load_variant("porchlight", {"target": "500"})
    assert chosen.rules.game_end.target == 500
    assert chosen.chosen["target"] == 500
    assert chosen.provenance["game_end.target"].origin == "option"
    assert load_variant("porchlight").provenance["game_end.target"].origin == "option-default"


def test_option_choice_not_offered_is_refused() -> None:
    with pytest.raises(OptionError) as caught:
        load_variant("porchlight", {"target": "400"})
    assert "choose one of: 200, 300, 500" in caught.value.problems[0].message


def test_unknown_option_suggests_the_near_one() -> None:
    with pytest.raises(OptionError) as caught:
        load_variant("porchlight", {"targte": "300"})
    assert "did you mean 'target'?" in caught.value.problems[0].message


def test_nil_option_switches_nil_off() -> None:
    assert (
        load_variant("porchlight", {"nil": "not-allowed"}).rules.bidding.nil is NilBid.NOT_ALLOWED
    )


def test_unknown_variant_id_is_not_found() -> None:
    with pytest.raises(VariantNotFound) as caught:
        load_variant("porchlite")
    assert "did you mean 'porchlight'?" in caught.value.problems[0].message


def test_extends_three_deep_inherits_and_overrides(tmp_path: Path) -> None:
    _child(
        tmp_path, "house", "standard", "rules:\n  game_end:\n    tie:\n      value: tie\n" + CITE
    )
    leaf = _child(
        tmp_path,
        "house-late",
        "house",
        "options:\n  target:\n    rule: game_end.target\n    choices: [250, 350]\n"
        "    default: 250\n    description: Shorter games.\n",
    )
    variant = load_variant(str(leaf))
    assert variant.lineage == ("house-late", "house", "standard")
    assert variant.rules.game_end.tie is TieRule.TIE
    assert variant.provenance["game_end.tie"].origin == "parent"
    assert variant.provenance["game_end.tie"].variant == "house"
    assert variant.rules.game_end.target == 250
    assert variant.provenance["game_end.target"].variant == "house-late"
    assert variant.provenance["scoring.nil_bonus"].variant == "standard"
    assert variant.provenance["scoring.nil_bonus"].citations[0].file.endswith(".txt")


def test_parent_is_found_next_to_the_child_by_id(tmp_path: Path) -> None:
    _child(
        tmp_path, "house", "standard", "rules:\n  game_end:\n    target:\n      value: 300\n" + CITE
    )
    leaf = _child(tmp_path, "house-two", "house")
    assert load_variant(str(leaf)).rules.game_end.target == 300
    assert load_variant("house-two", search=[tmp_path]).rules.game_end.target == 300


def test_self_extends_is_a_cycle(tmp_path: Path) -> None:
    leaf = _child(tmp_path, "narcissus", "narcissus")
    with pytest.raises(VariantError) as caught:
        load_variant(str(leaf))
    assert "extends cycle: narcissus -> narcissus" in caught.value.problems[0].message


def test_first_lead_card_may_be_written_with_10(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "ten-leads",
        "standard",
        "rules:\n  play:\n    first_leader:\n      value: holder-of-card\n"
        + CITE
        + "    first_lead_card:\n      value: 10D\n"
        + CITE,
    )
    assert load_variant(str(leaf)).rules.play.first_lead_card == "TD"


def test_floor_must_lie_below_every_target_an_option_offers(tmp_path: Path) -> None:
    # Porchlight's floor is -200; a target choice of -300 would sit below it.
    leaf = _child(
        tmp_path,
        "sunk",
        "porchlight",
        "options:\n  target:\n    rule: game_end.target\n    choices: [300, -300]\n"
        "    default: 300\n    description: Odd.\n",
    )
    with pytest.raises(VariantError) as caught:
        load_variant(str(leaf))
    # -300 is no valid target at all (targets are 1 or more), caught before the floor check.
    assert caught.value.problems[0].path == "options.target.choices[1]"


def test_nil_option_needs_nil_values_for_every_choice(tmp_path: Path) -> None:
    # A ruleset without nil whose table may switch nil on must still say what nil is worth.
    leaf = _child(
        tmp_path,
        "nil-by-option",  # not a shipped id: a file of one's own may not take one
        "standard",
        "options:\n  nil:\n    rule: bidding.nil\n    choices: [not-allowed, allowed]\n"
        "    default: not-allowed\n    description: Nil or not.\n"
        "rules:\n  bidding:\n    nil:\n      value: not-allowed\n"
        + CITE
        + "  scoring:\n    nil_penalty:\n      value: null\n"
        + CITE,
    )
    with pytest.raises(VariantError) as caught:
        load_variant(str(leaf))
    problem = caught.value.problems[0]
    assert problem.path == "rules.scoring.nil_penalty.value"
    assert "a choice of option 'nil'" in problem.message


def test_reader_keeps_yes_and_on_as_field_names_and_marks_lines() -> None:
    doc = read_text("id: x\non: 1\nrules:\n  deck:\n    cards: {value: standard-52}\n", "x.yaml")
    assert "on" in doc.data
    assert doc.marks[("rules", "deck", "cards", "value")] == (5, 20)
    assert doc.key_marks[("rules",)] == (3, 1)


def test_reader_refuses_merge_keys() -> None:
    with pytest.raises(VariantError) as caught:
        read_text("base: &b {a: 1}\nother:\n  <<: *b\n", "m.yaml")
    assert "merge keys" in caught.value.problems[0].message


def test_reader_refuses_an_unreadable_huge_integer() -> None:
    with pytest.raises(VariantError) as caught:
        read_text("revision: " + "9" * 6000 + "\n", "n.yaml")
    assert caught.value.problems[0].path == "revision"


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"id: caf\xe9\n")
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert "not UTF-8" in caught.value.problems[0].message


def test_all_problems_of_a_file_are_listed(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "many",
        "standard",
        "colour: red\nrules:\n  game_end:\n    target:\n      value: lots\n" + CITE,
    )
    with pytest.raises(VariantError) as caught:
        load_variant(str(leaf))
    paths = [p.path for p in caught.value.problems]
    assert paths == ["colour", "rules.game_end.target.value"]


def test_a_published_ruleset_is_cited_by_its_address(tmp_path: Path) -> None:
    # A house rule may follow a ruleset published on the web rather than a seed document.
    leaf = _child(
        tmp_path,
        "pagat-bags",
        "standard",
        "sources:\n  - key: pagat\n    title: Spades, at pagat.com\n"
        "    url: https://www.pagat.com/auctionwhist/spades.html\n"
        "rules:\n  scoring:\n    bag_points_cancelled:\n      value: true\n"
        "      cite:\n        - {source: pagat, section: Scoring}\n",
    )
    variant = load_variant(str(leaf))
    assert variant.rules.scoring.bag_points_cancelled is True
    (cite,) = variant.provenance["scoring.bag_points_cancelled"].citations
    assert (cite.source, cite.file) == ("pagat", "https://www.pagat.com/auctionwhist/spades.html")
    pagat = next(s for s in variant.sources if s.key == "pagat")
    assert (pagat.file, pagat.url) == ("", "https://www.pagat.com/auctionwhist/spades.html")


def test_card_lists_are_read_as_the_project_writes_cards(tmp_path: Path) -> None:
    # Jokers high, then the deuces of diamonds and spades: a common "jokers and deuces" pack.
    leaf = _child(
        tmp_path,
        "deuces",
        "standard",
        "rules:\n  deck:\n    cards:\n      value: jokers-54\n"
        + CITE
        + "    removed:\n      value: [2c, 2h]\n"
        + CITE
        + "    top_trumps:\n      value: [bj, LJ, 2d, 2S]\n"
        + CITE,
    )
    deck = load_variant(str(leaf)).rules.deck
    assert deck.removed == ("2C", "2H")
    assert deck.top_trumps == ("BJ", "LJ", "2D", "2S")


def _three_alone(folder: Path, ident: str, max_bid: int) -> Path:
    return _child(
        folder,
        ident,
        "standard",
        "rules:\n  deck:\n    removed:\n      value: [2C]\n"
        + CITE
        + "  table:\n    players:\n      value: 3\n"
        + CITE
        + "    sides:\n      value: individual\n"
        + CITE
        + f"  bidding:\n    max_bid:\n      value: {max_bid}\n"
        + CITE,
    )


def test_three_alone_with_the_deuce_of_clubs_out_deal_seventeen(tmp_path: Path) -> None:
    # 51 cards among three players: 17 each, so a bid of 17 is the most there is.
    rules = load_variant(str(_three_alone(tmp_path, "three-alone", 17))).rules
    assert (rules.table.players, rules.table.sides, rules.bidding.max_bid) == (3, "individual", 17)


def test_eighteen_is_more_than_a_three_handed_deal(tmp_path: Path) -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(str(_three_alone(tmp_path, "greedy", 18)))
    # 18 is beyond the schema's 17 already; the schema speaks before the cross-rule checks.
    assert caught.value.problems[0].path == "rules.bidding.max_bid.value"


def test_a_fixed_number_of_hands_needs_no_target(tmp_path: Path) -> None:
    leaf = _child(
        tmp_path,
        "ten-hands",
        "standard",
        "rules:\n  game_end:\n    target:\n      value: null\n"
        + CITE
        + "    hands:\n      value: 10\n"
        + CITE,
    )
    game_end = load_variant(str(leaf)).rules.game_end
    assert (game_end.target, game_end.hands) == (None, 10)


def test_every_target_an_option_offers_is_checked_against_the_floor(tmp_path: Path) -> None:
    # An option offering "no target" is refused where a losing floor would be the only end.
    leaf = _child(
        tmp_path,
        "endless",
        "msn-zone",
        "options:\n  target:\n    rule: game_end.target\n    choices: [500, null]\n"
        "    default: 500\n    description: Play to 500, or forever.\n",
    )
    with pytest.raises(VariantError) as caught:
        load_variant(str(leaf))
    problem = caught.value.problems[0]
    assert "so the game has no end of its own" in problem.message
    assert "game_end.losing_floor is -200" in problem.message
    assert "a choice of option 'target'" in problem.message
    assert problem.path == "options.target.choices[1]"


def test_a_game_with_no_target_and_no_number_of_hands_loads_and_never_ends(
    tmp_path: Path,
) -> None:
    leaf = _child(
        tmp_path,
        "endless",
        "standard",
        "options:\n  target:\n    rule: game_end.target\n    choices: [500, null]\n"
        "    default: 500\n    description: Play to 500, or forever.\n",
    )
    game_end = load_variant(str(leaf), {"target": None}).rules.game_end
    assert (game_end.target, game_end.hands, game_end.losing_floor) == (None, None, None)
