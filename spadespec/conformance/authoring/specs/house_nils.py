# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""House-rule clause cases about a nil bidder's tricks: two partners' nils whose tricks count
for nothing, and a nil's tricks scored as its own overtricks."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import setup
from spadespec.conformance.authoring.specs.house import expect_rules, line, nil_line, scored, tag
from spadespec.conformance.authoring.specs.house_scoring import BASE


def double_nil_ignored_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Both partners nil: their tricks count for nothing; a single nil's count as usual."""
    expect_rules(
        v,
        {
            **BASE,
            "scoring.double_nil_tricks": "ignored",
            "scoring.nil_tricks": "count",
            "scoring.nil_bonus": 100,
            "scoring.nil_penalty": 100,
            "scoring.bags_count": "contract-made",
        },
    )
    doubled = [tag(v, "scoring.double_nil_tricks"), "nil.double", "scoring.nil_penalty"]
    return [
        scored(
            v,
            "scoring.double-nil-tricks-count-nothing",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.double_nil_tricks",
            description=(
                "North and South both bid nil; North takes 1 trick and South 2. Both nils fail,"
                " -100 each, and the three tricks count for nothing: no overtricks, no bags"
                " (standard would score them as 3 overtricks and 3 bags): -200. East-West bid"
                " 3 + 4 = 7 and take 5 + 5 = 10: 70 + 3 = 73, 3 bags."
            ),
            tags=doubled,
            bid={"N": "nil", "E": 3, "S": "nil", "W": 4},
            took={"N": 1, "E": 5, "S": 2, "W": 5},
            lines=[
                line("NS", contract=0, side_tricks=3, tricks=0, made=True, contract_points=0,
                     nils=(nil_line("N", 1, -100), nil_line("S", 2, -100)),
                     hand_points=-200, score=(0, -200)),
                line("EW", contract=7, side_tricks=10, made=True, contract_points=70, overtricks=3,
                     overtrick_points=3, bags=(0, 3, 3), hand_points=73, score=(0, 73)),
            ],
        ),
        scored(
            v,
            "scoring.single-nil-tricks-count-as-usual",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.double_nil_tricks",
            description=(
                "Only North bids nil; South bids 4. North takes 1 trick and South 4: the nil fails"
                " (-100), and with one nil its trick counts toward South's 4 as usual: 5 of 4,"
                " 40 + 1 overtrick and a bag: -59. East-West bid 3 + 4 = 7 and take 4 + 4 = 8:"
                " 70 + 1 = 71, 1 bag."
            ),
            tags=[tag(v, "scoring.double_nil_tricks"), tag(v, "scoring.nil_tricks")],
            bid={"N": "nil", "E": 3, "S": 4, "W": 4},
            took={"N": 1, "E": 4, "S": 4, "W": 4},
            lines=[
                line("NS", contract=4, side_tricks=5, made=True, contract_points=40, overtricks=1,
                     overtrick_points=1, nils=(nil_line("N", 1, -100),), bags=(0, 1, 1),
                     hand_points=-59, score=(0, -59)),
                line("EW", contract=7, side_tricks=8, made=True, contract_points=70, overtricks=1,
                     overtrick_points=1, bags=(0, 1, 1), hand_points=71, score=(0, 71)),
            ],
        ),
    ]  # fmt: skip


def nil_overtricks_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """A nil bidder's tricks are that player's own overtricks, not toward the contract."""
    expect_rules(
        v,
        {
            **BASE,
            "scoring.nil_tricks": "overtricks",
            "scoring.nil_bonus": 100,
            "scoring.nil_penalty": 100,
            "scoring.set_penalty": "per-trick-bid",
            "scoring.bags_count": "contract-made",
        },
    )
    over = [tag(v, "scoring.nil_tricks"), "nil.failed", "scoring.nil_penalty"]
    return [
        scored(
            v,
            "scoring.failed-nil-tricks-are-overtricks-beside-a-set",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.nil_tricks",
            description=(
                "North bids nil and takes 2 tricks; South bids 4 and takes 3. North's tricks do not"
                " help South: the 4 is set, -40. The nil fails, -100, and its 2 tricks are North's"
                " own overtricks, +2 and 2 bags, set contract or not: -138. (Counted toward the"
                " contract they would make it: -59.) East-West bid 3 + 4 and take 4 + 4: 70 + 1 = 71,"
                " 1 bag."
            ),
            tags=over,
            bid={"N": "nil", "E": 3, "S": 4, "W": 4},
            took={"N": 2, "E": 4, "S": 3, "W": 4},
            lines=[
                line("NS", contract=4, side_tricks=5, tricks=3, made=False, contract_points=-40,
                     overtricks=2, overtrick_points=2, nils=(nil_line("N", 2, -100),),
                     bags=(0, 2, 2), hand_points=-138, score=(0, -138)),
                line("EW", contract=7, side_tricks=8, made=True, contract_points=70, overtricks=1,
                     overtrick_points=1, bags=(0, 1, 1), hand_points=71, score=(0, 71)),
            ],
        ),
        scored(
            v,
            "scoring.failed-nil-tricks-join-the-sides-overtricks",
            seed=seed + 2,
            start=setup("N"),
            clause="scoring.nil_tricks",
            description=(
                "North bids nil and takes 1 trick; South bids 3 and takes 5: made on South's tricks"
                " alone, 30 and 2 overtricks; North's trick is a third overtrick, a point and a bag"
                " (not a bag alone): 33, and the failed nil -100: -67, 3 bags. East-West bid 3 + 4"
                " and take 3 + 4: 70."
            ),
            tags=over,
            bid={"N": "nil", "E": 3, "S": 3, "W": 4},
            took={"N": 1, "E": 3, "S": 5, "W": 4},
            lines=[
                line("NS", contract=3, side_tricks=6, tricks=5, made=True, contract_points=30,
                     overtricks=3, overtrick_points=3, nils=(nil_line("N", 1, -100),),
                     bags=(0, 3, 3), hand_points=-67, score=(0, -67)),
                line("EW", contract=7, side_tricks=7, made=True, contract_points=70,
                     hand_points=70, score=(0, 70)),
            ],
        ),
    ]  # fmt: skip
