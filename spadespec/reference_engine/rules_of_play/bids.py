"""Legal bids: a number of tricks within the variant's range, nil or blind nil where allowed,
and whatever the table's bidding constraint (suicide, mirror, whiz) and team minimum demand.

A bid is checked by a short list of rules, each one small function that either lets it pass
or says why not; the first refusal is the one reported:

1. the kind of bid: blind nil allowed at all, and only when the side trails by enough
   (`blind-nil-not-allowed`, `blind-nil-not-trailing`); a number bid blind only within the
   variant's blind range (`bid-out-of-range`), and only when the side trails by enough
   (`blind-bid-not-trailing`); nil allowed (`nil-not-allowed`); a number within the
   variant's range (`bid-out-of-range`);
2. the bidding constraint, `BID_CONSTRAINT[rules.bidding.constraint]` (`suicide-one-nil`,
   `must-bid-spades`, `must-bid-nil-or-spades`);
3. the team minimum, for the second partner to bid (`below-team-minimum`);
4. the team maximum, for either partner (`above-team-maximum`);
5. the table maximum, for every bidder (`above-table-maximum`);
6. the table minimum, for the last to bid (`below-table-minimum`);
7. the dealer's hook, for the last to bid (`bids-add-up-to-tricks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from spadespec.reference_engine.actions import BLIND_NIL, NIL, BidValue, BlindBid
from spadespec.reference_engine.pack import Pack, pack_of
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    NilBid,
    Rules,
)

NIL_BIDS = (NIL, BLIND_NIL)
"""The bids that promise to take no trick at all."""

Refusal = tuple[ReasonCode, str]
"""A refused bid: its reason code, and a sentence naming the numbers that rule it out."""


class BidContext(NamedTuple):
    """What the table knows when a player bids: their hand, their spades, partner's bid and
    how far their side is behind. (A named tuple: the game makes one at most bids.)"""

    seat: Seat
    hand: int
    """The bidder's cards, as a mask."""
    spades: int
    """Spades held, the top trumps (jokers, promoted deuces) counted among them."""
    partner_bid: BidValue | None
    """Partner's bid if partner has bid already; None before that, or with no partner."""
    trailing_by: int
    """The highest other side's total less the bidder's side's total when the hand was dealt
    (zero or less when the side is level or ahead)."""
    tricks: int
    """Tricks in a hand: 13, or 17 for three players."""
    others_total: int | None = None
    """Under the dealer's hook or a table minimum, the other players' numeric bids added (a nil
    as nothing) when this player bids last; None otherwise, and neither applies."""
    bid_so_far: int | None = None
    """Under a table maximum, every numeric bid made so far in the hand added (a nil as
    nothing); None otherwise, and the cap does not apply."""


def bid_context(
    rules: Rules,
    seat: Seat,
    hand: int,
    *,
    partner_bid: BidValue | None = None,
    trailing_by: int = 0,
    pack: Pack | None = None,
    table: Table | None = None,
    others_total: int | None = None,
    bid_so_far: int | None = None,
) -> BidContext:
    """The context of `seat`'s bid holding `hand`: its spades counted in the variant's pack
    (top trumps included) and the tricks of a hand at its table. A caller that has the
    variant's pack and table at hand passes them, so they are not looked up again."""
    return BidContext(
        seat,
        hand,
        (pack or pack_of(rules)).spade_count(hand),
        partner_bid,
        trailing_by,
        (table or table_of(rules)).cards_per_hand,
        others_total,
        bid_so_far,
    )


def situation(
    rules: Rules, seat: Seat, spades: int, partner_bid: BidValue | None, trailing_by: int
) -> tuple[Seat, int, BidValue | None, bool, bool]:
    """What the checks read of a `BidContext` to decide whether a bid may be made: the seat,
    the spades held, partner's bid, and whether the side trails by enough for blind nil and for
    a blind numeric bid. The rest of the context only words a refusal, so two contexts in the
    same situation allow the same bids (a check that reads more of the context must be named
    here too). The last bid under the dealer's hook or a table minimum, and every bid under a
    table maximum, reads the bids before it and is never looked up by situation: the game works
    it out from the whole context (`BidContext.others_total`, `BidContext.bid_so_far`)."""
    nil_needed = rules.bidding.blind_nil_trailing_by
    bid_needed = rules.bidding.blind_bid_trailing_by
    return (
        seat,
        spades,
        partner_bid,
        nil_needed is None or trailing_by >= nil_needed,
        bid_needed is None or trailing_by >= bid_needed,
    )


