"""A parent's log made legal under a house's file: each bid or card the file refuses replaced by
one the reference engine chooses, the rest of the log kept as it was.

The choice is fixed, so the same log always gives the same derived log. A refused bid becomes
the legal bid nearest to it (a nil stays a nil where the file allows one; on a tie, the lower
number). A refused card becomes, for the same player, a card that player had to give up earlier
in the hand (so a card swapped out is played back when the log reaches it), else the nearest
card of its suit, else the first legal card. Anything else the file refuses (a deal, a card
passed, a player who is not to act) is not rewritten: the log cannot be derived.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.reference_engine.actions import BLIND_NIL, NIL, Bid, BidValue, Play, action_from_json
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.variant import ResolvedVariant

RANKS = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Rewrite:
    """One action of the log the file refuses, and what was played instead."""

    index: int
    was: dict[str, Any]
    now: dict[str, Any]

    def __str__(self) -> str:
        key = "bid" if self.was["action"] == "bid" else "card"
        verb = "bids" if key == "bid" else "plays"
        return f"{self.was['seat']} {verb} {self.now[key]}, not {self.was[key]}"


@dataclass(frozen=True, slots=True)
class Relogged:
    """The log as the file lets it be played, the rewrites that made it, and the game after it."""

    actions: list[dict[str, Any]]
    rewrites: tuple[Rewrite, ...]
    game: Game

    @property
    def kind(self) -> str:
        """`re-bid` when only bids were replaced, else `re-played`."""
        return "re-bid" if all(r.was["action"] == "bid" for r in self.rewrites) else "re-played"


def relog(
    variant: ResolvedVariant, setup: dict[str, Any], actions: list[dict[str, Any]]
) -> Relogged | str:
    """The log replayed under `variant`, each refused bid or card replaced; or, when the
    variant refuses something else, why the log cannot be derived."""
    try:
        game = Game.replay(variant, setup, [])
    except IllegalActionError as exc:
        return f"its setup is not one {variant.id} plays: {exc}"
    out: list[dict[str, Any]] = []
    rewrites: list[Rewrite] = []
    owed: dict[str, list[str]] = {}
    for index, entry in enumerate(actions):
        try:
            action = action_from_json(entry)
            game.verify(action)
        except IllegalActionError as exc:
            choice = _replacement(game, entry, owed)
            if choice is None:
                return f"action {index + 1} is refused and is no bid or card to replace ({exc})"
            rewrites.append(Rewrite(index, entry, choice))
            entry = choice
            action = action_from_json(entry)
        game.apply(action)
        out.append(entry)
        if isinstance(action, Play) and game.phase is not Phase.PLAY:
            owed.clear()  # the hand is over: nothing is owed into the next
    return Relogged(out, tuple(rewrites), game)


def _replacement(
    game: Game, entry: dict[str, Any], owed: dict[str, list[str]]
) -> dict[str, Any] | None:
    seat = game.to_act
    if seat is None or entry.get("seat") != seat.name:
        return None
    if entry["action"] == "bid" and game.phase is Phase.BID:
        bids = [b for b in game.legal_bids() if b != BLIND_NIL or entry["bid"] == BLIND_NIL]
        if not bids:
            return None
        return Bid(seat, _nearest_bid(bids, entry["bid"])).to_json()
    if entry["action"] == "play" and game.phase is Phase.PLAY:
        cards = [str(a.to_json()["card"]) for a in game.legal_actions() if isinstance(a, Play)]
        if not cards:
            return None
        wanted = str(entry["card"])
        mine = owed.setdefault(seat.name, [])
        card = _nearest_card(cards, wanted, mine)
        if card in mine:
            mine.remove(card)
        if game.hands[seat] >> parse_card(wanted) & 1:
            mine.append(wanted)  # still held: played back when the log reaches the swap
        return {"action": "play", "seat": seat.name, "card": card}
    return None


def _nearest_bid(bids: list[BidValue], wanted: BidValue) -> BidValue:
    def size(bid: BidValue) -> int:
        return bid if isinstance(bid, int) else 0

    def key(bid: BidValue) -> tuple[int, bool, int]:
        same_kind = isinstance(bid, int) == isinstance(wanted, int)
        return abs(size(bid) - size(wanted)), not same_kind, size(bid)

    if wanted == NIL and NIL in bids:
        return NIL
    return min(bids, key=key)


def _nearest_card(cards: list[str], wanted: str, owed: list[str]) -> str:
    for card in owed:
        if card in cards:
            return card
    suited = [c for c in cards if c[-1] == wanted[-1] and c[0] in RANKS and wanted[0] in RANKS]
    if suited:
        return min(suited, key=lambda c: (abs(RANKS.index(c[0]) - RANKS.index(wanted[0])), c))
    return cards[0]
