"""The hands a witness is searched in: how to look for one rule's witness (a `Builder`: the
bots' style and a starting position that suits the rule), and one hand played under several
rulesets at once, by actions every one of them allows (`hand_log`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any

from spadespec.conformance.analysis.fuzz.games import lopsided_deal
from spadespec.conformance.analysis.fuzz.witness.bots import bots_for
from spadespec.conformance.analysis.fuzz.witness.timeline import Seen, observed, observed_end
from spadespec.conformance.contract.engines.observables import choices, legal_shown, turn
from spadespec.reference_engine.actions import Action
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.deal import deal_from_seed
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.rules_of_play import FIRST_BIDDER, FIRST_LEADER
from spadespec.reference_engine.seats import parse_seat
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant.axes import AXES
from spadespec.reference_engine.variant.model import Rules


@dataclass(frozen=True, slots=True)
class Builder:
    """How to look for a witness of one rule: the bots' style and where the hand starts."""

    style: str = "mixed"
    """`mixed` (random and sensible), `nil` (nil bid often), `greedy` (low bids, high cards),
    `blind` (blind nil whenever allowed), `bonus` and `boston` (one side bids the bonus
    contract, or every trick, and plays its highest cards)."""
    aim: str | None = None
    """Totals chosen after the hand so that it ends on an edge: `target`, `level`, `floor`."""
    bags: bool = False
    """Start with bags close to the threshold."""
    trail: bool = False
    """Start with one side far enough behind to bid blind nil."""
    last_hand: bool = False
    """Start at the last hand of a game of a fixed number of hands."""


BUILDERS: dict[str, Builder] = {
    path: Builder(
        style=axis.witness.style,
        aim=axis.witness.aim,
        bags=axis.witness.bags,
        trail=axis.witness.trail,
        last_hand=axis.witness.last_hand,
    )
    for path, axis in AXES.items()
    if axis.witness is not None
}
"""Rule path -> builder, as each rule's axis says (its `witness`); any other rule is looked for
with the default builder. Lopsided deals (the `greedy` style) leave a hand with nothing but
spades early, to lead one unbroken."""


def shared_table(rulesets: list[Rules]) -> bool:
    """Whether the rulesets seat the same players, score the same sides and deal the same
    cards, so that one setup and log can be replayed under each."""
    first = rulesets[0]
    table, cards = table_of(first), pack_of(first).cards
    return all(
        table_of(r).seats == table.seats
        and table_of(r).sides == table.sides
        and pack_of(r).cards == cards
        for r in rulesets[1:]
    )


