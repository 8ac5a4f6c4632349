"""Cross-rule checks on bids and their scores: a bid that can be made has a score, a rule that
needs a partner has one, and a game with no end of its own has no losing floor."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

from spadespec.reference_engine.variant.checking import (
    Needs,
    cards_of,
    is_set,
    problem_at,
    requires,
    said,
)
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.merge import Merged
from spadespec.reference_engine.variant.model import (
    BidConstraint,
    BlindNil,
    BostonRule,
    DoubleNilTricks,
    FirstLeader,
    Kitty,
    MoonRule,
    NilBid,
    Sides,
)
from spadespec.reference_engine.variant.pack_checks import deals


def _is(*values: str) -> Callable[[Any], bool]:
    """The test for a rule whose value is one of `values`."""
    return lambda value: value in values


_PARTNERS = ("table.sides", _is(Sides.PARTNERSHIPS.value))
_PAIRS = ("table.sides", _is(Sides.PARTNERSHIPS.value, Sides.PARTNERSHIPS_AND_SPOILER.value))
"""Tables where some seats have partners: at the spoiler's table a rule of partners binds the
pairs and passes the spoiler by (a blind nil's exchange, a double nil)."""
_NIL_BIDDING = (BidConstraint.SUICIDE.value, BidConstraint.MIRROR.value, BidConstraint.WHIZ.value)


def _priced(
    merged: Merged, cause: tuple[str, Callable[[Any], bool]], won: str, lost: str
) -> Iterator[Problem]:
    """A bid that can be made says what it wins when made and what it loses when it fails."""
    yield from requires(
        merged,
        Needs(*cause, won, is_set, "say how many points it wins when made"),
        Needs(*cause, lost, is_set, "say how many points it loses when it fails"),
    )


def check_nil_values(merged: Merged) -> Iterator[Problem]:
    """Nil can be bid, so a made nil and a failed nil must each be worth something."""
    allowed = ("bidding.nil", _is(NilBid.ALLOWED.value))
    yield from _priced(merged, allowed, "scoring.nil_bonus", "scoring.nil_penalty")


def check_blind_nil_values(merged: Merged) -> Iterator[Problem]:
    """Blind nil can be bid, so a made and a failed blind nil must each be worth something."""
    allowed = ("bidding.blind_nil", _is(BlindNil.ALLOWED.value))
    yield from _priced(merged, allowed, "scoring.blind_nil_bonus", "scoring.blind_nil_penalty")


def check_partner_rules(merged: Merged) -> Iterator[Problem]:
    """Passing cards to a partner, a partnership's least and most bid, a double nil and suicide
    all need partners."""
    yield from requires(
        merged,
        Needs("bidding.blind_nil_exchange", lambda v: v > 0, *_PAIRS,
              "only partners exchange cards after a blind nil; make it 0"),
        Needs("bidding.team_minimum", is_set, *_PARTNERS,
              "only partnerships of four seats have two bids to add up (a spoiler has no "
              "partner); make it null"),
        Needs("bidding.team_maximum", is_set, *_PARTNERS,
              "only partnerships of four seats have two bids to add up (a spoiler has no "
              "partner); make it null"),
        Needs("scoring.double_nil_tricks", _is(DoubleNilTricks.IGNORED.value), *_PAIRS,
              "only two partners can both bid nil; make it as-single-nil"),
        Needs("bidding.constraint", _is(BidConstraint.SUICIDE.value), *_PARTNERS,
              "suicide needs one nil per partnership of four seats (a spoiler has no partner); "
              "choose another constraint"),
    )  # fmt: skip


def check_drawn_hands(merged: Merged) -> Iterator[Problem]:
    """Two players draw their hands from a stock, seeing every card they keep, and half the
    pack goes out of play: nothing is bid blind, no hand is thrown in, there is no kitty, and
    no card named before the deal may lead (it may be out of play)."""
    two = ("table.players", lambda v: v == 2)
    yield from requires(
        merged,
        Needs(*two, "bidding.blind_nil", _is(BlindNil.NOT_ALLOWED.value),
              "a player who drew the hand has seen it, and a blind bid needs a hand unseen; "
              "write not-allowed"),
        Needs(*two, "bidding.blind_bid_min", lambda v: v is None,
              "a player who drew the hand has seen it, and a blind bid needs a hand unseen; "
              "make it null"),
        Needs(*two, "deal.redeal_spades_below", lambda v: v is None,
              "a drawn hand is its holder's own choosing, and nothing throws it in; make it null"),
        Needs(*two, "deal.redeal_no_face_card", lambda v: v is False,
              "a drawn hand is its holder's own choosing, and nothing throws it in; make it "
              "false"),
        Needs(*two, "deal.kitty", _is(Kitty.NONE.value),
              "half the pack goes out of play in the draw, and there is no kitty; write none"),
        Needs(*two, "play.first_leader", lambda v: v != FirstLeader.HOLDER_OF_CARD.value,
              "the card named may be out of play after the draw, and then nobody holds it; "
              "choose left-of-dealer or dealer"),
    )  # fmt: skip


def check_constraint_needs_nil(merged: Merged) -> Iterator[Problem]:
    """Suicide, mirror and whiz all make somebody bid nil at times, and a rule for a double nil
    prices two nils, so nil must exist."""
    yield from requires(
        merged,
        Needs("bidding.constraint", _is(*_NIL_BIDDING), "bidding.nil", _is(NilBid.ALLOWED.value),
              "this constraint makes players bid nil, so nil must be allowed"),
        Needs("scoring.double_nil_tricks", _is(DoubleNilTricks.IGNORED.value), "bidding.nil",
              _is(NilBid.ALLOWED.value), "a double nil needs nil bids; make it as-single-nil"),
    )  # fmt: skip


def check_constraint_with_minimum(merged: Merged) -> Iterator[Problem]:
    """Mirror and whiz force a bid from the cards, and suicide forces a nil: none of them can
    also honour a team minimum, so a player could be left with no bid at all."""
    yield from requires(
        merged,
        Needs("bidding.constraint", _is(*_NIL_BIDDING), "bidding.team_minimum",
              lambda value: value is None,
              "a forced bid cannot also make up a team minimum; make the minimum null"),
        Needs("bidding.constraint", _is(BidConstraint.MIRROR.value), "bidding.team_maximum",
              lambda value: value is None,
              "a bid forced by the spades held cannot also keep under a team maximum; make the "
              "maximum null"),
    )  # fmt: skip


def _most_trumps(removed: Any, top_trumps: Any) -> int:
    """How many cards of the pack count as spades: the spades left in, plus the top trumps."""
    spades = {rank + "S" for rank in "23456789TJQKA"} - set(cards_of(removed))
    return len(spades | set(cards_of(top_trumps)))


def check_spade_count_biddable(merged: Merged) -> Iterator[Problem]:
    """Under mirror and whiz a player bids the spades held, so every count a hand can hold must
    be a bid the range allows."""
    forced = [
        p for p in merged.possible("bidding.constraint")
        if p.value in (BidConstraint.MIRROR.value, BidConstraint.WHIZ.value)
    ]  # fmt: skip
    if not forced:
        return
    tops = merged.possible("deck.top_trumps")
    for deal, high, top in product(deals(merged), merged.possible("bidding.max_bid"), tops):
        if not deal.even:
            continue
        trumps = _most_trumps(deal.removed.value, top.value)
        most = min(trumps, deal.cards_per_hand)
        if high.value < most:
            yield problem_at(
                merged.nearest(high, forced[0], top, *deal.witnesses),
                f"{said('bidding.constraint', forced[0])} but a hand can hold {most} spades "
                f"and {said('bidding.max_bid', high)}; raise the highest bid to {most}",
            )


def check_team_minimum_reachable(merged: Merged) -> Iterator[Problem]:
    """Two partners bidding their most can make up the team minimum."""
    for least, high in product(
        merged.possible("bidding.team_minimum"), merged.possible("bidding.max_bid")
    ):
        if least.value is not None and least.value > 2 * high.value:
            yield problem_at(
                merged.nearest(least, high),
                f"{said('bidding.team_minimum', least)} but two partners can bid at most "
                f"{2 * high.value} ({said('bidding.max_bid', high)}); lower the minimum",
            )


def check_team_maximum(merged: Merged) -> Iterator[Problem]:
    """The team maximum is no lower than the team minimum, and whatever the first partner bids
    leaves the second a bid: nil, or a number that keeps the side within the cap."""
    caps = [p for p in merged.possible("bidding.team_maximum") if p.value is not None]
    for cap, least in product(caps, merged.possible("bidding.team_minimum")):
        if least.value is not None and cap.value < least.value:
            yield problem_at(
                merged.nearest(cap, least),
                f"{said('bidding.team_maximum', cap)} but {said('bidding.team_minimum', least)}; "
                "no side could bid both, so make the maximum at least the minimum",
            )
    bids = product(merged.possible("bidding.min_bid"), merged.possible("bidding.max_bid"))
    for cap, (low, high), nil in product(caps, bids, merged.possible("bidding.nil")):
        first = min(high.value, cap.value)
        if nil.value != NilBid.ALLOWED.value and low.value > cap.value - first:
            yield problem_at(
                merged.nearest(cap, low, high, nil),
                f"{said('bidding.team_maximum', cap)}, so after a partner's {first} the second "
                f"partner may bid no number ({said('bidding.min_bid', low)}) and "
                f"{said('bidding.nil', nil)}; raise the maximum or allow nil",
            )


def check_exact_total_points(merged: Merged) -> Iterator[Problem]:
    """A figure for the exact total needs a total partners must bid exactly (a team minimum
    equal to the team maximum), and no bonus bid to price the same contract a second way."""
    figures = [p for p in merged.possible("scoring.exact_total_points") if p.value is not None]
    sides = product(
        figures,
        merged.possible("bidding.team_minimum"),
        merged.possible("bidding.team_maximum"),
    )
    for figure, least, most in sides:
        if least.value is None or least.value != most.value:
            yield problem_at(
                merged.nearest(figure, least, most),
                f"{said('scoring.exact_total_points', figure)} but "
                f"{said('bidding.team_minimum', least)} and "
                f"{said('bidding.team_maximum', most)}, so partners need not bid an exact "
                "total; make the two equal, or the figure null",
            )
    for figure, bonus in product(figures, merged.possible("scoring.bonus_bid_tricks")):
        if bonus.value is not None:
            yield problem_at(
                merged.nearest(figure, bonus),
                f"{said('scoring.exact_total_points', figure)} and "
                f"{said('scoring.bonus_bid_tricks', bonus)}; a contract cannot be priced both "
                "ways, so make the bonus bid null",
            )


def check_bonus_bid_values(merged: Merged) -> Iterator[Problem]:
    """A bonus bid says what it wins when made and what it loses when set."""
    named = ("scoring.bonus_bid_tricks", is_set)
    yield from _priced(merged, named, "scoring.bonus_bid_made", "scoring.bonus_bid_set")


def check_bonus_bid_reachable(merged: Merged) -> Iterator[Problem]:
    """The bonus bid is a contract a side can bid, and not a Boston when Bostons score apart."""
    tricks = [p for p in merged.possible("scoring.bonus_bid_tricks") if p.value is not None]
    bids = list(product(merged.possible("bidding.min_bid"), merged.possible("bidding.max_bid")))
    even = [d for d in deals(merged) if d.even]
    caps = merged.possible("bidding.team_maximum")
    for bonus, (low, high), sides, deal, cap in product(
        tricks, bids, merged.possible("table.sides"), even, caps
    ):
        seats = 1 if sides.value == Sides.INDIVIDUAL.value else 2
        most = min(high.value * seats, deal.cards_per_hand)
        capped = cap.value is not None and cap.value < most
        if capped:
            most = cap.value
        if not low.value <= bonus.value <= most:
            also = f", {said('bidding.team_maximum', cap)}" if capped else ""
            yield problem_at(
                merged.nearest(bonus, low, high, sides, *deal.witnesses),
                f"{said('scoring.bonus_bid_tricks', bonus)} but a side can bid only "
                f"{low.value} to {most} tricks ({said('bidding.min_bid', low)}, "
                f"{said('bidding.max_bid', high)}, {said('table.sides', sides)}, "
                f"{deal.cards_per_hand} cards a hand{also})",
            )
    for bonus, boston, deal in product(tricks, merged.possible("scoring.boston"), even):
        if boston.value != BostonRule.ORDINARY.value and bonus.value == deal.cards_per_hand:
            yield problem_at(
                merged.nearest(bonus, boston, *deal.witnesses),
                f"{said('scoring.bonus_bid_tricks', bonus)}, every trick of a "
                f"{deal.cards_per_hand}-card hand, which is a Boston, and "
                f"{said('scoring.boston', boston)}; a contract cannot be scored both ways",
            )


def check_big_bid_bonus(merged: Merged) -> Iterator[Problem]:
    """A big-bid bonus says from how many tricks bid it is earned, and that many is a contract
    a side could bid and make in a hand."""
    yield from requires(
        merged,
        Needs("scoring.big_bid_bonus", is_set, "scoring.big_bid_tricks", is_set,
              "say the least side contract that earns the bonus"),
    )  # fmt: skip
    bonuses = [p for p in merged.possible("scoring.big_bid_bonus") if p.value is not None]
    tricks = [p for p in merged.possible("scoring.big_bid_tricks") if p.value is not None]
    even = [d for d in deals(merged) if d.even]
    for bonus, least, deal in product(bonuses, tricks, even):
        if least.value > deal.cards_per_hand:
            yield problem_at(
                merged.nearest(least, bonus, *deal.witnesses),
                f"{said('scoring.big_bid_tricks', least)} but a hand has only "
                f"{deal.cards_per_hand} tricks, so {said('scoring.big_bid_bonus', bonus)} "
                "could never be earned",
            )


def check_boston_points(merged: Merged) -> Iterator[Problem]:
    """A Boston scored in points says how many."""
    yield from requires(
        merged,
        Needs("scoring.boston", _is(BostonRule.POINTS.value), "scoring.boston_points", is_set,
              "say how many points a Boston wins or loses"),
    )  # fmt: skip


def check_moon_beside_boston(merged: Merged) -> Iterator[Problem]:
    """A moon shot that wins the game leaves a Boston ordinary: a side that bid and took every
    trick would otherwise be rewarded twice, or scored one way and ended another."""
    yield from requires(
        merged,
        Needs("scoring.moon", _is(MoonRule.WINS_GAME.value, MoonRule.WINS_GAME_IF_BID.value),
              "scoring.boston",
              _is(BostonRule.ORDINARY.value),
              "taking every trick already wins the game, so a Boston must be ordinary; make "
              "boston ordinary, or moon ordinary"),
    )  # fmt: skip


def check_endless_game_has_no_floor(merged: Merged) -> Iterator[Problem]:
    """A game with neither a target nor a number of hands has no end of its own (a score pad
    kept until the players stop); a losing floor would then be its only end, handing the game
    to a side that never won it, so such a game has none."""
    ends = product(
        merged.possible("game_end.target"),
        merged.possible("game_end.hands"),
        merged.possible("game_end.losing_floor"),
    )
    for target, hands, floor in ends:
        if target.value is None and hands.value is None and floor.value is not None:
            yield problem_at(
                merged.nearest(target, hands, floor),
                f"{said('game_end.target', target)} and {said('game_end.hands', hands)}, so the "
                f"game has no end of its own, but {said('game_end.losing_floor', floor)}; a "
                "floor would be the only way the game ends; make the losing floor null, or give "
                "a target score or a number of hands",
            )
