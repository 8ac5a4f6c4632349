"""Clause tests for the house rules the game itself enforces, each on a hand-built position:
three players alone, the blind nil exchange, blind nil only when trailing, mirror bidding,
jokers and promoted deuces taking tricks, spades led at any time, games of a fixed number of
hands, and Boston winning the game outright.

Expected figures are worked out in the comments from the rules, not read off the engine.
"""

from __future__ import annotations

import pytest
from _engine_positions import STANDARD, cards, deal, deal_for, play_lowest, rules_with

from spadespec.conformance.contract.engines.observables import legal, to_act
from spadespec.reference_engine.actions import Pass, PassCard
from spadespec.reference_engine.cards import CARD_TEXT, card_text, parse_card
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import SEATS, Seat

ALL_SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"

THREE = rules_with(
    table__players=3, table__sides="individual", deck__removed=["2C"], bidding__max_bid=17
)
_BLIND_FIELDS = dict(
    bidding__blind_nil="allowed",
    bidding__blind_nil_exchange=2,
    scoring__blind_nil_bonus=200,
    scoring__blind_nil_penalty=200,
)
BLIND = rules_with(**_BLIND_FIELDS)
JOKERS = rules_with(
    deck__cards="jokers-54", deck__removed=["2C", "2H"], deck__top_trumps=["BJ", "LJ", "2D"]
)


def refused(action, *args):
    with pytest.raises(IllegalActionError) as err:
        action(*args)
    return err.value


def texts(mask: int) -> set[str]:
    return {CARD_TEXT[c] for c in range(54) if mask >> c & 1}


def bid_all(game: Game, *bids) -> None:
    for bid in bids:
        game.bid(game.to_act, bid)


# --- three players, each alone ---------------------------------------------------------------


def test_three_players_bid_and_play_round_north_east_south():
    # South's left is North at a three-player table: North bids first and leads first.
    game = Game.new(THREE, dealer="S")
    game.deal(seed=4)
    order = []
    while game.phase is Phase.BID:
        order.append(game.to_act)
        game.bid(game.to_act, 5)
    assert order == [Seat.N, Seat.E, Seat.S]
    assert game.phase is Phase.PLAY and game.to_act is Seat.N
    # Each trick goes round from its leader, left each time, and has three cards.
    for _ in range(3):
        leader = game.to_act
        play_lowest(game, 3)
        trick = game.completed_tricks[-1]
        seats = [seat for seat, _ in trick.cards]
        following = {Seat.N: Seat.E, Seat.E: Seat.S, Seat.S: Seat.N}
        assert seats == [leader, following[leader], following[following[leader]]]
        assert game.to_act is trick.winner


def test_three_players_play_seventeen_tricks_and_the_deal_passes_to_north():
    # 51 cards (no 2C) make 17 tricks of three.
    game = Game.new(THREE, dealer="S")
    game.deal(seed=9)
    assert all(game.hands[s].bit_count() == 17 for s in (Seat.N, Seat.E, Seat.S))
    assert game.hands[Seat.W] == 0 and not game.hands[0] >> parse_card("2C") & 1
    bid_all(game, 5, 5, 5)
    play_lowest(game, 51)
    assert len(game.completed_tricks) == 17
    assert sum(game.hand_results[0].tricks.values()) == 17
    assert set(game.hand_results[0].sides) == {"N", "E", "S"}
    assert set(game.totals) == {"N", "E", "S"}
    assert game.phase is Phase.DEAL and game.dealer is Seat.N and game.hand_number == 2


def test_three_player_deal_refuses_the_removed_card_and_a_fourth_seat():
    hands = deal_for(THREE)
    low = hands[Seat.N] & -hands[Seat.N]
    with_two_of_clubs = list(hands)
    with_two_of_clubs[Seat.N] ^= low | 1 << parse_card("2C")
    err = refused(Game.new(THREE, dealer="S").deal, with_two_of_clubs)
    assert err.reason is ReasonCode.BAD_DEAL and (err.seat, err.card) == ("N", "2C")
    to_west = list(hands)
    to_west[Seat.W], to_west[Seat.S] = to_west[Seat.S], 0
    err = refused(Game.new(THREE, dealer="S").deal, to_west)
    assert err.reason is ReasonCode.BAD_DEAL and err.seat == "W"


