# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""House-rule clause cases about what a partnership bids together: a cap on the two bids, and
an exact total that is won or lost whole."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import case, derived, setup
from spadespec.conformance.authoring.specs.house import bids, expect_rules, line, refused, scored
from spadespec.conformance.authoring.specs.house_bidding import DEALT, NUMBERS, _free_bidding
from spadespec.conformance.authoring.specs.house_scoring import BASE


def team_maximum_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Partners bid at most 13 between them, a nil counting as nothing."""
    _free_bidding(
        v,
        **{
            "bidding.constraint": "free",
            "bidding.team_minimum": None,
            "bidding.team_maximum": 13,
            "bidding.blind_nil": "not-allowed",
        },
    )
    return [
        case(
            f"{v}.team-maximum.second-partner-capped",
            variant_id=v,
            description="A partnership bids at most 13 in all. North bids 9 and East 3; South may take North-South to 13 and no further: 1 to 4, or nil (which adds nothing). 5 would make 14, so it is refused (above-team-maximum).",
            tags=["bidding.team_maximum"],
            origin=derived("bidding.team_maximum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 9, "E": 3}),
            expect={
                "to_act": {"phase": "bid", "seat": "S"},
                "legal": [1, 2, 3, 4, "nil"],
                "illegal": refused({"action": "bid", "seat": "S", "bid": 5}, "above-team-maximum"),
            },
        ),
        case(
            f"{v}.team-maximum.only-nil-after-thirteen",
            variant_id=v,
            description="North bids all 13 and East 1: the side is at its cap, so South's one bid is nil; even 1 is refused (above-team-maximum).",
            tags=["bidding.team_maximum"],
            origin=derived("bidding.team_maximum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 13, "E": 1}),
            expect={
                "legal": ["nil"],
                "illegal": refused({"action": "bid", "seat": "S", "bid": 1}, "above-team-maximum"),
            },
        ),
        case(
            f"{v}.team-maximum.nil-leaves-the-cap-whole",
            variant_id=v,
            description="North bids nil, which counts nothing toward the cap, and East 3: South may bid anything from 1 to 13, or nil.",
            tags=["bidding.team_maximum", "bidding.nil"],
            origin=derived("bidding.team_maximum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": "nil", "E": 3}),
            expect={"legal": [*NUMBERS, "nil"]},
        ),
    ]


def team_total_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Partners bid exactly 4 between them: the team minimum and maximum are both 4."""
    _free_bidding(
        v,
        **{
            "bidding.constraint": "free",
            "bidding.team_minimum": 4,
            "bidding.team_maximum": 4,
            "bidding.blind_nil": "not-allowed",
        },
    )
    exact = ["bidding.team_minimum", "bidding.team_maximum"]
    return [
        case(
            f"{v}.team-total.first-partner-bids-up-to-four",
            variant_id=v,
            description="A partnership bids exactly 4. North, first of North-South, may bid 1 to 4 or nil; 5 would already pass the four (above-team-maximum).",
            tags=exact,
            origin=derived("bidding.team_maximum"),
            start=setup("W"),
            actions=DEALT,
            expect={
                "legal": [1, 2, 3, 4, "nil"],
                "illegal": refused({"action": "bid", "seat": "N", "bid": 5}, "above-team-maximum"),
            },
        ),
        case(
            f"{v}.team-total.second-partner-makes-it-exactly-four",
            variant_id=v,
            description="North bids 1 and East 2: South's one bid is 3, bringing North-South to 4 exactly. 2 falls short (below-team-minimum), 4 passes it (above-team-maximum), and nil leaves the side on 1.",
            tags=exact,
            origin=derived("bidding.team_minimum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 1, "E": 2}),
            expect={
                "legal": [3],
                "illegal": refused({"action": "bid", "seat": "S", "bid": 4}, "above-team-maximum"),
            },
        ),
        case(
            f"{v}.team-total.nil-beside-a-partners-four",
            variant_id=v,
            description="North bids all four alone and East 2: South may only bid nil, which adds nothing; any number would pass the four.",
            tags=exact,
            origin=derived("bidding.team_maximum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 4, "E": 2}),
            expect={"legal": ["nil"]},
        ),
    ]


def exact_total_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Each side bids exactly four, won or lost whole at 40; overtricks and bags as usual."""
    expect_rules(
        v,
        {
            **BASE,
            "bidding.team_minimum": 4,
            "bidding.team_maximum": 4,
            "scoring.exact_total_points": 40,
            "scoring.set_penalty": "per-trick-short",
            "scoring.bags_count": "contract-made",
        },
    )
    exact = ["scoring.exact_total_points", "bidding.team_minimum", "bidding.team_maximum"]
    bid = {"N": 1, "E": 2, "S": 3, "W": 2}
    return [
        scored(
            v,
            "scoring.exact-four-made-scores-forty",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.exact_total_points",
            description=(
                "Both sides bid exactly four: North-South 1 + 3, East-West 2 + 2. North-South take"
                " 2 + 4 = 6: 40 for the four, plus 2 overtricks at 1 each, 2 bags: 42. East-West take"
                " 3 + 4 = 7: 40 + 3 = 43, 3 bags."
            ),
            tags=exact,
            bid=bid,
            took={"N": 2, "E": 3, "S": 4, "W": 4},
            lines=[
                line("NS", contract=4, side_tricks=6, made=True, contract_points=40, overtricks=2,
                     overtrick_points=2, bags=(0, 2, 2), hand_points=42, score=(0, 42)),
                line("EW", contract=4, side_tricks=7, made=True, contract_points=40, overtricks=3,
                     overtrick_points=3, bags=(0, 3, 3), hand_points=43, score=(0, 43)),
            ],
        ),
        scored(
            v,
            "scoring.exact-four-set-loses-forty",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.exact_total_points",
            description=(
                "North-South bid 1 + 3 = 4 and take 1 + 2 = 3: one short, and the four is lost whole:"
                " -40 (the set penalty of 10 a trick short would cost only 10). East-West bid 2 + 2"
                " and take 5 + 5 = 10: 40 + 6 overtricks = 46, 6 bags."
            ),
            tags=exact,
            bid=bid,
            took={"N": 1, "E": 5, "S": 2, "W": 5},
            lines=[
                line("NS", contract=4, side_tricks=3, made=False, contract_points=-40,
                     hand_points=-40, score=(0, -40)),
                line("EW", contract=4, side_tricks=10, made=True, contract_points=40, overtricks=6,
                     overtrick_points=6, bags=(0, 6, 6), hand_points=46, score=(0, 46)),
            ],
        ),
    ]  # fmt: skip
