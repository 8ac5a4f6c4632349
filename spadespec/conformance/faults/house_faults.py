"""Faults in the house rules: each is an engine that skips one house rule and is otherwise the
reference engine. Most read one rule of the variant as if the file did not set it (the
constraint of the bidding as free, the bags as counted, the hands as unlimited); the rest
replace one function of the pack, the table or the scorer for as long as the context is open.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

import spadespec.reference_engine.deal as deal_module
import spadespec.reference_engine.game_phases.dealing as dealing_phase
import spadespec.reference_engine.pack as pack_module
import spadespec.reference_engine.table as table_module
from spadespec.conformance.faults.rewrite import plans_misread, replaced, rules_misread
from spadespec.reference_engine.actions import BLIND_NIL, BidValue
from spadespec.reference_engine.cards import BIG_JOKER, LITTLE_JOKER, SPADES, SUIT_OF, parse_card
from spadespec.reference_engine.pack import STANDARD_PACK, Pack
from spadespec.reference_engine.plan import Plan
from spadespec.reference_engine.rules_of_play import bids, leads
from spadespec.reference_engine.rules_of_play.bids import BidContext, Refusal
from spadespec.reference_engine.scoring import bags, contract, game_end, hand, inputs, moon, nil
from spadespec.reference_engine.scoring.records import GameOutcome, SideScore, SideTotals
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import (
    BagsCount,
    BidConstraint,
    BlindNil,
    BostonRule,
    DeckRules,
    DoubleNilTricks,
    ExchangeOrder,
    MoonRule,
    NilBid,
    NilTricks,
    Rules,
    SetPenalty,
    Sides,
    SpadesLead,
    with_rule,
)

JOKER_CARDS = (LITTLE_JOKER, BIG_JOKER)


def _unless(wanted: Any, instead: Any) -> Any:
    """A misreading of an option: `wanted` read as `instead`, any other value as it is."""
    return lambda value: instead if value == wanted else value


# --- the pack ---------------------------------------------------------------------------------


@contextmanager
def top_trumps_order_reversed() -> Iterator[None]:
    with rules_misread(replaced("deck.top_trumps", lambda order: tuple(reversed(order)))):
        yield


def _deuce_follows_its_suit(pack: Pack) -> Pack:
    """The pack with each promoted card of another suit (a 2D) still played as that suit for
    following, leading and breaking, though it still takes tricks as a top trump."""
    promoted = [c for c in pack.top_trumps if c not in JOKER_CARDS and SUIT_OF[c] != SPADES]
    if not promoted:
        return pack
    suit_of = list(pack.suit_of)
    masks = list(pack.suit_masks)
    for card in promoted:
        suit_of[card] = SUIT_OF[card]
        masks[SPADES] &= ~(1 << card)
        masks[SUIT_OF[card]] |= 1 << card
    return dataclasses.replace(
        pack,
        suit_of=tuple(suit_of),
        suit_masks=(masks[0], masks[1], masks[2], masks[3]),
        spade_mask=masks[SPADES],
        standard=False,
    )


@contextmanager
def promoted_deuce_keeps_its_suit() -> Iterator[None]:
    real = pack_module.pack_of_deck

    def misread(deck: DeckRules) -> Pack:
        return _deuce_follows_its_suit(real(deck))

    with mock.patch.object(pack_module, "pack_of_deck", misread):
        yield


def _ace_beaten_by_the_big_joker_alone(pack: Pack) -> Pack:
    """The pack with only the highest top trump able to take a trick the ace of spades holds;
    the lower ones (the little joker, a promoted deuce) still beat it when played first."""
    if len(pack.top_trumps) < 2:
        return pack
    ace = parse_card("AS")
    beaters = list(pack.beaters)
    for card in pack.top_trumps[1:]:
        beaters[ace] &= ~(1 << card)
    return dataclasses.replace(pack, beaters=tuple(beaters))


@contextmanager
def top_trump_after_the_ace_loses() -> Iterator[None]:
    real = pack_module.pack_of_deck

    def misread(deck: DeckRules) -> Pack:
        return _ace_beaten_by_the_big_joker_alone(real(deck))

    with mock.patch.object(pack_module, "pack_of_deck", misread):
        yield


# --- bidding ----------------------------------------------------------------------------------


@contextmanager
def suicide_ignored() -> Iterator[None]:
    with mock.patch.dict(bids.BID_CONSTRAINT, {BidConstraint.SUICIDE: bids.free}):
        yield


@contextmanager
def mirror_ignored() -> Iterator[None]:
    with mock.patch.dict(bids.BID_CONSTRAINT, {BidConstraint.MIRROR: bids.free}):
        yield


@contextmanager
def whiz_ignored() -> Iterator[None]:
    with mock.patch.dict(bids.BID_CONSTRAINT, {BidConstraint.WHIZ: bids.free}):
        yield


@contextmanager
def team_minimum_ignored() -> Iterator[None]:
    with rules_misread(replaced("bidding.team_minimum", lambda least: None)):
        yield


@contextmanager
def team_minimum_after_a_nil_ignored() -> Iterator[None]:
    real = bids.team_minimum_check

    def nil_read_as_no_bid(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
        # A partner's nil taken for no bid yet: the second partner bids as freely as the first.
        if ctx.partner_bid in bids.NIL_BIDS:
            return None
        return real(rules, ctx, bid)

    with mock.patch.object(bids, "team_minimum_check", nil_read_as_no_bid):
        yield


@contextmanager
def team_maximum_ignored() -> Iterator[None]:
    with rules_misread(replaced("bidding.team_maximum", lambda most: None)):
        yield


def _nil_as_usual(rules: Rules) -> Rules:
    if rules.bidding.nil is not NilBid.NOT_ALLOWED:
        return rules
    rules = with_rule(rules, "bidding.nil", NilBid.ALLOWED)
    # A nil the variant never meant to allow is scored as nil usually is.
    if rules.scoring.nil_bonus is None:
        rules = with_rule(rules, "scoring.nil_bonus", 100)
    if rules.scoring.nil_penalty is None:
        rules = with_rule(rules, "scoring.nil_penalty", 100)
    return rules


@contextmanager
def nil_not_allowed_ignored() -> Iterator[None]:
    with rules_misread(_nil_as_usual):
        yield


@contextmanager
def blind_nil_trailing_ignored() -> Iterator[None]:
    with rules_misread(replaced("bidding.blind_nil_trailing_by", lambda points: None)):
        yield


@contextmanager
def blind_nil_allowed_when_level() -> Iterator[None]:
    real = bids.blind_nil_check

    def level_passes(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
        # A margin of 0 read as "no margin to check" (level sides, a new game at 0 to 0).
        allowed = rules.bidding.blind_nil is BlindNil.ALLOWED
        if bid == BLIND_NIL and allowed and ctx.trailing_by == 0:
            return None
        return real(rules, ctx, bid)

    with mock.patch.object(bids, "blind_nil_check", level_passes):
        yield


@contextmanager
def blind_nil_exchange_skipped() -> Iterator[None]:
    with rules_misread(replaced("bidding.blind_nil_exchange", lambda cards: 0)):
        yield


@contextmanager
def blind_nil_exchange_order_swapped() -> Iterator[None]:
    other = {
        ExchangeOrder.PARTNER_FIRST: ExchangeOrder.BIDDER_FIRST,
        ExchangeOrder.BIDDER_FIRST: ExchangeOrder.PARTNER_FIRST,
    }
    with rules_misread(replaced("bidding.blind_nil_exchange_order", other.__getitem__)):
        yield


# --- play -------------------------------------------------------------------------------------


@contextmanager
def spades_any_time_ignored() -> Iterator[None]:
    usual = {SpadesLead.ANY_TIME: leads.lead_spades_after_broken}
    with mock.patch.dict(leads.SPADES_LEAD, usual):
        yield


# --- scoring ----------------------------------------------------------------------------------


@contextmanager
def set_nothing_ignored() -> Iterator[None]:
    usual = {SetPenalty.NOTHING: contract.set_per_trick_bid}
    with mock.patch.dict(contract.SET_PENALTY, usual):
        yield


@contextmanager
def bags_never_ignored() -> Iterator[None]:
    with mock.patch.dict(bags.BAGS_COUNT, {BagsCount.NEVER: bags.bags_when_contract_made}):
        yield


@contextmanager
def bag_points_kept() -> Iterator[None]:
    with mock.patch.dict(bags.BAG_POINTS_CANCELLED, {True: bags.penalty_alone}):
        yield


@contextmanager
def blind_nil_scored_as_nil() -> Iterator[None]:
    with mock.patch.dict(nil.NIL_VALUE, {"blind-nil": nil.nil_value}):
        yield


@contextmanager
def zero_bid_scored_as_nil() -> Iterator[None]:
    def always_nil(rules: Rules) -> bool:
        return rules.bidding.nil is NilBid.ALLOWED

    with mock.patch.object(inputs, "zero_is_nil", always_nil):
        yield


def _ten_for_a_hundred(rules: Rules) -> Rules:
    scoring = dataclasses.replace(rules.scoring, bag_threshold=10, bag_penalty=100)
    return dataclasses.replace(rules, scoring=scoring)


@contextmanager
def bag_threshold_read_as_ten() -> Iterator[None]:
    with rules_misread(_ten_for_a_hundred):
        yield


@contextmanager
def bonus_bid_ignored() -> Iterator[None]:
    with mock.patch.object(contract, "bonus_bid_points", lambda scoring, bid, made: None):
        yield


@contextmanager
def nil_overtricks_read_as_count() -> Iterator[None]:
    with mock.patch.dict(nil.NIL_TRICKS, {NilTricks.OVERTRICKS: nil.nil_tricks_count}):
        yield


@contextmanager
def double_nil_tricks_counted() -> Iterator[None]:
    with mock.patch.dict(
        nil.DOUBLE_NIL_TRICKS, {DoubleNilTricks.IGNORED: nil.double_nil_as_single}
    ):
        yield


@contextmanager
def exact_total_scored_by_the_trick() -> Iterator[None]:
    with mock.patch.object(contract, "exact_total", lambda scoring, made: None):
        yield


@contextmanager
def big_bid_bonus_ignored() -> Iterator[None]:
    with mock.patch.object(hand, "big_bid_bonus", lambda scoring, contract, made: None):
        yield


@contextmanager
def moon_ignored() -> Iterator[None]:
    with mock.patch.dict(moon.MOON, {MoonRule.WINS_GAME: moon.moon_scores_as_usual}):
        yield


@contextmanager
def boston_points_ignored() -> Iterator[None]:
    with mock.patch.dict(contract.BOSTON, {BostonRule.POINTS: contract.boston_ordinary}):
        yield


@contextmanager
def boston_wins_game_ignored() -> Iterator[None]:
    scores_only = {BostonRule.WINS_GAME: game_end.boston_scores_only}
    with mock.patch.dict(game_end.BOSTON_WINS, scores_only):
        yield


@contextmanager
def boston_on_any_made_contract() -> Iterator[None]:
    real = hand.score_side

    def made_is_boston(
        rules: Rules, sheet: Sheet, side: str, bids: Mapping[str, Any],
        tricks: Mapping[str, int], prior: SideTotals,
    ) -> SideScore:  # fmt: skip
        score = real(rules, sheet, side, bids, tricks, prior)
        # "Took what it bid" read as "took every trick": any made contract counts as a Boston.
        return score._replace(boston=score.made)

    with mock.patch.object(hand, "score_side", made_is_boston):
        yield


# --- the end of the game ----------------------------------------------------------------------


def _played_to_a_target(rules: Rules) -> Rules:
    end = rules.game_end
    if end.hands is None:
        return rules
    # The usual game: on to 500, however many hands that takes.
    ends = dataclasses.replace(end, hands=None, target=end.target or 500)
    return dataclasses.replace(rules, game_end=ends)


@contextmanager
def fixed_hands_ignored() -> Iterator[None]:
    with rules_misread(_played_to_a_target):
        yield


TieSettler = Callable[[Mapping[str, int], str, int], GameOutcome]


def _two_side_tie(real: TieSettler) -> TieSettler:
    def settle(leaders: Mapping[str, int], why: str, sides: int = 2) -> GameOutcome:
        if len(leaders) < sides:
            # Written for two sides: "not everyone level" read as "someone ahead", and the
            # first of the leaders in seat order taken for the winner.
            winner = next(iter(leaders))
            return GameOutcome("won", winner, f"{why}; {winner} wins")
        return real(leaders, why, sides)

    return settle


@contextmanager
def tie_at_the_top_among_three_ignored() -> Iterator[None]:
    wrong = {rule: _two_side_tie(settle) for rule, settle in game_end.TIE_RULE.items()}
    with mock.patch.dict(game_end.TIE_RULE, wrong):
        yield


@contextmanager
def three_player_winner_among_first_two() -> Iterator[None]:
    real = game_end.outcome_after

    def two_sided(
        rules: Rules, sheet: Sheet, scores: Mapping[str, int], hands_played: int,
        boston_made: str | None, *, moon: str | None = None,
    ) -> GameOutcome:  # fmt: skip
        outcome = real(rules, sheet, scores, hands_played, boston_made, moon=moon)
        if outcome.status != "won" or len(scores) < 3 or boston_made or moon:
            return outcome
        # Written for two sides: the better of the first two is the winner, the third unread.
        first, second = list(scores)[:2]
        winner = first if int(scores[first]) >= int(scores[second]) else second
        return outcome._replace(winner=winner)

    # The game and a score request both see where the game stands through `outcome_after`.
    with mock.patch.object(game_end, "outcome_after", two_sided):
        yield


@contextmanager
def lone_nil_tricks_dropped() -> Iterator[None]:
    real = hand.score_side

    def partnership_minded(
        rules: Rules, sheet: Any, side: str, bids: Mapping[str, Any], tricks: Mapping[str, int],
        prior: SideTotals,
    ) -> SideScore:  # fmt: skip
        if table_of(rules).partnerships:
            return real(rules, sheet, side, bids, tricks, prior)
        # Written for partners: a nil bidder's tricks go to the partner's contract, and with
        # no partner they go nowhere (no overtricks, no bags).
        return real(with_rule(rules, "scoring.nil_tricks", NilTricks.IGNORED), sheet, side,
                    bids, tricks, prior)  # fmt: skip

    with mock.patch.object(hand, "score_side", partnership_minded):
        yield


# --- the table and the deal -------------------------------------------------------------------


@contextmanager
def three_player_order_reversed() -> Iterator[None]:
    real = table_module.make_table

    def widdershins(players: int, sides: Sides, cards_in_play: int) -> Table:
        table = real(players, sides, cards_in_play)
        if players != 3:
            return table
        left: list[Seat | None] = [None] * 4
        for i, seat in enumerate(table.seats):
            left[seat] = table.seats[i - 1]
        return dataclasses.replace(table, left=tuple(left))

    with mock.patch.object(table_module, "make_table", widdershins):
        yield


def _four_card_tricks(plan: Plan) -> Plan:
    """The plan with a trick waiting for four cards however many sit at the table."""
    return dataclasses.replace(plan, trick_size=4)


@contextmanager
def three_player_four_card_tricks() -> Iterator[None]:
    with plans_misread(_four_card_tricks):
        yield


@contextmanager
def removed_cards_accepted() -> Iterator[None]:
    real = deal_module.check_deal

    def lenient(hands: Sequence[int], pack: Pack | None = None, table: Table | None = None) -> None:
        # Any card of the printed pack will do, so long as each seat holds its share.
        pack = pack or STANDARD_PACK
        printed = pack.cards
        for card in pack.removed:
            printed |= 1 << card
        dealt = 0
        for held in hands:
            dealt |= held
        if (dealt & printed).bit_count() == pack.cards.bit_count():
            pack = dataclasses.replace(pack, cards=dealt & printed)
        real(hands, pack, table)

    with mock.patch.object(dealing_phase, "check_deal", lenient):
        yield