def test_west_has_no_seat_at_three():
    game = Game.new(THREE, dealer="S")
    game.deal(seed=1)
    err = refused(game.bid, "W", 3)
    assert err.reason is ReasonCode.UNKNOWN_SEAT and err.seat == "W"


def test_three_player_setup_names_the_sides_by_seat():
    game = Game.new(THREE, dealer="E", scores={"N": 10, "E": -20, "S": 30})
    assert game.totals == {"N": 10, "E": -20, "S": 30} and game.bags == {"N": 0, "E": 0, "S": 0}
    for setup, field in (
        ({"dealer": "W"}, "dealer"),
        ({"scores": {"NS": 0, "EW": 0}}, "scores"),
        ({"bags": {"N": 0, "E": 0}}, "bags"),
        ({"hands_played": -1}, "hands_played"),
        ({"hands_played": "2"}, "hands_played"),
        ({"hand_count": 2}, "hand_count"),
    ):
        with pytest.raises(InvalidActionError) as err:
            Game.replay(THREE, setup, [])
        assert err.value.reason is ReasonCode.BAD_SETUP and field in str(err.value)


# --- the blind nil exchange ------------------------------------------------------------------

# Dealer W, so N, E, S, W bid in that order; E bids blind nil, W is E's partner. With W given
# these, deal() fills N with 2C-TC 2D-5D, E with 6D-JD 2H-8H, S with 9H-JH 2S-JS.
W_HIGH = "AS KS QS AH KH QH AD KD QD AC KC QC JC"


def exchange_game(rules=BLIND, bids=(4, "blind-nil", 3, 2), **hands) -> Game:
    game = Game.new(rules, dealer="W")
    game.deal(deal(W=W_HIGH, **hands))
    bid_all(game, *bids)
    return game


def test_partner_passes_first_then_the_blind_nil_bidder_passes_back():
    game = exchange_game()
    assert game.phase is Phase.PASS and game.to_act is Seat.W and game.pass_to is Seat.E
    assert to_act(game) == {"phase": "pass", "seat": "W"}
    east_before = game.hands[Seat.E]
    game.pass_cards("W", ["AS", "KS"])
    assert game.hands[Seat.E] == east_before | cards("AS", "KS")
    assert not game.hands[Seat.W] & cards("AS", "KS")
    assert game.to_act is Seat.E and game.pass_to is Seat.W
    # The bidder may hand back anything, a card just received included.
    game.pass_cards("E", ["AS", "2H"])
    assert game.hands[Seat.W] & cards("AS", "2H") == cards("AS", "2H")
    assert game.hands[Seat.E] & cards("KS") and not game.hands[Seat.E] & cards("AS", "2H")
    assert all(game.hands[s].bit_count() == 13 for s in SEATS)
    # Play starts with the first leader as usual: left of the dealer.
    assert game.phase is Phase.PLAY and game.to_act is Seat.N


def test_bidder_first_order_reverses_the_passes():
    bidder_first = {**_BLIND_FIELDS, "bidding__blind_nil_exchange_order": "bidder-first"}
    game = exchange_game(rules_with(**bidder_first))
    assert game.to_act is Seat.E and game.pass_to is Seat.W
    game.pass_cards("E", game.legal_passes()[0].cards)
    assert game.to_act is Seat.W and game.pass_to is Seat.E


def test_no_exchange_when_the_variant_passes_no_cards():
    game = exchange_game(rules_with(**{**_BLIND_FIELDS, "bidding__blind_nil_exchange": 0}))
    assert game.phase is Phase.PLAY and game.to_act is Seat.N


