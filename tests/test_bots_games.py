"""Bots playing whole games under every shipped variant and under each house rule on its own:
every action they choose is legal (checked against the game's own legal lists, and the engine
refuses anything else), the sensible bot's nil bids keep to the rules, the blind nil exchange
is played, and a seed replays the same game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from spadespec.reference_engine.actions import NIL, Bid, Deal, Pass, Play
from spadespec.reference_engine.bots import make_bot
from spadespec.reference_engine.bots.bidding import BLIND_NIL, choose_pass
from spadespec.reference_engine.bots.masks import card_order
from spadespec.reference_engine.bots.sensible import SensibleBot
from spadespec.reference_engine.bots.table import play_game, play_hand
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    DeckKind,
    ExchangeOrder,
    Rules,
    Sides,
    SpadesLead,
)

VARIANTS = shipped_variant_ids()
ACE_OF_SPADES = parse_card("AS")
STANDARD = load_variant("standard").rules


def house(deck: dict[str, Any] | None = None, table: dict[str, Any] | None = None,
          play: dict[str, Any] | None = None, **bidding: Any) -> Rules:  # fmt: skip
    """Standard rules with one house rule (or a few) switched on."""
    rules = dataclasses.replace(STANDARD, bidding=dataclasses.replace(STANDARD.bidding, **bidding))
    for name, changes in (("deck", deck), ("table", table), ("play", play)):
        if changes:
            section = dataclasses.replace(getattr(STANDARD, name), **changes)
            rules = dataclasses.replace(rules, **{name: section})
    if rules.bidding.blind_nil is BlindNil.ALLOWED:
        # A blind nil scores double a nil, made or lost.
        scoring = dataclasses.replace(STANDARD.scoring, blind_nil_bonus=200, blind_nil_penalty=200)
        rules = dataclasses.replace(rules, scoring=scoring)
    return rules


BLIND_ANY_TIME = {"blind_nil": BlindNil.ALLOWED, "blind_nil_trailing_by": None}
JOKERS = {
    "cards": DeckKind.JOKERS_54,
    "removed": ("2C", "2H"),
    "top_trumps": ("BJ", "LJ", "2D", "2S"),
}
THREE_ALONE = {"players": 3, "sides": Sides.INDIVIDUAL}

HOUSE_RULES: dict[str, Rules] = {
    "jokers": house(deck=JOKERS),
    "three-alone": house(deck={"removed": ("2C",)}, table=THREE_ALONE, max_bid=17),
    "three-alone-jokers": house(
        deck={**JOKERS, "removed": ("2C", "2D", "2H"), "top_trumps": ("BJ", "LJ", "2S")},
        table=THREE_ALONE,
        max_bid=17,
    ),
    "spades-any-time": house(play={"spades_lead": SpadesLead.ANY_TIME}),
    "zero-bid": house(min_bid=0),
    "team-minimum": house(team_minimum=4),
    "suicide": house(constraint=BidConstraint.SUICIDE),
    "mirror": house(constraint=BidConstraint.MIRROR, deck=JOKERS),
    "whiz": house(constraint=BidConstraint.WHIZ, **BLIND_ANY_TIME),
    "blind-nil-partner-first": house(blind_nil_exchange=2, **BLIND_ANY_TIME),
    "blind-nil-bidder-first": house(
        blind_nil_exchange=3,
        blind_nil_exchange_order=ExchangeOrder.BIDDER_FIRST,
        **BLIND_ANY_TIME,
    ),
    "blind-nil-trailing": house(
        blind_nil=BlindNil.ALLOWED, blind_nil_trailing_by=100, blind_nil_exchange=2
    ),
    "blind-nil-jokers-suicide": house(
        deck=JOKERS, constraint=BidConstraint.SUICIDE, blind_nil_exchange=1, **BLIND_ANY_TIME
    ),
    "three-alone-whiz-blind": house(
        deck={"removed": ("2C",)},
        table=THREE_ALONE,
        max_bid=17,
        constraint=BidConstraint.WHIZ,
        **BLIND_ANY_TIME,
    ),
}
"""Each house rule on its own on top of the standard rules, and a few together."""


def assert_every_action_was_legal(game: Game) -> None:
    """Replay the game action by action, checking each bid, pass and card against what the
    game offered at that moment (as a bot would have seen it), not only against refusals."""
    again = Game.new(game.rules, **{k: v for k, v in game.to_json()["setup"].items()})
    for action in game.log:
        if isinstance(action, Bid):
            assert action.seat is again.to_act
            assert action.bid in again.legal_bids(), (action, again.legal_bids())
        elif isinstance(action, Play):
            assert action.seat is again.to_act
            assert again.legal_plays(action.seat) >> action.card & 1, action
        elif isinstance(action, Pass):
            assert action.seat is again.to_act
            assert action.cards & ~again.hands[action.seat] == 0, action
            assert action.cards.bit_count() == again.rules.bidding.blind_nil_exchange
        again.apply(action)


def play_checked(rules: Any, kind: str, seed: int, **options: Any) -> Game:
    game = play_game(rules, kind, seed, **options).game
    assert_every_action_was_legal(game)
    rules_ = game.rules
    tricks = table_of(rules_).cards_per_hand
    for hand in game.hand_results:
        assert sum(hand.tricks.values()) == tricks
        assert set(hand.bids) == {seat.name for seat in table_of(rules_).seats}
    return game


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("kind", ["random", "sensible"])
def test_bots_only_make_legal_actions(variant_id: str, kind: str) -> None:
    variant = load_variant(variant_id)
    for seed in range(12):
        game = play_checked(variant, kind, seed, max_hands=6)
        assert len(game.hand_results) >= 1


def option_choices() -> list[tuple[str, str, Any]]:
    """Every (variant, table option, choice) the shipped variants offer."""
    return [
        (variant_id, option.name, choice)
        for variant_id in VARIANTS
        for option in load_variant(variant_id).options
        for choice in option.choices
    ]


@pytest.mark.parametrize(("variant_id", "option", "choice"), option_choices(), ids=str)
def test_bots_play_every_table_option_legally(variant_id: str, option: str, choice: Any) -> None:
    variant = load_variant(variant_id, {option: choice})
    for kind in ("random", "sensible"):
        for seed in range(3):
            play_checked(variant, kind, seed, max_hands=3)


@pytest.mark.parametrize("name", list(HOUSE_RULES))
@pytest.mark.parametrize("kind", ["random", "sensible"])
def test_bots_play_each_house_rule_legally(name: str, kind: str) -> None:
    for seed in range(10):
        play_checked(HOUSE_RULES[name], kind, seed, max_hands=4)


def test_three_alone_nobody_sits_west() -> None:
    for kind in ("random", "sensible"):
        game = play_checked(HOUSE_RULES["three-alone"], kind, 3, max_hands=3)
        seats = {a.seat.name for a in game.log if isinstance(a, Bid | Play)}
        assert seats == {"N", "E", "S"}
        # 51 cards, 17 to each seat: 17 tricks a hand.
        assert all(sum(h.tricks.values()) == 17 for h in game.hand_results)


def test_random_bots_exchange_cards_after_a_blind_nil() -> None:
    passes = 0
    for name in ("blind-nil-partner-first", "blind-nil-bidder-first"):
        for seed in range(20):
            game = play_checked(HOUSE_RULES[name], "random", seed, max_hands=3)
            passes += sum(isinstance(a, Pass) for a in game.log)
    # Random bots bid blind nil now and then (one bid in fifteen); each exchange is two passes.
    assert passes >= 4 and passes % 2 == 0


def has_exchange(variant_id: str) -> bool:
    bidding = load_variant(variant_id).rules.bidding
    return bidding.blind_nil is BlindNil.ALLOWED and bidding.blind_nil_exchange > 0


EXCHANGE_VARIANTS = [variant_id for variant_id in VARIANTS if has_exchange(variant_id)]


@pytest.mark.parametrize("variant_id", EXCHANGE_VARIANTS)
def test_shipped_exchange_variants_are_played_through_the_exchange(variant_id: str) -> None:
    variant = load_variant(variant_id)
    count = variant.rules.bidding.blind_nil_exchange
    passes = []
    for kind in ("random", "sensible"):
        for seed in range(8):
            # North-South far behind, so a blind nil is open to them under any margin.
            game = play_checked(variant, kind, seed, max_hands=2, scores={"NS": 0, "EW": 400})
            passes += [a for a in game.log if isinstance(a, Pass)]
    assert passes and all(p.cards.bit_count() == count for p in passes)


def test_sensible_blind_nil_bidder_passes_high_and_partner_low() -> None:
    rules = HOUSE_RULES["blind-nil-trailing"]
    exchanges = 0
    for seed in range(12):
        # EW far behind: a sensible East or West bids blind nil; NS never may.
        game = play_checked(rules, "sensible", seed, max_hands=1, scores={"NS": 300, "EW": 0})
        again = Game.new(rules, **game.to_json()["setup"])
        for action in game.log:
            if isinstance(action, Bid) and action.bid == BLIND_NIL:
                assert action.seat.name in "EW"
            if isinstance(action, Pass):
                exchanges += 1
                own = again.bids[action.seat]
                held = again.hands[action.seat]
                order = card_order(pack_of(rules))
                assert action.cards == choose_pass(held, 2, own, order)
                # Worked by hand: the bidder's two passed cards outrank the rest it kept.
                if own == BLIND_NIL:
                    kept = held & ~action.cards
                    weakest_passed = min(order.key[c] for c in _cards(action.cards))
                    assert all(order.key[c] <= weakest_passed for c in _cards(kept))
            again.apply(action)
    assert exchanges >= 2


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def test_sensible_bots_play_for_themselves_three_alone() -> None:
    made = bids = 0
    for seed in range(10):
        game = play_checked(HOUSE_RULES["three-alone"], "sensible", seed, max_hands=4)
        for hand in game.hand_results:
            for side in hand.sides.values():
                if side.contract:
                    bids += 1
                    made += side.made
    # Alone, each bidding its own likely tricks: most contracts are made.
    assert made / bids > 0.6


def test_mirror_bids_are_the_spades_held_counting_jokers() -> None:
    rules = HOUSE_RULES["mirror"]
    pack = pack_of(rules)
    for kind in ("random", "sensible"):
        game = play_checked(rules, kind, 5, max_hands=2)
        for dealt, bid in bids_with_hands(game):
            spades = (dealt & pack.spade_mask).bit_count()
            assert bid == (spades or NIL)


def bids_with_hands(game: Game) -> list[tuple[int, object]]:
    """Each bid of the game, paired with the hand the bidder was dealt."""
    out = []
    dealt: tuple[int, ...] = (0, 0, 0, 0)
    for action in game.log:
        if isinstance(action, Deal):
            dealt = action.hands
        elif isinstance(action, Bid):
            out.append((dealt[action.seat], action.bid))
    return out


def test_sensible_bot_bids_nil_sometimes_but_never_holding_the_ace_of_spades() -> None:
    variant = load_variant("standard")
    nils = 0
    for seed in range(40):
        game = play_game(variant, "sensible", seed).game
        for hand, bid in bids_with_hands(game):
            if bid == NIL:
                nils += 1
                assert not hand >> ACE_OF_SPADES & 1
    # The check above means something only if the bot does bid nil in these games.
    assert nils > 0


def test_sensible_bot_never_bids_nil_where_nil_is_not_allowed() -> None:
    variant = load_variant("porchlight", {"nil": "not-allowed"})
    for seed in range(40):
        game = play_game(variant, "sensible", seed).game
        assert all(bid != NIL for _, bid in bids_with_hands(game))


def test_bots_keep_to_a_narrow_bid_range() -> None:
    rules: Rules = load_variant("standard").rules
    narrow = dataclasses.replace(
        rules, bidding=dataclasses.replace(rules.bidding, min_bid=3, max_bid=5)
    )
    for kind in ("sensible", "random"):
        for seed in range(10):
            game = Game.new(narrow, dealer="N")
            bots = [make_bot(kind, seed * 4 + i) for i in range(4)]
            play_hand(game, bots, seed)
            bids = [b for b in game.hand_results[0].bids.values() if b != NIL]
            assert all(3 <= b <= 5 for b in bids)  # type: ignore[operator]


@pytest.mark.parametrize("kind", ["random", "sensible"])
def test_same_seed_same_game(kind: str) -> None:
    variant = load_variant("standard")
    first = play_game(variant, kind, 11, max_hands=5).game.to_json()
    again = play_game(variant, kind, 11, max_hands=5).game.to_json()
    other = play_game(variant, kind, 12, max_hands=5).game.to_json()
    assert first == again
    assert first != other


def test_sensible_games_end_and_look_like_real_ones() -> None:
    variant = load_variant("standard")
    made = sides = 0
    for seed in range(10):
        result = play_game(variant, "sensible", seed)
        assert not result.capped
        for hand in result.game.hand_results:
            for side in hand.sides.values():
                sides += 1
                made += side.made
    # Careful players make most of their contracts; random bids would make few.
    assert made / sides > 0.75


# North holds the king and three of hearts; South, North's partner, has bid nil with five
# hearts up to the ten. West leads the five of hearts, North plays second and South last.
COVER_DEAL = "N:AKQ.K3.AKQ.AKQJT 876.AQJ.7654.654 5432.T9876.32.32 JT9.542.JT98.987"


def test_sensible_bot_covers_partner_nil_in_a_real_game() -> None:
    game = Game.new(load_variant("standard"), dealer="S")
    game.deal(COVER_DEAL)
    for seat, bid in (("W", 3), ("N", 9), ("E", 3), ("S", "nil")):
        game.bid(seat, bid)
    game.play("W", "5H")
    bot = SensibleBot(seed=1)
    # Playing the king over partner's hearts leaves South free to play any heart under it.
    assert bot.choose_play(game, game.to_act) == parse_card("KH")


def test_sensible_bot_plays_low_under_an_opponent_nil() -> None:
    game = Game.new(load_variant("standard"), dealer="S")
    game.deal(COVER_DEAL)
    for seat, bid in (("W", 3), ("N", 9), ("E", "nil"), ("S", 1)):
        game.bid(seat, bid)
    game.play("W", "5H")
    # Same cards, but now East (next to play, holding AQJ of hearts) is the nil bidder:
    # North keeps the trick cheap so that East's hearts are left on top.
    assert SensibleBot(seed=1).choose_play(game, game.to_act) == parse_card("3H")
