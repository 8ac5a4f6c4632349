"""Clause tests for bidding and play, each on a hand-built position.

Dealer is West unless a test says otherwise, so North bids and leads first under the standard
rules. `deal()` fills unnamed cards lowest first, so a seat given few cards also gets clubs.
"""

import pytest
from _engine_positions import STANDARD, cards, deal, play_lowest, ready_to_play, rules_with

from spadespec.reference_engine.cards import FULL_DECK, SPADE_MASK, SUIT_MASKS, parse_card
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play import trick_winner
from spadespec.reference_engine.seats import Seat

ALL_SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
# E holds no heart, so it trumps North's heart lead at trick 1.
E_VOID_IN_HEARTS = dict(
    N="AH KH AS KS 2C 3C 4C 5C 6C 7C 8C 9C TC",
    E="2S 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
)


def refused(action, *args):
    with pytest.raises(IllegalActionError) as err:
        action(*args)
    return err.value


# --- bidding ---------------------------------------------------------------------------------


def test_left_of_dealer_bids_first():
    game = Game.new(STANDARD, dealer="E")
    game.deal(seed=1)
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.bid(game.to_act, 2)
    assert order == [Seat.S, Seat.W, Seat.N, Seat.E]


def test_dealer_bids_first_under_dealer_rule():
    game = Game.new(rules_with(bidding__first_bidder="dealer"), dealer="E")
    game.deal(seed=1)
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.bid(game.to_act, 2)
    assert order == [Seat.E, Seat.S, Seat.W, Seat.N]


def test_each_player_bids_once():
    game = Game.new(STANDARD, dealer="W")
    game.deal(seed=1)
    game.bid("N", 4)
    err = refused(game.bid, "N", 5)
    assert err.reason is ReasonCode.ALREADY_BID and err.seat == "N" and err.bid == 5


def test_bids_range_from_min_to_max_plus_nil():
    game = Game.new(STANDARD, dealer="W")
    game.deal(seed=1)
    assert [a.bid for a in game.legal_actions()] == [*range(1, 14), "nil"]
    assert refused(game.bid, "N", 14).reason is ReasonCode.BID_OUT_OF_RANGE
    assert refused(game.bid, "N", 0).reason is ReasonCode.BID_OUT_OF_RANGE
    assert game.can_bid("N", "nil") and game.can_bid("N", 13) and game.can_bid("N", 1)


def test_nil_not_allowed_reason_code():
    game = Game.new(rules_with(bidding__nil="not-allowed"), dealer="W")
    game.deal(seed=1)
    err = refused(game.bid, "N", "nil")
    assert err.reason is ReasonCode.NIL_NOT_ALLOWED and err.seat == "N" and err.bid == "nil"
    assert "nil" not in [a.bid for a in game.legal_actions()]


# --- the first lead --------------------------------------------------------------------------


def test_left_of_dealer_leads_first():
    game = ready_to_play(STANDARD, deal(), dealer="S")
    assert game.phase is Phase.PLAY and game.to_act is Seat.W


def test_dealer_leads_first_under_dealer_rule():
    game = ready_to_play(rules_with(play__first_leader="dealer"), deal(), dealer="S")
    assert game.to_act is Seat.S


def test_two_of_clubs_holder_leads():
    rules = rules_with(play__first_leader="holder-of-card", play__first_lead_card="2C")
    game = ready_to_play(rules, deal(S="2C 3C AH"), dealer="W")
    assert game.to_act is Seat.S
    # Under first_lead: any, the holder may open with another card.
    assert game.can_play("S", "AH") and game.can_play("S", "3C")


def test_named_card_first_lead_must_be_that_card():
    rules = rules_with(
        play__first_leader="holder-of-card",
        play__first_lead_card="2C",
        play__first_lead="named-card",
    )
    game = ready_to_play(rules, deal(S="2C 3C AH"), dealer="W")
    assert game.legal_plays() == cards("2C")
    err = refused(game.play, "S", "3C")
    assert err.reason is ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD
    assert (err.seat, err.trick, err.card) == ("S", 1, "3C")
    game.play("S", "2C")


def test_lowest_club_first_lead_held():
    rules = rules_with(play__first_lead="lowest-club")
    game = ready_to_play(rules, deal(E="2C 3C 4C", N="5C 9C AH"))
    assert game.to_act is Seat.N
    assert game.legal_plays() == cards("5C")
    for wrong in ("9C", "AH"):
        err = refused(game.play, "N", wrong)
        assert err.reason is ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB
        assert (err.seat, err.trick, err.card) == ("N", 1, wrong)
    game.play("N", "5C")


def test_lowest_club_first_lead_not_held():
    rules = rules_with(play__first_lead="lowest-club")
    game = ready_to_play(rules, deal(N="AH KH QH JH 2D 3D 4D 5D AS KS QS JS TS"))
    assert game.legal_plays() == cards("AH", "KH", "QH", "JH", "2D", "3D", "4D", "5D")
    err = refused(game.play, "N", "AS")
    assert err.reason is ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB


def test_lowest_club_first_lead_from_all_spades():
    rules = rules_with(play__first_lead="lowest-club")
    game = ready_to_play(rules, deal(N=ALL_SPADES))
    assert game.legal_plays() == SPADE_MASK & FULL_DECK  # the 13 spades of the plain pack


