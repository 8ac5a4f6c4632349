"""Which rule clauses the games from an engine's own deals reach, counted against the clauses
the golden cases reach on the same variant (`spadespec conform coverage`'s count,
`contract/suite/coverage.py`).

A game reaches a clause when the answers it is checked on (the legal actions and whose turn at
its points, not the refusals probed there, the trick winners, score sheets, totals, bags and
end of game at its end, each as the engine declares it) would be different were that one rule
played another way: the reference replays the game's checked positions under each neighbour of
the variant that changes the rule (`analysis/diagnosis/neighbours.py`, a linked pair counted for
both its rules), and the clause counts as soon as one neighbour answers differently or refuses
the log. A clause
the variant makes moot (the blind nil bonus where blind nil is not allowed: `axes.yaml`'s
`moot`) is reached where the game reaches every rule that makes it moot, as the golden case
that shows blind nil refused is tagged with its bonus. A rule changed beside others the format
asks for (`_completed`) is also played two ways beside that change (`_in_context`): a ten-trick
bonus's figure, moot where no ten-trick bid earns one, is reached where a game tells the two
apart. A clause no game could tell apart from another way of playing it is not reached, however
often it applied: a game where nobody bid nil does not reach the nil bonus, nor one where every
bid was made the set penalty.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from spadespec.conformance.analysis.diagnosis.neighbours import (
    Neighbour,
    candidate_values,
    linked_pair,
    neighbour,
    single_changes,
)
from spadespec.conformance.analysis.fuzz.differences import differences
from spadespec.conformance.analysis.fuzz.games import FuzzGame
from spadespec.conformance.analysis.own_deals.probes import PROBE_KIND
from spadespec.conformance.contract.engines.kept_games import SERVED_KEEP
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import CaseRequest, VariantRef
from spadespec.conformance.contract.runner.checking import expected_for, plan_for
from spadespec.conformance.contract.suite import coverage
from spadespec.conformance.contract.suite.cases import Case
from spadespec.conformance.contract.suite.tags import rule_value
from spadespec.reference_engine.variant import ResolvedVariant, load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.axes import AXES, LINKED_RULES, Moot
from spadespec.reference_engine.variant.model import rule_paths

CONTEXT_VALUES = 2
"""Other values of a rule tried beside a change that makes it matter (`_in_context`)."""

Contrast = tuple[Neighbour | None, Neighbour]
"""Two ways of playing a clause that a game reaching it tells apart: the variant itself (None)
or a change of it, and another change."""


def golden_clauses(cases: Iterable[Case], variant: str) -> list[str]:
    """The clauses the golden cases of `variant` reach, as `conform coverage` counts them: each
    rule the variant sets that a case of it is tagged with, in rulebook order."""
    measured = coverage.measure(cases, [variant]).variants[0]
    return [path for path, ids in measured.rules.items() if ids]


@dataclass(frozen=True, slots=True)
class Position:
    """One position a game is checked at: its setup and log, and the answers checked there."""

    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    wanted: dict[str, Any]


def checked_positions(game: FuzzGame, features: set[str]) -> list[Position]:
    """The positions the game checker puts to the engine (`GameChecker._asked`): each point from
    the start of its hand, in log order, then the whole log; each with what is checked there."""
    # The probes of refusals (`probes.py`) are left out: each is a replay from its hand's start
    # under every neighbour, which would cost several times the games themselves.
    spots = [
        (p.start.setup, game.actions[p.start.at : p.at], p.answers)
        for p in sorted(game.points, key=lambda p: p.at)
        if p.kind != PROBE_KIND
    ]
    spots.append((game.setup, game.actions, game.final))
    out = []
    for setup, actions, answers in spots:
        checked = plan_for(answers, answers, features).checked
        if checked:
            out.append(Position(setup, list(actions), expected_for(answers, checked)))
    return out


class ClauseReach:
    """The clauses of `clauses` that the games added so far reach, on one variant."""

    def __init__(
        self, variant: ResolvedVariant, ref: VariantRef, clauses: list[str], features: set[str]
    ) -> None:
        self.variant = variant
        self.ref = ref
        self.clauses = clauses
        self.features = features
        self.reached: dict[str, str] = {}
        """Each clause reached -> the game that first reached it (`game 3`)."""
        self._reference = ReferenceEngine(keep=SERVED_KEEP)
        self._gates = {rule: gates for rule in clauses if (gates := moot_gates(variant, rule))}
        """A clause the variant makes moot -> the rules that make it so."""
        self._contrasts: dict[str, list[Contrast]] = {}
        """A clause -> the pairs of ways of playing it a game must tell apart to reach it."""
        for rule in clauses:
            if rule not in self._gates:
                self._contrasts[rule] = [(None, near) for near in _changing(variant, rule)]
        for rule in list(self._contrasts):
            for before, near in list(self._contrasts[rule]):
                if before is None:
                    self._in_context(near)

    def _in_context(self, near: Neighbour) -> None:
        """For a change made with others the format asks for (`_completed`), each of those
        others played another way beside it: a rule the variant leaves moot (a ten-trick
        bonus's figure where no ten-trick bid earns one) is reached where a game tells the two
        apart."""
        for index, (rule, value) in enumerate(near.changes[1:], start=1):
            if rule not in self._contrasts:
                continue
            for other in candidate_values(rule, value)[:CONTEXT_VALUES]:
                changes = (*near.changes[:index], (rule, other), *near.changes[index + 1 :])
                made = neighbour(self.variant, changes)
                if made is not None:
                    self._contrasts[rule].append((near, made))

    @property
    def missing(self) -> list[str]:
        """The clauses no game has reached yet, in rulebook order."""
        return [rule for rule in self.clauses if rule not in self.reached]

    def add(self, game: FuzzGame) -> list[str]:
        """The clauses `game` reaches that no game before it did; each is then reached."""
        positions = checked_positions(game, self.features)
        new = [
            rule for rule in self.missing if rule in self._contrasts
            and any(self._told_apart(*pair, positions) for pair in self._contrasts[rule])
        ]  # fmt: skip
        for rule in new:
            self.reached[rule] = f"game {game.number}"
        shown = [rule for rule in self.missing if rule in self._gates and self._opened(rule)]
        for rule in shown:
            self.reached[rule] = self.reached[self._gates[rule][0]]
        return new + shown

    def _opened(self, rule: str, through: tuple[str, ...] = ()) -> bool:
        """Whether every rule that makes `rule` moot is reached. A gate that is moot in turn
        counts where its own gates are reached, and a gate met again on the way (the blind
        nil exchange's count and a seen nil's exchange make each other moot) asks nothing
        more: the rules around the circle show together or not at all."""
        return all(
            gate in self.reached
            or gate in through
            or (gate in self._gates and self._opened(gate, (*through, rule)))
            for gate in self._gates[rule]
        )

    def _told_apart(
        self, before: Neighbour | None, after: Neighbour, positions: list[Position]
    ) -> bool:
        """Whether the reference under `after` answers any of the positions otherwise than
        under `before` (None: the variant itself, whose answers the game holds)."""
        for position in positions:
            request: CaseRequest = {
                "id": "reach", "variant": {"id": self.ref["id"], "options": self.ref["options"]},
                "setup": position.setup, "actions": position.actions,
                "ask": list(position.wanted),
            }  # fmt: skip
            answered = self._reference.run_resolved(after.variant, request)
            if before is None:
                if differences(position.wanted, answered):
                    return True
                continue
            was = self._reference.run_resolved(before.variant, request)
            if was["outcome"] != "answered":
                if answered["outcome"] == "answered":
                    return True
            elif differences(was["answers"], answered):
                return True
        return False

    def said_of(self, games: int) -> str:
        """What the count is of, and the clauses not reached, to follow `line`."""
        said = f" on {self.variant.id}, by {games} games from the engine's own deals"
        return said + (f"; not reached: {', '.join(self.missing)}" if self.missing else "")

    def line(self) -> str:
        """`clauses reached: X of Y (Z%)`, Z rounded down, so 90% is never 89.6."""
        count, whole = len(self.reached), len(self.clauses)
        share = 100 * count // whole if whole else 100
        return f"clauses reached: {count} of {whole} ({share}%)"


def moot_gates(variant: ResolvedVariant, rule: str) -> tuple[str, ...]:
    """The rules that make `rule` moot in the variant (blind nil not allowed, for the blind nil
    bonus: `axes.yaml`'s `moot`); empty where it is not moot."""
    moot = AXES[rule].moot
    if moot is None:
        return ()
    for each in moot.when:
        if Moot((each,), moot.says).holds(variant.rules):
            return tuple(each)
    return ()


def _changing(variant: ResolvedVariant, rule: str) -> list[Neighbour]:
    """The neighbours that play `rule` another way: alone, or with the rule linked to it; for
    a rule the format lets change only with others (blind nil allowed needs its bonus and
    penalty, a joker pack the jokers ranked), with those others as a shipped variant that
    plays the rule so has them (`_completed`)."""
    linked = [n for one, two in LINKED_RULES if rule in (one, two)
              for n in linked_pair(variant, one, two)]  # fmt: skip
    found = [*single_changes(variant, [rule]), *linked]
    return found or _completed(variant, rule)


def _completed(variant: ResolvedVariant, rule: str) -> list[Neighbour]:
    """`rule` changed to the value each shipped variant gives it, with the fewest (at most
    two) of that variant's other differences the format asks for beside it."""
    out: list[Neighbour] = []
    mine = rule_value(variant.rules, rule)
    for other in _shipped():
        value = rule_value(other.rules, rule)
        if value == mine or any(n.changes[0] == (rule, _plain(value)) for n in out):
            continue
        differing = [
            (path, _plain(rule_value(other.rules, path))) for path in rule_paths()
            if path != rule and rule_value(other.rules, path) != rule_value(variant.rules, path)
        ]  # fmt: skip
        for size in (1, 2):
            made = [
                near for extra in itertools.combinations(differing, size)
                if (near := neighbour(variant, ((rule, _plain(value)), *extra))) is not None
            ]  # fmt: skip
            if made:
                out.append(made[0])
                break
    return out


@cache
def _shipped() -> tuple[ResolvedVariant, ...]:
    return tuple(load_variant(ident) for ident in shipped_variant_ids())


def _plain(value: Any) -> Any:
    """A rule's value as a variant file writes it (a list for a tuple of cards)."""
    return list(value) if isinstance(value, tuple) else value
