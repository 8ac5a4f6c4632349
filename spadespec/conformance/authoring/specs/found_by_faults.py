# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""Cases written where a deliberately broken engine (`spadespec.conformance.faults`) got through the rest
of the suite: each case reaches a situation no other case did, and names in its description the
rule a broken engine gets wrong there. One file per ruleset, `<ruleset>/found-by-faults.json`.

Whole hands come from searched deals (only the trick counts matter) and carry the itemised
sheet, totals, bags and status, so a score keeper told only bids and tricks can be checked on
them too; positions come from deals laid out by hand below. Every figure is worked in the
description; `expect_rules` checks first that the ruleset plays the values they rest on.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import bids_log, case, derived, nil, plays_log, setup
from spadespec.conformance.authoring.specs.clauses import EVEN_BIDS, RULES, TRUMP
from spadespec.conformance.authoring.specs.house import (
    bids,
    deal,
    expect_rules,
    line,
    plays,
    refused,
    scored,
    tag,
)

CONTINUES = {"status": "continues", "winner": None}
OVER = {"phase": "over", "seat": None}
EAST_DEALS = {"phase": "deal", "seat": "E"}
BASE = {
    "scoring.points_per_bid_trick": 10,
    "scoring.overtrick_points": 1,
    "scoring.set_points_per_trick": 10,
    "scoring.boston": "ordinary",
    "scoring.bonus_bid_tricks": None,
}

# TRUMP with North's jack of diamonds and South's 2 of diamonds changed over: North holds
# AKQ2 of diamonds beside the ace of clubs, and the 2 of diamonds is the card numbered one
# above the ace of clubs.
DISCARD = "N:AKQ.AKQ.AKQ2.AKQ JT9.JT98.T98765. 8765.765.J43.432 432.432..JT98765"
# TRUMP with South's 3 of clubs and West's 5 of clubs changed over: South holds the 2 of clubs
# but not the 3.
NO_THREE = "N:AKQ.AKQ.AKQJ.AKQ JT9.JT98.T98765. 8765.765.432.542 432.432..JT98763"
# Jokers (2C and 2D out): North twelve hearts and the ace of clubs; East the seven top spades
# and six diamonds, no heart; South the little joker, six low spades and six diamonds, no
# heart; West the big joker, the 2 of hearts and eleven clubs.
JOKER_AFTER_ACE = deal(
    N="AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AC",
    E="AS KS QS JS TS 9S 8S AD KD QD JD TD 9D",
    S="LJ 7S 6S 5S 4S 3S 2S 8D 7D 6D 5D 4D 3D",
    W="BJ 2H KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
)
# Joker-joker-deuce-deuce (2C and 2H out; BJ, LJ, 2D, 2S above the ace): North eleven hearts
# and two clubs; East seven top spades, five diamonds and the 3 of clubs, no heart; South the
# 2 of spades, five low spades and seven diamonds, no heart; West the 3 of hearts, both
# jokers, the 2 of diamonds and nine clubs.
DEUCE_AFTER_ACE = deal(
    N="AH KH QH JH TH 9H 8H 7H 6H 5H 4H AC KC",
    E="AS KS QS JS TS 9S 8S AD KD QD JD TD 3C",
    S="2S 7S 6S 5S 4S 3S 9D 8D 7D 6D 5D 4D 3D",
    W="3H BJ LJ 2D QC JC TC 9C 8C 7C 6C 5C 4C",
)


# --- the end of the game --------------------------------------------------------------------