def hand_log(
    rulesets: list[Rules], builder: Builder, rng: random.Random
) -> tuple[dict[str, Any], list[dict[str, Any]], list[Action], list[Seen] | None]:
    """One hand played under every ruleset at once: each action is one all of them allow, and
    the hand stops early where they disagree on whose turn it is. Its setup, its log, the
    log's actions as the engine holds them, and each ruleset's timeline of the log as it was
    played (None where the setup was changed afterwards, so that only a replay tells)."""
    first = rulesets[0]
    table, pack = table_of(first), pack_of(first)
    bags = first.scoring.bag_threshold - 1 - rng.randrange(3) if builder.bags else 0
    plain = pack.standard and table.players == 4
    deal = (
        list(lopsided_deal(rng))
        if builder.style in ("greedy", "bonus", "boston") and plain
        else list(deal_from_seed(rng.getrandbits(64), pack, table))
    )
    dealer = _agreeing_dealer(rulesets, deal, rng)
    setup: dict[str, Any] = {"dealer": dealer}
    if all(table_of(r).sides == table.sides for r in rulesets):
        scores = dict.fromkeys(table.sides, 0)
        if builder.trail:
            # One side behind the rest by about the margin blind nil asks for, either side of it.
            behind = rng.choice(table.sides)
            margin = max(r.bidding.blind_nil_trailing_by or 0 for r in rulesets)
            ahead = max(10, margin + rng.randrange(-20, 60, 10))
            scores = {side: 0 if side == behind else ahead for side in table.sides}
        setup["scores"] = scores
        setup["bags"] = dict.fromkeys(table.sides, max(0, bags))
    if builder.last_hand:
        setup["hands_played"] = max((r.game_end.hands or 1) for r in rulesets) - 1
    games = [Game.replay(r, setup, []) for r in rulesets]
    seen: list[Seen] = [{} for _ in games]
    refused: set[int] = set()
    bots = bots_for(builder.style, rng, table.width)
    for game, notes in zip(games, seen, strict=True):
        _taken(observed(notes, 0, game, partial(game.deal, deal)))
    lead = games[0]
    while lead.phase in (Phase.BID, Phase.PASS, Phase.PLAY):
        now = turn(lead)
        if any(turn(g) != now for g in games):
            break
        seat = lead.to_act
        assert seat is not None
        if lead.phase is Phase.PASS:
            # Any pass will do, so long as every ruleset takes it.
            choose = getattr(bots[seat], "choose_pass", None)
            record = choose(lead, seat) if choose else rng.choice(lead.legal_passes())
            index, passed = len(lead.log), record.to_json()
            parted = not all(g.can(record) for g in games)
            for number, (game, notes) in enumerate(zip(games, seen, strict=True)):
                refusal = observed(notes, index, game, partial(game.apply, record), passed)
                if refusal is not None and parted and number:
                    refused.add(number)  # the rulesets part here: one takes this pass, one not
                else:
                    _taken(refusal)
            if parted:
                break
            continue
        # What every ruleset allows, compared as the engine holds it (a bitmask of cards, the
        # bids); a choice a ruleset does not allow is replaced by one drawn from their text.
        choice: Any
        if lead.phase is Phase.BID:
            common_bids = set(lead.legal_bids()).intersection(*(g.legal_bids() for g in games[1:]))
            if not common_bids:
                break
            choice = bots[seat].choose_bid(lead, seat)
            if choice not in common_bids:
                choice = rng.choice(sorted(map(str, common_bids)))
                choice = int(choice) if choice.isdigit() else choice
        else:
            common_cards = _card_mask(lead)
            for game in games[1:]:
                common_cards &= _card_mask(game)
            if not common_cards:
                break
            choice = bots[seat].choose_play(lead, seat)
            if not common_cards >> choice & 1:
                choice = parse_card(rng.choice(sorted(legal_shown(common_cards))))
        index = len(lead.log)
        for game, notes in zip(games, seen, strict=True):
            act = game.bid if game.phase is Phase.BID else game.play
            _taken(observed(notes, index, game, partial(act, seat, choice)))
    for number, (game, notes) in enumerate(zip(games, seen, strict=True)):
        if number not in refused:
            observed_end(notes, len(lead.log), game)
    log, actions = [action.to_json() for action in lead.log], list(lead.log)
    if builder.aim and lead.hand_results and "scores" in setup:
        setup["scores"] = _aimed(first, builder.aim, lead, rng)
        return setup, log, actions, None
    return setup, log, actions, seen


def _card_mask(game: Game) -> int:
    """The cards the player to act may play or pass, as the engine's bitmask."""
    held = choices(game)
    assert isinstance(held, int), "asked for cards in the bidding"
    return held


def _taken(refusal: IllegalActionError | None) -> None:
    """An action every ruleset was to take was refused: the hand cannot be played."""
    if refusal is not None:
        raise refusal


def _agreeing_dealer(rulesets: list[Rules], deal: list[int], rng: random.Random) -> str:
    """A dealer for whom every ruleset has the same first bidder and first leader, so that one
    log can be replayed under all of them; any dealer if there is none."""
    seats = [seat.name for seat in table_of(rulesets[0]).seats]
    rng.shuffle(seats)
    for name in seats:
        dealer = parse_seat(name)
        firsts = set()
        for rules in rulesets:
            card = rules.play.first_lead_card
            try:
                table = table_of(rules)
                firsts.add((
                    FIRST_BIDDER[rules.bidding.first_bidder](table, dealer),
                    FIRST_LEADER[rules.play.first_leader](
                        table, dealer, deal, None if card is None else parse_card(card)
                    ),
                ))  # fmt: skip
            except (TypeError, ValueError):
                firsts.add(None)  # type: ignore[arg-type]
        if len(firsts) == 1:
            return name
    return seats[0]


def _aimed(rules: Rules, aim: str, game: Game, rng: random.Random) -> dict[str, int]:
    """Totals to start from so that the hand ends on the edge the builder aims at."""
    sides = table_of(rules).sides
    points = {side: game.hand_results[0].sides[side].hand_points for side in sides}
    end = rules.game_end
    target = end.target if end.target is not None else 300
    side = rng.choice(sides)
    if aim == "level":
        level = target + rng.randrange(0, 30)
        return {s: level - points[s] for s in points}
    edge = target
    if aim == "floor":
        edge = end.losing_floor if end.losing_floor is not None else -200
    return {s: edge + rng.randrange(-10, 11) - points[s] if s == side else 0 for s in sides}
