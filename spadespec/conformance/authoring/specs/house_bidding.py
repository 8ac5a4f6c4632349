# ruff: noqa: E501  (hand-worked descriptions and score lines read best unbroken)
"""House-rule clause cases about the bidding: blind nil and its exchange of cards, bids tied to
the partner's bid or the spades held (suicide, mirror, whiz), a team minimum, the zero bid."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import case, derived, setup
from spadespec.conformance.authoring.specs.clauses import ALL_SPADES, TRUMP
from spadespec.conformance.authoring.specs.house import (
    bids,
    expect_rules,
    line,
    nil_line,
    passes,
    plays,
    refused,
    scored,
    tag,
)

NUMBERS: list[Any] = list(range(1, 14))
DEALT = [{"action": "deal", "hands": TRUMP}]
SPADES_ONLY = [{"action": "deal", "hands": ALL_SPADES}]
# TRUMP, as each seat holds it (North bids first when West deals):
#   North AKQ of spades, AKQ of hearts, AKQJ of diamonds, AKQ of clubs (3 spades)
#   East JT9 of spades, JT98 of hearts, T98765 of diamonds, no club (3 spades)
#   South 8765 of spades, 765 of hearts, 432 of diamonds, 432 of clubs (4 spades)
#   West 432 of spades, 432 of hearts, no diamond, JT98765 of clubs (3 spades)
SOUTH = ["2C", "3C", "4C", "2D", "3D", "4D", "5H", "6H", "7H", "5S", "6S", "7S", "8S"]


def blind_nil_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Blind nil for a side 100 or more behind, worth 200, with two cards passed each way,
    the partner passing first."""
    expect_rules(
        v,
        {
            "table.players": 4,
            "bidding.min_bid": 1,
            "bidding.max_bid": 13,
            "bidding.nil": "allowed",
            "bidding.blind_nil": "allowed",
            "bidding.blind_nil_trailing_by": 100,
            "bidding.blind_nil_exchange": 2,
            "bidding.blind_nil_exchange_order": "partner-first",
            "bidding.constraint": "free",
            "bidding.team_minimum": None,
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.first_lead": "any",
            "play.spades_lead": "after-broken",
            "scoring.blind_nil_bonus": 200,
            "scoring.blind_nil_penalty": 200,
            "scoring.nil_tricks": "count",
            "scoring.points_per_bid_trick": 10,
            "scoring.overtrick_points": 1,
        },
    )
    behind = setup("W", (0, 100))
    blind = DEALT + bids(v, "W", {"N": "blind-nil", "E": 3, "S": 4, "W": 3})
    exchange = [
        tag(v, "bidding.blind_nil"),
        "bidding.blind_nil_exchange",
        tag(v, "bidding.blind_nil_exchange_order"),
        "exchange.pass",
    ]
    north_after = [
        "2C",
        "3C",
        "QC",
        "KC",
        "AC",
        "JD",
        "QD",
        "KD",
        "AD",
        "QH",
        "KH",
        "AH",
        "QS",
        "KS",
        "AS",
    ]
    out = [
        case(
            f"{v}.blind-nil.allowed-when-trailing-by-the-margin",
            variant_id=v,
            description=(
                "West deals with North-South on 0 and East-West on 100: North's side trails by exactly"
                " 100, the margin blind nil needs, so North, first to bid, may bid 1 to 13, nil or"
                " blind nil."
            ),
            tags=[tag(v, "bidding.blind_nil"), "bidding.blind_nil_trailing_by"],
            origin=derived("bidding.blind_nil_trailing_by"),
            start=behind,
            actions=DEALT,
            expect={
                "to_act": {"phase": "bid", "seat": "N"},
                "legal": [*NUMBERS, "nil", "blind-nil"],
            },
        ),
        case(
            f"{v}.blind-nil.refused-one-point-short-of-the-margin",
            variant_id=v,
            description=(
                "North-South on 0, East-West on 99: North's side trails by 99, one short of the 100"
                " blind nil needs. North's legal bids are 1 to 13 and nil; blind nil is refused"
                " (blind-nil-not-trailing)."
            ),
            tags=[
                tag(v, "bidding.blind_nil"),
                "bidding.blind_nil_trailing_by",
                "bid.blind-nil-refused",
            ],
            origin=derived("bidding.blind_nil_trailing_by"),
            start=setup("W", (0, 99)),
            actions=DEALT,
            expect={
                "legal": [*NUMBERS, "nil"],
                "illegal": refused(
                    {"action": "bid", "seat": "N", "bid": "blind-nil"}, "blind-nil-not-trailing"
                ),
            },
        ),
        case(
            f"{v}.blind-nil.leading-side-may-not",
            variant_id=v,
            description=(
                "North bids blind nil; East, whose side leads 100 to 0, is next: East's side is not"
                " behind at all, so blind nil is refused (blind-nil-not-trailing)."
            ),
            tags=["bidding.blind_nil_trailing_by", "bid.blind-nil-refused"],
            origin=derived("bidding.blind_nil_trailing_by"),
            start=behind,
            actions=DEALT + bids(v, "W", {"N": "blind-nil"}),
            expect={
                "to_act": {"phase": "bid", "seat": "E"},
                "illegal": refused(
                    {"action": "bid", "seat": "E", "bid": "blind-nil"}, "blind-nil-not-trailing"
                ),
            },
        ),
        case(
            f"{v}.exchange.partner-passes-first",
            variant_id=v,
            description=(
                "North bids blind nil, East 3, South 4, West 3. Before play, North's partner South"
                " passes two cards to North first: South is to act in the exchange and may pass any"
                " of its thirteen cards."
            ),
            tags=exchange,
            origin=derived("bidding.blind_nil_exchange_order"),
            start=behind,
            actions=blind,
            expect={"to_act": {"phase": "pass", "seat": "S"}, "legal": SOUTH},
        ),
        case(
            f"{v}.exchange.one-card-is-the-wrong-count",
            variant_id=v,
            description="South is to pass two cards to the blind nil bidder; passing only the 8 of spades is refused (pass-wrong-count).",
            tags=[*exchange, "exchange.wrong-count"],
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind,
            expect={"illegal": refused(passes("S", "8S"), "pass-wrong-count")},
        ),
        case(
            f"{v}.exchange.three-cards-is-the-wrong-count",
            variant_id=v,
            description="Passing three cards (8S 7S 6S) where the exchange is two is refused too (pass-wrong-count).",
            tags=[*exchange, "exchange.wrong-count"],
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind,
            expect={"illegal": refused(passes("S", "8S 7S 6S"), "pass-wrong-count")},
        ),
        case(
            f"{v}.exchange.card-not-held",
            variant_id=v,
            description="South tries to pass the ace of spades, which North holds, with the 8: refused (card-not-in-hand).",
            tags=[*exchange],
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind,
            expect={"illegal": refused(passes("S", "AS 8S"), "card-not-in-hand")},
        ),
        case(
            f"{v}.exchange.bidder-may-not-pass-first",
            variant_id=v,
            description="The partner passes first here: North, the blind nil bidder, passing before South is refused (not-your-turn).",
            tags=[*exchange],
            origin=derived("bidding.blind_nil_exchange_order"),
            start=behind,
            actions=blind,
            expect={"illegal": refused(passes("N", "AS KS"), "not-your-turn")},
        ),
        case(
            f"{v}.exchange.bidder-passes-back-from-fifteen",
            variant_id=v,
            description=(
                "South passes 2C and 3C to North, who now holds fifteen cards (its thirteen and the"
                " two received) and must pass two back: North is to act and any of the fifteen may go."
            ),
            tags=exchange,
            origin=derived("bidding.blind_nil_exchange_order"),
            start=behind,
            actions=blind + [passes("S", "2C 3C")],
            expect={"to_act": {"phase": "pass", "seat": "N"}, "legal": north_after},
        ),
        case(
            f"{v}.exchange.play-starts-with-the-cards-moved",
            variant_id=v,
            description=(
                "South passed 2C 3C, North passed back AS KS. Play opens with North (on the dealer's"
                " left): North now holds the 2 and 3 of clubs and only the queen of spades, which it"
                " may not lead (spades unbroken), so the legal leads are its twelve other cards."
            ),
            tags=[*exchange, tag(v, "play.spades_lead")],
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind + [passes("S", "2C 3C"), passes("N", "AS KS")],
            expect={
                "to_act": {"phase": "play", "seat": "N"},
                "legal": ["2C", "3C", "QC", "KC", "AC", "JD", "QD", "KD", "AD", "QH", "KH", "AH"],
            },
        ),
        case(
            f"{v}.exchange.passed-cards-have-left-the-hand",
            variant_id=v,
            description=(
                "After the exchange North leads the 2 of clubs it was given and East, out of clubs,"
                " plays 8H. South passed away its 2 and 3 of clubs, so its one club is the 4 and it"
                " must play it."
            ),
            tags=[*exchange, "play.follow-suit"],
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind + [passes("S", "2C 3C"), passes("N", "AS KS"), *plays("N:2C E:8H")],
            expect={"to_act": {"phase": "play", "seat": "S"}, "legal": ["4C"]},
        ),
    ]
    made_bids = {"N": "blind-nil", "E": 4, "S": 5, "W": 3}
    out.append(
        scored(
            v,
            "blind-nil.made-scores-200",
            seed=seed + 1,
            start=behind,
            clause="scoring.blind_nil_bonus",
            description=(
                "North-South trail 0 to 100; North bids blind nil and takes no trick: +200. South bids"
                " 5 and takes 6: 50 + 1 = 51, 1 bag. North-South 251. East-West bid 4 + 3 = 7 and take"
                " 7: 70, so 170."
            ),
            tags=["scoring.blind_nil_bonus", tag(v, "bidding.blind_nil"), "exchange.pass"],
            bid=made_bids,
            took={"N": 0, "E": 4, "S": 6, "W": 3},
            lines=[
                line("NS", contract=5, side_tricks=6, made=True, contract_points=50, overtricks=1,
                     overtrick_points=1, nils=(nil_line("N", 0, 200, blind=True),), bags=(0, 1, 1),
                     hand_points=251, score=(0, 251)),
                line("EW", contract=7, side_tricks=7, made=True, contract_points=70, hand_points=70,
                     score=(100, 170)),
            ],
            note="Each side's exchange: South passed its two weakest cards, North its two strongest.",
        )
    )  # fmt: skip
    out.append(
        scored(
            v,
            "blind-nil.failed-loses-200",
            seed=seed + 2,
            start=behind,
            clause="scoring.blind_nil_penalty",
            description=(
                "North bids blind nil and takes 2 tricks: -200. North's tricks count for the side:"
                " South bid 4 and took 4, with North's 2 that is 6 against 4, so 40 + 2 = 42 and 2"
                " bags. North-South -158. East-West bid 4 + 3 = 7, take 7: 100 + 70 = 170."
            ),
            tags=["scoring.blind_nil_penalty", "nil.failed", "exchange.pass"],
            bid={"N": "blind-nil", "E": 4, "S": 4, "W": 3},
            took={"N": 2, "E": 4, "S": 4, "W": 3},
            lines=[
                line("NS", contract=4, side_tricks=6, made=True, contract_points=40, overtricks=2,
                     overtrick_points=2, nils=(nil_line("N", 2, -200, blind=True),), bags=(0, 2, 2),
                     hand_points=-158, score=(0, -158)),
                line("EW", contract=7, side_tricks=7, made=True, contract_points=70, hand_points=70,
                     score=(100, 170)),
            ],
        )
    )  # fmt: skip
    return out