def target_through_bag_points(v: str, seed: int) -> dict[str, Any]:
    """A side gets to the target only with the points its two bags score."""
    r = RULES[v]
    T = r.target
    before = T - 52 + (1 if r.exceed else 0)
    after = before + 52
    reached = f"goes past {T}" if r.exceed else f"reaches {T}"
    return scored(
        v,
        "game-end.target-reached-through-bag-points",
        seed=seed,
        start=setup("N", (before, T - 200)),
        clause="game_end.target",
        description=(
            f"North-South start on {before}, bid 3 + 2 = 5 and take 4 + 3 = 7: 50 for the contract and"
            f" 2 for the two overtricks (2 bags), so {before} + 52 = {after}, which {reached}: North-South"
            f" win {after} to {T - 140}. Without the 2 points their bags scored they would stand on"
            f" {after - 2} and play on: the points from bags count toward the target like any other."
            f" East-West bid 3 + 3 = 6 and take 6: {T - 200} + 60 = {T - 140}."
        ),
        tags=["game_end.target", tag(v, "game_end.target_rule"), "scoring.overtrick_points", "game.target-through-bags"],
        bid={"N": 3, "E": 3, "S": 2, "W": 3},
        took={"N": 4, "E": 3, "S": 3, "W": 3},
        lines=[
            line("NS", contract=5, side_tricks=7, made=True, contract_points=50, overtricks=2,
                 overtrick_points=2, bags=(0, 2, 2), hand_points=52, score=(before, after)),
            line("EW", contract=6, side_tricks=6, made=True, contract_points=60, hand_points=60,
                 score=(T - 200, T - 140)),
        ],
        status={"status": "won", "winner": "NS"},
        to_act=OVER,
    )  # fmt: skip


def equal_totals_on_the_target(v: str, seed: int) -> dict[str, Any]:
    """Under exceed, both sides level on exactly the target: nobody has passed it."""
    r = RULES[v]
    if not r.exceed:
        raise ValueError(f"{v} is won by reaching the target; its equal-totals case is on it")
    T = r.target
    return scored(
        v,
        "game-end.equal-totals-on-the-target",
        seed=seed,
        start=setup("N", (T - 50, T - 80)),
        clause="game.equal-totals",
        description=(
            f"North-South {T - 50} + 50 (bid 3 + 2, made) and East-West {T - 80} + 80 (bid 4 + 4, made)"
            f" both end on exactly {T}. A side must go past {T} here, and neither has: the game goes on"
            " (East deals), whatever the rule for equal totals would say."
        ),
        tags=["game.equal-totals", "game.target-exact", tag(v, "game_end.target_rule"), tag(v, "game_end.tie")],
        bid={"N": 3, "E": 4, "S": 2, "W": 4},
        took={"N": 3, "E": 4, "S": 2, "W": 4},
        lines=[
            line("NS", contract=5, side_tricks=5, made=True, contract_points=50, hand_points=50,
                 score=(T - 50, T)),
            line("EW", contract=8, side_tricks=8, made=True, contract_points=80, hand_points=80,
                 score=(T - 80, T)),
        ],
        to_act=EAST_DEALS,
    )  # fmt: skip


# --- bags -----------------------------------------------------------------------------------


# Bags carried in, the count after North's 12 bags, how often the penalty is paid, what each
# payment costs, the count left: worked by hand for each way a ruleset prices bags, keyed by
# (threshold, penalty, bag points taken back too).
PENALTIES = {
    (10, 100, False): (9, "9 + 12 = 21: past 10 twice (21 - 10 - 10 = 1)", 2, 100, 1),
    (10, 100, True): (9, "9 + 12 = 21: past 10 twice (21 - 10 - 10 = 1)", 2, 110, 1),
    (5, 50, False): (4, "4 + 12 = 16: past 5 three times (16 - 5 - 5 - 5 = 1)", 3, 50, 1),
}
TIMES = {2: "twice", 3: "three-times"}


