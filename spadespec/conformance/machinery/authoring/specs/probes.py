"""Probes in every ruleset: a first bid and a first lead the rules allow (expected not to be
refused: reason null), and a player bidding a second time (already-bid). An engine that refuses
every action it is asked about passes every refusal case and fails these. One file per
ruleset, `<ruleset>/probes.json`.

Deals are laid out by hand: TRUMP for the four-seat 52-card rulesets, the top-trump deals of
the found-by-faults sheets for the joker packs, and the house-rule three-seat deal for cutthroat
(all in `sheets/deals.yaml`). Which bid and which card are allowed is read off the deal and the
ruleset's rule values below.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.machinery.authoring.build import (
    bid_order,
    bids_until,
    case,
    derived,
    setup,
    value_tag,
    variant,
)
from spadespec.conformance.machinery.authoring.sheet_loader import named_deals
from spadespec.reference_engine.variant import shipped_variant_ids

# Spades held in TRUMP: under mirror and whiz each seat must bid (or may bid) its spade count,
# and every other ruleset allows these numbers too (each side's total is at least 4).
TRUMP_SPADES = {"N": 3, "E": 3, "S": 4, "W": 3}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


LEFT = "North, on the dealer's left, leads first"
ANY = "any card but a spade may open"
# (first leader, first lead, spades lead) -> who leads first from TRUMP dealt by West, the card
# it leads, and why that card is allowed.
FIRST_LEADS = {
    ("holder-of-card", "named-card", None): (
        "S",
        "2C",
        "South holds the 2 of clubs, so leads first, and that card is the one it must lead",
    ),
    ("dealer", "any", None): (
        "W",
        "5C",
        f"West, the dealer, leads first and {ANY}: the 5 of clubs",
    ),
    ("left-of-dealer", "lowest-club", None): (
        "N",
        "QC",
        f"{LEFT} and must lead its lowest club: the queen, of AKQ",
    ),
    ("left-of-dealer", "any", "any-time"): (
        "N",
        "AS",
        f"{LEFT}, and spades may be led at any time: the ace of spades",
    ),
    ("left-of-dealer", "any", None): ("N", "AH", f"{LEFT} and {ANY}: the ace of hearts"),
}


def _table(v: str) -> tuple[dict[str, Any], str, dict[str, Any], str, str, str]:
    """The deal, the dealer, every seat's bid, the first leader, the card it leads, and why
    that card is allowed, for ruleset `v`."""
    rules = variant(v).rules
    deals = named_deals()
    if rules.table.players == 3:
        why = f"East, on the dealer's left, leads first and {ANY}: the ace of diamonds"
        return (_deal(deals["THREE"]), "N", {"E": 5, "S": 3, "N": 8}, "E", "AD", why)
    if str(rules.deck.cards) == "jokers-54":
        hands = deals["JOKER_AFTER_ACE" if "2D" in rules.deck.removed else "DEUCE_AFTER_ACE"]
        why = f"{LEFT} and {ANY}: the ace of hearts"
        return (_deal(hands), "W", dict.fromkeys("NESW", 3), "N", "AH", why)
    made: dict[str, Any] = dict(TRUMP_SPADES)
    if str(rules.bidding.constraint) == "suicide":
        # The second partner of each side to bid must bid nil.
        second = bid_order(v, "W")[2:]
        made.update(dict.fromkeys(second, "nil"))
    most = rules.bidding.team_maximum
    if most is not None:
        # The later partner of each side bids no more than the cap leaves (3 and 1 under four).
        order = bid_order(v, "W")
        for first, later in zip(order[:2], order[2:], strict=True):
            made[later] = min(made[later], most - made[first])
    if rules.bidding.dealer_hook:
        # The last to bid may not bring the bids to thirteen: one trick fewer (2 for 3).
        last = bid_order(v, "W")[-1]
        if sum(bid for bid in made.values() if bid != "nil") == 13:
            made[last] -= 1
    play = rules.play
    key = (str(play.first_leader), str(play.first_lead), str(play.spades_lead))
    found = FIRST_LEADS.get(key) or FIRST_LEADS.get((*key[:2], None))
    if found is None:
        raise ValueError(f"{v}: no first lead worked out for {key[0]} and {key[1]}")
    return (_deal(deals["TRUMP"]), "W", made, *found)


def _deal(hands: Any) -> dict[str, Any]:
    return {"action": "deal", "hands": hands}


def probe_cases(v: str) -> list[dict[str, Any]]:
    hands, dealer, made, leader, card, why = _table(v)
    order = bid_order(v, dealer)
    first, second = order[0], order[1]
    start = (
        setup(dealer)
        if len(order) == 4
        else {"dealer": dealer, "scores": dict.fromkeys(order, 0), "bags": dict.fromkeys(order, 0)}
    )
    bid_words = ", ".join(f"{SEAT_NAMES[s]} {made[s]}" for s in order)
    return [
        case(
            f"{v}.probe.first-bid-allowed",
            variant_id=v,
            description=(
                f"{SEAT_NAMES[dealer]} deals and {SEAT_NAMES[first]} bids first. A bid of"
                f" {made[first]} is allowed ({bid_words} is a legal round of bids here), so an"
                " engine asked about it must not refuse it: the reason is null."
            ),
            tags=[
                "probe.allowed",
                value_tag(v, "bidding.first_bidder"),
                value_tag(v, "bidding.constraint"),
            ],
            origin=derived("bidding.first_bidder"),
            start=start,
            actions=[hands],
            expect={
                "to_act": {"phase": "bid", "seat": first},
                "illegal": {
                    "action": {"action": "bid", "seat": first, "bid": made[first]},
                    "reason": None,
                },
            },
        ),
        case(
            f"{v}.bidding.already-bid",
            variant_id=v,
            description=(
                f"{SEAT_NAMES[first]} bids {made[first]} and {SEAT_NAMES[second]} is next."
                f" {SEAT_NAMES[first]} bidding again is refused: each player bids once a hand"
                " (already-bid, not merely out of turn)."
            ),
            tags=["bid.already-bid", "turn.out-of-turn"],
            origin=derived("bid.already-bid"),
            start=start,
            actions=[hands, *bids_until(v, dealer, {first: made[first]})],
            expect={
                "to_act": {"phase": "bid", "seat": second},
                "illegal": {
                    "action": {"action": "bid", "seat": first, "bid": made[first]},
                    "reason": "already-bid",
                },
            },
        ),
        case(
            f"{v}.probe.first-lead-allowed",
            variant_id=v,
            description=(
                f"{SEAT_NAMES[dealer]} deals and the bids are {bid_words}. {why}. An engine"
                " asked about that lead must not refuse it: the reason is null."
            ),
            tags=[
                "probe.allowed",
                value_tag(v, "play.first_leader"),
                value_tag(v, "play.first_lead"),
                value_tag(v, "play.spades_lead"),
            ],
            origin=derived("play.first_lead"),
            start=start,
            actions=[hands, *bids_until(v, dealer, made)],
            expect={
                "to_act": {"phase": "play", "seat": leader},
                "illegal": {
                    "action": {"action": "play", "seat": leader, "card": card},
                    "reason": None,
                },
            },
        ),
    ]


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    return {
        f"{v}/probes.json": (
            f"Under {v}: a first bid and a first lead the rules allow, which must not be refused,"
            " and a second bid by one player, which must be.",
            probe_cases(v),
        )
        for v in shipped_variant_ids()
    }
