"""Probes in every ruleset: a first bid and a first lead the rules allow (expected not to be
refused: reason null), and a player bidding a second time (already-bid). An engine that refuses
every action it is asked about passes every refusal case and fails these. One file per
ruleset, `<ruleset>/probes.json`.

The rulesets that bring in a pack or a table (the root, and each whose pack or number of players
differs from the ruleset it extends) also get deals that do not fit it, each refused (bad-deal):
hands of the wrong sizes that still hold the pack once, a card in two hands, a card named twice
in one hand, a seat in play left out, a card at the seat a three-player table leaves empty, and a
bad deal sent while bidding (bad-deal, not wrong-phase: a malformed action is said first). Each
is made from the ruleset's good deal by one change, so it shows one thing wrong; they are the
shrunk examples of the properties in tests/test_deal_and_pass_refusals.py.

Deals are laid out by hand: TRUMP for the four-seat 52-card rulesets (DISCARD where a ruleset
throws TRUMP in for a hand without a face card), the top-trump deals of
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
from spadespec.reference_engine.cards import CARD_TEXT, RANK_LETTERS, cards_in
from spadespec.reference_engine.deal import parse_pbn
from spadespec.reference_engine.game_phases.dealing import thrown_in
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.seats import SEATS, Seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import shipped_variant_ids
from spadespec.reference_engine.variant.model import Rules

# Spades held in TRUMP: under mirror and whiz each seat must bid (or may bid) its spade count,
# and every other ruleset allows these numbers too (each side's total is at least 4).
TRUMP_SPADES = {"N": 3, "E": 3, "S": 4, "W": 3}
SEAT_NAMES = {
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
    "NE": "North-east",
    "SE": "South-east",
    "SW": "South-west",
    "NW": "North-west",
}
_TABLE_WORDS = {2: "two", 3: "three", 5: "five", 6: "six", 7: "seven"}


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
    if rules.table.players == 2:
        why = f"South, on the dealer's left, leads first and {ANY}: the ace of hearts"
        return (_deal(deals["TWO"]), "N", {"S": 6, "N": 6}, "S", "AH", why)
    if rules.table.players == 3:
        why = f"East, on the dealer's left, leads first and {ANY}: the ace of diamonds"
        return (_deal(deals["THREE"]), "N", {"E": 5, "S": 3, "N": 8}, "E", "AD", why)
    if rules.table.players == 5:
        why = f"North-east, on the dealer's left, leads first and {ANY}: the ace of hearts"
        bids = {"NE": 2, "SE": 2, "SW": 2, "NW": 1, "N": 3}
        return (_deal(deals["FIVE"]), "N", bids, "NE", "AH", why)
    if rules.table.players == 7:
        why = f"North-east, on the dealer's left, leads first and {ANY}: the ace of hearts"
        bids = {"NE": 2, "E": 2, "SE": 2, "SW": 1, "W": 1, "NW": 1, "N": 3}
        return (_deal(deals["SEVEN"]), "N", bids, "NE", "AH", why)
    if rules.table.players == 6:
        why = f"North-east, on the dealer's left, leads first and {ANY}: the ace of hearts"
        bids = {"NE": 2, "SE": 2, "S": 3, "SW": 2, "NW": 2, "N": 2}
        return (_deal(deals["SIX"]), "N", bids, "NE", "AH", why)
    if rules.table.players == 8:
        why = f"North-east, on the dealer's left, leads first and {ANY}: the ace of hearts"
        bids = {"NE": 2, "E": 1, "SE": 1, "S": 2, "SW": 2, "W": 1, "NW": 1, "N": 3}
        return (_deal(deals["EIGHT"]), "N", bids, "NE", "AH", why)
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
    return (_deal(deals[_four_seat_deal(v, rules, deals)]), "W", made, *found)


def _four_seat_deal(v: str, rules: Rules, deals: dict[str, Any]) -> str:
    """TRUMP, or where ruleset `v`'s `rules` throw TRUMP in (South holds no face card)
    DISCARD, which is TRUMP with North's jack and South's 2 of diamonds changed over: the same
    first leads."""
    pack = pack_of(rules)
    below, faceless = rules.deal.redeal_spades_below, rules.deal.redeal_no_face_card
    for name in ("TRUMP", "DISCARD"):
        if not thrown_in(pack, parse_pbn(deals[name]), below, faceless):
            return name
    raise ValueError(f"{v}: both TRUMP and DISCARD are thrown in; no probe deal stands")


def _deal(hands: Any) -> dict[str, Any]:
    return {"action": "deal", "hands": hands}


def _start(v: str, seats: list[str], dealer: str) -> dict[str, Any]:
    """A fresh game's setup: every side's score and bags at 0 (where each plays alone, keyed by
    `seats` in the order given)."""
    sides = table_of(variant(v).rules).sides
    if sides == ("NS", "EW"):
        return setup(dealer)
    keys = seats if set(sides) == set(seats) else list(sides)
    return {"dealer": dealer, "scores": dict.fromkeys(keys, 0), "bags": dict.fromkeys(keys, 0)}


def probe_cases(v: str) -> list[dict[str, Any]]:
    hands, dealer, made, leader, card, why = _table(v)
    order = bid_order(v, dealer)
    first, second = order[0], order[1]
    start = _start(v, order, dealer)
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


# --- deals that do not fit the pack or the table ---------------------------------------------


def brings_a_pack(v: str) -> bool:
    """Whether `v` plays a pack or a number of players the ruleset it extends does not (or
    extends none): one ruleset for each pack and table the shipped rulesets play."""
    lineage = variant(v).lineage
    if len(lineage) == 1:
        return True
    mine, parent = variant(v).rules, variant(lineage[1]).rules
    return (mine.deck, mine.table.players) != (parent.deck, parent.table.players)


Lists = dict[str, list[str]]


def _lists(hands: Any) -> Lists:
    """Each seat's cards as a list, high to low as PBN writes them for a PBN deal."""
    if isinstance(hands, str):
        masks = parse_pbn(hands)
        return {
            s.name: [CARD_TEXT[c] for c in sorted(cards_in(masks[s]), reverse=True)] for s in SEATS
        }
    return {seat: list(cards) for seat, cards in hands.items()}


