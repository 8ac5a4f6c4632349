"""What one game contributes to a simulation's figures, as integers: counts, sums, sums of
squares and histograms, each under a flat key (`hands.sum`, `contract.made.7`), so that the
tallies of any number of games, in any order, on any number of machines, add up exactly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from spadespec.reference_engine.actions import BlindBid
from spadespec.reference_engine.seats import parse_seat
from spadespec.reference_engine.variant.model import BostonRule, MoonRule, Rules

if TYPE_CHECKING:
    from spadespec.reference_engine.bots.table import TableResult
    from spadespec.reference_engine.scoring.records import SideScore

Tally = dict[str, int]
"""Key -> an integer: a count, a sum or a sum of squares; `hist.hands.<n>` counts the games
of n hands."""

COMEBACK = 200
"""A side that wins after trailing the best other side by this many points or more has come
back."""

END_REASONS = ("target", "floor", "fixed-hands", "boston", "moon", "capped")
"""How a game ends: a side reached the target, a side fell to the losing floor (the mercy
rule), the agreed hands were played, a game-winning Boston or moon, or the cap on hands."""


BIG_CONTRACT = 10
"""A side's contract of this many tricks or more is a big one (the size the usual big-bid
bonus asks for)."""

PAID = ("big-bid", "bonus-bid", "boston", "moon")
"""The bonuses whose payments a game counts, where its rules have them: the big-bid bonus on
top of a contract, a bonus bid made ("ten for two hundred"), a Boston bid and taken where it is
worth more than an ordinary contract, and shooting the moon where that is not an ordinary hand."""


def paid_bonuses(rules: Rules) -> tuple[str, ...]:
    """Which of `PAID` these rules pay."""
    scoring = rules.scoring
    has = {
        "big-bid": scoring.big_bid_bonus is not None,
        "bonus-bid": scoring.bonus_bid_tricks is not None,
        "boston": scoring.boston is not BostonRule.ORDINARY,
        "moon": scoring.moon is not MoonRule.ORDINARY,
    }
    return tuple(name for name in PAID if has[name])


def add(total: Tally, part: Mapping[str, int]) -> Tally:
    """`total` with `part` added to it, key by key (in place, and returned)."""
    for key, value in part.items():
        total[key] = total.get(key, 0) + value
    return total


def added(parts: Iterable[Mapping[str, int]]) -> Tally:
    total: Tally = {}
    for part in parts:
        add(total, part)
    return total


def _count(tally: Tally, key: str, value: int = 1) -> None:
    tally[key] = tally.get(key, 0) + value


def _observe(tally: Tally, key: str, value: int) -> None:
    """One observation of a quantity: its count, sum and sum of squares."""
    _count(tally, f"{key}.n")
    _count(tally, f"{key}.sum", value)
    _count(tally, f"{key}.sq", value * value)


def end_reason(result: TableResult) -> str:
    """Which of `END_REASONS` ended the game."""
    game = result.game
    outcome = game.outcome
    if result.capped or outcome is None:
        return "capped"
    if outcome.code == "moon":
        return "moon"
    last = game.hand_results[-1] if game.hand_results else None
    if (
        last is not None
        and last.boston is not None
        and game.rules.scoring.boston is BostonRule.WINS_GAME
    ):
        return "boston"
    if outcome.reached:
        return "target"
    if outcome.out:
        return "floor"
    return "fixed-hands"


def tally_game(result: TableResult) -> Tally:
    """Everything one finished (or capped) game adds to the figures."""
    game = result.game
    table = game.table
    sides = table.sides
    tally: Tally = {"games": 1}
    hands = game.hand_results
    _observe(tally, "hands", len(hands))
    _count(tally, f"hist.hands.{len(hands)}")
    _count(tally, f"end.{end_reason(result)}")
    outcome = game.outcome
    winner = None if result.capped or outcome is None else outcome.winner
    if not result.capped and outcome is not None and outcome.status == "tie":
        _count(tally, "ties")
    # Side by side through the game: points, bags, penalties, the deepest deficit.
    bags = dict.fromkeys(sides, 0)
    penalties = dict.fromkeys(sides, 0)
    penalty_points = dict.fromkeys(sides, 0)
    deepest = dict.fromkeys(sides, 0)
    nils = {"nil": 0, "blind-nil": 0}
    paying = paid_bonuses(game.rules)
    paid = dict.fromkeys(paying, 0)
    big = blind_bids = 0
    half = max(1, len(hands) // 2)
    leader_at_half = None
    for number, hand in enumerate(hands, start=1):
        scores = {side: line.score_after for side, line in hand.sides.items()}
        in_hand = {"nil": 0, "blind-nil": 0}
        for bid in hand.bids.values():
            if isinstance(bid, BlindBid):
                blind_bids += 1
                _count(tally, f"hist.bid.{int(bid)}")
            elif isinstance(bid, int):
                _count(tally, f"hist.bid.{bid}")
            else:
                in_hand[bid] += 1
        for kind, count in in_hand.items():
            _observe(tally, f"{kind}.per-hand", count)
        for line in hand.sides.values():
            big += line.contract >= BIG_CONTRACT
            for name in paying:
                paid[name] += _pays(name, line)
        for side, line in hand.sides.items():
            if line.moon:
                continue  # the hand that shot the moon is not scored
            _observe(tally, "points", line.hand_points)
            bags[side] += line.bags_added
            if line.bag_penalty:  # a penalty of no points is no penalty paid
                penalties[side] += line.bag_penalties
            penalty_points[side] += line.bag_penalty
            if line.contract > 0:
                _count(tally, f"contract.bid.{line.contract}")
                _count(tally, f"contract.made.{line.contract}", int(line.made))
            for nil in line.nils:
                kind = "blind-nil" if nil.blind else "nil"
                _count(tally, f"{kind}.bid")
                _count(tally, f"{kind}.made", int(nil.made))
                nils[kind] += 1
            others = [score for other, score in scores.items() if other != side]
            if others:
                deepest[side] = max(deepest[side], max(others) - scores[side])
        if number == half:
            top = max(scores.values())
            leaders = [side for side, score in scores.items() if score == top]
            leader_at_half = leaders[0] if len(leaders) == 1 else None
    for kind, count in nils.items():
        _observe(tally, f"{kind}.per-game", count)
    _observe(tally, "contract.big.per-game", big)
    if game.rules.bidding.blind_bid_min is not None:
        _observe(tally, "blind-bid.per-game", blind_bids)
    for name, count in paid.items():
        _observe(tally, f"paid.{name}.per-game", count)
    for side in sides:
        _observe(tally, "bags", bags[side])
        _observe(tally, "penalties", penalties[side])
        _observe(tally, "penalty-points", penalty_points[side])
    if winner is not None:
        _count(tally, "decided")
        dealer_side = table.side_of[parse_seat(game.setup["dealer"])]
        _count(tally, "dealer-side.won", int(winner == dealer_side))
        if leader_at_half is not None:
            _count(tally, "leader.games")
            _count(tally, "leader.won", int(winner == leader_at_half))
        _count(tally, "comebacks", int(deepest.get(winner, 0) >= COMEBACK))
    return tally


def _pays(name: str, line: SideScore) -> bool:
    """Whether one side's line of a hand was paid the bonus `name` (one of `PAID`)."""
    if name == "big-bid":
        return bool(line.bonus_points)
    if name == "bonus-bid":
        return line.contract_kind == "bonus-bid" and line.made
    if name == "boston":
        return line.boston
    return bool(line.moon)
