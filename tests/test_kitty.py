"""deal.kitty: the whole 54-card pack dealt, the dealer taking the two cards over an even deal
and laying two aside before the bidding (the jokers-kitty ruleset)."""

from __future__ import annotations

import pytest

from spadespec.reference_engine.cards import mask_of, parse_card
from spadespec.reference_engine.deal import check_deal, deal_from_seed, kitty_discard, parse_deal
from spadespec.reference_engine.errors import DealError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant

RULES = load_variant("jokers-kitty").rules
PACK, TABLE = pack_of(RULES), table_of(RULES)

# pagat-jokers' JOKERS deal: the 2 of clubs and the 2 of diamonds are in no hand.
HANDS = {
    "N": "AH KH QH JH TH 9H 8H 7H AC KC QC JC TC",
    "E": "BJ AD KD QD JD TD 9D 8D 7D 6D 9C 8C 7C",
    "S": "AS KS QS JS TS 9S 5D 4D 3D 6C 5C 4C 3C",
    "W": "LJ 8S 7S 6S 5S 4S 3S 2S 6H 5H 4H 3H 2H",
}


def _mask(text: str) -> int:
    return mask_of(parse_card(card) for card in text.split())


def _deal(**changes: str) -> tuple[int, int, int, int]:
    return parse_deal({seat: cards.split() for seat, cards in {**HANDS, **changes}.items()})


def test_kitty_deals_thirteen_each_from_fifty_four() -> None:
    assert len(PACK.order) == 54
    assert TABLE.cards_per_hand == 13


def test_kitty_deal_with_two_cards_in_no_hand_stands() -> None:
    check_deal(_deal(), PACK, TABLE)
    check_deal(_deal(S=HANDS["S"].replace("3C", "2C")), PACK, TABLE)


def test_kitty_deal_with_fifteen_in_the_dealers_hand_is_refused() -> None:
    with pytest.raises(DealError, match="W holds 15 cards; each seat must hold 13"):
        check_deal(_deal(W=HANDS["W"] + " 2C 2D"), PACK, TABLE)


def test_kitty_deal_with_three_cards_in_no_hand_is_refused() -> None:
    with pytest.raises(DealError, match="W holds 12 cards; each seat must hold 13"):
        check_deal(_deal(W=HANDS["W"].removesuffix(" 2H")), PACK, TABLE)


def test_kitty_discard_is_the_lowest_two_that_are_not_trumps() -> None:
    hand = _mask("BJ LJ AS 2S 3S 4S 5S 6S 7S 8S 9S 3H 2D 5C KC")
    assert kitty_discard(PACK, hand) == _mask("2D 3H")


def test_kitty_discard_takes_the_lowest_trump_when_one_other_card_is_held() -> None:
    hand = _mask("BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH")
    assert kitty_discard(PACK, hand) == _mask("3S AH")


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_kitty_seeded_deal_gives_the_dealer_the_kitty_and_lays_two_aside(seed: int) -> None:
    hands = deal_from_seed(seed, PACK, TABLE, Seat.S)
    check_deal(hands, PACK, TABLE)
    aside = PACK.cards & ~(hands[0] | hands[1] | hands[2] | hands[3])
    # the dealer held thirteen and the two last cards of the shuffle: the other seats are dealt
    # as if the kitty were not there, and the dealer's discard is its own lowest two
    unseen = deal_from_seed(seed, PACK, TABLE)
    for seat in (Seat.N, Seat.E, Seat.W):
        assert hands[seat] == unseen[seat]
    fifteen = hands[Seat.S] | aside
    assert fifteen.bit_count() == 15
    assert aside == kitty_discard(PACK, fifteen)


def test_kitty_game_opens_the_bidding_after_the_discard() -> None:
    game = Game.new(load_variant("jokers-kitty"), dealer="W")
    game.deal(seed=3)
    assert game.phase is Phase.BID and game.to_act is Seat.N
    assert all(hand.bit_count() == 13 for hand in game.hands)


def test_kitty_shuffle_test_is_refused_naming_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from spadespec.cli import main

    assert main(["shuffle-test", "--variant", "jokers-kitty"]) == 2
    err = capsys.readouterr().err
    assert "--variant jokers-kitty: its dealer lays two cards aside" in err
    assert "(deal.kitty)" in err