def bag_penalties_in_one_hand(v: str, seed: int) -> dict[str, Any]:
    """North bids 1 beside South's nil and takes all thirteen tricks: twelve bags at once,
    enough to pay the penalty more than once."""
    s = _rules(v).scoring
    expect_rules(v, {**BASE, "table.players": 4, "scoring.bag_carry": "excess-carries"})
    if (
        str(s.set_penalty) not in ("per-trick-bid", "per-trick-short")
        or str(s.bags_count) == "never"
    ):
        raise ValueError(f"{v}: the figures assume bags kept and a set priced by the trick")
    carried, count_words, times, each, left = PENALTIES[
        (s.bag_threshold, s.bag_penalty, s.bag_points_cancelled)
    ]
    B = s.nil_bonus
    cost = times * each
    hand_points = 10 + 12 + B - cost
    if hand_points >= 0:
        raise ValueError(f"{v}: the description is worded for a hand that loses points")
    price = (
        f"{each} (the 100 and the 10 points those ten bags scored)" if each == 110 else f"{each}"
    )
    return scored(
        v,
        f"scoring.bag-penalty-{TIMES[times]}-in-one-hand",
        seed=seed,
        start=setup("N", (250, 100), (carried, 0)),
        clause="scoring.bag_carry",
        description=(
            f"North-South carry {carried} bags. North bids 1, South nil, and North takes all thirteen"
            f" tricks: 10 for the contract, 12 overtricks at a point each, South's nil made +{B}. The 12"
            f" bags bring the count to {count_words}: the penalty is paid each time, {times} x {price} ="
            f" {cost}, and {left} bag carries on. Hand 10 + 12 + {B} - {cost} = {hand_points}: 250 -"
            f" {-hand_points} = {250 + hand_points}. East-West bid 1 + 1 and take nothing: set, -20 (two"
            " tricks bid, two short), 100 - 20 = 80."
        ),
        tags=["scoring.bag_threshold", "scoring.bag_penalty", tag(v, "scoring.bag_carry"), "bags.past-threshold",
              "bags.two-penalties", "scoring.nil_bonus"]
        + (["scoring.bag_points_cancelled"] if s.bag_points_cancelled else []),
        bid={"N": 1, "E": 1, "S": "nil", "W": 1},
        took={"N": 13, "E": 0, "S": 0, "W": 0},
        lines=[
            line("NS", contract=1, side_tricks=13, made=True, contract_points=10, overtricks=12,
                 overtrick_points=12, nils=(nil("S", 0, B),), bags=(carried, 12, left),
                 bag_penalty=cost, hand_points=hand_points, score=(250, 250 + hand_points)),
            line("EW", contract=2, side_tricks=0, made=False, contract_points=-20, hand_points=-20,
                 score=(100, 80)),
        ],
        to_act=EAST_DEALS,
    )  # fmt: skip


# --- bidding every trick --------------------------------------------------------------------


