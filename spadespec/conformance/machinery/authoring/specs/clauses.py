"""Clause cases: every rule each shipped variant sets, and every boundary, one case at a time.

Positions come from three hand-built deals (in `sheets/deals.yaml`) or from searched deals where
only trick counts matter. Expected figures are worked from each variant's rule values (read from
its file by `rules_of`); the arithmetic is spelled out in each description.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from spadespec.conformance.machinery.authoring.build import (
    bids_log,
    case,
    derived,
    hand,
    nil,
    plays_log,
    searched_hand,
    setup,
    side,
    value_tag,
    variant,
)
from spadespec.conformance.machinery.authoring.sheet_loader import named_deals

VARIANTS = (
    "standard",
    "illustrated-table",
    "strategy-guide",
    "playingcardgames",
    "ellington",
    "porchlight",
)

# The deals TRUMP, BREAK and ALL_SPADES are laid out in sheets/deals.yaml.
BREAK_PLAY = "S:2C W:9C N:AC E:5C N:KC E:6C S:3C W:TC"


def dealt(name: str) -> dict[str, Any]:
    """The deal of that name, as the log's action."""
    return {"action": "deal", "hands": named_deals()[name]}


EVEN_BIDS = {"N": 3, "E": 3, "S": 3, "W": 4}
CONTINUES = {"status": "continues", "winner": None}


@dataclass(frozen=True)
class Rules:
    """The few rule values the hand-worked figures below depend on, read off each variant file."""

    nil_bonus: int
    nil_penalty: int
    set_per_bid: bool
    nil_count: bool  # False: bags-only (and bags recorded always)
    target: int
    exceed: bool
    floor: int | None
    tie_is_draw: bool
    dealer_leads: bool  # dealer bids and leads first
    named_card: bool  # holder of the two of clubs leads it
    lowest_club: bool
    breaks_on_any_spade: bool


@cache
def rules_of(v: str) -> Rules:
    """The values above as the variant file plays them (loaded, with its parents)."""
    r = variant(v).rules
    scoring, end, play = r.scoring, r.game_end, r.play
    if scoring.nil_bonus is None or scoring.nil_penalty is None:
        raise ValueError(f"{v} gives a nil no value; its clause cases bid nil")
    if end.target is None:
        raise ValueError(f"{v} has no target; its clause cases play to one")
    return Rules(
        nil_bonus=scoring.nil_bonus,
        nil_penalty=scoring.nil_penalty,
        set_per_bid=str(scoring.set_penalty) == "per-trick-bid",
        nil_count=str(scoring.nil_tricks) == "count",
        target=end.target,
        exceed=str(end.target_rule) == "exceed",
        floor=end.losing_floor,
        tie_is_draw=str(end.tie) == "tie",
        dealer_leads=str(r.bidding.first_bidder) == "dealer" and str(play.first_leader) == "dealer",
        named_card=str(play.first_lead) == "named-card",
        lowest_club=str(play.first_lead) == "lowest-club",
        breaks_on_any_spade=str(play.spades_broken_by) == "any-spade-played",
    )


def tag(v: str, path: str, options: dict[str, Any] | None = None) -> str:
    return value_tag(v, path, options)


def lead_dealer(v: str) -> str:
    """The dealer that makes South the first leader of the TRUMP and BREAK deals."""
    return "S" if rules_of(v).dealer_leads else "E"


# --- bidding --------------------------------------------------------------------------------


