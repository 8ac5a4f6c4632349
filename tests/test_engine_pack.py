"""The pack a variant plays with: jokers and promoted deuces as top trumps, cards taken out,
three-player deals, and the two ways a deal is written. Every expected value is worked out
by hand from the rule, never taken from the engine."""

import random
import sys
import threading

import pytest

from spadespec.reference_engine.cards import SPADES, hand_text, mask_of, parse_card
from spadespec.reference_engine.deal import (
    check_deal,
    deal_from_order,
    deal_from_seed,
    format_deal,
    parse_deal,
    parse_pbn,
    shuffled,
)
from spadespec.reference_engine.errors import DealError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import STANDARD_PACK, build_pack, pack_of_deck
from spadespec.reference_engine.rules_of_play.leads import (
    FIRST_LEAD,
    SPADES_LEAD,
    lead_lowest_club,
    lead_named_card,
)
from spadespec.reference_engine.rules_of_play.tricks import beats, legal_follows, trick_winner
from spadespec.reference_engine.seats import SEATS, Seat
from spadespec.reference_engine.table import make_table
from spadespec.reference_engine.variant.model import (
    DeckKind,
    DeckRules,
    FirstLead,
    Sides,
    SpadesLead,
)

C = parse_card


def cards(text: str) -> int:
    return mask_of(C(t) for t in text.split())


# Joker-joker-deuce-deuce: 2C and 2H come out, BJ LJ 2D 2S rank above the ace of spades.
JJDD = DeckRules(DeckKind.JOKERS_54, ("2C", "2H"), ("BJ", "LJ", "2D", "2S"))
JOKERS = pack_of_deck(JJDD)
# Three alone: the 2C comes out, 17 cards each.
THREE = pack_of_deck(DeckRules(DeckKind.STANDARD_52, ("2C",), ()))
THREE_TABLE = make_table(3, Sides.INDIVIDUAL, 51)

PBN = "N:AKQ.T98.765.5432 JT98.AKQ.432.876 765.765.AKQ.AKQ9 432.J432.JT98.JT"


# --- top trumps ----------------------------------------------------------------------------


def test_top_trumps_rank_above_the_ace_of_spades_in_the_declared_order():
    ladder = ["BJ", "LJ", "2D", "2S", "AS", "KS", "3S"]
    for higher, lower in zip(ladder, ladder[1:], strict=False):
        assert beats(C(higher), C(lower), JOKERS), f"{higher} should beat {lower}"
        assert not beats(C(lower), C(higher), JOKERS), f"{lower} should not beat {higher}"


def test_a_promoted_deuce_trumps_the_suit_it_was_printed_in():
    # diamonds led: 3D, AD, then 2D (a spade now), then KD; the 2D takes the trick
    assert trick_winner([C("3D"), C("AD"), C("2D"), C("KD")], JOKERS) == 2
    # in the standard pack the same cards are plain diamonds: the ace wins
    assert trick_winner([C("3D"), C("AD"), C("2D"), C("KD")]) == 1


def test_a_joker_lead_is_a_spade_lead():
    # LJ leads; AS follows (a lower spade); BJ beats both; a heart cannot
    assert trick_winner([C("LJ"), C("AS"), C("BJ"), C("AH")], JOKERS) == 2


def test_suits_as_played_in_a_joker_pack():
    # clubs and hearts lose their deuce to the box, diamonds lose theirs to the spades
    assert JOKERS.suit_masks[0].bit_count() == 12
    assert JOKERS.suit_masks[1].bit_count() == 12
    assert JOKERS.suit_masks[2].bit_count() == 12
    assert JOKERS.spade_mask.bit_count() == 13 + 3  # 13 spades, BJ, LJ, 2D
    assert JOKERS.cards.bit_count() == 52
    assert JOKERS.suit_of[C("2D")] == SPADES and JOKERS.suit_of[C("3D")] == 1
    assert not JOKERS.standard and STANDARD_PACK.standard


def test_spade_count_includes_top_trumps():
    assert JOKERS.spade_count(cards("BJ 2D AS 3H")) == 3
    assert STANDARD_PACK.spade_count(cards("2D AS 3H")) == 1


