"""Fuzzed games: random deals played by random and sensible bots under the reference engine,
from starting positions chosen to bring the game's edges close (a total near the target or
the losing floor, bags near the threshold, equal totals), with the points inside each hand
where the legal actions are worth asking.

A game is fixed by (run seed, game number), whatever process plays it, so a run spread over
several processes finds the same thing as a run in one; unless its cards come from an engine
that deals its own (a `DealSource`), when only the play is fixed by them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spadespec.conformance.analysis.fuzz.observe import END_ASKS, observe
from spadespec.conformance.contract.engines.observables import choices, legal_shown
from spadespec.conformance.contract.protocol.deal_requests import EngineDealError
from spadespec.reference_engine.actions import play_record
from spadespec.reference_engine.bots import make_bot
from spadespec.reference_engine.bots.card_play import SeatView, choose_card
from spadespec.reference_engine.bots.sensible import SensibleBot
from spadespec.reference_engine.bots.view import legal_bids
from spadespec.reference_engine.cards import FULL_DECK
from spadespec.reference_engine.deal import Hands
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.seats import SEAT_NAMES
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant import ResolvedVariant

DEFAULT_HANDS_PER_GAME = 6
"""Hands played at most in one fuzzed game; the starting positions bring the end near."""

# The kinds of point inside a hand where the legal actions are asked, in the order a run
# cycles through them when only a few points per hand are asked. A hand with a blind nil
# exchange is asked once more, at one of its passes.
POINT_KINDS = ("first-lead", "lead-limited", "follow-limited", "bid", "lead-free", "follow-free")
PASS_KIND = "pass"
REDEAL_KIND = "redeal"
"""A deficient hand's holder choosing whether to call the redeal (`deal.redeal_by: holder`):
like a pass, asked about in every hand that has one."""

FIXED_HANDS_SCALE = 300
"""Where a game of a fixed number of hands has no target, the totals its starting positions
are drawn around."""


@dataclass(frozen=True, slots=True)
class HandStart:
    """Where a hand of the game begins: its deal's place in the log, and the dealer, running
    totals and bags it starts from (a setup a case can start at)."""

    at: int
    setup: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Point:
    """A point inside a hand where the legal actions are asked: after `at` log actions. It is
    put to an engine from the start of its own hand (`start`), as a case would be."""

    at: int
    kind: str
    start: HandStart
    answers: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Steer:
    """What a game is aimed at, in place of the chance of the run: the kind of its starting
    position (`starting_position`) and its bots, made from the game's own random source."""

    name: str
    position: str
    bots: Callable[[random.Random, int], list[Any]]
    edge: bool = False
    """Whether the first hand is always replayed from totals that make it end on an edge of
    the game (`_aim`), not in some games only."""


DealSource = Callable[[Game, int], Hands]
"""Where each hand's cards come from, when not from the run's seed: given the game where a deal
is due and a seed it may use, the hands dealt (an engine that deals its own cards, asked with a
`deal` request). It raises `EngineDealError` for a deal the game would not take."""


@dataclass(frozen=True, slots=True)
class BadDeal:
    """A deal the source gave that the game would not take: where it was due (after `at` log
    actions), what is wrong with it, and the source's answer as it came (`dealer`, `deal`)."""

    at: int
    message: str
    answer: dict[str, Any] | None


@dataclass(slots=True)
class FuzzGame:
    """One fuzzed game with the reference engine's answers: at its chosen points, and at the
    end of its log."""

    number: int
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    starts: list[HandStart]
    points: list[Point] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)
    bots: str = ""
    bad_deal: BadDeal | None = None
    """A deal from a `DealSource` the game would not take: the game stops where it was due."""


def game_rng(seed: int, number: int) -> random.Random:
    """The random source of game `number` of the run with `seed`."""
    return random.Random(f"spadespec-fuzz:{seed}:{number}")


POSITION_KINDS = ("fresh", "middle", "near-target", "level", "near-floor", "bags")
"""The kinds of starting position a game is drawn from, one at random unless it is steered."""
TRAILING = "trailing"
"""A steered starting position: one side behind by at least what blind nil asks."""


