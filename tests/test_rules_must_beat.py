"""Clause tests for heading the trick and trumping when void (`play.must_head`,
`play.when_void`), on the rule function alone and on a game's refusals. Each expected set is
worked out from the rule's sentence, not read from the engine."""

import pytest
from _engine_positions import rules_with

from spadespec.reference_engine.cards import CARD_TEXT, HEARTS, SPADES, cards_in, parse_card
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import STANDARD_PACK
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.tricks import legal_follows, must_beat
from spadespec.reference_engine.seats import Seat


def mask(text: str) -> int:
    return sum(1 << parse_card(card) for card in text.split())


def narrowed(hand: str, led_suit: int, winning: str, **rules: object) -> str:
    play = rules_with(**{f"play__{name}": value for name, value in rules.items()}).play
    follows = legal_follows(STANDARD_PACK, mask(hand), led_suit)
    cards = must_beat(STANDARD_PACK, play, follows, led_suit, parse_card(winning))
    return " ".join(CARD_TEXT[card] for card in cards_in(cards))


HAND = "2C 5H 9H KH 3S 8S QS"


def test_play_must_head_a_higher_card_of_the_suit_led_is_played():
    assert narrowed(HAND, HEARTS, "7H", must_head=True) == "9H KH"


def test_play_must_head_without_a_higher_card_any_card_of_the_suit_led():
    assert narrowed(HAND, HEARTS, "AH", must_head=True) == "5H 9H KH"


def test_play_must_head_a_trumped_trick_frees_the_follower():
    assert narrowed(HAND, HEARTS, "2S", must_head=True) == "5H 9H KH"


def test_play_must_head_a_spade_lead_is_headed_in_spades():
    assert narrowed(HAND, SPADES, "5S", must_head=True) == "8S QS"


def test_play_must_head_false_any_card_of_the_suit_led():
    assert narrowed(HAND, HEARTS, "7H", must_head=False) == "5H 9H KH"


VOID = "2C 7C 4D 3S 8S QS"


@pytest.mark.parametrize(
    ("when_void", "winning", "expected"),
    [
        ("any-card", "7H", "2C 7C 4D 3S 8S QS"),
        ("trump", "7H", "3S 8S QS"),
        ("trump", "9S", "3S 8S QS"),  # a lower spade is still a spade
        ("overtrump", "7H", "3S 8S QS"),  # with no spade in the trick any spade takes it
        ("overtrump", "5S", "8S QS"),
        ("overtrump", "KS", "2C 7C 4D 3S 8S QS"),  # no spade can take it: any card
    ],
)
def test_play_when_void(when_void: str, winning: str, expected: str) -> None:
    assert narrowed(VOID, HEARTS, winning, when_void=when_void) == expected


def test_play_when_void_without_spades_any_card():
    assert narrowed("2C 7C 4D", HEARTS, "7H", when_void="overtrump") == "2C 7C 4D"


def test_play_when_void_forced_trump_breaks_spades():
    rules = rules_with(play__when_void="trump")
    game = Game.new(rules, dealer="W")
    game.deal(
        hands={
            "N": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H".split(),  # hearts only
            "E": "AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC".split(),  # no heart
            "S": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AC".split(),
            "W": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D".split(),
        }
    )
    for seat in "NESW":
        game.bid(seat, 3)
    game.play("N", "2H")
    with pytest.raises(IllegalActionError) as err:
        game.play("E", "2C")
    assert err.value.reason is ReasonCode.MUST_TRUMP
    game.play("E", "AS")
    assert game.spades_broken


def test_play_must_head_refusal_names_the_cards_that_head():
    rules = rules_with(play__must_head=True)
    game = Game.new(rules, dealer="W")
    game.deal(
        hands={
            "N": "AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2C 3C".split(),
            "E": "TH 2H AS 4C 5C 6C 7C 8C 9C TC JC QC KC".split(),
            "S": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AC".split(),
            "W": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D".split(),
        }
    )
    for seat in "NESW":
        game.bid(seat, 3)
    game.play("N", "9H")
    assert game.legal_plays(Seat.E) == mask("TH")
    with pytest.raises(IllegalActionError) as err:
        game.play("E", "2H")
    assert err.value.reason is ReasonCode.MUST_HEAD_TRICK
    assert "TH" in str(err.value)