def test_no_exchange_without_a_blind_nil():
    game = exchange_game(bids=(4, "nil", 3, 2))
    assert game.phase is Phase.PLAY


def test_both_partners_blind_nil_make_one_exchange_led_by_the_first():
    # N then S bid blind nil: N is the bidder, so (partner first) S passes, then N.
    game = exchange_game(bids=("blind-nil", 3, "blind-nil", 2))
    assert (game.to_act, game.pass_to) == (Seat.S, Seat.N)
    game.apply(game.legal_passes()[0])
    assert (game.to_act, game.pass_to) == (Seat.N, Seat.S)
    game.apply(game.legal_passes()[-1])
    assert game.phase is Phase.PLAY and len(game.passes) == 2


def test_each_sides_blind_nil_in_the_order_bid():
    # E (for EW) bids blind nil before S (for NS): EW's exchange comes first.
    game = exchange_game(bids=(4, "blind-nil", "blind-nil", 2))
    seen = []
    while game.phase is Phase.PASS:
        seen.append((game.to_act, game.pass_to))
        game.apply(game.legal_passes()[0])
    assert seen == [(Seat.W, Seat.E), (Seat.E, Seat.W), (Seat.N, Seat.S), (Seat.S, Seat.N)]


def test_the_passer_may_pass_any_two_cards_held():
    game = exchange_game()
    choices = game.legal_passes()
    assert len(choices) == 13 * 12 // 2
    assert all(isinstance(a, Pass) and a.seat is Seat.W for a in choices)
    assert {a.cards for a in choices} == {
        (1 << a) | (1 << b)
        for a in range(52)
        for b in range(a + 1, 52)
        if game.hands[Seat.W] >> a & 1 and game.hands[Seat.W] >> b & 1
    }
    assert set(legal(game)) == set(W_HIGH.split()) and len(legal(game)) == 13


def test_the_legal_actions_of_a_pass_are_the_cards_held_one_at_a_time():
    # As the protocol's `legal` lists them: one choice per card W holds, not one per pair.
    game = exchange_game()
    choices = game.legal_actions()
    assert all(isinstance(a, PassCard) and a.seat is Seat.W for a in choices)
    assert {card_text(a.card) for a in choices} == set(W_HIGH.split())
    assert game.apply(PassCard(Seat.W, parse_card("AS"))) == PassCard(Seat.W, parse_card("AS"))
    # Picked, not passed: nothing logged yet, and the AS is no longer offered.
    assert len(game.log) == 5 and game.phase is Phase.PASS and game.to_act is Seat.W
    assert game.picked == cards("AS")
    assert {card_text(a.card) for a in game.legal_actions()} == set(W_HIGH.split()) - {"AS"}
    record = game.apply(PassCard(Seat.W, parse_card("KS")))
    # The second pick makes the pass: one pass action in the log, in its usual form.
    assert record == Pass(Seat.W, cards("AS", "KS"))
    assert game.log[-1].to_json() == {"action": "pass", "seat": "W", "cards": ["AS", "KS"]}
    assert game.to_act is Seat.E and game.picked == 0
    assert game.hands[Seat.E] & cards("AS", "KS") == cards("AS", "KS")


def test_picking_cards_to_pass_is_refused_as_a_pass_would_be():
    game = exchange_game()
    err = refused(game.pass_card, "E", "2H")
    assert err.reason is ReasonCode.NOT_YOUR_TURN and err.seat == "E"
    err = refused(game.pass_card, "W", "2H")  # 2H is East's
    assert err.reason is ReasonCode.CARD_NOT_IN_HAND and (err.seat, err.card) == ("W", "2H")
    game.pass_card("W", "AS")
    err = refused(game.pass_card, "W", "AS")
    assert err.reason is ReasonCode.PASS_WRONG_COUNT and err.card == "AS"
    assert not game.can(PassCard(Seat.W, parse_card("AS")))
    err = refused(game.play, "W", "KS")
    assert err.reason is ReasonCode.WRONG_PHASE
    # A whole pass made while cards are picked is the pass: the picks are put back.
    game.pass_cards("W", ["KS", "QS"])
    assert game.passes[-1].cards == cards("KS", "QS") and game.picked == 0


