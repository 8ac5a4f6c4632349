"""The named faults: what each one gets wrong, and the rulebook (or the reading of the variant)
that makes the engine get it wrong."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.machinery.faults import house_faults, play_faults, scoring_faults
from spadespec.conformance.machinery.faults.rewrite import Rewrite, replaced
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.variant.axes import AXES, Misreading

Change = Callable[[Rulebook], Rulebook]
"""A rulebook with one entry replaced, made from the rulebook given."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One mistake an engine could make, as data: the standard rulebook with one entry
    replaced, and where the mistake is a misreading of the variant, the rules as misread."""

    name: str
    """A stable kebab-case name, e.g. `penalty-at-eleven-bags`."""
    mistake: str
    """What the broken engine does, as a player would describe it."""
    change: Change | None = None
    """The entry of the rulebook the mistake replaces; None where the rulebook is standard."""
    misread: Rewrite | None = None
    """The variant's rules as the broken engine reads them; None where it reads them right."""
    rule: str | None = None
    """The rule change the mistake is, as a diagnosis names it: `scoring.set_penalty=nothing`
    where the value is the same in every variant the fault shows in, the rule alone where it
    depends on the variant (one bag past its threshold), two joined by ` + `; None when the
    mistake is no value any rule can take (bags not carried, suit not followed)."""
    rulebook: Rulebook = field(init=False, repr=False, compare=False)
    """The rulebook the broken engine plays by: the standard one with `change` made, made
    once so that the plans resolved with it are kept (`plan.plan_of`)."""

    def __post_init__(self) -> None:
        book = STANDARD_RULEBOOK if self.change is None else self.change(STANDARD_RULEBOOK)
        object.__setattr__(self, "rulebook", book)


def _fault(
    name: str, mistake: str, change: Change | None = None, *, misread: Rewrite | None = None,
    rule: str | None = None,
) -> Fault:  # fmt: skip
    return Fault(name, mistake, change, misread, rule)


