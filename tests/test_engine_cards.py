"""Cards, seats and deals: the notation every log and case file uses."""

import pytest

from spadespec.reference_engine.cards import (
    CARD_TEXT,
    SUIT_MASKS,
    card_text,
    cards_in,
    hand_text,
    highest_card,
    lowest_card,
    parse_card,
    rank_of,
    suit_of,
)
from spadespec.reference_engine.deal import check_deal, deal_from_seed, format_pbn, parse_pbn
from spadespec.reference_engine.errors import DealError, InvalidActionError
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat, parse_seat

PBN = "N:AKQ.T98.765.5432 JT98.AKQ.432.876 765.765.AKQ.AKQ9 432.J432.JT98.JT"


def test_card_numbering_matches_openspiel():
    # suit * 13 + rank, clubs..spades, 2..A
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("AS") == 51
    assert suit_of(parse_card("QH")) == 2
    assert rank_of(parse_card("QH")) == 10


def test_ten_is_written_t_and_10_is_accepted():
    assert parse_card("10D") == parse_card("TD") == 13 + 8
    assert card_text(parse_card("10D")) == "TD"
    assert parse_card("as") == 51


@pytest.mark.parametrize(
    "bad", ["1D", "TX", "", "AS ", "ASS", "JK", "LS", "AS++", "LJ+", "+AS", 106, -1, None, True]
)
def test_unknown_card_is_refused(bad):
    if bad == "AS ":
        assert parse_card(bad) == 51  # surrounding blanks are tolerated
        return
    with pytest.raises(InvalidActionError) as err:
        parse_card(bad)
    assert err.value.reason is ReasonCode.UNKNOWN_CARD


def test_jokers_follow_the_52_cards():
    # the little joker is card 52, the big joker 53; either case is read
    assert parse_card("LJ") == parse_card("lj") == 52
    assert parse_card("BJ") == parse_card("Bj") == 53
    assert parse_card(53) == 53
    assert card_text(52) == "LJ" and card_text(53) == "BJ"
    assert CARD_TEXT[:54][-2:] == ("LJ", "BJ")
    # a joker plays as a spade above the ace, the big one above the little one
    assert suit_of(52) == suit_of(53) == suit_of(parse_card("AS")) == 3
    assert rank_of(parse_card("AS")) < rank_of(52) < rank_of(53)


def test_unknown_card_error_mentions_the_jokers():
    for bad in ("XJ", 106):
        with pytest.raises(InvalidActionError) as err:
            parse_card(bad)
        assert "LJ" in err.value.detail and "BJ" in err.value.detail


def test_a_mega_card_is_its_twin_written_with_a_plus_and_numbered_54_above_it():
    # Graham Spades' mega cards: each a second printing of one of the 52.
    assert parse_card("2C+") == 54 and parse_card("AS+") == 51 + 54 == 105
    assert parse_card("10h+") == parse_card("TH+") == parse_card("TH") + 54
    assert card_text(parse_card("7s+")) == "7S+"
    assert len(CARD_TEXT) == 106 and len(set(CARD_TEXT)) == 106
    for twin in range(52):
        assert suit_of(twin + 54) == suit_of(twin) and rank_of(twin + 54) == rank_of(twin)
        assert card_text(twin + 54) == card_text(twin) + "+"


def test_mask_helpers():
    mask = (1 << parse_card("3H")) | (1 << parse_card("KH")) | (1 << parse_card("2C"))
    assert list(cards_in(mask)) == [0, 27, 37]
    assert lowest_card(mask & SUIT_MASKS[2]) == parse_card("3H")
    assert highest_card(mask) == parse_card("KH")
    assert hand_text(mask) == "KH 3H 2C"
    assert hand_text(mask | 1 << 53 | 1 << 52) == "BJ LJ KH 3H 2C"


def test_seats_go_clockwise_in_partnerships():
    assert Seat.N.left is Seat.E and Seat.W.left is Seat.N
    assert Seat.E.partner is Seat.W and Seat.S.partner is Seat.N
    assert Seat.N.side == "NS" and Seat.W.side == "EW"
    assert parse_seat("e") is Seat.E
    with pytest.raises(InvalidActionError) as err:
        parse_seat("X")
    assert err.value.reason is ReasonCode.UNKNOWN_SEAT


def test_pbn_round_trip():
    hands = parse_pbn(PBN)
    assert format_pbn(hands) == PBN
    assert hands[Seat.E] & (1 << parse_card("AH"))
    assert hands[Seat.W].bit_count() == 13


def test_pbn_from_another_first_seat_names_the_same_deal():
    hands = parse_pbn(PBN)
    rotated = format_pbn(hands, first=Seat.S)
    assert rotated.startswith("S:765.765.AKQ.AKQ9 ")
    assert parse_pbn(rotated) == hands


def test_pbn_accepts_10_and_lower_case():
    text = PBN.replace("T98.765.5432", "1098.765.5432").lower()
    assert parse_pbn(text) == parse_pbn(PBN)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # KS dealt twice: to N and to E
        (PBN.replace("JT98.AKQ", "KT98.AKQ"), ["KS", "N", "E"]),
        # S has a twelfth card only
        (PBN.replace("AKQ9 ", "AKQ "), ["S", "12"]),
        # W has three suits
        (PBN.replace("432.J432.JT98.JT", "432.J432JT98.JT"), ["W", "suit"]),
        # a letter that is no rank, in E's hearts
        (PBN.replace("JT98.AKQ", "JT98.AKX"), ["E", "hearts", "X"]),
        (PBN.replace("N:", ""), ["first seat"]),
        (PBN.rsplit(" ", 1)[0], ["four hands"]),
    ],
)
def test_bad_pbn_names_the_seat_and_card(text, names):
    with pytest.raises(DealError) as err:
        parse_pbn(text)
    assert err.value.reason is ReasonCode.BAD_DEAL
    for name in names:
        assert name in str(err.value)


def test_deal_from_seed_is_repeatable_and_complete():
    assert deal_from_seed(7) == deal_from_seed(7)
    assert deal_from_seed(7) != deal_from_seed(8)
    check_deal(deal_from_seed(7))
    every = 0
    for hand in deal_from_seed(7):
        every |= hand
    assert every == (1 << 52) - 1