def bidding_cases(v: str) -> list[dict[str, Any]]:
    r = rules_of(v)
    first = "N" if r.dealer_leads else "E"
    who = "the dealer (North)" if r.dealer_leads else "East, on the dealer's left"
    deal = [dealt("TRUMP")]
    out = [
        case(
            f"{v}.bidding.first-bidder-and-legal-bids",
            variant_id=v,
            description=(
                f"North deals; {who} bids first. A bid is 1 to 13 tricks or nil; there is no"
                " blind bid, so the legal bids are exactly 1..13 and nil."
            ),
            tags=[
                tag(v, "bidding.first_bidder"),
                "bidding.min_bid",
                "bidding.max_bid",
                tag(v, "bidding.nil"),
                tag(v, "bidding.blind_nil"),
                tag(v, "deck.cards"),
            ],
            origin=derived("bidding.first_bidder"),
            start=setup("N"),
            actions=deal,
            expect={
                "to_act": {"phase": "bid", "seat": first},
                "legal": list(range(1, 14)) + ["nil"],
            },
        ),
        case(
            f"{v}.bidding.bid-out-of-range.zero",
            variant_id=v,
            description=(
                "A numeric bid is at least 1; the bid of no tricks is nil, so a bid of 0 is"
                " refused as out of range."
            ),
            tags=["bid.range", "bidding.min_bid"],
            origin=derived("bidding.min_bid"),
            start=setup("N"),
            actions=deal,
            expect={
                "illegal": {
                    "action": {"action": "bid", "seat": first, "bid": 0},
                    "reason": "bid-out-of-range",
                }
            },
        ),
        case(
            f"{v}.bidding.not-your-turn",
            variant_id=v,
            description=(
                f"{who.capitalize()} is to bid; the seat opposite bidding first is refused."
            ),
            tags=["turn.out-of-turn", tag(v, "bidding.first_bidder")],
            origin=derived("turn.out-of-turn"),
            start=setup("N"),
            actions=deal,
            expect={
                "illegal": {
                    "action": {"action": "bid", "seat": "S" if first == "N" else "W", "bid": 3},
                    "reason": "not-your-turn",
                }
            },
        ),
        case(
            f"{v}.deal.card-dealt-twice",
            variant_id=v,
            description=(
                "The deck is the 52 cards, each dealt once: a deal that writes the 3 of clubs twice"
                " in West's hand, and the 2 of clubs nowhere, is refused (bad-deal)."
            ),
            tags=[tag(v, "deck.cards"), "deck.cards"],
            origin=derived("deck.cards"),
            start=setup("N"),
            actions=[],
            expect={
                "illegal": {
                    "action": {"action": "deal", "hands": named_deals()["ALL_SPADES"][:-1] + "3"},
                    "reason": "bad-deal",
                },
                "to_act": {"phase": "deal", "seat": "N"},
            },
        ),
        case(
            f"{v}.bidding.wrong-phase.play-while-bidding",
            variant_id=v,
            description=(
                f"The cards are dealt and {who} is to bid. Playing a card now, before anyone has"
                " bid, belongs to the play of the hand, not the bidding: it is refused"
                " (wrong-phase)."
            ),
            tags=["turn.wrong-phase", tag(v, "bidding.first_bidder")],
            origin=derived("turn.wrong-phase"),
            start=setup("N"),
            actions=deal,
            expect={
                "to_act": {"phase": "bid", "seat": first},
                "illegal": {
                    "action": {
                        "action": "play",
                        "seat": first,
                        "card": "AH" if first == "N" else "JH",
                    },
                    "reason": "wrong-phase",
                },
            },
        ),
    ]
    if str(variant(v).rules.bidding.blind_nil) == "not-allowed":
        out.append(
            case(
                f"{v}.bidding.blind-nil-not-allowed",
                variant_id=v,
                description=(
                    f"{who.capitalize()} is to bid. These rules have no blind nil, so a bid of"
                    " blind"
                    " nil is refused (blind-nil-not-allowed), though a plain nil would be allowed."
                ),
                tags=["bid.blind-nil-refused", tag(v, "bidding.blind_nil")],
                origin=derived("bidding.blind_nil"),
                start=setup("N"),
                actions=deal,
                expect={
                    "illegal": {
                        "action": {"action": "bid", "seat": first, "bid": "blind-nil"},
                        "reason": "blind-nil-not-allowed",
                    }
                },
            )
        )
    return out


# --- play -----------------------------------------------------------------------------------


