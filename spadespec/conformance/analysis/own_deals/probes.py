"""Probes put in a game from an engine's own deals, as the golden cases put them: at some
positions of the game the engine is asked whether it would refuse an action (observable
`illegal`, or `refusal` for an engine that refuses with free text), and its answer is graded as
a case's probe is (`runner.checking`).

The actions come from the reference's own refusals: at every bid and card of the game,
candidate actions (a bid or card out of turn, a second bid, every bid the seat to act might
make, every card it holds and one it does not) are put to the reference
(`engines.reference.refused_for`, as it answers `illegal`), and of each hand one refused action
of each reason code is kept, beside one action it allows (an engine that refuses everything fails on
it). Of the actions refused for one reason in a hand, a card next in number to one the seat may
play is kept where there is one (a boundary: the ace of clubs beside the 2 of diamonds), and
then the latest position (the most of the hand behind it: spades broken or not, who has bid);
among those, one is drawn from the bots' seed and the game's number, so the same seed probes
the same way.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from spadespec.conformance.analysis.fuzz.games import FuzzGame, Point
from spadespec.conformance.contract.engines.reference import refused_for
from spadespec.reference_engine.actions import (
    Bid,
    Move,
    Play,
    action_from_json,
    bid_record,
    play_record,
)
from spadespec.reference_engine.cards import cards_in
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.variant import ResolvedVariant

PROBE_KIND = "probe"
"""The kind of a point where an action is probed."""

PROBED = frozenset({"illegal", "refusal"})
"""The features an engine shows its refusals by: one of them declared, its games are probed."""

_BIDS: tuple[Any, ...] = ("nil", "blind-nil", *range(14))
"""The bids tried for the seat to bid (a bid beyond the pack's tricks is a malformed one, not a
refusal of the rules)."""


_Tried = tuple[bool, int, Bid | Play]
"""An action tried: whether it is a card beside one allowed (`_beside`), where (actions before
it), and the action."""


def probed(variant: ResolvedVariant, game: FuzzGame, seed: int) -> FuzzGame:
    """`game` with a probe point for each reason code the reference refuses an action with in
    each hand (and one action it allows), its position drawn from `seed` and the game's number."""
    rng = random.Random(f"spadespec-own-deal-probes:{seed}:{game.number}")
    hands: list[dict[str | None, list[_Tried]]] = [{} for _ in game.starts]
    played = Game.replay(variant, game.setup, [])
    hand = -1
    for at, action in enumerate(game.actions):
        while hand + 1 < len(game.starts) and game.starts[hand + 1].at <= at:
            hand += 1
        if played.phase in (Phase.BID, Phase.PLAY):
            by_reason = hands[hand]
            allowed = _allowed_cards(played)
            for probe in _candidates(played, action_from_json(action)):
                card = getattr(probe, "card", None)
                mine = card in allowed and probe.seat == played.to_act
                reason = None if mine else refused_for(played, probe)
                edge = card is not None and not mine and bool({card - 1, card + 1} & allowed)
                by_reason.setdefault(reason, []).append((edge, at, probe))
        played.apply(action)
    points = list(game.points)
    for index, by_reason in enumerate(hands):
        for reason in sorted(by_reason, key=lambda r: r or ""):
            found = by_reason[reason]
            best = max(edge for edge, _, _ in found)
            latest = max(at for edge, at, _ in found if edge == best)
            _, at, probe = rng.choice([f for f in found if f[:2] == (best, latest)])
            answer = {"action": probe.to_json(), "reason": reason}
            points.append(Point(at, PROBE_KIND, game.starts[index], {"illegal": answer}))
    return replace(game, points=points)


def _allowed_cards(game: Game) -> set[int]:
    """The cards the seat to act may play (none outside the play)."""
    seat = game.to_act
    if seat is None or game.phase is not Phase.PLAY:
        return set()
    return set(cards_in(game.legal_plays(seat)))


def _candidates(game: Game, taken: Move) -> list[Bid | Play]:
    """The actions tried at a position (`taken` is the one the game took there, allowed): for
    the seat to act, every bid or every card it holds and one it does not; a bid or card by
    each other seat (out of turn, or a second bid)."""
    seat = game.to_act
    if seat is None:
        return []
    out: list[Bid | Play] = [taken] if isinstance(taken, Bid | Play) else []
    others = [s for s in game.table.seats if s != seat]
    if game.phase is Phase.BID:
        out += [bid_record(seat, bid) for bid in _BIDS]
        out += [bid_record(other, 1) for other in others]
        return out
    hands = game.hands
    pack = pack_of(game.rules).cards
    out += [play_record(seat, card) for card in cards_in(hands[seat] & pack)]
    for other in others:
        theirs = hands[other] & pack
        if theirs:
            card = theirs.bit_length() - 1
            out.append(play_record(other, card))  # out of turn
            out.append(play_record(seat, card))  # not held
    return out
