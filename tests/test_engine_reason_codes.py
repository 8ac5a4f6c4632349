"""Every documented reason code, raised in a concrete position, with the seat, trick and card
or bid it names."""

import json

import pytest
from _engine_positions import STANDARD, deal, ready_to_play, rules_with

from spadespec.reference_engine.actions import action_from_json
from spadespec.reference_engine.errors import DealError, IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.reason_codes import ReasonCode


def bidding_game(rules=STANDARD):
    game = Game.new(rules, dealer="W")
    game.deal(seed=3)
    return game


def over_game():
    game = Game.new(STANDARD, dealer="W", scores={"NS": 495, "EW": 0})
    game.deal(deal(N="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"))
    for _ in range(4):
        game.bid(game.to_act, 3)
    for _ in range(52):
        legal = game.legal_plays()
        game.play(game.to_act, (legal & -legal).bit_length() - 1)
    return game


def lowest_club_game():
    return ready_to_play(rules_with(play__first_lead="lowest-club"), deal(N="5C 9C AH", E="2C"))


BLIND_NIL_RULES = {
    "bidding__blind_nil": "allowed",
    "bidding__blind_nil_trailing_by": None,
    "bidding__blind_nil_exchange": 2,
    "scoring__blind_nil_bonus": 200,
    "scoring__blind_nil_penalty": 200,
}


def dealt_game(rules, hands=None, scores=None):
    """Dealt by West, North to bid first."""
    game = Game.new(rules, dealer="W", scores=scores)
    game.deal(hands if hands is not None else deal())
    return game


def bids(game, *values):
    for value in values:
        game.bid(game.to_act, value)
    return game


def exchange_game():
    # N bids blind nil; partner-first, so South passes two cards to North first.
    return bids(dealt_game(rules_with(**BLIND_NIL_RULES), deal(S="AH KH")), "blind-nil", 3, 3, 3)


def east_follows(rules, hands, lead, card):
    """A refusal of the first trick: North leads `lead`, East answers with `card`."""
    return (
        lambda: (g := ready_to_play(rules, hands), g.play("N", lead), g.play("E", card)),
        {"seat": "E", "card": card, "trick": 1},
    )


def named_card_game():
    rules = rules_with(
        play__first_leader="holder-of-card",
        play__first_lead_card="2C",
        play__first_lead="named-card",
    )
    return ready_to_play(rules, deal(S="2C 3C"))


