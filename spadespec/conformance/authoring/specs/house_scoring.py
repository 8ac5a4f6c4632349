# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""House-rule clause cases about the score: a set costing nothing, bags switched off or priced
differently, bag points taken back, the ten-for-two-hundred bid, Boston, and games of a fixed
number of hands. Each is one whole hand found by search, its figures worked in the description."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import setup
from spadespec.conformance.authoring.specs.house import expect_rules, line, nil_line, scored, tag

BASE = {
    "table.players": 4,
    "scoring.points_per_bid_trick": 10,
    "scoring.overtrick_points": 1,
    "scoring.set_points_per_trick": 10,
}
WON_NS = {"status": "won", "winner": "NS"}
OVER = {"phase": "over", "seat": None}


def set_nothing_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """A set side scores nothing; where bags are off too, East-West's overtricks are no bags."""
    expect_rules(v, {**BASE, "scoring.set_penalty": "nothing"})
    never = str(_rules(v).scoring.bags_count) == "never"
    if not never:
        expect_rules(v, {"scoring.bags_count": "contract-made"})
    bags = (0, 0, 0) if never else (0, 2, 2)
    words = "no bag is kept" if never else "2 bags"
    tags = [tag(v, "scoring.set_penalty"), "scoring.set_points_per_trick"]
    return [
        scored(
            v,
            "scoring.set-scores-nothing",
            seed=seed + 1,
            start=setup("N", (100, 100)),
            clause="scoring.set_penalty",
            description=(
                "North-South bid 4 + 3 = 7 and take 6: set. A set side neither wins nor loses points"
                " for its contract here: 0, so they stay on 100 (per trick bid it would be -70). East-"
                f"West bid 3 + 2 = 5 and take 7: 50 + 2 = 52 ({words}): 152."
            ),
            tags=[*tags, tag(v, "scoring.bags_count")] if never else tags,
            bid={"N": 4, "E": 3, "S": 3, "W": 2},
            took={"N": 3, "E": 4, "S": 3, "W": 3},
            lines=[
                line("NS", contract=7, side_tricks=6, made=False, contract_points=0, hand_points=0, score=(100, 100)),
                line("EW", contract=5, side_tricks=7, made=True, contract_points=50, overtricks=2,
                     overtrick_points=2, bags=bags, hand_points=52, score=(100, 152)),
            ],
        )
    ]  # fmt: skip


