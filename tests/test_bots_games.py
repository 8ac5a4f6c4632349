"""Bots playing whole games under every shipped variant: every action they choose is legal
(the engine refuses anything else), the sensible bot's nil bids keep to the rules, and a seed
replays the same game."""

from __future__ import annotations

import dataclasses

import pytest

from reference_engine.actions import NIL, Bid, Deal
from reference_engine.bots import make_bot
from reference_engine.bots.sensible import SensibleBot
from reference_engine.bots.table import play_game, play_hand
from reference_engine.cards import parse_card
from reference_engine.game import Game
from reference_engine.variant import load_variant, shipped_variant_ids
from reference_engine.variant.model import Rules

VARIANTS = shipped_variant_ids()
ACE_OF_SPADES = parse_card("AS")


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("kind", ["random", "sensible"])
def test_bots_only_make_legal_actions(variant_id: str, kind: str) -> None:
    variant = load_variant(variant_id)
    for seed in range(12):
        # The engine raises on any illegal bid or card, so finishing is the check.
        result = play_game(variant, kind, seed, max_hands=6)
        game = result.game
        assert len(game.hand_results) >= 1
        for hand in game.hand_results:
            assert sum(hand.tricks.values()) == 13


def nil_bids_with_hands(game: Game) -> list[tuple[int, object]]:
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
        for hand, bid in nil_bids_with_hands(game):
            if bid == NIL:
                nils += 1
                assert not hand >> ACE_OF_SPADES & 1
    # The check above means something only if the bot does bid nil in these games.
    assert nils > 0


def test_sensible_bot_never_bids_nil_where_nil_is_not_allowed() -> None:
    variant = load_variant("porchlight", {"nil": "not-allowed"})
    for seed in range(40):
        game = play_game(variant, "sensible", seed).game
        assert all(bid != NIL for _, bid in nil_bids_with_hands(game))


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
COVER_DEAL = (
    "N:AKQ.K3.AKQ.AKQJT 876.AQJ.7654.654 5432.T9876.32.32 JT9.542.JT98.987"
)


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
