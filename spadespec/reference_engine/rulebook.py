"""The rulebook: every rule function the engine binds, and every rule table it looks them up
in, as one immutable value.

A variant's rules are values (`rules.scoring.set_penalty == "per-trick-bid"`); the rulebook
says what each value does (`set_penalty[SetPenalty.PER_TRICK_BID]` is the function that
charges a set side for every trick it bid). The engine reads its rules through a rulebook and
nowhere else: a variant is resolved into a plan with one (`plan.plan_of(rules, rulebook)`),
which looks each rule's entry up by the rule's value once, and a game plays and scores by the
functions its plan holds. An entry that reads other entries (`hand_score`, `score_side`,
`apply_bag_penalty`, `outcome_after`, ...) is handed those it reads when the plan is made,
each looked up for the variant and bound in turn (`scorer_of`, which binds a score request's
scoring too). No rule function is handed the rulebook or imports it, and the verdict is handed
the few things of the game it reads (`Position`), not the game.

`STANDARD_RULEBOOK` holds the real entries. Another rulebook is this one with entries
replaced, the way one validator class is built from another:

    lenient = STANDARD_RULEBOOK.with_rows("set_penalty", {SetPenalty.PER_TRICK_BID: no_cost})
    quiet = dataclasses.replace(STANDARD_RULEBOOK, overtrick_points=lambda scoring, n: 0)
    Game.new("standard", rulebook=quiet)

That is how a fault (`spadespec.conformance.machinery.faults`) breaks one rule of the reference
engine: nothing is patched, and the standard rulebook is the same before, during and after. An entry
is bound to the entries of the same rulebook, so one replaced is met wherever it is read.

The tables are read-only mappings (`types.MappingProxyType`) copied from the modules that
define their functions, so changing a module's table after import changes no rulebook.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from spadespec.reference_engine.actions import Move
from spadespec.reference_engine.deal import check_deal
from spadespec.reference_engine.pack import Pack, pack_of
from spadespec.reference_engine.rules_of_play import bids, leads, tricks, turns
from spadespec.reference_engine.rules_of_play.bids import Check
from spadespec.reference_engine.rules_of_play.leads import FirstLeadRule
from spadespec.reference_engine.rules_of_play.turns import FirstLeaderRule
from spadespec.reference_engine.scoring import bags, contract, game_end, hand, inputs, moon, nil
from spadespec.reference_engine.scoring.bags import BagCarrier, BagPenalty, PenaltyEachTime
from spadespec.reference_engine.scoring.contract import ContractEntries
from spadespec.reference_engine.scoring.game_end import OutcomeEntries, TieSettler
from spadespec.reference_engine.scoring.hand import HandEntries, SideEntries
from spadespec.reference_engine.scoring.moon import Lines
from spadespec.reference_engine.scoring.nil import DoubleNilSharer, NilSharer, NilValuer
from spadespec.reference_engine.scoring.records import (
    Bid,
    GameOutcome,
    HandScore,
    NilResult,
    SideScore,
)
from spadespec.reference_engine.scoring.sides import Sheet
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import (
    BagCarry,
    BagsCount,
    BidConstraint,
    BostonRule,
    DealerRotation,
    DoubleNilTricks,
    FirstBidder,
    FirstLead,
    FirstLeader,
    GameEndRules,
    MoonRule,
    NilTricks,
    Rules,
    ScoringRules,
    SetPenalty,
    Sides,
    SpadesBrokenBy,
    SpadesLead,
    TargetRule,
    TieRule,
)

# --- the shapes of the entries ----------------------------------------------------------------


class Position(Protocol):
    """What the verdict reads of a game (a `Game` is one): whose turn it is, the cards each
    seat holds, the phase (a `Phase`), and the cards the player to act may play, as a mask."""

    @property
    def to_act(self) -> Seat | None: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def phase(self) -> str: ...
    def legal_plays(self) -> int: ...


Verdict = Callable[[Position, Move, Callable[[Move], None]], None]
"""The last word on whether an action may be taken: given the game (as a `Position`), the
action and the check the rules make (which raises `IllegalActionError`), raise or return as
the engine would."""
HandScorer = Callable[
    [HandEntries, Sheet, dict[str, Bid], dict[str, int], Mapping[str, tuple[int, int]]], HandScore
]
SideScorer = Callable[
    [SideEntries, Rules, Sheet, str, Mapping[str, Bid], Mapping[str, int], tuple[int, int]],
    SideScore,
]


class OutcomeReader(Protocol):
    """`game_end.outcome_after`: where the game stands after a hand."""

    def __call__(
        self, entries: OutcomeEntries, rules: Rules, sheet: Sheet, scores: Mapping[str, int],
        hands_played: int, boston_made: str | None, /, *, moon: str | None = None,
    ) -> GameOutcome: ...  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class Rulebook:
    """Every rule function the engine binds and every rule table it looks them up in.

    An entry named after a rule of the variant (`set_penalty`, `spades_lead`, ...) is a
    read-only table from the rule's value to the function that plays it; any other entry is one
    function. A function that reads other entries is handed them as its first arguments, each
    looked up for the variant and bound in turn, when the variant's plan is made (`scorer_of`):
    `hand_score` its `HandEntries`, `score_side` its `SideEntries`, `outcome_after` its
    `OutcomeEntries`, `apply_bag_penalty` the variant's rows of `bag_carry` and
    `bag_points_cancelled`, `score_nil` the `nil_value` table, a `double_nil_tricks` row the
    variant's row of `nil_tricks`. Rulebooks compare by identity: the plans resolved from one
    are kept by it (`plan.plan_of`)."""

    # --- the cards, the table and the deal --------------------------------------------------
    pack_of: Callable[[Rules], Pack]
    """`deck`: the pack a variant plays with (`pack.pack_of`)."""
    table_of: Callable[[Rules], Table]
    """`table`: who sits where and who is on whose left (`table.table_of`)."""
    check_deal: Callable[[Sequence[int], Pack | None, Table | None], None]
    """Whether dealt hands are a deal of the pack at the table (`deal.check_deal`)."""
    # --- whose turn -------------------------------------------------------------------------
    dealer_rotation: Mapping[DealerRotation, Callable[[Table, Seat], Seat]]
    first_drawer: Callable[[Table, Seat], Seat]
    """Where two players draw their hands from a stock, who draws first, given the dealer."""
    first_bidder: Mapping[FirstBidder, Callable[[Table, Seat], Seat]]
    first_leader: Mapping[FirstLeader, FirstLeaderRule]
    next_leader: Callable[[Seat, Seat], Seat] | None
    """Who leads the next trick, given who led this one and who took it; None: whoever took
    it, as the rules of Spades have it (read so, a finished trick calls nothing to know)."""
    # --- bidding ----------------------------------------------------------------------------
    bid_constraint: Mapping[BidConstraint, Check]
    team_minimum_check: Check
    blind_nil_check: Check
    # --- play -------------------------------------------------------------------------------
    first_lead: Mapping[FirstLead, FirstLeadRule | None]
    spades_lead: Mapping[SpadesLead, Callable[[Pack, int, bool], int]]
    spades_broken_by: Mapping[SpadesBrokenBy, Callable[[int], bool]]
    follow: Callable[[Pack, int, int], int]
    """The cards a player may play to a trick already led (`tricks.legal_follows`)."""
    trick_size: Callable[[Table], int]
    """Cards to a trick at the table: one from each player."""
    verdict: Verdict | None
    """The last word on each check of an action (`Game.verify`); None: the rules' word."""
    # --- scoring a hand ---------------------------------------------------------------------
    hand_score: HandScorer
    score_side: SideScorer
    zero_is_nil: Callable[[Rules], bool]
    set_penalty: Mapping[SetPenalty, Callable[[ScoringRules, int, int], int]]
    boston: Mapping[BostonRule, Callable[[ScoringRules, bool], int | None]]
    bonus_bid_points: Callable[[ScoringRules, int, bool], int | None]
    exact_total: Callable[[ScoringRules, bool], int | None]
    big_bid_bonus: Callable[[ScoringRules, int, bool], int | None]
    spoiler_points: Callable[[ScoringRules, int], int]
    overtrick_points: Callable[[ScoringRules, int], int]
    score_nil: Callable[[Mapping[str, NilValuer], ScoringRules, str, int, str], NilResult]
    nil_value: Mapping[str, NilValuer]
    nil_tricks: Mapping[NilTricks, NilSharer]
    double_nil_tricks: Mapping[DoubleNilTricks, DoubleNilSharer]
    bags_count: Mapping[BagsCount, Callable[[bool, int], int]]
    apply_bag_penalty: Callable[[BagCarrier, PenaltyEachTime, ScoringRules, int], BagPenalty]
    bag_carry: Mapping[BagCarry, BagCarrier]
    bag_points_cancelled: Mapping[bool, PenaltyEachTime]
    moon: Mapping[MoonRule, Callable[[Sheet, Lines], Lines]]
    # --- the end of the game ----------------------------------------------------------------
    outcome_after: OutcomeReader
    target_rule: Mapping[TargetRule, Callable[[int, int], bool]]
    is_out: Callable[[GameEndRules, int], bool]
    tie_rule: Mapping[TieRule, TieSettler]
    boston_wins: Mapping[BostonRule, Callable[[str, int], GameOutcome | None]]

    def __post_init__(self) -> None:
        # A table given as a plain mapping is copied into a read-only one.
        for entry in dataclasses.fields(self):
            value = getattr(self, entry.name)
            if isinstance(value, Mapping) and not isinstance(value, MappingProxyType):
                object.__setattr__(self, entry.name, MappingProxyType(dict(value)))

    def with_rows(self, table: str, rows: Mapping[Any, Any]) -> Rulebook:
        """This rulebook with some rows of one table replaced (`with_rows("set_penalty",
        {SetPenalty.PER_TRICK_BID: set_per_trick_short})`), the rest of it as it is."""
        current = getattr(self, table)
        if not isinstance(current, Mapping):
            raise TypeError(f"{table} is not a table of the rulebook")
        changed: dict[str, Any] = {table: {**current, **rows}}
        return dataclasses.replace(self, **changed)


