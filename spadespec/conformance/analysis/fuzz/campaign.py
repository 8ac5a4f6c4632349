"""The differences a fuzz run has met, each known once, with the count of games that showed it.

Each differing game is judged on its own, against the variant itself: what one game was found
to be never changes how a later game is judged. A game's first difference is set beside the
differences already known: if the reference, under the rule change one of them was named by
(or listed as, `--expect-differ`), gives the engine's very answers at that position, the game
shows that one again. If not, and nothing explains it, it is known by its first differing
figure (`$.hands[].sides.NS.bags_after`), and a later game that differs first in that figure
is counted with it. Otherwise it is new: shrunk, diagnosed, written. Once a game's difference
is named by a rule change, the same game is put again with the engine's answers expected under
that change, so that a difference hides no other in its game.

A listed difference never met makes the list stale. An engine that gave no answer (it exited,
hung, wrote garbage) is a finding of its own in each game it happened in, never explained by a
rule. A run resumed from its report (`fuzz --resume`) knows again what its difference lines
and last progress line say it had met.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from spadespec.conformance.analysis.diagnosis.neighbours import Neighbour, from_label
from spadespec.conformance.analysis.fuzz.checker import Divergence
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.observe import required_only
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.reference_engine.variant import ResolvedVariant, load_variant

OBSERVABLE = "observable:"
"""The key of a difference no neighbour explains, by its first differing figure:
`observable:$.hands[].sides.NS.bags_after`."""

FAILURE = "engine failure in game "
"""The key of an engine's failure to answer, by the game it happened in."""

_SCORE = "score request: "
_INDEX = re.compile(r"\[\d+\]")


def first_observable(differences: Any) -> str:
    """The observable named by the first differing item (`$.hands[2]...` is `hands`)."""
    for text in differences:
        if text.startswith(_SCORE):
            return "score"
        if text.startswith("$."):
            head: str = text[2:].split(".", 1)[0].split("[", 1)[0].split(":", 1)[0]
            return head
    return "answer"


def first_figure(differences: Any) -> str:
    """The first differing figure, its positions left out (`$.hands[].sides.NS.bags_after`;
    `score request: $.totals.NS`): how a difference nothing explains is known."""
    for text in differences:
        score = text.startswith(_SCORE)
        path = text.removeprefix(_SCORE).split(": ", 1)[0]
        if path.startswith("$"):
            return (_SCORE if score else "") + _INDEX.sub("[]", path)
    return first_observable(differences)


class ExpectedDifferenceError(ValueError):
    """An `--expect-differ` entry names no change the variant format allows."""


@dataclass(slots=True)
class Known:
    """One distinct difference: the rule change (or first differing figure) it is known by."""

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
    """The differences a run has met so far."""

    config: FuzzConfig
    known: list[Known] = field(default_factory=list)
    _base: ResolvedVariant | None = None

    @classmethod
    def with_expected(cls, config: FuzzConfig, labels: dict[str, str]) -> Campaign:
        campaign = cls(config)
        base = campaign.base()
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

    def base(self) -> ResolvedVariant:
        """The run's variant, loaded once: every game's differences are tried beside it."""
        if self._base is None:
            self._base = load_variant(self.config.variant, dict(self.config.options))
        return self._base

    def under(self, keys: list[str]) -> ResolvedVariant | None:
        """The variant with the rule changes `keys` (each a diagnosis's label), or None when
        they cannot stand together."""
        if not keys:
            return self.base()
        near = from_label(self.base(), " + ".join(keys))
        return near.variant if near is not None else None

    def explaining(self, found: Divergence, before: list[str]) -> Known | None:
        """The known difference (listed or named) that explains `found` on top of the rule
        changes `before` (those already named in its game): the reference under them gives
        the engine's very answers where it differed."""
        if found.request is None or found.answers is None:
            return None
        for known in self.known:
            if known.neighbour is None or known.key in before:
                continue
            variant = self.under([*before, known.key])
            if variant is not None and gives(variant, found):
                return known
        return None

    def unexplained(self, figure: str) -> Known | None:
        """The difference nothing explains that differs first in `figure`, if met."""
        return next((k for k in self.known if k.key == OBSERVABLE + figure), None)

    def record(self, line: dict[str, Any], near: Neighbour | None, figure: str) -> Known:
        """A difference shrunk and diagnosed: the known one it turned out to be (a listed
        rule change met), or a new one; one nothing explains is known by `figure`, the first
        that differed in the game, and an engine's failure by its game."""
        key = _key(line, figure)
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
        base = self.base()
        for line in lines:
            if line.get("kind") != "difference":
                continue
            near = None
            if line["rule"] != UNEXPLAINED and not line.get("engine_failed"):
                near = from_label(base, line["rule"])
            key = _key(line, first_figure(line["differences"]))
            if not any(k.key == key for k in self.known):
                self.known.append(Known(key, near, seen=1, line=line))
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

    def rule_differences(self) -> list[Known]:
        """`found`, less the engine's failures to answer."""
        return [k for k in self.found() if not k.key.startswith(FAILURE)]

    def stale(self) -> list[Known]:
        """Listed differences the run never met."""
        return [k for k in self.known if k.listed and not k.seen]


def gives(variant: ResolvedVariant, found: Divergence) -> bool:
    """Whether the reference under `variant` gives the engine's answers where it differed
    (compared as grading compares them: `legal` as a set)."""
    request: Any = {"id": "fuzz", "variant": {"id": variant.id, "options": {}}}
    request.update(found.request or {})
    reference = ReferenceEngine()
    if found.score:
        answer = reference.score_resolved(variant, request)
    else:
        answer = reference.run_resolved(variant, request)
    if answer["outcome"] != "answered" or found.answers is None:
        return False
    wanted = answer["answers"] if found.score else required_only(answer["answers"])
    return not compare(wanted, found.answers)


def _key(line: dict[str, Any], figure: str) -> str:
    if line.get("engine_failed"):
        return f"{FAILURE}{line['game']}"
    return str(line["rule"]) if line["rule"] != UNEXPLAINED else OBSERVABLE + figure