def _free_bidding(v: str, **more: Any) -> None:
    expect_rules(
        v,
        {
            "table.players": 4,
            "bidding.min_bid": 1,
            "bidding.max_bid": 13,
            "bidding.nil": "allowed",
            "bidding.first_bidder": "left-of-dealer",
            **more,
        },
    )


def _blind(v: str) -> list[Any]:
    """Blind nil, where the ruleset allows it at 0 to 0 (no margin), is always a legal bid too."""
    b = _rules(v).bidding
    return (
        ["blind-nil"] if str(b.blind_nil) == "allowed" and b.blind_nil_trailing_by is None else []
    )


def suicide_cases(v: str, seed: int) -> list[dict[str, Any]]:
    _free_bidding(v, **{"bidding.constraint": "suicide", "bidding.team_minimum": None})
    blind = _blind(v)
    b = " or blind nil" if blind else ""
    c = tag(v, "bidding.constraint")
    return [
        case(
            f"{v}.suicide.first-partner-bids-freely",
            variant_id=v,
            description=f"West deals; North bids 3. East is the first of East-West to bid, so nothing binds East yet: 1 to 13, nil{b}.",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 3}),
            expect={"to_act": {"phase": "bid", "seat": "E"}, "legal": [*NUMBERS, "nil", *blind]},
        ),
        case(
            f"{v}.suicide.second-partner-must-bid-nil",
            variant_id=v,
            description=f"North bids 3, East 2. One of each partnership must bid nil and North did not, so South must: nil{b} is all South may bid; 4 is refused (suicide-one-nil).",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 3, "E": 2}),
            expect={
                "to_act": {"phase": "bid", "seat": "S"},
                "legal": ["nil", *blind],
                "illegal": refused({"action": "bid", "seat": "S", "bid": 4}, "suicide-one-nil"),
            },
        ),
        case(
            f"{v}.suicide.second-partner-may-not-bid-nil-too",
            variant_id=v,
            description="North bids nil, East 2. Only one of a partnership bids nil, so South must bid a number, 1 to 13; nil is refused (suicide-one-nil).",
            tags=[c, "nil.double"],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": "nil", "E": 2}),
            expect={
                "legal": NUMBERS,
                "illegal": refused({"action": "bid", "seat": "S", "bid": "nil"}, "suicide-one-nil"),
            },
        ),
    ]