def test_lowest_club_binds_only_the_first_trick():
    rules = rules_with(play__first_lead="lowest-club")
    game = ready_to_play(rules, deal(**E_VOID_IN_HEARTS))
    play_lowest(game, 4)  # N leads 2C; E, void in clubs, discards 2D; S, W follow in clubs
    assert game.trick_number == 2
    leader = game.to_act
    hand = game.hands[leader]
    assert game.legal_plays() == hand & ~SPADE_MASK  # any card but an unbroken spade


# --- following suit and the trick ------------------------------------------------------------


def test_follow_suit_required():
    game = ready_to_play(STANDARD, deal(N="AH", E="KH 3C"))
    game.play("N", "AH")
    err = refused(game.play, "E", "3C")
    assert err.reason is ReasonCode.MUST_FOLLOW_SUIT
    assert (err.seat, err.trick, err.card) == ("E", 1, "3C")
    assert game.legal_plays() == game.hands[Seat.E] & SUIT_MASKS[2]
    game.play("E", "KH")


def test_void_in_suit_led_may_play_any_card():
    game = ready_to_play(STANDARD, deal(N=ALL_HEARTS))
    game.play("N", "AH")
    assert game.legal_plays() == game.hands[Seat.E]


def test_highest_spade_wins_the_trick():
    played = [parse_card(c) for c in ("5H", "KH", "2S", "AH")]
    assert trick_winner(played) == 2


def test_highest_card_of_suit_led_wins_without_spades():
    played = [parse_card(c) for c in ("5H", "KH", "AD", "QH")]
    assert trick_winner(played) == 1


def test_higher_spade_overtrumps():
    played = [parse_card(c) for c in ("5H", "3S", "AH", "4S")]
    assert trick_winner(played) == 3


def test_trick_winner_leads_next():
    game = ready_to_play(STANDARD, deal(**E_VOID_IN_HEARTS))
    for seat, card in (("N", "AH"), ("E", "2S"), ("S", "2H"), ("W", "TH")):
        game.play(seat, card)
    assert game.completed_tricks[0].winner is Seat.E
    assert game.tricks_won[Seat.E] == 1
    assert game.to_act is Seat.E and game.trick_number == 2


# --- leading and breaking spades -------------------------------------------------------------


def test_spades_cannot_be_led_before_broken():
    game = ready_to_play(STANDARD, deal(N="AS 2H"))
    err = refused(game.play, "N", "AS")
    assert err.reason is ReasonCode.SPADES_NOT_BROKEN
    assert (err.seat, err.trick, err.card) == ("N", 1, "AS")
    assert game.legal_plays() == game.hands[Seat.N] & ~SPADE_MASK


def test_all_spade_hand_may_lead_spades():
    game = ready_to_play(STANDARD, deal(N=ALL_SPADES))
    assert game.legal_plays() == SPADE_MASK & FULL_DECK
    game.play("N", "2S")


def test_spades_may_be_led_once_broken():
    game = ready_to_play(STANDARD, deal(**E_VOID_IN_HEARTS))
    for seat, card in (("N", "AH"), ("E", "2S"), ("S", "2H"), ("W", "TH")):
        game.play(seat, card)
    assert game.spades_broken
    game.play("E", "3S")  # E still holds diamonds: the lead is allowed only because spades broke


def test_spade_on_other_suit_breaks_spades():
    game = ready_to_play(
        rules_with(play__spades_broken_by="spade-on-other-suit"), deal(**E_VOID_IN_HEARTS)
    )
    game.play("N", "AH")
    assert not game.spades_broken
    game.play("E", "2S")
    assert game.spades_broken


def test_lead_from_all_spades_breaks_under_any_spade_played():
    game = ready_to_play(STANDARD, deal(N=ALL_SPADES))
    game.play("N", "2S")
    assert game.spades_broken


def test_lead_from_all_spades_does_not_break_under_spade_on_other_suit():
    rules = rules_with(play__spades_broken_by="spade-on-other-suit")
    game = ready_to_play(rules, deal(N=ALL_SPADES))
    play_lowest(game, 8)
    assert game.trick_number == 3 and not game.spades_broken


# --- hands and the game ----------------------------------------------------------------------


def test_hand_is_scored_and_dealer_rotates_clockwise():
    # N holds every spade and leads them: N's side takes all 13 tricks.
    game = ready_to_play(STANDARD, deal(N=ALL_SPADES), dealer="W", bid=3)
    play_lowest(game, 52)
    assert game.phase is Phase.DEAL and game.hand_number == 2 and game.dealer is Seat.N
    assert sum(game.tricks_won.values()) == 13 and game.tricks_won[Seat.N] == 13
    # NS bid 6, took 13: 60 + 7 overtricks; EW bid 6, took 0: set, minus 60.
    assert game.totals == {"NS": 67, "EW": -60}
    assert game.bags == {"NS": 7, "EW": 0}
    assert len(game.hand_results) == 1 and game.outcome.status == "continues"


def test_game_ends_when_a_side_reaches_the_target():
    game = Game.new(STANDARD, dealer="W", scores={"NS": 495, "EW": 0})
    game.deal(deal(N=ALL_SPADES))
    for _ in range(4):
        game.bid(game.to_act, 3)
    play_lowest(game, 52)
    assert game.totals == {"NS": 562, "EW": -60}
    assert game.phase is Phase.OVER and game.outcome.winner == "NS"
    assert game.legal_actions() == () and game.to_act is None
    assert refused(game.deal, None, 1).reason is ReasonCode.GAME_OVER