def test_cards_ranked_by_strength_put_the_top_trumps_last():
    # weakest first: clubs, diamonds, hearts, then spades with the promoted cards on top
    hand = cards("BJ 2D AS 3S KH 3D 3C")
    assert JOKERS.ranked(hand) == [C(t) for t in "3C 3D KH 3S AS 2D BJ".split()]
    assert JOKERS.highest(cards("AS 2D KH")) == C("2D")
    assert JOKERS.lowest(cards("2D AS 3C")) == C("3C")
    assert hand & JOKERS.suit_masks[1] == cards("3D")  # the 2D is no diamond here
    assert hand & STANDARD_PACK.suit_masks[1] == cards("2D 3D")


def test_holding_the_promoted_2d_you_must_play_it_to_a_spade_lead():
    hand = cards("2D AD KH 3C")  # no printed spade
    assert legal_follows(JOKERS, hand, SPADES) == cards("2D")
    # in the standard pack the same player is void in spades and may play anything
    assert legal_follows(STANDARD_PACK, hand, SPADES) == hand


def test_the_promoted_2d_does_not_follow_a_diamond_lead():
    hand = cards("2D KH 3C")  # 2D is its only printed diamond
    assert legal_follows(JOKERS, hand, 1) == hand  # void in diamonds: any card
    assert legal_follows(STANDARD_PACK, hand, 1) == cards("2D")


def test_the_standard_pack_takes_tricks_as_it_always_has():
    # a card beats the winner only by being higher in the same suit, or a spade on another suit
    for card in range(52):
        for winning in range(52):
            same_suit_higher = card // 13 == winning // 13 and card > winning
            trumps = card // 13 == SPADES and winning // 13 != SPADES
            assert beats(card, winning, STANDARD_PACK) == (same_suit_higher or trumps)
    assert STANDARD_PACK.spade_mask == cards(" ".join(r + "S" for r in "23456789TJQKA"))


# --- what a pack may hold --------------------------------------------------------------------


def test_a_standard_pack_has_no_jokers_to_promote():
    with pytest.raises(ValueError, match="BJ"):
        build_pack(DeckKind.STANDARD_52, (), ("BJ",))


def test_a_joker_in_play_must_be_ranked():
    with pytest.raises(ValueError, match="LJ"):
        build_pack(DeckKind.JOKERS_54, ("2C", "2D"), ("BJ",))


def test_packs_are_built_once_per_deck_rule():
    assert pack_of_deck(JJDD) is JOKERS


# --- leading ---------------------------------------------------------------------------------


def test_a_joker_or_promoted_deuce_may_not_be_led_before_spades_are_broken():
    lead = SPADES_LEAD[SpadesLead.AFTER_BROKEN]
    assert lead(JOKERS, cards("LJ 2D 3H"), False) == cards("3H")
    assert lead(JOKERS, cards("LJ 2D AS"), False) == cards("LJ 2D AS")  # nothing but spades
    assert lead(JOKERS, cards("LJ 2D 3H"), True) == cards("LJ 2D 3H")


def test_spades_any_time_lets_a_spade_open_unbroken():
    lead = SPADES_LEAD[SpadesLead.ANY_TIME]
    assert lead(STANDARD_PACK, cards("AS 3H 2C"), False) == cards("AS 3H 2C")
    assert lead(JOKERS, cards("BJ 3H"), False) == cards("BJ 3H")


def test_lowest_club_lead_without_the_2c_is_the_lowest_club_held():
    assert lead_lowest_club(THREE, cards("3C 9C AH"), None) == cards("3C")
    assert lead_lowest_club(THREE, cards("KC 4C AS"), None) == cards("4C")
    # no club: a heart or diamond, but not the promoted 2D
    assert lead_lowest_club(JOKERS, cards("2D 5D 7H AS"), None) == cards("5D 7H")
    assert FIRST_LEAD[FirstLead.LOWEST_CLUB].allowed(JOKERS, cards("2D AS"), None) == cards("2D AS")


def test_named_card_first_lead():
    assert lead_named_card(STANDARD_PACK, cards("2C 5H"), C("2C")) == cards("2C")
    assert lead_named_card(THREE, cards("3C 5H"), C("2C")) == 0  # the 2C is out: no binding


# --- checking a deal ---------------------------------------------------------------------------