def mirror_cases(v: str, seed: int) -> list[dict[str, Any]]:
    _free_bidding(v, **{"bidding.constraint": "mirror", "deck.top_trumps": []})
    c = tag(v, "bidding.constraint")
    return [
        case(
            f"{v}.mirror.bid-the-spades-held",
            variant_id=v,
            description="West deals; North holds three spades (AKQ) and must bid exactly 3: that is the only legal bid, and 4 is refused (must-bid-spades).",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=DEALT,
            expect={
                "legal": [3],
                "illegal": refused({"action": "bid", "seat": "N", "bid": 4}, "must-bid-spades"),
            },
        ),
        case(
            f"{v}.mirror.nil-is-not-a-choice-with-spades",
            variant_id=v,
            description="North, holding three spades, may not bid nil instead (must-bid-spades).",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=DEALT,
            expect={
                "illegal": refused({"action": "bid", "seat": "N", "bid": "nil"}, "must-bid-spades")
            },
        ),
        case(
            f"{v}.mirror.no-spades-bids-nil",
            variant_id=v,
            description="Each seat holds one whole suit and North all thirteen spades: North bids 13, and East, with no spade, can only bid nil; a bid of 1 is refused (must-bid-spades).",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=SPADES_ONLY + bids(v, "W", {"N": 13}),
            expect={
                "to_act": {"phase": "bid", "seat": "E"},
                "legal": ["nil"],
                "illegal": refused({"action": "bid", "seat": "E", "bid": 1}, "must-bid-spades"),
            },
        ),
    ]


