"""The sensible bot's bidding and card play, in positions set up by hand."""

from __future__ import annotations

import pytest

from reference_engine.bots.bidding import NIL, choose_bid, likely_tricks, nil_is_safe
from reference_engine.bots.card_play import SeatView, choose_card
from reference_engine.bots.masks import FULL_DECK
from reference_engine.cards import mask_of, parse_card


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
    swap = next(c for c in cards if c[1] == danger[1] and c[0] in "2345") if any(
        c[1] == danger[1] and c[0] in "2345" for c in cards
    ) else cards[0]
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

    from reference_engine.bots.random_legal import random_card

    legal = hand("2C 9D AH 3S")
    rng = random.Random(4)
    counts = Counter(random_card(rng, legal) for _ in range(8000))
    assert set(counts) == {card("2C"), card("9D"), card("AH"), card("3S")}
    # 2000 expected each; 4 standard deviations is about 155.
    assert all(abs(n - 2000) < 160 for n in counts.values())