def starting_position(rules: Any, rng: random.Random, kind: str | None = None) -> dict[str, Any]:
    """A setup: a fresh game, or a game in progress near one of its edges (a total near the
    target or the floor, bags near the threshold, level totals, the last of a fixed number of
    hands), of the `kind` given (POSITION_KINDS or TRAILING) or one at random."""
    table = table_of(rules)
    end = rules.game_end
    threshold = rules.scoring.bag_threshold
    target = end.target if end.target is not None else FIXED_HANDS_SCALE
    kind = kind or rng.choice(POSITION_KINDS)
    scores = dict.fromkeys(table.sides, 0)
    bags = dict.fromkeys(table.sides, 0)
    if kind == "middle":
        scores = {side: rng.randrange(-150, target - 100, 10) for side in scores}
        bags = {side: rng.randrange(threshold) for side in bags}
    elif kind == "near-target":
        scores = {side: target - rng.randrange(0, 160) for side in scores}
        bags = {side: rng.randrange(threshold) for side in bags}
    elif kind == "level":
        # Level near the target, or level past it (a tie that called for another hand).
        level = target + rng.randrange(-140, 60)
        scores = dict.fromkeys(table.sides, level)
        if len(scores) > 2:
            # Two level at the top and the rest behind, as well as everyone level.
            behind = rng.choice(table.sides)
            scores[behind] -= rng.randrange(0, 200, 10)
    elif kind == "near-floor" and end.losing_floor is not None:
        scores = {side: end.losing_floor + rng.randrange(0, 140) for side in scores}
    elif kind == "bags":
        bags = {side: rng.randrange(max(0, threshold - 4), threshold) for side in bags}
        scores = {side: rng.randrange(0, target // 2, 10) for side in scores}
    elif kind == TRAILING:
        behind = rng.choice(table.sides)
        lead = (rules.bidding.blind_nil_trailing_by or 0) + rng.randrange(0, 100, 10)
        scores = {side: rng.randrange(0, target // 2, 10) for side in scores}
        scores[behind] = min(scores.values()) - lead
    setup: dict[str, Any] = {
        "dealer": rng.choice([seat.name for seat in table.seats]),  # the same draw as of "NESW"
        "scores": scores,
        "bags": bags,
    }
    if end.hands is not None:
        # Fresh, or with the last hand or two of the game still to play.
        setup["hands_played"] = 0 if kind == "fresh" else max(0, end.hands - 1 - rng.randrange(2))
    return setup


_RANKS_DOWN = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(12, -1, -1))
"""The four cards of each rank of the 52-card pack as a mask, the ace's first."""


class GreedyBot:
    """Bids as little as it may and plays its highest card: it piles up bags, and with a
    strong deal takes the bags past the threshold in one hand."""

    name = "greedy"

    def choose_bid(self, game: Game, seat: Any) -> Any:
        numbers = [b for b in legal_bids(game) if isinstance(b, int)]
        return min(numbers) if numbers else "nil"

    def choose_play(self, game: Game, seat: Any) -> int:
        allowed = game.legal_plays(seat)
        pack = pack_of(game.rules)
        if not pack.standard:
            return pack.highest(allowed)
        # The highest rank held, and of its cards the highest suit (card = suit * 13 + rank).
        for rank in _RANKS_DOWN:
            cards = allowed & rank
            if cards:
                return cards.bit_length() - 1
        raise ValueError("no card allowed")


class SensibleFuzzBot(SensibleBot):
    """The sensible bot, its seat's view of the table read straight off the game: the same
    choices for a fraction of the time the general view takes."""

    def __init__(self, seed: int, plain: bool) -> None:
        super().__init__(seed)
        self.plain = plain
        """Whether the game is played with the 52-card pack at four seats (`_plain_table`)."""

    def choose_play(self, game: Game, seat: Any) -> int:
        if not self.plain:
            # The shortcut knows the 52-card pack at four seats only.
            return super().choose_play(game, seat)
        allowed = game.legal_plays(seat)
        if not allowed & (allowed - 1):
            # One card allowed: the card any strategy plays, so nothing is weighed.
            return allowed.bit_length() - 1
        hands = game.hands
        current = game.current_trick
        trick = [(SEAT_NAMES[s], card) for s, card in current]
        on_table = 0
        for _, card in current:
            on_table |= 1 << card
        unseen = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat] & FULL_DECK & ~on_table
        view = SeatView(
            seat=SEAT_NAMES[seat],
            hand=hands[seat],
            legal=allowed,
            trick=trick,
            bids={SEAT_NAMES[s]: bid for s, bid in game.bids.items()},
            tricks_won={SEAT_NAMES[s]: won for s, won in game.tricks_won.items()},
            unseen=unseen,
        )
        return choose_card(view)


def _bot(kind: str, rng: random.Random, plain: bool) -> Any:
    if kind == "greedy":
        return GreedyBot()
    seed = rng.getrandbits(64)
    return SensibleFuzzBot(seed, plain) if kind == "sensible" else make_bot(kind, seed)


def _plain_table(rules: Any) -> bool:
    """The standard pack dealt to four seats: what the shortcuts here know."""
    return pack_of(rules).standard and table_of(rules).players == 4


def _choose_pass(bot: Any, game: Game, seat: Any, rng: random.Random) -> Any:
    """The cards a seat passes in a blind nil exchange: the bot's choice where it has one,
    else any pass the game allows."""
    choose = getattr(bot, "choose_pass", None)
    if choose is not None:
        return choose(game, seat)
    return rng.choice(game.legal_passes())


def _choose_redeal(bot: Any, game: Game, seat: Any, rng: random.Random) -> bool:
    """Whether a deficient hand's holder calls the redeal: the bot's choice where it has one,
    else either at random."""
    choose = getattr(bot, "choose_redeal", None)
    if choose is not None:
        return bool(choose(game, seat))
    return rng.random() < 0.5


def lopsided_deal(rng: random.Random) -> tuple[int, int, int, int]:
    """A deal where one partnership holds the 26 highest cards (spades counted highest)."""
    order = sorted(range(52), key=lambda card: (card % 13 + 13 * (card // 13 == 3), rng.random()))
    low, high = order[:26], order[26:]
    strong = rng.randrange(2)
    hands = [0, 0, 0, 0]
    for cards, seats in ((high, (strong, strong + 2)), (low, (1 - strong, 3 - strong))):
        rng.shuffle(cards)
        for i, card in enumerate(cards):
            hands[seats[i & 1]] |= 1 << card
    return (hands[0], hands[1], hands[2], hands[3])


def _aim(variant: ResolvedVariant, game: Game, setup: dict[str, Any], rng: random.Random) -> Game:
    """The first hand replayed from totals chosen so that it ends on an edge of the game: all
    sides level at or past the target, one side exactly on the target or a point short, or
    exactly on the losing floor. The hand's points do not depend on the totals carried in."""
    if not game.hand_results:
        return game  # the first deal was thrown in (`deal.redeal_*`): nothing scored
    end = variant.rules.game_end
    sides = table_of(variant.rules).sides
    points = {side: game.hand_results[0].sides[side].hand_points for side in sides}
    target = end.target if end.target is not None else FIXED_HANDS_SCALE
    aims = []
    low = min(points.values())
    if low > 0:
        level = target + rng.randrange(low)
        aims += [dict.fromkeys(sides, level)] * 2
    gainers = [side for side, gained in points.items() if gained > 0]
    if len(sides) > 2 and len(gainers) >= 2:
        # Two level at the top past the target, the rest behind (and behind before the hand).
        pair = rng.sample(gainers, 2)
        level = target + rng.randrange(min(points[s] for s in pair))
        aim = dict.fromkeys(pair, level)
        for side in sides:
            if side not in pair:
                aim[side] = min(level, target + points[side]) - rng.randrange(10, 100, 10)
        aims += [aim] * 2
    for side, gained in points.items():
        if gained > 0 and end.target is not None:
            aims.append({side: end.target - rng.randrange(2)})
        if gained < 0 and end.losing_floor is not None:
            aims.append({side: end.losing_floor + rng.randrange(2)})
    if not aims:
        return game
    aim = rng.choice(aims)
    scores = dict(setup["scores"])
    for side, final in aim.items():
        scores[side] = final - points[side]
    for side in scores:
        # A side not aimed at starts where the game could still be going on.
        if side not in aim and not (end.losing_floor or -(10**9)) < scores[side] + points[side]:
            scores[side] = 0
    new = {**setup, "scores": scores}
    try:
        return Game.replay(variant, new, list(game.log))
    except IllegalActionError:
        # The totals decide what may be bid (blind nil only when far enough behind): the hand
        # as played is not a hand from these totals, so it keeps its own.
        return game


Step = tuple[int, str, str, Any, int]
"""A point where something may be asked: (actions before it, kind, seat, the legal actions as
the game holds them (`observables.choices`: shown only for the points chosen), tricks taken so
far in the hand)."""


def _asked_again(variant: ResolvedVariant, setup: dict[str, Any], game: Game, step: Step) -> Step:
    at, kind, seat, allowed, tricks = step
    if kind != "bid":
        return step
    return (at, kind, seat, choices(Game.replay(variant, setup, game.log[:at])), tricks)


def _hand_setup(game: Game) -> dict[str, Any]:
    """The setup a case starting at the next deal would give."""
    setup: dict[str, Any] = {
        "dealer": game.dealer.name, "scores": dict(game.totals), "bags": dict(game.bags),
    }  # fmt: skip
    if game.rules.game_end.hands is not None:
        setup["hands_played"] = game.hand_number - 1
    return setup


def side_styles(rng: random.Random, table: Table) -> list[str]:
    """A bot's style for each side, drawn in the table's order of sides, so that one side can
    pile up bags while another plays on; returned by seat number, each seat its side's (an empty
    seat's bot, never asked, takes the last side's)."""
    kinds = ("random", "sensible", "random", "sensible", "greedy")
    styles = [rng.choice(kinds) for _ in table.sides]
    place = {side: i for i, side in enumerate(table.sides)}
    return [
        styles[place[side]] if (side := table.side_of[seat]) is not None else styles[-1]
        for seat in range(table.width)
    ]


def play_fuzz_game(
    variant: ResolvedVariant,
    seed: int,
    number: int,
    *,
    hands: int = DEFAULT_HANDS_PER_GAME,
    points_per_hand: int | None = 2,
    deals: DealSource | None = None,
    steer: Steer | None = None,
) -> FuzzGame:
    """Play game `number` of the run with `seed`: its setup, its log, the reference's answers at
    its points (`points_per_hand` of them, None for every bid and card) and at its end. Each
    hand's cards come from `deals` when given (an engine that deals), else from the seed;
    `steer` aims the game (its starting position and bots) where the run's chance would not."""
    rng = game_rng(seed, number)
    rules = variant.rules
    table = table_of(rules)
    plain = _plain_table(rules)
    setup = starting_position(rules, rng, steer.position if steer else None)
    if steer is not None:
        bots = steer.bots(rng, table.width)
        kinds = [getattr(bot, "name", steer.name) for bot in bots]
    else:
        kinds = side_styles(rng, table)
        bots = [_bot(kind, rng, plain) for kind in kinds]
    game = Game.replay(variant, setup, [])
    winners: list[list[str]] = []
    starts: list[HandStart] = []
    steps: list[Step] = []
    aimed = rng.random() < 0.3 or (steer is not None and steer.edge)
    bad_deal = None
    for number_in_game in range(hands):
        if number_in_game == 1 and aimed:
            before = game
            game = _aim(variant, game, setup, rng)
            setup = game.setup
            starts[0] = HandStart(0, setup)
            if game is not before:
                # The totals can decide what may be bid (blind nil when far enough behind):
                # the first hand's bids are asked about from the totals it now starts from.
                steps = [_asked_again(variant, setup, game, step) for step in steps]
        if game.phase is not Phase.DEAL:
            break
        starts.append(HandStart(len(game.log), _hand_setup(game)))
        if deals is not None:
            try:
                game.deal(list(deals(game, rng.getrandbits(63))))
            except EngineDealError as exc:
                starts.pop()  # no hand was dealt there
                bad_deal = BadDeal(len(game.log), str(exc), exc.answer)
                break
        elif rng.random() < 0.2 and plain:
            game.deal(list(lopsided_deal(rng)))
        else:
            game.deal(None, seed=rng.getrandbits(64))
        winners.append([])
        while game.phase is Phase.REDEAL:  # type: ignore[comparison-overlap]  # deal() moved it on
            seat = game.to_act
            assert seat is not None
            steps.append((len(game.log), REDEAL_KIND, SEAT_NAMES[seat], choices(game), 0))
            game.redeal(seat, _choose_redeal(bots[seat], game, seat, rng))
        while game.phase is Phase.BID:  # type: ignore[comparison-overlap]  # deal() moved it on
            seat = game.to_act
            assert seat is not None
            steps.append((len(game.log), "bid", SEAT_NAMES[seat], choices(game), len(winners[-1])))
            game.bid(seat, bots[seat].choose_bid(game, seat))
        while game.phase is Phase.PASS:  # type: ignore[comparison-overlap]  # bids moved it on
            seat = game.to_act
            assert seat is not None
            steps.append((len(game.log), PASS_KIND, SEAT_NAMES[seat], choices(game), 0))
            game.apply(_choose_pass(bots[seat], game, seat, rng))
        taken = winners[-1]
        leading = True  # no card on the table: the hand's first trick, or one just taken
        while game.phase is Phase.PLAY:  # type: ignore[comparison-overlap]  # bids moved it on
            seat = game.to_act
            assert seat is not None
            allowed = game.legal_plays(seat)
            if leading:
                if game.trick_number == 1:
                    kind = "first-lead"
                else:
                    kind = "lead-free" if allowed == game.hands[seat] else "lead-limited"
            else:
                kind = "follow-free" if allowed == game.hands[seat] else "follow-limited"
            steps.append((len(game.log), kind, SEAT_NAMES[seat], allowed, len(taken)))
            # The card's record at once: the bots choose cards by number, nothing to read.
            game.apply(play_record(seat, bots[seat].choose_play(game, seat)))
            won = game.trick_winners  # a short list, where the finished tricks are made anew
            leading = len(won) > len(taken)
            if leading:
                taken.append(SEAT_NAMES[won[-1]])
    fuzz = FuzzGame(
        number,
        setup,
        [action.to_json() for action in game.log],
        starts,
        bots="/".join(f"{s.name}={kinds[s]}" for s in table.seats),
        bad_deal=bad_deal,
    )
    fuzz.final = observe(game, winners, END_ASKS)
    chosen = _choose_points(steps, starts, number, points_per_hand, rng)
    for at, kind, seat, allowed, tricks in chosen:
        hand = sum(1 for s in starts if s.at < at) - 1
        phase = kind if kind in ("bid", PASS_KIND, REDEAL_KIND) else "play"
        answers = {"legal": legal_shown(allowed), "to_act": {"phase": phase, "seat": seat}}
        answers["trick_winners"] = [winners[hand][:tricks]]
        fuzz.points.append(Point(at, kind, starts[hand], answers))
    return fuzz


def _choose_points(
    steps: list[Step],
    starts: list[HandStart],
    number: int,
    per_hand: int | None,
    rng: random.Random,
) -> list[Step]:
    if per_hand is None:
        return steps
    chosen = []
    bounds = [s.at for s in starts[1:]] + [10**9]
    hands: list[dict[str, list[Any]]] = [{} for _ in starts]
    index = 0
    for step in steps:  # in log order, so each hand's steps come together
        while step[0] >= bounds[index]:
            index += 1
        hands[index].setdefault(step[1], []).append(step)
    for index, by_kind in enumerate(hands):
        # Each hand starts the cycle of kinds at a different place, so every kind comes round.
        offset = number * 7 + index
        order = [POINT_KINDS[(offset + k) % len(POINT_KINDS)] for k in range(len(POINT_KINDS))]
        for kind in [k for k in order if k in by_kind][:per_hand]:
            chosen.append(rng.choice(by_kind[kind]))
        for kind in (REDEAL_KIND, PASS_KIND):
            if kind in by_kind:
                chosen.append(rng.choice(by_kind[kind]))
    return chosen