# code -> (how to provoke it, the fields the error must carry)
POSITIONS = {
    ReasonCode.MALFORMED_ACTION: (lambda: action_from_json({"action": "pass", "seat": "N"}), {}),
    ReasonCode.UNKNOWN_SEAT: (lambda: bidding_game().bid("X", 3), {}),
    ReasonCode.UNKNOWN_CARD: (lambda: ready_to_play(STANDARD, deal()).play("N", "1C"), {}),
    ReasonCode.UNKNOWN_BID: (lambda: bidding_game().bid("N", "lots"), {}),
    ReasonCode.BAD_DEAL: (lambda: Game.new(STANDARD).deal([0, 0, 0, 0]), {}),
    ReasonCode.BAD_SETUP: (lambda: Game.replay(STANDARD, {"dealer": "Q"}, []), {}),
    ReasonCode.GAME_OVER: (lambda: over_game().bid("N", 3), {"seat": "N", "bid": 3}),
    ReasonCode.WRONG_PHASE: (lambda: bidding_game().play("N", "2C"), {"seat": "N", "card": "2C"}),
    ReasonCode.ALREADY_BID: (
        lambda: (g := bidding_game(), g.bid("N", 2), g.bid("N", 2)),
        {"seat": "N", "bid": 2},
    ),
    ReasonCode.NOT_YOUR_TURN: (lambda: bidding_game().bid("S", 2), {"seat": "S", "bid": 2}),
    ReasonCode.NIL_NOT_ALLOWED: (
        lambda: bidding_game(rules_with(bidding__nil="not-allowed")).bid("N", "nil"),
        {"seat": "N", "bid": "nil"},
    ),
    ReasonCode.BID_OUT_OF_RANGE: (lambda: bidding_game().bid("N", 14), {"seat": "N", "bid": 14}),
    ReasonCode.BLIND_NIL_NOT_ALLOWED: (
        lambda: bidding_game().bid("N", "blind-nil"),
        {"seat": "N", "bid": "blind-nil"},
    ),
    # Blind nil only 100 behind; NS (North's side) is 90 behind EW.
    ReasonCode.BLIND_NIL_NOT_TRAILING: (
        lambda: dealt_game(
            rules_with(**{**BLIND_NIL_RULES, "bidding__blind_nil_trailing_by": 100}),
            scores={"NS": 0, "EW": 90},
        ).bid("N", "blind-nil"),
        {"seat": "N", "bid": "blind-nil"},
    ),
    # A blind 6 only 100 behind; NS (North's side) is 90 behind EW.
    ReasonCode.BLIND_BID_NOT_TRAILING: (
        lambda: dealt_game(
            rules_with(bidding__blind_bid_min=6, bidding__blind_bid_trailing_by=100),
            scores={"NS": 0, "EW": 90},
        ).bid("N", "blind-6"),
        {"seat": "N", "bid": "blind-6"},
    ),
    # Team minimum 4: North bid 1, so South must bid at least 3.
    ReasonCode.BELOW_TEAM_MINIMUM: (
        lambda: bids(dealt_game(rules_with(bidding__team_minimum=4)), 1, 3).bid("S", 2),
        {"seat": "S", "bid": 2},
    ),
    # Team maximum 13: North bid 9, so South may bid at most 4.
    ReasonCode.ABOVE_TEAM_MAXIMUM: (
        lambda: bids(dealt_game(rules_with(bidding__team_maximum=13)), 9, 3).bid("S", 5),
        {"seat": "S", "bid": 5},
    ),
    # Suicide: North bid 3, so South must bid nil.
    ReasonCode.SUICIDE_ONE_NIL: (
        lambda: bids(dealt_game(rules_with(bidding__constraint="suicide")), 3, 3).bid("S", 3),
        {"seat": "S", "bid": 3},
    ),
    # Mirror: North holds three spades (the rest of its hand is clubs), so bids 3.
    ReasonCode.MUST_BID_SPADES: (
        lambda: dealt_game(rules_with(bidding__constraint="mirror"), deal(N="AS KS QS")).bid(
            "N", 4
        ),
        {"seat": "N", "bid": 4},
    ),
    ReasonCode.MUST_BID_NIL_OR_SPADES: (
        lambda: dealt_game(rules_with(bidding__constraint="whiz"), deal(N="AS KS QS")).bid("N", 4),
        {"seat": "N", "bid": 4},
    ),
    # The exchange is two cards each way; South passes one.
    ReasonCode.PASS_WRONG_COUNT: (
        lambda: exchange_game().pass_cards("S", ["AH"]),
        {"seat": "S"},
    ),
    ReasonCode.CARD_NOT_IN_HAND: (
        lambda: ready_to_play(STANDARD, deal(E="AH")).play("N", "AH"),
        {"seat": "N", "card": "AH", "trick": 1},
    ),
    ReasonCode.MUST_FOLLOW_SUIT: east_follows(STANDARD, deal(N="AH", E="KH 3C"), "AH", "3C"),
    # North leads the 9 of hearts; East holds the king and must head the trick with it.
    ReasonCode.MUST_HEAD_TRICK: east_follows(
        rules_with(play__must_head=True), deal(N="9H", E="KH 2H"), "9H", "2H"
    ),
    # North leads the 9 of hearts; East has no heart and a spade, so must trump.
    ReasonCode.MUST_TRUMP: east_follows(
        rules_with(play__when_void="trump"), deal(N="9H AH", E="2S 3C"), "9H", "3C"
    ),
    ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB: (
        lambda: lowest_club_game().play("N", "9C"),
        {"seat": "N", "card": "9C", "trick": 1},
    ),
    ReasonCode.FIRST_LEAD_MUST_BE_NAMED_CARD: (
        lambda: named_card_game().play("S", "3C"),
        {"seat": "S", "card": "3C", "trick": 1},
    ),
    ReasonCode.SPADES_NOT_BROKEN: (
        lambda: ready_to_play(STANDARD, deal(N="AS 2H")).play("N", "AS"),
        {"seat": "N", "card": "AS", "trick": 1},
    ),
    # The first trick: North leads the 9 of clubs; East holds the 2 and 3 and must play the 2.
    ReasonCode.FIRST_TRICK_MUST_PLAY_LOWEST: east_follows(
        rules_with(play__first_trick="lowest-of-suit"), deal(N="9C AH", E="2C 3C"), "9C", "3C"
    ),
    # North leads the ace of hearts; East, void in hearts, throws a spade holding clubs.
    ReasonCode.FIRST_TRICK_NO_SPADES: east_follows(
        rules_with(play__first_trick="no-spades"), deal(N="AH", E="AS 2C"), "AH", "AS"
    ),
    # The dealer's hook: North, East and South bid 4 + 3 + 2 = 9, so West, the dealer and last
    # to bid, may not bid 4.
    ReasonCode.BIDS_ADD_UP_TO_TRICKS: (
        lambda: bids(dealt_game(rules_with(bidding__dealer_hook=True)), 4, 3, 2).bid("W", 4),
        {"seat": "W", "bid": 4},
    ),
    # A table minimum of eleven: North, East and South bid 2 + 3 + 1 = 6, so West, last to bid,
    # must bid 5 or more.
    ReasonCode.BELOW_TABLE_MINIMUM: (
        lambda: bids(dealt_game(rules_with(bidding__table_minimum=11)), 2, 3, 1).bid("W", 4),
        {"seat": "W", "bid": 4},
    ),
    # A table maximum of thirteen: North and East bid 5 + 4 = 9, so South may bid at most 4.
    ReasonCode.ABOVE_TABLE_MAXIMUM: (
        lambda: bids(dealt_game(rules_with(bidding__table_maximum=13)), 5, 4).bid("S", 5),
        {"seat": "S", "bid": 5},
    ),
}