def every_trick_bid_by_one_seat(v: str, seed: int) -> list[dict[str, Any]]:
    """One seat bids every trick of the hand, beside a partner's nil (four seats) or alone
    (three); the hand is scored made, and set."""
    rules = _rules(v)
    expect_rules(v, {**BASE, "scoring.set_penalty": "per-trick-bid", "scoring.nil_bonus": 100})
    n = 17 if rules.table.players == 3 else 13
    expect_rules(v, {"bidding.max_bid": n})
    if rules.table.players == 3:
        zero = {"N": 0, "E": 0, "S": 0}
        start = {"dealer": "N", "scores": zero, "bags": zero}
        bid: dict[str, Any] = {"N": 17, "E": 1, "S": 1}
        made = scored(
            v,
            "three.one-player-bids-all-seventeen.made",
            seed=seed,
            start=start,
            clause="bidding.max_bid",
            description=(
                "Three players: North bids 17, every trick of a 17-card hand; East and South bid 1 each."
                " North takes all 17: 17 x 10 = 170. East and South take nothing and are set: 1 x -10 = -10 each."
            ),
            tags=["bidding.max_bid", "bid.every-trick", tag(v, "table.sides"), "hand.seventeen-tricks"],
            bid=bid,
            took={"N": 17, "E": 0, "S": 0},
            lines=[
                line("N", contract=17, side_tricks=17, made=True, contract_points=170, hand_points=170, score=(0, 170)),
                line("E", contract=1, side_tricks=0, made=False, contract_points=-10, hand_points=-10, score=(0, -10)),
                line("S", contract=1, side_tricks=0, made=False, contract_points=-10, hand_points=-10, score=(0, -10)),
            ],
            to_act=EAST_DEALS,
        )  # fmt: skip
        short = scored(
            v,
            "three.one-player-bids-all-seventeen.set",
            seed=seed + 1,
            start=start,
            clause="bidding.max_bid",
            description=(
                "North bids 17 and takes 16: set, 17 x -10 = -170. East bids 1 and takes the other trick:"
                " 10. South bids 1 and takes nothing: -10."
            ),
            tags=["bidding.max_bid", "bid.every-trick", tag(v, "table.sides"), "hand.seventeen-tricks"],
            bid=bid,
            took={"N": 16, "E": 1, "S": 0},
            lines=[
                line("N", contract=17, side_tricks=16, made=False, contract_points=-170, hand_points=-170, score=(0, -170)),
                line("E", contract=1, side_tricks=1, made=True, contract_points=10, hand_points=10, score=(0, 10)),
                line("S", contract=1, side_tricks=0, made=False, contract_points=-10, hand_points=-10, score=(0, -10)),
            ],
            to_act=EAST_DEALS,
        )  # fmt: skip
        return [made, short]
    expect_rules(v, {"scoring.nil_tricks": "count", "table.players": 4})
    bid = {"N": 13, "E": 1, "S": "nil", "W": 1}
    made = scored(
        v,
        "scoring.one-seat-bids-all-thirteen.made",
        seed=seed,
        start=setup("N"),
        clause="bidding.max_bid",
        description=(
            "North bids 13, every trick, and South nil: the contract is 13. North takes all thirteen:"
            " 13 x 10 = 130, no overtrick, and South's nil is made, +100: 230. East-West bid 1 + 1 and"
            " take nothing: -20."
        ),
        tags=["bidding.max_bid", "bid.every-trick", "scoring.nil_bonus"],
        bid=bid,
        took={"N": 13, "E": 0, "S": 0, "W": 0},
        lines=[
            line("NS", contract=13, side_tricks=13, made=True, contract_points=130,
                 nils=(nil("S", 0, 100),), hand_points=230, score=(0, 230)),
            line("EW", contract=2, side_tricks=0, made=False, contract_points=-20, hand_points=-20, score=(0, -20)),
        ],
        to_act=EAST_DEALS,
    )  # fmt: skip
    short = scored(
        v,
        "scoring.one-seat-bids-all-thirteen.set",
        seed=seed + 1,
        start=setup("N"),
        clause="bidding.max_bid",
        description=(
            "North bids 13 beside South's nil and takes 12; East takes the other trick. North-South are"
            " set: 13 x -10 = -130, and South's nil is made, +100: -30. East-West bid 1 + 1 and take 1:"
            " set, -20."
        ),
        tags=["bidding.max_bid", "bid.every-trick", "scoring.nil_bonus"],
        bid=bid,
        took={"N": 12, "E": 1, "S": 0, "W": 0},
        lines=[
            line("NS", contract=13, side_tricks=12, made=False, contract_points=-130,
                 nils=(nil("S", 0, 100),), hand_points=-30, score=(0, -30)),
            line("EW", contract=2, side_tricks=1, made=False, contract_points=-20, hand_points=-20, score=(0, -20)),
        ],
        to_act=EAST_DEALS,
    )  # fmt: skip
    return [made, short]


# --- the cases of each ruleset --------------------------------------------------------------


