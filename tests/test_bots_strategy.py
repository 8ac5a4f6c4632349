"""The sensible bot's bidding and card play, in positions set up by hand."""

from __future__ import annotations

import pytest

from spadespec.reference_engine.bots.bidding import (
    NIL,
    choose_bid,
    choose_pass,
    extra_trumps,
    likely_tricks,
    nil_is_safe,
    spade_tricks,
)
from spadespec.reference_engine.bots.card_play import SeatView, choose_card
from spadespec.reference_engine.bots.masks import STANDARD, beats, card_order
from spadespec.reference_engine.cards import FULL_DECK, mask_of, parse_card
from spadespec.reference_engine.pack import build_pack
from spadespec.reference_engine.variant.model import DeckKind


def card(text: str) -> int:
    return parse_card(text)


def hand(text: str) -> int:
    return mask_of(parse_card(word) for word in text.split())


NUMBERS = list(range(1, 14))
WITH_NIL = [NIL, *NUMBERS]

# No ace, no king, spades no higher than the nine, one queen in a long suit.
SAFE_NIL = "2S 5S 9S 2H 4H 7H 3D 6D 8D 2C 4C 9C QC"


def test_safe_nil_hand_bids_nil_when_allowed() -> None:
    assert nil_is_safe(hand(SAFE_NIL))
    assert choose_bid(hand(SAFE_NIL), WITH_NIL, partner_bid=None) == NIL


def test_no_nil_when_nil_not_allowed() -> None:
    assert choose_bid(hand(SAFE_NIL), NUMBERS, partner_bid=None) == 1


def test_no_double_nil() -> None:
    assert choose_bid(hand(SAFE_NIL), WITH_NIL, partner_bid=NIL) != NIL


@pytest.mark.parametrize("danger", ["AS", "KS", "TS", "AH", "KD"])
def test_danger_card_forbids_nil(danger: str) -> None:
    cards = SAFE_NIL.split()
    # Swap a small card of the same suit (or any card) for the danger card.
    swap = (
        next(c for c in cards if c[1] == danger[1] and c[0] in "2345")
        if any(c[1] == danger[1] and c[0] in "2345" for c in cards)
        else cards[0]
    )
    cards[cards.index(swap)] = danger
    assert not nil_is_safe(hand(" ".join(cards)))
    assert choose_bid(hand(" ".join(cards)), WITH_NIL, partner_bid=None) != NIL


def test_strong_hand_counts_its_tricks() -> None:
    # Spades AKQ32: three top tricks and about one and a half from length; AH, AD; KC guarded
    # but without its ace is a fair chance, not a certainty. Six or seven is what a player bids.
    strong = hand("AS KS QS 3S 2S AH 4H 3H AD 4D 3D KC 2C")
    assert 6 <= likely_tricks(strong) <= 7.5
    assert choose_bid(strong, WITH_NIL, partner_bid=None) in (6, 7)


def test_minimum_bid_respected() -> None:
    weak = hand("2S 3H 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C 6C")
    assert choose_bid(weak, list(range(4, 14)), partner_bid=None) == 4


