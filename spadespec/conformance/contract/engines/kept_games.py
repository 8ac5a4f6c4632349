"""The reference engine's replay of a request's log, and the games it keeps between requests.

A runner that walks through a game asks one position after another, each request's log the
last one's with a few more actions: the fuzzer's points inside a hand, a case's steps. Replaying
every log from its setup costs the whole log each time; a kept game is played on from where the
last request left it, the new actions only. A request is answered from a kept game only when
its variant is the very same, its setup the same and its log begins with the kept log, value
for value and of the same JSON types (`1`, `1.0` and `true` are three different logs): any
other request is replayed from its setup, as without keeping, and kept in turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spadespec.reference_engine.actions import Deal, action_from_json
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.rulebook import Rulebook
from spadespec.reference_engine.variant import ResolvedVariant

SERVED_KEEP = 8
"""Games the served reference engine keeps: a fuzzed game's hands, each asked from its own
start, and the whole game's log after them, which plays on from its first hand's."""


def replay(
    variant: ResolvedVariant, setup: Any, actions: list[Any], rulebook: Rulebook
) -> tuple[Game, list[list[str]]]:
    """The game after the log, played by `rulebook`, and the trick winners of every hand dealt
    in it."""
    game = Game.replay(variant, setup, [], rulebook=rulebook)
    winners: list[list[str]] = []
    play_on(game, winners, actions, 0)
    return game, winners


def play_on(game: Game, winners: list[list[str]], actions: list[Any], start: int) -> None:
    """Apply `actions[start:]` to the game, keeping each hand's trick winners in `winners`
    (the game forgets a hand's tricks at the next deal). A refused action raises its error
    with its index in `actions`."""
    for index in range(start, len(actions)):
        try:
            action = action_from_json(actions[index])
            if isinstance(action, Deal):
                if winners:
                    winners[-1] = _winners(game)
                winners.append([])
            game.apply(action)
        except IllegalActionError as exc:
            exc.index = index
            raise
    if winners:
        winners[-1] = _winners(game)


def _winners(game: Game) -> list[str]:
    return [seat.name for seat in game.trick_winners]


def same_json(a: Any, b: Any) -> bool:
    """Whether two values read from JSON are the same to the letter: equal, and of the same
    types all the way down (Python finds `1`, `1.0` and `True` equal; a log does not).

    >>> same_json({"bid": 1, "seat": "N"}, {"seat": "N", "bid": 1})
    True
    >>> same_json({"bid": 1}, {"bid": 1.0}), same_json([1], [True])
    (False, False)
    """
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if kind is list:
        return len(a) == len(b) and all(map(same_json, a, b))
    return bool(a == b)


def json_copy(value: Any) -> Any:
    """A value read from JSON, copied all the way down: what the caller holds may change."""
    if type(value) is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if type(value) is list:
        return [json_copy(v) for v in value]
    return value


def _others(actions: list[Any], start: int) -> list[int]:
    """The places from `start` on of the entries that are not plays written as logs write
    them (every value a string, which is equal only to the same string): the entries a log
    that extends them must match with `same_json`, where `==` would let `1.0` stand for `1`."""
    return [
        i for i in range(start, len(actions))
        if (e := actions[i]).__class__ is not dict or e.get("action") != "play"
        or e.get("seat").__class__ is not str or e.get("card").__class__ is not str
    ]  # fmt: skip


@dataclass(slots=True)
class _Kept:
    variant: ResolvedVariant
    setup: Any
    actions: list[Any]
    game: Game
    winners: list[list[str]]
    others: list[int] = field(default_factory=list)
    """The places in `actions` of the entries that are not plain plays: compared with
    `same_json`, the rest with `==` alone. Found when a log first matches with `==`, as far
    as `scanned`: most kept games are never played on."""
    scanned: int = 0

    def begins(self, variant: ResolvedVariant, setup: Any, actions: list[Any]) -> bool:
        """Whether a request's variant, setup and log are this game's, the log perhaps longer."""
        kept = self.actions
        count = len(kept)
        # The cheap tests first: most kept games differ in their setup or their first deal.
        return (
            variant is self.variant
            and len(actions) >= count
            and setup == self.setup
            and actions[:count] == kept
            and same_json(setup, self.setup)
            and all(same_json(actions[i], kept[i]) for i in self._others())
        )

    def _others(self) -> list[int]:
        if self.scanned < len(self.actions):
            self.others += _others(self.actions, self.scanned)
            self.scanned = len(self.actions)
        return self.others


class KeptGames:
    """The last few games a reference engine replayed, each to be played on by a request whose
    log extends it; the oldest is dropped when a new one comes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._games: list[_Kept] = []

    def replay(
        self, variant: ResolvedVariant, played: ResolvedVariant, setup: Any, actions: list[Any],
        rulebook: Rulebook,
    ) -> tuple[Game, list[list[str]]]:  # fmt: skip
        """As `replay` under `played` (the variant as the engine reads it), from a kept game
        when one of `variant`'s begins the request, which the game then stands for; the
        winners returned are the caller's to keep."""
        kept = max(
            (k for k in self._games if k.begins(variant, setup, actions)),
            key=lambda k: len(k.actions), default=None,
        )  # fmt: skip
        if kept is not None:
            self._games.remove(kept)
            start = len(kept.actions)
        else:
            game = Game.replay(played, setup, [], rulebook=rulebook)
            kept = _Kept(variant, json_copy(setup), [], game, [])
            start = 0
        # A refused log leaves the game part way through an action: it is not kept.
        play_on(kept.game, kept.winners, actions, start)
        # The log's new entries copied, as the setup is: the caller may change its own.
        kept.actions = [*kept.actions, *map(json_copy, actions[start:])]
        self._games.insert(0, kept)
        del self._games[self.size :]
        return kept.game, [list(hand) for hand in kept.winners]

    def forget(self) -> None:
        self._games.clear()