def test_an_exchange_played_from_the_legal_actions_logs_two_whole_passes():
    game = exchange_game()
    while game.phase is Phase.PASS:
        game.apply(game.legal_actions()[-1])
    assert [a.to_json()["action"] for a in game.log[-2:]] == ["pass", "pass"]
    assert all(p.cards.bit_count() == 2 for p in game.passes) and game.phase is Phase.PLAY
    again = Game.replay(game.rules, game.to_json()["setup"], game.to_json()["log"])
    assert again.hands == game.hands and again.passes == game.passes


def test_exchange_refusals():
    game = exchange_game()
    err = refused(game.pass_cards, "E", ["2C", "3C"])
    assert err.reason is ReasonCode.NOT_YOUR_TURN and err.seat == "E"
    err = refused(game.pass_cards, "W", ["AS", "KS", "QS"])
    assert err.reason is ReasonCode.PASS_WRONG_COUNT and err.seat == "W"
    err = refused(game.pass_cards, "W", ["AS"])
    assert err.reason is ReasonCode.PASS_WRONG_COUNT
    err = refused(game.apply, {"action": "pass", "seat": "W", "cards": ["AS", "AS"]})
    assert err.reason is ReasonCode.PASS_WRONG_COUNT
    err = refused(game.pass_cards, "W", ["AS", "2H"])  # 2H is East's
    assert err.reason is ReasonCode.CARD_NOT_IN_HAND and (err.seat, err.card) == ("W", "2H")
    # Count comes before holding: three cards, one not held, is the wrong count.
    err = refused(game.pass_cards, "W", ["AS", "KS", "2H"])
    assert err.reason is ReasonCode.PASS_WRONG_COUNT
    err = refused(game.play, "W", "AS")
    assert err.reason is ReasonCode.WRONG_PHASE
    err = refused(game.bid, "W", 3)
    assert err.reason is ReasonCode.WRONG_PHASE
    assert len(game.log) == 5 and game.phase is Phase.PASS


def test_a_pass_outside_the_exchange_is_in_the_wrong_phase():
    game = Game.new(BLIND, dealer="W")
    game.deal(seed=3)
    err = refused(game.pass_cards, "N", ["2C", "3C"])
    assert err.reason is ReasonCode.WRONG_PHASE


def test_the_first_leader_is_found_after_the_exchange():
    # W is dealt the 2C and passes it to E: E holds it when play starts, so E leads it. (E is
    # dealt 6D-JD and 2H-8H, as above.)
    rules = rules_with(
        **_BLIND_FIELDS,
        play__first_leader="holder-of-card",
        play__first_lead="named-card",
        play__first_lead_card="2C",
    )
    game = Game.new(rules, dealer="W")
    game.deal(deal(W="2C " + " ".join(W_HIGH.split()[:12])))
    bid_all(game, 4, "blind-nil", 3, 2)
    game.pass_cards("W", ["2C", "AS"])
    game.pass_cards("E", ["AS", "6D"])
    assert game.hands[Seat.E] >> parse_card("2C") & 1
    assert game.to_act is Seat.E and texts(game.legal_plays()) == {"2C"}


# --- blind nil, only when trailing -----------------------------------------------------------

TRAILING = rules_with(**_BLIND_FIELDS, bidding__blind_nil_trailing_by=100)


@pytest.mark.parametrize(
    ("scores", "north_may"),
    [
        ({"NS": 200, "EW": 320}, True),  # NS 120 behind
        ({"NS": 200, "EW": 300}, True),  # exactly 100 behind is enough
        ({"NS": 201, "EW": 300}, False),  # 99 behind is not
        ({"NS": 300, "EW": 200}, False),  # ahead
    ],
)
def test_blind_nil_only_when_the_side_trails_by_the_margin(scores, north_may):
    game = Game.new(TRAILING, dealer="W", scores=scores)
    game.deal(seed=2)
    assert ("blind-nil" in game.legal_bids()) is north_may
    assert game.can_bid("N", "blind-nil") is north_may
    if not north_may:
        assert refused(game.bid, "N", "blind-nil").reason is ReasonCode.BLIND_NIL_NOT_TRAILING