def play_cases(v: str) -> list[dict[str, Any]]:
    r = rules_of(v)
    d = "N" if r.named_card else lead_dealer(v)
    trump = [dealt("TRUMP"), *bids_log(v, d, EVEN_BIDS)]
    first_tags = [
        tag(v, "play.first_leader"),
        tag(v, "play.first_lead"),
        "play.first_lead_card",
        tag(v, "play.spades_lead"),
    ]
    out = []
    if r.named_card:
        out.append(
            case(
                f"{v}.play.first-lead.two-of-clubs-holder-leads-it",
                variant_id=v,
                description=(
                    "North deals, so East would be on the dealer's left, but South holds the 2 of"
                    " clubs:"
                    " South leads first and must lead that card. Another club (3C) is refused."
                ),
                tags=[*first_tags, "play.first-lead-card-held"],
                origin=derived("play.first_lead"),
                start=setup(d),
                actions=trump,
                expect={
                    "to_act": {"phase": "play", "seat": "S"},
                    "legal": ["2C"],
                    "illegal": {
                        "action": {"action": "play", "seat": "S", "card": "3C"},
                        "reason": "first-lead-must-be-named-card",
                    },
                },
            )
        )
    elif r.lowest_club:
        out.append(
            case(
                f"{v}.play.first-lead.lowest-club-held",
                variant_id=v,
                description=(
                    "East deals; South, on the dealer's left, opens and holds 4C 3C 2C: only the"
                    " lowest, 2C, may be led. 3C is refused."
                ),
                tags=[*first_tags, "play.first-lead-card-held"],
                origin=derived("play.first_lead"),
                start=setup(d),
                actions=trump,
                expect={
                    "to_act": {"phase": "play", "seat": "S"},
                    "legal": ["2C"],
                    "illegal": {
                        "action": {"action": "play", "seat": "S", "card": "3C"},
                        "reason": "first-lead-must-be-lowest-club",
                    },
                },
            )
        )
    else:
        who = (
            "South, the dealer,"
            if r.dealer_leads
            else "East deals and South, on the dealer's left,"
        )
        out.append(
            case(
                f"{v}.play.first-lead.any-but-unbroken-spades",
                variant_id=v,
                description=(
                    f"{who} leads to the first trick. No card is named and no suit forced: any of"
                    " South's nine hearts, diamonds and clubs may open, but not a spade (unbroken)."
                ),
                tags=[*first_tags],
                origin=derived("play.first_lead"),
                start=setup(d),
                actions=trump,
                expect={
                    "to_act": {"phase": "play", "seat": "S"},
                    "legal": ["2C", "3C", "4C", "2D", "3D", "4D", "5H", "6H", "7H"],
                    "illegal": {
                        "action": {"action": "play", "seat": "S", "card": "5S"},
                        "reason": "spades-not-broken",
                    },
                },
            )
        )
    led = trump + plays_log("S:2C")
    out += [
        case(
            f"{v}.play.must-follow-suit",
            variant_id=v,
            description="South leads 2C; West holds seven clubs and must play one. 2H is refused.",
            tags=["play.follow-suit"],
            origin=derived("play.follow-suit"),
            start=setup(d),
            actions=led,
            expect={
                "to_act": {"phase": "play", "seat": "W"},
                "legal": ["5C", "6C", "7C", "8C", "9C", "TC", "JC"],
                "illegal": {
                    "action": {"action": "play", "seat": "W", "card": "2H"},
                    "reason": "must-follow-suit",
                },
            },
        ),
        case(
            f"{v}.play.not-your-turn",
            variant_id=v,
            description="South leads 2C and West is next; North playing AC before West is refused.",
            tags=["turn.out-of-turn"],
            origin=derived("turn.out-of-turn"),
            start=setup(d),
            actions=led,
            expect={
                "illegal": {
                    "action": {"action": "play", "seat": "N", "card": "AC"},
                    "reason": "not-your-turn",
                }
            },
        ),
        case(
            f"{v}.play.card-not-held",
            variant_id=v,
            description="West, to play, tries the ace of clubs, which North holds: refused.",
            tags=["play.card-not-held"],
            origin=derived("play.card-not-held"),
            start=setup(d),
            actions=led,
            expect={
                "illegal": {
                    "action": {"action": "play", "seat": "W", "card": "AC"},
                    "reason": "card-not-in-hand",
                }
            },
        ),
    ]
    three = trump + plays_log("S:2C W:5C N:AC")
    out.append(
        case(
            f"{v}.play.void-may-play-any-card",
            variant_id=v,
            description=(
                "Clubs were led and East holds none: every card in East's hand, spades included,"
                " is legal."
            ),
            tags=["play.void-any-card"],
            origin=derived("play.void-any-card"),
            start=setup(d),
            actions=three,
            expect={
                "to_act": {"phase": "play", "seat": "E"},
                "legal": [
                    "5D",
                    "6D",
                    "7D",
                    "8D",
                    "9D",
                    "TD",
                    "8H",
                    "9H",
                    "TH",
                    "JH",
                    "9S",
                    "TS",
                    "JS",
                ],
            },
        )
    )
    out.append(
        case(
            f"{v}.play.spade-on-a-club-wins-and-breaks",
            variant_id=v,
            description=(
                "East, void in clubs, trumps North's ace of clubs with the 9 of spades and wins the"
                " trick; a spade played on a trick led in another suit breaks spades under either"
                " rule,"
                " so East, leading next, may lead any card, the spades JS TS included."
            ),
            tags=[
                "play.trick-winner",
                "play.winner-leads",
                tag(v, "play.spades_broken_by"),
                tag(v, "play.spades_lead"),
            ],
            origin=derived("play.spades_broken_by"),
            start=setup(d),
            actions=three + plays_log("E:9S"),
            expect={
                "trick_winners": [["E"]],
                "to_act": {"phase": "play", "seat": "E"},
                "legal": ["5D", "6D", "7D", "8D", "9D", "TD", "8H", "9H", "TH", "JH", "TS", "JS"],
            },
        )
    )
    d2 = lead_dealer(v)
    brk = [dealt("BREAK"), *bids_log(v, d2, EVEN_BIDS), *plays_log(BREAK_PLAY)]
    out.append(
        case(
            f"{v}.play.lead-spades-from-an-all-spade-hand",
            variant_id=v,
            description=(
                "North won the first two tricks with AC and KC and now holds only spades; none has"
                " been"
                " played, yet North may lead any of them."
            ),
            tags=[
                "play.lead-spades-all-spade-hand",
                tag(v, "play.spades_lead"),
                "play.winner-leads",
            ],
            origin=derived("play.spades_lead"),
            start=setup(d2),
            actions=brk,
            expect={
                "trick_winners": [["N", "N"]],
                "to_act": {"phase": "play", "seat": "N"},
                "legal": ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"],
            },
        )
    )
    after = brk + plays_log("N:2S E:9H S:TD W:AS")
    west = ["JC", "QC", "2D", "3D", "4D", "5D", "2H", "3H", "4H"]
    if r.breaks_on_any_spade:
        out.append(
            case(
                f"{v}.play.spade-led-from-all-spade-hand-breaks-spades",
                variant_id=v,
                description=(
                    "North leads 2S from a hand of only spades and West wins it with AS. Any spade"
                    " played"
                    " breaks spades here, so West may now lead the king of spades."
                ),
                tags=[tag(v, "play.spades_broken_by"), "play.lead-spades-all-spade-hand"],
                origin=derived("play.spades_broken_by"),
                start=setup(d2),
                actions=after,
                expect={
                    "trick_winners": [["N", "N", "W"]],
                    "to_act": {"phase": "play", "seat": "W"},
                    "legal": [*west, "KS"],
                },
            )
        )
    else:
        out.append(
            case(
                f"{v}.play.spade-led-from-all-spade-hand-does-not-break-spades",
                variant_id=v,
                description=(
                    "North leads 2S from a hand of only spades and West wins it with AS. Only a"
                    " spade on"
                    " a trick led in another suit breaks spades here, so they are still unbroken"
                    " and"
                    " West may not lead the king of spades."
                ),
                tags=[
                    tag(v, "play.spades_broken_by"),
                    "play.lead-spades-all-spade-hand",
                    tag(v, "play.spades_lead"),
                ],
                origin=derived("play.spades_broken_by"),
                start=setup(d2),
                actions=after,
                expect={
                    "trick_winners": [["N", "N", "W"]],
                    "to_act": {"phase": "play", "seat": "W"},
                    "legal": west,
                    "illegal": {
                        "action": {"action": "play", "seat": "W", "card": "KS"},
                        "reason": "spades-not-broken",
                    },
                },
            )
        )
    return out