def test_a_joker_is_refused_in_a_standard_deal():
    hands = list(parse_pbn(PBN))
    hands[Seat.E] = hands[Seat.E] & ~(1 << C("2C")) | 1 << C("LJ")
    with pytest.raises(DealError) as err:
        check_deal(hands)
    assert "E" in str(err.value) and "LJ" in str(err.value) and "joker" in str(err.value)
    assert err.value.seat == "E" and err.value.card == "LJ"


def test_a_joker_in_an_object_deal_is_refused_in_a_standard_pack():
    hands = parse_pbn(PBN)
    deal = {seat.name: hand_text(hands[seat]).split() for seat in SEATS}
    deal["N"] = ["BJ" if card == "2C" else card for card in deal["N"]]  # N held the 2C
    with pytest.raises(DealError) as err:
        check_deal(parse_deal(deal))
    assert err.value.seat == "N" and err.value.card == "BJ" and "joker" in str(err.value)


def test_a_card_taken_out_is_refused():
    deal = deal_from_seed(3, THREE, THREE_TABLE)
    hands = list(deal)
    south = hands[Seat.S]
    low = south & -south
    hands[Seat.S] = south ^ low | 1 << C("2C")
    with pytest.raises(DealError) as err:
        check_deal(hands, THREE, THREE_TABLE)
    assert err.value.seat == "S" and err.value.card == "2C"
    assert "taken out" in str(err.value)


def test_a_card_dealt_twice_names_both_seats():
    hands = list(parse_pbn(PBN))
    hands[Seat.W] = hands[Seat.W] & ~(1 << C("2D")) | 1 << C("AS")  # N holds AS too
    with pytest.raises(DealError) as err:
        check_deal(hands)
    assert "AS" in str(err.value) and "N" in str(err.value) and "W" in str(err.value)


def test_each_seat_of_three_must_hold_17():
    hands = list(deal_from_seed(3, THREE, THREE_TABLE))
    moved = hands[Seat.N] & -hands[Seat.N]
    hands[Seat.N] ^= moved
    hands[Seat.E] |= moved
    with pytest.raises(DealError) as err:
        check_deal(hands, THREE, THREE_TABLE)
    assert err.value.seat == "N" and "16" in str(err.value) and "17" in str(err.value)


def test_an_empty_seat_holds_nothing():
    hands = list(deal_from_seed(3, THREE, THREE_TABLE))
    moved = hands[Seat.S] & -hands[Seat.S]
    hands[Seat.S] ^= moved
    hands[Seat.W] = moved
    with pytest.raises(DealError) as err:
        check_deal(hands, THREE, THREE_TABLE)
    assert err.value.seat == "W" and "3-player" in str(err.value)


def test_a_card_in_play_must_be_dealt():
    # a table that deals 12 each from the full 52 leaves four cards in nobody's hand
    short = make_table(4, Sides.PARTNERSHIPS, 48)
    hands = [h & ~(1 << max(i for i in range(52) if h >> i & 1)) for h in parse_pbn(PBN)]
    with pytest.raises(DealError, match="dealt to nobody"):
        check_deal(hands, STANDARD_PACK, short)


# --- seeded deals ------------------------------------------------------------------------------


def test_seeded_standard_deal_is_the_shuffled_deck_round_the_table():
    deck = list(range(52))
    random.Random(11).shuffle(deck)
    expected = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        expected[i % 4] |= 1 << card
    assert deal_from_seed(11) == tuple(expected)


@pytest.mark.parametrize("size", [51, 52, 54])
def test_a_seed_shuffles_the_pack_as_python_random_does(size):
    # The same seed deals the same cards as random.Random(seed).shuffle would, for any seed.
    for seed in [*range(200), 2**40 + 3, "a seed"]:
        deck = list(range(size))
        random.Random(seed).shuffle(deck)
        assert shuffled(range(size), seed) == deck


