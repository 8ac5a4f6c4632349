"""Probes put in a game from an engine's own deals, as the golden cases put them: at some
positions of the game the engine is asked whether it would refuse an action (observable
`illegal`, or `refusal` for an engine that refuses with free text), and its answer is graded as
a case's probe is (`runner.checking`).

The actions come from the reference's own refusals: at every bid and card of the game,
candidate actions (a bid or card out of turn, a second bid, every bid the seat to act might
make, every card it holds and one it does not) are put to the reference
(`engines.reference.tried`, its `illegal` answer), and of each hand one refused action of each
reason code is kept, beside one action it allows (an engine that refuses everything fails on
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
from spadespec.conformance.contract.engines.reference import tried
from spadespec.reference_engine.actions import bid_record, play_record
from spadespec.reference_engine.cards import cards_in, parse_card
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


_Tried = tuple[bool, int, dict[str, Any]]
"""An action tried: whether it is a card beside one allowed (`_beside`), where (actions before
it), and the reference's `illegal` answer to it."""


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
            for probe in _candidates(played, action):
                answer = tried(played, probe)
                edge = _beside(probe, allowed)
                by_reason.setdefault(answer["reason"], []).append((edge, at, answer))
        played.apply(action)
    points = list(game.points)
    for index, by_reason in enumerate(hands):
        for reason in sorted(by_reason, key=lambda r: r or ""):
            found = by_reason[reason]
            best = max(edge for edge, _, _ in found)
            latest = max(at for edge, at, _ in found if edge == best)
            _, at, answer = rng.choice([f for f in found if f[:2] == (best, latest)])
            points.append(Point(at, PROBE_KIND, game.starts[index], {"illegal": answer}))
    return replace(game, points=points)


def _allowed_cards(game: Game) -> set[int]:
    """The cards the seat to act may play (none outside the play)."""
    seat = game.to_act
    if seat is None or game.phase is not Phase.PLAY:
        return set()
    return set(cards_in(game.legal_plays(seat)))


def _beside(probe: dict[str, Any], allowed: set[int]) -> bool:
    """Whether a card probed is next in number to a card the seat may play (the ace of one suit
    and the two of the next): where a refusal is the easiest to get wrong by one."""
    card = probe.get("card")
    if not isinstance(card, str):
        return False
    number = parse_card(card)
    return number not in allowed and bool({number - 1, number + 1} & allowed)


def _candidates(game: Game, taken: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions tried at a position (`taken` is the one the game took there, allowed): for
    the seat to act, every bid or every card it holds and one it does not; a bid or card by
    each other seat (out of turn, or a second bid)."""
    seat = game.to_act
    if seat is None:
        return []
    out = [taken]
    others = [s for s in game.table.seats if s != seat]
    if game.phase is Phase.BID:
        out += [bid_record(seat, bid).to_json() for bid in _BIDS]
        out += [bid_record(other, 1).to_json() for other in others]
        return out
    hands = game.hands
    pack = pack_of(game.rules).cards
    held = [card for card in range(pack.bit_length()) if hands[seat] >> card & 1]
    out += [play_record(seat, card).to_json() for card in held]
    for other in others:
        theirs = hands[other] & pack
        if theirs:
            card = theirs.bit_length() - 1
            out.append(play_record(other, card).to_json())  # out of turn
            out.append(play_record(seat, card).to_json())  # not held
    return out
