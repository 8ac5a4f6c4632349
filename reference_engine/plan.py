"""A variant resolved for play: every rule bound once to the function that plays it.

The rules of a variant are values (`rules.play.spades_lead == "after-broken"`), and each value
names one small function in a table of `reference_engine.rules_of_play`. A game could look the
function up by the rule's name at every card; instead the variant is resolved once into a
`Plan` that holds the functions themselves, the pack and the table, and the bids a seat may
make in each situation the table meets. A game reads its rules from its plan and nowhere else.

    plan = plan_of(rules)            # resolved once per rules, then shared by every game
    plan.spades_lead(plan.pack, hand, spades_broken)

A fault (`conformance.faults`) swaps an entry of a rule table and has the games it plays
resolve their plans afresh, so the broken rule is the one bound in the plan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from reference_engine.actions import Bid, bid_record
from reference_engine.cards import parse_card
from reference_engine.pack import Pack, pack_of
from reference_engine.rules_of_play import (
    DEALER_ROTATION,
    FIRST_BIDDER,
    FIRST_LEAD,
    FIRST_LEADER,
    SPADES_BROKEN_BY,
    SPADES_LEAD,
    BidContext,
    FirstLeadRule,
    legal_bids,
)
from reference_engine.rules_of_play.bids import Check, bid_context, checks, situation
from reference_engine.rules_of_play.tricks import legal_follows, trick_winner
from reference_engine.rules_of_play.turns import FirstLeaderRule
from reference_engine.seats import Seat
from reference_engine.table import Table, table_of
from reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    ExchangeOrder,
    Rules,
)

BidRecords = tuple[Bid, ...]
"""The bids a seat may make, as the shared records the log holds, in the order listed."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One variant's rules, each bound to the function that plays it, with its pack and table:
    everything a game asks about the rules while it is played."""

    rules: Rules
    table: Table
    pack: Pack
    # --- whose turn ---------------------------------------------------------------------------
    next_dealer: Callable[[Table, Seat], Seat]
    """`deal.dealer_rotation`: who deals the next hand."""
    first_bidder: Callable[[Table, Seat], Seat]
    """`bidding.first_bidder`: who bids first, given the dealer."""
    first_leader: FirstLeaderRule
    """`play.first_leader`: who leads to the first trick."""
    # --- bidding and the blind nil exchange -------------------------------------------------
    bid_checks: tuple[Check, ...]
    """The rules every bid must pass, in the order their refusals are told."""
    fixed_bids: tuple[BidRecords, ...] | None
    """Each seat's bids when they are the same whatever the hand, partner's bid or score
    (free bidding, no team minimum, blind nil not tied to the score); None otherwise."""
    exchange: int
    """`bidding.blind_nil_exchange`: the cards each pass of a blind nil exchange hands over."""
    partner_passes_first: bool
    """`bidding.blind_nil_exchange_order`: the blind nil bidder's partner passes first."""
    # --- play ---------------------------------------------------------------------------------
    first_lead: FirstLeadRule | None
    """`play.first_lead`: what may open the hand's first trick (None: the usual leading rules)."""
    first_lead_card: int | None
    """`play.first_lead_card`, as a card number."""
    spades_lead: Callable[[Pack, int, bool], int]
    """`play.spades_lead`: the cards a leader may lead, given whether spades are broken."""
    spades_broken_by: Callable[[int], bool]
    """`play.spades_broken_by`: whether a spade played now breaks spades, given the suit led."""
    follow: Callable[[Pack, int, int], int]
    """The cards a player may play to a trick already led (`tricks.legal_follows`)."""
    trick_winner: Callable[[Sequence[int], Pack], int]
    """The position of the card that takes a full trick (`tricks.trick_winner`)."""
    trick_size: int
    """Cards to a trick: one from each player at the table."""
    _bid_lists: dict[tuple[object, ...], BidRecords] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The bids allowed in each situation met so far (`rules_of_play.bids.situation`)."""

    def legal_bid_records(self, ctx: BidContext) -> BidRecords:
        """The bids `ctx.seat` may make in this context, worked out once per situation."""
        key = situation(self.rules, ctx)
        records = self._bid_lists.get(key)
        if records is None:
            allowed = legal_bids(self.rules, ctx, self.bid_checks)
            records = self._bid_lists[key] = tuple(bid_record(ctx.seat, b) for b in allowed)
        return records


def build_plan(rules: Rules) -> Plan:
    """Resolve `rules` into a plan: each rule looked up in its table now, once."""
    table = table_of(rules)
    pack = pack_of(rules)
    play = rules.play
    bid_checks = checks(rules)
    return Plan(
        rules=rules,
        table=table,
        pack=pack,
        next_dealer=DEALER_ROTATION[rules.deal.dealer_rotation],
        first_bidder=FIRST_BIDDER[rules.bidding.first_bidder],
        first_leader=FIRST_LEADER[play.first_leader],
        bid_checks=bid_checks,
        fixed_bids=_fixed_bids(rules, table, pack, bid_checks),
        exchange=rules.bidding.blind_nil_exchange,
        partner_passes_first=(
            rules.bidding.blind_nil_exchange_order == ExchangeOrder.PARTNER_FIRST
        ),
        first_lead=FIRST_LEAD[play.first_lead],
        first_lead_card=None if play.first_lead_card is None else parse_card(play.first_lead_card),
        spades_lead=SPADES_LEAD[play.spades_lead],
        spades_broken_by=SPADES_BROKEN_BY[play.spades_broken_by],
        follow=legal_follows,
        trick_winner=trick_winner,
        trick_size=table.players,
    )


@lru_cache(maxsize=256)  # a game is set up many times over under the same rules
def plan_of(rules: Rules) -> Plan:
    """The plan of `rules`, resolved the first time it is asked for."""
    return build_plan(rules)


def _fixed_bids(
    rules: Rules, table: Table, pack: Pack, bid_checks: tuple[Check, ...]
) -> tuple[BidRecords, ...] | None:
    """Each seat's bid records, when the bids allowed are the same whatever the hand, the
    partner's bid or the score (free bidding, no team minimum, blind nil not tied to the
    score); None when they must be worked out bid by bid."""
    bidding = rules.bidding
    if (
        bidding.constraint != BidConstraint.FREE
        or bidding.team_minimum is not None
        or (bidding.blind_nil == BlindNil.ALLOWED and bidding.blind_nil_trailing_by is not None)
    ):
        return None
    records: list[BidRecords] = [()] * 4
    for seat in table.seats:
        context = bid_context(rules, seat, 0, pack=pack, table=table)
        records[seat] = tuple(bid_record(seat, b) for b in legal_bids(rules, context, bid_checks))
    return tuple(records)
