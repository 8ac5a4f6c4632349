"""Faults in the house rules: each is an engine that skips one house rule and is otherwise the
reference engine. Some read one rule of the variant as if the file did not set it (a rules
rewrite, applied before the variant is resolved: the hands as unlimited; a rule read as one
value always is described in its axis, `faults`, and the registry makes it); the rest are the
standard rulebook with one table's rows or one function of the pack, the table, the deal or the
scorer replaced (each takes the rulebook it breaks and gives the broken one).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spadespec.conformance.machinery.faults.play_faults import packed_differently
from spadespec.conformance.machinery.faults.rewrite import Rewrite, replaced
from spadespec.conformance.machinery.faults.sheet_lines import lines_changed
from spadespec.reference_engine.actions import BLIND_NIL, BidValue
from spadespec.reference_engine.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    MEGA_CARDS,
    MEGA_OFFSET,
    SPADES,
    SUIT_OF,
    cards_in,
    parse_card,
)
from spadespec.reference_engine.pack import STANDARD_PACK, Pack
from spadespec.reference_engine.rulebook import Rulebook
from spadespec.reference_engine.rules_of_play import bids, leads
from spadespec.reference_engine.rules_of_play.bids import BidContext, Refusal
from spadespec.reference_engine.scoring import bags, contract, game_end, moon, nil
from spadespec.reference_engine.scoring.game_end import OutcomeEntries, TieSettler
from spadespec.reference_engine.scoring.hand import SideEntries
from spadespec.reference_engine.scoring.records import GameOutcome, SideScore
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import (
    BagsCount,
    BidConstraint,
    BlindNil,
    BostonRule,
    DoubleNilTricks,
    ExchangeOrder,
    Kitty,
    MoonRule,
    NilBid,
    NilTricks,
    Rules,
    SetPenalty,
    SpadesLead,
    with_rule,
)

JOKER_CARDS = (LITTLE_JOKER, BIG_JOKER)


def _unless(wanted: Any, instead: Any) -> Any:
    """A misreading of an option: `wanted` read as `instead`, any other value as it is."""
    return lambda value: instead if value == wanted else value


# --- the pack ---------------------------------------------------------------------------------


top_trumps_order_reversed: Rewrite = replaced(
    "deck.top_trumps", lambda order: tuple(reversed(order))
)


def _twos_out_for_the_kitty(rules: Rules) -> Rules:
    if rules.deal.kitty is Kitty.NONE:
        return rules
    # The joker pack played the usual way: the two low twos out before the deal, no kitty.
    rules = with_rule(rules, "deal.kitty", Kitty.NONE)
    return with_rule(rules, "deck.removed", ("2C", "2D"))


kitty_ignored: Rewrite = _twos_out_for_the_kitty


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


def promoted_deuce_keeps_its_suit(book: Rulebook) -> Rulebook:
    return packed_differently(book, _deuce_follows_its_suit)


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


def top_trump_after_the_ace_loses(book: Rulebook) -> Rulebook:
    return packed_differently(book, _ace_beaten_by_the_big_joker_alone)


def _mega_card_equal_to_its_twin(pack: Pack) -> Pack:
    """The pack with each mega card the equal of its twin: whichever of the two is played first
    keeps the trick, as two equal cards of a doubled pack do at some tables."""
    beaters = list(pack.beaters)
    for mega in cards_in(pack.cards & MEGA_CARDS):
        beaters[mega - MEGA_OFFSET] &= ~(1 << mega)
    return dataclasses.replace(pack, beaters=tuple(beaters))


def mega_card_ties_its_twin(book: Rulebook) -> Rulebook:
    return packed_differently(book, _mega_card_equal_to_its_twin)


def dealer_draws_first(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, first_drawer=_the_dealer)


def _the_dealer(table: Table, dealer: Seat) -> Seat:
    return dealer


# --- bidding ----------------------------------------------------------------------------------


def suicide_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("bid_constraint", {BidConstraint.SUICIDE: bids.free})


def mirror_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("bid_constraint", {BidConstraint.MIRROR: bids.free})


def whiz_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("bid_constraint", {BidConstraint.WHIZ: bids.free})


def team_minimum_after_a_nil_ignored(book: Rulebook) -> Rulebook:
    real = book.team_minimum_check

    def nil_read_as_no_bid(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
        # A partner's nil taken for no bid yet: the second partner bids as freely as the first.
        if ctx.partner_bid in bids.NIL_BIDS:
            return None
        return real(rules, ctx, bid)

    return dataclasses.replace(book, team_minimum_check=nil_read_as_no_bid)


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


nil_not_allowed_ignored: Rewrite = _nil_as_usual


def blind_nil_allowed_when_level(book: Rulebook) -> Rulebook:
    real = book.blind_nil_check

    def level_passes(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
        # A margin of 0 read as "no margin to check" (level sides, a new game at 0 to 0).
        allowed = rules.bidding.blind_nil is BlindNil.ALLOWED
        if bid == BLIND_NIL and allowed and ctx.trailing_by == 0:
            return None
        return real(rules, ctx, bid)

    return dataclasses.replace(book, blind_nil_check=level_passes)


_OTHER_ORDER = {
    ExchangeOrder.PARTNER_FIRST: ExchangeOrder.BIDDER_FIRST,
    ExchangeOrder.BIDDER_FIRST: ExchangeOrder.PARTNER_FIRST,
}
blind_nil_exchange_order_swapped: Rewrite = replaced(
    "bidding.blind_nil_exchange_order", _OTHER_ORDER.__getitem__
)


# --- play -------------------------------------------------------------------------------------


def spades_any_time_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("spades_lead", {SpadesLead.ANY_TIME: leads.lead_spades_after_broken})


# --- scoring ----------------------------------------------------------------------------------


def set_nothing_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("set_penalty", {SetPenalty.NOTHING: contract.set_per_trick_bid})


def bags_never_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("bags_count", {BagsCount.NEVER: bags.bags_when_contract_made})


def bag_points_kept(book: Rulebook) -> Rulebook:
    return book.with_rows("bag_points_cancelled", {True: bags.penalty_alone})


def blind_nil_scored_as_nil(book: Rulebook) -> Rulebook:
    return book.with_rows("nil_value", {"blind-nil": nil.nil_value})


def _zero_always_nil(rules: Rules) -> bool:
    return rules.bidding.nil is NilBid.ALLOWED


def zero_bid_scored_as_nil(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, zero_is_nil=_zero_always_nil)


def _ten_for_a_hundred(rules: Rules) -> Rules:
    scoring = dataclasses.replace(rules.scoring, bag_threshold=10, bag_penalty=100)
    return dataclasses.replace(rules, scoring=scoring)


bag_threshold_read_as_ten: Rewrite = _ten_for_a_hundred


def bonus_bid_ignored(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, bonus_bid_points=lambda scoring, bid, made: None)


def nil_overtricks_read_as_count(book: Rulebook) -> Rulebook:
    return book.with_rows("nil_tricks", {NilTricks.OVERTRICKS: nil.nil_tricks_count})


def double_nil_tricks_counted(book: Rulebook) -> Rulebook:
    counted = {DoubleNilTricks.IGNORED: nil.double_nil_as_single}
    return book.with_rows("double_nil_tricks", counted)


def exact_total_scored_by_the_trick(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, exact_total=lambda scoring, made: None)


def big_bid_bonus_ignored(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, big_bid_bonus=lambda scoring, contract, made: None)


def _spoiler_misscored(book: Rulebook, extra: Callable[[SideScore, int], int]) -> Rulebook:
    """The book with the spoiler's line scored `extra(line, multiplier)` points more, as a line
    of its own sheet adds them up."""

    def misscored(line: SideScore, rules: Rules, sheet: Sheet, side: str) -> SideScore:
        if line.spoiler_points is None or side != table_of(rules).spoiler:
            return line
        more = extra(line, rules.scoring.spoiler_multiplier)
        return line._replace(
            spoiler_points=line.spoiler_points + more,
            hand_points=line.hand_points + more,
            score_after=line.score_after + more,
        )

    return lines_changed(book, misscored)


def spoiler_overtricks_multiplied(book: Rulebook) -> Rulebook:
    return _spoiler_misscored(book, lambda line, times: (times - 1) * line.overtrick_points)


def spoiler_failed_nil_multiplied(book: Rulebook) -> Rulebook:
    return _spoiler_misscored(
        book, lambda line, times: (times - 1) * sum(n.points for n in line.nils if not n.made)
    )


def spoiler_set_single(book: Rulebook) -> Rulebook:
    return _spoiler_misscored(
        book, lambda line, times: 0 if line.made else -(times - 1) * line.contract_points
    )


def moon_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("moon", {MoonRule.WINS_GAME: moon.moon_scores_as_usual})


def boston_points_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("boston", {BostonRule.POINTS: contract.boston_ordinary})


def boston_wins_game_ignored(book: Rulebook) -> Rulebook:
    return book.with_rows("boston_wins", {BostonRule.WINS_GAME: game_end.boston_scores_only})


def boston_on_any_made_contract(book: Rulebook) -> Rulebook:
    def made_is_boston(score: SideScore, rules: Rules, sheet: Sheet, side: str) -> SideScore:
        # "Took what it bid" read as "took every trick": any made contract counts as a Boston.
        return score._replace(boston=score.made)

    return lines_changed(book, made_is_boston)


# --- the end of the game ----------------------------------------------------------------------


def _played_to_a_target(rules: Rules) -> Rules:
    end = rules.game_end
    if end.hands is None:
        return rules
    # The usual game: on to 500, however many hands that takes.
    ends = dataclasses.replace(end, hands=None, target=end.target or 500)
    return dataclasses.replace(rules, game_end=ends)


fixed_hands_ignored: Rewrite = _played_to_a_target


def _two_side_tie(real: TieSettler) -> TieSettler:
    def settle(leaders: Mapping[str, int], why: str, sides: int = 2) -> GameOutcome:
        if len(leaders) < sides:
            # Written for two sides: "not everyone level" read as "someone ahead", and the
            # first of the leaders in seat order taken for the winner.
            winner = next(iter(leaders))
            return GameOutcome("won", winner, f"{why}; {winner} wins")
        return real(leaders, why, sides)

    return settle


def tie_at_the_top_among_three_ignored(book: Rulebook) -> Rulebook:
    wrong = {rule: _two_side_tie(settle) for rule, settle in book.tie_rule.items()}
    return book.with_rows("tie_rule", wrong)


def three_player_winner_among_first_two(book: Rulebook) -> Rulebook:
    real = book.outcome_after

    def two_sided(
        entries: OutcomeEntries, rules: Rules, sheet: Sheet, scores: Mapping[str, int],
        hands_played: int, boston_made: str | None, /, *, moon: str | None = None,
    ) -> GameOutcome:  # fmt: skip
        outcome = real(entries, rules, sheet, scores, hands_played, boston_made, moon=moon)
        if outcome.status != "won" or len(scores) < 3 or boston_made or moon:
            return outcome
        # Written for two sides: the better of the first two is the winner, the third unread.
        first, second = list(scores)[:2]
        winner = first if int(scores[first]) >= int(scores[second]) else second
        return outcome._replace(winner=winner)

    # The game and a score request both see where the game stands through the rulebook's
    # `outcome_after`.
    return dataclasses.replace(book, outcome_after=two_sided)


def lone_nil_tricks_dropped(book: Rulebook) -> Rulebook:
    real, nowhere = book.score_side, book.nil_tricks[NilTricks.IGNORED]

    def partnership_minded(
        entries: SideEntries, rules: Rules, sheet: Sheet, side: str, bids: Mapping[str, Any],
        tricks: Mapping[str, int], prior: tuple[int, int],
    ) -> SideScore:  # fmt: skip
        if len(sheet.side_seats[side]) > 1:
            return real(entries, rules, sheet, side, bids, tricks, prior)
        # Written for partners: a nil bidder's tricks go to the partner's contract, and with
        # no partner they go nowhere (no overtricks, no bags).
        return real(entries._replace(nil_tricks=nowhere), rules, sheet, side, bids, tricks, prior)

    return dataclasses.replace(book, score_side=partnership_minded)


# --- the table and the deal -------------------------------------------------------------------


def three_player_order_reversed(book: Rulebook) -> Rulebook:
    real = book.table_of

    def widdershins(rules: Rules) -> Table:
        table = real(rules)
        if table.players != 3:
            return table
        left: list[Seat | None] = [None] * 4
        for i, seat in enumerate(table.seats):
            left[seat] = table.seats[i - 1]
        return dataclasses.replace(table, left=tuple(left))

    return dataclasses.replace(book, table_of=widdershins)


def _four_card_tricks(table: Table) -> int:
    """A trick waits for four cards however many sit at the table."""
    return 4


def three_player_four_card_tricks(book: Rulebook) -> Rulebook:
    return dataclasses.replace(book, trick_size=_four_card_tricks)


def removed_cards_accepted(book: Rulebook) -> Rulebook:
    real = book.check_deal

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

    return dataclasses.replace(book, check_deal=lenient)
