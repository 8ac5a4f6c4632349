"""A fuzz run that keeps going: each distinct difference recorded once, the games that show a
difference already recorded (or listed as known) passed over.

Differences are told apart by the rule change that explains them. Once a difference is
diagnosed as a neighbour of the variant (`scoring.bag_threshold=11`), the games are played,
and the engine's answers expected, under the variant with that change, from the game that
showed it on: the engine plays it that way, so only a new difference shows, and a known one
hides no other in the same game. A difference nothing explains is known by the first
observable that differs (`hands`), and a later game that differs first there is passed over.
A known difference (`--expect-differ FILE`, one rule change a line, as a diagnosis names it)
met is passed over, its case not written, and played from then on like a found one; one never
met makes the list stale. An engine that gave no answer (it exited, hung, wrote garbage) is a
finding of its own in each game it happened in, never explained by a rule.

A run resumed from its report (`fuzz --resume`) knows again what its difference lines and last
progress line say it had met.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spadespec.conformance.diagnosis.neighbours import Neighbour, from_label
from spadespec.conformance.fuzz.driver import FuzzConfig
from spadespec.conformance.runner.run import UNEXPLAINED
from spadespec.reference_engine.variant import load_variant

OBSERVABLE = "observable:"
"""The key of a difference no neighbour explains: `observable:hands`."""

FAILURE = "engine failure in game "
"""The key of an engine's failure to answer, by the game it happened in."""


def first_observable(differences: Any) -> str:
    """The observable named by the first differing item (`$.hands[2]...` is `hands`)."""
    for text in differences:
        if text.startswith("score request: "):
            return "score"
        if text.startswith("$."):
            head: str = text[2:].split(".", 1)[0].split("[", 1)[0].split(":", 1)[0]
            return head
    return "answer"


class ExpectedDifferenceError(ValueError):
    """An `--expect-differ` entry names no change the variant format allows."""


@dataclass(slots=True)
class Known:
    """One distinct difference: the rule change (or first observable) it is known by."""

    key: str
    neighbour: Neighbour | None
    listed: bool = False
    """Listed as known (`--expect-differ`): passed over when met, stale when never met."""
    seen: int = 0
    """Games that showed it."""
    line: dict[str, Any] | None = None
    """Its report line, once shrunk and written."""


@dataclass(slots=True)
class Campaign:
    """The differences a run has met so far, and the engine to tell new ones from them."""

    config: FuzzConfig
    known: list[Known] = field(default_factory=list)

    @classmethod
    def with_expected(cls, config: FuzzConfig, labels: dict[str, str]) -> Campaign:
        campaign = cls(config)
        base = load_variant(config.variant, dict(config.options))
        for label in labels:
            near = from_label(base, label)
            if near is None:
                raise ExpectedDifferenceError(
                    f"{label!r} is no rule change the variant format allows for "
                    f"{config.variant} (write it as a diagnosis names it: "
                    "`scoring.bag_threshold=11`, two joined by ` + `)"
                )
            campaign.known.append(Known(near.label, near, listed=True))
        return campaign

    def unexplained(self, observable: str) -> Known | None:
        """The difference nothing explains that differs first in `observable`, if met."""
        return next((k for k in self.known if k.key == OBSERVABLE + observable), None)

    def changes(self) -> tuple[str, ...]:
        """The rule changes of the differences known so far, listed or met: the games are
        played under them, so that only a new difference shows."""
        return tuple(k.key for k in self.known if k.neighbour is not None and k.seen)

    def record(self, line: dict[str, Any], near: Neighbour | None, observable: str) -> Known:
        """A difference shrunk and diagnosed: the known one it turned out to be (a listed
        rule change met), or a new one; one nothing explains is known by `observable`, the
        first that differed in the game, and an engine's failure by its game."""
        key = _key(line, observable)
        for known in self.known:
            if known.key == key:
                known.seen += 1
                return known
        known = Known(key, near, seen=1, line=line)
        self.known.append(known)
        return known

    def restore(self, lines: list[dict[str, Any]], met: list[str]) -> None:
        """What a stopped run had met, from its report: its difference lines, and the listed
        differences its last progress line says were met."""
        base = load_variant(self.config.variant, dict(self.config.options))
        for line in lines:
            if line.get("kind") != "difference":
                continue
            near = None
            if line["rule"] != UNEXPLAINED and not line.get("engine_failed"):
                near = from_label(base, line["rule"])
            observable = first_observable(line["differences"])
            if not any(k.key == _key(line, observable) for k in self.known):
                self.known.append(Known(_key(line, observable), near, seen=1, line=line))
        for known in self.known:
            if known.listed and known.key in met:
                known.seen = max(known.seen, 1)

    def met(self) -> list[str]:
        """The listed differences met so far."""
        return [k.key for k in self.known if k.listed and k.seen]

    def failures(self) -> int:
        """The engine's failures to answer met so far."""
        return sum(1 for k in self.known if k.key.startswith(FAILURE))

    def listed(self, label: str) -> bool:
        """Whether the run was told of this difference (`--expect-differ`)."""
        return any(k.listed and k.key == label for k in self.known)

    def found(self) -> list[Known]:
        """The differences met that were not listed, in the order found."""
        return [k for k in self.known if not k.listed and k.seen]

    def stale(self) -> list[Known]:
        """Listed differences the run never met."""
        return [k for k in self.known if k.listed and not k.seen]

    def stop(self) -> None:
        """Nothing is held between games; kept for the run's tidy ending."""


def _key(line: dict[str, Any], observable: str) -> str:
    if line.get("engine_failed"):
        return f"{FAILURE}{line['game']}"
    return str(line["rule"]) if line["rule"] != UNEXPLAINED else OBSERVABLE + observable