_ALL = (
    # --- scoring the hand ---
    _fault(
        "set-penalty-per-trick-short",
        "a set side loses only for the tricks it fell short, where the variant charges every"
        " trick bid",
        scoring_faults.set_penalty_per_trick_short,
        rule="scoring.set_penalty=per-trick-short",
    ),
    _fault(
        "set-penalty-per-trick-bid",
        "a set side loses for every trick bid, where the variant charges only the tricks short",
        scoring_faults.set_penalty_per_trick_bid,
        rule="scoring.set_penalty=per-trick-bid",
    ),
    _fault(
        "nil-tricks-counted-wrong-way",
        "a nil bidder's tricks help the contract where they should be bags only (or ignored),"
        " and are only bags where they should help it",
        scoring_faults.nil_tricks_counted_wrong_way,
        rule="scoring.nil_tricks",
    ),
    _fault(
        "nil-tricks-scored-as-nothing",
        "a nil bidder's tricks count for nothing, neither toward the partner's contract nor"
        " as bags, where the variant counts them one way or the other",
        scoring_faults.nil_tricks_scored_as_nothing,
        rule="scoring.nil_tricks=ignored",
    ),
    _fault(
        "overtricks-not-scored",
        "overtricks earn no points",
        scoring_faults.overtricks_not_scored,
        rule="scoring.overtrick_points=0",
    ),
    _fault(
        "bags-not-carried",
        "bags start from zero every hand instead of carrying from hand to hand",
        scoring_faults.bags_not_carried,
    ),
    _fault(
        "excess-bags-reset",
        "the bags past the threshold are wiped when the penalty is paid, not carried on",
        scoring_faults.excess_bags_reset,
        rule="scoring.bag_carry=reset",
    ),
    _fault(
        "penalty-at-eleven-bags",
        "the bag penalty comes at one bag past the threshold (eleven for ten)",
        scoring_faults.penalty_one_bag_late,
        rule="scoring.bag_threshold",
    ),
    _fault(
        "bag-penalty-paid-once",
        "a hand that takes the bags past the threshold twice over pays the penalty only once",
        scoring_faults.bag_penalty_paid_once,
    ),
    _fault(
        "failed-nil-costs-the-bonus",
        "a failed nil costs what a made nil earns, where the variant sets its own penalty"
        " (ten points, say, for a hundred-point nil)",
        scoring_faults.failed_nil_costs_the_bonus,
        rule="scoring.nil_penalty",
    ),
    _fault(
        "double-nil-scored-as-one",
        "when both partners bid nil they are scored as one nil for the side (one bonus, lost"
        " if either takes a trick) instead of each on their own",
        scoring_faults.double_nil_scored_as_one,
    ),
    _fault(
        "bid-of-every-trick-not-scored",
        "the scorer takes a bid of every trick in the hand (13, or 17 at three) for a bid out"
        " of range, and the hand cannot be scored",
        scoring_faults.bid_of_every_trick_not_scored,
    ),
    # --- the end of the game ---
    _fault(
        "target-reach-exceed-swapped",
        "the game ends on reaching the target where it must be passed, and the other way round",
        scoring_faults.target_rule_swapped,
        rule="game_end.target_rule",
    ),
    _fault(
        "ties-settled-wrong-way",
        "equal totals at the end are a draw where another hand is due, and the other way round",
        scoring_faults.ties_settled_wrong_way,
        rule="game_end.tie",
    ),
    _fault(
        "losing-floor-ignored",
        "a side at or below the losing floor plays on",
        scoring_faults.losing_floor_ignored,
        rule="game_end.losing_floor=none",
    ),
    _fault(
        "win-test-ignores-bag-points",
        "the target is checked against a side's total less the bags it holds, so a side that"
        " gets there only through the points its bags scored plays on",
        scoring_faults.win_test_ignores_bag_points,
    ),
    _fault(
        "tie-given-to-the-first-side",
        "equal top totals at the end are no tie: the first side on the sheet (North-South)"
        " takes the game",
        scoring_faults.tie_given_to_the_first_side,
    ),
    # --- bidding and play ---
    _fault(
        "spades-broken-from-the-start",
        "spades may be led before they are broken",
        play_faults.spades_broken_from_the_start,
        rule="play.spades_lead=any-time",
    ),
    _fault(
        "spades-broken-by-a-spade-lead",
        "a spade led from a hand of only spades breaks spades, where only a spade played on"
        " another suit should",
        play_faults.spades_broken_by_a_spade_lead,
        rule="play.spades_broken_by=any-spade-played",
    ),
    _fault(
        "first-lead-rule-not-enforced",
        "the first lead of a hand may be any card, whatever the variant demands",
        play_faults.first_lead_rule_not_enforced,
        rule="play.first_lead=any",
    ),
    _fault(
        "named-first-lead-looks-one-card-up",
        "the holder of the named card (the 2C) must lead it only when holding the next card up"
        " (the 3C) as well; otherwise the first lead is free",
        play_faults.named_first_lead_looks_one_card_up,
    ),
    _fault(
        "wrong-seat-leads-first",
        "the first trick is led by the wrong seat (the dealer for the player on the left, and"
        " the player on the left otherwise)",
        play_faults.wrong_seat_leads_first,
        rule="play.first_leader",
    ),
    _fault(
        "wrong-seat-bids-first",
        "the dealer bids first where the player on the left should, and the other way round",
        play_faults.wrong_seat_bids_first,
        rule="bidding.first_bidder",
    ),
    _fault(
        "already-bid-read-as-out-of-turn",
        "a seat bidding a second time is refused only as out of turn (not-your-turn), the"
        " engine never looking at who has bid",
        play_faults.already_bid_read_as_out_of_turn,
    ),
    _fault(
        "dealer-does-not-rotate",
        "the same player deals every hand",
        play_faults.dealer_does_not_rotate,
    ),
    _fault(
        "follow-suit-not-enforced",
        "a player holding the suit led may play any card",
        play_faults.follow_suit_not_enforced,
    ),
    _fault(
        "card-checked-one-card-up",
        "a card is checked by the legality of the card numbered one above it: an illegal card"
        " gets through when the next card up is legal (the ace of clubs when following"
        " diamonds with the 2 of diamonds)",
        play_faults.card_checked_one_card_up,
    ),
    _fault(
        "refuses-everything",
        "every action the engine is asked to check is refused: an illegal one with its right"
        " reason, an allowed one as though out of turn",
        play_faults.refuses_everything,
    ),
    _fault(
        "spades-do-not-trump",
        "a spade on another suit's trick does not win it; the highest card of the suit led does",
        play_faults.spades_do_not_trump,
    ),
    _fault(
        "winner-does-not-lead",
        "the player who led a trick leads the next one too, whoever won it",
        play_faults.winner_does_not_lead,
    ),
    # --- house rules: each skips one rule a house may add ---
    _fault(
        "top-trumps-order-reversed",
        "the cards above the ace of spades rank in the reverse of the declared order (the"
        " little joker over the big one)",
        misread=house_faults.top_trumps_order_reversed,
        rule="deck.top_trumps",
    ),
    _fault(
        "top-trump-after-the-ace-loses",
        "once the ace of spades is on a trick only the highest top trump (the big joker) takes"
        " it; a lower top trump played after the ace loses to it",
        house_faults.top_trump_after_the_ace_loses,
    ),
    _fault(
        "promoted-deuce-keeps-its-suit",
        "a promoted card of another suit (the 2D above the ace of spades) still follows, leads"
        " and counts as its printed suit, though it takes tricks as a top trump",
        house_faults.promoted_deuce_keeps_its_suit,
    ),
    _fault(
        "spades-any-time-ignored",
        "spades may not be led until broken, where the house lets them be led at any time",
        house_faults.spades_any_time_ignored,
        rule="play.spades_lead=after-broken",
    ),
    _fault(
        "nil-not-allowed-ignored",
        "nil may be bid (and scores as usual) where the house allows no nil",
        misread=house_faults.nil_not_allowed_ignored,
        rule="bidding.nil=allowed",
    ),
    _fault(
        "blind-nil-allowed-when-level",
        "blind nil may be bid by a side level with the leader (0 to 0 at the start of a game),"
        " where the house wants the side to trail by its margin",
        house_faults.blind_nil_allowed_when_level,
    ),
    _fault(
        "blind-nil-exchange-order-swapped",
        "in the blind nil exchange the wrong player passes first",
        misread=house_faults.blind_nil_exchange_order_swapped,
        rule="bidding.blind_nil_exchange_order",
    ),
    _fault(
        "team-minimum-after-a-nil-ignored",
        "after a partner's nil the second partner bids freely, as though the partner had not"
        " bid, where the nil counts nothing toward the team minimum",
        house_faults.team_minimum_after_a_nil_ignored,
    ),
    _fault(
        "suicide-ignored",
        "partners bid freely, where under suicide exactly one of them must bid nil",
        house_faults.suicide_ignored,
        rule="bidding.constraint=free",
    ),
    _fault(
        "mirror-ignored",
        "players bid freely, where under mirror each must bid the spades they hold",
        house_faults.mirror_ignored,
        rule="bidding.constraint=free",
    ),
    _fault(
        "whiz-ignored",
        "players bid freely, where under whiz each must bid nil or the spades they hold",
        house_faults.whiz_ignored,
        rule="bidding.constraint=free",
    ),
    _fault(
        "blind-nil-scored-as-nil",
        "a blind nil wins or loses what an ordinary nil does, not its own larger figure",
        house_faults.blind_nil_scored_as_nil,
        rule="scoring.blind_nil_bonus + scoring.blind_nil_penalty",
    ),
    _fault(
        "zero-bid-scored-as-nil",
        "a bid of 0 is scored as nil (the bonus won or lost), where the house lets 0 be bid"
        " as a number of tricks",
        house_faults.zero_bid_scored_as_nil,
    ),
    _fault(
        "set-nothing-ignored",
        "a set side loses ten a trick bid, where the house takes nothing from a set side",
        house_faults.set_nothing_ignored,
        rule="scoring.set_penalty=per-trick-bid",
    ),
    _fault(
        "bags-never-ignored",
        "overtricks are counted as bags (and bags cost their penalty), where the house keeps"
        " no bags",
        house_faults.bags_never_ignored,
        rule="scoring.bags_count",
    ),
    _fault(
        "bag-points-not-cancelled",
        "paying the bag penalty leaves the points the bags scored, where the house takes them"
        " back too",
        house_faults.bag_points_kept,
        rule="scoring.bag_points_cancelled=False",
    ),
    _fault(
        "bag-threshold-read-as-ten",
        "the bag penalty is a hundred at ten bags whatever the house sets (five for fifty, say)",
        misread=house_faults.bag_threshold_read_as_ten,
        rule="scoring.bag_threshold=10 + scoring.bag_penalty=100",
    ),
    _fault(
        "bonus-bid-ignored",
        "a side bidding the bonus contract (ten for two hundred) scores it like any other",
        house_faults.bonus_bid_ignored,
        rule="scoring.bonus_bid_tricks=none",
    ),
    _fault(
        "nil-overtricks-read-as-count",
        "a nil bidder's tricks count toward the partner's contract, where the house makes them"
        " the nil bidder's own overtricks",
        house_faults.nil_overtricks_read_as_count,
        rule="scoring.nil_tricks=count",
    ),
    _fault(
        "double-nil-tricks-counted",
        "when both partners bid nil their tricks still score as overtricks and bags, where the"
        " house counts them for nothing",
        house_faults.double_nil_tricks_counted,
        rule="scoring.double_nil_tricks=as-single-nil",
    ),
    _fault(
        "exact-total-scored-by-the-trick",
        "a side's exact total (four for forty) scores by the trick and the set penalty, not"
        " its figure won or lost whole",
        house_faults.exact_total_scored_by_the_trick,
        rule="scoring.exact_total_points=none",
    ),
    _fault(
        "big-bid-bonus-ignored",
        "a side that bids ten or more and makes it scores the contract alone, with no big-bid"
        " bonus on top",
        house_faults.big_bid_bonus_ignored,
        rule="scoring.big_bid_bonus=none",
    ),
    _fault(
        "boston-points-ignored",
        "a side bidding and taking every trick scores an ordinary contract, not the Boston"
        " bonus (nor loses it when set)",
        house_faults.boston_points_ignored,
        rule="scoring.boston=ordinary",
    ),
    _fault(
        "boston-wins-game-ignored",
        "a side bidding and taking every trick scores it and plays on, where a Boston wins"
        " the game at once",
        house_faults.boston_wins_game_ignored,
        rule="scoring.boston=ordinary",
    ),
    _fault(
        "boston-on-any-made-contract",
        "any side that makes its contract is taken to have made a Boston: where a Boston wins"
        " the game, the first ordinary made contract ends it",
        house_faults.boston_on_any_made_contract,
    ),
    _fault(
        "moon-ignored",
        "a side that takes every trick has the hand scored and plays on, where taking every"
        " trick wins the game at once, unscored",
        house_faults.moon_ignored,
        rule="scoring.moon=ordinary",
    ),
    _fault(
        "fixed-hands-ignored",
        "the game goes on to the target score, where the house plays a fixed number of hands",
        misread=house_faults.fixed_hands_ignored,
        rule="game_end.hands=none + game_end.target=500",
    ),
    _fault(
        "tie-at-the-top-among-three-ignored",
        "with three or more sides, two level at the top when the game ends: the first of them"
        " in seat order wins, where the tie rule should settle it",
        house_faults.tie_at_the_top_among_three_ignored,
    ),
    _fault(
        "three-player-winner-among-first-two",
        "at a three-player table the game goes to the better of North and East, the third"
        " player's total never read, even when South ends it in the lead",
        house_faults.three_player_winner_among_first_two,
    ),
    _fault(
        "lone-nil-tricks-dropped",
        "a player alone who fails a nil gets nothing for the tricks taken (no overtricks, no"
        " bags), as though they went to a partner's contract",
        house_faults.lone_nil_tricks_dropped,
        rule="scoring.nil_tricks=ignored",
    ),
    # --- the table and the deal ---
    _fault(
        "removed-cards-accepted",
        "a deal holding a card the house takes out of the pack (the 2C, say) is played, so"
        " long as each seat holds its share",
        house_faults.removed_cards_accepted,
    ),
    _fault(
        "three-player-order-reversed",
        "at a three-player table the turn passes to the right (North, South, East)",
        house_faults.three_player_order_reversed,
    ),
    _fault(
        "three-player-four-card-tricks",
        "at a three-player table a trick waits for a fourth card: the leader plays again",
        house_faults.three_player_four_card_tricks,
    ),
)


def _misreading(path: str, wrong: Misreading) -> Fault:
    """The fault a rule's axis describes (`faults`): the rule read as one value, always."""
    reads = wrong.reads
    return _fault(
        wrong.name,
        wrong.mistake,
        misread=replaced(path, lambda value: reads),
        rule=f"{path}={rule_value_text(reads)}",
    )


_DESCRIBED = tuple(_misreading(path, w) for path, axis in AXES.items() for w in axis.faults)


FAULTS: dict[str, Fault] = {fault.name: fault for fault in (*_ALL, *_DESCRIBED)}
"""Every fault by name, in the order a report lists them: those written here, then those the
rules' axes describe."""