def test_side_never_promises_more_than_thirteen() -> None:
    strong = hand("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    assert choose_bid(strong, NUMBERS, partner_bid=10) == 3


def view(
    seat: str,
    held: str,
    trick: list[tuple[str, str]],
    bids: dict[str, object],
    tricks_won: dict[str, int] | None = None,
    legal: str | None = None,
) -> SeatView:
    own = hand(held)
    played = hand(" ".join(c for _, c in trick))
    return SeatView(
        seat=seat,
        hand=own,
        legal=hand(legal) if legal is not None else own,
        trick=[(s, card(c)) for s, c in trick],
        bids=bids,  # type: ignore[arg-type]
        tricks_won=tricks_won or {s: 0 for s in "NESW"},
        unseen=FULL_DECK & ~own & ~played,
    )


BIDS_S_NIL = {"N": 4, "E": 3, "S": NIL, "W": 3}


def test_covers_partner_nil_when_partner_plays_after() -> None:
    # E leads 5H; N plays before nil partner S: plays high over S's hearts.
    v = view("N", "KH 3H 2C", [("E", "5H")], BIDS_S_NIL, legal="KH 3H")
    assert choose_card(v) == card("KH")


def test_overtakes_partner_nil_when_partner_is_winning() -> None:
    # S (nil) led 9H, W followed 5H, N takes it over with the cheapest card that beats the nine.
    v = view("N", "QH TH 2H", [("S", "9H"), ("W", "5H")], BIDS_S_NIL)
    assert choose_card(v) == card("TH")


def test_trumps_over_partner_nil_when_void() -> None:
    v = view("N", "2S 9S 4C", [("S", "9H"), ("W", "5H")], BIDS_S_NIL)
    assert choose_card(v) == card("2S")


def test_nil_bidder_stays_under() -> None:
    bids = {"N": NIL, "E": 3, "S": 4, "W": 3}
    v = view("N", "KD 9D 2D", [("W", "TD")], bids)
    assert choose_card(v) == card("9D")


def test_ducks_when_contract_safe() -> None:
    bids = {"N": 2, "E": 3, "S": 2, "W": 3}
    won = {"N": 3, "E": 1, "S": 1, "W": 1}
    v = view("N", "AC 4C 3C", [("W", "5C")], bids, won)
    assert choose_card(v) == card("4C")


def test_wins_cheaply_when_tricks_needed() -> None:
    bids = {"N": 4, "E": 3, "S": 4, "W": 2}
    v = view("N", "AC KC 3C", [("W", "5C")], bids)
    assert choose_card(v) == card("KC")


def test_lets_partner_win_when_last_to_play() -> None:
    bids = {"N": 4, "E": 3, "S": 4, "W": 2}
    v = view("E", "AC KC 3C", [("S", "5C"), ("W", "2C"), ("N", "QC")], bids)
    # E's partner is W, who played the two; E must take over from N's queen.
    assert choose_card(v) == card("KC")
    v = view("S", "AC KC 3C", [("W", "5C"), ("N", "QC"), ("E", "9C")], bids)
    assert choose_card(v) == card("3C")


def test_plays_under_an_opponent_nil() -> None:
    # E bid nil and plays after N; N keeps the card to beat low.
    bids = {"N": 4, "E": NIL, "S": 4, "W": 3}
    v = view("N", "AD 5D 2D", [("W", "4D")], bids)
    assert choose_card(v) == card("2D")


def test_random_card_draws_only_legal_cards_and_each_about_equally() -> None:
    import random
    from collections import Counter

    from spadespec.reference_engine.bots.random_legal import random_card

    legal = hand("2C 9D AH 3S")
    rng = random.Random(4)
    counts = Counter(random_card(rng, legal) for _ in range(8000))
    assert set(counts) == {card("2C"), card("9D"), card("AH"), card("3S")}
    # 2000 expected each; 4 standard deviations is about 155.
    assert all(abs(n - 2000) < 160 for n in counts.values())


# --- house rules: jokers and promoted deuces, three alone, constraints, the exchange --------

# Big joker, little joker, then the deuces of diamonds and spades above the ace of spades.
JOKER_ORDER = card_order(build_pack(DeckKind.JOKERS_54, ("2C", "2H"), ("BJ", "LJ", "2D", "2S")))


def test_ace_king_queen_of_spades_are_no_longer_top_trumps_under_jokers() -> None:
    held = hand("AS KS QS 9H 8H 7H 6D 5D 4D 3C 4C 5C 6C")
    # Standard: A, K, Q of spades each guarded enough: three tricks from trumps.
    assert spade_tricks(held) == 3.0
    # With four trumps above the ace, the ace is the fifth: no honour counts.
    assert spade_tricks(held, JOKER_ORDER) == 0.0


def test_jokers_count_as_the_top_spades() -> None:
    # BJ and LJ are places 0 and 1 of the trump suit; with 3S, three trumps: 1 + 1.
    assert spade_tricks(hand("BJ LJ 3S 9H 8H"), JOKER_ORDER) == 2.0


def test_a_promoted_deuce_spoils_a_nil() -> None:
    cards = SAFE_NIL.replace("3D", "2D")
    # Standard: the 2D is the lowest diamond, still a safe nil.
    assert nil_is_safe(hand(cards))
    # Promoted: the 2D is the third-highest trump.
    assert not nil_is_safe(hand(cards), JOKER_ORDER)


def test_cheapest_winning_trump_by_power_not_card_number() -> None:
    # W leads the ace of spades; N holds the little joker and the 2S (both trumps, 2S lower).
    v = view("N", "LJ 2S 4C", [("W", "AS")], {"N": 4, "E": 3, "S": 4, "W": 2})
    v = v._replace(order=JOKER_ORDER, legal=hand("LJ 2S"), unseen=0)
    assert choose_card(v) == card("2S")


def test_promoted_two_of_diamonds_is_a_trump_on_a_diamond_lead() -> None:
    assert beats(JOKER_ORDER, card("2D"), card("AD"))
    assert not beats(STANDARD, card("2D"), card("AD"))
    # E leads 5D, S (North's partner) plays the 2D, W the AD; N, last, holds no diamond.
    trick = [("E", "5D"), ("S", "2D"), ("W", "AD")]
    v = view("N", "3S 4C", trick, {"N": 4, "E": 3, "S": 4, "W": 2})
    # With the 2D promoted, partner's trump holds the trick: N throws the club.
    assert choose_card(v._replace(order=JOKER_ORDER)) == card("4C")
    # Under the standard pack West's ace is winning: N ruffs it with the 3S.
    assert choose_card(v) == card("3S")


def three_alone(seat: str, held: str, trick: list[tuple[str, str]], bids: dict[str, object]):
    v = view(seat, held, trick, bids, tricks_won={s: 0 for s in "NES"})
    return v._replace(seats="NES", partnered=False)


def test_three_alone_nobody_is_a_partner() -> None:
    v = three_alone("N", "AH 2H", [("E", "5H"), ("S", "KH")], {"N": 3, "E": 4, "S": 4})
    assert v.partner is None and v.opponents() == ["E", "S"] and v.last_to_play()
    # S is not N's partner: N takes the trick with the ace.
    assert choose_card(v) == card("AH")
    # At a four-player table S is N's partner: N, last to play, lets S's king have it.
    trick = [("W", "5H"), ("E", "9H"), ("S", "KH")]
    partnered = view("N", "AH 2H", trick, {"N": 3, "E": 4, "S": 4, "W": 2})
    assert choose_card(partnered) == card("2H")


def test_three_alone_keeps_low_under_an_opponent_nil() -> None:
    # S leads; N (South's left) plays second, E (nil) plays last.
    v = three_alone("N", "AH 3H", [("S", "5H")], {"N": 5, "E": NIL, "S": 4})
    assert v.seats_after_me() == ["E"]
    assert choose_card(v) == card("3H")


def test_blind_nil_is_played_like_nil() -> None:
    bids = {"N": "blind-nil", "E": 3, "S": 4, "W": 3}
    v = view("N", "KD 9D 2D", [("W", "TD")], bids)
    assert choose_card(v) == card("9D")
    # Partner of a blind nil covers it: S plays before N and goes over the ten.
    v = view("S", "AD 3D", [("W", "TD")], bids)
    assert choose_card(v) == card("AD")


def test_a_forced_bid_is_made() -> None:
    assert choose_bid(hand(SAFE_NIL), [4], partner_bid=None) == 4
    assert choose_bid(hand(SAFE_NIL), [NIL], partner_bid=3) == NIL


def test_suicide_second_partner_sees_its_cards_rather_than_go_blind() -> None:
    assert choose_bid(hand(SAFE_NIL), [NIL, "blind-nil"], partner_bid=3) == NIL


# Not a safe nil (an unguarded king), but nothing likely to take a trick either.
WEAK_WITH_KING = hand("KH 2S 3S 4D 5D 6D 7D 8C 9C TC 2C 3C 4C")


def test_suicide_first_partner_takes_the_nil_on_a_weak_hand() -> None:
    assert not nil_is_safe(WEAK_WITH_KING)
    assert likely_tricks(WEAK_WITH_KING) == 0.0
    assert choose_bid(WEAK_WITH_KING, WITH_NIL, partner_bid=None, one_nil_a_side=True) == NIL
    # Without suicide the same hand bids the least number.
    assert choose_bid(WEAK_WITH_KING, WITH_NIL, partner_bid=None) == 1


def test_suicide_first_partner_with_an_ace_leaves_the_nil_to_partner() -> None:
    with_ace = hand("KH 2S 3S AD 5D 6D 7D 8C 9C TC 2C 3C 4C")
    assert choose_bid(with_ace, WITH_NIL, partner_bid=None, one_nil_a_side=True) == 1


def test_whiz_nil_or_spades() -> None:
    # SAFE_NIL holds three spades: whiz offers 3 or nil; safe, so nil, unless partner has one.
    assert choose_bid(hand(SAFE_NIL), [3, NIL], partner_bid=None) == NIL
    assert choose_bid(hand(SAFE_NIL), [3, NIL], partner_bid=NIL) == 3


def test_blind_nil_only_when_far_behind_and_partner_has_no_nil() -> None:
    legal = [*NUMBERS, NIL, "blind-nil"]
    weak = hand("2S 3H 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C KC")
    assert choose_bid(weak, legal, partner_bid=None, behind=200) == "blind-nil"
    assert choose_bid(weak, legal, partner_bid=None, behind=100) != "blind-nil"
    assert choose_bid(weak, legal, partner_bid=NIL, behind=200) != "blind-nil"


def test_team_minimum_bid_up_to_the_least_allowed() -> None:
    weak = hand("2S 3H 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C 6C")
    assert choose_bid(weak, list(range(3, 14)), partner_bid=1) == 3


def test_seventeen_tricks_caps_a_side_at_seventeen() -> None:
    strong = hand("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    assert choose_bid(strong, list(range(1, 18)), partner_bid=10, tricks=17) == 7


FOUR_ACES = hand("AS 2S AH 3H 4H AD 3D 4D AC 3C 4C 5C 6C")


def test_four_aces_are_four_tricks() -> None:
    # Each ace a trick (the clubs are five long, still short enough); two spades ruff nothing.
    assert likely_tricks(FOUR_ACES) == 4.0
    assert choose_bid(FOUR_ACES, NUMBERS, partner_bid=None) == 4


def test_three_players_count_for_seventeen_tricks() -> None:
    # Alone against two, with 17 tricks to share: 4 * 17/13 = 5.2, so five.
    bid = choose_bid(FOUR_ACES, list(range(1, 18)), partner_bid=None, tricks=17, players=3)
    assert bid == 5


def test_a_longer_trump_suit_needs_more_spades_to_count_length() -> None:
    # Jokers and the 2D join the 13 spades: 16 trumps, about one more each at four players.
    assert extra_trumps(STANDARD) == 0
    assert extra_trumps(JOKER_ORDER) == 1
    # BJ LJ 2D 2S AS KS: the top four are honours (1 + 1 + 1 + 0.5); six trumps count as
    # five for length (0.5 + 1), less the half already given to the fourth honour.
    held = hand("BJ LJ 2D 2S AS KS 9H 8H 7H 6D 5D 4D 3C")
    assert spade_tricks(held, JOKER_ORDER) == 4.5
    # Standard: six spades, A K at the top: 1 + 1, length 6: 0.5 + 2.
    assert spade_tricks(hand("AS KS QH 2S 3S 4S 5S 9H 8H 7H 6D 5D 4D")) == 4.5


def test_blind_nil_bidder_passes_its_strongest_cards() -> None:
    held = hand("AS AH KS 2C 3D 4H 5S 6C 7D 8H 9S TC JD")
    # Strongest: the two aces, the spade first on equal rank.
    assert choose_pass(held, 2, "blind-nil") == hand("AS AH")
    assert choose_pass(held, 3, "blind-nil") == hand("AS AH KS")


def test_partner_passes_its_weakest_plain_cards() -> None:
    held = hand("2S 2C 3D AS KH 5S 6C 7D 8H 9S TC JD QH")
    # The lowest are the twos: the club before the spade (a trump is kept on equal rank).
    assert choose_pass(held, 2, 4) == hand("2C 2S")
    assert choose_pass(held, 3, 4) == hand("2C 2S 3D")
    assert choose_pass(held, 0, 4) == 0


def test_blind_nil_bidder_sheds_the_jokers_first() -> None:
    held = hand("BJ AS AH 3C 4D 5H 6S 7C 8D 9H TS JC QD")
    assert choose_pass(held, 2, "blind-nil", JOKER_ORDER) == hand("BJ AS")
