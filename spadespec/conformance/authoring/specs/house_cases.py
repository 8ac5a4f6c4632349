# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""Which house-rule cases each house-rule ruleset gets: every rule it changes from its parent,
by the axis modules, plus the public rulesets' worked examples. One file per ruleset,
`<ruleset>/house-clauses.json`."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import setup
from spadespec.conformance.authoring.specs import house_bidding as bidding
from spadespec.conformance.authoring.specs import house_nils as nils
from spadespec.conformance.authoring.specs import house_partners as partners
from spadespec.conformance.authoring.specs import house_play as play
from spadespec.conformance.authoring.specs import house_scoring as scoring
from spadespec.conformance.authoring.specs.house import (
    Axis,
    expect_rules,
    line,
    nil_line,
    scored,
    tag,
)

PAGAT = {
    "kind": "ruleset",
    "name": "pagat.com Spades",
    "section": "Scoring: bags",
    "url": "https://www.pagat.com/auctionwhist/spades.html",
}


def pagat_bag_example(v: str, seed: int) -> list[dict[str, Any]]:
    """Pagat's worked bag example: a side on 337 with 7 bags bids 5 and takes 8."""
    expect_rules(
        v,
        {
            "scoring.points_per_bid_trick": 10,
            "scoring.overtrick_points": 1,
            "scoring.bag_threshold": 10,
            "scoring.bag_penalty": 100,
            "scoring.bag_carry": "excess-carries",
            "scoring.set_penalty": "per-trick-bid",
            "scoring.set_points_per_trick": 10,
        },
    )
    cancelled = bool(scoring._rules(v).scoring.bag_points_cancelled)
    penalty, after = (110, 280) if cancelled else (100, 290)
    if cancelled:
        words = (
            "At this table the penalty also takes back the 10 points the ten bags scored: 110,"
            " so 337 + 53 - 110 = 280 (pagat's own table, without that, gets 290)."
        )
    else:
        words = "The page's figure: 337 + 53 - 100 = 290, no bags left."
    note = (
        "By hand: contract 5 x 10 = 50; 3 overtricks x 1 = 3; bags 7 + 3 = 10, the threshold:"
        f" penalty {penalty}, count 10 - 10 = 0. 337 + 50 + 3 - {penalty} = {after}. East-West: bid"
        " 4 + 4 = 8, took 3 + 2 = 5, set: 8 x -10 = -80, 200 - 80 = 120."
    )
    return [
        scored(
            v,
            "ruleset.pagat-bag-example" if not cancelled else "scoring.pagat-bag-example-at-110",
            seed=seed,
            start=setup("N", (337, 200), (7, 0)),
            clause="scoring.bag_points_cancelled" if cancelled else "scoring.bag_penalty",
            origin=PAGAT if not cancelled else None,
            description=(
                "Pagat's bag example: North-South stand on 337 with 7 bags (the score's last digit),"
                " bid 3 + 2 = 5 and take 4 + 4 = 8: 50 for the contract, 3 for the overtricks, and"
                f" the 3 bags bring the count to 10. {words} East-West bid 8 and take 5: -80."
            ),
            tags=["scoring.bag_penalty", "scoring.bag_threshold", "bags.exact-threshold"]
            + (["scoring.bag_points_cancelled"] if cancelled else []),
            bid={"N": 3, "E": 4, "S": 2, "W": 4},
            took={"N": 4, "E": 3, "S": 4, "W": 2},
            lines=[
                line("NS", contract=5, side_tricks=8, made=True, contract_points=50, overtricks=3,
                     overtrick_points=3, bags=(7, 3, 0), bag_penalty=penalty, hand_points=53 - penalty,
                     score=(337, after)),
                line("EW", contract=8, side_tricks=5, made=False, contract_points=-80, hand_points=-80,
                     score=(200, 120)),
            ],
            note=note,
        )
    ]  # fmt: skip


def cutthroat_nil_example(v: str, seed: int) -> list[dict[str, Any]]:
    """The house-rule guide's cutthroat hand: a made contract, a set, a failed nil, each alone."""
    expect_rules(
        v,
        {
            "table.sides": "individual",
            "scoring.nil_penalty": 100,
            "scoring.nil_tricks": "count",
            "scoring.set_penalty": "per-trick-bid",
        },
    )
    return [
        scored(
            v,
            "three.failed-nil-tricks-are-the-players-own-bags",
            seed=seed,
            start={"dealer": "N", "scores": {"N": 0, "E": 0, "S": 0}, "bags": {"N": 0, "E": 0, "S": 0}},
            clause="table.sides",
            description=(
                "North bids 6 and takes 7: 60 + 1 = 61, 1 bag. East bids 5 and takes 4: set, 5 x -10"
                " = -50. South bids nil and takes 6: the nil fails, -100, and alone South's 6 tricks"
                " are overtricks on a contract of nothing: 6 points and 6 bags; South -94."
            ),
            tags=[tag(v, "table.sides"), "nil.failed", "hand.seventeen-tricks"],
            bid={"N": 6, "E": 5, "S": "nil"},
            took={"N": 7, "E": 4, "S": 6},
            lines=[
                line("N", contract=6, side_tricks=7, made=True, contract_points=60, overtricks=1,
                     overtrick_points=1, bags=(0, 1, 1), hand_points=61, score=(0, 61)),
                line("E", contract=5, side_tricks=4, made=False, contract_points=-50, hand_points=-50,
                     score=(0, -50)),
                line("S", contract=0, side_tricks=6, made=True, contract_points=0, overtricks=6,
                     overtrick_points=6, nils=(nil_line("S", 6, -100),), bags=(0, 6, 6),
                     hand_points=-94, score=(0, -94)),
            ],
        )
    ]  # fmt: skip