def test_every_reason_code_has_a_position():
    assert set(POSITIONS) == set(ReasonCode)


def test_every_reason_code_is_documented():
    for code in ReasonCode:
        assert code.__doc__ and code.__doc__ != ReasonCode.__doc__, code
        assert code.value == code.value.lower() and " " not in code.value


@pytest.mark.parametrize("code", list(POSITIONS), ids=str)
def test_reason_code_raised(code):
    provoke, fields = POSITIONS[code]
    with pytest.raises(IllegalActionError) as err:
        provoke()
    assert err.value.reason is code
    for name, value in fields.items():
        assert getattr(err.value, name) == value
    assert str(code) in str(err.value)
    json.dumps(err.value.to_json())


def test_malformed_actions_are_invalid_not_just_illegal():
    for code in (ReasonCode.UNKNOWN_CARD, ReasonCode.MALFORMED_ACTION, ReasonCode.BAD_DEAL):
        with pytest.raises(InvalidActionError):
            POSITIONS[code][0]()
    with pytest.raises(IllegalActionError) as err:
        POSITIONS[ReasonCode.MUST_FOLLOW_SUIT][0]()
    assert not isinstance(err.value, InvalidActionError)


def test_bad_deal_names_seat_and_card():
    game = Game.new(STANDARD)
    hands = deal()
    hands[1] |= 1 << 0  # E also gets N's 2C
    with pytest.raises(DealError) as err:
        game.deal(hands)
    assert err.value.card == "2C" and "N" in str(err.value) and "E" in str(err.value)


def test_refused_bids_name_the_numbers():
    with pytest.raises(IllegalActionError) as err:
        POSITIONS[ReasonCode.BELOW_TEAM_MINIMUM][0]()
    assert "NS must bid at least 4 in all; S's partner bid 1, so S must bid 3 or more" in str(
        err.value
    )
    with pytest.raises(IllegalActionError) as err:
        POSITIONS[ReasonCode.MUST_BID_SPADES][0]()
    assert "N holds 3 spades and must bid 3, not 4" in str(err.value)


def test_passing_a_card_not_held_is_card_not_in_hand():
    game = exchange_game()
    with pytest.raises(IllegalActionError) as err:
        game.pass_cards("S", ["AH", "AS"])
    assert err.value.reason is ReasonCode.CARD_NOT_IN_HAND
    assert err.value.seat == "S" and err.value.card == "AS"
    # The right count of cards South holds is taken.
    game.pass_cards("S", ["AH", "KH"])
    assert game.to_act.name == "N"


def test_legal_bids_under_each_constraint_are_accepted():
    # Whatever the legal list offers the bidder is accepted by the game, and nothing else.
    mixes = [
        {"bidding__constraint": "suicide"},
        {"bidding__constraint": "mirror"},
        {"bidding__constraint": "whiz", **BLIND_NIL_RULES},
        {"bidding__team_minimum": 4, "bidding__min_bid": 0},
        {"bidding__team_maximum": 6},
    ]
    for mix in mixes:
        for seed in range(6):
            game = Game.new(rules_with(**mix), dealer="W", scores={"NS": 0, "EW": 150})
            game.deal(seed=seed)
            while game.phase == "bid":
                legal = game.legal_bids()
                for bid in [*range(0, 15), "nil", "blind-nil"]:
                    assert game.can_bid(game.to_act, bid) is (bid in legal), (mix, bid)
                game.bid(game.to_act, legal[seed % len(legal)])


def test_spades_not_broken_checked_after_first_lead_rule():
    # Lowest-club hand with no clubs but hearts: a spade lead breaks the first-lead rule first.
    game = ready_to_play(
        rules_with(play__first_lead="lowest-club"),
        deal(N="AS 2H", E="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
    )
    with pytest.raises(IllegalActionError) as err:
        game.play("N", "AS")
    assert err.value.reason is ReasonCode.FIRST_LEAD_MUST_BE_LOWEST_CLUB