def reads_trailing(rules: Rules) -> bool:
    """Whether the `situation` of a bid reads how far the side trails: only where blind nil or
    a blind numeric bid waits on it. Elsewhere the caller need not work it out (any number will
    do)."""
    return (
        rules.bidding.blind_nil_trailing_by is not None
        or rules.bidding.blind_bid_trailing_by is not None
    )


Check = Callable[[Rules, BidContext, BidValue], Refusal | None]


def _side(rules: Rules, ctx: BidContext) -> str:
    return table_of(rules).side_of[ctx.seat] or ctx.seat.name


def _spades_text(count: int) -> str:
    if count == 0:
        return "no spades"
    return "1 spade" if count == 1 else f"{count} spades"


# --- the kind of bid ------------------------------------------------------------------------


def blind_nil_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """Blind nil only where the variant allows it, and only when the side trails enough."""
    if bid != BLIND_NIL:
        return None
    bidding = rules.bidding
    if bidding.blind_nil != BlindNil.ALLOWED:
        return (ReasonCode.BLIND_NIL_NOT_ALLOWED, "this variant does not allow a blind nil bid")
    return _trailing_check(
        rules, ctx, bidding.blind_nil_trailing_by, ReasonCode.BLIND_NIL_NOT_TRAILING, "blind nil"
    )


def _trailing_check(
    rules: Rules, ctx: BidContext, needed: int | None, code: ReasonCode, what: str
) -> Refusal | None:
    """A blind bid (`what`) refused with `code` unless the bidder's side trails the leading
    other side by at least `needed` points (None: at any score)."""
    if needed is None or ctx.trailing_by >= needed:
        return None
    side = _side(rules, ctx)
    if ctx.trailing_by > 0:
        where = f"{side} trails by {ctx.trailing_by}"
    elif ctx.trailing_by == 0:
        where = f"{side} is level with the leader"
    else:
        where = f"{side} leads by {-ctx.trailing_by}"
    return (code, f"{what} needs the bidder's side to trail by at least {needed} points; {where}")


def blind_bid_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """A number bid blind only within the variant's blind range, `bidding.blind_bid_min` to
    the greatest bid (none where the least is null), and only when the side trails enough."""
    if not isinstance(bid, BlindBid):
        return None
    lo, hi = rules.bidding.blind_bid_min, rules.bidding.max_bid
    if lo is None:
        return (ReasonCode.BID_OUT_OF_RANGE, f"this variant allows no blind bid, not {bid}")
    if not lo <= int(bid) <= hi:
        return (ReasonCode.BID_OUT_OF_RANGE, f"a blind bid must be {lo} to {hi} tricks, not {bid}")
    return _trailing_check(
        rules, ctx, rules.bidding.blind_bid_trailing_by, ReasonCode.BLIND_BID_NOT_TRAILING, bid
    )


def nil_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """Nil only where the variant allows it."""
    if bid == NIL and rules.bidding.nil != NilBid.ALLOWED:
        return (ReasonCode.NIL_NOT_ALLOWED, "this variant does not allow a nil bid")
    return None


def range_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """A number of tricks between the variant's least and greatest bid."""
    if bid in NIL_BIDS or isinstance(bid, BlindBid):
        return None
    lo, hi = rules.bidding.min_bid, rules.bidding.max_bid
    if not isinstance(bid, int) or not lo <= bid <= hi:
        return (ReasonCode.BID_OUT_OF_RANGE, f"a bid must be {lo} to {hi} tricks, not {bid}")
    return None


# --- the bidding constraint -----------------------------------------------------------------