def cutthroat_tie_at_the_top(v: str, seed: int) -> list[dict[str, Any]]:
    """Two of three players reach the target level: the tie rule decides, not seat order."""
    expect_rules(
        v,
        {
            "table.sides": "individual",
            "game_end.target": 500,
            "game_end.target_rule": "reach",
            "game_end.tie": "play-another-hand",
        },
    )
    alone = {"N": 0, "E": 0, "S": 0}
    return [
        scored(
            v,
            "three.two-level-at-the-top",
            seed=seed,
            start={"dealer": "N", "scores": {"N": 460, "E": 470, "S": 100}, "bags": alone},
            clause="game_end.tie",
            description=(
                "North on 460 bids 4 and takes 4: 500. East on 470 bids 3 and takes 3: 500. South"
                " on 100 bids 10 and takes 10: 200. Two players reach 500 together and level: equal"
                " totals at the top mean another hand here, dealt by East (not a win for the first"
                " of them round the table)."
            ),
            tags=[
                tag(v, "game_end.tie"),
                "game.equal-totals",
                "game.both-past-target",
                tag(v, "table.sides"),
            ],
            bid={"N": 4, "E": 3, "S": 10},
            took={"N": 4, "E": 3, "S": 10},
            lines=[
                line(
                    "N",
                    contract=4,
                    side_tricks=4,
                    made=True,
                    contract_points=40,
                    hand_points=40,
                    score=(460, 500),
                ),
                line(
                    "E",
                    contract=3,
                    side_tricks=3,
                    made=True,
                    contract_points=30,
                    hand_points=30,
                    score=(470, 500),
                ),
                line(
                    "S",
                    contract=10,
                    side_tricks=10,
                    made=True,
                    contract_points=100,
                    hand_points=100,
                    score=(100, 200),
                ),
            ],
            to_act={"phase": "deal", "seat": "E"},
        )
    ]


HOUSE: dict[str, tuple[Axis, ...]] = {
    "pagat-jokers": (play.jokers_cases,),
    "joker-joker-deuce-deuce": (play.deuces_cases,),
    "cutthroat": (play.three_seat_cases, cutthroat_nil_example, cutthroat_tie_at_the_top),
    "spades-any-time": (play.spades_any_time_cases,),
    "pagat-blind-nil": (bidding.blind_nil_cases, pagat_bag_example),
    "blind-nil-any-time": (bidding.blind_nil_any_time_cases,),
    "blind-nil-pass-four": (bidding.blind_nil_pass_four_cases,),
    "msn-zone": (scoring.losing_floor_cases,),
    "msn-suicide": (bidding.suicide_cases,),
    "msn-mirror": (bidding.mirror_cases,),
    "msn-whiz": (bidding.whiz_cases,),
    "team-minimum-four": (bidding.team_minimum_cases,),
    "zero-bid": (bidding.zero_bid_cases,),
    "no-nil": (bidding.no_nil_cases,),
    "bags-off-set-nothing": (scoring.set_nothing_cases, scoring.bags_never_cases),
    "five-bags-fifty": (scoring.five_bags_cases,),
    "minus-110": (scoring.bag_points_back_cases, pagat_bag_example),
    "ten-for-two-hundred": (scoring.ten_for_200_cases,),
    "boston": (scoring.boston_points_cases,),
    "boston-wins-game": (scoring.boston_wins_cases,),
    "fixed-ten-hands": (scoring.fixed_hands_cases,),
    "team-maximum-thirteen": (partners.team_maximum_cases,),
    "team-total-four": (partners.team_total_cases, partners.exact_total_cases),
    "double-nil-counts-nothing": (nils.double_nil_ignored_cases,),
    "failed-nil-overtricks": (nils.nil_overtricks_cases,),
    "big-bid-bonus": (scoring.big_bid_bonus_cases,),
    "moon-wins-game": (scoring.moon_wins_cases,),
}
"""Each house-rule ruleset and the axes its cases come from; a ruleset's seeds start at
10000 + 100 x its place here, so adding one never moves another's deals."""


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    out: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for index, (v, axes) in enumerate(HOUSE.items()):
        seed = 10000 + 100 * index
        cases = [c for number, axis in enumerate(axes) for c in axis(v, seed + 10 * number)]
        out[f"{v}/house-clauses.json"] = (
            f"The rules {v} changes, one clause at a time, worked by hand.",
            cases,
        )
    # OpenSpiel is no house ruleset, but its cap on a partnership's bids is a house axis.
    out["openspiel/house-clauses.json"] = (
        "The house-rule axis openspiel plays: partners bid at most 13 together.",
        partners.team_maximum_cases("openspiel", 0),
    )
    return out
