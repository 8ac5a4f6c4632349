"""The house-rule axes as the plain rulesets play them: no jokers, four seats in two
partnerships, no blind nil and so no exchange, free bidding, no bonus bid, an ordinary Boston,
bag points kept, no fixed number of hands, nobody alone beside partners to score at a multiplier.

A ruleset that writes these rules out in its own file gets these cases, so an engine that
switched one of the house rules on where the ruleset has it off fails one. Figures are worked
by hand in each description; the few rule values they rest on are checked before writing.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.machinery.authoring.build import (
    bid_order,
    bids_until,
    case,
    derived,
    hand,
    searched_hand,
    setup,
    side,
    value_tag,
    variant,
)
from spadespec.conformance.machinery.authoring.sheet_loader import named_deals

# The rules the house-rule work added; a ruleset setting any of them itself gets these cases.
HOUSE_RULES = (
    "deck.removed",
    "deck.top_trumps",
    "table.players",
    "table.sides",
    "bidding.blind_nil_trailing_by",
    "bidding.blind_nil_exchange",
    "bidding.blind_nil_exchange_order",
    "bidding.team_minimum",
    "bidding.team_maximum",
    "bidding.constraint",
    "scoring.blind_nil_bonus",
    "scoring.blind_nil_penalty",
    "scoring.double_nil_tricks",
    "scoring.bag_points_cancelled",
    "scoring.bonus_bid_tricks",
    "scoring.bonus_bid_made",
    "scoring.bonus_bid_set",
    "scoring.exact_total_points",
    "scoring.big_bid_tricks",
    "scoring.big_bid_bonus",
    "scoring.boston",
    "scoring.boston_points",
    "scoring.moon",
    "game_end.hands",
    "scoring.contract_made",
    "scoring.spoiler_multiplier",
)

CANDIDATES = (
    "standard",
    "illustrated-table",
    "strategy-guide",
    "playingcardgames",
    "ellington",
    "porchlight",
    "openspiel",
)

# The values every figure below rests on; a ruleset playing otherwise needs its own cases.
ASSUMED = {
    "deck.cards": "standard-52",
    "deck.removed": (),
    "deck.top_trumps": (),
    "table.players": 4,
    "table.sides": "partnerships",
    "bidding.min_bid": 1,
    "bidding.max_bid": 13,
    "bidding.nil": "allowed",
    "bidding.blind_nil": "not-allowed",
    "bidding.team_minimum": None,
    "bidding.constraint": "free",
    "scoring.points_per_bid_trick": 10,
    "scoring.overtrick_points": 1,
    "scoring.set_points_per_trick": 10,
    "scoring.bag_threshold": 10,
    "scoring.bag_penalty": 100,
    "scoring.bag_points_cancelled": False,
    "scoring.bonus_bid_tricks": None,
    "scoring.exact_total_points": None,
    "scoring.double_nil_tricks": "as-single-nil",
    "scoring.big_bid_bonus": None,
    "scoring.boston": "ordinary",
    "scoring.moon": "ordinary",
    "game_end.hands": None,
    "scoring.contract_made": "at-least",
    "scoring.spoiler_multiplier": 1,
}

ALL_BIDS: list[Any] = [*range(1, 14), "nil"]


def _rule(v: str, path: str) -> Any:
    section, name = path.split(".")
    value = getattr(getattr(variant(v).rules, section), name)
    return getattr(value, "value", value)


def applies(v: str) -> bool:
    """Whether the ruleset writes any house rule out itself (else standard's cases cover it)."""
    provenance = variant(v).provenance
    return any(
        provenance[path].origin in ("file", "option", "option-default") for path in HOUSE_RULES
    )


def _check(v: str) -> None:
    for path, wanted in ASSUMED.items():
        if _rule(v, path) != wanted:
            raise ValueError(f"{v} plays {path}={_rule(v, path)!r}; these cases assume {wanted!r}")


def _north_first(v: str) -> str:
    """The dealer that makes North the first to bid."""
    return "N" if bid_order(v, "N")[0] == "N" else "W"


def defaults_cases(v: str, seed: int) -> list[dict[str, Any]]:
    _check(v)

    def tag(path: str) -> str:
        return value_tag(v, path)

    d = _north_first(v)
    deal = [{"action": "deal", "hands": named_deals()["TRUMP"]}]
    trailing = setup(d, (0, 200))
    out = [
        case(
            f"{v}.house-defaults.blind-nil-not-allowed",
            variant_id=v,
            description=(
                "North bids first with North-South trailing 0 to 200; even so blind nil is not"
                " part of"
                " this ruleset, however far behind: the legal bids are 1 to 13 and nil, no blind"
                " nil."
            ),
            tags=[
                tag("bidding.blind_nil"),
                "bidding.blind_nil_trailing_by",
                "scoring.blind_nil_bonus",
                "scoring.blind_nil_penalty",
            ],
            origin=derived("bidding.blind_nil"),
            start=trailing,
            actions=deal,
            expect={
                "to_act": {"phase": "bid", "seat": "N"},
                "legal": ALL_BIDS,
            },
        ),
        case(
            f"{v}.house-defaults.second-partner-bids-freely",
            variant_id=v,
            description=(
                "Four players in two partnerships: North bids nil, East 3, and South, North's"
                " partner, bids next. No team minimum, and no tie to the partner's bid or the"
                " spades"
                " held: South may bid anything from 1 to 13, or nil as well."
            ),
            tags=[
                "bidding.team_minimum",
                tag("bidding.constraint"),
                "table.players",
                tag("table.sides"),
            ],
            origin=derived("bidding.constraint"),
            start=setup(d),
            actions=[*deal, *bids_until(v, d, {"N": "nil", "E": 3})],
            expect={"to_act": {"phase": "bid", "seat": "S"}, "legal": ALL_BIDS},
        ),
    ]
    if _rule(v, "bidding.team_maximum") is None:
        out.append(
            case(
                f"{v}.house-defaults.partners-may-bid-past-thirteen",
                variant_id=v,
                description=(
                    "North bids 9 and East 3. No cap on a partnership's total: South may still bid"
                    " anything from 1 to 13, or nil, though 9 + 5 or more is a contract of more"
                    " tricks than a hand holds."
                ),
                tags=["bidding.team_maximum"],
                origin=derived("bidding.team_maximum"),
                start=setup(d),
                actions=[*deal, *bids_until(v, d, {"N": 9, "E": 3})],
                expect={"to_act": {"phase": "bid", "seat": "S"}, "legal": ALL_BIDS},
            )
        )
    leader = "S" if _rule(v, "play.first_leader") == "holder-of-card" else "N"
    out.append(
        case(
            f"{v}.house-defaults.no-exchange-after-bidding",
            variant_id=v,
            description=(
                "All four bid numbers (N 1, E 3, S 1, W 3). With no blind nil there is no"
                " exchange of"
                " cards: play opens at once,"
                f" {'South (holding the two of clubs)' if leader == 'S' else 'North'}"
                " to lead."
            ),
            tags=["bidding.blind_nil_exchange", tag("bidding.blind_nil_exchange_order")],
            origin=derived("bidding.blind_nil_exchange"),
            start=setup(d),
            actions=[*deal, *bids_until(v, d, {"N": 1, "E": 3, "S": 1, "W": 3})],
            expect={
                "to_act": {"phase": "play", "seat": leader},
            },
        )
    )
    out.append(
        case(
            f"{v}.house-defaults.joker-not-in-the-pack",
            variant_id=v,
            description=(
                "The pack is the 52 cards, none taken out and nothing above the ace of spades: a"
                " deal"
                " with the big joker in place of West's 5 of clubs is refused (bad-deal)."
            ),
            tags=[tag("deck.cards"), "deck.removed", "deck.top_trumps"],
            origin=derived("deck.top_trumps"),
            start=setup(d),
            actions=[],
            expect={
                "illegal": {
                    "action": {"action": "deal", "hands": named_deals()["JOKER_DEAL"]},
                    "reason": "bad-deal",
                },
                "to_act": {"phase": "deal", "seat": d},
            },
        )
    )
    # Ten bid and made: no bonus bid, no bonus on top; the tenth bag costs 100 and takes back
    # nothing more.
    bids: dict[str, Any] = {"N": 5, "E": 1, "S": 5, "W": 1}
    tricks = {"N": 6, "E": 1, "S": 5, "W": 1}
    start = setup("N", (0, 0), (9, 0), hands_played=50)
    out.append(
        case(
            f"{v}.house-defaults.ten-bid-bag-penalty-no-hand-limit",
            variant_id=v,
            description=(
                "Fifty hands already played; North-South carry 9 bags, bid 5 + 5 = 10 and take 11."
                " Ten tricks is no special bid here and earns no bonus, and a trick over still"
                " makes the contract: 10 x 10 = 100, plus 1 for the overtrick. The"
                " overtrick is the tenth bag: -100 and the count goes to 0; the bags' own points"
                " stay."
                " Hand 100 + 1 - 100 = 1. East-West bid 1 + 1 and take 2: 20. With no fixed number"
                " of"
                " hands the game goes on after the 51st; East deals next."
            ),
            tags=[
                "hand.score-only",
                "scoring.bonus_bid_tricks",
                "scoring.bonus_bid_made",
                "scoring.bonus_bid_set",
                "scoring.exact_total_points",
                "scoring.big_bid_tricks",
                "scoring.big_bid_bonus",
                "scoring.spoiler_multiplier",
                "scoring.bag_points_cancelled",
                "bags.exact-threshold",
                "game_end.hands",
                tag("scoring.contract_made"),
            ],
            origin=derived("scoring.bag_points_cancelled"),
            start=start,
            actions=searched_hand(
                v, dealer="N", bids=bids, tricks=tricks, seed=seed + 1, start=start
            ),
            expect={
                "hands": [
                    hand(
                        bids,
                        tricks,
                        side(
                            "NS",
                            contract=10,
                            side_tricks=11,
                            tricks=11,
                            made=True,
                            contract_points=100,
                            overtricks=1,
                            overtrick_points=1,
                            bags=(9, 1, 0),
                            bag_penalty=100,
                            hand_points=1,
                            score=(0, 1),
                        ),
                        side(
                            "EW",
                            contract=2,
                            side_tricks=2,
                            tricks=2,
                            made=True,
                            contract_points=20,
                            hand_points=20,
                            score=(0, 20),
                        ),
                    )
                ],
                "totals": {"NS": 1, "EW": 20},
                "bags": {"NS": 0, "EW": 0},
                "status": {"status": "continues", "winner": None},
                "to_act": {"phase": "deal", "seat": "E"},
            },
            note="The deal and play were searched to give exactly these trick counts.",
        )
    )
    bids = {"N": 6, "E": 1, "S": 7, "W": 1}
    tricks = {"N": 6, "E": 0, "S": 7, "W": 0}
    start = setup("N")
    out.append(
        case(
            f"{v}.house-defaults.all-thirteen-bid-and-taken-scores-as-usual",
            variant_id=v,
            description=(
                "North-South bid 6 + 7 = 13, every trick, and take them all. A bid of every trick"
                " is"
                " no special contract here, and taking them all does not end the game: 13 x 10 ="
                " 130, and"
                " the game goes on. East-West bid 1 + 1"
                " and take nothing: set by 2 tricks, 2 x -10 = -20 (per trick bid or per trick"
                " short,"
                " the same here)."
            ),
            tags=[
                "hand.score-only",
                tag("scoring.boston"),
                "scoring.boston_points",
                tag("scoring.moon"),
                "scoring.set_penalty",
            ],
            origin=derived("scoring.boston"),
            start=start,
            actions=searched_hand(
                v, dealer="N", bids=bids, tricks=tricks, seed=seed + 2, start=start
            ),
            expect={
                "hands": [
                    hand(
                        bids,
                        tricks,
                        side(
                            "NS",
                            contract=13,
                            side_tricks=13,
                            tricks=13,
                            made=True,
                            contract_points=130,
                            hand_points=130,
                            score=(0, 130),
                        ),
                        side(
                            "EW",
                            contract=2,
                            side_tricks=0,
                            tricks=0,
                            made=False,
                            contract_points=-20,
                            hand_points=-20,
                            score=(0, -20),
                        ),
                    )
                ],
                "totals": {"NS": 130, "EW": -20},
                "status": {"status": "continues", "winner": None},
            },
            note="The deal and play were searched to give exactly these trick counts.",
        )
    )
    return out


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    out: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for index, v in enumerate(CANDIDATES):
        if applies(v):
            out[f"{v}/house-defaults.json"] = (
                f"The house-rule axes as {v} plays them: every one switched off.",
                defaults_cases(v, 7000 + 100 * index),
            )
    return out