def free(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """Any bid the range and nil rules allow."""
    return None


def suicide(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """Exactly one partner of each side bids nil: the second to bid must bid nil (or blind
    nil) if the first did not, and may not if the first did. The first bids freely."""
    if ctx.partner_bid is None:
        return None
    seat = ctx.seat.name
    partner_nil = ctx.partner_bid in NIL_BIDS
    if partner_nil and bid in NIL_BIDS:
        return (
            ReasonCode.SUICIDE_ONE_NIL,
            f"exactly one partner bids nil; {seat}'s partner bid {ctx.partner_bid}, "
            f"so {seat} must bid a number",
        )
    if not partner_nil and bid not in NIL_BIDS:
        return (
            ReasonCode.SUICIDE_ONE_NIL,
            f"exactly one partner bids nil; {seat}'s partner bid {ctx.partner_bid}, "
            f"so {seat} must bid nil",
        )
    return None


def mirror(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """The bid is the number of spades held; holding none, nil. No blind nil."""
    wanted: BidValue = ctx.spades if ctx.spades else NIL
    if bid == wanted:
        return None
    return (
        ReasonCode.MUST_BID_SPADES,
        f"{ctx.seat.name} holds {_spades_text(ctx.spades)} and must bid {wanted}, not {bid}",
    )


def whiz(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """The bid is nil (or blind nil, where allowed) or the number of spades held; holding
    none, nil only (a numeric 0 is not a spade count to bid, even where 0 can be bid)."""
    if bid in NIL_BIDS or (ctx.spades and bid == ctx.spades):
        return None
    choices = f"nil or {ctx.spades}" if ctx.spades else "nil"
    return (
        ReasonCode.MUST_BID_NIL_OR_SPADES,
        f"{ctx.seat.name} holds {_spades_text(ctx.spades)} and must bid {choices}, not {bid}",
    )


BID_CONSTRAINT: dict[BidConstraint, Check] = {
    BidConstraint.FREE: free,
    BidConstraint.SUICIDE: suicide,
    BidConstraint.MIRROR: mirror,
    BidConstraint.WHIZ: whiz,
}
"""`bidding.constraint` -> the rule it adds to every bid."""


# --- the team minimum -----------------------------------------------------------------------


def team_minimum_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """The second partner to bid brings the side's numbers up to the team minimum; nil (or
    blind nil) only when the first partner's number already reaches it."""
    least = rules.bidding.team_minimum
    if least is None or ctx.partner_bid is None:
        return None
    partner = 0 if ctx.partner_bid in NIL_BIDS else int(ctx.partner_bid)
    own = 0 if bid in NIL_BIDS else int(bid)
    if partner + own >= least:
        return None
    seat = ctx.seat.name
    still = least - partner
    if bid in NIL_BIDS:
        need = f"so {seat} may not bid {bid} and must bid {still} or more"
    else:
        need = f"so {seat} must bid {still} or more"
    return (
        ReasonCode.BELOW_TEAM_MINIMUM,
        f"{_side(rules, ctx)} must bid at least {least} in all; "
        f"{seat}'s partner bid {ctx.partner_bid}, {need}",
    )


def team_maximum_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """The side's numbers, the partner's bid and this one, stay within the team maximum; a nil
    counts as nothing, so it is always within."""
    most = rules.bidding.team_maximum
    if most is None or bid in NIL_BIDS:
        return None
    partner = 0 if ctx.partner_bid is None or ctx.partner_bid in NIL_BIDS else int(ctx.partner_bid)
    if partner + int(bid) <= most:
        return None
    seat = ctx.seat.name
    if ctx.partner_bid is None:
        told = f"{seat} may bid at most {most}"
    else:
        told = f"{seat}'s partner bid {ctx.partner_bid}, so {seat} may bid at most {most - partner}"
    return (
        ReasonCode.ABOVE_TEAM_MAXIMUM,
        f"{_side(rules, ctx)} may bid at most {most} in all; {told}, not {bid}",
    )


# --- the table's total: its maximum, its minimum and the dealer's hook ----------------------


def _counted(bid: BidValue) -> int:
    return 0 if bid in NIL_BIDS else int(bid)


def _open_within(
    rules: Rules, ctx: BidContext, check: Check, keeps: Callable[[BidValue], bool]
) -> bool:
    """Whether some bid that `keeps` the table's limit passes every rule told before `check`:
    if none does, the limit gives way rather than leave the player no bid at all."""
    rule_list = checks(rules)
    before = rule_list[: rule_list.index(check)]
    return any(
        keeps(other) and all(rule(rules, ctx, other) is None for rule in before)
        for other in candidate_bids(rules, ctx)
    )


def table_maximum_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """No bid takes every player's bids so far (a nil as nothing) past the table maximum,
    whoever makes it, since no later bid can bring them back; where no bid the other rules
    leave open stays within it, the cap gives way."""
    most, so_far = rules.bidding.table_maximum, ctx.bid_so_far
    if most is None or so_far is None or so_far + _counted(bid) <= most:
        return None
    if not _open_within(rules, ctx, table_maximum_check, lambda b: so_far + _counted(b) <= most):
        return None
    seat, room = ctx.seat.name, most - so_far
    told = f"{seat} may bid at most {room}" if room > 0 else f"{seat} may add nothing"
    return (
        ReasonCode.ABOVE_TABLE_MAXIMUM,
        f"the bids may add up to at most {most}; {so_far} is bid so far, so {told}, not {bid}",
    )


def table_minimum_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """The last to bid brings every player's bids (a nil as nothing) to at least the table
    minimum; the earlier bidders cannot break it, as the last bid may still make it up. Where
    no bid the other rules leave open reaches it, the minimum gives way rather than leave the
    player no bid at all."""
    least, total = rules.bidding.table_minimum, ctx.others_total
    if least is None or total is None or total + _counted(bid) >= least:
        return None
    if not _open_within(rules, ctx, table_minimum_check, lambda b: total + _counted(b) >= least):
        return None
    seat = ctx.seat.name
    return (
        ReasonCode.BELOW_TABLE_MINIMUM,
        f"the bids must add up to at least {least}; the others bid {total} in all, so {seat},"
        f" bidding last, must bid {least - total} or more, not {bid}",
    )


def dealer_hook_check(rules: Rules, ctx: BidContext, bid: BidValue) -> Refusal | None:
    """The last to bid may not bring the bids (a nil as nothing) to the tricks in a hand, so
    that somebody is set; but where every other bid is ruled out by the other rules, the hook
    gives way rather than leave the player no bid at all."""
    total = ctx.others_total
    if not rules.bidding.dealer_hook or total is None or total + _counted(bid) != ctx.tricks:
        return None
    others = checks(rules)[:-1]  # every rule but the hook, which comes last
    if not any(
        total + _counted(other) != ctx.tricks
        and all(check(rules, ctx, other) is None for check in others)
        for other in candidate_bids(rules, ctx)
    ):
        return None
    seat = ctx.seat.name
    return (
        ReasonCode.BIDS_ADD_UP_TO_TRICKS,
        f"the bids may not add up to the {ctx.tricks} tricks of a hand; the others bid {total}"
        f" in all, so {seat}, bidding last, may not bid {bid}",
    )


def checks(
    rules: Rules, *, blind_nil: Check = blind_nil_check, constraint: Check | None = None,
    team_minimum: Check = team_minimum_check,
) -> tuple[Check, ...]:  # fmt: skip
    """The rules a bid must pass under this variant, in the order their refusals are told:
    the blind nil check, the constraint's and the team minimum's as given (a rulebook's
    entries, bound when a plan is made), or as this module has them (the constraint's:
    `BID_CONSTRAINT[rules.bidding.constraint]`)."""
    return (
        blind_nil,
        blind_bid_check,
        nil_check,
        range_check,
        BID_CONSTRAINT[rules.bidding.constraint] if constraint is None else constraint,
        team_minimum,
        team_maximum_check,
        table_maximum_check,
        table_minimum_check,
        dealer_hook_check,
    )


def bid_refusal(
    rules: Rules, ctx: BidContext, bid: BidValue, rule_list: tuple[Check, ...] | None = None
) -> Refusal | None:
    """Why the variant refuses this bid now, as (reason code, sentence), or None if it may be
    made. `rule_list` is `checks(rules)`, for a caller that has resolved them already."""
    for check in checks(rules) if rule_list is None else rule_list:
        refusal = check(rules, ctx, bid)
        if refusal is not None:
            return refusal
    return None


def candidate_bids(rules: Rules, ctx: BidContext) -> list[BidValue]:
    """Every bid worth asking about: the range, the spade count, nil and blind nil, then the
    blind range where there is one."""
    numbers = set(range(rules.bidding.min_bid, rules.bidding.max_bid + 1))
    numbers.add(ctx.spades)
    least = rules.bidding.blind_bid_min
    blind = [] if least is None else [BlindBid(n) for n in range(least, rules.bidding.max_bid + 1)]
    return [*sorted(numbers), NIL, BLIND_NIL, *blind]


def legal_bids(
    rules: Rules, ctx: BidContext, rule_list: tuple[Check, ...] | None = None
) -> list[BidValue]:
    """Every bid the player may make now: numbers low to high, nil, blind nil, then numbers
    bid blind.
    `rule_list` is `checks(rules)`, for a caller that has resolved them already."""
    if rule_list is None:
        rule_list = checks(rules)
    return [
        bid
        for bid in candidate_bids(rules, ctx)
        if all(check(rules, ctx, bid) is None for check in rule_list)
    ]