def standard_cases(v: str, seed: int) -> list[dict[str, Any]]:
    out = [target_through_bag_points(v, seed), *every_trick_bid_by_one_seat(v, seed + 10)]
    out.append(
        case(
            f"{v}.play.must-follow-suit.ace-of-clubs-on-a-diamond-lead",
            variant_id=v,
            description=(
                "East deals; South leads the jack of diamonds and West, out of diamonds, throws 5C. North"
                " holds AKQ2 of diamonds and must follow: the ace of clubs is refused (must-follow-suit),"
                " though the card next above it in deck order, the 2 of diamonds, may be played."
            ),
            tags=["play.follow-suit", "play.void-any-card"],
            origin=derived("play.follow-suit"),
            start=setup("E"),
            actions=[
                {"action": "deal", "hands": DISCARD},
                *bids_log(v, "E", EVEN_BIDS),
                *plays_log("S:JD W:5C"),
            ],
            expect={
                "to_act": {"phase": "play", "seat": "N"},
                "legal": ["2D", "QD", "KD", "AD"],
                "illegal": refused(
                    {"action": "play", "seat": "N", "card": "AC"}, "must-follow-suit"
                ),
            },
        )
    )
    return out


def clause_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """The clause rulesets other than standard: the target through bags, two bag penalties."""
    out = [target_through_bag_points(v, seed), bag_penalties_in_one_hand(v, seed + 1)]
    if RULES[v].exceed:
        out.append(equal_totals_on_the_target(v, seed + 2))
    return out


def strategy_guide_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            "play.first_leader": "holder-of-card",
            "play.first_lead": "named-card",
            "play.first_lead_card": "2C",
        },
    )
    out = clause_cases(v, seed)
    out.append(
        case(
            f"{v}.play.first-lead.two-of-clubs-without-the-three",
            variant_id=v,
            description=(
                "North deals; South holds the 2 of clubs (with the 4 and 5, but not the 3, which West"
                " holds), so South leads first and must lead the 2: it is the only legal card, and the"
                " 4 of clubs is refused (first-lead-must-be-named-card)."
            ),
            tags=[
                tag(v, "play.first_leader"),
                tag(v, "play.first_lead"),
                "play.first_lead_card",
                "play.first-lead-card-held",
            ],
            origin=derived("play.first_lead"),
            start=setup("N"),
            actions=[{"action": "deal", "hands": NO_THREE}, *bids_log(v, "N", EVEN_BIDS)],
            expect={
                "to_act": {"phase": "play", "seat": "S"},
                "legal": ["2C"],
                "illegal": refused(
                    {"action": "play", "seat": "S", "card": "4C"}, "first-lead-must-be-named-card"
                ),
            },
        )
    )
    return out


def bag_rule_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """A ruleset that prices bags its own way: the penalty paid more than once in one hand."""
    return [bag_penalties_in_one_hand(v, seed)]


def team_minimum_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            "bidding.team_minimum": 4,
            "bidding.constraint": "free",
            "bidding.blind_nil": "not-allowed",
        },
    )
    return [
        case(
            f"{v}.team-minimum.nil-then-partner-makes-up-four",
            variant_id=v,
            description=(
                "A partnership bids at least 4 in all. North bids nil and East 3: a nil counts nothing"
                " toward the four, so South must bid 4 to 13 on its own. 3 is refused (below-team-minimum),"
                " and so is a second nil."
            ),
            tags=["bidding.team_minimum", tag(v, "bidding.nil")],
            origin=derived("bidding.team_minimum"),
            start=setup("W"),
            actions=[{"action": "deal", "hands": TRUMP}, *bids(v, "W", {"N": "nil", "E": 3})],
            expect={
                "to_act": {"phase": "bid", "seat": "S"},
                "legal": list(range(4, 14)),
                "illegal": refused({"action": "bid", "seat": "S", "bid": 3}, "below-team-minimum"),
            },
        )
    ]


