# ruff: noqa: E501  (hand-worked descriptions read best unbroken)
"""House-rule clause cases about the cards and the play: jokers and promoted deuces above the
ace of spades, cards taken out of the pack, spades led at any time, and three players."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.authoring.build import case, derived, setup
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

# Jokers (2C and 2D out): North has eight hearts and five clubs; East the big joker as its only
# spade, with nine diamonds and three clubs; South six top spades and no heart; West the little
# joker, seven low spades and five low hearts.
JOKERS = deal(
    N="AH KH QH JH TH 9H 8H 7H AC KC QC JC TC",
    E="BJ AD KD QD JD TD 9D 8D 7D 6D 9C 8C 7C",
    S="AS KS QS JS TS 9S 5D 4D 3D 6C 5C 4C 3C",
    W="LJ 8S 7S 6S 5S 4S 3S 2S 6H 5H 4H 3H 2H",
)


def jokers_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """The two jokers above the ace of spades, 2C and 2D out of the pack."""
    expect_rules(
        v,
        {
            "deck.cards": "jokers-54",
            "deck.removed": ["2C", "2D"],
            "deck.top_trumps": ["BJ", "LJ"],
            "table.players": 4,
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.first_lead": "any",
            "play.spades_lead": "after-broken",
        },
    )
    start = setup("W")
    head = [JOKERS, *bids(v, "W", {"N": 3, "E": 3, "S": 4, "W": 3})]
    trick1 = head + plays("N:AH E:6D S:KS")
    trick2 = trick1 + plays("W:2H S:AS W:LJ N:7H")
    top = [tag(v, "deck.cards"), "deck.top_trumps"]
    return [
        case(
            f"{v}.jokers.joker-may-not-be-played-to-a-heart-lead",
            variant_id=v,
            description=(
                "North leads the ace of hearts; East and South, out of hearts, play 6D and KS. West"
                " holds five hearts and the little joker: the joker is a spade, not a heart, so West"
                " must follow with a heart, and LJ is refused (must-follow-suit)."
            ),
            tags=[*top, "play.top-trump-is-a-spade", "play.follow-suit"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick1,
            expect={
                "to_act": {"phase": "play", "seat": "W"},
                "legal": ["2H", "3H", "4H", "5H", "6H"],
                "illegal": refused(
                    {"action": "play", "seat": "W", "card": "LJ"}, "must-follow-suit"
                ),
            },
        ),
        case(
            f"{v}.jokers.joker-follows-a-spade-lead",
            variant_id=v,
            description=(
                "South won the first trick with KS and leads the ace of spades; West plays the little"
                " joker and North, out of spades, the 7 of hearts. East's only spade is the big joker:"
                " a joker counts as a spade, so East must play it; 7D is refused (must-follow-suit)."
            ),
            tags=[*top, "play.top-trump-is-a-spade", "play.follow-suit"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick2,
            expect={
                "trick_winners": [["S"]],
                "to_act": {"phase": "play", "seat": "E"},
                "legal": ["BJ"],
                "illegal": refused(
                    {"action": "play", "seat": "E", "card": "7D"}, "must-follow-suit"
                ),
            },
        ),
        case(
            f"{v}.jokers.big-joker-beats-little-joker-beats-ace",
            variant_id=v,
            description=(
                "Trick 1: N:AH E:6D S:KS W:2H, South's spade wins. Trick 2: S:AS W:LJ N:7H E:BJ. The"
                " little joker ranks above the ace of spades and the big joker above both: East wins"
                " trick 2 and leads next."
            ),
            tags=[*top, "play.top-trump-wins", "play.trick-winner", "play.winner-leads"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick2 + plays("E:BJ"),
            expect={"trick_winners": [["S", "E"]], "to_act": {"phase": "play", "seat": "E"}},
        ),
        case(
            f"{v}.jokers.removed-card-may-not-be-dealt",
            variant_id=v,
            description=(
                "The 2 of clubs and the 2 of diamonds come out of the pack to make room for the"
                " jokers: a deal giving South the 2 of clubs in place of the 3 is refused (bad-deal)."
            ),
            tags=["deck.removed", tag(v, "deck.cards")],
            origin=derived("deck.removed"),
            start=start,
            actions=[],
            expect={
                "illegal": refused(
                    {
                        "action": "deal",
                        "hands": dict(
                            JOKERS["hands"], S="AS KS QS JS TS 9S 5D 4D 3D 6C 5C 4C 2C".split()
                        ),
                    },
                    "bad-deal",
                ),
                "to_act": {"phase": "deal", "seat": "W"},
            },
        ),
    ]


# Joker-joker-deuce-deuce (2C and 2H out; BJ, LJ, 2D, 2S above the ace of spades): North eight
# top diamonds and five clubs; East the 2 of diamonds as its only spade, eight hearts, four
# clubs; South seven top spades, four low diamonds, two clubs; West both jokers, the 2 of
# spades, five low spades, four low hearts and the 3 of clubs.
DEUCES = deal(
    N="AD KD QD JD TD 9D 8D 7D AC KC QC JC TC",
    E="2D AH KH QH JH TH 9H 8H 7H 9C 8C 7C 6C",
    S="AS KS QS JS TS 9S 8S 6D 5D 4D 3D 5C 4C",
    W="BJ LJ 2S 7S 6S 5S 4S 3S 6H 5H 4H 3H 3C",
)
EAST_DEUCES = ["6C", "7C", "8C", "9C", "2D", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]


def deuces_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Big joker, little joker, 2D, 2S above the ace of spades; 2C and 2H out."""
    expect_rules(
        v,
        {
            "deck.cards": "jokers-54",
            "deck.removed": ["2C", "2H"],
            "deck.top_trumps": ["BJ", "LJ", "2D", "2S"],
            "table.players": 4,
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.first_lead": "any",
            "play.spades_lead": "after-broken",
        },
    )
    start = setup("W")
    head = [DEUCES, *bids(v, "W", {"N": 3, "E": 3, "S": 4, "W": 3})]
    top = [tag(v, "deck.cards"), "deck.top_trumps"]
    trick1 = head + plays("N:AD")
    trick2 = trick1 + plays("E:7H S:3D W:2S W:3S N:7D")
    return [
        case(
            f"{v}.deuces.two-of-diamonds-is-not-a-diamond",
            variant_id=v,
            description=(
                "North leads the ace of diamonds. East's only diamond-looking card is the 2, which"
                " here is a trump ranked above the ace of spades, not a diamond: East is out of"
                " diamonds and may play any of its thirteen cards."
            ),
            tags=[*top, "play.top-trump-is-a-spade", "play.void-any-card"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick1,
            expect={"to_act": {"phase": "play", "seat": "E"}, "legal": EAST_DEUCES},
        ),
        case(
            f"{v}.deuces.two-of-diamonds-follows-a-spade-lead",
            variant_id=v,
            description=(
                "Trick 1: N:AD E:7H S:3D W:2S; West's 2 of spades, a trump above the ace, wins it and"
                " breaks spades. West leads 3S and North, out of spades, plays 7D. East's only spade"
                " is the 2 of diamonds, so East must play it; 6C is refused (must-follow-suit)."
            ),
            tags=[*top, "play.top-trump-is-a-spade", "play.top-trump-wins", "play.follow-suit"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick2,
            expect={
                "trick_winners": [["W"]],
                "to_act": {"phase": "play", "seat": "E"},
                "legal": ["2D"],
                "illegal": refused(
                    {"action": "play", "seat": "E", "card": "6C"}, "must-follow-suit"
                ),
            },
        ),
        case(
            f"{v}.deuces.two-of-diamonds-beats-the-ace-of-spades",
            variant_id=v,
            description=(
                "Trick 2: W:3S N:7D E:2D S:AS. The 2 of diamonds ranks above the ace of spades (only"
                " the jokers are higher): East wins trick 2 and leads next."
            ),
            tags=[*top, "play.top-trump-wins", "play.trick-winner"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick2 + plays("E:2D S:AS"),
            expect={"trick_winners": [["W", "E"]], "to_act": {"phase": "play", "seat": "E"}},
        ),
        case(
            f"{v}.deuces.two-of-diamonds-beats-the-two-of-spades",
            variant_id=v,
            description=(
                "North leads the ace of diamonds. East, whose 2 of diamonds is a trump and not a"
                " diamond, trumps with it; South follows with 3D; West, out of diamonds, trumps with"
                " the 2 of spades. The declared order puts the 2 of diamonds above the 2 of spades,"
                " so East wins trick 1 and leads next."
            ),
            tags=[*top, "play.top-trump-wins", "play.trick-winner", "play.winner-leads"],
            origin=derived("deck.top_trumps"),
            start=start,
            actions=trick1 + plays("E:2D S:3D W:2S"),
            expect={"trick_winners": [["E"]], "to_act": {"phase": "play", "seat": "E"}},
        ),
        case(
            f"{v}.deuces.removed-two-of-hearts-may-not-be-dealt",
            variant_id=v,
            description=(
                "The 2 of clubs and the 2 of hearts come out of the pack: a deal giving West the 2 of"
                " hearts in place of the 3 is refused (bad-deal)."
            ),
            tags=["deck.removed", tag(v, "deck.cards")],
            origin=derived("deck.removed"),
            start=start,
            actions=[],
            expect={
                "illegal": refused(
                    {
                        "action": "deal",
                        "hands": dict(
                            DEUCES["hands"], W="BJ LJ 2S 7S 6S 5S 4S 3S 6H 5H 4H 2H 3C".split()
                        ),
                    },
                    "bad-deal",
                ),
                "to_act": {"phase": "deal", "seat": "W"},
            },
        ),
    ]


# Three players, 2C out, 17 cards each: North nine top spades and eight top hearts; East all
# the diamonds and the four top clubs; South the four low spades, five low hearts, eight clubs.
THREE = deal(
    N="AS KS QS JS TS 9S 8S 7S 6S AH KH QH JH TH 9H 8H 7H",
    E="AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC",
    S="5S 4S 3S 2S 6H 5H 4H 3H 2H TC 9C 8C 7C 6C 5C 4C 3C",
)


def three_seat_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Three players alone: N, E, S round the table, 2C out, 17 tricks, a score each."""
    expect_rules(
        v,
        {
            "deck.cards": "standard-52",
            "deck.removed": ["2C"],
            "table.players": 3,
            "table.sides": "individual",
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.first_lead": "any",
            "play.spades_lead": "after-broken",
            "scoring.points_per_bid_trick": 10,
            "scoring.overtrick_points": 1,
            "scoring.nil_tricks": "count",
        },
    )
    rules = _rules(v)
    top_bid = rules.bidding.max_bid
    first = {"dealer": "N", "scores": {"N": 0, "E": 0, "S": 0}, "bags": {"N": 0, "E": 0, "S": 0}}
    dealt = [THREE]
    bid3 = dealt + bids(v, "N", {"E": 5, "S": 3, "N": 8})
    legal_bids: list[Any] = list(range(rules.bidding.min_bid, top_bid + 1))
    if str(rules.bidding.nil) == "allowed":
        legal_bids.append("nil")
    out = [
        case(
            f"{v}.three.bidding-goes-round-three-seats",
            variant_id=v,
            description=(
                f"Three players: North deals, East (North's left) bids first, then South; South's left"
                f" is North, who bids last. A bid may go up to {top_bid}, the tricks in a 17-card hand."
                " After East bids 5 and South 3 it is North's turn; a bid from West, a seat not in"
                " play, is refused."
            ),
            tags=[
                "table.players",
                tag(v, "table.sides"),
                "play.three-seat-turns",
                "bidding.max_bid",
            ],
            origin=derived("table.players"),
            start=first,
            actions=dealt + bids(v, "N", {"E": 5, "S": 3}),
            expect={
                "to_act": {"phase": "bid", "seat": "N"},
                "legal": legal_bids,
                "illegal": refused({"action": "bid", "seat": "W", "bid": 3}, "unknown-seat"),
            },
        ),
        case(
            f"{v}.three.play-goes-round-and-a-trick-is-three-cards",
            variant_id=v,
            description=(
                "After the bids (E 5, S 3, N 8) East leads the ace of clubs and South follows with 3C;"
                " North, out of clubs, trumps with 6S. Three cards make the trick, North's spade wins"
                " it, and North leads next, spades now broken: any of North's sixteen cards."
            ),
            tags=[
                "play.three-seat-turns",
                "play.trick-winner",
                "table.players",
                "deck.removed",
                tag(v, "play.first_leader"),
            ],
            origin=derived("table.players"),
            start=first,
            actions=bid3 + plays("E:AC S:3C N:6S"),
            expect={
                "trick_winners": [["N"]],
                "to_act": {"phase": "play", "seat": "N"},
                "legal": [
                    "7H",
                    "8H",
                    "9H",
                    "TH",
                    "JH",
                    "QH",
                    "KH",
                    "AH",
                    "7S",
                    "8S",
                    "9S",
                    "TS",
                    "JS",
                    "QS",
                    "KS",
                    "AS",
                ],
            },
        ),  # fmt: skip
        case(
            f"{v}.three.south-follows-east-not-west",
            variant_id=v,
            description=(
                "East leads the ace of clubs; South, on East's left, plays next and must follow with"
                " one of its eight clubs. North playing before South is refused (not-your-turn)."
            ),
            tags=["play.three-seat-turns", "turn.out-of-turn", "play.follow-suit"],
            origin=derived("table.players"),
            start=first,
            actions=bid3 + plays("E:AC"),
            expect={
                "to_act": {"phase": "play", "seat": "S"},
                "legal": ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"],
                "illegal": refused({"action": "play", "seat": "N", "card": "6S"}, "not-your-turn"),
            },
        ),
        case(
            f"{v}.three.two-of-clubs-is-out",
            variant_id=v,
            description=(
                "The 2 of clubs is taken out so 51 cards deal 17 each: a deal giving South the 2 of"
                " clubs in place of the 3 is refused (bad-deal)."
            ),
            tags=["deck.removed", tag(v, "deck.cards")],
            origin=derived("deck.removed"),
            start=first,
            actions=[],
            expect={
                "illegal": refused(
                    {
                        "action": "deal",
                        "hands": dict(
                            THREE["hands"],
                            S="5S 4S 3S 2S 6H 5H 4H 3H 2H TC 9C 8C 7C 6C 5C 4C 2C".split(),
                        ),
                    },
                    "bad-deal",
                ),
                "to_act": {"phase": "deal", "seat": "N"},
            },
        ),
    ]
    # A whole 17-trick hand, each player scored alone.
    took = {"N": 5, "E": 6, "S": 6}
    made = {"N": 4, "E": 6, "S": 5}
    out.append(
        scored(
            v,
            "three.seventeen-tricks-each-scored-alone",
            seed=seed + 1,
            start=first,
            clause="table.sides",
            description=(
                "Three players, 17 tricks. North bids 4 and takes 5: 40 + 1 overtrick = 41, 1 bag."
                " East bids 6 and takes 6: 60. South bids 5 and takes 6: 50 + 1 = 51, 1 bag. Each is"
                " scored alone: no partner's tricks help anyone's bid."
            ),
            tags=["hand.seventeen-tricks", tag(v, "table.sides"), "table.players", "scoring.points_per_bid_trick"],
            bid=made,
            took=took,
            lines=[
                line("N", contract=4, side_tricks=5, made=True, contract_points=40, overtricks=1,
                     overtrick_points=1, bags=(0, 1, 1), hand_points=41, score=(0, 41)),
                line("E", contract=6, side_tricks=6, made=True, contract_points=60, hand_points=60,
                     score=(0, 60)),
                line("S", contract=5, side_tricks=6, made=True, contract_points=50, overtricks=1,
                     overtrick_points=1, bags=(0, 1, 1), hand_points=51, score=(0, 51)),
            ],
            to_act={"phase": "deal", "seat": "E"},
        )
    )  # fmt: skip
    return out


def spades_any_time_cases(v: str, seed: int) -> list[dict[str, Any]]:
    """Spades may be led before they are broken."""
    expect_rules(
        v,
        {
            "play.spades_lead": "any-time",
            "deck.cards": "standard-52",
            "table.players": 4,
            "bidding.first_bidder": "left-of-dealer",
            "play.first_leader": "left-of-dealer",
            "play.first_lead": "any",
        },
    )
    # TRUMP: East deals, South leads first holding 8765 spades, 765 hearts, 432 of each minor.
    from spadespec.conformance.authoring.specs.clauses import TRUMP

    return [
        case(
            f"{v}.play.spade-led-before-any-is-played",
            variant_id=v,
            description=(
                "East deals and South opens the hand. No spade has been played, yet spades may be"
                " led at any time here: every one of South's thirteen cards is a legal lead, the"
                " four spades included."
            ),
            tags=[tag(v, "play.spades_lead")],
            origin=derived("play.spades_lead"),
            start=setup("E"),
            actions=[
                {"action": "deal", "hands": TRUMP},
                *bids(v, "E", {"S": 3, "W": 4, "N": 3, "E": 3}),
            ],
            expect={
                "to_act": {"phase": "play", "seat": "S"},
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
                    "5S",
                    "6S",
                    "7S",
                    "8S",
                ],
            },
        ),
        case(
            f"{v}.play.spade-led-mid-hand-while-unbroken",
            variant_id=v,
            description=(
                "Trick 1: S:2C W:5C N:AC E:5D, no spade played. North won it and leads, holding"
                " spades and three other suits: the AKQ of spades are legal leads with the rest,"
                " though spades were never broken."
            ),
            tags=[tag(v, "play.spades_lead"), "play.winner-leads"],
            origin=derived("play.spades_lead"),
            start=setup("E"),
            actions=[
                {"action": "deal", "hands": TRUMP},
                *bids(v, "E", {"S": 3, "W": 4, "N": 3, "E": 3}),
                *plays("S:2C W:5C N:AC E:5D"),
            ],
            expect={
                "trick_winners": [["N"]],
                "to_act": {"phase": "play", "seat": "N"},
                "legal": ["QC", "KC", "JD", "QD", "KD", "AD", "QH", "KH", "AH", "QS", "KS", "AS"],
            },
        ),
    ]


def _rules(v: str) -> Any:
    from spadespec.conformance.authoring.build import variant

    return variant(v).rules