def _written(lists: Lists, pbn: bool) -> Any:
    """The deal as a case writes it: PBN where the good deal is PBN and four seats hold cards
    (a card named twice written twice), else each seat's cards."""
    if not (pbn and len(lists) == 4):
        return lists

    def suit(cards: list[str], letter: str) -> str:
        ranks = [c[0] for c in cards if c[1] == letter]
        return "".join(sorted(ranks, key=RANK_LETTERS.index, reverse=True))

    return "N:" + " ".join(".".join(suit(lists[s], x) for x in "SHDC") for s in "NESW")


def _refused(lists: Lists, pbn: bool) -> dict[str, Any]:
    return {"action": {"action": "deal", "hands": _written(lists, pbn)}, "reason": "bad-deal"}


def deal_cases(v: str) -> list[dict[str, Any]]:
    """Deals made from `v`'s good deal by one change each, every one refused (bad-deal)."""
    good, dealer, *_ = _table(v)
    rules = variant(v).rules
    pack, table = pack_of(rules), table_of(rules)
    seats = [s.name for s in table.seats]
    share = table.cards_per_hand
    pbn = isinstance(good["hands"], str)
    hands = _lists(good["hands"])
    start = _start(v, seats, dealer)
    due = {"phase": "deal", "seat": dealer}
    # a card given twice: the highest top trump (or the ace of spades) to a second hand, and
    # the lowest (a promoted deuce where there is one) written twice in its holder's hand
    top = CARD_TEXT[pack.top_trumps[0]] if pack.top_trumps else "AS"
    low = CARD_TEXT[pack.top_trumps[-1]] if pack.top_trumps else "AS"
    holder = next(s for s in seats if top in hands[s])
    other = seats[(seats.index(holder) + 1) % len(seats)]
    low_holder = next(s for s in seats if low in hands[s])
    first, second, last = seats[0], seats[1], seats[-1]
    bidder = bid_order(v, dealer)[0]
    names = dict(SEAT_NAMES)
    tags = [value_tag(v, "deck.cards"), "deck.cards", "table.players"]
    if pack.top_trumps:
        tags.append("deck.top_trumps")

    def one(ident: str, clause: str, description: str, deal: Lists, **more: Any) -> dict[str, Any]:
        return case(
            f"{v}.deal.{ident}",
            variant_id=v,
            description=description,
            tags=tags,
            origin=derived(clause),
            start=start,
            actions=more.get("before", []),
            expect={"illegal": _refused(deal, pbn), "to_act": more.get("to_act", due)},
        )

    sizes = {s: list(cards) for s, cards in hands.items()}
    moved = sizes[second].pop()
    sizes[first].append(moved)
    twice = {s: list(cards) for s, cards in hands.items()}
    lost = twice[other][-1]
    twice[other][-1] = top
    named = {s: list(cards) for s, cards in hands.items()}
    named[low_holder].append(low)
    short = {s: cards for s, cards in hands.items() if s != last}
    drawn = table.drawn
    in_play = (
        f"{share} each, the {share * len(seats)} cards the draw keeps"
        if drawn
        else f"{share} each of the {share * len(seats)} cards in play"
    )
    once = "No card is dealt twice" if drawn else "Every card of the pack is dealt once"
    out = [
        one(
            "hand-sizes-wrong",
            "deck.cards",
            f"{names[first]} is dealt {names[second]}'s {moved} too: {names[first]} holds"
            f" {share + 1} cards and {names[second]} {share - 1}. {once}, but a deal gives"
            f" {in_play}: refused (bad-deal).",
            sizes,
        ),
        one(
            "card-in-two-hands",
            "deck.cards",
            f"{names[other]} is dealt {top}, which {names[holder]} holds, in place of its own"
            f" {lost}: every hand holds {share} cards, but {top} is dealt twice"
            f"{'' if drawn else f' and {lost} to nobody'}: refused (bad-deal).",
            twice,
        ),
        one(
            "card-named-twice-in-a-hand",
            "deck.cards",
            f"{names[low_holder]}'s cards name {low} twice: {share + 1} cards written, {share}"
            f" different ones{'' if drawn else ', and every card of the pack dealt once'}. A"
            " card named twice is not read as one: refused (bad-deal).",
            named,
        ),
        one(
            "seat-in-play-left-out",
            "table.players",
            f"The deal gives hands to {', '.join(names[s] for s in seats[:-1])} only:"
            f" {names[last]}, a seat in play, is left out and its {share} cards dealt to nobody:"
            " refused (bad-deal), not read as a smaller table.",
            short,
        ),
        one(
            "bad-deal-while-bidding",
            "deck.cards",
            f"The cards are dealt and {names[bidder]} is to bid. A deal sent now is in the"
            f" wrong phase, and this one ({names[first]} holding {share + 1} cards and"
            f" {names[second]} {share - 1}) is malformed too: the malformed action is said"
            " first (bad-deal, not wrong-phase).",
            sizes,
            before=[good],
            to_act={"phase": "bid", "seat": bidder},
        ),
    ]
    if table.players not in (4, 8):  # a table with an empty place
        empty = next(s.name for s in Seat if s not in table.seats)
        size = _TABLE_WORDS[table.players]
        away = {s: list(cards) for s, cards in hands.items()}
        gone = away[last].pop()
        away[empty] = [gone]
        why = None
        if pack.removed:
            removed = CARD_TEXT[pack.removed[0]]
            why = f"{removed} is taken out of the pack"
        elif drawn:  # two players: a card the draw threw out
            kept = {card for cards in hands.values() for card in cards}
            removed = next(CARD_TEXT[c] for c in pack.order if CARD_TEXT[c] not in kept)
            why = f"{removed} is one of the cards the draw threw out"
        if why is not None:
            out.append(
                one(
                    "removed-card-at-the-empty-seat",
                    "table.players",
                    f"{names[empty]} has no seat at a table of {size}, and {why}; a deal that"
                    f" gives {names[empty]} the {removed}, the {size} players holding their"
                    f" {share} each as dealt, is refused (bad-deal).",
                    {**hands, empty: [removed]},
                )
            )
        out += [
            one(
                "card-at-the-empty-seat",
                "table.players",
                f"{names[last]}'s {gone} is dealt to {names[empty]}, who has no seat at a table"
                f" of {size}: refused (bad-deal).",
                away,
            ),
        ]
    return out


def files() -> dict[str, tuple[str, list[dict[str, Any]]]]:
    out = {}
    for v in shipped_variant_ids():
        description = (
            f"Under {v}: a first bid and a first lead the rules allow, which must not be"
            " refused, and a second bid by one player, which must be"
        )
        cases = probe_cases(v)
        if brings_a_pack(v):
            description += "; and deals that do not fit its pack and table, which must be too"
            cases += deal_cases(v)
        out[f"{v}/probes.json"] = (description + ".", cases)
    return out