def test_blind_nil_eligibility_follows_the_running_totals():
    # After NS take a hand well ahead, EW (now behind) may bid blind nil and NS may not.
    game = Game.new(TRAILING, dealer="W", scores={"NS": 0, "EW": 0})
    game.deal(deal(N=ALL_SPADES))
    bid_all(game, 13, 1, "nil", 1)  # NS 13 + nil made: +230; EW set on 2: -20
    play_lowest(game, 52)
    assert game.totals == {"NS": 230, "EW": -20}
    game.deal(seed=5)  # dealer N: E bids first
    assert game.to_act is Seat.E and "blind-nil" in game.legal_bids()
    game.bid("E", 3)
    assert refused(game.bid, "S", "blind-nil").reason is ReasonCode.BLIND_NIL_NOT_TRAILING


def test_blind_nil_refused_where_the_variant_has_none():
    game = Game.new(STANDARD, dealer="W")
    game.deal(seed=1)
    assert "blind-nil" not in game.legal_bids()
    assert refused(game.bid, "N", "blind-nil").reason is ReasonCode.BLIND_NIL_NOT_ALLOWED


# --- mirror bidding --------------------------------------------------------------------------


def test_mirror_bid_is_forced_by_the_spade_count():
    # deal() fills N with 2C-9C, E with TC-AC and 2D-9D, S with TD-AD and 2H-9H, W with
    # TH-AH and 2S-9S: N holds 5 spades, E and S none, W 8.
    game = Game.new(rules_with(bidding__constraint="mirror"), dealer="W")
    game.deal(deal(N="AS KS QS JS TS"))
    assert game.legal_bids() == [5]
    err = refused(game.bid, "N", 4)
    assert err.reason is ReasonCode.MUST_BID_SPADES and err.seat == "N"
    game.bid("N", 5)
    assert game.legal_bids() == ["nil"]
    bid_all(game, "nil", "nil")
    assert game.legal_bids() == [8]
    game.bid("W", 8)
    assert game.phase is Phase.PLAY


def test_mirror_counts_jokers_and_promoted_deuces_as_spades():
    rules = rules_with(
        bidding__constraint="mirror",
        deck__cards="jokers-54",
        deck__removed=["2C", "2H"],
        deck__top_trumps=["BJ", "LJ", "2D"],
    )
    game = Game.new(rules, dealer="W")
    game.deal(deal_for(rules, N="BJ LJ 2D AS"))
    assert game.legal_bids() == [4]


# --- jokers and top trumps -------------------------------------------------------------------

# Jokers in, 2C and 2H out; the jokers and the 2D rank above the ace of spades, BJ highest.
JOKER_DEAL = dict(
    N="AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 3C",
    E="LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    S="BJ 2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    W="2D AD 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
)


def test_jokers_and_the_promoted_deuce_take_and_follow_as_spades():
    game = Game.new(JOKERS, dealer="W")
    game.deal(deal_for(JOKERS, **JOKER_DEAL))
    bid_all(game, 3, 3, 3, 3)
    # Trick 1: a heart led; both jokers trump it, the big one higher.
    for seat, card in (("N", "AH"), ("E", "LJ"), ("S", "BJ"), ("W", "4C")):
        game.play(seat, card)
    assert game.completed_tricks[0].winner is Seat.S
    assert game.spades_broken  # a joker is a spade
    # Trick 2: a diamond led. The promoted 2D is no diamond: W must follow with the ace.
    game.play("S", "3D")
    assert texts(game.legal_plays()) == {"AD"}
    game.play("W", "AD")
    game.play("N", "3H")
    game.play("E", "3S")
    assert game.completed_tricks[1].winner is Seat.E  # trumped
    # Trick 3: a spade led. S follows with the 2S; W's only spade is the 2D, and it wins.
    game.play("E", "4S")
    assert texts(game.legal_plays()) == {"2S"}
    game.play("S", "2S")
    assert texts(game.legal_plays()) == {"2D"}
    err = refused(game.play, "W", "5C")
    assert err.reason is ReasonCode.MUST_FOLLOW_SUIT and err.card == "5C"
    game.play("W", "2D")
    game.play("N", "3C")
    assert game.completed_tricks[2].winner is Seat.W  # the 2D ranks above every plain spade