def blind_nil_level_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            "bidding.blind_nil": "allowed",
            "bidding.blind_nil_trailing_by": 100,
            "bidding.first_bidder": "left-of-dealer",
        },
    )
    return [
        case(
            f"{v}.blind-nil.refused-when-level-at-the-start",
            variant_id=v,
            description=(
                "The first bid of a game: West deals at 0 to 0. The sides are level, and blind nil needs"
                " the bidder's side to trail by 100, so North's legal bids are 1 to 13 and nil; blind nil"
                " is refused (blind-nil-not-trailing)."
            ),
            tags=[
                tag(v, "bidding.blind_nil"),
                "bidding.blind_nil_trailing_by",
                "bid.blind-nil-refused",
            ],
            origin=derived("bidding.blind_nil_trailing_by"),
            start=setup("W"),
            actions=[{"action": "deal", "hands": TRUMP}],
            expect={
                "to_act": {"phase": "bid", "seat": "N"},
                "legal": [*range(1, 14), "nil"],
                "illegal": refused(
                    {"action": "bid", "seat": "N", "bid": "blind-nil"}, "blind-nil-not-trailing"
                ),
            },
        )
    ]


def boston_wins_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(v, {**BASE, "scoring.boston": "wins-game", "game_end.target": 500})
    return [
        scored(
            v,
            "game-end.ordinary-contract-made-goes-on",
            seed=seed,
            start=setup("N", (100, 100)),
            clause="scoring.boston",
            description=(
                "Both sides make ordinary contracts. North-South bid 4 + 3 = 7 and take 8: 70 + 1 = 71, 171."
                " East-West bid 3 + 2 = 5 and take 5: 50, 150. Only a side that bids and takes all 13"
                " tricks wins the game outright; nobody is near 500, so the game goes on and East deals."
            ),
            tags=[tag(v, "scoring.boston"), "game_end.target"],
            bid={"N": 4, "E": 3, "S": 3, "W": 2},
            took={"N": 5, "E": 3, "S": 3, "W": 2},
            lines=[
                line(
                    "NS",
                    contract=7,
                    side_tricks=8,
                    made=True,
                    contract_points=70,
                    overtricks=1,
                    overtrick_points=1,
                    bags=(0, 1, 1),
                    hand_points=71,
                    score=(100, 171),
                ),
                line(
                    "EW",
                    contract=5,
                    side_tricks=5,
                    made=True,
                    contract_points=50,
                    hand_points=50,
                    score=(100, 150),
                ),
            ],
            to_act=EAST_DEALS,
        )  # fmt: skip
    ]


def cutthroat_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            **BASE,
            "table.players": 3,
            "table.sides": "individual",
            "game_end.target": 500,
            "game_end.target_rule": "reach",
        },
    )
    zero = {"N": 0, "E": 0, "S": 0}
    leader = scored(
        v,
        "three.south-reaches-the-target-alone",
        seed=seed,
        start={"dealer": "N", "scores": {"N": 300, "E": 400, "S": 449}, "bags": zero},
        clause="game_end.target",
        description=(
            "North on 300 bids 4 and takes 5: 41, 341. East on 400 bids 5 and takes 6: 51, 451. South on"
            " 449 bids 5 and takes 6: 51, exactly 500, the last point from South's one bag. South alone"
            " reaches 500, in the lead: South wins, whichever of North and East is ahead of the other,"
            " and the point a bag scores counts toward the target like any other."
        ),
        tags=["game_end.target", tag(v, "game_end.target_rule"), tag(v, "table.sides"), "hand.seventeen-tricks",
              "game.target-exact", "game.target-through-bags"],
        bid={"N": 4, "E": 5, "S": 5},
        took={"N": 5, "E": 6, "S": 6},
        lines=[
            line("N", contract=4, side_tricks=5, made=True, contract_points=40, overtricks=1, overtrick_points=1,
                 bags=(0, 1, 1), hand_points=41, score=(300, 341)),
            line("E", contract=5, side_tricks=6, made=True, contract_points=50, overtricks=1, overtrick_points=1,
                 bags=(0, 1, 1), hand_points=51, score=(400, 451)),
            line("S", contract=5, side_tricks=6, made=True, contract_points=50, overtricks=1, overtrick_points=1,
                 bags=(0, 1, 1), hand_points=51, score=(449, 500)),
        ],
        status={"status": "won", "winner": "S"},
        to_act=OVER,
    )  # fmt: skip
    return [leader, *every_trick_bid_by_one_seat(v, seed + 10)]


