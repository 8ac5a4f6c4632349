"""Clause tests for `play.first_trick`: what each player may play to the first trick of a hand.

Dealer is West unless a test says otherwise, so North leads. `deal()` fills unnamed cards lowest
first, seat by seat.
"""

import pytest
from _engine_positions import STANDARD, cards, deal, ready_to_play, rules_with

from spadespec.reference_engine.cards import FULL_DECK, SPADE_MASK
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.first_trick import first_trick_plays
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant.model import FirstTrick

LOWEST = rules_with(play__first_trick="lowest-of-suit")
NO_SPADES = rules_with(play__first_trick="no-spades")
BOTH = rules_with(play__first_trick="lowest-and-no-spades")
# North leads the 9 of clubs; East holds three clubs, South none (hearts and spades).
CLUB_LEAD = dict(
    N="9C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    E="QC 8C 5C AH KH QH JH TH 9H 8H 7H 6H 5H",
    S="AS KS QS JS TS 9S 8S 7S 6S 5S 4H 3H 2H",
)


def refused(game, seat, card):
    with pytest.raises(IllegalActionError) as err:
        game.play(seat, card)
    return err.value


def test_lowest_of_suit_holds_a_follower_to_the_lowest_card_of_the_suit_led():
    game = ready_to_play(LOWEST, deal(**CLUB_LEAD))
    game.play("N", "9C")
    assert game.legal_plays() == cards("5C")
    err = refused(game, "E", "QC")
    assert err.reason is ReasonCode.FIRST_TRICK_MUST_PLAY_LOWEST
    assert (err.seat, err.trick, err.card) == ("E", 1, "QC")
    assert refused(game, "E", "AH").reason is ReasonCode.MUST_FOLLOW_SUIT


def test_lowest_of_suit_lets_a_void_player_trump():
    game = ready_to_play(LOWEST, deal(**CLUB_LEAD))
    game.play("N", "9C")
    game.play("E", "5C")
    assert game.legal_plays() == game.hands[Seat.S]


def test_no_spades_lets_a_follower_play_any_card_of_the_suit_led():
    game = ready_to_play(NO_SPADES, deal(**CLUB_LEAD))
    game.play("N", "9C")
    assert game.legal_plays() == cards("5C", "8C", "QC")


def test_no_spades_makes_a_void_player_discard_another_suit():
    game = ready_to_play(NO_SPADES, deal(**CLUB_LEAD))
    game.play("N", "9C")
    game.play("E", "QC")
    assert game.legal_plays() == cards("2H", "3H", "4H")
    err = refused(game, "S", "AS")
    assert err.reason is ReasonCode.FIRST_TRICK_NO_SPADES
    assert "may play only: 2H 3H 4H" in str(err)


def test_no_spades_gives_way_to_a_hand_of_nothing_but_spades():
    all_spades = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = ready_to_play(BOTH, deal(N=CLUB_LEAD["N"], E=CLUB_LEAD["E"], S=all_spades))
    game.play("N", "9C")
    game.play("E", "5C")
    assert game.legal_plays() == SPADE_MASK & FULL_DECK  # the 13 spades of the plain pack


def test_no_spades_binds_the_leader_where_spades_may_be_led():
    rules = rules_with(play__first_trick="no-spades", play__spades_lead="any-time")
    game = ready_to_play(rules, deal(N="AS KS 2H"))
    assert game.legal_plays() == game.hands[Seat.N] & ~SPADE_MASK
    assert refused(game, "N", "AS").reason is ReasonCode.FIRST_TRICK_NO_SPADES


def test_the_usual_refusal_comes_before_the_first_trick_rule():
    game = ready_to_play(NO_SPADES, deal(N="AS KS 2H"))
    assert refused(game, "N", "AS").reason is ReasonCode.SPADES_NOT_BROKEN


def test_a_spade_led_is_followed_with_the_lowest_spade():
    rules = rules_with(play__first_trick="lowest-of-suit", play__spades_lead="any-time")
    game = ready_to_play(rules, deal(N="AS KS QS", E="3S 2S"))
    game.play("N", "AS")
    assert game.legal_plays() == cards("2S")
    assert refused(game, "E", "3S").reason is ReasonCode.FIRST_TRICK_MUST_PLAY_LOWEST


def test_the_rule_ends_with_the_first_trick():
    game = ready_to_play(BOTH, deal(**CLUB_LEAD))
    for seat, card in (("N", "9C"), ("E", "5C"), ("S", "2H"), ("W", "2C")):
        game.play(seat, card)
    assert game.trick_number == 2 and game.to_act is Seat.N  # the 9 of clubs took it
    game.play("N", "AD")
    assert game.legal_plays() == game.hands[Seat.E]  # void in diamonds: a spade or anything


def test_any_leaves_the_first_trick_as_usual():
    pack = pack_of(STANDARD)
    hand = cards("5C", "8C", "AS", "2H")
    for led, usual in ((0, cards("5C", "8C")), (1, hand), (None, cards("5C", "8C", "2H"))):
        assert first_trick_plays(FirstTrick.ANY, pack, hand, led, usual) == usual


def test_lowest_ranks_top_trumps_by_their_power():
    rules = rules_with(
        deck__cards="jokers-54", deck__removed=["2C", "2D"], deck__top_trumps=["BJ", "LJ"]
    )
    pack = pack_of(rules)
    trumps = cards("BJ", "LJ", "3S", "AS")
    assert first_trick_plays(FirstTrick.LOWEST_OF_SUIT, pack, trumps, 3, trumps) == cards("3S")
    hand = trumps | cards("4H")  # void in clubs: the jokers are spades, kept off the trick
    assert first_trick_plays(FirstTrick.NO_SPADES, pack, hand, 0, hand) == cards("4H")