# --- scoring --------------------------------------------------------------------------------


def _hand_case(
    v: str,
    ident: str,
    *,
    description: str,
    tags: list[str],
    clause: str,
    bids: dict[str, Any],
    tricks: dict[str, int],
    ns: dict[str, Any],
    ew: dict[str, Any],
    seed: int,
    scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    status: dict[str, Any] | None = None,
    to_act: dict[str, Any] | None = None,
    probe: dict[str, Any] | None = None,
) -> dict[str, Any]:
    start = setup("N", scores, bags)
    expect: dict[str, Any] = {
        "hands": [hand(bids, tricks, ns, ew)],
        "totals": {"NS": ns["score_after"], "EW": ew["score_after"]},
        "bags": {"NS": ns["bags_after"], "EW": ew["bags_after"]},
        "status": status or CONTINUES,
        "to_act": to_act or {"phase": "deal", "seat": "E"},
    }
    if probe is not None:
        expect["illegal"] = probe
    return case(
        f"{v}.{ident}",
        variant_id=v,
        description=description,
        tags=["hand.score-only", *tags],
        origin=derived(clause),
        start=start,
        actions=searched_hand(v, dealer="N", bids=bids, tricks=tricks, seed=seed, start=start),
        expect=expect,
        note="The deal and play were searched to give exactly these trick counts.",
    )


