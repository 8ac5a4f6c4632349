"""Random legal games under every shipped variant, checked after every step against rules
restated here from the variant's own words (not from the engine's code):

each card is played once; a hand has 13 tricks and the seats' tricks sum to 13; every play the
engine allows is exactly what the rules allow; the trick goes to the highest spade, else the
highest card of the suit led; each hand's score equals its itemised breakdown; bags stay in
range; the game ends exactly when the variant says, with the right winner or a tie; and
replaying the saved log gives the same state.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from reference_engine.cards import parse_card
from reference_engine.deal import deal_from_order
from reference_engine.errors import IllegalActionError
from reference_engine.game import Game, Phase
from reference_engine.reason_codes import ReasonCode
from reference_engine.seats import SEATS, Seat
from reference_engine.variant import load_variant, shipped_variant_ids

DECK = list(range(52))
SPADES = 3
PLAY_REFUSALS = {
    ReasonCode.NOT_YOUR_TURN,
    ReasonCode.CARD_NOT_IN_HAND,
    ReasonCode.MUST_FOLLOW_SUIT,
    ReasonCode.SPADES_NOT_BROKEN,
    ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB,
    ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD,
}


def suit(card: int) -> int:
    return card // 13


def winner_of(trick: list[tuple[Seat, int]]) -> Seat:
    """The highest spade if any spade was played, else the highest card of the suit led."""
    spades = [(card, seat) for seat, card in trick if suit(card) == SPADES]
    if spades:
        return max(spades)[1]
    led = suit(trick[0][1])
    return max((card, seat) for seat, card in trick if suit(card) == led)[1]


def held(mask: int) -> list[int]:
    return [c for c in DECK if mask >> c & 1]


class GameMachine(RuleBasedStateMachine):
    """One game under one variant (with its table options drawn at random)."""

    VARIANT = "standard"

    @initialize(data=st.data(), dealer=st.sampled_from("NESW"))
    def start(self, data: st.DataObject, dealer: str) -> None:
        base = load_variant(self.VARIANT)
        options = {o.name: str(data.draw(st.sampled_from(o.choices))) for o in base.options}
        self.variant = load_variant(self.VARIANT, options)
        rules = self.rules = self.variant.rules
        end = rules.game_end
        # Start near the end of the game so that games finish within a few hands.
        low = max(-190, (end.losing_floor or -1000) + 1)
        score = st.integers(min_value=low, max_value=end.target - 1)
        bag = st.integers(min_value=0, max_value=rules.scoring.bag_threshold - 1)
        scores = {"NS": data.draw(score), "EW": data.draw(score)}
        bags = {"NS": data.draw(bag), "EW": data.draw(bag)}
        self.game = Game.new(self.variant, dealer=dealer, scores=scores, bags=bags)
        self.dealer = Seat[dealer]
        self.totals = dict(scores)
        self.bags = dict(bags)
        self.hands_scored = 0
        self.plays: list[tuple[Seat, int]] = []
        self.dealt: list[int] = [0, 0, 0, 0]
        self.bid_order: list[Seat] = []

    # --- the rules, restated -----------------------------------------------------------------

    def expected_first_bidder(self) -> Seat:
        first = self.rules.bidding.first_bidder
        return self.dealer if first == "dealer" else self.dealer.left

    def expected_first_leader(self) -> Seat:
        play = self.rules.play
        if play.first_leader == "dealer":
            return self.dealer
        if play.first_leader == "left-of-dealer":
            return self.dealer.left
        card = parse_card(play.first_lead_card)
        return next(s for s in SEATS if self.dealt[s] >> card & 1)

    def tricks(self) -> list[list[tuple[Seat, int]]]:
        return [self.plays[i : i + 4] for i in range(0, len(self.plays), 4)]

    def spades_broken(self) -> bool:
        for trick in self.tricks():
            led = suit(trick[0][1])
            for _, card in trick:
                if suit(card) == SPADES:
                    if self.rules.play.spades_broken_by == "any-spade-played" or led != SPADES:
                        return True
        return False

    def expected_to_act(self) -> Seat:
        tricks = self.tricks()
        if not tricks:
            return self.expected_first_leader()
        if len(tricks[-1]) < 4:
            return tricks[-1][-1][0].left
        return winner_of(tricks[-1])

    def expected_legal(self, seat: Seat) -> set[int]:
        played = {card for _, card in self.plays}
        hand = [c for c in held(self.dealt[seat]) if c not in played]
        tricks = self.tricks()
        if tricks and len(tricks[-1]) < 4:
            led = suit(tricks[-1][0][1])
            follow = [c for c in hand if suit(c) == led]
            return set(follow or hand)
        if not tricks:
            play = self.rules.play
            if play.first_lead == "named-card":
                named = parse_card(play.first_lead_card)
                if named in hand:
                    return {named}
            if play.first_lead == "lowest-club":
                clubs = [c for c in hand if suit(c) == 0]
                if clubs:
                    return {min(clubs)}
                red = [c for c in hand if suit(c) in (1, 2)]
                return set(red or hand)
        if not self.spades_broken():
            return set([c for c in hand if suit(c) != SPADES] or hand)
        return set(hand)

    def expected_outcome(self) -> tuple[str, str | None]:
        end = self.rules.game_end
        ns, ew = self.totals["NS"], self.totals["EW"]

        def won_by_target(total: int) -> bool:
            return total >= end.target if end.target_rule == "reach" else total > end.target

        def out(total: int) -> bool:
            return end.losing_floor is not None and total <= end.losing_floor

        if not any(won_by_target(t) or out(t) for t in (ns, ew)):
            return "continues", None
        if ns == ew:
            return ("tie", None) if end.tie == "tie" else ("continues", None)
        return "won", "NS" if ns > ew else "EW"

    # --- actions -----------------------------------------------------------------------------

    @precondition(lambda self: self.game.phase is Phase.DEAL)
    @rule(order=st.permutations(DECK))
    def deal(self, order: list[int]) -> None:
        hands = deal_from_order(order)
        self.game.deal(list(hands))
        self.dealt = list(hands)
        self.plays = []
        self.bid_order = []

    @precondition(lambda self: self.game.phase is Phase.BID)
    @rule(data=st.data())
    def bid(self, data: st.DataObject) -> None:
        game = self.game
        expected = self.bid_order[-1].left if self.bid_order else self.expected_first_bidder()
        assert game.to_act is expected
        bidding = self.rules.bidding
        allowed = list(range(bidding.min_bid, bidding.max_bid + 1))
        allowed += ["nil"] if bidding.nil == "allowed" else []
        assert [a.bid for a in game.legal_actions()] == allowed
        choice = data.draw(st.sampled_from(allowed))
        game.bid(expected, choice)
        self.bid_order.append(expected)

    @precondition(lambda self: self.game.phase is Phase.BID)
    @rule(seat=st.sampled_from(SEATS), value=st.sampled_from([-1, 0, 1, 7, 13, 14, "nil"]))
    def try_any_bid(self, seat: Seat, value: int | str) -> None:
        bidding = self.rules.bidding
        if value == "nil":
            ok_value = bidding.nil == "allowed"
        else:
            ok_value = bidding.min_bid <= value <= bidding.max_bid
        assert self.game.can_bid(seat, value) == (seat is self.game.to_act and ok_value)

    def play_one(self, pick: int) -> None:
        game = self.game
        seat = self.expected_to_act()
        assert game.to_act is seat
        legal = self.expected_legal(seat)
        assert set(held(game.legal_plays(seat))) == legal
        assert {a.card for a in game.legal_actions()} == legal
        card = sorted(legal)[pick % len(legal)]
        game.play(seat, card)
        self.plays.append((seat, card))
        if len(self.plays) == 52:
            self.check_hand_scored()

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(pick=st.integers(min_value=0, max_value=12))
    def play(self, pick: int) -> None:
        self.play_one(pick)

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(rng=st.randoms(use_true_random=False))
    def play_out_the_hand(self, rng) -> None:
        while self.game.phase is Phase.PLAY:
            self.play_one(rng.randrange(13))

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(seat=st.sampled_from(SEATS), card=st.sampled_from(DECK))
    def try_any_play(self, seat: Seat, card: int) -> None:
        allowed = seat is self.game.to_act and card in self.expected_legal(seat)
        assert self.game.can_play(seat, card) == allowed
        if not allowed:
            before = len(self.game.log)
            try:
                self.game.play(seat, card)
            except IllegalActionError as err:
                assert err.reason in PLAY_REFUSALS
                assert (err.seat, err.trick) == (seat.name, self.game.trick_number)
                assert err.card == f"{'23456789TJQKA'[card % 13]}{'CDHS'[card // 13]}"
            else:
                raise AssertionError("an illegal play was accepted")
            assert len(self.game.log) == before

    @precondition(lambda self: self.game.phase is Phase.OVER)
    @rule(seat=st.sampled_from(SEATS), card=st.sampled_from(DECK))
    def nothing_more_after_the_game(self, seat: Seat, card: int) -> None:
        for attempt in (
            lambda: self.game.deal(seed=card),
            lambda: self.game.bid(seat, 3),
            lambda: self.game.play(seat, card),
        ):
            with pytest.raises(IllegalActionError) as err:
                attempt()
            assert err.value.reason is ReasonCode.GAME_OVER

    # --- the end of a hand -------------------------------------------------------------------

    def check_hand_scored(self) -> None:
        game, rules = self.game, self.rules
        tricks = self.tricks()
        assert len(tricks) == 13 and len(game.completed_tricks) == 13
        for mine, theirs in zip(tricks, game.completed_tricks, strict=True):
            assert list(theirs.cards) == mine and theirs.winner is winner_of(mine)
        won = {s: sum(winner_of(t) is s for t in tricks) for s in SEATS}
        assert game.tricks_won == won and sum(won.values()) == 13
        self.hands_scored += 1
        assert len(game.hand_results) == self.hands_scored
        result = game.hand_results[-1]
        threshold = rules.scoring.bag_threshold
        for side, (a, b) in (("NS", (Seat.N, Seat.S)), ("EW", (Seat.E, Seat.W))):
            line = result.sides[side]
            assert line.score_before == self.totals[side]
            assert line.side_tricks == won[a] + won[b]
            assert line.contract == sum(game.bids[s] for s in (a, b) if game.bids[s] != "nil")
            nil_points = sum(nil.points for nil in line.nils)
            assert line.hand_points == (
                line.contract_points + line.overtrick_points + nil_points - line.bag_penalty
            )
            assert line.score_after == line.score_before + line.hand_points
            assert line.bag_penalty == line.bag_penalties * rules.scoring.bag_penalty
            assert line.bags_before == self.bags[side]
            assert 0 <= line.bags_after < threshold
            if line.bag_penalties == 0:
                assert line.bags_after == line.bags_before + line.bags_added
            self.totals[side] = line.score_after
            self.bags[side] = line.bags_after
        assert game.totals == self.totals and game.bags == self.bags
        status, winner = self.expected_outcome()
        assert (game.outcome.status, game.outcome.winner) == (status, winner)
        if status == "continues":
            assert game.phase is Phase.DEAL
            self.dealer = self.dealer.left
        else:
            assert game.phase is Phase.OVER and game.legal_actions() == []
        assert game.dealer is self.dealer

    # --- after every step --------------------------------------------------------------------

    @invariant()
    def each_card_is_played_once(self) -> None:
        if self.game.phase in (Phase.BID, Phase.PLAY):
            played = [card for _, card in self.plays]
            assert len(set(played)) == len(played)
            remaining = 0
            for seat in SEATS:
                hand = self.game.hands[seat]
                assert hand & ~self.dealt[seat] == 0
                assert not any(hand >> c & 1 for c in played)
                remaining += hand.bit_count()
            assert remaining + len(played) == 52

    @invariant()
    def trick_count_matches(self) -> None:
        game = self.game
        if game.phase is Phase.PLAY:
            assert len(game.completed_tricks) == game.trick_number - 1 == len(self.plays) // 4
            assert sum(game.tricks_won.values()) == len(game.completed_tricks)
            assert game.spades_broken == self.spades_broken()

    @invariant()
    def replaying_the_log_gives_the_same_state(self) -> None:
        game = self.game
        saved = json.loads(json.dumps(game.to_json()))
        again = Game.replay(self.variant, saved["setup"], saved["log"])
        assert again.to_json() == saved
        for name in (
            "phase", "dealer", "to_act", "hand_number", "trick_number", "hands", "bids",
            "tricks_won", "current_trick", "led_suit", "spades_broken", "completed_tricks",
            "hand_results", "totals", "bags", "outcome",
        ):  # fmt: skip
            assert getattr(again, name) == getattr(game, name), name


def _machine_for(variant_id: str) -> type[RuleBasedStateMachine]:
    machine = type(f"GameMachine_{variant_id}", (GameMachine,), {"VARIANT": variant_id})
    machine.TestCase.settings = settings(
        max_examples=6,
        stateful_step_count=60,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    return machine


@pytest.mark.parametrize("variant_id", shipped_variant_ids())
def test_random_legal_games(variant_id: str) -> None:
    _machine_for(variant_id).TestCase("runTest").runTest()