def test_a_joker_is_refused_from_a_pack_without_jokers():
    hands = deal()
    hands[Seat.N] ^= 1 << parse_card("2C") | 1 << parse_card("BJ")
    err = refused(Game.new(STANDARD).deal, hands)
    assert err.reason is ReasonCode.BAD_DEAL and (err.seat, err.card) == ("N", "BJ")


def test_a_joker_deal_is_logged_as_each_seats_cards():
    game = Game.new(JOKERS, dealer="W")
    record = game.deal(deal_for(JOKERS, **JOKER_DEAL))
    written = record.to_json()["hands"]
    assert written["E"][0] == "LJ" and written["S"][0] == "BJ"
    again = Game.replay(JOKERS, game.to_json()["setup"], game.to_json()["log"])
    assert again.hands == game.hands


# --- spades led at any time ------------------------------------------------------------------


def test_spades_may_be_led_before_they_are_broken_under_any_time():
    hands = deal(N="AS KS AH KH")
    anytime = Game.new(rules_with(play__spades_lead="any-time"), dealer="W")
    anytime.deal(hands)
    bid_all(anytime, 3, 3, 3, 3)
    assert texts(anytime.legal_plays()) >= {"AS", "KS", "AH"}
    anytime.play("N", "AS")
    usual = Game.new(STANDARD, dealer="W")
    usual.deal(hands)
    bid_all(usual, 3, 3, 3, 3)
    assert refused(usual.play, "N", "AS").reason is ReasonCode.SPADES_NOT_BROKEN


# --- the end of the game ---------------------------------------------------------------------

# N holds every spade and leads: N takes all 13 tricks. N bids 13, S nil: NS 130 + 100 = 230.
# E and W bid 1 each and take nothing: set, -20.


def all_spades_hand(rules, **setup) -> Game:
    game = Game.new(rules, dealer="W", **setup)
    game.deal(deal(N=ALL_SPADES))
    bid_all(game, 13, 1, "nil", 1)
    play_lowest(game, 52)
    return game


def test_a_game_of_two_hands_ends_after_the_second():
    two_hands = rules_with(game_end__hands=2, game_end__target=None)
    first = all_spades_hand(two_hands)
    assert first.phase is Phase.DEAL and first.hand_number == 2
    assert first.outcome is not None and first.outcome.status == "continues"
    last = all_spades_hand(two_hands, hands_played=1)
    assert last.hand_number == 2 and last.totals == {"NS": 230, "EW": -20}
    assert last.phase is Phase.OVER
    assert (last.outcome.status, last.outcome.winner) == ("won", "NS")
    assert last.to_json()["setup"]["hands_played"] == 1
    again = Game.replay(two_hands, last.to_json()["setup"], last.to_json()["log"])
    assert again.phase is Phase.OVER and again.hand_number == 2


def test_boston_wins_the_game_at_once():
    boston = rules_with(scoring__boston="wins-game")
    game = all_spades_hand(boston)
    assert game.totals == {"NS": 230, "EW": -20}  # scored as usual, far short of 500
    assert game.phase is Phase.OVER
    assert (game.outcome.status, game.outcome.winner) == ("won", "NS")
    ordinary = all_spades_hand(STANDARD)
    assert ordinary.phase is Phase.DEAL and ordinary.outcome.status == "continues"
