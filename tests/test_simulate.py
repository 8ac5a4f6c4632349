"""`spadespec simulate`: the same seed gives the same JSON, shards merged give the one-run JSON,
the intervals are the textbook ones, and the sensible bots play every shipped ruleset to its
end (special bids and the blind nil exchange included) with figures a card player would find
plausible."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from spadespec.cli import main
from spadespec.reference_engine.actions import BlindBid
from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.simulation import intervals
from spadespec.reference_engine.simulation.campaign import Settings, run_variant
from spadespec.reference_engine.simulation.summary import figures
from spadespec.reference_engine.simulation.tally import Tally, paid_bonuses, tally_game
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids

ARGS = ["standard", "boston-wins-game", "--games", "9", "--seed", "4", "--json"]


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_same_seed_gives_the_same_json_byte_for_byte(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = simulate(capsys, *ARGS)
    again = simulate(capsys, *ARGS)
    assert first[0] == again[0] == 0
    assert first[1] == again[1]
    doc = json.loads(first[1])
    assert doc["shard"] is None and [v["id"] for v in doc["variants"]] == ARGS[:2]
    assert doc["variants"][0]["tally"]["games"] == 9
    assert "hands/s" in first[2]  # timings go to stderr, never into the JSON


def test_shards_merged_are_the_one_run_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    whole = simulate(capsys, *ARGS)[1]
    parts = []
    for index in range(3):
        status, out, _ = simulate(capsys, *ARGS, "--shard", f"{index}/3")
        assert status == 0
        assert json.loads(out)["shard"] == {"index": index, "count": 3}
        parts.append(tmp_path / f"part{index}.json")
        parts[-1].write_text(out, encoding="utf-8")
    # Given in any order, the shards add up to the one run, byte for byte.
    status, merged, _ = simulate(capsys, "merge", *map(str, reversed(parts)))
    assert status == 0
    assert merged == whole


def test_merge_refuses_shards_that_are_not_one_campaign(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = simulate(capsys, *ARGS, "--shard", "0/2")[1]
    (tmp_path / "a.json").write_text(out, encoding="utf-8")
    status, _, err = simulate(capsys, "merge", str(tmp_path / "a.json"))
    assert status == 1 and "missing shard: 1/2" in err
    other = simulate(capsys, *ARGS[:-3], "--seed", "5", "--json", "--shard", "1/2")[1]
    (tmp_path / "b.json").write_text(other, encoding="utf-8")
    status, _, err = simulate(capsys, "merge", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert status == 2 and "b.json: seed is 5" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["standard", "--shard", "3/3"], "--shard takes I/N with 0 <= I <= N - 1"),
        # A shard with no game to play, refused as fuzz refuses it.
        (["standard", "--games", "3", "--shard", "3/4"], "more shards than the 3 games"),
        (["standard", "--games", "0"], "--games: expected a whole number of at least 1"),
        (["standard", "--bots", "clever"], "--bots: expected one of"),
        (["no-such-variant"], "no-such-variant"),
    ],
)
def test_usage_mistakes_exit_2_naming_the_flag(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = simulate(capsys, *argv)
    assert status == 2 and message in err


def test_a_share_has_wilsons_interval() -> None:
    # No hits in 10: the interval runs from 0 to z^2 / (n + z^2).
    z2 = intervals.Z**2
    none = intervals.share(0, 10)
    assert none.value == 0 and none.low == 0
    assert none.high == pytest.approx(z2 / (10 + z2))
    # Half of 100: centred on 0.5, half-width z*sqrt(0.25/100 + z^2/40000) / (1 + z^2/100).
    half = intervals.share(50, 100)
    width = intervals.Z * math.sqrt(0.0025 + z2 / 40000) / (1 + z2 / 100)
    assert (half.low, half.high) == pytest.approx((0.5 - width, 0.5 + width))


def test_a_mean_has_the_normal_interval_from_sums() -> None:
    # 1, 2, 3: mean 2, sample deviation 1, standard error 1/sqrt(3).
    m = intervals.mean(6, 14, 3)
    assert m.value == 2 and m.se == pytest.approx(1 / math.sqrt(3))
    assert m.high - m.value == pytest.approx(intervals.Z / math.sqrt(3))


def test_a_quantile_reads_the_order_statistics() -> None:
    # 100 games: 10 of 8 hands, 80 of 10, 10 of 14: the median is 10, and so are the ranks
    # 50 -/+ 1.96 * 5 around it.
    median = intervals.quantile({8: 10, 10: 80, 14: 10}, 0.5)
    assert (median.value, median.low, median.high) == (10, 10, 10)
    top = intervals.quantile({8: 10, 10: 80, 14: 10}, 0.95)
    assert top.value == 14 and top.low == 10


def test_a_difference_is_told_apart_only_when_its_interval_leaves_out_zero() -> None:
    a, b = intervals.share(50, 100), intervals.share(80, 100)
    diff = intervals.difference(a, b)
    assert diff.value == pytest.approx(0.3) and intervals.tells_apart(diff)
    same = intervals.difference(a, intervals.share(52, 100))
    assert not intervals.tells_apart(same)


@pytest.mark.parametrize("variant_id", shipped_variant_ids())
def test_the_sensible_bots_play_every_shipped_ruleset_to_its_end(variant_id: str) -> None:
    tally = run_variant(variant_id, {}, Settings(2, 11, "sensible", 200))
    end = load_variant(variant_id).rules.game_end
    # A score pad's game has no end of its own (no target, no number of hands): only the cap
    # on hands stops it, and it is counted as capped, never as won.
    endless = end.target is None and end.hands is None
    assert tally["games"] == 2 and tally.get("end.capped", 0) == (2 if endless else 0)


@pytest.mark.parametrize("variant_id", ["pagat-blind-nil", "blind-nil-pass-four"])
def test_a_side_far_behind_bids_blind_nil_and_makes_the_exchange(variant_id: str) -> None:
    variant = load_variant(variant_id)
    game = play_game(variant, seed=3, scores={"NS": -250, "EW": 100}, max_hands=1).game
    doc = game.to_json()
    assert any(e.get("bid") == "blind-nil" for e in doc["log"])
    assert any(e.get("action") == "pass" for e in doc["log"])


def test_standard_play_gives_plausible_figures() -> None:
    found = {
        f.key: f.estimate
        for f in figures(run_variant("standard", {}, Settings(40, 2, "sensible", 200)))
    }
    # Sets happen, but a contract is made far more often than not.
    assert 0.02 < found["contract.set"].value < 0.35
    # Nils are bid, and some are made.
    assert found["nil.per-game"].value > 0 and found["nil.made"].value > 0.2
    # A game to 500 lasts some hands, not one and not a hundred.
    assert 6 < found["hands.mean"].value < 30


def test_a_bag_penalty_of_no_points_is_not_counted_as_a_penalty_paid() -> None:
    rules = load_variant("standard").rules
    # Every bag reaches the threshold of one, and each time the penalty costs nothing.
    free = replace(rules, scoring=replace(rules.scoring, bag_threshold=1, bag_penalty=0))
    result = play_game(free, seed=5, max_hands=6)
    reached = sum(line.bag_penalties for h in result.game.hand_results for line in h.sides.values())
    assert reached > 0  # the bags did reach the threshold
    tally = tally_game(result)
    assert (tally["penalties.sum"], tally["penalty-points.sum"]) == (0, 0)
    costly = replace(rules, scoring=replace(rules.scoring, bag_threshold=1))
    assert tally_game(play_game(costly, seed=5, max_hands=6))["penalties.sum"] > 0


@pytest.mark.parametrize(
    ("variant_id", "paid"),
    [
        ("standard", ()),
        ("big-bid-bonus", ("big-bid",)),
        ("ten-for-two-hundred", ("bonus-bid",)),
        ("boston-wins-game", ("boston",)),
        ("moon-wins-game", ("moon",)),
    ],
)
def test_a_bonus_is_counted_only_under_rules_that_pay_it(
    variant_id: str, paid: tuple[str, ...]
) -> None:
    assert paid_bonuses(load_variant(variant_id).rules) == paid


def _one_hand_tally(variant_id: str, bids: dict[str, object], tricks: dict[str, int]) -> Tally:
    """The tally of a game of one hand with these bids and tricks, scored by the variant."""
    rules = load_variant(variant_id).rules
    hand = score_hand(rules, bids, tricks)
    game = SimpleNamespace(
        rules=rules, table=table_of(rules), hand_results=[hand], outcome=None,
        setup={"dealer": "W"},
    )  # fmt: skip
    return tally_game(SimpleNamespace(game=game, capped=True))  # type: ignore[arg-type]  # a stand-in for TableResult: only the fields the tally reads


def test_a_hand_adds_its_bids_by_size_its_nils_and_the_bonuses_it_paid() -> None:
    # North-South bid 6 + 4 = 10, the bonus bid, and take 10: made, the bonus bid paid once.
    # East bids nil and takes none; West bids 3 and takes 3.
    tally = _one_hand_tally(
        "ten-for-two-hundred",
        {"N": 6, "E": "nil", "S": 4, "W": 3},
        {"N": 6, "E": 0, "S": 4, "W": 3},
    )
    assert tally["paid.bonus-bid.per-game.sum"] == 1
    assert tally["contract.big.per-game.sum"] == 1  # NS's 10; EW's 3 is not big
    assert {key: n for key, n in tally.items() if key.startswith("hist.bid.")} == {
        "hist.bid.6": 1, "hist.bid.4": 1, "hist.bid.3": 1,
    }  # fmt: skip
    assert (tally["nil.per-hand.n"], tally["nil.per-hand.sum"]) == (1, 1)
    assert "blind-bid.per-game.n" not in tally  # no blind numeric bids in these rules
    found = {f.key: f.estimate.value for f in figures(tally)}
    assert found["bid.6"] == pytest.approx(1 / 3)
    assert found["nil.per-100-hands"] == 100  # one nil in the game's one hand
    assert "paid.big-bid.per-game" not in found  # a bonus these rules do not have


def test_a_bonus_set_or_missed_is_not_paid() -> None:
    # The same bids with North-South one short: set, so no bonus bid is paid.
    tally = _one_hand_tally(
        "ten-for-two-hundred",
        {"N": 6, "E": "nil", "S": 4, "W": 3},
        {"N": 5, "E": 0, "S": 4, "W": 4},
    )
    assert tally["paid.bonus-bid.per-game.sum"] == 0
    # A big contract made under the big-bid bonus (10 or more: 50 on top) is paid; one of 9 is not.
    made = _one_hand_tally("big-bid-bonus", {"N": 6, "E": 1, "S": 4, "W": 2},
                           {"N": 6, "E": 1, "S": 4, "W": 2})  # fmt: skip
    short = _one_hand_tally("big-bid-bonus", {"N": 5, "E": 1, "S": 4, "W": 3},
                            {"N": 5, "E": 1, "S": 4, "W": 3})  # fmt: skip
    assert (made["paid.big-bid.per-game.sum"], short["paid.big-bid.per-game.sum"]) == (1, 0)


def test_blind_numeric_bids_are_counted_and_sized_by_their_tricks() -> None:
    tally = _one_hand_tally(
        "blind-six-double",
        {"N": BlindBid(6), "E": 3, "S": 1, "W": 2},
        {"N": 5, "E": 3, "S": 3, "W": 2},
    )
    assert tally["blind-bid.per-game.sum"] == 1
    assert tally["hist.bid.6"] == 1