def bags_never_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Overtricks score but are never bags; East-West's set costs 20, or nothing where a set
    scores nothing."""
    expect_rules(v, {**BASE, "scoring.bags_count": "never"})
    nothing = str(_rules(v).scoring.set_penalty) == "nothing"
    if not nothing:
        expect_rules(v, {"scoring.set_penalty": "per-trick-bid"})
    lost = 0 if nothing else -20
    words = "0, a set scoring nothing here" if nothing else "-20"
    return [
        scored(
            v,
            "scoring.overtricks-score-but-are-never-bags",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.bags_count",
            description=(
                "North-South bid 1 + 1 = 2 and take all 13: 20 + 11 overtricks at a point each = 31."
                " No bag is ever kept here, so the eleven overtricks cost nothing (counted as bags"
                f" they would pass ten and cost 100). East-West bid 1 + 1 and take nothing: {words}."
            ),
            tags=[tag(v, "scoring.bags_count"), "scoring.overtrick_points", "scoring.bag_threshold"],
            bid={"N": 1, "E": 1, "S": 1, "W": 1},
            took={"N": 7, "E": 0, "S": 6, "W": 0},
            lines=[
                line("NS", contract=2, side_tricks=13, made=True, contract_points=20, overtricks=11,
                     overtrick_points=11, hand_points=31, score=(0, 31)),
                line("EW", contract=2, side_tricks=0, made=False, contract_points=lost, hand_points=lost, score=(0, lost)),
            ],
        )
    ]  # fmt: skip


def losing_floor_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """A side at or below -200 after a hand loses."""
    expect_rules(
        v,
        {
            **BASE,
            "game_end.losing_floor": -200,
            "scoring.set_penalty": "per-trick-bid",
            "game_end.target": 500,
        },
    )
    out = []
    for before, ident, status, to_act, words in (
        (-150, "game-end.losing-floor-exact", {"status": "won", "winner": "EW"}, OVER,
         "exactly -200, the floor: North-South lose and East-West win"),
        (-140, "game-end.losing-floor-one-hand-above", None, {"phase": "deal", "seat": "E"},
         "-190, above the floor of -200: the game goes on"),
    ):  # fmt: skip
        out.append(
            scored(
                v,
                ident,
                seed=seed + (1 if before == -150 else 2),
                start=setup("N", (before, 0)),
                clause="game_end.losing_floor",
                description=(
                    f"North-South start on {before}, bid 3 + 2 = 5 and take 4: set, 5 x -10 = -50, so"
                    f" {before - 50}, {words}. East-West bid 4 + 4 = 8 and take 9: 81."
                ),
                tags=[
                    "game_end.losing_floor",
                    "game.floor-exact" if before == -150 else "game_end.target",
                ],
                bid={"N": 3, "E": 4, "S": 2, "W": 4},
                took={"N": 2, "E": 5, "S": 2, "W": 4},
                lines=[
                    line(
                        "NS",
                        contract=5,
                        side_tricks=4,
                        made=False,
                        contract_points=-50,
                        hand_points=-50,
                        score=(before, before - 50),
                    ),
                    line(
                        "EW",
                        contract=8,
                        side_tricks=9,
                        made=True,
                        contract_points=80,
                        overtricks=1,
                        overtrick_points=1,
                        bags=(0, 1, 1),
                        hand_points=81,
                        score=(0, 81),
                    ),
                ],
                status=status,
                to_act=to_act,
            )  # fmt: skip
        )
    return out


def five_bags_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            **BASE,
            "scoring.bag_threshold": 5,
            "scoring.bag_penalty": 50,
            "scoring.bag_points_cancelled": False,
            "scoring.bag_carry": "excess-carries",
            "scoring.bags_count": "contract-made",
        },
    )
    return [
        scored(
            v,
            "scoring.fifth-bag-costs-fifty",
            seed=seed + 1,
            start=setup("N", (200, 200), (3, 0)),
            clause="scoring.bag_threshold",
            description=(
                "North-South carry 3 bags, bid 4 + 3 = 7 and take 9: 70 + 2 = 72, and 3 + 2 = 5 bags,"
                " the threshold here: -50 and the count goes back to 0. Hand 22: 222. (With ten bags"
                " for a hundred they would keep 5 bags and score 72.) East-West bid 2 + 2 and take 4: 40."
            ),
            tags=["scoring.bag_threshold", "scoring.bag_penalty", "bags.exact-threshold"],
            bid={"N": 4, "E": 2, "S": 3, "W": 2},
            took={"N": 5, "E": 2, "S": 4, "W": 2},
            lines=[
                line("NS", contract=7, side_tricks=9, made=True, contract_points=70, overtricks=2,
                     overtrick_points=2, bags=(3, 2, 0), bag_penalty=50, hand_points=22, score=(200, 222)),
                line("EW", contract=4, side_tricks=4, made=True, contract_points=40, hand_points=40, score=(200, 240)),
            ],
        ),
        scored(
            v,
            "scoring.past-five-bags-the-rest-carry",
            seed=seed + 2,
            start=setup("N", (200, 200), (4, 0)),
            clause="scoring.bag_carry",
            description=(
                "North-South carry 4 bags, bid 4 + 3 = 7 and take 10: 70 + 3 = 73, and 4 + 3 = 7 bags:"
                " past five, so -50 and 7 - 5 = 2 bags carry on. Hand 23: 223. East-West bid 2 + 1 = 3"
                " and take 3: 30."
            ),
            tags=["scoring.bag_threshold", "scoring.bag_penalty", tag(v, "scoring.bag_carry"), "bags.past-threshold"],
            bid={"N": 4, "E": 2, "S": 3, "W": 1},
            took={"N": 5, "E": 2, "S": 5, "W": 1},
            lines=[
                line("NS", contract=7, side_tricks=10, made=True, contract_points=70, overtricks=3,
                     overtrick_points=3, bags=(4, 3, 2), bag_penalty=50, hand_points=23, score=(200, 223)),
                line("EW", contract=3, side_tricks=3, made=True, contract_points=30, hand_points=30, score=(200, 230)),
            ],
        ),
    ]  # fmt: skip


def bag_points_back_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            **BASE,
            "scoring.bag_threshold": 10,
            "scoring.bag_penalty": 100,
            "scoring.bag_points_cancelled": True,
            "scoring.bag_carry": "excess-carries",
            "scoring.bags_count": "contract-made",
        },
    )
    return [
        scored(
            v,
            "scoring.ten-bags-cost-110",
            seed=seed + 1,
            start=setup("N", (200, 200), (8, 0)),
            clause="scoring.bag_points_cancelled",
            description=(
                "North-South carry 8 bags, bid 4 + 3 = 7 and take 10: 70 + 3 = 73; 8 + 3 = 11 bags."
                " Ten of them cost 100 and the 10 points those ten bags scored are taken back too:"
                " 110 in all, 1 bag carried on. Hand 73 - 110 = -37: 163. East-West bid 2 + 1 = 3 and"
                " take 3: 30."
            ),
            tags=["scoring.bag_points_cancelled", "scoring.bag_penalty", "bags.past-threshold"],
            bid={"N": 4, "E": 2, "S": 3, "W": 1},
            took={"N": 5, "E": 2, "S": 5, "W": 1},
            lines=[
                line("NS", contract=7, side_tricks=10, made=True, contract_points=70, overtricks=3,
                     overtrick_points=3, bags=(8, 3, 1), bag_penalty=110, hand_points=-37, score=(200, 163)),
                line("EW", contract=3, side_tricks=3, made=True, contract_points=30, hand_points=30, score=(200, 230)),
            ],
        )
    ]  # fmt: skip


def ten_for_200_cases(v: str, seed: int) -> list[dict[str, Any]]:
    rules = {
        **BASE,
        "scoring.bonus_bid_tricks": 10,
        "scoring.bonus_bid_made": 200,
        "scoring.set_penalty": "per-trick-bid",
        "scoring.bags_count": "contract-made",
    }
    expect_rules(v, rules)
    penalty = _rules(v).scoring.bonus_bid_set
    bonus = ["scoring.bonus_bid_tricks", "scoring.bonus_bid_made", "scoring.bonus_bid_set"]
    return [
        scored(
            v,
            "scoring.ten-bid-and-made-scores-200",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.bonus_bid_tricks",
            description=(
                "North-South bid 5 + 5 = 10, the bonus bid, and take 11: 200 for the ten (not 100),"
                " plus 1 for the overtrick, which is a bag as usual: 201. East-West bid 1 + 1 and take 2: 20."
            ),
            tags=bonus,
            bid={"N": 5, "E": 1, "S": 5, "W": 1},
            took={"N": 6, "E": 1, "S": 5, "W": 1},
            lines=[
                line("NS", contract=10, side_tricks=11, made=True, contract_points=200, overtricks=1,
                     overtrick_points=1, bags=(0, 1, 1), hand_points=201, score=(0, 201)),
                line("EW", contract=2, side_tricks=2, made=True, contract_points=20, hand_points=20, score=(0, 20)),
            ],
        ),
        scored(
            v,
            "scoring.ten-bid-and-set-loses",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.bonus_bid_set",
            description=(
                f"North-South bid 5 + 5 = 10 and take 9: the bonus bid is set and loses {penalty}"
                + (" (as an ordinary set of 10 would here)." if penalty == 100 else " (not 100).")
                + " East-West bid 1 + 1 and take 4: 20 + 2 = 22, 2 bags."
            ),
            tags=bonus,
            bid={"N": 5, "E": 1, "S": 5, "W": 1},
            took={"N": 5, "E": 2, "S": 4, "W": 2},
            lines=[
                line("NS", contract=10, side_tricks=9, made=False, contract_points=-penalty,
                     hand_points=-penalty, score=(0, -penalty)),
                line("EW", contract=2, side_tricks=4, made=True, contract_points=20, overtricks=2,
                     overtrick_points=2, bags=(0, 2, 2), hand_points=22, score=(0, 22)),
            ],
        ),
    ]  # fmt: skip


def boston_points_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            **BASE,
            "scoring.boston": "points",
            "scoring.set_penalty": "per-trick-bid",
            "scoring.bonus_bid_tricks": None,
        },
    )
    points = _rules(v).scoring.boston_points
    tags = [tag(v, "scoring.boston"), "scoring.boston_points", "game.boston"]
    return [
        scored(
            v,
            "scoring.boston-made",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.boston",
            description=(
                f"North-South bid 6 + 7 = 13, every trick, and take them all: a Boston, worth"
                f" {points} (not 130). East-West bid 1 + 1 and take nothing: -20."
            ),
            tags=tags,
            bid={"N": 6, "E": 1, "S": 7, "W": 1},
            took={"N": 6, "E": 0, "S": 7, "W": 0},
            lines=[
                line("NS", contract=13, side_tricks=13, made=True, contract_points=points,
                     hand_points=points, score=(0, points)),
                line("EW", contract=2, side_tricks=0, made=False, contract_points=-20, hand_points=-20, score=(0, -20)),
            ],
        ),
        scored(
            v,
            "scoring.boston-set",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.boston",
            description=(
                f"North-South bid 13 and take 12: the Boston fails and loses {points} (not 130)."
                " East-West bid 1 + 1 and take 1: set, -20."
            ),
            tags=tags,
            bid={"N": 6, "E": 1, "S": 7, "W": 1},
            took={"N": 6, "E": 1, "S": 6, "W": 0},
            lines=[
                line("NS", contract=13, side_tricks=12, made=False, contract_points=-points,
                     hand_points=-points, score=(0, -points)),
                line("EW", contract=2, side_tricks=1, made=False, contract_points=-20, hand_points=-20, score=(0, -20)),
            ],
        ),
    ]  # fmt: skip


def boston_wins_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            **BASE,
            "scoring.boston": "wins-game",
            "scoring.set_penalty": "per-trick-bid",
            "scoring.bonus_bid_tricks": None,
            "game_end.target": 500,
        },
    )
    tags = [tag(v, "scoring.boston"), "scoring.boston_points", "game.boston"]
    return [
        scored(
            v,
            "game-end.boston-wins-the-game",
            seed=seed + 1,
            start=setup("N", (0, 400)),
            clause="scoring.boston",
            description=(
                "North-South, 0 to 400 behind, bid 6 + 7 = 13 and take every trick: 130 as usual, and"
                " a Boston wins the game at once, though 130 is far below East-West's 380 (1 + 1 bid,"
                " none taken: -20) and the target of 500."
            ),
            tags=tags,
            bid={"N": 6, "E": 1, "S": 7, "W": 1},
            took={"N": 6, "E": 0, "S": 7, "W": 0},
            lines=[
                line("NS", contract=13, side_tricks=13, made=True, contract_points=130, hand_points=130, score=(0, 130)),
                line("EW", contract=2, side_tricks=0, made=False, contract_points=-20, hand_points=-20, score=(400, 380)),
            ],
            status=WON_NS,
            to_act=OVER,
        ),
        scored(
            v,
            "game-end.boston-missed-is-an-ordinary-set",
            seed=seed + 2,
            start=setup("N", (0, 400)),
            clause="scoring.boston",
            description=(
                "North-South bid 13 and take 12: an ordinary set, 13 x -10 = -130, and the game goes"
                " on. East-West bid 1 + 1 and take 1: -20, 380."
            ),
            tags=tags,
            bid={"N": 6, "E": 1, "S": 7, "W": 1},
            took={"N": 6, "E": 1, "S": 6, "W": 0},
            lines=[
                line("NS", contract=13, side_tricks=12, made=False, contract_points=-130, hand_points=-130, score=(0, -130)),
                line("EW", contract=2, side_tricks=1, made=False, contract_points=-20, hand_points=-20, score=(400, 380)),
            ],
            to_act={"phase": "deal", "seat": "E"},
        ),
    ]  # fmt: skip


def fixed_hands_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            **BASE,
            "game_end.target": None,
            "scoring.set_penalty": "per-trick-bid",
            "game_end.losing_floor": None,
        },
    )
    count = _rules(v).game_end.hands
    tie = str(_rules(v).game_end.tie)
    tags = ["game_end.hands", "game.fixed-hands", "game_end.target"]
    bid = {"N": 4, "E": 3, "S": 3, "W": 3}
    took = {"N": 4, "E": 3, "S": 3, "W": 3}

    def ns(before: int) -> dict[str, Any]:
        return line("NS", contract=7, side_tricks=7, made=True, contract_points=70,
                    hand_points=70, score=(before, before + 70))  # fmt: skip

    def ew(before: int) -> dict[str, Any]:
        return line("EW", contract=6, side_tricks=6, made=True, contract_points=60,
                    hand_points=60, score=(before, before + 60))  # fmt: skip

    if tie == "tie":
        tie_status, tie_next, tie_words = (
            {"status": "tie", "winner": None},
            OVER,
            "the game is drawn",
        )
    else:
        tie_status, tie_next, tie_words = (
            {"status": "continues", "winner": None},
            {"phase": "deal", "seat": "E"},
            "another hand is played",
        )
    return [
        scored(
            v,
            "game-end.last-hand-highest-total-wins",
            seed=seed + 1,
            start=setup("N", (100, 120), hands_played=count - 1),
            clause="game_end.hands",
            description=(
                f"The game is {count} hands; {count - 1} are played. North-South bid 7 and make it:"
                f" 100 + 70 = 170; East-West bid 6 and make it: 120 + 60 = 180. That was the last hand:"
                " the higher total, East-West's, wins."
            ),
            tags=tags,
            bid=bid,
            took=took,
            lines=[ns(100), ew(120)],
            status={"status": "won", "winner": "EW"},
            to_act=OVER,
        ),
        scored(
            v,
            "game-end.not-the-last-hand-goes-on",
            seed=seed + 2,
            start=setup("N", (900, 100), hands_played=count - 2),
            clause="game_end.hands",
            description=(
                f"{count - 2} of {count} hands played and North-South far ahead at 900: there is no"
                " target score, so after this hand (970 to 160) one more hand is played, dealt by East."
            ),
            tags=tags,
            bid=bid,
            took=took,
            lines=[ns(900), ew(100)],
            to_act={"phase": "deal", "seat": "E"},
        ),
        scored(
            v,
            "game-end.last-hand-equal-totals",
            seed=seed + 3,
            start=setup("N", (110, 120), hands_played=count - 1),
            clause="game_end.tie",
            description=(
                f"The last of {count} hands: North-South 110 + 70 and East-West 120 + 60 both end on"
                f" 180; {tie_words}."
            ),
            tags=[*tags, tag(v, "game_end.tie"), "game.equal-totals"],
            bid=bid,
            took=took,
            lines=[ns(110), ew(120)],
            status=tie_status,
            to_act=tie_next,
        ),
    ]


def _rules(v: str) -> Any:
    from spadespec.conformance.authoring.build import variant

    return variant(v).rules


def big_bid_bonus_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Ten or more bid and made earns fifty on top, an item of its own; nine earns none, and a
    big contract set costs only the ordinary set."""
    expect_rules(
        v,
        {
            **BASE,
            "scoring.big_bid_tricks": 10,
            "scoring.big_bid_bonus": 50,
            "scoring.bonus_bid_tricks": None,
            "scoring.set_penalty": "per-trick-bid",
            "scoring.bags_count": "contract-made",
        },
    )
    bonus = ["scoring.big_bid_tricks", "scoring.big_bid_bonus"]
    return [
        scored(
            v,
            "scoring.ten-bid-and-made-earns-the-bonus",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.big_bid_bonus",
            description=(
                "North-South bid 5 + 5 = 10 and take 11: 10 x 10 = 100, plus 1 for the overtrick"
                " (a bag), plus the bonus of 50 for ten or more bid and made, an item of its own:"
                " 151. East-West bid 1 + 1 and take 2: 20, and no bonus (0)."
            ),
            tags=bonus,
            bid={"N": 5, "E": 1, "S": 5, "W": 1},
            took={"N": 6, "E": 1, "S": 5, "W": 1},
            lines=[
                line("NS", contract=10, side_tricks=11, made=True, contract_points=100, overtricks=1,
                     overtrick_points=1, bonus_points=50, bags=(0, 1, 1), hand_points=151, score=(0, 151)),
                line("EW", contract=2, side_tricks=2, made=True, contract_points=20, bonus_points=0,
                     hand_points=20, score=(0, 20)),
            ],
        ),
        scored(
            v,
            "scoring.nine-bid-earns-no-bonus",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.big_bid_tricks",
            description=(
                "North-South bid 5 + 4 = 9, one short of ten, and take 10: 90 plus 1 for the"
                " overtrick (a bag), and no bonus: 91. East-West bid 1 + 1 and take 3: 20 + 1 = 21,"
                " 1 bag, no bonus."
            ),
            tags=bonus,
            bid={"N": 5, "E": 1, "S": 4, "W": 1},
            took={"N": 6, "E": 2, "S": 4, "W": 1},
            lines=[
                line("NS", contract=9, side_tricks=10, made=True, contract_points=90, overtricks=1,
                     overtrick_points=1, bonus_points=0, bags=(0, 1, 1), hand_points=91, score=(0, 91)),
                line("EW", contract=2, side_tricks=3, made=True, contract_points=20, overtricks=1,
                     overtrick_points=1, bonus_points=0, bags=(0, 1, 1), hand_points=21, score=(0, 21)),
            ],
        ),
        scored(
            v,
            "scoring.big-bid-set-earns-no-bonus",
            seed=seed + 3,
            start=setup("N"),
            clause="scoring.big_bid_bonus",
            description=(
                "North-South bid 6 + 5 = 11 and take 10: set, -10 x 11 = -110, and no bonus (0),"
                " nor any loss beyond the set: -110. East-West bid 1 + 1 and take 3: 20 + 1 = 21,"
                " 1 bag."
            ),
            tags=[*bonus, "scoring.set_penalty"],
            bid={"N": 6, "E": 1, "S": 5, "W": 1},
            took={"N": 6, "E": 2, "S": 4, "W": 1},
            lines=[
                line("NS", contract=11, side_tricks=10, made=False, contract_points=-110,
                     bonus_points=0, hand_points=-110, score=(0, -110)),
                line("EW", contract=2, side_tricks=3, made=True, contract_points=20, overtricks=1,
                     overtrick_points=1, bonus_points=0, bags=(0, 1, 1), hand_points=21, score=(0, 21)),
            ],
        ),
    ]  # fmt: skip