def one_card_each(table: Table) -> int:
    """A trick is one card from each player at the table."""
    return table.players


STANDARD_RULEBOOK = Rulebook(
    pack_of=pack_of,
    table_of=table_of,
    check_deal=check_deal,
    dealer_rotation=turns.DEALER_ROTATION,
    first_drawer=turns.drawer_left_of_dealer,
    first_bidder=turns.FIRST_BIDDER,
    first_leader=turns.FIRST_LEADER,
    next_leader=None,
    bid_constraint=bids.BID_CONSTRAINT,
    team_minimum_check=bids.team_minimum_check,
    blind_nil_check=bids.blind_nil_check,
    first_lead=leads.FIRST_LEAD,
    spades_lead=leads.SPADES_LEAD,
    spades_broken_by=leads.SPADES_BROKEN_BY,
    follow=tricks.legal_follows,
    trick_size=one_card_each,
    verdict=None,
    hand_score=hand.hand_score,
    score_side=hand.score_side,
    zero_is_nil=inputs.zero_is_nil,
    set_penalty=contract.SET_PENALTY,
    boston=contract.BOSTON,
    bonus_bid_points=contract.bonus_bid_points,
    exact_total=contract.exact_total,
    big_bid_bonus=contract.big_bid_bonus,
    spoiler_points=contract.spoiler_points,
    overtrick_points=contract.overtrick_points,
    score_nil=nil.score_nil,
    nil_value=nil.NIL_VALUE,
    nil_tricks=nil.NIL_TRICKS,
    double_nil_tricks=nil.DOUBLE_NIL_TRICKS,
    bags_count=bags.BAGS_COUNT,
    apply_bag_penalty=bags.apply_bag_penalty,
    bag_carry=bags.BAG_CARRY,
    bag_points_cancelled=bags.BAG_POINTS_CANCELLED,
    moon=moon.MOON,
    outcome_after=game_end.outcome_after,
    target_rule=game_end.TARGET_RULE,
    is_out=game_end.is_out,
    tie_rule=game_end.TIE_RULE,
    boston_wins=game_end.BOSTON_WINS,
)
"""The rulebook of the reference engine: every entry the real one."""