def scoring_cases(v: str, base_seed: int) -> list[dict[str, Any]]:
    r = rules_of(v)
    B, P = r.nil_bonus, r.nil_penalty
    out = []

    # Made with overtricks, and a set.
    set_pts = -50 if r.set_per_bid else -10
    set_words = (
        "every trick bid costs 10: 5 x -10 = -50"
        if r.set_per_bid
        else "only the trick short costs 10: 1 x -10 = -10"
    )
    bids: dict[str, Any] = {"N": 4, "E": 3, "S": 3, "W": 2}
    tricks: dict[str, Any] = {"N": 5, "E": 3, "S": 4, "W": 1}
    out.append(
        _hand_case(
            v,
            "scoring.made-and-set",
            seed=base_seed + 1,
            clause="scoring.set_penalty",
            description=(
                "North-South bid 4 + 3 = 7 and take 9: 7 x 10 = 70, 2 overtricks x 1 = 2, hand 72,"
                " 2 bags."
                f" East-West bid 3 + 2 = 5 and take 4, one short: {set_words}; no bags."
            ),
            tags=[
                "scoring.points_per_bid_trick",
                "scoring.overtrick_points",
                tag(v, "scoring.set_penalty"),
                "scoring.set_points_per_trick",
                tag(v, "scoring.bags_count"),
            ],
            bids=bids,
            tricks=tricks,
            ns=side(
                "NS",
                contract=7,
                side_tricks=9,
                tricks=9,
                made=True,
                contract_points=70,
                overtricks=2,
                overtrick_points=2,
                bags=(0, 2, 2),
                hand_points=72,
                score=(0, 72),
            ),
            ew=side(
                "EW",
                contract=5,
                side_tricks=4,
                tricks=4,
                made=False,
                contract_points=set_pts,
                hand_points=set_pts,
                score=(0, set_pts),
            ),
        )
    )

    # One nil made, one nil failed.
    bids = {"N": "nil", "E": "nil", "S": 4, "W": 3}
    tricks = {"N": 0, "E": 2, "S": 5, "W": 6}
    ns = side(
        "NS",
        contract=4,
        side_tricks=5,
        tricks=5,
        made=True,
        contract_points=40,
        overtricks=1,
        overtrick_points=1,
        nils=(nil("N", 0, B),),
        bags=(0, 1, 1),
        hand_points=41 + B,
        score=(0, 41 + B),
    )
    if r.nil_count:
        ew = side(
            "EW",
            contract=3,
            side_tricks=8,
            tricks=8,
            made=True,
            contract_points=30,
            overtricks=5,
            overtrick_points=5,
            nils=(nil("E", 2, -P),),
            bags=(0, 5, 5),
            hand_points=35 - P,
            score=(0, 35 - P),
        )
        ew_words = (
            f"East's two tricks count for the side: 2 + 6 = 8 against 3, so 30 + 5 overtricks"
            f" = 35, 5 bags, and the failed nil -{P}: {35 - P}"
        )
    else:
        ew = side(
            "EW",
            contract=3,
            side_tricks=8,
            tricks=6,
            made=True,
            contract_points=30,
            overtricks=3,
            overtrick_points=3,
            nils=(nil("E", 2, -P),),
            bags=(0, 5, 5),
            hand_points=33 - P,
            score=(0, 33 - P),
        )
        ew_words = (
            f"East's two tricks do not help West's 3: West's 6 give 30 + 3 overtricks = 33;"
            f" the failed nil -{P}; bags 3 overtricks + East's 2 = 5: hand {33 - P}"
        )
    out.append(
        _hand_case(
            v,
            "scoring.nil-made-and-nil-failed",
            seed=base_seed + 2,
            clause="scoring.nil_bonus",
            description=(
                f"North's nil takes no trick: +{B}; South bids 4, takes 5: 40 + 1, so North-South"
                " score"
                f" {41 + B} with 1 bag. East's nil takes 2 and fails; {ew_words}."
            ),
            tags=[
                "scoring.nil_bonus",
                "scoring.nil_penalty",
                tag(v, "scoring.nil_tricks"),
                "nil.failed",
            ],
            bids=bids,
            tricks=tricks,
            ns=ns,
            ew=ew,
        )
    )

    # A failed nil beside a partner one short on their own.
    bids = {"N": "nil", "E": 4, "S": 4, "W": 3}
    tricks = {"N": 2, "E": 4, "S": 3, "W": 4}
    ew = side(
        "EW",
        contract=7,
        side_tricks=8,
        tricks=8,
        made=True,
        contract_points=70,
        overtricks=1,
        overtrick_points=1,
        bags=(0, 1, 1),
        hand_points=71,
        score=(0, 71),
    )
    if r.nil_count:
        ns = side(
            "NS",
            contract=4,
            side_tricks=5,
            tricks=5,
            made=True,
            contract_points=40,
            overtricks=1,
            overtrick_points=1,
            nils=(nil("N", 2, -P),),
            bags=(0, 1, 1),
            hand_points=41 - P,
            score=(0, 41 - P),
        )
        words = (
            f"North's 2 tricks count toward South's 4: 2 + 3 = 5, made, 40 + 1 = 41 and 1 bag;"
            f" the nil fails, -{P}: {41 - P}"
        )
    else:
        ns = side(
            "NS",
            contract=4,
            side_tricks=5,
            tricks=3,
            made=False,
            contract_points=-40,
            nils=(nil("N", 2, -100),),
            bags=(0, 2, 2),
            hand_points=-140,
            score=(0, -140),
        )
        words = (
            "North's 2 tricks do not count toward South's 4, so South's 3 are one short: set,"
            " 4 x -10 = -40; the nil fails, -100; and North's 2 tricks are bags even though"
            " the side was set (bags counted always): hand -140, 2 bags"
        )
    out.append(
        _hand_case(
            v,
            "scoring.failed-nil-beside-partner-one-short",
            seed=base_seed + 3,
            clause="scoring.nil_tricks",
            description=(
                f"North bids nil and takes 2; South bids 4 and takes 3. {words}. East-West bid 7,"
                " take 8: 71."
            ),
            tags=[
                tag(v, "scoring.nil_tricks"),
                tag(v, "scoring.bags_count"),
                "scoring.nil_penalty",
                "nil.failed",
            ],
            bids=bids,
            tricks=tricks,
            ns=ns,
            ew=ew,
        )
    )

    # Double nil.
    bids = {"N": "nil", "E": 5, "S": "nil", "W": 5}
    tricks = {"N": 1, "E": 6, "S": 0, "W": 6}
    if r.nil_count:
        ns = side(
            "NS",
            contract=0,
            side_tricks=1,
            tricks=1,
            made=True,
            contract_points=0,
            overtricks=1,
            overtrick_points=1,
            nils=(nil("N", 1, -P), nil("S", 0, B)),
            bags=(0, 1, 1),
            hand_points=1 - P + B,
            score=(0, 1 - P + B),
        )
        words = (
            f"the contract is 0 and North's trick is an overtrick: 1 point and 1 bag; North's"
            f" nil fails (-{P}), South's is made (+{B}): {1 - P + B}"
        )
    else:
        ns = side(
            "NS",
            contract=0,
            side_tricks=1,
            tricks=0,
            made=True,
            contract_points=0,
            nils=(nil("N", 1, -100), nil("S", 0, 100)),
            bags=(0, 1, 1),
            hand_points=0,
            score=(0, 0),
        )
        words = (
            "no contract, and North's trick is a bag but earns no point; North's nil fails"
            " (-100), South's is made (+100): 0"
        )
    out.append(
        _hand_case(
            v,
            "scoring.double-nil",
            seed=base_seed + 4,
            clause="nil.double",
            description=(
                "Both North and South bid nil; North takes 1 trick, South none. Each nil is"
                f" scored alone: {words}. East-West bid 10, take 12: 102, 2 bags."
            ),
            tags=[
                "nil.double",
                "scoring.nil_bonus",
                "scoring.nil_penalty",
                tag(v, "scoring.nil_tricks"),
                tag(v, "scoring.double_nil_tricks"),
            ],
            bids=bids,
            tricks=tricks,
            ns=ns,
            ew=side(
                "EW",
                contract=10,
                side_tricks=12,
                tricks=12,
                made=True,
                contract_points=100,
                overtricks=2,
                overtrick_points=2,
                bags=(0, 2, 2),
                hand_points=102,
                score=(0, 102),
            ),
        )
    )

    # Bags: exactly ten for one side, past ten for the other.
    bids = {"N": 4, "E": 1, "S": 4, "W": "nil"}
    tricks = {"N": 6, "E": 2, "S": 5, "W": 0}
    ew_hand = 11 + B - 100
    out.append(
        _hand_case(
            v,
            "scoring.bags-exactly-ten-and-past-ten",
            seed=base_seed + 5,
            scores=(200, 150),
            bags=(8, 9),
            clause="scoring.bag_carry",
            description=(
                "North-South start on 8 bags, bid 8 and take 11: 80 + 3 = 83; 8 + 3 = 11 bags,"
                " past ten:"
                " -100 and 11 - 10 = 1 bag carries on; hand -17, 200 - 17 = 183. East-West start"
                " on 9"
                f" bags; East bids 1 and takes 2 (10 + 1), West's nil is made (+{B}); 9 + 1 ="
                " exactly"
                f" 10 bags: -100, count 0; hand 11 + {B} - 100 = {ew_hand}, 150 + {ew_hand} ="
                f" {150 + ew_hand}."
            ),
            tags=[
                "scoring.bag_threshold",
                "scoring.bag_penalty",
                tag(v, "scoring.bag_carry"),
                "bags.exact-threshold",
                "bags.past-threshold",
            ],
            bids=bids,
            tricks=tricks,
            ns=side(
                "NS",
                contract=8,
                side_tricks=11,
                tricks=11,
                made=True,
                contract_points=80,
                overtricks=3,
                overtrick_points=3,
                bags=(8, 3, 1),
                bag_penalty=100,
                hand_points=-17,
                score=(200, 183),
            ),
            ew=side(
                "EW",
                contract=1,
                side_tricks=2,
                tricks=2,
                made=True,
                contract_points=10,
                overtricks=1,
                overtrick_points=1,
                nils=(nil("W", 0, B),),
                bags=(9, 1, 0),
                bag_penalty=100,
                hand_points=ew_hand,
                score=(150, 150 + ew_hand),
            ),
        )
    )
    return out