def moon_wins_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """A side that takes every trick, whatever it bid, wins at once and the hand is not scored;
    twelve tricks are scored as usual."""
    expect_rules(
        v,
        {
            **BASE,
            "scoring.moon": "wins-game",
            "scoring.boston": "ordinary",
            "scoring.nil_tricks": "count",
            "scoring.nil_bonus": 100,
            "scoring.set_penalty": "per-trick-bid",
            "scoring.bags_count": "contract-made",
            "game_end.target": 500,
        },
    )
    tags = [tag(v, "scoring.moon"), tag(v, "scoring.boston")]
    moon_ns = {"status": "won", "winner": "NS", "reason": "moon"}
    return [
        scored(
            v,
            "game-end.moon-wins-the-game-unscored",
            seed=seed + 1,
            start=setup("N", (120, 300), (4, 2)),
            clause="scoring.moon",
            description=(
                "North-South, 120 to 300 behind with 4 bags, bid 3 + 2 = 5 and take all 13 tricks:"
                " they have shot the moon, which needs no particular bid, and win the game at once."
                " The hand is not scored: both sheets record the contracts (5 made with 8 over, 7"
                " set) but every points and bags item is 0, North-South's line is marked as the moon,"
                " and the totals stay 120 and 300, bags 4 and 2 (scored, North-South would have had"
                " 50 + 8 less a bag penalty for their tenth bag, and East-West -70)."
            ),
            tags=tags,
            bid={"N": 3, "E": 4, "S": 2, "W": 3},
            took={"N": 7, "E": 0, "S": 6, "W": 0},
            lines=[
                line("NS", contract=5, side_tricks=13, made=True, contract_points=0, overtricks=8,
                     overtrick_points=0, bags=(4, 0, 4), hand_points=0, score=(120, 120), moon=True),
                line("EW", contract=7, side_tricks=0, made=False, contract_points=0,
                     bags=(2, 0, 2), hand_points=0, score=(300, 300), moon=False),
            ],
            status=moon_ns,
            to_act=OVER,
        ),
        scored(
            v,
            "game-end.moon-with-a-nil-scores-no-nil",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.moon",
            description=(
                "North bids nil and South 4; South takes all 13 tricks, North none. North-South"
                " took every trick: the moon, and the game is theirs at once. North's nil is made"
                " (no trick) but, the hand not being scored, is worth 0 here, not 100; South's 4"
                " made with 9 over scores nothing either. East-West bid 3 + 3 = 6, take none, and"
                " lose nothing. Totals stay 0 and 0."
            ),
            tags=[*tags, "scoring.nil_bonus"],
            bid={"N": "nil", "E": 3, "S": 4, "W": 3},
            took={"N": 0, "E": 0, "S": 13, "W": 0},
            lines=[
                line("NS", contract=4, side_tricks=13, made=True, contract_points=0, overtricks=9,
                     nils=(nil_line("N", 0, 0),), hand_points=0, score=(0, 0), moon=True),
                line("EW", contract=6, side_tricks=0, made=False, contract_points=0,
                     hand_points=0, score=(0, 0), moon=False),
            ],
            status=moon_ns,
            to_act=OVER,
        ),
        scored(
            v,
            "game-end.twelve-tricks-scored-as-usual",
            seed=seed + 3,
            start=setup("N", (120, 300)),
            clause="scoring.moon",
            description=(
                "North-South bid 5 + 5 = 10 and take 12, one short of every trick: no moon, the"
                " hand is scored as usual, 100 + 2 = 102 and 2 bags, and the game goes on."
                " East-West bid 1 + 1 and take 1: set, -20."
            ),
            tags=tags,
            bid={"N": 5, "E": 1, "S": 5, "W": 1},
            took={"N": 6, "E": 1, "S": 6, "W": 0},
            lines=[
                line("NS", contract=10, side_tricks=12, made=True, contract_points=100, overtricks=2,
                     overtrick_points=2, bags=(0, 2, 2), hand_points=102, score=(120, 222), moon=False),
                line("EW", contract=2, side_tricks=1, made=False, contract_points=-20,
                     hand_points=-20, score=(300, 280), moon=False),
            ],
            to_act={"phase": "deal", "seat": "E"},
        ),
    ]  # fmt: skip