def _top_trump_case(
    v: str, ident: str, hands: dict[str, Any], top: str, name: str, rank: str
) -> dict[str, Any]:
    expect_rules(
        v,
        {
            "deck.cards": "jokers-54",
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.first_lead": "any",
        },
    )
    last = "2H" if top == "LJ" else "3H"
    return case(
        f"{v}.{ident}",
        variant_id=v,
        description=(
            "West deals and North leads the ace of hearts. East, out of hearts, trumps with the ace of"
            f" spades; South, out of hearts too, plays {name} after it; West follows with {last}."
            f" {rank}, wherever it falls in the trick: South wins trick 1 and leads next."
        ),
        tags=[
            tag(v, "deck.cards"),
            "deck.top_trumps",
            "play.top-trump-wins",
            "play.trick-winner",
            "play.winner-leads",
        ],
        origin=derived("deck.top_trumps"),
        start=setup("W"),
        actions=[
            hands,
            *bids(v, "W", {"N": 3, "E": 3, "S": 3, "W": 3}),
            *plays(f"N:AH E:AS S:{top} W:{last}"),
        ],
        expect={"trick_winners": [["S"]], "to_act": {"phase": "play", "seat": "S"}},
    )


def jokers_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(v, {"deck.removed": ["2C", "2D"], "deck.top_trumps": ["BJ", "LJ"]})
    return [
        _top_trump_case(
            v,
            "jokers.little-joker-after-the-ace-wins",
            JOKER_AFTER_ACE,
            "LJ",
            "the little joker",
            "The little joker ranks above the ace of spades (only the big joker is higher)",
        )
    ]


def deuces_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(v, {"deck.removed": ["2C", "2H"], "deck.top_trumps": ["BJ", "LJ", "2D", "2S"]})
    return [
        _top_trump_case(
            v,
            "deuces.two-of-spades-after-the-ace-wins",
            DEUCE_AFTER_ACE,
            "2S",
            "the 2 of spades",
            "The 2 of spades is the lowest of the four top trumps, and still ranks above the ace of"
            " spades",
        )
    ]


FOUND = {
    "standard": standard_cases,
    "illustrated-table": clause_cases,
    "strategy-guide": strategy_guide_cases,
    "playingcardgames": clause_cases,
    "ellington": clause_cases,
    "porchlight": clause_cases,
    "five-bags-fifty": bag_rule_cases,
    "minus-110": bag_rule_cases,
    "team-minimum-four": team_minimum_cases,
    "pagat-blind-nil": blind_nil_level_cases,
    "blind-nil-pass-four": blind_nil_level_cases,
    "boston-wins-game": boston_wins_cases,
    "cutthroat": cutthroat_cases,
    "pagat-jokers": jokers_cases,
    "joker-joker-deuce-deuce": deuces_cases,
}
"""Each ruleset and the cases found for it; its seeds start at 40000 + 100 x its place here,
so adding one never moves another's deals."""


def _rules(v: str) -> Any:
    from spadespec.conformance.authoring.build import variant

    return variant(v).rules


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    return {
        f"{v}/found-by-faults.json": (
            f"Situations of {v} that a deliberately broken engine got through the rest of the suite"
            " unnoticed, each worked by hand.",
            cases(v, 40000 + 100 * index),
        )
        for index, (v, cases) in enumerate(FOUND.items())
    }
