# ruff: noqa: E501  (hand-worked descriptions read best unbroken)
"""Whole hands scored by their totals alone, played so that no spade is ever led from a hand
that holds another suit.

An engine that never lets spades be broken (OpenSpiel's, see docs/compat/openspiel.md) can
replay these logs to the end, so its running totals, bags and end of game are checked: made
and set contracts, nil, bags at and past ten, a target reached from a prior total, the losing
floor, and bags carried by a side below zero. Every case asks only totals, bags, status and
who acts next. Figures are worked by hand from the variant's rules (the arithmetic is in each
description); generating the file also scores every hand with `hand_math` and refuses to write
a case the two readings disagree on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spadespec.conformance.authoring import hand_math
from spadespec.conformance.authoring.build import case, derived, setup, value_tag, variant
from spadespec.conformance.authoring.deal_search import find_play
from spadespec.reference_engine.cards import SPADES
from spadespec.reference_engine.game import Game

NOTE = (
    "Deal and play found by spadespec.conformance.authoring.deal_search, with no spade ever led by a"
    " player holding another suit, so an engine that never breaks spades can still replay the"
    " log. The expected figures were worked by hand from the variant's scoring and game-end"
    " rules (see the description) and checked against conformance/authoring/hand_math.py."
)


def no_spade_lead_from_mixed_hand(game: Game, legal: list[int]) -> list[int]:
    """A leader who holds any other suit leads it: spades are led only from an all-spade hand."""
    if game.current_trick:
        return legal
    others = [card for card in legal if card // 13 != SPADES]
    return others or legal


@dataclass(frozen=True)
class Hand:
    """One hand of a case: who deals, what each seat bids and how many tricks it takes."""

    dealer: str
    bids: Mapping[str, int | str]
    tricks: Mapping[str, int]


@dataclass(frozen=True)
class Spec:
    """A case written once for each variant it is listed under."""

    slug: str
    variants: tuple[str, ...]
    description: str
    clause: str
    tags: tuple[str, ...]
    value_tags: tuple[str, ...]
    scores: tuple[int, int]
    bags: tuple[int, int]
    hands: tuple[Hand, ...]
    totals: tuple[int, int]
    bags_after: tuple[int, int]
    winner: str | None  # None: the game goes on
    next_dealer: str
    seed: int
    ask_bags: bool = True


BOTH = ("openspiel", "standard")
SCORING = (
    "scoring.points_per_bid_trick",
    "scoring.overtrick_points",
    "scoring.set_penalty",
    "scoring.bags_count",
)

SPECS: tuple[Spec, ...] = (
    Spec(
        "made-and-set",
        BOTH,
        "From 0 to 0, North-South bid 4 + 3 = 7 and take 5 + 4 = 9: 7 x 10 + 2 overtricks = 72, 2 bags."
        " East-West bid 3 + 2 = 5 and take 2 + 2 = 4: set, 5 x -10 = -50, and a set side records no bags."
        " Totals 72 to -50; nobody is near 500, so East deals next.",
        "scoring.set_penalty",
        ("hand.score-only",),
        SCORING,
        (0, 0),
        (0, 0),
        (Hand("N", {"N": 4, "E": 3, "S": 3, "W": 2}, {"N": 5, "E": 2, "S": 4, "W": 2}),),
        (72, -50),
        (2, 0),
        None,
        "E",
        11,
    ),
    Spec(
        "nil-made-and-nil-failed",
        BOTH,
        "North-South start on 100, East-West on 200, neither with bags. North bids nil and takes"
        " nothing: +100; South bids 4 and takes 5: 40 + 1 = 41, 1 bag; 100 + 141 = 241. East bids"
        " nil and takes 2: -100; West bids 3 and takes 6, and East's 2 tricks count too: 8 against"
        " 3, 30 + 5 = 35, 5 bags; 200 + 35 - 100 = 135.",
        "scoring.nil_tricks",
        ("hand.score-only", "nil.failed"),
        ("scoring.nil_bonus", "scoring.nil_penalty", "scoring.nil_tricks", "scoring.bags_count"),
        (100, 200),
        (0, 0),
        (Hand("N", {"N": "nil", "E": "nil", "S": 4, "W": 3}, {"N": 0, "E": 2, "S": 5, "W": 6}),),
        (241, 135),
        (1, 5),
        None,
        "E",
        12,
    ),
    Spec(
        "double-nil",
        BOTH,
        "North-South start on 100, East-West on 0. North and South both bid nil; North takes"
        " nothing (+100), South takes 1 (-100). Their contract is 0, so South's trick is an"
        " overtrick: +1 and 1 bag; 100 + 1 = 101. East-West bid 5 + 5 = 10 and take 12:"
        " 100 + 2 = 102, 2 bags.",
        "nil.double",
        ("hand.score-only", "nil.double", "nil.failed"),
        ("scoring.nil_bonus", "scoring.nil_penalty", "scoring.nil_tricks"),
        (100, 0),
        (0, 0),
        (Hand("N", {"N": "nil", "E": 5, "S": "nil", "W": 5}, {"N": 0, "E": 6, "S": 1, "W": 6}),),
        (101, 102),
        (1, 2),
        None,
        "E",
        13,
    ),
    Spec(
        "bags-exactly-ten-and-past-ten",
        BOTH,
        "North-South start on 127 with 7 bags, East-West on 148 with 8. North-South bid 3 + 2 = 5"
        " and take 9: 50 + 4 = 54, bags 7 + 4 = 11, one penalty of 100 and 1 bag carried:"
        " 127 + 54 - 100 = 81. East-West bid 1 + 1 = 2 and take 4: 20 + 2 = 22, bags 8 + 2 = 10,"
        " exactly ten, one penalty and 0 bags: 148 + 22 - 100 = 70.",
        "scoring.bag_threshold",
        ("hand.score-only", "bags.exact-threshold", "bags.past-threshold"),
        (
            "scoring.bag_threshold",
            "scoring.bag_penalty",
            "scoring.bag_carry",
            "scoring.overtrick_points",
        ),
        (127, 148),
        (7, 8),
        (Hand("N", {"N": 3, "E": 1, "S": 2, "W": 1}, {"N": 5, "E": 2, "S": 4, "W": 2}),),
        (81, 70),
        (1, 0),
        None,
        "E",
        14,
    ),
    Spec(
        "target-passed-from-prior-total",
        BOTH,
        "North-South start on 460, East-West on 300. North-South bid 3 + 3 = 6 and take 7:"
        " 60 + 1 = 61, total 521, past 500. East-West bid 3 + 3 = 6 and take 6: 60, total 360."
        " North-South reach the target and are ahead: they win and the game is over.",
        "game_end.target",
        ("hand.score-only",),
        ("game_end.target", "game_end.target_rule"),
        (460, 300),
        (0, 0),
        (Hand("N", {"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 3, "W": 3}),),
        (521, 360),
        (1, 0),
        "NS",
        "E",
        15,
    ),
    Spec(
        "losing-floor-exact",
        ("openspiel",),
        "North-South start on 100, East-West on -290. North-South bid 3 + 3 = 6 and take 8:"
        " 60 + 2 = 62, total 162. East-West bid 3 + 3 = 6 and take 5: set, -60, total -350, on"
        " the losing floor of -350 and behind: East-West lose, North-South win, the game is over.",
        "game_end.losing_floor",
        ("hand.score-only", "game.floor-exact"),
        ("game_end.losing_floor", "scoring.set_penalty"),
        (100, -290),
        (0, 0),
        (Hand("N", {"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 4, "W": 2}),),
        (162, -350),
        (2, 0),
        "NS",
        "E",
        16,
    ),
    Spec(
        "no-losing-floor",
        ("standard",),
        "North-South start on 100, East-West on -290. North-South bid 3 + 3 = 6 and take 8:"
        " 60 + 2 = 62, total 162. East-West bid 3 + 3 = 6 and take 5: set, -60, total -350. The"
        " standard game has no losing floor and nobody has 500, so it goes on; East deals next.",
        "game_end.losing_floor",
        ("hand.score-only",),
        ("game_end.losing_floor", "scoring.set_penalty"),
        (100, -290),
        (0, 0),
        (Hand("N", {"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 4, "W": 2}),),
        (162, -350),
        (2, 0),
        None,
        "E",
        16,
    ),
    Spec(
        "bags-kept-below-zero",
        BOTH,
        "From 0 to 0, East bids nil and takes 2: -100; West bids 3 and takes 6, East's tricks"
        " counting: 8 against 3, 30 + 5 = 35 and 5 bags, so East-West stand on -65 with 5 bags."
        " North-South bid 3 + 2 = 5 and take 5: 50, no bags. A side below zero keeps its bags.",
        "scoring.bags_count",
        ("hand.score-only", "nil.failed"),
        ("scoring.bags_count", "scoring.nil_tricks", "scoring.nil_penalty"),
        (0, 0),
        (0, 0),
        (Hand("N", {"N": 3, "E": "nil", "S": 2, "W": 3}, {"N": 3, "E": 2, "S": 2, "W": 6}),),
        (50, -65),
        (0, 5),
        None,
        "E",
        17,
    ),
    Spec(
        "bag-penalty-below-zero",
        BOTH,
        "Two hands from 0 to 0. First hand (North deals): East bids nil and takes 2 (-100), West bids"
        " 3 and takes 6: 8 against 3, 30 + 5 = 35, 5 bags; East-West -65 with 5 bags. North-South"
        " bid 3 + 2 = 5, take 5: 50. Second hand (East deals): East-West bid 2 + 2 = 4 and take 9:"
        " 40 + 5 = 45, bags 5 + 5 = 10, a penalty of 100 and 0 bags: -65 + 45 - 100 = -120."
        " North-South bid 2 + 2 = 4, take 4: 40, total 90.",
        "scoring.bag_threshold",
        ("hand.score-only", "nil.failed", "bags.exact-threshold"),
        (
            "scoring.bag_threshold",
            "scoring.bag_penalty",
            "scoring.bags_count",
            "deal.dealer_rotation",
        ),
        (0, 0),
        (0, 0),
        (
            Hand("N", {"N": 3, "E": "nil", "S": 2, "W": 3}, {"N": 3, "E": 2, "S": 2, "W": 6}),
            Hand("E", {"N": 2, "E": 2, "S": 2, "W": 2}, {"N": 2, "E": 5, "S": 2, "W": 4}),
        ),
        (90, -120),
        (0, 0),
        None,
        "S",
        18,
    ),
    Spec(
        "double-nil-failed-with-two-bag-penalties",
        BOTH,
        "North-South start on 9 with 9 bags, East-West on 0. North and South both bid nil and take"
        " 7 and 6 tricks: -100 - 100. Their contract is 0, so all 13 tricks are overtricks: +13,"
        " and bags 9 + 13 = 22 cost two penalties of 100 (2 bags carried). The hand is"
        " -200 + 13 - 200 = -387, total 9 - 387 = -378. East-West bid 1 + 1 = 2, take nothing:"
        " set, -20. Under openspiel -378 is past the losing floor of -350 and behind, so"
        " East-West win; the standard game has no floor and goes on, East to deal. (Bags are not"
        " asked: the case is about the end of the game.)",
        "game_end.losing_floor",
        ("hand.score-only", "nil.double", "nil.failed", "bags.past-threshold"),
        ("game_end.losing_floor", "scoring.bag_penalty", "scoring.nil_tricks", "scoring.bag_carry"),
        (9, 0),
        (9, 0),
        (Hand("N", {"N": "nil", "E": 1, "S": "nil", "W": 1}, {"N": 7, "E": 0, "S": 6, "W": 0}),),
        (-378, -20),
        (2, 0),
        "EW",  # standard: see _WINNER_BY_VARIANT
        "E",
        19,
        ask_bags=False,
    ),
)

# A spec whose end differs between the two variants: (slug, variant) -> winner.
_WINNER_BY_VARIANT = {("double-nil-failed-with-two-bag-penalties", "standard"): None}


def _winner(v: str, spec: Spec) -> str | None:
    return _WINNER_BY_VARIANT.get((spec.slug, v), spec.winner)


def _log(v: str, spec: Spec) -> list[dict[str, Any]]:
    start = setup(spec.hands[0].dealer, spec.scores, spec.bags)
    log: list[dict[str, Any]] = []
    for index, hand in enumerate(spec.hands):
        found = find_play(
            variant(v),
            dealer=hand.dealer,
            bids=hand.bids,
            tricks=hand.tricks,
            seed=spec.seed * 100 + index,
            setup=start,
            prefix=log,
            keep=no_spade_lead_from_mixed_hand,
        )
        log += found.actions
    return log


def _cross_check(v: str, spec: Spec) -> None:
    """Score every hand again with `hand_math`; refuse a case whose typed figures disagree."""
    rules = variant(v).rules
    score = {"NS": spec.scores[0], "EW": spec.scores[1]}
    bags = {"NS": spec.bags[0], "EW": spec.bags[1]}
    for hand in spec.hands:
        for side in ("NS", "EW"):
            line = hand_math.score_side(
                rules, side, hand.bids, hand.tricks, score[side], bags[side]
            )
            score[side], bags[side] = line["score_after"], line["bags_after"]
    status = hand_math.status_after(rules, score)
    typed = (
        {"NS": spec.totals[0], "EW": spec.totals[1]},
        {"NS": spec.bags_after[0], "EW": spec.bags_after[1]},
    )
    if (score, bags) != typed or status["winner"] != _winner(v, spec):
        raise ValueError(f"{v}.totals.{spec.slug}: hand_math gives {score}, {bags}, {status}")


def _case(v: str, spec: Spec) -> dict[str, Any]:
    _cross_check(v, spec)
    winner = _winner(v, spec)
    over = winner is not None
    expect: dict[str, Any] = {"totals": {"NS": spec.totals[0], "EW": spec.totals[1]}}
    if spec.ask_bags:
        expect["bags"] = {"NS": spec.bags_after[0], "EW": spec.bags_after[1]}
    expect["status"] = {"status": "won" if over else "continues", "winner": winner}
    expect["to_act"] = (
        {"phase": "over", "seat": None} if over else {"phase": "deal", "seat": spec.next_dealer}
    )
    return case(
        f"{v}.totals.{spec.slug}",
        variant_id=v,
        description=spec.description,
        tags=[*spec.tags, *(value_tag(v, t) if t in _VALUE_TAGGED else t for t in spec.value_tags)],
        origin=derived(spec.clause),
        start=setup(spec.hands[0].dealer, spec.scores, spec.bags),
        actions=_log(v, spec),
        expect=expect,
        note=NOTE,
    )


# Rule values the tag registry names (`rule=value`); other rules are tagged by their name only.
_VALUE_TAGGED = {
    "scoring.set_penalty",
    "scoring.bags_count",
    "scoring.nil_tricks",
    "scoring.bag_carry",
    "game_end.target_rule",
    "deal.dealer_rotation",
}


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    by_variant = {v: [_case(v, spec) for spec in SPECS if v in spec.variants] for v in BOTH}
    return {
        "openspiel/reproductions.json": (
            "Whole hands under the openspiel variant in which no spade is ever led from a hand"
            " holding another suit, scored by totals, bags and the end of the game only: what"
            " OpenSpiel can replay, so its scoring and game-end deviations show as failures.",
            by_variant["openspiel"],
        ),
        "standard/totals-only.json": (
            "Whole hands under the standard rules in which no spade is ever led from a hand"
            " holding another suit, scored by totals, bags and the end of the game only.",
            by_variant["standard"],
        ),
    }