# --- the end of the game, and the deal passing on -----------------------------------------


def _made(name: str, bid: int, took: int, before: int) -> dict[str, Any]:
    """A side that makes its bid exactly or with overtricks, no nil, no bag penalty."""
    over = took - bid
    return side(
        name,
        contract=bid,
        side_tricks=took,
        tricks=took,
        made=True,
        contract_points=10 * bid,
        overtricks=over,
        overtrick_points=over,
        bags=(0, over, over),
        hand_points=10 * bid + over,
        score=(before, before + 10 * bid + over),
    )


def game_end_cases(v: str, base_seed: int) -> list[dict[str, Any]]:
    r = rules_of(v)
    T = r.target
    rule = "go past" if r.exceed else "reach"
    won_ns = {"status": "won", "winner": "NS"}
    over: dict[str, Any] = {"phase": "over", "seat": None}
    nxt: dict[str, Any] = {"phase": "deal", "seat": "E"}
    rule_tags = ["game_end.target", tag(v, "game_end.target_rule")]
    six = {"N": 3, "E": 4, "S": 3, "W": 3}
    six_took = {"N": 3, "E": 4, "S": 3, "W": 3}
    out = [
        _hand_case(
            v,
            "game-end.target-exact",
            seed=base_seed + 1,
            scores=(T - 60, T - 200),
            clause="game.target-exact",
            description=(
                f"North-South start on {T - 60}, bid 6 and take 6: +60, exactly {T}. A side must"
                f" {rule}"
                f" {T}, so "
                + (
                    "the game goes on: exactly the target is not past it."
                    if r.exceed
                    else "North-South have won."
                )
                + f" East-West bid 7, take 7: {T - 200} + 70 = {T - 130}."
            ),
            tags=[*rule_tags, "game.target-exact"],
            bids=six,
            tricks=six_took,
            ns=_made("NS", 6, 6, T - 60),
            ew=_made("EW", 7, 7, T - 200),
            status=CONTINUES if r.exceed else won_ns,
            to_act=nxt if r.exceed else over,
        ),
        _hand_case(
            v,
            "game-end.target-one-short",
            seed=base_seed + 2,
            scores=(T - 61, T - 200),
            clause="game.target-one-short",
            description=(
                f"North-South start on {T - 61} and score 60: {T - 1}, one short of {T}; the"
                f" game goes on and East deals next. East-West: {T - 200} + 70 = {T - 130}."
            ),
            tags=[*rule_tags, "game.target-one-short", tag(v, "deal.dealer_rotation")],
            bids=six,
            tricks=six_took,
            ns=_made("NS", 6, 6, T - 61),
            ew=_made("EW", 7, 7, T - 200),
        ),
    ]
    if r.exceed:
        out.append(
            _hand_case(
                v,
                "game-end.target-one-past",
                seed=base_seed + 3,
                scores=(T - 59, T - 200),
                clause="game_end.target_rule",
                description=(
                    f"North-South start on {T - 59} and score 60: {T + 1}, past {T}; they win"
                    f" {T + 1} to {T - 130}."
                ),
                tags=[*rule_tags],
                bids=six,
                tricks=six_took,
                ns=_made("NS", 6, 6, T - 59),
                ew=_made("EW", 7, 7, T - 200),
                status=won_ns,
                to_act=over,
            )
        )
    level = T + 10 if r.exceed else T
    five = {"N": 3, "E": 4, "S": 2, "W": 4}
    if r.tie_is_draw:
        tie_words, tie_status, tie_next = (
            "equal totals are a drawn game",
            {"status": "tie", "winner": None},
            over,
        )
    else:
        tie_words, tie_status, tie_next = (
            "equal totals mean another hand, dealt by East",
            CONTINUES,
            nxt,
        )
    out += [
        _hand_case(
            v,
            "game-end.equal-totals",
            seed=base_seed + 4,
            scores=(level - 50, level - 80),
            clause="game.equal-totals",
            description=(
                f"North-South {level - 50} + 50 and East-West {level - 80} + 80 both end on"
                f" {level}, which ends the game under the target rule; {tie_words}."
            ),
            tags=["game.equal-totals", "game.both-past-target", tag(v, "game_end.tie"), *rule_tags],
            bids=five,
            tricks=five,
            ns=_made("NS", 5, 5, level - 50),
            ew=_made("EW", 8, 8, level - 80),
            status=tie_status,
            to_act=tie_next,
        ),
        _hand_case(
            v,
            "game-end.both-past-target-higher-wins",
            seed=base_seed + 5,
            scores=(T - 20, T - 40),
            clause="game.both-past-target",
            description=(
                f"North-South {T - 20} + 50 = {T + 30}, East-West {T - 40} + 80 = {T + 40}:"
                " both sides get there in the same hand, and the higher total, East-West's, wins."
            ),
            tags=["game.both-past-target", *rule_tags, tag(v, "game_end.tie")],
            bids=five,
            tricks=five,
            ns=_made("NS", 5, 5, T - 20),
            ew=_made("EW", 8, 8, T - 40),
            status={"status": "won", "winner": "EW"},
            to_act=over,
        ),
        _hand_case(
            v,
            "game-end.nothing-after-the-end",
            seed=base_seed + 5,
            scores=(T - 20, T - 40),
            clause="game.nothing-after-the-end",
            description=(
                f"East-West win {T + 40} to {T + 30} on this hand, so the game is over: East, who"
                " would deal the next hand, may not deal it (game-over)."
            ),
            tags=["game.nothing-after-the-end", *rule_tags],
            bids=five,
            tricks=five,
            ns=_made("NS", 5, 5, T - 20),
            ew=_made("EW", 8, 8, T - 40),
            status={"status": "won", "winner": "EW"},
            to_act=over,
            probe={"action": dealt("TRUMP"), "reason": "game-over"},
        ),
    ]
    short = {"N": 3, "E": 4, "S": 2, "W": 4}
    short_took = {"N": 2, "E": 5, "S": 2, "W": 4}
    set_pts = -50 if r.set_per_bid else -10
    if r.floor is not None:
        for start_ns, ident, st, nx, words in (
            (
                -150,
                "game-end.losing-floor-exact",
                {"status": "won", "winner": "EW"},
                over,
                "exactly the floor of -200: North-South lose and East-West win",
            ),
            (
                -140,
                "game-end.losing-floor-one-above",
                CONTINUES,
                nxt,
                "-190, ten above the floor of -200: the game goes on",
            ),
        ):
            out.append(
                _hand_case(
                    v,
                    ident,
                    seed=base_seed + (6 if start_ns == -150 else 7),
                    scores=(start_ns, 0),
                    clause="game.floor-exact",
                    description=(
                        f"North-South start on {start_ns}, bid 5 and take 4: set, 5 x -10 = -50, so"
                        f" {start_ns} - 50 = {start_ns - 50}, {words}. East-West bid 8, take 9: 81."
                    ),
                    tags=[
                        "game_end.losing_floor",
                        "game.floor-exact" if start_ns == -150 else "game_end.target",
                    ],
                    bids=short,
                    tricks=short_took,
                    ns=side(
                        "NS",
                        contract=5,
                        side_tricks=4,
                        tricks=4,
                        made=False,
                        contract_points=-50,
                        hand_points=-50,
                        score=(start_ns, start_ns - 50),
                    ),
                    ew=_made("EW", 8, 9, 0),
                    status=st,
                    to_act=nx,
                )
            )
    else:
        out.append(
            _hand_case(
                v,
                "game-end.no-losing-floor",
                seed=base_seed + 6,
                scores=(-190, 0),
                clause="game_end.losing_floor",
                description=(
                    f"North-South start on -190, bid 5 and take 4: {set_pts}, so {-190 + set_pts}."
                    " This variant has no losing floor, so however low a side sinks the game goes"
                    " on. East-West bid 8, take 9: 81."
                ),
                tags=["game_end.losing_floor", tag(v, "scoring.set_penalty")],
                bids=short,
                tricks=short_took,
                ns=side(
                    "NS",
                    contract=5,
                    side_tricks=4,
                    tricks=4,
                    made=False,
                    contract_points=set_pts,
                    hand_points=set_pts,
                    score=(-190, -190 + set_pts),
                ),
                ew=_made("EW", 8, 9, 0),
            )
        )
    # The deal passes to the left, and the next hand's bidding starts from the new dealer.
    first = setup("N")
    hand1 = searched_hand(
        v,
        dealer="N",
        bids=EVEN_BIDS,
        tricks={"N": 3, "E": 3, "S": 3, "W": 4},
        seed=base_seed + 8,
        start=first,
    )
    bidder = "E" if r.dealer_leads else "S"
    opener = "East, the new dealer," if r.dealer_leads else "South, on East's left,"
    out.append(
        case(
            f"{v}.deal.dealer-rotation.next-hand",
            variant_id=v,
            description=(
                "North deals the first hand; after it the deal passes clockwise to East, and in"
                f" the second hand {opener} bids first."
            ),
            tags=[tag(v, "deal.dealer_rotation"), tag(v, "bidding.first_bidder")],
            origin=derived("deal.dealer_rotation"),
            start=first,
            actions=[*hand1, dealt("TRUMP")],
            expect={"to_act": {"phase": "bid", "seat": bidder}},
        )
    )
    return out


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    out: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for index, v in enumerate(VARIANTS):
        seed = 1000 * (index + 1)
        out[f"{v}/clause-bidding.json"] = (f"Bidding and dealing clauses of {v}.", bidding_cases(v))
        out[f"{v}/clause-play.json"] = (
            f"Leading, following and breaking spades under {v}.",
            play_cases(v),
        )
        out[f"{v}/clause-scoring.json"] = (
            f"Hand scoring clauses of {v}, worked by hand.",
            scoring_cases(v, seed),
        )
        out[f"{v}/clause-game-end.json"] = (
            f"The end of the game under {v}: target, floor, ties; and the deal passing on.",
            game_end_cases(v, seed + 100),
        )
    return out