def whiz_cases(v: str, seed: int) -> list[dict[str, Any]]:
    _free_bidding(v, **{"bidding.constraint": "whiz", "deck.top_trumps": []})
    blind = _blind(v)
    c = tag(v, "bidding.constraint")
    return [
        case(
            f"{v}.whiz.nil-or-the-spades-held",
            variant_id=v,
            description=f"West deals; North holds three spades, so may bid 3 or nil{' (or blind nil)' if blind else ''} and nothing else; 4 is refused (must-bid-nil-or-spades).",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=DEALT,
            expect={
                "legal": [3, "nil", *blind],
                "illegal": refused(
                    {"action": "bid", "seat": "N", "bid": 4}, "must-bid-nil-or-spades"
                ),
            },
        ),
        case(
            f"{v}.whiz.no-spades-bids-nil",
            variant_id=v,
            description=f"North holds all thirteen spades and bids 13; East has none, so nil{' (or blind nil)' if blind else ''} is all East may bid; 1 is refused (must-bid-nil-or-spades).",
            tags=[c],
            origin=derived("bidding.constraint"),
            start=setup("W"),
            actions=SPADES_ONLY + bids(v, "W", {"N": 13}),
            expect={
                "legal": ["nil", *blind],
                "illegal": refused(
                    {"action": "bid", "seat": "E", "bid": 1}, "must-bid-nil-or-spades"
                ),
            },
        ),
    ]


