"""`spadespec shuffle-test`: the shuffle test flags each classic biased shuffle from a modest
number of deals, passes the reference engine's, and its statistics and exact distributions are
the ones worked out by hand below (docs/checking-in-production.md)."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from _biased_shuffles import biased_deals
from _cli import run_cli

from spadespec.conformance.analysis.shuffle.chance import (
    Statistic,
    card_seat,
    distinct_deals,
    leader_spade_chances,
    pairs,
    pattern_chances,
    repeats,
)
from spadespec.conformance.analysis.shuffle.deals import Dealt, reference_deals
from spadespec.conformance.analysis.shuffle.tally import Tally, setting_of, tally
from spadespec.conformance.analysis.shuffle.verdict import check_shuffle, holm
from spadespec.reference_engine.deal import format_deal, format_pbn, parse_pbn
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import load_variant

STANDARD = setting_of(load_variant("standard"))
A_DEAL = parse_pbn(
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
)  # each seat one whole suit

# Deals for each bias: about twice what benchmarks/shuffle_bias.py measures to flag it in 9
# runs of 10, so the seeded run here is flagged with room to spare.
FLAGGED_WITHIN = {
    "random-comparator": ("card-seat", 600),
    "swap-with-any": ("card-seat", 1_000),
    "modulo-byte": ("card-seat", 5_000),
    "clock-reseeded": ("repeats", 100),
}


def _flagged(deals: Iterable[Dealt]) -> set[str]:
    verdict = check_shuffle(deals, STANDARD)
    return {judged.statistic.name for judged in verdict.tests if judged.flagged}


@pytest.mark.parametrize("bias", FLAGGED_WITHIN)
def test_each_biased_shuffle_is_flagged_from_a_modest_number_of_deals(bias: str) -> None:
    test, count = FLAGGED_WITHIN[bias]
    assert test in _flagged(biased_deals(bias, seed=1, count=count))


def test_the_reference_engines_shuffle_passes() -> None:
    # A fair shuffle is flagged by any test in at most 1% of seeds (Holm's family-wise
    # threshold, alpha 0.01); the seed is fixed, so this run is the same every time: it cannot
    # flake, and it would fail only if the shuffle or the tests changed.
    verdict = check_shuffle(reference_deals(load_variant("standard"), 7, 5_000), STANDARD)
    assert verdict.fair and verdict.run == 8
    assert all((judged.statistic.p_value or 0) > 0.01 for judged in verdict.tests)


def test_a_biased_shuffle_dealt_round_the_table_hides_much_of_its_bias() -> None:
    # The same 1,000 deals of the naive swap, dealt a card at a time: every fourth card to a
    # hand spreads the positions the shuffle favours over all four seats.
    assert "card-seat" not in _flagged(biased_deals("swap-with-any", 1, 1_000, "round"))


# --- the statistics, worked by hand ------------------------------------------------------------


def _tally_of(*hands: tuple[int, int, int, int]) -> Tally:
    return tally((Dealt(h, Seat.N) for h in hands), STANDARD)


def test_the_same_deal_twice_gives_the_cards_x_seats_sum_by_hand() -> None:
    # Each card twice in its seat, expected 0.5 in each of 4: (2-0.5)^2/0.5 + 3 (0.5)^2/0.5 = 6
    # per card, 312 for 52, scaled by 51/52 to the chi-square of 51 x 3 = 153 degrees.
    stat = card_seat(_tally_of(A_DEAL, A_DEAL))
    assert stat.statistic == pytest.approx(306.0)
    assert stat.df == 153


def test_the_same_deal_twice_gives_the_pairs_sum_by_hand() -> None:
    # 4 x C(13, 2) = 312 pairs shared a hand twice, the other 1,014 never; chance gives each
    # 2 x 12/51. The sum over pairs is scaled by 49/51 to the chi-square of 52 x 49/2 degrees.
    p = 12 / 51
    expected, spread = 2 * p, 2 * p * (1 - p)
    by_hand = (312 * (2 - expected) ** 2 + 1014 * expected**2) / spread * 49 / 51
    stat = pairs(_tally_of(A_DEAL, A_DEAL))
    assert stat.statistic == pytest.approx(by_hand)
    assert stat.df == 1274


def test_the_same_deal_twice_is_a_repeat_chance_makes_once_in_all_deals() -> None:
    stat = repeats(_tally_of(A_DEAL, A_DEAL))
    assert stat.statistic == 1
    assert stat.p_value == pytest.approx(1 / 53_644_737_765_488_792_839_237_440_000)


def test_there_are_as_many_deals_as_ways_to_split_52_cards_into_four_13s() -> None:
    ways = math.comb(52, 13) * math.comb(39, 13) * math.comb(26, 13)
    assert distinct_deals(STANDARD) == ways == 53_644_737_765_488_792_839_237_440_000


def test_hand_patterns_have_the_chances_bridge_tables_give() -> None:
    # 4-4-3-2: choose the two 4-card suits, the 3 and the 2 (12 ways), then their cards.
    hands = math.comb(52, 13)
    c = math.comb
    chances = pattern_chances(STANDARD)
    assert chances[(4, 4, 3, 2)] == pytest.approx(12 * c(13, 4) ** 2 * c(13, 3) * c(13, 2) / hands)
    assert chances[(4, 3, 3, 3)] == pytest.approx(4 * c(13, 4) * c(13, 3) ** 3 / hands)
    assert chances[(13, 0, 0, 0)] == pytest.approx(4 / hands)
    assert round(chances[(4, 4, 3, 2)], 4) == 0.2155 and round(chances[(5, 3, 3, 2)], 4) == 0.1552
    assert sum(chances.values()) == pytest.approx(1.0) and len(chances) == 39


def test_the_holder_of_the_two_of_clubs_leads_with_twelve_cards_drawn_from_fifty_one() -> None:
    leader = setting_of(load_variant("strategy-guide"))
    chances = leader_spade_chances(leader)
    c = math.comb
    assert chances[0] == pytest.approx(c(38, 12) / c(51, 12))  # no spade among the other 12
    assert chances[12] == pytest.approx(c(13, 12) / c(51, 12))
    assert 13 not in chances  # the 2C is always in the hand
    # left of dealer: 13 cards of 52
    assert leader_spade_chances(STANDARD)[13] == pytest.approx(1 / c(52, 13))


def _p(name: str, p: float) -> Statistic:
    return Statistic(name, name, 100, 1.0, 1, p)


def test_holm_flags_in_order_of_p_value_until_one_passes() -> None:
    # alpha 0.05 over 3: 0.001 <= 0.05/3 flags; 0.03 > 0.05/2 stops; 0.04 <= 0.05 is not flagged.
    judged = holm([_p("a", 0.03), _p("b", 0.001), _p("c", 0.04)], 0.05)
    assert [j.flagged for j in judged] == [False, True, False]
    assert [j.threshold for j in judged] == pytest.approx([0.025, 0.05 / 3, 0.05])
    # every p-value under its step's threshold: all flagged
    judged = holm([_p("a", 0.001), _p("b", 0.02), _p("c", 0.004), _p("d", 0.5)], 0.05)
    assert [j.flagged for j in judged] == [True, True, True, False]
    # a test that did not run has no threshold and is not counted
    judged = holm([_p("a", 0.02), Statistic("b", "b", 0)], 0.02)
    assert judged[0].flagged and judged[1].threshold is None


# --- the command ---------------------------------------------------------------------------


def _write(path: Path, deals: Iterable[Dealt], dealer: bool = True) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for dealt in deals if dealer else (Dealt(d.hands) for d in deals):
            hands = format_deal(dealt.hands)
            line = {"hands": hands, "dealer": dealt.dealer.name} if dealt.dealer else hands
            out.write(json.dumps(line) + "\n")
    return path


def test_the_reference_engine_is_fair_and_a_seed_repeats_the_run() -> None:
    first = run_cli("shuffle-test", "--deals", "300", "--seed", "11", "--json")
    again = run_cli("shuffle-test", "--deals", "300", "--seed", "11", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    report = json.loads(first.stdout)
    assert report["verdict"] == "fair" and report["deals"] == 300 and report["seed"] == 11
    assert report["correction"] == "holm" and report["tests_run"] == 8


def test_deals_from_a_file_of_a_biased_shuffle_are_flagged(tmp_path: Path) -> None:
    path = _write(tmp_path / "deals.jsonl", biased_deals("clock-reseeded", 1, 150))
    result = run_cli("shuffle-test", "--from", str(path))
    assert result.returncode == 1, result.stderr
    assert "BIASED: flagged by" in result.stdout and "repeated deals" in result.stdout
    assert "150 deals" in result.stdout


def test_a_file_without_dealers_skips_the_first_leader_test_and_says_so(tmp_path: Path) -> None:
    deals = reference_deals(load_variant("standard"), 3, 150)
    path = _write(tmp_path / "deals.jsonl", deals, dealer=False)
    report = json.loads(run_cli("shuffle-test", "--from", str(path), "--json").stdout)
    leader = next(t for t in report["tests"] if t["name"] == "first-leader")
    assert not leader["ran"] and "who dealt" in leader["note"]
    assert report["tests_run"] == 7 and report["verdict"] == "fair"
    # where the holder of a card leads, no dealer is needed
    guide = load_variant("strategy-guide")
    path = _write(tmp_path / "guide.jsonl", reference_deals(guide, 3, 150), dealer=False)
    report = json.loads(
        run_cli("shuffle-test", "--variant", "strategy-guide", "--from", str(path), "--json").stdout
    )
    assert report["tests_run"] == 8


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("{not json", "line 2: not JSON"),
        ('"N:AKQ.T98.765.4322 - - -"', "line 2:"),
        ('{"hands": "N:...", "when": 3}', "line 2: unknown field 'when'"),
        ('{"hands": "N:...", "dealer": "X"}', "line 2: dealer 'X' is not a seat"),
    ],
)
def test_a_line_that_is_no_deal_is_named_with_its_line(
    tmp_path: Path, line: str, said: str
) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(format_deal(A_DEAL)) + "\n" + line + "\n", encoding="utf-8")
    result = run_cli("shuffle-test", "--from", str(path))
    assert result.returncode == 1
    assert f"{path}, {said}" in result.stderr


def test_a_card_dealt_twice_is_named(tmp_path: Path) -> None:
    twice = format_pbn(A_DEAL).replace("AKQJT98765432. ..", "AKQJT98765432. A..", 1)
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(twice) + "\n", encoding="utf-8")
    result = run_cli("shuffle-test", "--from", str(path))
    assert result.returncode == 1 and "line 1:" in result.stderr


def test_too_few_deals_in_a_file_test_nothing_and_fail(tmp_path: Path) -> None:
    path = _write(tmp_path / "deals.jsonl", reference_deals(load_variant("standard"), 1, 20))
    result = run_cli("shuffle-test", "--from", str(path))
    assert result.returncode == 1 and "nothing was tested" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("--deals", "99"),
        ("--alpha", "0"),
        ("--from", "/dev/null"),
        ("--from", "no-such-file.jsonl"),
        ("--from", "-", "--seed", "3"),
        ("--variant", "no-such-variant"),
    ],
)
def test_misuse_is_exit_status_2(args: tuple[str, ...]) -> None:
    result = run_cli("shuffle-test", *args)
    assert result.returncode == 2 and result.stderr.startswith("spadespec shuffle-test:")


def test_without_scipy_the_command_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in [
        m for m in sys.modules if m.startswith(("scipy", "spadespec.conformance.analysis.shuffle."))
    ]:
        if not name.endswith((".cli", ".deals")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy raises ImportError
    result = run_cli("shuffle-test", "--deals", "100")
    assert result.returncode == 2
    assert "`stats` extra" in result.stderr
