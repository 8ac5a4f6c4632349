"""Random legal games under every shipped variant (and a few house-rule tables built here),
checked after every step against rules restated here from the variant's own words (not from
the engine's code):

the table seats three or four, bids and play go round it to the left; the pack is the kind less
the cards taken out, each seat dealt an equal share, one trick per card in a hand; top trumps
and jokers are spades, ranked above the ace in the order listed; every bid the engine allows is
exactly what the bidding rules allow (range, nil, blind nil when trailing enough, suicide,
mirror, whiz, team minimum, the table's total); after a blind nil (and after a seen nil, where
the variant says so) the partners pass cards in the order the variant says; every play the
engine allows is what the play rules allow (heading, trumping, the first trick); the trick goes
to the highest spade, else the highest card of the suit led; each hand's score equals its
itemised breakdown; bags stay in range; the game ends exactly when the variant says (target,
floor, number of hands, Boston), with the right winner or a tie; and replaying the saved log
gives the same state.
"""

from __future__ import annotations

import json
from math import comb
from typing import Any

import pytest
from _engine_positions import rules_with
from _sweeps import PLAY_RULESETS, sweep
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from spadespec.reference_engine.actions import Pass, PassCard
from spadespec.reference_engine.cards import CARD_COUNT, RANK_LETTERS, parse_card
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import ALL_SEATS, Seat
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.model import Rules

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
JOKERS = (52, 53)


def printed(card: int) -> int:
    """The card a mega card repeats (mega cards are numbered 54 above their twins); any other
    card itself."""
    return card - 54 if card >= 54 else card


NIL, BLIND_NIL = "nil", "blind-nil"


def is_blind(bid: Any) -> bool:
    """Whether a bid is a number bid blind (`blind-N`, not blind nil)."""
    return isinstance(bid, str) and bid.startswith("blind-") and bid != BLIND_NIL


PLAY_REFUSALS = {
    ReasonCode.NOT_YOUR_TURN,
    ReasonCode.CARD_NOT_IN_HAND,
    ReasonCode.MUST_FOLLOW_SUIT,
    ReasonCode.MUST_HEAD_TRICK,
    ReasonCode.MUST_TRUMP,
    ReasonCode.SPADES_NOT_BROKEN,
    ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB,
    ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD,
    ReasonCode.FIRST_TRICK_MUST_PLAY_LOWEST,
    ReasonCode.FIRST_TRICK_NO_SPADES,
}
PARTNERS = {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}