def _fresh_deal(seed):
    """The four hands a fresh `random.Random(seed)` shuffle of the standard pack deals."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    expected = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        expected[i % 4] |= 1 << card
    return tuple(expected)


def test_seeded_deals_one_after_another_deal_as_fresh_generators_would():
    # Each thread seeds one generator again for every seeded deal: the hands are those of a
    # fresh `random.Random(seed)`, whatever it drew before (a shuffle of another size, a
    # seed given twice, a str seed in between).
    for seed in [11, 0, 2**40 + 3, "a seed", 11, -5]:
        deck = list(range(51))
        random.Random(seed).shuffle(deck)
        assert shuffled(range(51), seed) == deck
        assert deal_from_seed(seed) == _fresh_deal(seed)


def test_threads_dealing_at_once_each_deal_their_own_seeds():
    # Two threads shuffling at the same time draw from generators of their own: neither
    # thread's seeding lands between the other's seed and its draws.
    seeds = {name: list(range(start, start + 300)) for name, start in [("a", 0), ("b", 5000)]}
    dealt: dict[str, list[tuple[int, ...]]] = {name: [] for name in seeds}
    start = threading.Barrier(2)

    def deal_all(name):
        start.wait()
        for seed in seeds[name]:
            dealt[name].append(deal_from_seed(seed))

    threads = [threading.Thread(target=deal_all, args=(name,)) for name in seeds]
    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns every few instructions
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switching)
    for name, its_seeds in seeds.items():
        assert dealt[name] == [_fresh_deal(seed) for seed in its_seeds]


def test_a_game_that_dealt_before_deals_a_seed_as_a_fresh_shuffle_would():
    game = Game.new("standard")
    assert game.deal(seed=4).hands == deal_from_seed(4)
    while game.phase is not Phase.DEAL:  # the first hand played out, first legal action each time
        game.apply(game.legal_actions()[0])
    assert game.deal(seed=9).hands == deal_from_seed(9)


def test_seeded_three_player_deal_gives_17_each_without_the_2c():
    hands = deal_from_seed(5, THREE, THREE_TABLE)
    assert [h.bit_count() for h in hands] == [17, 17, 17, 0]
    every = hands[0] | hands[1] | hands[2]
    assert not every >> C("2C") & 1
    assert every == (1 << 52) - 2
    check_deal(hands, THREE, THREE_TABLE)
    # card i of the shuffled 51 (3C upwards) goes to N, E, S in turn
    deck = list(range(1, 52))
    random.Random(5).shuffle(deck)
    assert hands[Seat.E] == mask_of(deck[1::3])


def test_deal_from_order_for_a_joker_pack():
    order = list(range(1, 13)) + list(range(14, 26)) + list(range(26, 52)) + [52, 53]
    jokers_only = DeckRules(DeckKind.JOKERS_54, ("2C", "2D"), ("BJ", "LJ"))
    hands = deal_from_order(order, pack_of_deck(jokers_only))
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]


# --- writing a deal ----------------------------------------------------------------------------


def test_pbn_round_trip_through_the_deal_json():
    hands = parse_deal(PBN)
    assert format_deal(hands) == PBN
    assert parse_deal(format_deal(hands)) == hands


def test_a_joker_deal_is_written_as_each_seats_cards_high_to_low():
    hands = deal_from_seed(9, JOKERS)
    written = format_deal(hands)
    assert isinstance(written, dict) and list(written) == ["N", "E", "S", "W"]
    holder = next(seat for seat, texts in written.items() if "BJ" in texts)
    assert written[holder][0] == "BJ"  # the highest card number comes first
    assert parse_deal(written) == hands
    check_deal(parse_deal(written), JOKERS)


def test_a_three_player_deal_leaves_the_empty_seat_out():
    hands = (cards("AS KS"), cards("QS JS"), cards("TS 9S"), 0)
    assert format_deal(hands) == {"N": ["AS", "KS"], "E": ["QS", "JS"], "S": ["TS", "9S"]}
    assert parse_deal({"n": ["ks", "As"], "E": ["QS", "JS"], "S": ["10S", "9S"]}) == hands


@pytest.mark.parametrize(
    ("value", "names"),
    [
        ({"N": ["AS", "ZZ"]}, ["N", "ZZ"]),
        ({"N": ["AS", "as"]}, ["N", "AS", "twice"]),
        ({"X": ["AS"]}, ["X", "seat"]),
        ({"E": "AS KS"}, ["E", "list"]),
        (42, ["PBN", "object"]),
    ],
)
def test_a_bad_deal_object_names_the_seat_and_card(value, names):
    with pytest.raises(DealError) as err:
        parse_deal(value)
    for name in names:
        assert name in str(err.value)


def test_an_unreadable_card_in_a_deal_object_is_named():
    with pytest.raises(DealError) as err:
        parse_deal({"S": ["AS", "QX"]})
    assert err.value.seat == "S" and err.value.card == "QX"