def team_minimum_cases(v: str, seed: int) -> list[dict[str, Any]]:
    minimum = _rules(v).bidding.team_minimum
    _free_bidding(v, **{"bidding.constraint": "free", "bidding.team_minimum": 4})
    blind = _blind(v)
    m = tag(v, "bidding.constraint")
    return [
        case(
            f"{v}.team-minimum.second-partner-makes-up-four",
            variant_id=v,
            description=f"A partnership bids at least {minimum} in all. North bids 1 and East 3; South must bring North-South to 4 or more: 3 to 13. Nil would leave the side on 1, so it is refused, and so is 2 (below-team-minimum).",
            tags=["bidding.team_minimum", m],
            origin=derived("bidding.team_minimum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 1, "E": 3}),
            expect={
                "to_act": {"phase": "bid", "seat": "S"},
                "legal": list(range(3, 14)),
                "illegal": refused({"action": "bid", "seat": "S", "bid": 2}, "below-team-minimum"),
            },
        ),
        case(
            f"{v}.team-minimum.nil-after-a-partner-at-the-minimum",
            variant_id=v,
            description=f"North bids 4, the minimum alone, and East 3: South may bid nil{' (or blind nil)' if blind else ''} or any number 1 to 13.",
            tags=["bidding.team_minimum"],
            origin=derived("bidding.team_minimum"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": 4, "E": 3}),
            expect={"legal": [*NUMBERS, "nil", *blind]},
        ),
        case(
            f"{v}.team-minimum.first-partner-is-free",
            variant_id=v,
            description="The first of a partnership to bid is not bound: North, opening, may bid 1 (the side's total is made up by the partner).",
            tags=["bidding.team_minimum"],
            origin=derived("bidding.team_minimum"),
            start=setup("W"),
            actions=DEALT,
            expect={"to_act": {"phase": "bid", "seat": "N"}, "legal": [*NUMBERS, "nil", *blind]},
        ),
    ]


def zero_bid_cases(v: str, seed: int) -> list[dict[str, Any]]:
    expect_rules(
        v,
        {
            "table.players": 4,
            "bidding.min_bid": 0,
            "bidding.max_bid": 13,
            "bidding.nil": "allowed",
            "bidding.constraint": "free",
            "bidding.team_minimum": None,
            "bidding.first_bidder": "left-of-dealer",
            "scoring.points_per_bid_trick": 10,
            "scoring.nil_penalty": 100,
        },
    )
    blind = _blind(v)
    out = [
        case(
            f"{v}.zero-bid.zero-and-nil-are-both-bids",
            variant_id=v,
            description=f"Bids run from 0 to 13, and nil is a bid of its own beside 0: North may bid 0, 1, ..., 13 or nil{' (or blind nil)' if blind else ''}.",
            tags=["bidding.min_bid", "bid.zero-not-nil", tag(v, "bidding.nil")],
            origin=derived("bidding.min_bid"),
            start=setup("W"),
            actions=DEALT,
            expect={"legal": [0, *NUMBERS, "nil", *blind]},
        )
    ]
    out.append(
        scored(
            v,
            "zero-bid.zero-is-a-number-not-a-nil",
            seed=seed + 1,
            start=setup("N"),
            clause="bidding.min_bid",
            description=(
                "East bids 0 and takes 1 trick; West bids 4 and takes 3. A bid of 0 is a number, not"
                " nil: East-West's contract is 0 + 4 = 4, they take 1 + 3 = 4, made: 40, and no nil"
                " penalty (read as a failed nil it would cost 100). North-South bid 4 + 5 = 9 and take"
                " 4 + 5 = 9: 90."
            ),
            tags=["bid.zero-not-nil", "bidding.min_bid"],
            bid={"N": 4, "E": 0, "S": 5, "W": 4},
            took={"N": 4, "E": 1, "S": 5, "W": 3},
            lines=[
                line(
                    "NS",
                    contract=9,
                    side_tricks=9,
                    made=True,
                    contract_points=90,
                    hand_points=90,
                    score=(0, 90),
                ),
                line(
                    "EW",
                    contract=4,
                    side_tricks=4,
                    made=True,
                    contract_points=40,
                    hand_points=40,
                    score=(0, 40),
                ),
            ],
        )
    )
    return out


def _rules(v: str) -> Any:
    from spadespec.conformance.authoring.build import variant

    return variant(v).rules


def blind_nil_any_time_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Blind nil at any score, worth 200, no cards traded."""
    expect_rules(
        v,
        {
            "table.players": 4,
            "bidding.min_bid": 1,
            "bidding.max_bid": 13,
            "bidding.nil": "allowed",
            "bidding.blind_nil": "allowed",
            "bidding.blind_nil_trailing_by": None,
            "bidding.blind_nil_exchange": 0,
            "bidding.constraint": "free",
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "scoring.blind_nil_bonus": 200,
            "scoring.blind_nil_penalty": 200,
            "scoring.nil_tricks": "count",
        },
    )
    return [
        case(
            f"{v}.blind-nil.allowed-to-the-leading-side",
            variant_id=v,
            description=(
                "West deals with North-South leading 300 to 0. Blind nil needs no margin here: North,"
                " first to bid, may bid 1 to 13, nil or blind nil."
            ),
            tags=[tag(v, "bidding.blind_nil"), "bidding.blind_nil_trailing_by"],
            origin=derived("bidding.blind_nil_trailing_by"),
            start=setup("W", (300, 0)),
            actions=DEALT,
            expect={
                "to_act": {"phase": "bid", "seat": "N"},
                "legal": [*NUMBERS, "nil", "blind-nil"],
            },
        ),
        case(
            f"{v}.blind-nil.no-exchange-play-starts",
            variant_id=v,
            description=(
                "North bids blind nil, East 3, South 4, West 3. No cards are traded here: play opens"
                " at once with North, on the dealer's left, holding the cards dealt (AKQ of spades"
                " unled while spades are unbroken)."
            ),
            tags=["bidding.blind_nil_exchange", tag(v, "bidding.blind_nil")],
            origin=derived("bidding.blind_nil_exchange"),
            start=setup("W"),
            actions=DEALT + bids(v, "W", {"N": "blind-nil", "E": 3, "S": 4, "W": 3}),
            expect={
                "to_act": {"phase": "play", "seat": "N"},
                "legal": ["QC", "KC", "AC", "JD", "QD", "KD", "AD", "QH", "KH", "AH"],
            },
        ),
        scored(
            v,
            "blind-nil.made-and-failed",
            seed=seed + 1,
            start=setup("N"),
            clause="scoring.blind_nil_bonus",
            description=(
                "East bids blind nil and takes nothing: +200; West bids 4 and takes 4: 40. East-West"
                " 240. North bids blind nil too and takes 1 trick: -200; South bids 7 and takes 8,"
                " with North's trick 9 against 7: 70 + 2 = 72, 2 bags. North-South -128."
            ),
            tags=["scoring.blind_nil_bonus", "scoring.blind_nil_penalty", "nil.failed"],
            bid={"N": "blind-nil", "E": "blind-nil", "S": 7, "W": 4},
            took={"N": 1, "E": 0, "S": 8, "W": 4},
            lines=[
                line(
                    "NS",
                    contract=7,
                    side_tricks=9,
                    made=True,
                    contract_points=70,
                    overtricks=2,
                    overtrick_points=2,
                    nils=(nil_line("N", 1, -200, blind=True),),
                    bags=(0, 2, 2),
                    hand_points=-128,
                    score=(0, -128),
                ),
                line(
                    "EW",
                    contract=4,
                    side_tricks=4,
                    made=True,
                    contract_points=40,
                    nils=(nil_line("E", 0, 200, blind=True),),
                    hand_points=240,
                    score=(0, 240),
                ),
            ],
        ),  # fmt: skip
    ]


def blind_nil_pass_four_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Blind nil as pagat-blind-nil, but four cards each way and the bidder passing first."""
    expect_rules(
        v,
        {
            "table.players": 4,
            "bidding.blind_nil": "allowed",
            "bidding.blind_nil_trailing_by": 100,
            "bidding.blind_nil_exchange": 4,
            "bidding.blind_nil_exchange_order": "bidder-first",
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.spades_lead": "after-broken",
        },
    )
    behind = setup("W", (0, 100))
    blind = DEALT + bids(v, "W", {"N": "blind-nil", "E": 3, "S": 4, "W": 3})
    exchange = [
        "bidding.blind_nil_exchange",
        tag(v, "bidding.blind_nil_exchange_order"),
        "exchange.pass",
    ]
    north = ["QC", "KC", "AC", "JD", "QD", "KD", "AD", "QH", "KH", "AH", "QS", "KS", "AS"]
    return [
        case(
            f"{v}.exchange.bidder-passes-first",
            variant_id=v,
            description=(
                "North-South trail 0 to 100; North bids blind nil, East 3, South 4, West 3. Here the"
                " blind nil bidder passes first: North is to act in the exchange, and may pass any of"
                " its thirteen cards."
            ),
            tags=exchange,
            origin=derived("bidding.blind_nil_exchange_order"),
            start=behind,
            actions=blind,
            expect={"to_act": {"phase": "pass", "seat": "N"}, "legal": north},
        ),
        case(
            f"{v}.exchange.two-cards-is-the-wrong-count",
            variant_id=v,
            description="Four cards go each way here: North passing two (AS KS) is refused (pass-wrong-count).",
            tags=[*exchange, "exchange.wrong-count"],
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind,
            expect={"illegal": refused(passes("N", "AS KS"), "pass-wrong-count")},
        ),
        case(
            f"{v}.exchange.partner-may-not-pass-first",
            variant_id=v,
            description="South, the partner, passing before North is refused (not-your-turn): the bidder passes first here.",
            tags=exchange,
            origin=derived("bidding.blind_nil_exchange_order"),
            start=behind,
            actions=blind,
            expect={"illegal": refused(passes("S", "2C 3C 4C 2D"), "not-your-turn")},
        ),
        case(
            f"{v}.exchange.partner-passes-back-from-seventeen",
            variant_id=v,
            description=(
                "North passes AS KS QS AH to South, who then holds seventeen cards and passes four"
                " back: South is to act and may pass any of them, the four received included."
            ),
            tags=exchange,
            origin=derived("bidding.blind_nil_exchange_order"),
            start=behind,
            actions=blind + [passes("N", "AS KS QS AH")],
            expect={
                "to_act": {"phase": "pass", "seat": "S"},
                "legal": [
                    "2C",
                    "3C",
                    "4C",
                    "2D",
                    "3D",
                    "4D",
                    "5H",
                    "6H",
                    "7H",
                    "AH",
                    "5S",
                    "6S",
                    "7S",
                    "8S",
                    "QS",
                    "KS",
                    "AS",
                ],
            },
        ),
        case(
            f"{v}.exchange.play-starts-with-the-cards-moved",
            variant_id=v,
            description=(
                "North passed AS KS QS AH, South passed back 2C 3C 4C 2D. North, on the dealer's left,"
                " leads: it holds no spade now and has the 2, 3, 4 of clubs and the 2 of diamonds,"
                " so its legal leads are its thirteen cards: 2C 3C 4C QC KC AC 2D JD QD KD AD QH KH."
            ),
            tags=exchange,
            origin=derived("bidding.blind_nil_exchange"),
            start=behind,
            actions=blind + [passes("N", "AS KS QS AH"), passes("S", "2C 3C 4C 2D")],
            expect={
                "to_act": {"phase": "play", "seat": "N"},
                "legal": [
                    "2C",
                    "3C",
                    "4C",
                    "QC",
                    "KC",
                    "AC",
                    "2D",
                    "JD",
                    "QD",
                    "KD",
                    "AD",
                    "QH",
                    "KH",
                ],
            },
        ),
    ]


def no_nil_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Nil switched off by default, a table option to switch it back on."""
    expect_rules(
        v,
        {
            "table.players": 4,
            "bidding.min_bid": 1,
            "bidding.max_bid": 13,
            "bidding.nil": "not-allowed",
            "bidding.blind_nil": "not-allowed",
            "bidding.first_bidder": "left-of-dealer",
        },
    )
    on = {"nil": "allowed"}
    return [
        case(
            f"{v}.bidding.nil-refused",
            variant_id=v,
            description="Nil is not a bid at this table: North's legal bids are 1 to 13 and nothing else, and nil is refused (nil-not-allowed).",
            tags=[tag(v, "bidding.nil"), "bid.range"],
            origin=derived("bidding.nil"),
            start=setup("W"),
            actions=DEALT,
            expect={
                "legal": NUMBERS,
                "illegal": refused({"action": "bid", "seat": "N", "bid": "nil"}, "nil-not-allowed"),
            },
        ),
        case(
            f"{v}.bidding.nil-allowed-by-option",
            variant_id=v,
            options=on,
            description="With the table option nil=allowed, North may bid 1 to 13 or nil.",
            tags=["bidding.nil=allowed"],
            origin=derived("bidding.nil"),
            start=setup("W"),
            actions=DEALT,
            expect={"legal": [*NUMBERS, "nil"]},
        ),
    ]