# --- a variant's scoring, bound ---------------------------------------------------------------


class BoundOutcomeReader(Protocol):
    """`outcome_after` bound to its entries and the variant's rules."""

    def __call__(
        self, sheet: Sheet, scores: Mapping[str, int], hands_played: int,
        boston_made: str | None, /, *, moon: str | None = None,
    ) -> GameOutcome: ...  # fmt: skip


class Scorer(NamedTuple):
    """One variant's scoring, each rule bound to its entry of a rulebook (`scorer_of`): how a
    game scores its hands and reads where it stands, and how a score request is answered."""

    hand_score: Callable[
        [Sheet, dict[str, Bid], dict[str, int], Mapping[str, tuple[int, int]]], HandScore
    ]
    """A hand's score, given the sheet, each seat's bid and tricks, and each side's (score,
    bags) going in (`scoring.hand.hand_score`)."""
    outcome_after: BoundOutcomeReader
    """Where the game stands after a hand, given the sheet, the totals, the hands played, and
    the side that made a Boston or shot the moon in it (`scoring.game_end.outcome_after`)."""


def scorer_of(rules: Rules, book: Rulebook = STANDARD_RULEBOOK) -> Scorer:
    """The scoring of `rules` by `book`: each scoring rule's entry looked up by the rule's value
    now, once, and closed over the variant's scoring rules; each entry that reads others is
    handed those it reads, bound in turn, so a replaced entry is met wherever it is read."""
    scoring = rules.scoring
    nil_share = book.nil_tricks[scoring.nil_tricks]
    side = SideEntries(
        contract=ContractEntries(
            exact_total=partial(book.exact_total, scoring),
            boston=partial(book.boston[scoring.boston], scoring),
            bonus_bid_points=partial(book.bonus_bid_points, scoring),
            set_penalty=partial(book.set_penalty[scoring.set_penalty], scoring),
        ),
        overtrick_points=partial(book.overtrick_points, scoring),
        big_bid_bonus=partial(book.big_bid_bonus, scoring),
        spoiler_points=(
            partial(book.spoiler_points, scoring)
            if rules.table.sides is Sides.PARTNERSHIPS_AND_SPOILER
            else None
        ),
        bags_count=book.bags_count[scoring.bags_count],
        apply_bag_penalty=partial(
            book.apply_bag_penalty,
            book.bag_carry[scoring.bag_carry],
            book.bag_points_cancelled[scoring.bag_points_cancelled],
            scoring,
        ),
        score_nil=partial(book.score_nil, book.nil_value, scoring),
        nil_tricks=nil_share,
        double_nil_tricks=partial(book.double_nil_tricks[scoring.double_nil_tricks], nil_share),
    )
    hand_entries = HandEntries(
        zero_is_nil=book.zero_is_nil(rules),
        score_side=partial(book.score_side, side, rules),
        moon=book.moon[scoring.moon],
    )
    ending = rules.game_end
    outcome_entries = OutcomeEntries(
        target_reached=partial(
            game_end.target_reached, book.target_rule[ending.target_rule], ending.target
        ),
        is_out=partial(book.is_out, ending),
        boston_wins=book.boston_wins[scoring.boston],
        tie_rule=book.tie_rule[ending.tie],
    )
    return Scorer(
        partial(book.hand_score, hand_entries),
        partial(book.outcome_after, outcome_entries, rules),
    )