def card_text(card: int) -> str:
    if card >= 52:
        return "LJ" if card == 52 else "BJ"
    return "23456789TJQKA"[card % 13] + "CDHS"[card // 13]


def mask(cards: Any) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


SEATINGS = {
    2: (Seat.N, Seat.S),
    3: (Seat.N, Seat.E, Seat.S),
    4: (Seat.N, Seat.E, Seat.S, Seat.W),
    5: (Seat.N, Seat.NE, Seat.SE, Seat.SW, Seat.NW),
    6: (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW),
    7: (Seat.N, Seat.NE, Seat.E, Seat.SE, Seat.SW, Seat.W, Seat.NW),
    8: (Seat.N, Seat.NE, Seat.E, Seat.SE, Seat.S, Seat.SW, Seat.W, Seat.NW),
}
"""Each table's seats clockwise from North, restated from the variant format's docs."""


class Book:
    """The variant's table, pack and bidding rules, restated from its rules record."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seats = SEATINGS[rules.table.players]
        self.width = 8 if rules.table.players > 4 else 4
        if rules.table.sides == "partnerships" and rules.table.players == 4:
            self.sides = {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}
        elif rules.table.sides == "partnerships":
            # six or eight: each seat with the one opposite, half way round the table
            half = len(self.seats) // 2
            self.sides = {
                f"{one.name}-{other.name}": (one, other)
                for one, other in zip(self.seats[:half], self.seats[half:], strict=True)
            }
        elif rules.table.sides == "partnerships-and-spoiler":
            # North alone; the pairs sit opposite across South's empty place (East and West too
            # at seven).
            pairs = [(Seat.NE, Seat.SW), (Seat.E, Seat.W), (Seat.SE, Seat.NW)]
            self.sides = {"N": (Seat.N,)}
            for one, other in pairs:
                if one in self.seats:
                    self.sides[f"{one.name}-{other.name}"] = (one, other)
        else:
            self.sides = {seat.name: (seat,) for seat in self.seats}
        self.side_of = {seat: side for side, members in self.sides.items() for seat in members}
        kind = list(range(52)) + (list(JOKERS) if rules.deck.cards == "jokers-54" else [])
        if rules.deck.cards.startswith("mega-"):
            # Graham Spades' mega cards: the twos first, spades to clubs, then the threes...
            megas = int(rules.deck.cards.removeprefix("mega-")) - 52
            kind += [parse_card(r + s + "+") for r in RANK_LETTERS for s in "SHDC"][:megas]
        removed = {parse_card(c) for c in rules.deck.removed}
        self.cards = [c for c in kind if c not in removed]
        # Under a kitty the dealer takes the two cards over an even deal and lays two aside;
        # two players keep one card of each two they draw, and half the pack is out of play.
        self.aside = 2 if rules.deal.kitty == "dealer-takes-two" else 0
        if rules.table.players == 2:
            self.aside = len(self.cards) // 2
        self.tricks = (len(self.cards) - self.aside) // len(self.seats)
        tops = [parse_card(c) for c in rules.deck.top_trumps]
        # A top trump (or joker) is a spade, ranked above the ace, the first listed highest.
        # A mega card is its twin's suit, half a rank above it.
        self.suit = {
            c: SPADES if c in tops or c in JOKERS else printed(c) // 13 for c in self.cards
        }
        self.power: dict[int, float] = {
            c: printed(c) % 13 + (c != printed(c)) / 2 for c in self.cards
        }
        for place, card in enumerate(tops):
            self.power[card] = 13 + len(tops) - place

    def partner(self, seat: Seat) -> Seat | None:
        if self.rules.table.sides == "partnerships" and self.rules.table.players == 4:
            return PARTNERS[seat]
        pair = self.sides[self.side_of[seat]]
        return next((s for s in pair if s is not seat), None)

    def left(self, seat: Seat) -> Seat:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def winner(self, trick: list[tuple[Seat, int]]) -> Seat:
        """The highest spade if any spade was played, else the highest of the suit led."""
        spades = [(self.power[c], s) for s, c in trick if self.suit[c] == SPADES]
        if spades:
            return max(spades)[1]
        led = self.suit[trick[0][1]]
        return max((self.power[c], s) for s, c in trick if self.suit[c] == led)[1]

    def spades(self, hand: set[int]) -> int:
        return sum(self.suit[c] == SPADES for c in hand)

    def faces(self, hand: set[int]) -> int:
        """The jacks, queens and kings held, mega ones too (cards 0-51 run 2 to ace in each suit;
        52 and 53 are the jokers; 54 up the mega cards)."""
        return sum(c not in JOKERS and RANK_LETTERS[printed(c) % 13] in "JQK" for c in hand)

    def legal_bids(
        self, seat: Seat, hand: set[int], bids: dict[Seat, Any], totals: dict[str, int]
    ) -> list[Any]:
        """Every bid allowed: numbers low to high, nil, blind nil, then the numbers bid blind
        (`blind-N`, from the least blind bid to the greatest bid, when trailing enough)."""
        bidding = self.rules.bidding
        numbers = list(range(bidding.min_bid, bidding.max_bid + 1))
        words = [NIL] if bidding.nil == "allowed" else []
        side = self.side_of[seat]
        behind = max(t for s, t in totals.items() if s != side) - totals[side]
        margin = bidding.blind_nil_trailing_by
        if bidding.blind_nil == "allowed" and (margin is None or behind >= margin):
            words.append(BLIND_NIL)
        least_blind, blind_margin = bidding.blind_bid_min, bidding.blind_bid_trailing_by
        if least_blind is not None and (blind_margin is None or behind >= blind_margin):
            words += [f"blind-{n}" for n in range(least_blind, bidding.max_bid + 1)]
        allowed = numbers + words
        spades = self.spades(hand)
        constraint = bidding.constraint
        if constraint == "mirror":
            allowed = [b for b in allowed if b == (spades or NIL)]
        elif constraint == "whiz":
            allowed = [b for b in allowed if b in (NIL, BLIND_NIL) or (spades and b == spades)]
        partner = self.partner(seat)
        first = bids.get(partner) if partner is not None else None
        most = bidding.team_maximum
        if most is not None:
            # A nil adds nothing; the partner's number, if any, counts against the cap.
            already = first if isinstance(first, int) else 0
            allowed = [b for b in allowed if isinstance(b, str) or already + b <= most]
        if first is not None:
            first_is_nil = first in (NIL, BLIND_NIL)
            if constraint == "suicide":
                allowed = [b for b in allowed if (b in (NIL, BLIND_NIL)) != first_is_nil]
            least = bidding.team_minimum
            if least is not None:
                first_number = 0 if first_is_nil else first
                allowed = [
                    b for b in allowed if first_number + (0 if isinstance(b, str) else b) >= least
                ]
        last = len(bids) == len(self.seats) - 1
        before = sum(b for b in bids.values() if isinstance(b, int))
        if bidding.table_maximum is not None:
            # No bid may take the bids so far (a nil as nothing) past the table maximum, unless
            # no bid the other rules leave stays within it.
            within = [
                b
                for b in allowed
                if before + (0 if isinstance(b, str) else b) <= bidding.table_maximum
            ]
            allowed = within or allowed
        if bidding.table_minimum is not None and last:
            # The last to bid must bring the bids (a nil as nothing) to the table minimum,
            # unless no bid the other rules leave reaches it.
            reaching = [
                b
                for b in allowed
                if before + (0 if isinstance(b, str) else b) >= bidding.table_minimum
            ]
            allowed = reaching or allowed
        if bidding.dealer_hook and last:
            # The last to bid may not bring the bids (a nil as nothing) to the tricks of a
            # hand, unless that bid is all the other rules leave.
            hooked = [
                b for b in allowed if before + (0 if isinstance(b, str) else b) != self.tricks
            ]
            allowed = hooked or allowed
        return allowed

    def exchange(self, order: list[Seat], bids: dict[Seat, Any]) -> list[tuple[Seat, Seat]]:
        """The passes after the bidding: per side with a blind nil (or, where a seen nil opens
        the exchange too, with exactly one nil of either kind), in the order bid."""
        bidding = self.rules.bidding
        plan: list[tuple[Seat, Seat]] = []
        if bidding.blind_nil_exchange == 0:
            return plan
        seen_too = bidding.nil_exchange == "seen-too"
        opening = (NIL, BLIND_NIL) if seen_too else (BLIND_NIL,)
        done = set()
        for seat in order:
            partner = self.partner(seat)
            if bids[seat] not in opening or partner is None or self.side_of[seat] in done:
                continue
            done.add(self.side_of[seat])
            if seen_too and bids[partner] in (NIL, BLIND_NIL):
                continue  # two nils on the side: nobody trades
            if bidding.blind_nil_exchange_order == "partner-first":
                plan += [(partner, seat), (seat, partner)]
            else:
                plan += [(seat, partner), (partner, seat)]
        return plan


# House-rule tables built here, so each axis is played whatever the shipped files hold.
HOUSE_TABLES = {
    "three-alone": dict(
        table__players=3,
        table__sides="individual",
        deck__removed=["2C"],
        bidding__max_bid=17,
        play__spades_lead="any-time",
        play__first_trick="no-spades",
        game_end__hands=3,
        game_end__target=None,
        game_end__tie="tie",
        scoring__moon="wins-game",
    ),
    "jokers-blind-nil": dict(
        deck__cards="jokers-54",
        deck__removed=["2C", "2D"],
        deck__top_trumps=["BJ", "LJ", "2S"],
        deal__redeal_spades_below=2,
        deal__redeal_no_face_card=True,
        bidding__blind_nil="allowed",
        bidding__blind_nil_trailing_by=50,
        bidding__blind_nil_exchange=2,
        bidding__blind_nil_exchange_order="bidder-first",
        bidding__team_minimum=4,
        bidding__team_maximum=9,
        scoring__nil_tricks="overtricks",
        scoring__blind_nil_bonus=200,
        scoring__blind_nil_penalty=200,
        scoring__boston="wins-game",
        scoring__bags_count="never",
    ),
    "whiz-bonus-bid": dict(
        deck__cards="jokers-54",
        deck__removed=["2C", "2H"],
        deck__top_trumps=["BJ", "LJ", "2D"],
        bidding__constraint="whiz",
        bidding__table_minimum=11,
        scoring__double_nil_tricks="ignored",
        scoring__set_penalty="nothing",
        scoring__bag_points_cancelled=True,
        scoring__bonus_bid_tricks=10,
        scoring__bonus_bid_made=200,
        scoring__bonus_bid_set=200,
        scoring__boston="points",
        scoring__boston_points=250,
    ),
    "suicide-exchange": dict(
        bidding__constraint="suicide",
        bidding__team_maximum=13,
        bidding__table_maximum=14,
        bidding__blind_nil="allowed",
        bidding__blind_nil_exchange=3,
        scoring__blind_nil_bonus=200,
        scoring__blind_nil_penalty=200,
        scoring__bags_count="always",
        scoring__big_bid_tricks=9,
        scoring__big_bid_bonus=50,
        play__first_leader="holder-of-card",
        play__first_lead="named-card",
        play__first_lead_card="2C",
    ),
    "mirror-three": dict(
        table__players=3,
        table__sides="individual",
        deck__removed=["2C"],
        bidding__max_bid=17,
        bidding__constraint="mirror",
        play__first_lead="lowest-club",
        play__first_trick="lowest-of-suit",
    ),
}


class GameMachine(RuleBasedStateMachine):
    """One game under one variant (with its table options drawn at random)."""

    VARIANT = "standard"
    HOUSE: dict[str, Any] | None = None

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        if self.HOUSE is not None:
            self.variant: Any = rules_with(**self.HOUSE)
            rules = self.variant
        else:
            base = load_variant(self.VARIANT)
            options = {o.name: str(data.draw(st.sampled_from(o.choices))) for o in base.options}
            self.variant = load_variant(self.VARIANT, options)
            rules = self.variant.rules
        self.rules = rules
        book = self.book = Book(rules)
        end, scoring = rules.game_end, rules.scoring
        # Start near the end of the game so that games finish within a few hands.
        low = max(-190, (end.losing_floor or -1000) + 1)
        high = end.target - 1 if end.target is not None else 300
        score = st.integers(min_value=low, max_value=high)
        most_bags = 0 if scoring.bags_count == "never" else scoring.bag_threshold - 1
        bag = st.integers(min_value=0, max_value=most_bags)
        scores = {side: data.draw(score) for side in book.sides}
        margin = rules.bidding.blind_nil_trailing_by
        if margin is not None and data.draw(st.booleans()):
            # Put the first side right at the blind nil margin behind the second.
            first, second = list(book.sides)[:2]
            nudge = data.draw(st.sampled_from([-1, 0, 1]))
            scores[first] = max(low, min(high, scores[second] - margin + nudge))
        bags = {side: data.draw(bag) for side in book.sides}
        played = data.draw(st.integers(min_value=0, max_value=(end.hands or 1) - 1))
        dealer = data.draw(st.sampled_from(book.seats))
        self.game = Game.new(
            self.variant, dealer=dealer, scores=scores, bags=bags, hands_played=played
        )
        self.dealer = dealer
        self.totals = dict(scores)
        self.bags = dict(bags)
        self.hands_played = played
        self.hands_scored = 0
        self.held: dict[Seat, set[int]] = {seat: set() for seat in book.seats}
        self.plays: list[tuple[Seat, int]] = []
        self.bid_order: list[Seat] = []
        self.bids: dict[Seat, Any] = {}
        self.plan: list[tuple[Seat, Seat]] = []
        self.deficient: list[Seat] = []

    # --- the rules, restated -----------------------------------------------------------------

    def expected_first_bidder(self) -> Seat:
        first = self.rules.bidding.first_bidder
        return self.dealer if first == "dealer" else self.book.left(self.dealer)

    def expected_first_leader(self) -> Seat:
        play = self.rules.play
        if play.first_leader == "dealer":
            return self.dealer
        if play.first_leader == "left-of-dealer":
            return self.book.left(self.dealer)
        # Whoever holds the card when play starts: after any exchange.
        card = parse_card(play.first_lead_card)
        return next(s for s in self.book.seats if card in self.held[s])

    def tricks(self) -> list[list[tuple[Seat, int]]]:
        size = len(self.book.seats)
        return [self.plays[i : i + size] for i in range(0, len(self.plays), size)]

    def spades_broken(self) -> bool:
        suit = self.book.suit
        for trick in self.tricks():
            led = suit[trick[0][1]]
            for _, card in trick:
                if suit[card] == SPADES:
                    if self.rules.play.spades_broken_by == "any-spade-played" or led != SPADES:
                        return True
        return False

    def expected_to_act(self) -> Seat:
        tricks = self.tricks()
        if not tricks:
            return self.expected_first_leader()
        if len(tricks[-1]) < len(self.book.seats):
            return self.book.left(tricks[-1][-1][0])
        return self.book.winner(tricks[-1])

    def expected_legal(self, seat: Seat) -> set[int]:
        """The cards the usual rules allow, narrowed on the first trick by its house rule: a
        player holding the suit led plays the lowest of it, and the leader or a player void in
        the suit led plays no spade while another card is allowed."""
        usual = self.usual_legal(seat)
        rule = self.rules.play.first_trick
        tricks = self.tricks()
        if rule == "any" or len(tricks) > 1 or (tricks and len(tricks[0]) == len(self.book.seats)):
            return usual
        suit, power = self.book.suit, self.book.power
        if tricks:
            led = suit[tricks[0][0][1]]
            held = [c for c in self.held[seat] if suit[c] == led]
            if held:
                if rule in ("lowest-of-suit", "lowest-and-no-spades"):
                    return {min(held, key=power.__getitem__)}
                return usual
        if rule in ("no-spades", "lowest-and-no-spades"):
            return {c for c in usual if suit[c] != SPADES} or usual
        return usual

    def usual_legal(self, seat: Seat) -> set[int]:
        suit, power = self.book.suit, self.book.power
        hand = self.held[seat]
        tricks = self.tricks()
        if tricks and len(tricks[-1]) < len(self.book.seats):
            trick = [c for _, c in tricks[-1]]
            led = suit[trick[0]]
            follow = {c for c in hand if suit[c] == led}
            # The card taking the trick so far: the highest spade, else the highest of the suit led.
            trumps = [c for c in trick if suit[c] == SPADES]
            top = max(trumps or [c for c in trick if suit[c] == led], key=power.__getitem__)
            play = self.rules.play
            if follow:
                if play.must_head and suit[top] == led:  # no card of the suit led beats a trump
                    return {c for c in follow if power[c] > power[top]} or follow
                return follow
            spades = {c for c in hand if suit[c] == SPADES}
            if play.when_void == "trump":
                return spades or set(hand)
            if play.when_void == "overtrump":
                return {c for c in spades if not trumps or power[c] > power[top]} or set(hand)
            return set(hand)
        if not tricks:
            play = self.rules.play
            if play.first_lead == "named-card":
                named = parse_card(play.first_lead_card)
                if named in hand:
                    return {named}
            if play.first_lead == "lowest-club":
                clubs = [c for c in hand if suit[c] == CLUBS]
                if clubs:
                    return {min(clubs, key=power.__getitem__)}
                red = {c for c in hand if suit[c] in (DIAMONDS, HEARTS)}
                return red or set(hand)
        if self.rules.play.spades_lead == "any-time" or self.spades_broken():
            return set(hand)
        return {c for c in hand if suit[c] != SPADES} or set(hand)

    def expected_outcome(self, boston: str | None, moon: str | None) -> tuple[str, str | None]:
        end = self.rules.game_end
        if moon is not None:
            return "won", moon
        if boston is not None and self.rules.scoring.boston == "wins-game":
            return "won", boston
        totals = self.totals

        def won_by_target(total: int) -> bool:
            if end.target is None:
                return False
            return total >= end.target if end.target_rule == "reach" else total > end.target

        def out(total: int) -> bool:
            return end.losing_floor is not None and total <= end.losing_floor

        hands_over = end.hands is not None and self.hands_played >= end.hands
        if not hands_over and not any(won_by_target(t) or out(t) for t in totals.values()):
            return "continues", None
        top = max(totals.values())
        leaders = [side for side, total in totals.items() if total == top]
        if len(leaders) > 1:
            return ("tie", None) if end.tie == "tie" else ("continues", None)
        return "won", leaders[0]

    # --- actions -----------------------------------------------------------------------------

    @precondition(lambda self: self.game.phase is Phase.DEAL)
    @rule(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        order = data.draw(st.permutations(self.book.cards))
        # any two laid aside by a kitty's dealer, or the half two players throw out as they draw
        order = order[: len(order) - self.book.aside]
        seats = self.book.seats
        self.held = {seat: set(order[i :: len(seats)]) for i, seat in enumerate(seats)}
        hands = [mask(self.held.get(seat, ())) for seat in ALL_SEATS[: self.book.width]]
        self.game.deal(hands)
        assert all(len(self.held[s]) == self.book.tricks for s in seats)
        self.plays, self.bid_order, self.bids, self.plan = [], [], {}, []
        below = self.rules.deal.redeal_spades_below or 0
        faceless = self.rules.deal.redeal_no_face_card
        book = self.book
        # The deficient hands, in turn from the dealer's left.
        turn = [book.left(self.dealer)]
        while len(turn) < len(seats):
            turn.append(book.left(turn[-1]))
        self.deficient = [
            s
            for s in turn
            if book.spades(self.held[s]) < below or (faceless and not book.faces(self.held[s]))
        ]
        if self.deficient and self.rules.deal.redeal_by == "holder":
            # Each holder chooses in turn, before any bid, whether to call the redeal.
            assert (self.game.phase, self.game.to_act) == (Phase.REDEAL, self.deficient[0])
        elif self.deficient:
            self.thrown_in()

    def thrown_in(self) -> None:
        """Thrown in before any bid: the same dealer deals again, and nothing is scored."""
        game = self.game
        assert game.phase is Phase.DEAL and game.dealer is self.dealer
        assert game.totals == self.totals and game.bags == self.bags
        assert game.hands_played == self.hands_played

    @precondition(lambda self: self.game.phase is Phase.REDEAL)
    @rule(call=st.booleans(), data=st.data())
    def redeal(self, call: bool, data: st.DataObject) -> None:
        game = self.game
        holder = self.deficient.pop(0)
        others = [s for s in self.book.seats if s is not holder]
        with pytest.raises(IllegalActionError) as refused:
            game.redeal(data.draw(st.sampled_from(others)), call)
        assert refused.value.reason is ReasonCode.NOT_YOUR_TURN
        with pytest.raises(IllegalActionError) as refused:
            game.bid(holder, 1)
        assert refused.value.reason is ReasonCode.WRONG_PHASE
        game.redeal(holder, call)
        if call:
            self.deficient = []
            self.thrown_in()
        elif self.deficient:
            assert (game.phase, game.to_act) == (Phase.REDEAL, self.deficient[0])
        else:
            assert (game.phase, game.to_act) == (Phase.BID, self.expected_first_bidder())

    def expected_bids(self, seat: Seat) -> list[Any]:
        return self.book.legal_bids(seat, self.held[seat], self.bids, self.totals)

    @precondition(lambda self: self.game.phase is Phase.BID)
    @rule(data=st.data())
    def bid(self, data: st.DataObject) -> None:
        game = self.game
        if self.bid_order:
            expected = self.book.left(self.bid_order[-1])
        else:
            expected = self.expected_first_bidder()
        assert game.to_act is expected
        allowed = self.expected_bids(expected)
        assert game.legal_bids() == allowed
        assert [a.bid for a in game.legal_actions()] == allowed
        # Blind nil is drawn as often as any one number, so exchanges happen.
        choice = data.draw(st.sampled_from(allowed))
        game.bid(expected, choice)
        self.bid_order.append(expected)
        self.bids[expected] = choice
        if len(self.bids) == len(self.book.seats):
            self.plan = self.book.exchange(self.bid_order, self.bids)
            assert game.phase is (Phase.PASS if self.plan else Phase.PLAY)

    @precondition(lambda self: self.game.phase is Phase.BID)
    @rule(
        seat=st.sampled_from(ALL_SEATS),
        value=st.sampled_from([-1, 0, 1, 5, 7, 13, 14, 17, 18, NIL, BLIND_NIL]),
    )
    def try_any_bid(self, seat: Seat, value: int | str) -> None:
        if seat not in self.book.seats:
            with pytest.raises(IllegalActionError) as err:
                self.game.bid(seat, value)
            assert err.value.reason is ReasonCode.UNKNOWN_SEAT
            return
        ok = seat is self.game.to_act and value in self.expected_bids(seat)
        assert self.game.can_bid(seat, value) == ok

    @precondition(lambda self: self.game.phase is Phase.PASS)
    @rule(data=st.data())
    def pass_cards(self, data: st.DataObject) -> None:
        game, count = self.game, self.rules.bidding.blind_nil_exchange
        giver, taker = self.plan[0]
        assert (game.to_act, game.pass_to) == (giver, taker)
        hand = sorted(self.held[giver])
        choices = game.legal_passes()
        assert len(choices) == comb(len(hand), count)
        assert all(a.seat is giver and a.cards & ~mask(hand) == 0 for a in choices)
        assert all(a.cards.bit_count() == count for a in choices)
        # The legal actions offer the pass a card at a time: every card the giver holds.
        picks = game.legal_actions()
        assert all(isinstance(a, PassCard) and a.seat is giver for a in picks)
        assert sorted(a.card for a in picks) == hand
        chosen = data.draw(st.lists(st.sampled_from(hand), min_size=count, max_size=count,
                                    unique=True))  # fmt: skip
        if data.draw(st.booleans()):
            game.pass_cards(giver, [card_text(c) for c in chosen])
        else:
            for card in chosen:
                game.apply(PassCard(giver, card))
        assert game.passes[-1] == Pass(giver, mask(chosen))
        self.held[giver] -= set(chosen)
        self.held[taker] |= set(chosen)
        self.plan.pop(0)
        assert game.phase is (Phase.PASS if self.plan else Phase.PLAY)

    @precondition(lambda self: self.game.phase is Phase.PASS)
    @rule(
        seat=st.sampled_from(ALL_SEATS),
        picks=st.lists(st.integers(min_value=0, max_value=53), max_size=5, unique=True),
    )
    def try_any_pass(self, seat: Seat, picks: list[int]) -> None:
        if seat not in self.book.seats:
            return
        count = self.rules.bidding.blind_nil_exchange
        ok = (
            seat is self.plan[0][0]
            and len(picks) == count
            and set(picks) <= self.held[seat]
        )  # fmt: skip
        assert self.game.can_pass(seat, mask(picks)) == ok
        for card in picks:
            held = seat is self.plan[0][0] and card in self.held[seat]
            assert self.game.can_pass_card(seat, card) == held

    def play_one(self, pick: int) -> None:
        game = self.game
        seat = self.expected_to_act()
        assert game.to_act is seat
        legal = self.expected_legal(seat)
        assert {c for c in range(CARD_COUNT) if game.legal_plays(seat) >> c & 1} == legal
        assert {a.card for a in game.legal_actions()} == legal
        card = sorted(legal)[pick % len(legal)]
        game.play(seat, card)
        self.plays.append((seat, card))
        self.held[seat].discard(card)
        if len(self.plays) + self.book.aside == len(self.book.cards):
            self.check_hand_scored()

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(pick=st.integers(min_value=0, max_value=17))
    def play(self, pick: int) -> None:
        self.play_one(pick)

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(rng=st.randoms(use_true_random=False))
    def play_out_the_hand(self, rng) -> None:
        while self.game.phase is Phase.PLAY:
            self.play_one(rng.randrange(18))

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(seat=st.sampled_from(ALL_SEATS), card=st.integers(min_value=0, max_value=53))
    def try_any_play(self, seat: Seat, card: int) -> None:
        if seat not in self.book.seats:
            return
        allowed = seat is self.game.to_act and card in self.expected_legal(seat)
        assert self.game.can_play(seat, card) == allowed
        if not allowed:
            before = len(self.game.log)
            try:
                self.game.play(seat, card)
            except IllegalActionError as err:
                assert err.reason in PLAY_REFUSALS
                assert (err.seat, err.trick) == (seat.name, self.game.trick_number)
                assert err.card == card_text(card)
            else:
                raise AssertionError("an illegal play was accepted")
            assert len(self.game.log) == before

    @precondition(lambda self: self.game.phase is Phase.OVER)
    @rule(card=st.sampled_from(range(52)))
    def nothing_more_after_the_game(self, card: int) -> None:
        seat = self.book.seats[card % len(self.book.seats)]
        for attempt in (
            lambda: self.game.deal(seed=card),
            lambda: self.game.bid(seat, 3),
            lambda: self.game.pass_cards(seat, [card]),
            lambda: self.game.play(seat, card),
        ):
            with pytest.raises(IllegalActionError) as err:
                attempt()
            assert err.value.reason is ReasonCode.GAME_OVER

    # --- the end of a hand -------------------------------------------------------------------

    def check_hand_scored(self) -> None:
        game, rules, book = self.game, self.rules, self.book
        tricks = self.tricks()
        assert len(tricks) == book.tricks == len(game.completed_tricks)
        for mine, theirs in zip(tricks, game.completed_tricks, strict=True):
            assert list(theirs.cards) == mine and theirs.winner is book.winner(mine)
        won = {s: sum(book.winner(t) is s for t in tricks) for s in book.seats}
        assert game.tricks_won == won and sum(won.values()) == book.tricks
        self.hands_scored += 1
        self.hands_played += 1
        assert len(game.hand_results) == self.hands_scored
        result = game.hand_results[-1]
        assert set(result.sides) == set(book.sides)
        scoring = rules.scoring
        per_penalty = scoring.bag_penalty + (
            scoring.bag_threshold * scoring.overtrick_points if scoring.bag_points_cancelled else 0
        )
        boston = None
        moon = None
        took = {side: sum(won[s] for s in members) for side, members in book.sides.items()}
        if scoring.moon == "wins-game":
            # Whoever took every trick, whatever they bid, has shot the moon.
            moon = next((side for side, count in took.items() if count == book.tricks), None)
        elif scoring.moon == "wins-game-if-bid":
            # Only a side that bid every trick between its players and took them all.
            bid = {
                side: sum(self.bids[s] for s in members if isinstance(self.bids[s], int))
                for side, members in book.sides.items()
            }
            every = [side for side in took if took[side] == bid[side] == book.tricks]
            moon = every[0] if every else None
        for side, members in book.sides.items():
            line = result.sides[side]
            if scoring.moon in ("wins-game", "wins-game-if-bid"):
                assert line.moon == (side == moon)
            else:
                assert line.moon is None
            if moon is not None:
                # The hand is not scored: nothing moves.
                assert (line.hand_points, line.bags_added, line.bag_penalty) == (0, 0, 0)
                assert line.contract_points == line.overtrick_points == 0
                assert all(nil.points == 0 for nil in line.nils)
            assert line.score_before == self.totals[side]
            assert line.side_tricks == sum(won[s] for s in members)
            numbers = [self.bids[s] for s in members if isinstance(self.bids[s], int)]
            # A number bid blind counts its tricks, written `blind-N`.
            blind = [int(self.bids[s][6:]) for s in members if is_blind(self.bids[s])]
            assert line.contract == sum(numbers) + sum(blind)
            if blind and line.contract_kind == "tricks" and scoring.set_penalty == "per-trick-bid":
                # The contract's points, made or set, times the blind multiplier.
                per = scoring.points_per_bid_trick if line.made else -scoring.set_points_per_trick
                assert line.contract_points == per * line.contract * scoring.blind_bid_multiplier
            nils = {nil.seat: nil for nil in line.nils}
            for seat in members:
                if self.bids[seat] in (NIL, BLIND_NIL):
                    nil = nils[seat.name]
                    assert nil.blind == (self.bids[seat] == BLIND_NIL)
                    assert (nil.tricks, nil.made) == (won[seat], won[seat] == 0)
            nil_points = sum(nil.points for nil in line.nils)
            if scoring.big_bid_bonus is None:
                assert line.bonus_points is None
            else:
                # Bid at least the big number and made it: the bonus on top, else nothing.
                big = moon is None and line.made and line.contract >= (scoring.big_bid_tricks or 0)
                assert line.bonus_points == (scoring.big_bid_bonus if big else 0)
            spoilers = self.rules.table.sides == "partnerships-and-spoiler"
            if scoring.spoiler_multiplier == 1 or not spoilers or len(members) != 1:
                assert line.spoiler_points in (None, 0)
            else:
                # The spoiler's contract, made nils and bonus count the multiplier's times over.
                made_nils = sum(nil.points for nil in line.nils if nil.made)
                base = line.contract_points + (line.bonus_points or 0) + made_nils
                assert line.spoiler_points == (scoring.spoiler_multiplier - 1) * base
            assert line.hand_points == (
                line.contract_points
                + line.overtrick_points
                + (line.bonus_points or 0)
                + (line.spoiler_points or 0)
                + nil_points
                - line.bag_penalty
            )
            assert line.score_after == line.score_before + line.hand_points
            assert line.bag_penalty == line.bag_penalties * per_penalty
            assert line.bags_before == self.bags[side]
            assert 0 <= line.bags_after < scoring.bag_threshold
            if scoring.bags_count == "never":
                assert line.bags_added == 0 and line.bags_after == 0
            if line.bag_penalties == 0:
                assert line.bags_after == line.bags_before + line.bags_added
            every_trick = line.contract == book.tricks and line.side_tricks == book.tricks
            assert line.boston == every_trick
            if every_trick:
                boston = side
            both_nil = len(members) == 2 and all(self.bids[s] in (NIL, BLIND_NIL) for s in members)
            if both_nil and scoring.double_nil_tricks == "ignored":
                # Two nils' tricks count for nothing: no tricks toward anything, no bags.
                assert (line.tricks, line.overtricks, line.bags_added) == (0, 0, 0)
            elif scoring.nil_tricks == "overtricks":
                # A nil bidder's tricks are its own overtricks, never toward the contract.
                nil_won = sum(won[s] for s in members if self.bids[s] in (NIL, BLIND_NIL))
                assert line.tricks == line.side_tricks - nil_won
                beyond = line.tricks - line.contract if line.made else 0
                assert line.overtricks == beyond + nil_won
            if scoring.exact_total_points is not None:
                # The exact total is won or lost whole, whatever the tricks.
                figure = scoring.exact_total_points
                assert line.contract == rules.bidding.team_minimum == rules.bidding.team_maximum
                assert line.contract_points == (figure if line.made else -figure)
            if scoring.set_penalty == "nothing" and not line.made:
                assert line.contract_points == 0 or line.contract_kind != "tricks"
            self.totals[side] = line.score_after
            self.bags[side] = line.bags_after
        assert game.totals == self.totals and game.bags == self.bags
        status, winner = self.expected_outcome(boston, moon)
        assert (game.outcome.code == "moon") == (moon is not None)
        assert (game.outcome.status, game.outcome.winner) == (status, winner)
        if status == "continues":
            assert game.phase is Phase.DEAL
            self.dealer = book.left(self.dealer)
            assert game.hand_number == self.hands_played + 1
        else:
            assert game.phase is Phase.OVER and game.legal_actions() == ()
        assert game.dealer is self.dealer

    # --- after every step --------------------------------------------------------------------

    @invariant()
    def each_card_is_played_once(self) -> None:
        if self.game.phase in (Phase.BID, Phase.PASS, Phase.PLAY):
            played = [card for _, card in self.plays]
            assert len(set(played)) == len(played)
            for seat in ALL_SEATS[: self.book.width]:
                assert self.game.hands[seat] == mask(self.held.get(seat, ()))
            remaining = sum(len(h) for h in self.held.values())
            assert remaining + len(played) + self.book.aside == len(self.book.cards)

    @invariant()
    def trick_count_matches(self) -> None:
        game = self.game
        if game.phase is Phase.PLAY:
            size = len(self.book.seats)
            assert len(game.completed_tricks) == game.trick_number - 1 == len(self.plays) // size
            assert sum(game.tricks_won.values()) == len(game.completed_tricks)
            assert game.spades_broken == self.spades_broken()

    @invariant()
    def replaying_the_log_gives_the_same_state(self) -> None:
        game = self.game
        saved = json.loads(json.dumps(game.to_json()))
        again = Game.replay(self.variant, saved["setup"], saved["log"])
        assert again.to_json() == saved
        for name in (
            "phase", "dealer", "to_act", "hand_number", "hands_played", "trick_number", "hands",
            "bids", "passes", "tricks_won", "current_trick", "led_suit", "spades_broken",
            "completed_tricks", "hand_results", "totals", "bags", "outcome",
        ):  # fmt: skip
            assert getattr(again, name) == getattr(game, name), name


def _machine_for(name: str, house: dict[str, Any] | None) -> type[RuleBasedStateMachine]:
    fields = {"VARIANT": name, "HOUSE": house}
    machine = type(f"GameMachine_{name}", (GameMachine,), fields)
    machine.TestCase.settings = settings(
        max_examples=6,
        stateful_step_count=60,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    return machine


# A sweep (tests/_sweeps.py): CI plays every shipped ruleset; the test command plays those that
# set every value of a rule of play (test_scoring_properties.py sweeps the scoring).
PLAYED = sweep(shipped_variant_ids(), PLAY_RULESETS)


@pytest.mark.sweep
@pytest.mark.parametrize("variant_id", PLAYED)
def test_random_legal_games(variant_id: str) -> None:
    _machine_for(variant_id, None).TestCase("runTest").runTest()


@pytest.mark.parametrize("table", sorted(HOUSE_TABLES))
def test_random_legal_games_at_house_tables(table: str) -> None:
    _machine_for(table, HOUSE_TABLES[table]).TestCase("runTest").runTest()
