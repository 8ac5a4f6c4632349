"""A variant resolved for play: every rule bound once to the function that plays it.

The rules of a variant are values (`rules.play.spades_lead == "after-broken"`), and each value
names one small function in a table of a rulebook (`spadespec.reference_engine.rulebook`). A game
could look the function up by the rule's name at every card; instead the variant is resolved
once, with a rulebook, into a `Plan` that holds the functions themselves, the pack and the
table, the bids a seat may make in each situation the table meets, and the variant's scoring.
No function the plan holds is handed the rulebook: the bid checks are the rulebook's, chosen for
the variant, and the scoring entries are bound to the variant's rules, and to the entries each
reads, by `rulebook.scorer_of`. A game reads its rules from its plan and nowhere else.

    plan = plan_of(rules)            # resolved once per rules and rulebook, then shared
    plan.spades_lead(plan.pack, hand, spades_broken)
    plan.scorer.hand_score(plan.sheet, bids, tricks, prior)

Plans are kept by (rules, rulebook): a rulebook with one entry replaced (a fault's, in
`spadespec.conformance.machinery.faults`) has plans of its own, and the standard rulebook's are
never touched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from spadespec.reference_engine.actions import Bid, BidValue, bid_record, widen_records
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.rulebook import (
    STANDARD_RULEBOOK,
    Rulebook,
    Scorer,
    Verdict,
    scorer_of,
)
from spadespec.reference_engine.rules_of_play import FirstLeadRule, legal_bids
from spadespec.reference_engine.rules_of_play.bids import (
    Check,
    bid_context,
    checks,
    reads_trailing,
    situation,
)
from spadespec.reference_engine.rules_of_play.tricks import beaten_by
from spadespec.reference_engine.rules_of_play.turns import FirstLeaderRule
from spadespec.reference_engine.scoring.sides import Sheet, sheet_of_table
from spadespec.reference_engine.seats import SEATS, Seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    ExchangeOrder,
    FirstTrick,
    Rules,
    WhenVoid,
)

BidRecords = tuple[Bid, ...]
"""The bids a seat may make, as the shared records the log holds, in the order listed."""
BidChoices = tuple[BidRecords, frozenset[BidValue]]
"""The bids a seat may make, as records and as a set of bids."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One variant's rules, each bound to the function that plays it, with its pack and table:
    everything a game asks about the rules while it is played."""

    rules: Rules
    rulebook: Rulebook
    """What each rule does: the plan's functions are its entries, looked up for `rules`."""
    table: Table
    pack: Pack
    sheet: Sheet
    """The score sheet the table gives: its seats and sides by name, the tricks of a hand."""
    check_deal: Callable[[Sequence[int], Pack | None, Table | None], None]
    """Whether dealt hands are a deal of the pack at the table (`deal.check_deal`)."""
    # --- whose turn ---------------------------------------------------------------------------
    next_dealer: Callable[[Table, Seat], Seat]
    """`deal.dealer_rotation`: who deals the next hand."""
    first_drawer: Callable[[Table, Seat], Seat]
    """Where two players draw their hands from a stock, who draws first, given the dealer."""
    first_bidder: Callable[[Table, Seat], Seat]
    """`bidding.first_bidder`: who bids first, given the dealer."""
    first_leader: FirstLeaderRule
    """`play.first_leader`: who leads to the first trick."""
    next_leader: Callable[[Seat, Seat], Seat] | None
    """Who leads the next trick, given who led this one and who took it; None: who took it."""
    # --- bidding and the blind nil exchange -------------------------------------------------
    bid_checks: tuple[Check, ...]
    """The rules every bid must pass, in the order their refusals are told."""
    fixed_bids: tuple[BidRecords, ...] | None
    """Each seat's bids when they are the same whatever the hand, partner's bid or score
    (free bidding, no team minimum, blind nil not tied to the score); None otherwise."""
    fixed_bid_values: frozenset[BidValue] | None
    """The bids of `fixed_bids`, as a set (the same for every seat); None with no fixed bids."""
    reads_trailing: bool
    """Whether the bids allowed depend on how far a side trails (`bids.reads_trailing`):
    elsewhere `legal_bid_records` is handed 0 for it, not worked out."""
    checks_as_written: bool
    """Whether `bid_checks` are this module's own (`bids.checks`), which read no more of a
    bidder's context than its situation (`bids.situation`); another rulebook's may read all
    of it."""
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
    must_beat: bool
    """`play.must_head` or `play.when_void`: whether a follow is narrowed to the cards that
    beat the trick (`tricks.must_beat`) where the player has them."""
    first_trick: FirstTrick | None
    """`play.first_trick`: what the first trick narrows a player's cards to (None: nothing)."""
    beaten_by: tuple[int, ...]
    """Card number -> the mask of the cards that take the trick from it (`tricks.beaten_by`):
    a card played takes the trick if it is in the mask of the card winning it (`tricks.beats`),
    read here as a table so that a card played calls nothing to know."""
    trick_size: int
    """Cards to a trick: one from each player at the table."""
    verdict: Verdict | None
    """The rulebook's last word on each check of an action (`Game.verify`); None: the rules'."""
    # --- scoring ------------------------------------------------------------------------------
    scorer: Scorer
    """How a hand is scored and where the game then stands, by the rulebook's entries."""
    _bid_lists: dict[tuple[object, ...], BidChoices] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The bids allowed in each situation met so far (`rules_of_play.bids.situation`)."""

    def legal_bid_records(
        self, seat: Seat, hand: int, partner_bid: BidValue | None, trailing_by: int
    ) -> BidChoices:
        """The bids `seat` may make holding `hand` (`bid_context` says what the rest is), as
        records and as a set of bids, worked out once per situation (once per bidder's whole
        context, under checks not as written)."""
        key: tuple[object, ...]
        if self.checks_as_written:
            key = situation(self.rules, seat, self.pack.spade_count(hand), partner_bid, trailing_by)
        else:
            key = (seat, hand, partner_bid, trailing_by)
        choices = self._bid_lists.get(key)
        if choices is None:
            ctx = bid_context(
                self.rules, seat, hand, partner_bid=partner_bid, trailing_by=trailing_by,
                pack=self.pack, table=self.table,
            )  # fmt: skip
            allowed = legal_bids(self.rules, ctx, self.bid_checks)
            records = tuple(bid_record(seat, bid) for bid in allowed)
            choices = self._bid_lists[key] = (records, frozenset(allowed))
        return choices


def build_plan(rules: Rules, rulebook: Rulebook = STANDARD_RULEBOOK) -> Plan:
    """Resolve `rules` into a plan: each rule looked up in its table of `rulebook` now, once."""
    book = rulebook
    table = book.table_of(rules)
    if table.width > len(SEATS):  # records for the seats beyond W, made before any is asked
        widen_records()
    pack = book.pack_of(rules)
    play = rules.play
    bid_checks = checks(
        rules, blind_nil=book.blind_nil_check,
        constraint=book.bid_constraint[rules.bidding.constraint],
        team_minimum=book.team_minimum_check,
    )  # fmt: skip
    fixed_bids = _fixed_bids(rules, table, pack, bid_checks)
    return Plan(
        rules=rules,
        rulebook=book,
        table=table,
        pack=pack,
        sheet=sheet_of_table(table),
        check_deal=book.check_deal,
        next_dealer=book.dealer_rotation[rules.deal.dealer_rotation],
        first_drawer=book.first_drawer,
        first_bidder=book.first_bidder[rules.bidding.first_bidder],
        first_leader=book.first_leader[play.first_leader],
        next_leader=book.next_leader,
        bid_checks=bid_checks,
        fixed_bids=fixed_bids,
        fixed_bid_values=(
            None
            if fixed_bids is None
            else frozenset(record.bid for record in fixed_bids[table.seats[0]])
        ),
        reads_trailing=reads_trailing(rules),
        checks_as_written=bid_checks == checks(rules),
        exchange=rules.bidding.blind_nil_exchange,
        partner_passes_first=(
            rules.bidding.blind_nil_exchange_order == ExchangeOrder.PARTNER_FIRST
        ),
        first_lead=book.first_lead[play.first_lead],
        first_lead_card=None if play.first_lead_card is None else parse_card(play.first_lead_card),
        spades_lead=book.spades_lead[play.spades_lead],
        spades_broken_by=book.spades_broken_by[play.spades_broken_by],
        follow=book.follow,
        must_beat=play.must_head or play.when_void is not WhenVoid.ANY_CARD,
        first_trick=None if play.first_trick is FirstTrick.ANY else play.first_trick,
        beaten_by=beaten_by(pack),
        trick_size=book.trick_size(table),
        verdict=book.verdict,
        scorer=scorer_of(rules, book),
    )


def plan_of(rules: Rules, rulebook: Rulebook = STANDARD_RULEBOOK) -> Plan:
    """The plan of `rules` under `rulebook`, resolved the first time it is asked for."""
    # A game is set up many times over with the very same rules object: know it by identity
    # first, since telling equal rules apart means hashing every rule. A rulebook is known by
    # identity alone.
    key = (id(rules), id(rulebook))
    plan = _BY_IDENTITY.get(key)
    if plan is None or plan.rules is not rules or plan.rulebook is not rulebook:
        if len(_BY_IDENTITY) >= 256:
            _BY_IDENTITY.clear()
        plan = _BY_IDENTITY[key] = _plan_by_value(rules, rulebook)
    return plan


@lru_cache(maxsize=256)
def _plan_by_value(rules: Rules, rulebook: Rulebook) -> Plan:
    return build_plan(rules, rulebook)


_BY_IDENTITY: dict[tuple[int, int], Plan] = {}


def _fixed_bids(
    rules: Rules, table: Table, pack: Pack, bid_checks: tuple[Check, ...]
) -> tuple[BidRecords, ...] | None:
    """Each seat's bid records, when the bids allowed are the same whatever the hand, the
    partner's bid or the score (free bidding, no team minimum or maximum, blind nil and blind
    numeric bids not tied to the score); None when they must be worked out bid by bid."""
    bidding = rules.bidding
    if (
        bidding.constraint != BidConstraint.FREE
        or bidding.team_minimum is not None
        or bidding.team_maximum is not None
        or (bidding.blind_nil == BlindNil.ALLOWED and bidding.blind_nil_trailing_by is not None)
        or (bidding.blind_bid_min is not None and bidding.blind_bid_trailing_by is not None)
    ):
        return None
    # The same bids for every seat, then: worked out once, for the first.
    first = table.seats[0]
    allowed = legal_bids(rules, bid_context(rules, first, 0, pack=pack, table=table), bid_checks)
    records: list[BidRecords] = [()] * table.width
    for seat in table.seats:
        records[seat] = tuple(bid_record(seat, b) for b in allowed)
    return tuple(records)
